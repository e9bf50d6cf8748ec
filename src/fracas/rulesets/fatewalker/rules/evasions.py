"""Evasive Running (Evasions, L3286/L3309).

"Evasive Running is a special type of running movement (similar to sprinting) where the
character is less concerned about anything other than covering distance and evading attacks.
Unlike normal running, Evasive Running is an initiated action and therefore the character
cannot perform other actions at the same time. The speed of Evasive Running is (2 x Base
Speed) - 1. The character makes the roll (running penalties will not apply to the roll, but
terrain and all other normal penalties can). Instead of the normal running target penalty
ranged attacks against the character instead suffer (Successes -1) as a penalty and melee
attacks suffer half this. Evasive Running happens in 6 tick increments after which the
character has to make another roll."

Readings: it starts like a sprint (6 ticks, the table's cost, from standing or from a
movement), runs in the movement's 6-tick segments (rules/movement.py) at (2 x Speed) - 1
metres, Speed after wounds; the roll is Prowess(Agility), its requisite shortfall (Agility 3,
Stamina 3) a penalty, and it is rolled again at the start of each new segment (the
segment's end is a tick event, before anyone declares). It is exclusive like a sprint: only
stopping or changing the movement (which ends the evasive run), or a jump, may follow. The
penalties to attackers are in rules/pace.py. Derived vector: Speed 5 runs 9 m a segment.

Evade AoE (Agility 2, 7/8 ticks) has nothing to answer: no action makes an area attack yet
(no grenades, no explosives), and the seed says "AoE attacks from projectile weapons cannot
usually be dodged".
"""

from __future__ import annotations

from fracas.core.actions import Action, EndTurn
from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import ChangeMove, EvasiveRun, Jump, StopMove
from fracas.rulesets.fatewalker.events import EvasiveSet, PostureSet
from fracas.rulesets.fatewalker.rules import movement, roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, walker
from fracas.rulesets.fatewalker.rules.maneuvers import EVASIONS
from fracas.rulesets.fatewalker.walker import Walker

MODE = "evasive"
ROW = EVASIONS["evasive_running"]
ALLOWED = (EndTurn, StopMove, ChangeMove, Jump)


def evasive_rate(speed: int) -> float:
    """ "(2 x Base Speed) - 1" metres a segment."""
    return max(0.0, 2.0 * speed - 1)


def check(state: EncounterState, action: Action) -> None:
    """Evasive Running is exclusive: nothing else is initiated while it runs."""
    person = state.find(action.actor)
    if not isinstance(person, Walker) or person.motion is None or person.motion.mode != MODE:
        return
    if not isinstance(action, ALLOWED):
        raise IllegalAction(
            f"{person.id} is running evasively, an exclusive action: stop (or change_move) first"
        )


def verify(state: EncounterState, action: EvasiveRun) -> None:
    person = walker(state, action.actor)
    problem = movement._heading_problem(state, action)
    if problem:
        raise IllegalAction(problem)
    if person.prone:
        raise IllegalAction(f"{person.id} is prone: stand_up before running")
    if person.motion is not None and person.motion.mode == MODE:
        raise IllegalAction(f"{person.id} is running evasively already")
    movement._moving_anywhere(state, person, action, evasive_rate(person.speed))


def _roll(tx: Transaction, who: str) -> None:
    from fracas.rulesets.fatewalker.rules.reactions import row_pool

    dice = row_pool(tx.state, walker(tx.state, who), ROW)
    successes = roll.roll(tx, who, "evasive running", dice, options(tx.state))
    tx.emit(EvasiveSet(combatant=who, successes=successes))


def resolve(tx: Transaction, action: EvasiveRun) -> None:
    if walker(tx.state, action.actor).motion is not None:
        movement.credit(tx, action.actor, "runs evasively")
    person = walker(tx.state, action.actor)
    if person.cover:
        tx.emit(PostureSet(combatant=person.id, prone=person.prone))
    _roll(tx, person.id)
    rate = evasive_rate(person.speed)
    movement._set(
        tx, person.id, movement._motion(tx.state, person, action, MODE, rate), "runs evasively"
    )
    TIMELINE.spend(tx, person.id, ROW.ticks or 6, "evasive running")


def on_tick(tx: Transaction, tick: int) -> None:
    """After the segments' ends: a new evasive segment rolls again; a run that ended (or
    changed to another movement) leaves its roll behind."""
    for c in tx.state.combatants:
        person = walker(tx.state, c.id)
        if person.evasive is None:
            continue
        motion = person.motion
        if motion is None or motion.mode != MODE:
            tx.emit(EvasiveSet(combatant=person.id, successes=None))
        elif motion.start == tick and clock(tx.state).tick == tick and person.is_active:
            _roll(tx, person.id)
