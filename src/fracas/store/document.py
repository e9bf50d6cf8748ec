"""Reading an exported encounter back: check its shape, then play its log again.

A document may come from anyone, so its events are not taken on trust: the scenario is set
up with the document's seed, each action is resolved again with the dice it rolled then
(the seed and its sequence number, or the faces typed in), and each undo and redo must name
the entry it would take back or restore. The result must be exactly the document's log,
entry for entry, or the import is refused. What is stored is then what this fracas
produced, and export gives back the document it was given.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fracas.core.errors import FracasError
from fracas.core.validation import Int, describe
from fracas.store.limits import MAX_ENTRIES, action_json, check_scenario, faces_of
from fracas.store.live import Live, LogRow, NewFight, encode, encode_events, play_scenario
from fracas.store.results import StoreError

MAX_TEXT = 200


class EntryDoc(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    seq: Int = Field(ge=0)
    kind: Literal["start", "action", "undo", "redo"]
    action: dict[str, Any] | None
    events: list[Any]
    target: Int | None
    dice: list[Int] | None
    at: str = Field(max_length=40)


class EncounterDoc(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    format: Literal["fracas-encounter"]
    version: Literal[1]
    title: str = Field(max_length=MAX_TEXT)
    ruleset: str = Field(max_length=64)
    source: str = Field(max_length=4096)
    seed: Int = Field(ge=-(2**63), lt=2**63)
    scenario: str
    created: str = Field(max_length=40)
    updated: str = Field(max_length=40)
    entries: list[EntryDoc] = Field(min_length=1)


def replayed(data: Mapping[str, Any]) -> NewFight:
    """The document's encounter, its log played again and found identical; else StoreError."""
    if not isinstance(data, Mapping):
        raise StoreError("import: expected the JSON object `fracas encounter export` writes")
    if isinstance(data.get("entries"), list) and len(data["entries"]) > MAX_ENTRIES + 1:
        raise StoreError(f"import: a log holds at most {MAX_ENTRIES} entries")
    try:
        doc = EncounterDoc.model_validate(dict(data))
    except ValidationError as error:
        raise StoreError(f"import: {describe('', error, EncounterDoc)}") from None
    check_scenario(doc.scenario, doc.source)
    try:
        live, opening = play_scenario(doc.scenario, doc.source, doc.seed, "")
    except FracasError as error:
        raise StoreError(f"import: the scenario does not start: {error}") from None
    if opening[0].kind != "start":
        raise StoreError("import: the log does not begin with the opening")
    rows: list[LogRow] = []
    for index, entry in enumerate(doc.entries):
        where = f"import: entries[{index}] (seq {entry.seq})"
        if entry.seq != index:
            raise StoreError(f"{where}: entries must be numbered 0, 1, 2 ... in order")
        try:
            made = opening[index] if index < len(opening) else _play(live, entry, doc.seed)
        except FracasError as error:
            raise StoreError(f"{where}: the log cannot be played again: {error}") from None
        _same(where, made, entry)
        rows.append(
            LogRow(made.seq, made.kind, made.action, made.events, made.target, made.dice, entry.at)
        )
    if len(rows) < len(opening):
        raise StoreError(
            f"import: the log stops at entry {len(rows) - 1}, inside the scenario's own "
            f"{len(opening) - 1} actions"
        )
    return NewFight(
        doc.title,
        doc.ruleset,
        doc.source,
        doc.seed,
        doc.scenario,
        doc.created,
        doc.updated,
        rows,
        live,
    )


def _play(live: Live, entry: EntryDoc, seed: int) -> LogRow:
    if entry.kind == "action":
        if entry.action is None:
            raise StoreError("an action entry without its action")
        text = action_json(entry.action)
        faces = faces_of(entry.dice)
        events = live.act(dict(entry.action), faces, seed)
        dice = None if faces is None else encode(list(faces))
        return LogRow(live.seq, "action", text, encode_events(events), None, dice, entry.at)
    if entry.kind == "undo":
        target, _ = live.undo()
    elif entry.kind == "redo":
        target, _ = live.redo()
    else:
        raise StoreError("only the first entry is the opening")
    return LogRow(live.seq, entry.kind, None, "[]", target, None, entry.at)


def _same(where: str, made: LogRow, entry: EntryDoc) -> None:
    """Refuse an entry whose document differs from what playing it again gave."""
    given = {
        "kind": entry.kind,
        "action": entry.action,
        "events": entry.events,
        "target": entry.target,
        "dice": entry.dice,
    }
    played = {
        "kind": made.kind,
        "action": None if made.action is None else json.loads(made.action),
        "events": json.loads(made.events),
        "target": made.target,
        "dice": None if made.dice is None else json.loads(made.dice),
    }
    for key, value in given.items():
        if json.loads(encode(value)) != played[key]:
            raise StoreError(
                f"{where}: its {key} differs from what the rules give when the log is played "
                "again; the document was changed or comes from a different fracas"
            )
