"""Moving between lines (seed 002, "Movement", "Dash").

"All entities on the combat area can move to the neighboring line during their turn."
"...not take any action during their turn and instead focus on movement. In such a case, they
can move from one line to the other twice during their turn."
Movement comes on top of the action (C5); a dash spends the action to raise this turn's
allowance to two lines, taken at once with `to` or later with `move`.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.lines.actions import Dash, Move
from fracas.rulesets.lines.events import ActionSpent, Moved, MovementGranted
from fracas.rulesets.lines.fighter import Fighter
from fracas.rulesets.lines.rules.common import fighter, grappler_of, options, require_action

DASH_ALLOWANCE = 2


def _check_move(actor: Fighter, to: int, allowance: int) -> None:
    if not 1 <= to <= 6:
        raise IllegalAction(f"line {to} does not exist; lines are numbered 1 to 6")
    if to == actor.line:
        raise IllegalAction(f"{actor.id} is already on line {to}")
    grappler = grappler_of(actor)
    if grappler is not None:
        raise IllegalAction(f"{actor.id} is grappled by {grappler} and cannot move")
    left = allowance - actor.moved
    needed = abs(to - actor.line)
    if needed > left:
        raise IllegalAction(
            f"line {to} is {needed} lines from line {actor.line}; {actor.id} can move "
            f"{max(left, 0)} more this turn"
            + ("" if allowance >= DASH_ALLOWANCE else " (a dash allows 2)")
        )


def _move_costs_action(state: EncounterState, actor: Fighter) -> bool:
    """With move_uses_action, a step costs the action, unless a dash already paid for it."""
    return options(state).move_uses_action and actor.move_allowance < DASH_ALLOWANCE


def verify_move(state: EncounterState, action: Move) -> None:
    actor = fighter(state, action.actor)
    if _move_costs_action(state, actor):
        require_action(actor)
    _check_move(actor, action.to, actor.move_allowance)


def resolve_move(tx: Transaction, action: Move) -> None:
    actor = fighter(tx.state, action.actor)
    if _move_costs_action(tx.state, actor):
        tx.emit(ActionSpent(combatant=actor.id, action="move"))
    tx.emit(Moved(target=actor.id, from_line=actor.line, to_line=action.to))


def verify_dash(state: EncounterState, action: Dash) -> None:
    actor = fighter(state, action.actor)
    require_action(actor)
    if action.to is not None:
        _check_move(actor, action.to, DASH_ALLOWANCE)


def resolve_dash(tx: Transaction, action: Dash) -> None:
    actor = fighter(tx.state, action.actor)
    tx.emit(ActionSpent(combatant=actor.id, action="dash"))
    tx.emit(MovementGranted(target=actor.id, allowance=DASH_ALLOWANCE))
    if action.to is not None:
        tx.emit(Moved(target=actor.id, from_line=actor.line, to_line=action.to))
