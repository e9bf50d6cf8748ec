"""Charges (the melee table's Charge L3440/L3498, the unarmed table's L3568/L3639) and Engage
and Gut (L3472/L3546).

- **Charge, armed** (Weaponry 2, Prowess(Weaponry): -1, cost "Special"): "all evasions get +2
  against a charge ... requires room to run. The attack adds +1 damage for every 2 ticks
  spent running prior to the maneuver (up to +3). The attack suffers running penalties as
  well as the built in penalty." Its cost is the weapon's speed (ours: "Special" gives none).
- **Charge, unarmed** (Unarmed 1, Prowess(Unarmed): -1, "8 + Run"): "The base damage is 4x1
  with each run tick action adding +1 damage (up to +4)." Then the footing rolls: the
  attacker "must simply pass (1 success) a Prowess(Agility) roll, however regardless ... the
  maneuver costs 5-successes extra ticks"; the defender makes "the same roll, but with a
  penalty equal to the total boxes of normal wounds taken from the charge", goes prone on a
  failure, is "delayed 5-successes ticks" either way, and one who falls takes "(Margin of
  Failure)x1" more (option `charge_defender`: only a charge that hits knocks, or every one).

Readings: a charge is made from a run (Begin Movement `run`): the charger runs on into the
target as part of the maneuver, so the target must be within what is left of the running
segment plus the weapon's reach (the unarmed 2 m); the run is credited up to now, the charger
closes to its reach, strikes while still running (the chart's "attacker running" -1 is the
running penalty), and stops. "Ticks spent running prior" are the ticks of this run so far
(the metres of its finished segments at its rate, and the ticks of the segment under way).
"8 + Run" is 8 ticks: the run's ticks are already spent running. The unarmed charge strikes
at size S (L1671: what is not a kick is S or XS) and deals Stun, like all unarmed damage; the
fall's (Margin of Failure)x1 is dealt at TN 5, also as Stun, and its margin is 1 - successes
(the roll needs 1), or the failed dice under option `margin: failed_dice`.

Dice order: the charge's pool, the reaction's, the damage, a Stop Charge's strike back, then
the attacker's footing roll, the defender's, and the damage of the defender's fall.
"""

from __future__ import annotations

from dataclasses import replace

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import UNARMED, EngageAndGut, Strike
from fracas.rulesets.fatewalker.events import MotionEnded, MotionSet, Moved, PoolRolled, Struck
from fracas.rulesets.fatewalker.rules import engage, harm, melee, movement, roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, walker
from fracas.rulesets.fatewalker.rules.damage import parse_damage
from fracas.rulesets.fatewalker.rules.maneuvers import MELEE, shortfall
from fracas.rulesets.fatewalker.rules.maneuvers import UNARMED as UNARMED_TABLE
from fracas.rulesets.fatewalker.sheet import Weapon
from fracas.rulesets.fatewalker.walker import Walker

UNARMED_CHARGE = Weapon(id="shoulder", damage="4x1", size="S", speed=8, reach=2.0)
"""The unarmed Charge: "The base damage is 4x1", "8 + Run" ticks, a strike's size."""
ARMED_MAX, UNARMED_MAX = 3, 4
"""+1 damage per 2 ticks run "up to +3"; per run tick "up to +4"."""
RECOVERY = 5
"""Both footing rolls cost "5-successes extra ticks"."""
ENGAGE_AND_GUT_ENGAGE = MELEE["engage"].ticks or 5
"""Engage and Gut costs "Engage + Gut: -2": the gut's (the weapon's speed) plus this - 2."""


def run_ticks(state: EncounterState, person: Walker) -> int:
    """Ticks of the run under way so far: its finished segments' metres at its rate, and
    the ticks of the segment under way."""
    motion = person.motion
    if motion is None or motion.mode != "run" or motion.rate <= 0:
        return 0
    done = round(motion.ran / motion.rate * movement.SEGMENT)
    return done + max(0, clock(state).tick - motion.start)


def rest_of_run(state: EncounterState, person: Walker) -> float:
    """Metres the running segment still covers from where the charger stands now."""
    motion = person.motion
    if motion is None:
        return 0.0
    return motion.rate * motion.ticks / movement.SEGMENT


def _weapon(person: Walker, action: Strike) -> Weapon:
    if action.weapon == UNARMED:
        return UNARMED_CHARGE
    weapon = person.weapon(action.weapon)
    assert weapon is not None  # the strike flow refused an unknown weapon
    return weapon


def check(state: EncounterState, action: Strike) -> None:
    person = walker(state, action.actor)
    if person.motion is None or person.motion.mode != "run":
        raise IllegalAction(
            f"{person.id} is not running: a charge needs room to run (begin with move "
            "{mode: run})"
        )
    weapon = _weapon(person, action)
    distance = melee.melee_range(state, person.id, action.target)
    if melee.size_penalty(weapon.size, distance) is melee.UNUSABLE:
        raise IllegalAction(
            f"{weapon.id} ({weapon.size}) cannot be used at {melee.range_label(distance)} range"
        )


def plan(state: EncounterState, action: Strike) -> melee.Plan:
    """The charge's pool (with the chart's running row, `melee.situation`), damage, bonus,
    cost, and reach: the weapon's plus what the run still covers."""
    person = walker(state, action.actor)
    target = walker(state, action.target)
    armed = action.weapon != UNARMED
    row = MELEE["charge"] if armed else UNARMED_TABLE["charge"]
    weapon = _weapon(person, action)
    run = run_ticks(state, person)
    extra = min(ARMED_MAX, run // 2) if armed else min(UNARMED_MAX, run)
    distance = melee.melee_range(state, person.id, target.id)
    bonus = row.bonus - shortfall(row, person.skills)
    bonus += (melee.size_penalty(weapon.size, distance) or 0) + melee.situation(
        state, person, target
    )
    skill = person.skills.weaponry if armed else person.skills.unarmed
    pool = roll.pool(
        person.attributes.prowess,
        skill,
        bonus=bonus,
        wounds=person.wound_penalty,
        cap=options(state).tn_cap,
    )
    ticks = weapon.speed if armed else UNARMED_CHARGE.speed
    reach = weapon.reach + rest_of_run(state, person)
    return melee.Plan(row, weapon, pool, weapon.pool, ticks, extra, reach)


def resolve(tx: Transaction, action: Strike) -> None:
    """Run in, strike (the strike flow), stop; an unarmed charge then knocks."""
    from fracas.rulesets.fatewalker.rules import strike

    _run_in(tx, action)
    defender = walker(tx.state, action.target)
    before = defender.normal + defender.stun
    hits = len(tx.events)
    strike.resolve(tx, action)
    if walker(tx.state, action.actor).motion is not None:
        tx.emit(MotionEnded(combatant=action.actor, why="charged"))
    if action.weapon != UNARMED:
        return
    hit = any(
        isinstance(e, Struck) and e.hit and (e.attacker, e.target) == (action.actor, action.target)
        for e in tx.events[hits:]
    )
    _footing(tx, action.actor, 0, "the charger")
    after = walker(tx.state, action.target)
    if after.is_active and (hit or options(tx.state).charge_defender == "always"):
        boxes = after.normal + after.stun - before
        _footing(tx, action.target, max(0, boxes), "the charged", felled_by=action.actor)


def _run_in(tx: Transaction, action: Strike) -> None:
    """Credit the run up to now, close to the weapon's reach, and run on from here."""
    moved = movement.credit(tx, action.actor, "charges")
    assert moved is not None
    person = walker(tx.state, action.actor)
    target = walker(tx.state, action.target)
    reach = _weapon(person, action).reach
    gap = person.distance_to(target)
    if gap > reach:
        share = (gap - reach) / gap
        x = person.x + (target.x - person.x) * share
        y = person.y + (target.y - person.y) * share
        x, y = round(x, 3), round(y, 3)
        tx.emit(Moved(combatant=person.id, x=x, y=y, metres=gap - reach, why="charge"))
    now = clock(tx.state).tick
    rest = replace(moved, start=now, ticks=max(1, moved.end - now))
    tx.emit(
        MotionSet(
            combatant=person.id,
            mode=rest.mode,
            rate=rest.rate,
            start=rest.start,
            ticks=rest.ticks,
            x=rest.x,
            y=rest.y,
            toward=rest.toward,
            within=rest.within,
            ran=rest.ran,
            why="charging",
        )
    )


def _footing(
    tx: Transaction, who: str, penalty: int, role: str, *, felled_by: str | None = None
) -> None:
    """Prowess(Agility) at -penalty: 1 success keeps the feet; 5 - successes ticks lost.
    With `felled_by` (the charger) a failed roll also deals the fall's damage."""
    from fracas.rulesets.fatewalker.rules.reactions import footing

    opts = options(tx.state)
    successes = footing(tx, who, penalty, f"footing ({role})")
    delay = max(0, RECOVERY - successes)
    if delay:
        TIMELINE.spend(tx, who, delay, "recovering from the charge")
    if successes < 1 and felled_by is not None:
        rolled = next(e for e in reversed(tx.events) if isinstance(e, PoolRolled))
        margin = rolled.dice - successes if opts.margin == "failed_dice" else 1 - successes
        if margin > 0:
            fall = parse_damage(f"{margin}x1")
            harm.deal(tx, harm.Blow(target=who, pool=fall, by=felled_by, stun=True))


# -- Engage and Gut -------------------------------------------------------------------------


def verify_engage_and_gut(state: EncounterState, action: EngageAndGut) -> None:
    """The gut's refusals and the engage's (the target within melee distance; not at
    Contact already: there is nothing to engage)."""
    from fracas.rulesets.fatewalker.actions import Engage
    from fracas.rulesets.fatewalker.rules import strike

    if action.weapon == UNARMED:
        raise IllegalAction("engage_and_gut needs an S or XS weapon in hand (weapon: ...)")
    strike.verify(state, action)
    engage.verify(state, Engage(actor=action.actor, target=action.target, counter=action.counter))


def resolve_engage_and_gut(tx: Transaction, action: EngageAndGut) -> None:
    """ "Resolve the Engage first, then the gut. Target can react to both": the engage at -1
    (its counter as Engage's), then the gut at -1 at the new range, through the strike flow.
    The engage's share of the cost is 5 - 2 ticks, the gut's the weapon's speed."""
    from fracas.rulesets.fatewalker.actions import Engage
    from fracas.rulesets.fatewalker.rules import strike
    from fracas.rulesets.fatewalker.rules.reactions import row_pool

    opts = options(tx.state)
    moving = Engage(actor=action.actor, target=action.target, counter=action.counter)
    row = replace(MELEE["engage_and_gut"], attribute="awareness")  # Engage's roll, at -1
    person = walker(tx.state, action.actor)
    dice = row_pool(tx.state, person, row)
    successes = roll.roll(tx, person.id, "engage (engage and gut)", dice, opts)
    counter = action.counter or engage.default_counter(tx.state, moving)
    against = 0
    if counter != "none":
        other = walker(tx.state, action.target)
        answer = MELEE[counter]
        against = roll.roll(tx, other.id, counter, row_pool(tx.state, other, answer), opts)
        TIMELINE.spend(tx, other.id, answer.ticks or 5, counter)
    steps = max(0, successes - against) // engage.STEP
    engage.shift(tx, person.id, action.target, -steps, "engage and gut")
    TIMELINE.spend(tx, person.id, ENGAGE_AND_GUT_ENGAGE - 2, "engage (engage and gut)")
    if walker(tx.state, action.target).is_active:
        strike.resolve(tx, action)
