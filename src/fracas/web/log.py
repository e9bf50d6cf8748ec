"""The fight's log as one viewer may read it: every entry's events, redacted for the viewer.

The store keeps the true events. A player's lines are built only from what the ruleset's
`shown` lets that player receive (`core.secrecy.shown_events`), each event judged on the
state just after it, so the log is replayed from the set-up to know that state. An entry
that leaves a player nothing to read is left out of that player's log altogether.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from fracas.core.events import Event
from fracas.core.ruleset import BaseRuleset
from fracas.core.secrecy import evolved, shown_after
from fracas.core.state import EncounterState
from fracas.store import Entry

RECENT = 4
"""Steps whose states after each event a fold keeps for the viewers still to read them: a
server reads a step for every seat right after folding it; a viewer reading further back
works its states out again."""


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
    fold = LogFold(ruleset, setup)
    fold.extend(entries)
    return fold.lines(viewer)


@dataclass(frozen=True, slots=True)
class _Step:
    """One entry as every viewer's log starts from it: the state just before its events."""

    entry: Entry
    before: EncounterState
    heading: str | None = None
    """The words of an undo or a redo line (the same for everyone); None for the others."""


class LogFold:
    """The log folded from the set-up one entry at a time, kept between steps: a new entry
    costs its own events, not a replay of the evening. The states an entry is judged on do
    not depend on who reads, so every viewer's lines are drawn from one fold (a new step's
    states after each event worked out once for all, `RECENT`), and each viewer's lines
    are kept too (`lines` redacts only the entries that viewer has not had)."""

    def __init__(self, ruleset: BaseRuleset, setup: EncounterState) -> None:
        self.ruleset = ruleset
        self.state = setup
        self.seq = -1
        self.steps: list[_Step] = []
        self._done: list[tuple[int, EncounterState, tuple[Event, ...]]] = []
        self._undone: list[tuple[int, EncounterState, tuple[Event, ...]]] = []
        self._read: dict[str | None, list[LogLine]] = {}
        self._moves = 0
        """Undos and redos folded so far: only they change whether an older line stands."""
        self._taken: set[int] = set()
        """The action steps that no longer stand (taken back and not restored)."""
        self._evolved: dict[int, list[tuple[Event, EncounterState]]] = {}
        """The last `RECENT` steps' events, by their place in `steps`, each with the state
        just after it (`core.secrecy.evolved`): the same for every viewer."""
        self._shown: dict[str | None, tuple[int, int, list[LogLine], list[int]]] = {}
        """Each viewer's lines as last handed out: how many read lines they cover, at
        which `_moves`, the lines, and the steps of those taken back."""

    def extend(self, entries: Iterable[Entry]) -> None:
        """Fold the entries after the last one folded (older ones are skipped)."""
        for entry in entries:
            if entry.seq <= self.seq:
                continue
            self.seq = entry.seq
            if entry.kind in ("start", "action"):
                before = self.state
                after = evolved(self.ruleset, before, entry.events)
                self.state = after[-1][1] if after else before
                if entry.kind == "action":
                    self._done.append((entry.seq, before, entry.events))
                    self._undone.clear()
                self._evolved[len(self.steps)] = after
                if len(self._evolved) > RECENT:
                    del self._evolved[next(iter(self._evolved))]
                self.steps.append(_Step(entry, before))
            elif entry.kind == "undo" and self._done:
                step = self._done.pop()
                self._undone.append(step)
                self._taken.add(step[0])
                self.state = step[1]
                self.steps.append(_Step(entry, self.state, f"the GM took back step {step[0]}"))
                self._moves += 1
            elif entry.kind == "redo" and self._undone:
                step = self._undone.pop()
                self._done.append(step)
                self._taken.discard(step[0])
                self.state = _fold(self.ruleset, self.state, step[2])
                self.steps.append(_Step(entry, self.state, f"the GM restored step {step[0]}"))
                self._moves += 1

    @property
    def undone(self) -> frozenset[int]:
        """The action steps that no longer stand."""
        return frozenset(self._taken)

    def lines(self, viewer: str | None) -> list[LogLine]:
        """The log for `viewer` (None: the GM) up to the last entry folded, oldest first,
        each line marked undone as the log now stands."""
        read = self._read.setdefault(viewer, [])
        for index in range(len(read), len(self.steps)):  # a read line (or marker) a step
            step = self.steps[index]
            if step.heading is not None:
                read.append(LogLine(step.entry.seq, step.entry.kind, step.heading, (), False))
                continue
            after = self._evolved.get(index)
            if after is None:
                after = evolved(self.ruleset, step.before, step.entry.events)
            seen = shown_after(self.ruleset, after, viewer)
            if seen or viewer is None:
                read.append(_line(step.entry, seen, viewer))
            else:  # nothing for this viewer: a marker keeps the count
                read.append(LogLine(step.entry.seq, "", "", (), False))
        covered, moves, shown, undone = self._shown.get(viewer, (0, -1, [], []))
        if moves != self._moves:  # an undo or a redo: every line is judged again
            covered, shown, undone = 0, [], []
        if covered < len(read):
            for line in read[covered:]:
                if not line.kind:
                    continue
                if (line.seq in self._taken) != line.undone:
                    line = replace(line, undone=not line.undone)
                shown.append(line)
                if line.undone:
                    undone.append(line.seq)
            self._shown[viewer] = (len(read), self._moves, shown, undone)
        return list(shown)

    def taken_back(self, viewer: str | None) -> tuple[int, ...]:
        """The steps of `viewer`'s lines (as `lines` last handed them out) taken back."""
        return tuple(self._shown.get(viewer, (0, 0, [], []))[3])


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
