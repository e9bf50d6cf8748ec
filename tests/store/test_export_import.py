"""Export writes one JSON document; import plays it again and must find the very same log."""

from __future__ import annotations

import copy
import json

import pytest

from fracas.store import EncounterStore, StoreError
from tests.store.helpers import ATTACK, DUEL, END_ADA

RAIDER_ATTACK = {"actor": "raider", "do": "attack", "target": "ada", "weapon": "club"}


def _played(store: EncounterStore) -> str:
    text = DUEL + "actions:\n  - {actor: ada, do: say, text: 'At them!'}\n"
    created = store.create(text, source="duel.yaml", seed=9, title="Crossing")
    store.act(created.encounter_id, ATTACK)
    store.act(created.encounter_id, END_ADA)
    store.undo(created.encounter_id)
    store.redo(created.encounter_id)
    store.act(created.encounter_id, RAIDER_ATTACK, dice=[2, 5])
    store.undo(created.encounter_id)
    return created.encounter_id


def test_export_import_round_trips_exactly(store: EncounterStore) -> None:
    original = store.export(_played(store))
    document = json.loads(json.dumps(original))  # through a file and back
    imported = store.import_(document)
    assert store.export(imported.encounter_id) == original
    again = store.load(imported.encounter_id)
    assert (
        again.encounter.state == store.load(_first_id(store, imported.encounter_id)).encounter.state
    )
    assert again.encounter.redoable


def _first_id(store: EncounterStore, other: str) -> str:
    return next(s.id for s in store.list() if s.id != other)


def test_import_gives_a_new_id_and_gm_token(store: EncounterStore) -> None:
    encounter_id = _played(store)
    imported = store.import_(store.export(encounter_id))
    assert imported.encounter_id != encounter_id
    access = store.access(imported.gm_token)
    assert access is not None and access.encounter_id == imported.encounter_id


def _tampered(document: dict[str, object], change: str) -> dict[str, object]:
    doc = copy.deepcopy(document)
    entries = doc["entries"]
    assert isinstance(entries, list)
    if change == "damage":
        for event in entries[2]["events"]:
            if event["kind"] == "damaged":
                event["amount"] += 5
                break
        else:
            raise AssertionError("the attack dealt no damage to tamper with")
    elif change == "faces":
        entries[6]["dice"] = [6, 1]
    elif change == "target":
        entries[4]["target"] = 1
    elif change == "seed":
        doc["seed"] = 10
    elif change == "order":
        entries[2], entries[3] = entries[3], entries[2]
    elif change == "extra":
        doc["gm_token"] = "nope"
    return doc


@pytest.mark.parametrize("change", ["damage", "faces", "target", "seed", "order", "extra"])
def test_a_changed_document_is_refused_and_stores_nothing(
    store: EncounterStore, change: str
) -> None:
    document = store.export(_played(store))
    with pytest.raises(StoreError, match="import"):
        store.import_(_tampered(document, change))
    assert len(store.list()) == 1


@pytest.mark.parametrize("data", [[], {"format": "zip"}, {"format": "fracas-encounter"}])
def test_not_a_document(store: EncounterStore, data: object) -> None:
    with pytest.raises(StoreError, match="import"):
        store.import_(data)  # type: ignore[arg-type]
    assert store.list() == []
