"""Group commit (store/batch.py): actions that queue up behind a commit share the next one,
and each caller still hears back only once its action is on disk, with its own step.

Each test holds the committing thread on a first write that waits for a gate, queues the
actions it means to batch behind it, then opens the gate: those actions are then exactly
one batch, whatever the machine's timing. Group commit is SQLite's (PostgreSQL groups
concurrent commits itself, and its store writes each call alone: the last test).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy import event

from fracas.core.errors import FracasError
from fracas.store import EncounterStore, StaleSequence, StoreError, open_store
from fracas.store.batch import Alone, GroupCommit, for_engine
from tests.store.helpers import ATTACK, DUEL, END_ADA


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    """SQLite only here: the one database the store groups commits for."""
    return f"sqlite:///{tmp_path / 'fracas.db'}"


class Held:
    """The committing thread held on a gate, and the calls queued behind it."""

    def __init__(self, store: EncounterStore) -> None:
        self.store = store
        self.gate = threading.Event()
        entered = threading.Event()

        def hold(_conn: sa.Connection) -> None:
            entered.set()
            self.gate.wait(30)

        self.calls: list[tuple[threading.Thread, dict[str, Any]]] = []
        self._start(lambda: store.group.run(hold), {})
        assert entered.wait(30)
        self.batches_before = store.group.batches

    def _start(self, call: Callable[[], Any], outcome: dict[str, Any]) -> None:
        def run() -> None:
            try:
                outcome["result"] = call()
            except Exception as error:
                outcome["error"] = error

        thread = threading.Thread(target=run)
        thread.start()
        self.calls.append((thread, outcome))

    def queue(self, call: Callable[[], Any]) -> dict[str, Any]:
        """Start `call` in a thread and wait until it waits in the next batch."""
        outcome: dict[str, Any] = {}
        waiting = self.store.group.waiting
        self._start(call, outcome)
        deadline = time.monotonic() + 30
        while self.store.group.waiting == waiting:
            assert time.monotonic() < deadline, "the call never reached the batch"
            time.sleep(0.001)
        return outcome

    def release(self) -> int:
        """Open the gate, wait for every call; how many batches ran after the held one."""
        self.gate.set()
        for thread, _ in self.calls:
            thread.join(30)
        return self.store.group.batches - self.batches_before


def test_actions_of_many_fights_share_one_commit_and_are_each_on_disk(
    store: EncounterStore, database_url: str
) -> None:
    fights = [store.create(DUEL, seed=n).encounter_id for n in range(4)]
    held = Held(store)
    outcomes = [held.queue(partial(store.act, f, ATTACK, expected_seq=0)) for f in fights]
    assert held.release() == 1
    with open_store(database_url) as other:  # a second engine sees only what was committed
        for fight, outcome in zip(fights, outcomes, strict=True):
            assert outcome["result"].seq == 1
            assert [e.seq for e in other.history(fight)] == [0, 1]


def test_two_actions_on_one_fight_in_one_batch_take_consecutive_steps(
    store: EncounterStore,
) -> None:
    fight = store.create(DUEL, seed=1).encounter_id
    held = Held(store)
    first = held.queue(lambda: store.act(fight, ATTACK, expected_seq=0))
    second = held.queue(lambda: store.act(fight, END_ADA, expected_seq=1))
    late = held.queue(lambda: store.act(fight, END_ADA, expected_seq=1))
    assert held.release() == 1
    assert first["result"].seq == 1 and second["result"].seq == 2
    assert isinstance(late["error"], StaleSequence)  # step 1 was taken within the batch
    history = store.history(fight)
    assert [(e.seq, e.action) for e in history[1:]] == [(1, ATTACK), (2, END_ADA)]
    assert store.load(fight).encounter.state.actor == "raider"


def test_a_refused_action_in_a_batch_loses_none_of_the_others(
    store: EncounterStore, database_url: str
) -> None:
    good, stale, illegal, also_good = (store.create(DUEL, seed=n).encounter_id for n in range(4))
    held = Held(store)
    landed = held.queue(lambda: store.act(good, ATTACK, expected_seq=0))
    moved = held.queue(lambda: store.act(stale, ATTACK, expected_seq=5))
    bad = {**ATTACK, "target": "nobody"}
    refused = held.queue(lambda: store.act(illegal, bad, expected_seq=0))
    landed_too = held.queue(lambda: store.act(also_good, END_ADA, expected_seq=0))
    assert held.release() == 1
    assert isinstance(moved["error"], StaleSequence)
    assert isinstance(refused["error"], FracasError)
    assert landed["result"].seq == 1 and landed_too["result"].seq == 1
    with open_store(database_url) as other:
        assert [e.action for e in other.history(good)][1:] == [ATTACK]
        assert [e.action for e in other.history(also_good)][1:] == [END_ADA]
        assert len(other.history(stale)) == 1 and len(other.history(illegal)) == 1


def test_an_action_whose_commit_fails_is_not_acknowledged(
    store: EncounterStore, database_url: str
) -> None:
    """Every caller of a batch whose commit fails hears of it, and nothing of it is stored;
    the next batch commits as usual."""
    fights = [store.create(DUEL, seed=n).encounter_id for n in range(2)]
    failing = threading.Event()

    def refuse_commit(_conn: sa.Connection) -> None:
        if failing.is_set():
            raise RuntimeError("disk on fire")

    event.listen(store.engine, "commit", refuse_commit)
    held = Held(store)
    failing.set()
    outcomes = [held.queue(partial(store.act, f, ATTACK, expected_seq=0)) for f in fights]
    assert held.release() == 1
    for outcome in outcomes:
        assert isinstance(outcome["error"], StoreError) and "disk on fire" in str(outcome["error"])
    failing.clear()
    with open_store(database_url) as other:
        assert all(len(other.history(f)) == 1 for f in fights)
    assert store.act(fights[0], ATTACK, expected_seq=0).seq == 1


def test_a_closed_store_refuses_writes(database_url: str) -> None:
    opened = open_store(database_url)
    fight = opened.create(DUEL, seed=1).encounter_id
    opened.close()
    with pytest.raises(StoreError, match="closed"):
        opened.act(fight, ATTACK)


def test_postgresql_and_memory_write_each_call_alone_and_a_sqlite_file_groups() -> None:
    """Only the engine's dialect is read; neither engine connects here."""

    def never() -> AbstractContextManager[sa.Connection]:
        raise AssertionError("no transaction is opened by choosing")

    postgres = sa.create_engine("postgresql+psycopg://nobody@127.0.0.1:1/none")
    assert isinstance(for_engine(postgres, never), Alone)
    assert isinstance(for_engine(sa.create_engine("sqlite:///x.db"), never), GroupCommit)
    assert isinstance(for_engine(sa.create_engine("sqlite://"), never), Alone)


def test_an_in_memory_database_still_takes_actions() -> None:
    """Each thread has its own in-memory SQLite database: writes stay on the caller's."""
    with open_store("sqlite://") as memory:
        fight = memory.create(DUEL, seed=1).encounter_id
        assert memory.act(fight, ATTACK).seq == 1
        assert [e.seq for e in memory.history(fight)] == [0, 1]
