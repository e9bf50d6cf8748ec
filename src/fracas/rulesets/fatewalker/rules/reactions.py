"""fw-shields' answers to a blow, rolled for rules/defence.py: Shield Block (a parry with the
hand-held shield, rules/handshield.py), Stop Charge (a counterattack against a charge),
Redirect and Leaping Dodge (evasions that move people), and Friendly Fire (a dodge that
turns the blow onto someone near; see `_friendly_fire`).

- **Stop Charge** (Weaponry 2, Counterattack, Prowess(Weaponry): -2, the weapon's speed):
  "As with all counter attacks in a tie both parties take damage. On success this maneuver
  will add bonus damage to the attack equivalent to whatever the charge attack's bonus was."
  Its successes cancel the charge's (a tie leaves the charge a hit with net 0); when they
  reach the charge's and the 2 a hit needs, the defender's weapon strikes the charger,
  promoted by the difference, with the charge's bonus damage. Only against a charge. The
  "strong bonuses" of spear-like weapons have no numbers (no weapon table, gap 27).
- **Redirect** (Unarmed 4, Observe 3, Agility 3; Prowess(Unarmed), 7 ticks): an evasion
  (defender wins ties), +3 against a Charge (and Engage, Grapple, Takedown, which are not
  blows). "If the player successfully avoids the attack then they get to force the attacker
  to change position (usually moving past the defender) by 1 meter per net success": the
  attacker is moved that many metres along its line of attack, on past the defender.
- **Leaping Dodge** (Agility 4; Prowess(Agility): +1, 8 ticks): "resolved as both a leap roll
  (the character can perform any of the leaps), and the dodge roll": a dodge, then a jump
  roll, Prowess(Strength) (a running leap for one running with 5 m run, a standing jump
  otherwise) that carries the dodger its metres straight away from the attacker. "if they
  get hit then they may fall as a result and need to make a Prowess(Agility): -(Total
  Damage Taken) roll. They only need 1 success to avoid landing prone." Until its next tick
  the dodger counts as leaping (the charts' leaping target rows, rules/pace.py).

Every evasion here takes the attack's modifiers against evasions (the charge's +2, Thrust's
-1), the range's evasion penalty, and the unarmed-against-armed -2. The missile defences
(Dodge Missile, Parry Projectile, Block Projectile) answer thrown weapons and shots
(rules/missiles.py), not blows.

Dice order: the attack's pool, the defence's, (a leap's roll), a stopping shield block's
damage, the attack's damage, then a Stop Charge's strike back, a leaper's footing roll, or
Friendly Fire's new attack, its target's dodge and the damage.
"""

from __future__ import annotations

import dataclasses
import math

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import UNARMED, Strike
from fracas.rulesets.fatewalker.events import (
    DamageRolled,
    Defended,
    FootworkSet,
    Jumped,
    LeapSet,
    MotionEnded,
    Moved,
    PostureSet,
    Struck,
)
from fracas.rulesets.fatewalker.rules import handshield, harm, melee, movement, roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, walker
from fracas.rulesets.fatewalker.rules.defence import PARRIES, Outcome, in_hand
from fracas.rulesets.fatewalker.rules.maneuvers import EVASIONS, MELEE, Maneuver, shortfall
from fracas.rulesets.fatewalker.walker import Walker

OWN = frozenset({"shield_block", "stop_charge", "redirect", "leaping_dodge", "friendly_fire"})
MISSILE_ONLY = frozenset({"dodge_missile", "parry_projectile", "block_projectile"})
REDIRECT_BONUS = 3
"""Redirect: "particularly effective against Engage, Charge, Grapple, and Takedown attacks,
yielding a +3 bonus against them"."""
REDIRECTED = frozenset({"charge"})
"""Of those, the ones that are blows here."""
LEAP_RUN_UP = 5.0


def check(state: EncounterState, action: Strike, reaction: str) -> bool:
    """Refuse an answer this blow does not allow; True when the reaction is one of ours."""
    target = walker(state, action.target)
    if action.do == "shield_bash" and reaction in PARRIES:
        raise IllegalAction("a shield bash cannot be parried (it can be shield-blocked)")
    if reaction in MISSILE_ONLY:
        raise IllegalAction(f"{reaction} answers thrown weapons and shots, not a blow")
    if reaction not in OWN:
        return False
    if reaction == "shield_block":
        handshield.shield_of(target, "shield_block")
    elif reaction == "stop_charge":
        if action.do != "charge":
            raise IllegalAction(f"stop_charge answers a charge only, not this {action.do}")
        if in_hand(target) is None:
            raise IllegalAction(f"{target.id} cannot stop_charge: it has no weapon in hand")
    elif reaction == "leaping_dodge" and target.prone:
        raise IllegalAction(f"{target.id} is prone and cannot leap")
    return True


def _pool(
    state: EncounterState, action: Strike, plan: melee.Plan, defender: Walker, row: Maneuver
) -> roll.Pool:
    bonus = plan.maneuver.against_defence
    if row.table == "evasion":
        bonus += plan.maneuver.against_evasion
        distance = melee.melee_range(state, action.actor, defender.id)
        bonus += melee.EVASION_PENALTY.get(distance, 0)
    if row.name == "redirect" and action.do in REDIRECTED:
        bonus += REDIRECT_BONUS
    if action.weapon != UNARMED and not melee.is_armed(defender):
        bonus += melee.UNARMED_AGAINST_ARMED
    if row.table == "evasion":
        bonus += footwork_dice(state, defender)
    return row_pool(state, defender, row, bonus)


def footwork_dice(state: EncounterState, defender: Walker) -> int:
    """Footwork's dice go to "any parry or evade maneuvers" (at most 2): the shield block
    and the evasions here, not Stop Charge (a counterattack)."""
    from fracas.rulesets.fatewalker.rules.defence import _footwork_dice as dice

    return dice(state, defender)


def spend_footwork(tx: Transaction, defender: Walker, used: int) -> None:
    if used and defender.footwork is not None:
        left, until = defender.footwork
        tx.emit(FootworkSet(combatant=defender.id, dice=left - used, until=until))


def react(tx: Transaction, action: Strike, plan: melee.Plan, reaction: str) -> Outcome:
    state = tx.state
    opts = options(state)
    defender = walker(state, action.target)
    if reaction == "shield_block":
        shield = handshield.shield_of(defender, "shield_block")
        used = footwork_dice(state, defender)
        pool = handshield.block_pool(
            state, defender, plan.weapon.type, plan.maneuver.against_defence + used
        )
        guard = roll.Stakes(offensive=False, against=action.actor)  # fw-finish
        successes = roll.roll(tx, defender.id, "shield block", pool, opts, stakes=guard)
        spend_footwork(tx, defender, used)
        TIMELINE.spend(tx, defender.id, shield.speed, "shield block")
        blocker = handshield.as_weapon(shield)
        stops = parried(tx, defender.id, action.actor, reaction, successes, str(blocker.pool))
        cancels = successes if opts.parry == "successes" else 0
        return Outcome(reaction, cancels, stop=blocker.pool if stops else None)
    row = MELEE["stop_charge"] if reaction == "stop_charge" else EVASIONS[reaction]
    if reaction == "friendly_fire":
        row = _friendly_dodge(defender)
    pool = _pool(state, action, plan, defender, row)
    guard = roll.Stakes(offensive=False, against=action.actor)  # fw-finish: theme powers
    successes = roll.roll(tx, defender.id, reaction.replace("_", " "), pool, opts, stakes=guard)
    if row.table == "evasion":
        spend_footwork(tx, defender, footwork_dice(state, defender))
    if reaction == "stop_charge":
        weapon = in_hand(defender)
        assert weapon is not None
        TIMELINE.spend(tx, defender.id, melee.tick_cost(row, weapon), "stop charge")
        return Outcome(reaction, successes)
    if reaction == "leaping_dodge":
        _leap(tx, defender, walker(state, action.actor))
    TIMELINE.spend(tx, defender.id, row.ticks or 8, reaction.replace("_", " "))
    if reaction == "leaping_dodge":
        until = clock(tx.state).next_tick(defender.id) or clock(tx.state).tick
        tx.emit(LeapSet(combatant=defender.id, until=until))
    return Outcome(reaction, successes, opts.dodge_tie == "defender")


def _leap(tx: Transaction, dodger: Walker, attacker: Walker) -> None:
    """The leap roll, and the leap straight away from the attacker."""
    opts = options(tx.state)
    motion = dodger.motion
    kind = "leap" if motion and motion.mode == "run" and motion.ran >= LEAP_RUN_UP else "standing"
    if motion is not None:
        movement.credit(tx, dodger.id, "leaps aside")
        tx.emit(MotionEnded(combatant=dodger.id, why="leaping dodge"))
    dodger = walker(tx.state, dodger.id)
    dice = roll.pool(
        dodger.attributes.prowess,
        dodger.skills.strength,
        wounds=dodger.wound_penalty,
        cap=opts.tn_cap,
    )
    what = "leap" if kind == "leap" else "jump"
    successes = roll.roll(tx, dodger.id, f"{what} (leaping dodge)", dice, opts)
    speed = dodger.speed + successes
    metres = movement.jump_metres(kind, speed)
    height = speed * 10
    tx.emit(Jumped(combatant=dodger.id, jump=kind, speed=speed, metres=metres, height_cm=height))
    dx, dy = dodger.x - attacker.x, dodger.y - attacker.y
    gap = math.hypot(dx, dy)
    if gap <= movement.CLOSE:
        dx, dy, gap = 1.0, 0.0, 1.0  # standing on each other: leap along x
    x = dodger.x + dx / gap * metres
    y = dodger.y + dy / gap * metres
    tx.emit(
        Moved(combatant=dodger.id, x=round(x, 3), y=round(y, 3), metres=metres, why="leaping dodge")
    )


def follow_up(
    tx: Transaction, action: Strike, plan: melee.Plan, outcome: Outcome, attack: int
) -> None:
    """What our answers do once the blow is done."""
    name = outcome.reaction
    if name == "stop_charge" and outcome.cancels >= max(attack, roll.HIT):
        _skewer(tx, action, plan, outcome.cancels - attack)
    elif name == "redirect" and outcome.cancels >= attack:
        _redirect(tx, action, outcome.cancels - attack)
    elif name == "leaping_dodge" and attack >= roll.HIT and outcome.cancels < attack:
        _landing(tx, action.target)
    elif name == "friendly_fire" and outcome.cancels - attack >= 1:
        _friendly_fire(tx, action, plan, outcome.cancels - attack)


FRIENDLY_NEAR = 2.0
"""Friendly Fire's new target stands within this of the defender (ours: "something/one
else near the defender"; how far "out of the way" is the GM's)."""
FRIENDLY = {"bonus": -1, "ticks": 1}
"""Friendly Fire on a dodge: "a -1 penalty to the roll and +1 tick"."""


def _friendly_dodge(defender: Walker) -> Maneuver:
    """The Dodge with Friendly Fire's -1 and +1 tick, and the larger of the two rows'
    requisite shortfalls (L3271)."""
    from dataclasses import replace

    dodge, ff = EVASIONS["dodge"], EVASIONS["friendly_fire"]
    worse = ff if shortfall(ff, defender.skills) >= shortfall(dodge, defender.skills) else dodge
    return replace(
        dodge,
        name="friendly_fire",
        requisites=worse.requisites,
        bonus=dodge.bonus + FRIENDLY["bonus"],
        ticks=(dodge.ticks or 8) + FRIENDLY["ticks"],
    )


def _new_target(state: EncounterState, action: Strike) -> Walker | None:
    defender = walker(state, action.target)
    near = [
        (round(defender.distance_to(walker(state, c.id)), 3), c.id)
        for c in state.combatants
        if c.is_active and c.id not in (action.actor, action.target)
    ]
    close = sorted(n for n in near if n[0] <= FRIENDLY_NEAR)
    return walker(state, close[0][1]) if close else None


def _friendly_fire(tx: Transaction, action: Strike, plan: melee.Plan, net: int) -> None:
    """L3321: "roll Prowess(Observe): + (Net Successes) as the new attack roll against the
    new target using the attacker's weapon's stats for damage ... the new target does get
    to react to the attack, however it will be at a -(Net successes) penalty": the nearest
    other combatant within 2 m of the defender; it dodges (at -net) as the default decider
    would (its own action near), or takes the blow."""
    from fracas.rulesets.fatewalker.rules.strike import DODGE_WAIT, may_react

    state = tx.state
    opts = options(state)
    defender = walker(state, action.target)
    victim = _new_target(state, action)
    if victim is None or not defender.is_active:
        return
    attack = roll.pool(
        defender.attributes.prowess,
        defender.skills.observe,
        bonus=net,
        wounds=defender.wound_penalty,
        cap=opts.tn_cap,
    )
    successes = roll.roll(tx, defender.id, f"friendly fire onto {victim.id}", attack, opts)
    dodged = 0
    now = clock(state)
    waiting = (now.next_tick(victim.id) or now.tick) - now.tick
    reacts = may_react(state, defender.id, victim.id) is None and waiting <= DODGE_WAIT
    if reacts:
        dodge = row_pool(state, victim, EVASIONS["dodge"], -net)
        dodged = roll.roll(tx, victim.id, "dodge", dodge, opts)
        TIMELINE.spend(tx, victim.id, EVASIONS["dodge"].ticks or 8, "dodge")
    left = successes - dodged
    hit = successes >= roll.HIT and (left > 0 if opts.dodge_tie == "defender" else left >= 0)
    pool = plan.damage
    if hit:
        promoted = harm.promotions(left, opts)
        pool = harm.against(victim, plan.damage, plan.weapon.type, promoted, opts)
    tx.emit(
        Struck(
            attacker=action.actor,
            target=victim.id,
            weapon=plan.weapon.id,
            successes=successes,
            reaction="dodge" if reacts else None,
            defence=dodged,
            net=left,
            hit=hit,
            pool=str(pool),
        )
    )
    if hit:
        stun = action.weapon == UNARMED or plan.weapon.stun
        harm.deal(tx, harm.Blow(target=victim.id, pool=pool, by=action.actor, stun=stun))


def _skewer(tx: Transaction, action: Strike, plan: melee.Plan, net: int) -> None:
    """Stop Charge's blow: the defender's weapon, promoted by its net successes over the
    charge, with the charge's bonus damage."""
    opts = options(tx.state)
    defender = walker(tx.state, action.target)
    charger = walker(tx.state, action.actor)
    if not defender.is_active or not charger.is_active:
        return
    weapon = in_hand(defender)
    assert weapon is not None
    dealt = harm.against(charger, weapon.pool, weapon.type, harm.promotions(net, opts), opts)
    tx.emit(
        Struck(
            attacker=defender.id,
            target=charger.id,
            weapon=weapon.id,
            successes=net,
            reaction=None,
            defence=0,
            net=net,
            hit=True,
            pool=str(dealt),
        )
    )
    blow = harm.Blow(target=charger.id, pool=dealt, by=defender.id, stun=weapon.stun)
    harm.deal(tx, dataclasses.replace(blow, bonus=plan.extra_damage))


def _redirect(tx: Transaction, action: Strike, metres: int) -> None:
    """Worked example 10 (L3315): attacker 2, dodger 4 -> the attacker moved 2 m, along its
    line of attack and on past the defender."""
    if metres <= 0:
        return
    attacker = walker(tx.state, action.actor)
    defender = walker(tx.state, action.target)
    dx, dy = defender.x - attacker.x, defender.y - attacker.y
    gap = math.hypot(dx, dy)
    if gap <= movement.CLOSE:
        dx, dy, gap = 1.0, 0.0, 1.0
    x = attacker.x + dx / gap * metres
    y = attacker.y + dy / gap * metres
    tx.emit(
        Moved(combatant=attacker.id, x=round(x, 3), y=round(y, 3), metres=metres, why="redirected")
    )


def _landing(tx: Transaction, who: str) -> None:
    """A hit leaper rolls Prowess(Agility): -(Total Damage Taken); 1 success keeps its feet."""
    if not walker(tx.state, who).is_active:
        return
    taken = next(
        (e.total for e in reversed(tx.events) if isinstance(e, DamageRolled) and e.target == who),
        0,
    )
    footing(tx, who, taken, "landing (leaping dodge)")


SHIELD_WAIT = 6
"""The decider shield-blocks only while its own action is this close (a tactic, not a
rule): each block puts the shield's speed onto the blocker's next tick, and one beset by
two foes would otherwise block its own action out of the fight."""


def preferred(state: EncounterState, action: Strike, parry: float) -> bool:
    """The default decider's shield block (a tactic, not a rule): when the blow is a threat,
    the blocker's own action is near, and the shield block expects the 2 successes that stop
    it, and more than the parry."""
    target = walker(state, action.target)
    now = clock(state)
    if (now.next_tick(target.id) or now.tick) - now.tick > SHIELD_WAIT:
        return False
    try:
        handshield.shield_of(target, "shield_block")
        check(state, action, "shield_block")
    except IllegalAction:
        return False
    plan = melee.plan(state, action)
    pool = handshield.block_pool(state, target, plan.weapon.type, plan.maneuver.against_defence)
    block = melee.expected(pool)
    return block >= roll.HIT and block > parry


# -- shared by fw-shields' rules: a row's pool, a parry's reading, keeping one's feet ---------


def row_pool(state: EncounterState, person: Walker, row: Maneuver, bonus: int = 0) -> roll.Pool:
    """The pool a maneuver's row rolls (its attribute and skill), with its bonus, the
    requisite shortfall, `bonus`, and the wound penalty."""
    dice = getattr(person.attributes, row.attribute or "prowess")
    skill = getattr(person.skills, row.skill or "agility")
    total = row.bonus - shortfall(row, person.skills) + bonus
    return roll.pool(
        dice, skill, bonus=total, wounds=person.wound_penalty, cap=options(state).tn_cap
    )


def parried(
    tx: Transaction, defender: str, attacker: str, maneuver: str, successes: int, pool: str
) -> bool:
    """A parry or block "resolved as an Attack": 2 successes stop the blow (logged)."""
    stops = successes >= roll.HIT
    tx.emit(
        Defended(
            defender=defender,
            attacker=attacker,
            maneuver=maneuver,
            successes=successes,
            stops=stops,
            pool=pool,
        )
    )
    return stops


def footing(tx: Transaction, who: str, penalty: int, what: str) -> int:
    """Prowess(Agility) at -penalty; no success and the roller is prone (its movement
    ends). Returns the successes."""
    opts = options(tx.state)
    person = walker(tx.state, who)
    dice = roll.pool(
        person.attributes.prowess,
        person.skills.agility,
        bonus=-penalty,
        wounds=person.wound_penalty,
        cap=opts.tn_cap,
    )
    successes = roll.roll(tx, who, what, dice, opts)
    if successes < 1:
        if person.motion is not None:
            tx.emit(MotionEnded(combatant=who, why="knocked down"))
        tx.emit(PostureSet(combatant=who, prone=True, cover=person.cover, barrier=person.barrier))
    return successes
