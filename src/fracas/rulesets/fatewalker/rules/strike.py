"""Strike and dodge (Dramatic Scenes, "Attack Resolution"; Actions and Maneuvers, the melee
table's Attack, the unarmed Strike, Evasions' Dodge).

"the attack roll will resolve as Prowess(weapon specific skill)"; it misses outright below 2
successes. The target's Reaction "is then resolved after the attack and will usually reduce
the Attack's successes": a Dodge is Prowess(Agility): +3, 8 ticks, "Each success cancels one
attack success. Defender wins in a tie." Net successes promote damage dice ("for every net
success on the attack roll one damage die will be promoted"), armor Deflection demotes them
("Deflection directly counters attack roll successes"); the dice are rolled against the
damage TN, each success worth its die's points, dice showing 0 set aside as penetrating
("cannot be Absorbed by armor"), and Absorb "flat out reduces the damage".

Dice order: the attacker's pool, the dodge's pool (when the target dodges), then the damage
dice, the higher-valued group first.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import UNARMED, Strike
from fracas.rulesets.fatewalker.events import Struck
from fracas.rulesets.fatewalker.options import FatewalkerOptions
from fracas.rulesets.fatewalker.rules import harm, roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, walker
from fracas.rulesets.fatewalker.rules.damage import DamagePool
from fracas.rulesets.fatewalker.sheet import Weapon
from fracas.rulesets.fatewalker.walker import Walker

UNARMED_STRIKE = Weapon(id=UNARMED, damage="5x1 @5", size="S", speed=6, reach=2.0)
"""The unarmed table's Strike: "6 || 5x1 @5". Its damage is Stun ("Unless otherwise stated
unarmed damage is Stun damage")."""
DODGE_TICKS = 8
DODGE_BONUS = 3
DODGE_REQUISITE = 1
"""Dodge: "Agility: 1 || Reaction || Prowess (Agility): +3 || 8"."""
DODGE_WAIT = 4
"""The default decider dodges only while its own action is this close (a tactic, not a rule)."""
DODGE_THREAT = 1.5
"""... and only against an attack expected to roll this many successes: near the 2 a hit
needs. Dodging a feeble attack every time would keep the dodger from ever acting."""


def weapon_of(person: Walker, weapon_id: str) -> Weapon | None:
    return UNARMED_STRIKE if weapon_id == UNARMED else person.weapon(weapon_id)


def may_react(state: EncounterState, attacker: str, target: str) -> str | None:
    """Why `target` cannot react to `attacker`'s action, or None if it can: it must be up,
    aware of the fight, and not acting simultaneously with the attacker ("Any character
    performing a simultaneous action cannot React ... other actions occurring at the same
    time")."""
    person = walker(state, target)
    if not person.is_active:
        return f"{target} is {person.status}"
    now = clock(state)
    if now.next_tick(target) is None:
        return f"{target} is not yet aware of the fight"
    if attacker in now.simultaneous and target in now.simultaneous:
        return f"{target} acts simultaneously with {attacker}"
    return None


def verify(state: EncounterState, action: Strike) -> None:
    attacker = walker(state, action.actor)
    target = state.find(action.target)
    if target is None:
        raise IllegalAction(f"there is no combatant {action.target!r}")
    if target.id == attacker.id:
        raise IllegalAction(f"{attacker.id} cannot strike itself")
    if not target.is_active:
        raise IllegalAction(f"{target.id} is {target.status}")
    weapon = weapon_of(attacker, action.weapon)
    if weapon is None:
        carried = ", ".join([UNARMED, *(w.id for w in attacker.weapons)])
        raise IllegalAction(f"{attacker.id} has no weapon {action.weapon!r}; it has: {carried}")
    reach = attacker.distance_to(walker(state, target.id))
    if reach > weapon.reach:
        raise IllegalAction(
            f"{target.id} is {reach:.1f} m away; {weapon.id} reaches {weapon.reach:g} m"
        )
    if action.reaction == "dodge":
        why_not = may_react(state, attacker.id, target.id)
        if why_not is not None:
            raise IllegalAction(f"{target.id} cannot dodge: {why_not}")


def default_reaction(state: EncounterState, action: Strike) -> str:
    """The target's choice when the action leaves it open (the decider's default, not a
    rule): dodge if it may react and its own next tick is at most `DODGE_WAIT` ticks away,
    so one beset by several foes does not dodge its own action out of the fight."""
    if may_react(state, action.actor, action.target) is not None:
        return "none"
    now = clock(state)
    waiting = (now.next_tick(action.target) or now.tick) - now.tick
    return "dodge" if waiting <= DODGE_WAIT and _threat(state, action) >= DODGE_THREAT else "none"


def _threat(state: EncounterState, action: Strike) -> float:
    """The attack's expected successes (a TN of n succeeds on n faces of 10)."""
    attacker = walker(state, action.actor)
    weapon = weapon_of(attacker, action.weapon)
    assert weapon is not None
    attack = _attack_pool(attacker, weapon, options(state).tn_cap)
    return (attack.full * attack.tn + attack.wounded * attack.wounded_tn) / 10


def _attack_pool(attacker: Walker, weapon: Weapon, cap: int) -> roll.Pool:
    skill = attacker.skills.unarmed if weapon.id == UNARMED else attacker.skills.weaponry
    return roll.pool(attacker.attributes.prowess, skill, wounds=attacker.wound_penalty, cap=cap)


def resolve(tx: Transaction, action: Strike) -> None:
    opts = options(tx.state)
    attacker = walker(tx.state, action.actor)
    weapon = weapon_of(attacker, action.weapon)
    assert weapon is not None
    attack = _attack_pool(attacker, weapon, opts.tn_cap)
    successes = roll.roll(tx, attacker.id, f"strike with {weapon.id}", attack, opts)
    reaction = action.reaction or default_reaction(tx.state, action)
    defence = 0
    if reaction == "dodge":
        defence = _dodge(tx, action.target)
        TIMELINE.spend(tx, action.target, DODGE_TICKS, "dodge")
    net = successes - defence
    defender_wins_ties = reaction == "dodge" and opts.dodge_tie == "defender"
    hit = successes >= roll.HIT and (net > 0 if defender_wins_ties else net >= 0)
    target = walker(tx.state, action.target)
    pool = _after_armor(weapon, target, net, opts, action.barrier) if hit else weapon.pool
    tx.emit(
        Struck(
            attacker=attacker.id,
            target=target.id,
            weapon=weapon.id,
            successes=successes,
            reaction=reaction if reaction != "none" else None,
            defence=defence,
            net=net,
            hit=hit,
            pool=str(pool),
        )
    )
    if hit:
        damage(tx, target, pool, stun=weapon.id == UNARMED or weapon.stun)
    TIMELINE.spend(tx, attacker.id, weapon.speed, f"strike with {weapon.id}")


def _dodge(tx: Transaction, who: str) -> int:
    opts = options(tx.state)
    person = walker(tx.state, who)
    shortfall = max(0, DODGE_REQUISITE - person.skills.agility)
    dice = roll.pool(
        person.attributes.prowess,
        person.skills.agility,
        bonus=DODGE_BONUS - shortfall,
        wounds=person.wound_penalty,
        cap=opts.tn_cap,
    )
    return roll.roll(tx, who, "dodge", dice, opts)


def _after_armor(
    weapon: Weapon, target: Walker, net: int, opts: FatewalkerOptions, barrier: int
) -> DamagePool:
    """Net successes promote; Deflection of the weapon's damage type and any Barrier demote:
    one shift (rules/harm.py, step 4)."""
    gained = net if opts.promotions == "net" else max(0, net - roll.HIT)
    return harm.against(target, weapon.pool, weapon.type, gained, opts, barrier=barrier)


def damage(tx: Transaction, target: Walker, pool: DamagePool, *, stun: bool = False) -> None:
    """Steps 5-10 of the damage pipeline (rules/harm.py): shield, roll, Absorb, Will, chart."""
    harm.deal(tx, harm.Blow(target=target.id, pool=pool, stun=stun))
