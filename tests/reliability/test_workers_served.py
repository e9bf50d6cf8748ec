"""`fracas serve --workers 2` as a real process: it starts two workers, both serve the
fight, and stopping the server stops them all (web/workers.py, docs/web.md "Workers").

SIGKILL of the parent, and every acknowledged action surviving it, is the crash test's
two-worker case (test_crash_server.py).
"""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import httpx
from websockets.sync.client import connect

from fracas.store import open_store
from tests.reliability.served import Served, gone_within
from tests.store.helpers import DUEL

STOP_SECONDS = 30.0


def workers_of(served: Served) -> list[int]:
    """The children that are workers (the spawn machinery also starts a resource tracker)."""
    return [
        pid
        for pid in served.worker_pids()
        if "spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    ]


def test_two_workers_serve_and_ctrl_c_stops_them_even_when_started_in_the_background(
    tmp_path: Path,
) -> None:
    """A server started from a background shell job inherits SIGINT ignored; Ctrl-C (SIGINT
    to the server) must stop it and its workers all the same."""
    served = Served(f"sqlite:///{tmp_path / 'w.db'}", tmp_path / "server.log", workers=2)
    ignored = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        served.start()
        signal.signal(signal.SIGINT, ignored)
        assert served.process is not None
        workers = workers_of(served)
        assert len(workers) == 2
        with open_store(served.db) as store:
            created = store.create(DUEL, seed=5)
        gm = created.gm_token
        socket_url = f"{served.base.replace('http', 'ws', 1)}/ws/{gm}"
        with connect(socket_url, open_timeout=10) as socket:
            socket.send('{"seq": -1}')
            assert json.loads(socket.recv(timeout=30))["seq"] == 0
            said = {"actor": "ada", "do": "say", "text": "hello"}
            for _ in range(6):  # new connections: the kernel deals them to either worker
                answer = httpx.post(f"{served.base}/api/{gm}/act", json={"action": said})
                assert answer.status_code == 200, answer.text
            heard = 0
            while heard < 6:
                heard = max(heard, json.loads(socket.recv(timeout=30))["seq"])
        served.process.send_signal(signal.SIGINT)
        assert served.process.wait(STOP_SECONDS) == 0
        gone_within(workers, STOP_SECONDS)
    finally:
        signal.signal(signal.SIGINT, ignored)
        served.stop()


def test_a_worker_that_dies_stops_the_server_with_a_message(tmp_path: Path) -> None:
    """Half a server is not left answering: when one worker dies (here killed outright),
    the parent stops the other and exits with an error that says so."""
    served = Served(f"sqlite:///{tmp_path / 'w.db'}", tmp_path / "server.log", workers=2)
    try:
        served.start()
        assert served.process is not None
        workers = workers_of(served)
        os.kill(workers[0], signal.SIGKILL)
        assert served.process.wait(STOP_SECONDS) == 2
        gone_within(workers, STOP_SECONDS)
        assert "a worker stopped by itself" in served.log.read_text()
    finally:
        served.stop()
