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
from dataclasses import dataclass
from typing import Any

import httpx

from tests.web.e2e.conftest import Server

TIMEOUT = httpx.Timeout(30.0)


class Served(Server):
    """The end-to-end tests' server, plus a SIGKILL that gives it no chance to clean up."""

    def kill(self) -> None:
        if self.process is not None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.process = None


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
