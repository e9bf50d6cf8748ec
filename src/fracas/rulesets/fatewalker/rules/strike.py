"""Strike and dodge (Dramatic Scenes, "Attack Resolution"; Actions and Maneuvers, the melee
table's Attack, the unarmed Strike, Evasions' Dodge).

"the attack roll will resolve as Prowess(weapon specific skill)"; it misses outright below 2
successes. The target's Reaction "is then resolved after the attack and will usually reduce
the Attack's successes": a Dodge is Prowess(Agility): +3, 8 ticks, "Each success cancels one
attack success. Defender wins in a tie." Net successes promote damage dice ("for every net
success on the attack roll one damage die will be promoted"), armor Deflection demotes them
("Deflection directly counters attack roll successes"); the dice are rolled against the
damage TN, each success worth its die's points, dice showing 0 set aside as penetrating
("cannot be Absorbed by armor"), and Absorb "flat out reduces the damage": the one damage
pipeline of rules/harm.py, which a maneuver's "+n damage" and a stopping parry's or block's
damage join. Unarmed blows deal Stun ("Unless otherwise stated unarmed damage is Stun
damage", L3557), as does a weapon marked `stun`.

Dice order: the attacker's pool, the dodge's pool (when the target dodges), then the damage
dice, the higher-valued group first.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import UNARMED, Strike
from fracas.rulesets.fatewalker.events import Struck
from fracas.rulesets.fatewalker.rules import (
    arms,
    brawl,
    defence,
    failure,
    harm,
    melee,
    righteous,
    roll,
)
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, walker
from fracas.rulesets.fatewalker.sheet import Weapon
from fracas.rulesets.fatewalker.walker import Walker

UNARMED_STRIKE = Weapon(id=UNARMED, damage="5x1 @5", size="S", speed=6, reach=2.0)
"""The unarmed table's Strike: "6 || 5x1 @5". Its damage is Stun ("Unless otherwise stated
unarmed damage is Stun damage")."""
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
    group = defence.group_now(state)  # fw-melee: the queue empties as the group resolves
    if attacker in group and target in group:
        return f"{target} acts simultaneously with {attacker}"
    return defence.reacted_elsewhere(state, attacker, target)  # hook (fw-melee): L1431


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
    arms.check_in_hand(attacker, weapon.id)  # hook (fw-ranged): a holstered weapon
    melee.check(state, action)  # hook (fw-melee): the maneuver's own refusals
    righteous.check(state, action)  # fw-finish: Righteous Strike's power, foe and Fate
    reach = attacker.distance_to(walker(state, target.id))
    allowed = melee.plan(state, action).reach  # hook (fw-melee): Lunge reaches further
    if reach > allowed:
        raise IllegalAction(f"{target.id} is {reach:.1f} m away; {weapon.id} reaches {allowed:g} m")
    if action.reaction is not None and action.reaction != "none":
        why_not = may_react(state, attacker.id, target.id)
        if why_not is not None:
            raise IllegalAction(f"{target.id} cannot {action.reaction}: {why_not}")
        defence.check(state, action, action.reaction)  # hook (fw-melee)


def default_reaction(state: EncounterState, action: Strike) -> str:
    """The target's choice when the action leaves it open (the decider's default, not a
    rule), against an attack likely to hit: a parry when it pays (`defence.preferred`: a
    few ticks), else a dodge if its own next tick is at most `DODGE_WAIT` ticks away, so one
    beset by several foes does not dodge its own action out of the fight."""
    if may_react(state, action.actor, action.target) is not None:
        return "none"
    now = clock(state)
    waiting = (now.next_tick(action.target) or now.tick) - now.tick
    threat = _threat(state, action)
    choice = defence.preferred(state, action, threat)  # hook (fw-melee): parry when it pays
    if choice == "dodge" and (waiting > DODGE_WAIT or threat < DODGE_THREAT):
        return "none"
    return choice


def _threat(state: EncounterState, action: Strike) -> float:
    """The attack's expected successes (a TN of n succeeds on n faces of 10)."""
    return melee.expected(melee.plan(state, action).pool)


def resolve(tx: Transaction, action: Strike) -> None:
    opts = options(tx.state)
    attacker = walker(tx.state, action.actor)
    # -- hook (fw-melee): the maneuver's pool, damage profile and cost (rules/melee.py) --
    plan = melee.plan(tx.state, action)
    weapon = plan.weapon
    attack = plan.pool
    stakes = roll.Stakes(offensive=True, against=action.target)  # fw-finish: theme powers
    righteous.pay(tx, action)  # fw-finish: Righteous Strike is the roll's one power
    what = f"{action.do} with {weapon.id}"
    chosen = bool(righteous.effects(action))
    successes = roll.roll(tx, attacker.id, what, attack, opts, stakes=stakes, spent=chosen)
    successes += righteous.sure(action)
    failure.note_critical(tx, attacker.id, action.do, successes, attack)
    reaction = action.reaction or default_reaction(tx.state, action)
    # -- hook (fw-melee): the reaction or counterattack (rules/defence.py) --
    answer = righteous.undefended(action, defence.react(tx, action, plan, reaction))
    net = successes - answer.cancels
    hit = successes >= roll.HIT and (net > 0 if answer.defender_wins_ties else net >= 0)
    target = walker(tx.state, action.target)
    pool = plan.damage
    bare = brawl.bare(tx.state, action, target)  # fw-grapple: headbutts and helmets
    if hit:
        promoted = harm.promotions(net, opts)
        armored = brawl.unarmored(target) if bare else target
        pool = harm.against(armored, pool, weapon.type, promoted, opts, barrier=action.barrier)
    tx.emit(
        Struck(
            attacker=attacker.id,
            target=target.id,
            weapon=weapon.id,
            successes=successes,
            reaction=answer.reaction,
            defence=answer.cancels,
            net=net,
            hit=hit,
            pool=str(pool),
        )
    )
    dealt: int | None = None
    if hit:
        blow = harm.Blow(
            target=target.id,
            pool=pool,
            by=action.actor,
            stun=action.weapon == UNARMED or weapon.stun,
            # fw-grapple: a failed catch's margin; fw-finish: Righteous Strike's +6
            bonus=plan.extra_damage + answer.exposed + righteous.bonus(action),
            cancelled=defence.stopped_damage(tx, target.id, answer),
            bare=bare,
        )
        dealt = harm.deal(tx, blow)
    brawl.after(tx, action, dealt)  # fw-grapple: self-damage, tripping, landing, fatigue
    TIMELINE.spend(tx, attacker.id, plan.ticks, f"{action.do} with {weapon.id}")
    defence.follow_up(tx, action, plan, answer, successes)  # hook (fw-melee): counters
