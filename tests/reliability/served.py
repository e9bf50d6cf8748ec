"""A `fracas serve` process that can be killed outright, and HTTP clients that remember
exactly what the server acknowledged to them.

An acknowledgement is a 200 answer to a write: the store committed the entry before the
answer was written, so it must survive anything that happens to the process afterwards.
An answer that never arrived (the server died first) acknowledges nothing; the action may
or may not be in the log, but if it is, it must be whole.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from tests.web.e2e.conftest import Server

TIMEOUT = httpx.Timeout(30.0)


class Served(Server):
    """The end-to-end tests' server, plus a SIGKILL that gives it no chance to clean up
    (with workers, the parent is killed and the kernel kills the workers with it)."""

    def kill(self) -> None:
        if self.process is not None:
            workers = self.worker_pids()
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()
            gone_within(workers, 30.0)
        self.process = None

    def worker_pids(self) -> list[int]:
        """The worker processes of a server started with `--workers` (none without)."""
        if self.process is None or self.workers == 1:
            return []
        pid = self.process.pid
        return [int(n) for n in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def gone_within(pids: list[int], seconds: float) -> None:
    """Wait until none of `pids` runs any more (a zombie counts as gone); fail after
    `seconds`."""
    deadline = time.monotonic() + seconds
    while any(_running(pid) for pid in pids):
        if time.monotonic() > deadline:
            raise AssertionError(f"processes {pids} still run {seconds} s after the kill")
        time.sleep(0.05)


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@dataclass(frozen=True)
class Ack:
    """One write the server answered 200: the entry it says it appended, and what."""

    encounter_id: str
    seq: int
    kind: str
    action: dict[str, Any] | None


class Acks:
    """Every acknowledgement of a test's clients, and every answer that should never come
    (a server error, or one the client did not expect), shared by the client threads: an
    assertion inside a thread would not fail the test."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.acks: list[Ack] = []
        self.wrong: list[str] = []

    def add(self, ack: Ack) -> None:
        with self.lock:
            self.acks.append(ack)

    def of(self, encounter_id: str) -> list[Ack]:
        with self.lock:
            return sorted((a for a in self.acks if a.encounter_id == encounter_id), key=_seq)

    def answered(self, answer: httpx.Response) -> None:
        if answer.status_code >= 500:
            self.unexpected(answer)

    def unexpected(self, answer: httpx.Response) -> None:
        with self.lock:
            self.wrong.append(f"{answer.status_code}: {answer.text[:300]}")


def _seq(ack: Ack) -> int:
    return ack.seq


def post(
    client: httpx.Client, base: str, token: str, what: str, body: dict[str, Any]
) -> httpx.Response:
    return client.post(f"{base}/api/{token}/{what}", json=body, timeout=TIMEOUT)


def current_seq(client: httpx.Client, base: str, token: str) -> int:
    answer = client.get(f"{base}/api/{token}/state", params={"since": 10**9}, timeout=TIMEOUT)
    answer.raise_for_status()
    return int(answer.json()["seq"])
