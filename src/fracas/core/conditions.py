"""Conditions and when they lapse.

A condition is a named mark on a combatant ("defending", "grappled") with the moment it lapses:
the start or end of some combatant's turn, the end of a round, a given event, or never. Many
rules say "until your next turn" or "during your next turn", so a condition can wait for the
n-th such moment (`count`). Lapsing happens through events, so the log says when and why.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Expiry(StrEnum):
    """The kind of moment at which a condition lapses."""

    START_OF_TURN = "start_of_turn"
    END_OF_TURN = "end_of_turn"
    END_OF_ROUND = "end_of_round"
    ON_EVENT = "on_event"
    NEVER = "never"


@dataclass(frozen=True, slots=True, kw_only=True)
class Condition:
    """A mark on a combatant that rules read, with the moment it lapses."""

    name: str
    source: str | None = None
    """The combatant who caused it (the grappler, the aimer), when that matters."""
    expiry: Expiry = Expiry.NEVER
    anchor: str | None = None
    """Whose turn start or end counts, for the turn-anchored expiries."""
    count: int = 1
    """How many matching moments still have to pass before it lapses."""
    detail: str | None = None
    """Free-form data a rule keeps with the condition (an overwatch trigger, a stack count)."""
    event: str | None = None
    """The event kind that ends it, for `Expiry.ON_EVENT`; with an `anchor`, only an event
    that concerns the anchor (as its target or actor) counts ("until hit", "until it moves")."""

    def __str__(self) -> str:
        return self.name if self.source is None else f"{self.name} ({self.source})"


@dataclass(frozen=True, slots=True)
class Moment:
    """A point in the flow of a fight at which conditions may lapse."""

    expiry: Expiry
    combatant: str | None = None
    event: str | None = None

    def matches(self, condition: Condition) -> bool:
        if condition.expiry is not self.expiry:
            return False
        if self.expiry in (Expiry.START_OF_TURN, Expiry.END_OF_TURN):
            return condition.anchor == self.combatant
        if self.expiry is Expiry.ON_EVENT:
            return condition.event == self.event and condition.anchor in (None, self.combatant)
        return self.expiry is Expiry.END_OF_ROUND
