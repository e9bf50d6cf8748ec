"""A resolution in progress: the working state plus the events emitted so far.

Rules are written as a sequence of steps that each read the state as it stands after the
previous step. Emitting an event applies it at once through the ruleset's `evolve`, so the
events a resolution returns are exactly the ones that, replayed, give the same state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from fracas.core.conditions import Expiry, Moment
from fracas.core.events import Event
from fracas.core.turns import lapse_conditions

_CONDITION_EVENTS = frozenset({"condition_applied", "condition_removed", "condition_counted"})

if TYPE_CHECKING:
    from fracas.core.dice import Dice
    from fracas.core.notation import DiceExpr
    from fracas.core.state import EncounterState


class Evolver(Protocol):
    def evolve(self, state: EncounterState, event: Event) -> EncounterState: ...


class Transaction:
    """The working state of one resolution; the one place rules roll and emit."""

    __slots__ = ("_dice", "_ruleset", "events", "state")

    def __init__(self, ruleset: Evolver, state: EncounterState, dice: Dice | None) -> None:
        self._ruleset = ruleset
        self._dice = dice
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.state = self._ruleset.evolve(self.state, event)
        self.events.append(event)
        if event.kind not in _CONDITION_EVENTS and self._awaits_events():
            concerned = getattr(event, "target", None) or getattr(event, "combatant", None)
            lapse_conditions(self, Moment(Expiry.ON_EVENT, concerned, event.kind))

    def _awaits_events(self) -> bool:
        return any(
            c.expiry is Expiry.ON_EVENT for who in self.state.combatants for c in who.conditions
        )

    def roll(self, expr: str | DiceExpr, reason: str) -> int:
        """Roll through the encounter's dice and log the roll; returns the total."""
        if self._dice is None:
            raise RuntimeError("this step was resolved without dice but tried to roll")
        rolled = self._dice.roll(expr, reason=reason)
        self.emit(rolled)
        return rolled.total
