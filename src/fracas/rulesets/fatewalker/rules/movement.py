"""Movement in 6-tick segments (Dramatic Scenes, "Position and Movement" L1442-1458; Actions
and Maneuvers, "Begin Movement" to "Change/Stop/Continue Movement" L3210-3268).

How a move sits on the tick timeline:

- `move` is Begin Movement, a 2-tick Action at the mover's own tick. It resolves at once: a
  segment (a leg) starts at this tick and ends 6 ticks later ("movement is always broken down
  into these 6 tick segments"); the 2 ticks move the mover's next action tick as usual, so it
  may act again while the leg runs ("one can run and attempt to swing a sword at the same
  time"), at the moving penalties.
- A leg's end is one of the ruleset's alarms. At that tick, before anyone declares ("All
  three of these movement actions occur simultaneously for all characters at the beginning of
  every tick"), the leg's metres are credited in one step ("a character covers the entire
  distance at the end") and the mover continues with a new leg (Continue Movement, 0 ticks),
  or stops on arrival. A leg shorter than a segment's rate takes ceil(6 x metres / rate)
  ticks (L1446 "3 ticks to go 2 meters with a 5 move"; option `partial_segment`).
- `change_move` and `stop` need no tick of the mover's ("don't require tick priority"): free
  actions, taken at the tick the clock stands at. What the old leg covered so far is credited
  first ("or as soon as they change movement type"), in proportion to its ticks.
- `sprint` and `jump` are exclusive actions: nothing else is initiated while sprinting; a
  jump ends any movement and lands at once. "The one caveat to held actions is the character
  cannot be moving": a mover cannot hold.
"""

from __future__ import annotations

import math
from dataclasses import replace

from fracas.core.actions import Action, EndTurn
from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import (
    ChangeMove,
    GoProne,
    Heading,
    Hold,
    Jump,
    Move,
    StandUp,
    StopMove,
)
from fracas.rulesets.fatewalker.actions import Sprint as SprintAction
from fracas.rulesets.fatewalker.events import (
    Jumped,
    MotionEnded,
    MotionSet,
    Moved,
    PostureSet,
    WillSpent,
)
from fracas.rulesets.fatewalker.rules import roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, walker
from fracas.rulesets.fatewalker.walker import Motion, Walker

SEGMENT = 6
"""Ticks in one movement segment (3 seconds)."""
BEGIN_TICKS = 2
SPRINT_TICKS = 3
JUMP_TICKS = {"standing": 3, "leap": 4}
PRONE_TICKS = 2
STAND_TICKS = 3
RUN_UP = 5.0
"""A running leap needs "at least 5m of running distance" ...
"""
RUN_UP_PENALTY = 3
"""... "and suffer a -3 penalty to the roll for each meter short"."""
CLOSE = 1e-6
"""Metres that count as arrived (floating point, not a rule)."""


def rate(mode: str, speed: int) -> float:
    """Metres per 6 ticks: walk Speed, run 2 x Speed, crawl and swim Speed / 3 "(round
    up)", climb Speed / 5 "(use fractions)". A sprint's rate is rolled (`sprint_rate`)."""
    if mode == "walk":
        return float(speed)
    if mode == "run":
        return 2.0 * speed
    if mode in ("crawl", "swim"):
        return float(math.ceil(speed / 3))
    if mode == "climb":
        return speed / 5
    raise ValueError(f"no movement rate for {mode!r}")


def sprint_rate(speed: int, successes: int) -> float:
    """ "Add successes from this roll to base speed and double it"."""
    return 2.0 * (speed + successes)


def leg_ticks(metres: float, per_segment: float, partial: str) -> int:
    """Ticks of a leg with `metres` still to go: a whole segment, or, for less than a
    segment's worth, ceil(6 x metres / rate) when the table rounds up (L1446)."""
    if partial == "whole" or per_segment <= 0 or metres >= per_segment:
        return SEGMENT
    return max(1, math.ceil(SEGMENT * metres / per_segment - CLOSE))


# -- where a mover heads -------------------------------------------------------------------


def goal(state: EncounterState, person: Walker, motion: Motion) -> tuple[float, float, float]:
    """The point the mover heads for and the metres left to it: a point, or `within` metres
    short of a combatant where that combatant stands now."""
    if motion.toward is not None:
        other = walker(state, motion.toward)
        gap = person.distance_to(other)
        return other.x, other.y, max(0.0, gap - motion.within)
    assert motion.x is not None and motion.y is not None
    return motion.x, motion.y, math.hypot(motion.x - person.x, motion.y - person.y)


def _step(person: Walker, gx: float, gy: float, metres: float) -> tuple[float, float]:
    gap = math.hypot(gx - person.x, gy - person.y)
    if gap <= CLOSE:
        return person.x, person.y
    share = min(1.0, metres / gap)
    return person.x + (gx - person.x) * share, person.y + (gy - person.y) * share


def _heading_problem(state: EncounterState, action: Heading) -> str | None:
    has_point = action.x is not None or action.y is not None
    if has_point == (action.toward is not None):
        return "give either x and y (a point in metres) or toward (a combatant), not both"
    if has_point and (action.x is None or action.y is None):
        return "a point needs both x and y"
    if action.toward is not None:
        other = state.find(action.toward)
        if other is None:
            return f"there is no combatant {action.toward!r}"
        if other.id == action.actor:
            return f"{action.actor} cannot move toward itself"
    if not 0 <= action.within <= 100:
        return f"within is {action.within:g} m; it must be 0-100"
    return None


def _draft(action: Heading, mode: str, per_segment: float) -> Motion:
    """A motion along the action's heading, from tick 0 for a whole segment."""
    return Motion(
        mode=mode,
        rate=per_segment,
        start=0,
        ticks=SEGMENT,
        x=action.x,
        y=action.y,
        toward=action.toward,
        within=action.within,
    )


def _motion(
    state: EncounterState, person: Walker, action: Heading, mode: str, per_segment: float
) -> Motion:
    """The first leg of a movement starting now."""
    draft = replace(_draft(action, mode, per_segment), start=clock(state).tick)
    _, _, left = goal(state, person, draft)
    ticks = leg_ticks(left, per_segment, options(state).partial_segment)
    return replace(draft, ticks=ticks)


def _set(tx: Transaction, who: str, m: Motion, why: str) -> None:
    tx.emit(
        MotionSet(
            combatant=who,
            mode=m.mode,
            rate=m.rate,
            start=m.start,
            ticks=m.ticks,
            x=m.x,
            y=m.y,
            toward=m.toward,
            within=m.within,
            ran=m.ran,
            why=why,
        )
    )


# -- crediting legs ---------------------------------------------------------------------------


def credit(tx: Transaction, who: str, why: str) -> Motion | None:
    """Credit the metres of the running leg up to now (all of it at its end, a share of it
    when it is cut short) and return the motion with the run-up counted; None if not
    moving."""
    person = walker(tx.state, who)
    motion = person.motion
    if motion is None:
        return None
    now = clock(tx.state).tick
    elapsed = min(max(0, now - motion.start), motion.ticks)
    gx, gy, left = goal(tx.state, person, motion)
    metres = min(motion.rate * elapsed / SEGMENT, left)
    if metres > CLOSE:
        x, y = _step(person, gx, gy, metres)
        tx.emit(Moved(combatant=who, x=round(x, 3), y=round(y, 3), metres=metres, why=why))
    ran = motion.ran + metres if motion.mode == "run" else 0.0
    return replace(motion, ran=ran)


def on_tick(tx: Transaction, tick: int) -> None:
    """Legs ending at this tick: credit them, then continue (a new leg from here) or stop
    on arrival. Every mover in listing order; positions change before anyone declares."""
    for person in tx.state.combatants:
        motion = walker(tx.state, person.id).motion
        if motion is None or motion.end != tick:
            continue
        if not person.is_active:
            tx.emit(MotionEnded(combatant=person.id, why=f"{person.id} is {person.status}"))
            continue
        moved = credit(tx, person.id, f"end of a {motion.mode} segment")
        assert moved is not None
        _, _, left = goal(tx.state, walker(tx.state, person.id), moved)
        if left <= CLOSE:
            tx.emit(MotionEnded(combatant=person.id, why="arrived"))
            continue
        ticks = leg_ticks(left, moved.rate, options(tx.state).partial_segment)
        nxt = replace(moved, start=tick, ticks=ticks)
        _set(tx, person.id, nxt, "continues")


def alarms(state: EncounterState) -> list[int]:
    """The ticks at which legs end."""
    ends = []
    for c in state.combatants:
        motion = walker(state, c.id).motion
        if motion is not None:
            ends.append(motion.end)
    return ends


# -- what moving forbids ------------------------------------------------------------------------

ALWAYS = (EndTurn, StopMove, ChangeMove)


def check(state: EncounterState, action: Action) -> None:
    """Refusals that come from moving, for every action: sprinting is exclusive, and a
    mover cannot hold."""
    person = state.find(action.actor)
    if not isinstance(person, Walker) or person.motion is None or isinstance(action, ALWAYS):
        return
    if person.motion.mode == "sprint" and not isinstance(action, Jump):
        raise IllegalAction(
            f"{person.id} is sprinting, an exclusive action: stop (or change_move) first"
        )
    if isinstance(action, Hold):
        raise IllegalAction(f"{person.id} is moving and cannot hold: stop first")


# -- the actions ---------------------------------------------------------------------------------


def _posture_problem(person: Walker, mode: str) -> str | None:
    if mode == "crawl" and not person.prone:
        return f"{person.id} is standing: go_prone before crawling"
    if mode != "crawl" and person.prone:
        return f"{person.id} is prone: stand_up before anything but crawling"
    return None


def verify_move(state: EncounterState, action: Move) -> None:
    person = walker(state, action.actor)
    if person.motion is not None:
        raise IllegalAction(
            f"{person.id} is already moving ({person.motion.mode}): change_move or stop"
        )
    problem = _heading_problem(state, action) or _posture_problem(person, action.mode)
    if problem:
        raise IllegalAction(problem)
    _moving_anywhere(state, person, action, rate(action.mode, person.speed))


def _moving_anywhere(state: EncounterState, person: Walker, action: Heading, rated: float) -> None:
    if rated <= 0:
        raise IllegalAction(f"{person.id} has Speed {person.speed} and cannot move")
    if goal(state, person, _draft(action, "walk", rated))[2] <= CLOSE:
        raise IllegalAction(f"{person.id} is there already")


def resolve_move(tx: Transaction, action: Move) -> None:
    person = walker(tx.state, action.actor)
    if person.cover:
        tx.emit(PostureSet(combatant=person.id, prone=person.prone))
    motion = _motion(tx.state, person, action, action.mode, rate(action.mode, person.speed))
    _set(tx, person.id, motion, "begins moving")
    TIMELINE.spend(tx, person.id, BEGIN_TICKS, f"beginning to {action.mode}")


def verify_change(state: EncounterState, action: ChangeMove) -> None:
    person = walker(state, action.actor)
    if person.motion is None:
        raise IllegalAction(f"{person.id} is not moving; begin with move")
    has_heading = action.x is not None or action.y is not None or action.toward is not None
    if action.mode is None and not has_heading:
        raise IllegalAction("change_move needs a new mode, a new heading, or both")
    if has_heading:
        problem = _heading_problem(state, action)
        if problem:
            raise IllegalAction(problem)
    mode = action.mode or person.motion.mode
    if action.mode is not None:
        problem = _posture_problem(person, mode)
        if problem:
            raise IllegalAction(problem)


def resolve_change(tx: Transaction, action: ChangeMove) -> None:
    moved = credit(tx, action.actor, "changes movement")
    assert moved is not None
    person = walker(tx.state, action.actor)
    mode = action.mode or moved.mode
    per_segment = moved.rate if mode == moved.mode else rate(mode, person.speed)
    if action.x is None and action.toward is None:
        heading: Heading = ChangeMove(
            actor=action.actor, x=moved.x, y=moved.y, toward=moved.toward, within=moved.within
        )
    else:
        heading = action
    motion = _motion(tx.state, person, heading, mode, per_segment)
    ran = moved.ran if mode == "run" else 0.0
    _set(tx, person.id, replace(motion, ran=ran), "changes movement")
    _change_cost(tx, action.actor, "changing movement")


def _change_cost(tx: Transaction, who: str, what: str) -> None:
    cost = options(tx.state).change_ticks
    if cost:
        TIMELINE.spend(tx, who, cost, what)


def verify_stop(state: EncounterState, action: StopMove) -> None:
    if walker(state, action.actor).motion is None:
        raise IllegalAction(f"{action.actor} is not moving")


def resolve_stop(tx: Transaction, action: StopMove) -> None:
    credit(tx, action.actor, "stops")
    tx.emit(MotionEnded(combatant=action.actor, why="stops"))
    _change_cost(tx, action.actor, "stopping")


def verify_sprint(state: EncounterState, action: SprintAction) -> None:
    person = walker(state, action.actor)
    problem = _heading_problem(state, action) or _posture_problem(person, "sprint")
    if problem:
        raise IllegalAction(problem)
    if person.motion is not None and person.motion.mode == "sprint":
        raise IllegalAction(f"{person.id} is sprinting already")
    if person.will_left < 1 and "hardened" not in person.powers:  # fw-ranged: Hardened
        raise IllegalAction(f"{person.id} has no Will left to sprint (1 a sprint)")
    _moving_anywhere(state, person, action, sprint_rate(person.speed, 0))


def spend_will(tx: Transaction, who: str, why: str) -> None:
    person = walker(tx.state, who)
    if "hardened" in person.powers:  # fw-ranged: Hardened, "no longer costs Will"
        return
    tx.emit(WillSpent(combatant=who, spent=person.will_spent + 1, why=why))


def resolve_sprint(tx: Transaction, action: SprintAction) -> None:
    """Prowess(Agility) sets the rate; 1 Will pays for the sprint ("1 point for every 30
    ticks of sprinting ... which usually will cover an individual sprint scene")."""
    if walker(tx.state, action.actor).motion is not None:
        credit(tx, action.actor, "breaks into a sprint")
    person = walker(tx.state, action.actor)
    if person.cover:
        tx.emit(PostureSet(combatant=person.id, prone=person.prone))
    spend_will(tx, person.id, "sprinting")
    from fracas.rulesets.fatewalker.rules import willpower  # fw-finish: 1 Will per 30 ticks

    willpower.sprint_started(tx, person.id)
    opts = options(tx.state)
    dice = roll.pool(
        person.attributes.prowess,
        person.skills.agility,
        wounds=person.wound_penalty,
        cap=opts.tn_cap,
    )
    successes = roll.roll(tx, person.id, "sprint", dice, opts)
    per_segment = sprint_rate(person.speed, successes)
    _set(tx, person.id, _motion(tx.state, person, action, "sprint", per_segment), "sprints")
    TIMELINE.spend(tx, person.id, SPRINT_TICKS, "sprinting")


def jump_metres(kind: str, speed: int) -> float:
    """ "Horizontal jump distance is equal to (Speed/3) meters"; a running leap (the seed's
    "lap") "(Speed/2) + 1 meters"."""
    return speed / 3 if kind == "standing" else speed / 2 + 1


def verify_jump(state: EncounterState, action: Jump) -> None:
    person = walker(state, action.actor)
    problem = _heading_problem(state, action)
    if problem:
        raise IllegalAction(problem)
    if person.prone:
        raise IllegalAction(f"{person.id} is prone: stand_up before jumping")
    if action.kind == "leap" and (person.motion is None or person.motion.mode != "run"):
        raise IllegalAction("a running leap needs the jumper running (leap requires prior running)")


def resolve_jump(tx: Transaction, action: Jump) -> None:
    """Roll Prowess(Strength); each success adds 1 to Speed for the jump. A leap with less
    than 5 m run is -3 per metre short (a part metre counts as one). The jump ends any
    movement and lands the jumper as far as it reaches toward the heading."""
    moved = credit(tx, action.actor, "jumps")
    if moved is not None:
        tx.emit(MotionEnded(combatant=action.actor, why="jumps"))
    person = walker(tx.state, action.actor)
    opts = options(tx.state)
    short = max(0.0, RUN_UP - (moved.ran if moved else 0.0)) if action.kind == "leap" else 0.0
    penalty = RUN_UP_PENALTY * math.ceil(short - CLOSE) if short > CLOSE else 0
    dice = roll.pool(
        person.attributes.prowess,
        person.skills.strength,
        bonus=-penalty,
        wounds=person.wound_penalty,
        cap=opts.tn_cap,
    )
    successes = roll.roll(tx, person.id, action.kind.replace("standing", "jump"), dice, opts)
    speed = person.speed + successes
    reach = jump_metres(action.kind, speed)
    tx.emit(
        Jumped(
            combatant=person.id, jump=action.kind, speed=speed, metres=reach, height_cm=speed * 10
        )
    )
    gx, gy, left = goal(tx.state, person, _draft(action, "jump", reach))
    metres = min(reach, left)
    if metres > CLOSE:
        x, y = _step(person, gx, gy, metres)
        tx.emit(
            Moved(combatant=person.id, x=round(x, 3), y=round(y, 3), metres=metres, why=action.kind)
        )
    TIMELINE.spend(tx, person.id, JUMP_TICKS[action.kind], action.kind)


def verify_posture(state: EncounterState, action: GoProne | StandUp) -> None:
    person = walker(state, action.actor)
    if person.motion is not None:
        raise IllegalAction(f"{person.id} is moving: stop first")
    want = isinstance(action, GoProne)
    if person.prone == want:
        raise IllegalAction(f"{person.id} is {'prone' if want else 'standing'} already")


def resolve_posture(tx: Transaction, action: GoProne | StandUp) -> None:
    """Go Prone, 2 ticks; Stand Up, 3. Cover taken stays (prone behind a wall)."""
    person = walker(tx.state, action.actor)
    down = isinstance(action, GoProne)
    tx.emit(PostureSet(combatant=person.id, prone=down, cover=person.cover, barrier=person.barrier))
    TIMELINE.spend(
        tx,
        person.id,
        PRONE_TICKS if down else STAND_TICKS,
        "going prone" if down else "standing up",
    )


# -- the GM ------------------------------------------------------------------------------------


def place(tx: Transaction, target: str, position: dict[str, object]) -> None:
    """A GM's `override` of a position: {x, y} (and z) in metres. The placed combatant's
    movement ends there (a ruling replaces the leg)."""
    from fracas.rulesets.fatewalker.sheet import METRES_MAX

    where = {k: position.get(k) for k in ("x", "y", "z")}
    extra = set(position) - {"x", "y", "z"}
    numbers = all(
        type(v) in (int, float) and math.isfinite(v) and abs(v) <= METRES_MAX  # type: ignore[arg-type]
        for k, v in where.items()
        if v is not None or k != "z"
    )
    if extra or not numbers:
        raise IllegalAction(
            f"position must be {{x, y}} (and optionally z) in metres, numbers within "
            f"+-{METRES_MAX:g}, not {dict(position)}"
        )
    person = walker(tx.state, target)
    if person.motion is not None:
        tx.emit(MotionEnded(combatant=target, why="placed by the GM"))
    x, y, z = (float(v) if v is not None else None for v in where.values())  # type: ignore[arg-type]
    assert x is not None and y is not None
    metres = math.hypot(x - person.x, y - person.y)
    tx.emit(Moved(combatant=target, x=x, y=y, z=z, metres=metres, why="placed by the GM"))
