"""A stored fight brought back to life: the encounter, and which log entry each of its
undo and redo steps came from.

Rebuilding reads only the log: the scenario gives the set-up, the opening entry's events
the initiative, and each later entry is applied as logged (`Encounter.record`, undo, redo).
Nothing is rolled, so a fight comes back the same however the dice would fall today.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from fracas.core.dice import Dice, ScriptedRng
from fracas.core.encounter import Encounter
from fracas.core.errors import DiceError, IllegalAction, ScenarioError
from fracas.core.events import Event, event_from_json
from fracas.core.registry import get_ruleset
from fracas.core.ruleset import Ruleset
from fracas.runner import run_scenario
from fracas.scenario import ScenarioSpec, parse_scenario
from fracas.yaml_input import load_yaml


@dataclass(frozen=True, slots=True)
class LogRow:
    """One entry as the database holds it."""

    seq: int
    kind: str
    action: str | None
    events: str
    target: int | None
    dice: str | None
    at: str


@dataclass(slots=True)
class Live:
    encounter: Encounter
    seq: int
    done: list[int] = field(default_factory=list)
    """Seqs of the action entries that stand, oldest first (mirrors the encounter's steps)."""
    undone: list[int] = field(default_factory=list)
    """Seqs of the undone action entries a redo would restore, the next one last."""

    def apply(self, row: LogRow) -> None:
        """Apply one logged entry after the opening, as it was played."""
        encounter = self.encounter
        if row.kind == "action":
            assert row.action is not None
            action = encounter.ruleset.parse_action(json.loads(row.action))
            encounter.record(action, decode_events(encounter.ruleset, row.events))
            self.done.append(row.seq)
            self.undone.clear()
            self.seq = row.seq
        elif row.kind == "undo":
            self.undo()
        elif row.kind == "redo":
            self.redo()
        else:
            raise ValueError(f"log entry {row.seq} has an unknown kind {row.kind!r}")
        if self.seq != row.seq:
            raise ValueError(f"log entry {row.seq} follows entry {self.seq - 1}")

    def act(
        self, raw: dict[str, Any], faces: tuple[int, ...] | None, seed: int
    ) -> tuple[Event, ...]:
        """Play a new action as the next entry: rolled from `faces` typed in at the table, else
        from `Random(f"{seed}:{seq}")`. Refused, the fight is unchanged, except for faces that
        were left over: then the caller must drop this `Live` (the store works on a copy)."""
        encounter = self.encounter
        seq = self.seq + 1
        action = encounter.ruleset.parse_action(raw)
        scripted = ScriptedRng(faces) if faces is not None else None
        encounter.dice = Dice(scripted) if scripted else Dice.seeded(f"{seed}:{seq}")
        try:
            events = tuple(encounter.act(action))
        except DiceError as error:
            if scripted is None:
                raise
            raise DiceError(f"the dice given: {error}") from None
        if scripted is not None and scripted.remaining:
            raise DiceError(
                f"{len(faces or ())} faces were given and the action rolled {scripted.used}; "
                "give exactly the faces it rolls"
            )
        self.done.append(seq)
        self.undone.clear()
        self.seq = seq
        return events

    def undo(self) -> tuple[int, tuple[Event, ...]]:
        """Take back the last standing action: its entry's seq, and the events taken back."""
        if not self.done:
            raise IllegalAction("nothing to undo: no action stands since the opening")
        events = self.encounter.steps[-1].events
        self.encounter.undo()
        self.undone.append(self.done.pop())
        self.seq += 1
        return self.undone[-1], events

    def redo(self) -> tuple[int, tuple[Event, ...]]:
        """Restore the last undone action with its own events: its seq, and those events."""
        if not self.undone:
            raise IllegalAction("nothing to redo: no undone action waits")
        self.encounter.redo()
        self.done.append(self.undone.pop())
        self.seq += 1
        return self.done[-1], self.encounter.steps[-1].events

    def copy(self) -> Live:
        return Live(self.encounter.copy(), self.seq, list(self.done), list(self.undone))


@dataclass(frozen=True, slots=True)
class NewFight:
    """A fight ready to be stored: created from a scenario, or imported from a document."""

    title: str
    ruleset: str
    source: str
    seed: int
    scenario: str
    created: str
    updated: str
    rows: list[LogRow]
    live: Live


def scenario_spec(text: str, source: str) -> ScenarioSpec:
    """The stored scenario as a spec to set up from; never autoplayed (the log plays it)."""
    spec = parse_scenario(load_yaml(text, source), source)
    return spec.model_copy(update={"autoplay": False})


def decode_events(ruleset: Ruleset, text: str) -> tuple[Event, ...]:
    return tuple(event_from_json(e, ruleset.info.id) for e in json.loads(text))


def encode_events(events: Iterable[Event]) -> str:
    return encode([e.to_json() for e in events])


def encode(value: Any) -> str:
    """JSON in one canonical spelling, so equal values are stored as equal text."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def rebuild(scenario: str, source: str, ruleset_id: str, rows: Iterable[LogRow]) -> Live:
    """The fight the log describes; `rows` start with the opening (seq 0)."""
    ruleset = get_ruleset(ruleset_id)
    spec = scenario_spec(scenario, source)
    iterator = iter(rows)
    opening = next(iterator)
    if opening.kind != "start" or opening.seq != 0:
        raise ValueError(f"the log begins with a {opening.kind!r} entry, not the opening")
    setup = ruleset.setup(spec)
    encounter = Encounter.resumed(
        ruleset, setup, decode_events(ruleset, opening.events), Dice.seeded(0)
    )
    live = Live(encounter, 0)
    for row in iterator:
        live.apply(row)
    return live


def play_scenario(text: str, source: str, seed: int, now: str) -> tuple[Live, list[LogRow]]:
    """The opening and the file's listed actions, played as `fracas run` plays them (the
    file's scripted dice, else one stream from `seed`), with the log entries they make."""
    spec = scenario_spec(text, source)
    result = run_scenario(spec, seed)
    if result.error is not None:
        raise ScenarioError(f"{source}: {result.error}")
    encounter = result.encounter
    rows = [LogRow(0, "start", None, encode_events(encounter.opening), None, None, now)]
    for seq, (raw, step) in enumerate(zip(spec.actions, encounter.steps, strict=True), 1):
        rows.append(LogRow(seq, "action", encode(raw), encode_events(step.events), None, None, now))
    return Live(encounter, len(rows) - 1, list(range(1, len(rows)))), rows
