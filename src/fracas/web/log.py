"""The fight's log as one viewer may read it: every entry's events, redacted for the viewer.

The store keeps the true events. A player's lines are built only from what the ruleset's
`shown` lets that player receive (`core.secrecy.shown_events`), each event judged on the
state just after it, so the log is replayed from the set-up to know that state. An entry
that leaves a player nothing to read is left out of that player's log altogether.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fracas.core.events import Event
from fracas.core.ruleset import BaseRuleset
from fracas.core.secrecy import shown_events
from fracas.core.state import EncounterState
from fracas.store import Entry


@dataclass(frozen=True, slots=True)
class LogLine:
    seq: int
    kind: str
    heading: str
    lines: tuple[str, ...]
    undone: bool


def log_lines(
    ruleset: BaseRuleset, setup: EncounterState, entries: Iterable[Entry], viewer: str | None
) -> list[LogLine]:
    """The log for `viewer` (None: the GM), oldest first."""
    out: list[LogLine] = []
    state = setup
    done: list[tuple[int, EncounterState, tuple[Event, ...]]] = []
    undone: list[tuple[int, EncounterState, tuple[Event, ...]]] = []
    for entry in entries:
        if entry.kind in ("start", "action"):
            before = state
            seen = shown_events(ruleset, before, entry.events, viewer)
            state = _fold(ruleset, before, entry.events)
            if entry.kind == "action":
                done.append((entry.seq, before, entry.events))
                undone.clear()
            if seen or viewer is None:
                out.append(_line(entry, seen, viewer))
        elif entry.kind == "undo" and done:
            step = done.pop()
            undone.append(step)
            state = step[1]
            out.append(LogLine(entry.seq, "undo", f"the GM took back step {step[0]}", (), False))
        elif entry.kind == "redo" and undone:
            step = undone.pop()
            done.append(step)
            state = _fold(ruleset, state, step[2])
            out.append(LogLine(entry.seq, "redo", f"the GM restored step {step[0]}", (), False))
    return out


def _line(entry: Entry, seen: Sequence[Event], viewer: str | None) -> LogLine:
    if entry.kind == "start":
        heading = "the fight begins"
    elif viewer is None and entry.action is not None:
        heading = _action_words(entry)
    else:
        heading = f"step {entry.seq}"
    return LogLine(entry.seq, entry.kind, heading, tuple(e.describe() for e in seen), entry.undone)


def _action_words(entry: Entry) -> str:
    """The GM's heading: the action as it was asked, and whether the dice were typed in."""
    action = dict(entry.action or {})
    words = [str(action.pop("actor", "?")), str(action.pop("do", "?"))]
    words += [f"{k}={v}" for k, v in action.items()]
    typed = " (dice typed in)" if entry.dice is not None else ""
    return " ".join(words) + typed


def _fold(ruleset: BaseRuleset, state: EncounterState, events: Iterable[Event]) -> EncounterState:
    for event in events:
        state = ruleset.evolve(state, event)
    return state
