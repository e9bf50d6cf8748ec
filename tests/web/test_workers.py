"""The workers of one server (`fracas serve --workers K`, web/workers.py) hear of each
other's writes at once (web/bus.py), and take turns at a SQLite file (store/batch.py).

Issue 12, part 5 asks 500 actions a second of this 2-core machine, which one process
cannot give; a table's browsers may then sit on different workers. Here two apps over one
database stand for two workers, with the poll off, so only the bus can carry a step from
one to the other.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from fracas.core.choices import action_json
from fracas.store import EncounterStore, open_store
from fracas.web.app import bus_entry, create_app
from fracas.web.bus import Bus
from fracas.web.live import REVOKED
from fracas.web.table import Tables
from tests.store.helpers import ATTACK
from tests.web.api_helpers import caught_up, example
from tests.web.test_api_play import act, duel

WAIT = 10.0
"""Seconds a test waits for a message before failing (not a timing goal: a message that
does not come at all would otherwise hang the test)."""


@pytest.fixture
def bus_folder() -> Iterator[Path]:
    """A short folder for the bus's sockets (a Unix socket's path has at most 107 bytes)."""
    folder = Path(tempfile.mkdtemp(prefix="fracas-bus-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def workers(
    database_url: str, bus_folder: Path
) -> Iterator[tuple[TestClient, TestClient, EncounterStore]]:
    """Two apps over one database, each with its own store and bus, polling never."""
    stores = [open_store(database_url) for _ in range(2)]
    apps = [create_app(stores[n], poll=None, bus=Bus(bus_folder, n, 2)) for n in range(2)]
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        yield first, second, stores[0]
    for store in stores:
        store.close()


def within(call: Callable[[], Any]) -> Any:
    """`call()`'s answer, failing the test when it does not come within WAIT seconds."""
    pool = ThreadPoolExecutor(1)
    try:
        return pool.submit(call).result(timeout=WAIT)
    finally:
        pool.shutdown(wait=False)


def test_a_step_taken_in_one_worker_reaches_the_other_workers_sockets(
    workers: tuple[TestClient, TestClient, EncounterStore],
) -> None:
    first, second, store = workers
    _, gm, ada, raider = duel(store)
    with (
        second.websocket_connect(f"/ws/{gm}") as gms,
        second.websocket_connect(f"/ws/{raider}") as raiders,
    ):
        for socket in (gms, raiders):
            caught_up(socket, 0)
        assert act(first, ada, ATTACK, seq=0).status_code == 200
        for socket in (gms, raiders):
            heard = within(socket.receive_json)
            assert heard["type"] == "delta" and heard["seq"] == 1 and heard["since"] == 0
            assert len(heard["log"]) == 1 and "raider takes 4 damage" in heard["log"][0]


def test_a_link_revoked_in_one_worker_closes_its_sockets_in_the_other(
    workers: tuple[TestClient, TestClient, EncounterStore],
) -> None:
    first, second, store = workers
    _, gm, _, raider = duel(store)
    with second.websocket_connect(f"/ws/{raider}") as socket:
        caught_up(socket, 0)
        answer = first.post(f"/api/{gm}/links/revoke", json={"link": raider})
        assert answer.status_code == 200, answer.text
        with pytest.raises(WebSocketDisconnect) as closed:
            within(socket.receive_json)
    assert closed.value.code == REVOKED
    assert second.get(f"/api/{raider}/state").status_code == 404


def test_the_bus_carries_whole_messages_and_passes_over_anything_else(bus_folder: Path) -> None:
    """A datagram that is not a JSON object (garbage, a list) is dropped; the next message
    still arrives whole."""
    sender, receiver = Bus(bus_folder, 0, 2), Bus(bus_folder, 1, 2)
    heard: list[dict[str, Any]] = []

    async def listen() -> None:
        done = asyncio.Event()

        def take(message: dict[str, Any]) -> None:
            heard.append(message)
            done.set()

        receiver.listen(asyncio.get_running_loop(), take)
        raw = sender._socket
        raw.sendto(b"\xff not json", str(receiver.path))
        raw.sendto(b"[1, 2]", str(receiver.path))
        sender.publish({"moved": "abc", "seq": 3})
        await asyncio.wait_for(done.wait(), WAIT)

    try:
        within(lambda: asyncio.run(listen()))  # its own thread: a session may hold a loop here
    finally:
        sender.close()
        receiver.close()
    assert heard == [{"moved": "abc", "seq": 3}]


def test_a_bus_whose_peer_is_gone_drops_the_message_and_goes_on(bus_folder: Path) -> None:
    alone = Bus(bus_folder, 0, 2)
    try:
        alone.publish({"moved": "abc", "seq": 1})
        assert alone.dropped == 1
    finally:
        alone.close()


def test_a_sqlite_writer_waits_for_another_process_s_turn(tmp_path: Path) -> None:
    """The store's committing thread takes the flock beside the database before writing:
    while another holder has it, an action waits; once it is let go, the action commits."""
    url = f"sqlite:///{tmp_path}/turns.db"
    with open_store(url) as store:
        encounter = duel(store)[0]
        lock = os.open(f"{tmp_path}/turns.db-writers", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX)
            acting = threading.Thread(target=store.act, args=(encounter, ATTACK))
            acting.start()
            acting.join(1.0)
            waited = acting.is_alive()
            assert store.load(encounter).seq == 0
        finally:
            with contextlib.suppress(OSError):
                fcntl.flock(lock, fcntl.LOCK_UN)
            os.close(lock)
        acting.join(WAIT)
        assert waited and not acting.is_alive()
        assert store.load(encounter).seq == 1


def test_a_worker_takes_another_s_action_in_without_a_read_and_as_the_store_has_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The entry on the bus (`bus_entry`) moves the other worker's kept fight by one step
    with no read of the store, to exactly the fight and log a read gives: 40 steps of the
    lines skirmish played by its tactics, compared step by step."""
    url = f"sqlite:///{tmp_path}/heard.db"
    with open_store(url) as writer, open_store(url) as reader:
        encounter = writer.create(example("lines-skirmish.yaml"), seed=3).encounter_id
        tables = Tables(reader)
        tables.fight(encounter)
        for _ in range(40):
            loaded = writer.load(encounter)
            if loaded.encounter.state.outcome is not None:
                break
            action = action_json(loaded.encounter.ruleset.suggest(loaded.encounter.state))
            done = writer.act(encounter, action, expected_seq=loaded.seq)
            with monkeypatch.context() as no_reads:
                for read in ("load", "follow", "history"):
                    no_reads.setattr(reader, read, _refused)
                tables.heard(encounter, done.seq, bus_entry(done, None))
                heard = tables.fight(encounter, done.seq)
            read = Tables(reader).fight(encounter)
            assert heard.seq == read.seq == done.seq
            assert heard.state == read.state
            for viewer in (None, "ada", "rook"):
                assert heard.fold.lines(viewer) == read.fold.lines(viewer)


def test_an_entry_that_does_not_read_is_left_for_the_store(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/bad.db"
    with open_store(url) as writer, open_store(url) as reader:
        encounter = duel(writer)[0]
        tables = Tables(reader)
        tables.fight(encounter)
        done = writer.act(encounter, ATTACK)
        action = json.dumps(ATTACK)
        for bad in (None, {"events": "not json", "action": action}, {"action": action}):
            tables.heard(encounter, done.seq, bad)
            assert tables.fight(encounter, 0).seq == 0  # still the kept step 0
        assert tables.fight(encounter, 1).seq == 1  # read from the store


def _refused(*_: object, **__: object) -> None:
    raise AssertionError("the store was read")
