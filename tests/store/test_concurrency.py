"""Two writers on one fight: exactly one appends at a given seq, the other hears the fight
moved on. Each writer has its own store (its own engine and cache), as two servers would."""

from __future__ import annotations

import threading

import pytest

from fracas.store import EncounterStore, StaleSequence, open_store
from tests.store.helpers import ATTACK, DUEL, END_ADA, events_json

WRITERS = 6


@pytest.mark.parametrize("shared", [False, True], ids=["store each", "one store"])
def test_conflicting_actions_at_one_seq_apply_once(database_url: str, shared: bool) -> None:
    """Separate stores are separate servers; one store shared by threads is one web server."""
    with open_store(database_url) as setup:
        created = setup.create(DUEL, seed=2)
    if shared:
        one = open_store(database_url)
        stores = [one] * WRITERS
    else:
        stores = [open_store(database_url) for _ in range(WRITERS)]
    for store in stores:
        store.load(created.encounter_id)  # each cache now holds the fight at seq 0
    start = threading.Barrier(WRITERS)
    results: list[object] = [None] * WRITERS

    def write(index: int) -> None:
        start.wait()
        try:
            action = ATTACK if index % 2 else END_ADA
            results[index] = stores[index].act(created.encounter_id, action, expected_seq=0)
        except Exception as error:  # the test inspects what each writer got
            results[index] = error

    threads = [threading.Thread(target=write, args=(i,)) for i in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    applied = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(applied) == 1
    assert len(refused) == WRITERS - 1
    assert all(isinstance(r, StaleSequence) and r.current == 1 for r in refused)
    history = stores[0].history(created.encounter_id)
    assert [e.seq for e in history] == [0, 1]
    assert events_json(history[1].events) == events_json(applied[0].events)  # type: ignore[attr-defined]
    for store in set(stores):
        store.close()


def test_writers_without_a_seq_queue_up(database_url: str) -> None:
    """Without expected_seq every say is applied, each at its own seq, none lost."""
    with open_store(database_url) as setup:
        created = setup.create(DUEL, seed=2)
    stores = [open_store(database_url) for _ in range(4)]

    def talk(store: EncounterStore, who: int) -> None:
        for line in range(5):
            store.act(created.encounter_id, {"actor": "ada", "do": "say", "text": f"{who}-{line}"})

    threads = [threading.Thread(target=talk, args=(s, i)) for i, s in enumerate(stores)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    history = stores[0].history(created.encounter_id)
    assert [e.seq for e in history] == list(range(21))
    said = sorted(e.action["text"] for e in history[1:] if e.action is not None)
    assert said == sorted(f"{w}-{n}" for w in range(4) for n in range(5))
    for store in stores:
        store.close()


@pytest.mark.parametrize("count", [3])
def test_fights_do_not_interfere(store: EncounterStore, count: int) -> None:
    ids = [store.create(DUEL, seed=s).encounter_id for s in range(count)]
    for encounter_id in ids:
        store.act(encounter_id, ATTACK, expected_seq=0)
    assert [store.summary(i).seq for i in ids] == [1] * count
