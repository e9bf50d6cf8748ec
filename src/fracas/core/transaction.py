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

    __slots__ = ("_dice", "_ruleset", "_watched", "events", "state")

    def __init__(self, ruleset: Evolver, state: EncounterState, dice: Dice | None) -> None:
        self._ruleset = ruleset
        self._dice = dice
        self.state = state
        self.events: list[Event] = []
        self._watched: frozenset[str] | None = None

    def emit(self, event: Event) -> None:
        self.state = self._ruleset.evolve(self.state, event)
        self.events.append(event)
        kind = event.kind
        if kind in _CONDITION_EVENTS:
            self._watched = None
            return
        watched = self._watched
        if watched is None:
            watched = self._watched_kinds()
        if kind in watched:
            concerned = getattr(event, "target", None) or getattr(event, "combatant", None)
            lapse_conditions(self, Moment(Expiry.ON_EVENT, concerned, event.kind))

    def _watched_kinds(self) -> frozenset[str]:
        """The event kinds some condition lapses on. Conditions change only through the
        condition events, so the answer holds until one of those is emitted; asking every
        combatant after every event made each event cost more the bigger the fight."""
        if self._watched is None:
            self._watched = frozenset(
                c.event or ""
                for who in self.state.combatants
                for c in who.conditions
                if c.expiry is Expiry.ON_EVENT
            )
        return self._watched

    def roll(self, expr: str | DiceExpr, reason: str) -> int:
        """Roll through the encounter's dice and log the roll; returns the total."""
        if self._dice is None:
            raise RuntimeError("this step was resolved without dice but tried to roll")
        rolled = self._dice.roll(expr, reason=reason)
        self.emit(rolled)
        return rolled.total
