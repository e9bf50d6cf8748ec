"""Checks on a stored log after a crash or a crowd: what the clients were told is there,
the log is whole, and playing it again gives the fight the store loads."""

from __future__ import annotations

from fracas.store import EncounterStore, Entry
from tests.reliability.served import Ack
from tests.store.helpers import events_json


def assert_whole(store: EncounterStore, encounter_id: str) -> list[Entry]:
    """Every entry readable (history decodes each one's action and events), the seqs
    0..n with no gap and no repeat, and the encounter's own seq the last entry's: nothing
    half-written, nothing appended beside the log."""
    entries = store.history(encounter_id)
    assert [e.seq for e in entries] == list(range(len(entries)))
    assert entries[0].kind == "start"
    assert store.summary(encounter_id).seq == entries[-1].seq
    for entry in entries[1:]:
        if entry.kind == "action":
            assert entry.action is not None and entry.action.get("do")
        else:
            assert entry.action is None and entry.target is not None
    return entries


def assert_acknowledged(entries: list[Entry], acks: list[Ack]) -> None:
    """Each acknowledged write is in the log at the seq the server named, as the kind and
    action it was."""
    for ack in acks:
        assert ack.seq < len(entries), f"acknowledged {ack} is missing: the log ends earlier"
        entry = entries[ack.seq]
        assert (entry.kind, entry.action) == (ack.kind, ack.action), f"{ack} != {entry}"


def assert_replays(store: EncounterStore, encounter_id: str) -> None:
    """Importing the export resolves every action anew from the seed and seq (and refuses
    any event that differs); the imported fight must equal the one the store loads, which
    starts from its snapshot when it has one."""
    loaded = store.load(encounter_id)
    again = store.import_(store.export(encounter_id))
    replayed = store.load(again.encounter_id)
    assert replayed.seq == loaded.seq
    assert replayed.encounter.state == loaded.encounter.state
    original = store.history(encounter_id)
    copied = store.history(again.encounter_id)
    assert [events_json(e.events) for e in copied] == [events_json(e.events) for e in original]
