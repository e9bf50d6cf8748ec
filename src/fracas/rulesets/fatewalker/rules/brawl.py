"""The unarmed table's strikes and counters that need grapples, prone or Will (L3584-3624,
L3644-3730): Headbutt, Trip Kick, Leap Kick, Nerve Strike through the strike flow
(rules/strike.py), and Catch Strike and Defensive Throw as its counterattacks
(rules/defence.py). Their hooks there are marked fw-grapple.

- **Headbutt**: "Grapple and Takedown bonuses/penalties apply" (+1 die per grapple level,
  option `grapple_bonus`). "The attacker takes half of the damage done" (rounded down, as
  stun). With a helmet (the sheet's `helmet`, its 1-3): -1 to the attack and +helmet damage
  to the target only; against a helmet the attacker takes +the target's helmet. "Armor ...
  only applies (to either side) if helmets are worn": the target's armor counts only if it
  wears one, the attacker's Absorb against its own share likewise. Blocks are refused
  (maneuvers.UNBLOCKABLE).
- **Trip Kick**: a kick's damage (4x1/1x3 @5, "The attack and damage is executed as
  normal"); after a hit the target rolls Prowess(Agility) less the damage taken, and short
  of option `footing` successes falls prone and takes (margin of failure)x1 @5 apart.
- **Leap Kick**: reaches Speed/3 m beyond arm's length (Speed/2 m running, at another -1,
  +1 damage per 2 ticks run); the kicker lands beside the target, its movement over.
- **Nerve Strike**: "exactly as a martial strike", plus 1 fatigue per 2 points through
  armor (rules/ground.py `fatigue`).
- **Catch Strike**: against an unarmed strike or kick, 0 against kicks, -2 against
  punches; its successes cancel the attack's; 2 or more beyond the attack's lock a grapple of
  level net - 1; with no success at all the strike lands with the margin of failure added.
- **Defensive Throw**: against leaping maneuvers (the Leap Kick; charges are fw-shields'),
  -2 against unarmed, -3 against armed; its net successes over the attack throw the attacker
  net/2 m with (net - 2)x1 @5, prone at 3 net.
"""

from __future__ import annotations

import dataclasses

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import UNARMED, Strike
from fracas.rulesets.fatewalker.events import MotionEnded, Moved
from fracas.rulesets.fatewalker.rules import defence, failure, ground, harm, melee, roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, walker
from fracas.rulesets.fatewalker.rules.damage import parse_damage
from fracas.rulesets.fatewalker.rules.maneuvers import KICKS, shortfall
from fracas.rulesets.fatewalker.rules.maneuvers import UNARMED as UNARMED_TABLE
from fracas.rulesets.fatewalker.rules.wounds import wound
from fracas.rulesets.fatewalker.walker import Walker

GRAPPLE_BONUS = frozenset({"elbow_strike", "knee_strike", "headbutt"})
"""Elbow, Knee and Headbutt: "Grapple and Takedown bonuses/penalties apply"."""
COUNTERS = frozenset({"catch_strike", "defensive_throw"})
LEAPING = frozenset({"leap_kick", "charge"})
"""What a Defensive Throw answers: "charge or leaping maneuvers" (fw-finish: charges, now
played, too)."""
PUNCH = -2
"""Catch Strike: "The penalty is 0 for a kick, -2 for a punch"."""
THROW_UNARMED, THROW_ARMED = -2, -3
RUNNING_LEAP = -1


def _running_ticks(state: EncounterState, person: Walker) -> int:
    """Ticks spent running so far: the metres of this run at its rate, plus the segment
    under way."""
    motion = person.motion
    if motion is None or motion.mode != "run" or motion.rate <= 0:
        return 0
    return int(6 * motion.ran / motion.rate) + max(0, clock(state).tick - motion.start)


def adjust(state: EncounterState, action: Strike, attacker: Walker) -> tuple[int, int, float]:
    """`melee.plan`'s fw-grapple part: dice, flat damage and metres of reach added."""
    dice = extra = 0
    reach = 0.0
    if action.do in GRAPPLE_BONUS:
        dice += ground.grapple_bonus(state, attacker, action.target)
    if action.do == "headbutt" and attacker.helmet:
        dice -= 1
        extra += attacker.helmet
    if action.do == "leap_kick":
        ran = _running_ticks(state, attacker)
        if attacker.motion is not None and attacker.motion.mode == "run":
            dice += RUNNING_LEAP
            extra += ran // 2
            reach += attacker.speed / 2
        else:
            reach += attacker.speed / 3
    dice += ground.burden(state, attacker, action.do)
    return dice, extra, reach


def check(state: EncounterState, action: Strike) -> None:
    """Refusals of these strikes (from `melee.check`)."""
    attacker = walker(state, action.actor)
    if action.do == "leap_kick" and attacker.prone:
        raise IllegalAction(f"{attacker.id} is prone: stand_up before a leap kick")
    close = melee.melee_range(state, attacker.id, action.target) < melee.CONTACT
    if action.do == "leap_kick" and close:
        raise IllegalAction(f"{attacker.id} grapples {action.target}: no room to leap")
    if action.do == "trip_kick" and walker(state, action.target).prone:
        raise IllegalAction(f"{action.target} is prone already")


def bare(state: EncounterState, action: Strike, target: Walker) -> bool:
    """Whether the target's armor is left out: a headbutt on one without a helmet."""
    return action.do == "headbutt" and not target.helmet


def unarmored(target: Walker) -> Walker:
    return dataclasses.replace(target, armor=None, shield=None)


def after(tx: Transaction, action: Strike, dealt: int | None) -> None:
    """What follows the strike: `dealt` is the damage the hit did (None on a miss)."""
    if action.do == "leap_kick":
        _land(tx, action)
    if dealt is None:
        return
    if action.do == "headbutt":
        _headbutt_back(tx, action, dealt)
    elif action.do == "trip_kick":
        _footing(tx, action.target, dealt, action.actor)
    elif action.do == "nerve_strike":
        ground.fatigue(tx, action.target, dealt // 2, "nerve strike")


def _land(tx: Transaction, action: Strike) -> None:
    me, them = walker(tx.state, action.actor), walker(tx.state, action.target)
    if me.motion is not None:
        tx.emit(MotionEnded(combatant=me.id, why="leap kick"))
    apart = me.distance_to(them)
    if apart > 1.0:
        dx, dy = (me.x - them.x) / apart, (me.y - them.y) / apart
        x, y = round(them.x + dx, 3), round(them.y + dy, 3)
        tx.emit(Moved(combatant=me.id, x=x, y=y, metres=round(apart - 1.0, 3), why="leap kick"))


def _headbutt_back(tx: Transaction, action: Strike, dealt: int) -> None:
    me, them = walker(tx.state, action.actor), walker(tx.state, action.target)
    back = dealt // 2 + them.helmet
    if me.helmet:
        back = max(0, back - harm.absorb(me, options(tx.state)))
    if back > 0 and me.is_active:
        wound(tx, me, back, by=me.id, stun=True, tough=True)


def _footing(tx: Transaction, who: str, taken: int, kicker: str) -> None:
    """Prowess(Agility): -(damage taken); short of `footing` successes, prone and a separate
    (margin of failure)x1 @5, dealt by the `kicker`."""
    opts = options(tx.state)
    person = walker(tx.state, who)
    if not person.is_active:
        return
    pool = roll.pool(
        person.attributes.prowess,
        person.skills.agility,
        bonus=-taken,
        wounds=person.wound_penalty,
        cap=opts.tn_cap,
    )
    successes = roll.roll(tx, who, "footing", pool, opts)
    if successes >= opts.footing:
        return
    ground.fall(tx, who, "tripped")
    _fall_damage(tx, who, failure.margin_of_failure(successes, pool.dice, opts.margin), kicker)


def _fall_damage(tx: Transaction, who: str, points: int, by: str) -> None:
    if points <= 0:
        return
    opts = options(tx.state)
    pool = harm.against(walker(tx.state, who), parse_damage(f"{points}x1 @5"), "physical", 0, opts)
    if pool.dice:
        harm.deal(tx, harm.Blow(target=who, pool=pool, by=by, stun=True))


# -- the counters -------------------------------------------------------------------------------


def check_reaction(state: EncounterState, action: Strike, reaction: str) -> None:
    if reaction == "catch_strike" and (action.weapon != UNARMED or action.do == "headbutt"):
        raise IllegalAction("catch_strike answers an unarmed strike or kick only")
    if reaction == "defensive_throw" and action.do not in LEAPING:
        raise IllegalAction(
            f"defensive_throw answers charges and leaping maneuvers, not a {action.do}"
        )


def react(tx: Transaction, action: Strike, plan: melee.Plan, reaction: str) -> defence.Outcome:
    """Roll Catch Strike or Defensive Throw: successes cancel the attack's (ties to the
    attacker, the general rule); a catch with no success leaves the strike its margin."""
    state = tx.state
    opts = options(state)
    defender = walker(state, action.target)
    m = UNARMED_TABLE[reaction]
    bonus = m.bonus - shortfall(m, defender.skills) + plan.maneuver.against_defence
    bonus += ground.burden(state, defender, reaction)
    if reaction == "catch_strike":
        bonus += 0 if action.do in KICKS else PUNCH
    else:
        bonus += THROW_ARMED if action.weapon != UNARMED else THROW_UNARMED
    pool = roll.pool(
        defender.attributes.prowess,
        defender.skills.unarmed,
        bonus=bonus,
        wounds=defender.wound_penalty,
        cap=opts.tn_cap,
    )
    guard = roll.Stakes(offensive=False, against=action.actor)  # fw-finish: theme powers
    successes = roll.roll(tx, defender.id, reaction.replace("_", " "), pool, opts, stakes=guard)
    TIMELINE.spend(tx, defender.id, m.ticks or 7, reaction.replace("_", " "))
    exposed = 0
    if reaction == "catch_strike" and successes == 0:
        exposed = failure.margin_of_failure(0, pool.dice, opts.margin)
    return defence.Outcome(reaction, successes, exposed=exposed)


def follow_up(tx: Transaction, action: Strike, outcome: defence.Outcome, attack: int) -> None:
    """A catch's grapple, a defensive throw's throw."""
    net = outcome.cancels - attack
    if outcome.reaction == "catch_strike" and net >= 2:
        level = min(3, net - 1)
        was = melee.melee_range(tx.state, action.target, action.actor)
        ground.set_range(tx, action.target, action.actor, min(was, 4 - level), "catch strike")
    elif outcome.reaction == "defensive_throw" and net > 0:
        _throw_back(tx, action.target, action.actor, net)


def _throw_back(tx: Transaction, thrower: str, thrown: str, net: int) -> None:
    if not walker(tx.state, thrown).is_active:
        return
    ground.escape(tx, thrower, thrown, "defensive throw")
    ground.thrown(tx, thrower, thrown, net / 2, "defensive throw")
    if net >= 3:
        ground.fall(tx, thrown, "thrown")
    _fall_damage(tx, thrown, net - 2, thrower)
