"""The writers' lane (store/lane.py): a worker process resolves its actions and another
process commits them, as the parent of `fracas serve --workers` does on SQLite.

Issue 12, parts 1 and 2: an action is acknowledged only once committed, two actions on one
step never both apply, and what the log holds is what the rules gave. These run both ends
in one process (two stores on one SQLite file, as two processes would open it); the
served tests (tests/reliability/test_workers_served.py and the crash test with two
workers) run them as real processes.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from fracas.store import EncounterStore, StaleSequence, StoreError, open_store, schema
from fracas.store.lane import GONE, AheadWrite, Lane, LaneServer
from fracas.store.live import LogRow
from fracas.store.snapshots import SNAPSHOT_EVERY
from tests.store.helpers import ATTACK, DUEL, END_ADA, events_json


@pytest.fixture
def owner_and_worker(tmp_path: Path) -> Iterator[tuple[EncounterStore, EncounterStore]]:
    """The lane's owner (the parent) and a worker writing through it, on one file."""
    url = f"sqlite:///{tmp_path / 'lane.db'}"
    with open_store(url) as owner, open_store(url) as worker:
        server = LaneServer(owner, tmp_path / "writer.sock")
        lane = Lane(tmp_path / "writer.sock")
        worker.lane = lane
        try:
            yield owner, worker
        finally:
            lane.close()
            server.close()


def _log(store: EncounterStore, encounter_id: str) -> list[tuple[int, str, object]]:
    return [(e.seq, e.kind, events_json(e.events)) for e in store.history(encounter_id)]


def test_a_workers_actions_are_committed_by_the_lanes_owner(
    owner_and_worker: tuple[EncounterStore, EncounterStore], tmp_path: Path
) -> None:
    """The worker's warm fight resolves each action; the owner's group commit writes it
    (the worker's own committing thread never runs), and the log holds exactly what one
    store acting alone writes for the same actions."""
    owner, worker = owner_and_worker
    encounter = worker.create(DUEL, seed=5).encounter_id
    worker.load(encounter)
    first = worker.act(encounter, ATTACK, expected_seq=0)
    second = worker.act(encounter, END_ADA, expected_seq=1)
    assert (first.seq, second.seq) == (1, 2)
    assert owner.group.batches == 2
    assert worker.group.batches == 0
    with open_store(f"sqlite:///{tmp_path / 'alone.db'}") as alone:
        mine = alone.create(DUEL, seed=5).encounter_id
        done = alone.act(mine, ATTACK, expected_seq=0)
        alone.act(mine, END_ADA, expected_seq=1)
        assert events_json(first.events) == events_json(done.events)
        assert first.events_json == done.events_json
        assert _log(owner, encounter) == _log(alone, mine)


def test_a_fight_moved_on_elsewhere_is_resolved_again_by_the_worker(
    owner_and_worker: tuple[EncounterStore, EncounterStore], tmp_path: Path
) -> None:
    """The worker keeps step 0; another process writes step 1; the worker's action bound to
    no step was resolved at step 0, which the owner finds stale (nothing written), so the
    worker writes it itself, resolved at step 1: the log of one store acting twice."""
    owner, worker = owner_and_worker
    encounter = worker.create(DUEL, seed=5).encounter_id
    worker.load(encounter)
    owner.act(encounter, ATTACK, expected_seq=0)
    before = owner.group.batches
    done = worker.act(encounter, END_ADA)
    assert done.seq == 2
    assert owner.group.batches == before + 1  # asked, and told no
    assert worker.group.batches == 1  # then written here
    with open_store(f"sqlite:///{tmp_path / 'alone.db'}") as alone:
        mine = alone.create(DUEL, seed=5).encounter_id
        alone.act(mine, ATTACK, expected_seq=0)
        alone.act(mine, END_ADA, expected_seq=1)
        assert _log(worker, encounter) == _log(alone, mine)


def test_two_workers_deciding_on_one_step_apply_exactly_one(tmp_path: Path) -> None:
    """Issue 12: "two conflicting actions at once on the same encounter: exactly one
    applies, the other gets a clear 'the fight moved on' error". Two worker stores, both
    warm at step 0, send ada's attack decided at step 0 through one lane at once."""
    url = f"sqlite:///{tmp_path / 'lane.db'}"
    with open_store(url) as owner, open_store(url) as one, open_store(url) as two:
        server = LaneServer(owner, tmp_path / "writer.sock")
        lanes = [Lane(tmp_path / "writer.sock"), Lane(tmp_path / "writer.sock")]
        one.lane, two.lane = lanes
        encounter = one.create(DUEL, seed=5).encounter_id
        one.load(encounter)
        two.load(encounter)
        answers: list[object] = []
        start = threading.Barrier(2)

        def act(store: EncounterStore) -> None:
            start.wait()
            try:
                answers.append(store.act(encounter, ATTACK, expected_seq=0).seq)
            except StaleSequence as error:
                answers.append(("stale", error.current, str(error)))

        threads = [threading.Thread(target=act, args=(s,)) for s in (one, two)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for lane in lanes:
            lane.close()
        server.close()
        assert sorted(answers, key=lambda answer: isinstance(answer, tuple)) == [
            1,
            (
                "stale",
                1,
                "the fight moved on: the action was decided at step 0, and the fight is at "
                "step 1 now; look again and decide anew",
            ),
        ]
        assert [e.seq for e in owner.history(encounter)] == [0, 1]


def test_a_snapshot_is_kept_for_a_step_written_through_the_lane(
    owner_and_worker: tuple[EncounterStore, EncounterStore], tmp_path: Path
) -> None:
    """Every SNAPSHOT_EVERY steps the fight is saved whole (store.py); through the lane the
    worker pickles it and the owner stores it, and a fresh store loads the same fight."""
    owner, worker = owner_and_worker
    encounter = worker.create(DUEL, seed=5).encounter_id
    worker.load(encounter)
    for n in range(SNAPSHOT_EVERY):
        worker.act(encounter, {"actor": "ada", "do": "say", "text": f"line {n}"}, expected_seq=n)
    with owner.engine.connect() as conn:
        kept = conn.execute(sa.select(schema.snapshots.c.seq)).scalars().all()
    assert kept == [SNAPSHOT_EVERY]
    with open_store(f"sqlite:///{tmp_path / 'lane.db'}") as fresh:
        loaded = fresh.load(encounter)
        assert loaded.seq == SNAPSHOT_EVERY
        assert loaded.encounter.state == worker.load(encounter).encounter.state


class _Refusing:
    """A lane owner whose writes answer with a given outcome."""

    def __init__(self, outcome: object) -> None:
        self.outcome = outcome

    def write_ahead(self, write: AheadWrite) -> bool:
        if isinstance(self.outcome, BaseException):
            raise self.outcome
        return bool(self.outcome)


def _write() -> AheadWrite:
    entry = LogRow(1, "action", "{}", "[]", None, None, "2026-12-03T00:00:00")
    return AheadWrite("e", 0, entry, None, None)


@pytest.mark.parametrize(
    ("outcome", "raised", "words"),
    [
        (StaleSequence("the fight moved on: step 3", current=3), StaleSequence, "step 3"),
        (StoreError("an encounter's log holds at most 5 entries"), StoreError, "at most 5"),
        (RuntimeError("disk on fire"), StoreError, "the write failed: RuntimeError: disk"),
    ],
)
def test_the_owners_refusal_reaches_the_worker_as_the_same_refusal(
    tmp_path: Path, outcome: BaseException, raised: type[Exception], words: str
) -> None:
    server = LaneServer(_Refusing(outcome), tmp_path / "writer.sock")
    lane = Lane(tmp_path / "writer.sock")
    try:
        with pytest.raises(raised, match=words) as caught:
            lane.commit(_write())
        if isinstance(outcome, StaleSequence):
            assert caught.value.current == 3  # type: ignore[attr-defined]
    finally:
        lane.close()
        server.close()


def test_the_owners_answer_says_whether_it_wrote(tmp_path: Path) -> None:
    for outcome in (True, False):
        server = LaneServer(_Refusing(outcome), tmp_path / f"{outcome}.sock")
        lane = Lane(tmp_path / f"{outcome}.sock")
        assert lane.commit(_write()) is outcome
        lane.close()
        server.close()


STUCK_OWNER = """
import sys, threading
from pathlib import Path
from fracas.store.lane import LaneServer

class Stuck:
    def write_ahead(self, write):
        print("asked", flush=True)
        threading.Event().wait()

LaneServer(Stuck(), Path(sys.argv[1]))
print("ready", flush=True)
threading.Event().wait()
"""


def test_a_worker_whose_lane_owner_is_killed_is_refused_without_an_acknowledgement(
    tmp_path: Path,
) -> None:
    """The owner (the parent) is killed with SIGKILL while a write waits for its commit:
    the waiting write and every later one are refused with a message saying the action
    was not acknowledged, instead of waiting for ever."""
    path = tmp_path / "writer.sock"
    owner = subprocess.Popen(
        [sys.executable, "-c", STUCK_OWNER, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert owner.stdout is not None
    try:
        assert owner.stdout.readline() == "ready\n"
        lane = Lane(path)
        answers: list[str] = []

        def ask() -> None:
            try:
                lane.commit(_write())
            except StoreError as error:
                answers.append(str(error))

        waiting = threading.Thread(target=ask)
        waiting.start()
        assert owner.stdout.readline() == "asked\n"
        owner.kill()
        waiting.join(10)
        assert answers == [GONE]
        with pytest.raises(StoreError, match="not acknowledged"):
            lane.commit(_write())
        lane.close()
    finally:
        owner.kill()
        owner.wait()


def test_a_closed_lane_owner_refuses_new_writes(tmp_path: Path) -> None:
    server = LaneServer(_Refusing(True), tmp_path / "writer.sock")
    lane = Lane(tmp_path / "writer.sock")
    assert lane.commit(_write()) is True
    server.close()
    with pytest.raises(StoreError, match="not acknowledged"):
        lane.commit(_write())
    lane.close()
