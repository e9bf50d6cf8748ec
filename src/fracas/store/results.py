"""What the store hands back: plain frozen records, so a caller (the CLI, the web app) can
keep them without holding a database connection."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from fracas.core.encounter import Encounter
from fracas.core.errors import FracasError
from fracas.core.events import Event
from fracas.core.state import EncounterState

EntryKind = Literal["start", "action", "undo", "redo"]
Role = Literal["gm", "player"]


class StaleSequence(FracasError):
    """An action decided on an older state of the fight: someone else acted first.

    Carries the sequence number the fight is at now, so a front end can fetch the state and
    let its user decide again instead of applying a move made against a board that changed.
    """

    def __init__(self, message: str, *, current: int) -> None:
        super().__init__(message)
        self.current = current


class StoreError(FracasError):
    """A request the store refuses: an unknown encounter, a document too large, a bad link."""


@dataclass(frozen=True, slots=True)
class Created:
    encounter_id: str
    gm_token: str
    """The game master's secret link token: whoever holds it runs the fight."""


@dataclass(frozen=True, slots=True)
class EncounterSummary:
    id: str
    title: str
    ruleset: str
    seq: int
    """The last log entry's sequence number: 0 right after the opening, one more per entry."""
    outcome: str | None
    created: str
    updated: str
    """ISO 8601 UTC times, stored as text so both databases give back the same string."""
    seed: int
    source: str


@dataclass(frozen=True, slots=True)
class Loaded:
    encounter: Encounter
    """Live and independent of the store: acting on it changes nothing stored."""
    seq: int
    ruleset: str
    meta: EncounterSummary


@dataclass(frozen=True, slots=True)
class Acted:
    seq: int
    kind: EntryKind
    events: tuple[Event, ...]
    """What the entry did: an action's or a redo's events, or, for an undo, the events it
    took back."""
    state: EncounterState
    action_json: str = ""
    """An action as the log stores it (JSON text); empty for an undo or redo."""
    events_json: str = ""
    """An action's events as the log stores them (JSON text); empty for an undo or redo."""


@dataclass(frozen=True, slots=True)
class Entry:
    seq: int
    kind: EntryKind
    action: dict[str, Any] | None
    """The raw action as given (a scenario file's shape); None for the opening, undo, redo."""
    events: tuple[Event, ...]
    undone: bool
    """An action entry that an undo took back and no redo restored."""
    at: str
    target: int | None = None
    """For undo and redo: the seq of the action entry they take back or restore."""
    dice: tuple[int, ...] | None = None
    """Faces typed in for this action (physical dice), when it was not rolled from the seed."""


@dataclass(frozen=True, slots=True)
class Link:
    token: str
    role: Role
    combatants: frozenset[str]
    label: str | None
    created: str
    revoked: str | None


@dataclass(frozen=True, slots=True)
class Access:
    encounter_id: str
    role: Role
    combatants: frozenset[str]
