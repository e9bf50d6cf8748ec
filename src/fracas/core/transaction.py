"""A resolution in progress: the working state plus the events emitted so far.

Rules are written as a sequence of steps that each read the state as it stands after the
previous step. Emitting an event applies it at once through the ruleset's `evolve`, so the
events a resolution returns are exactly the ones that, replayed, give the same state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from fracas.core.events import Event

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

    def roll(self, expr: str | DiceExpr, reason: str) -> int:
        """Roll through the encounter's dice and log the roll; returns the total."""
        if self._dice is None:
            raise RuntimeError("this step was resolved without dice but tried to roll")
        rolled = self._dice.roll(expr, reason=reason)
        self.emit(rolled)
        return rolled.total
