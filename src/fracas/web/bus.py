"""How the worker processes of one `fracas serve --workers K` hear of each other's writes.

Each worker holds only its own browsers' sockets. The parent deals a fight's browsers to one
worker (web/workers.py), but a connection kept alive from another fight, or a process beside
the server, can still land a fight's work elsewhere. So a worker that commits a step tells
the others at once, and each brings its own sockets of that fight up to date. The message
names the fight and the step, with the entry as the writer committed it (its action in the
stored spelling, its events, typed dice): a worker that keeps the fight at the step before
takes it in without reading the store (`table.Tables.heard`); any other reads the store,
the authority, exactly as after the poll. A lost message (a full queue) costs nothing but
time, because the two-second poll finds the step anyway.

The bus is a Unix datagram socket per worker, in a folder private to the server
(mode 0700), named by the worker's number: a datagram is one whole message, is never
half-read, and sending one never waits.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

Heard = Callable[[dict[str, Any]], None]
MAX_DATAGRAM = 65536
"""The largest message sent: a step's entry larger than this is left out of its message
(`publish`'s `optional`), and the other workers read it from the store instead."""


class Bus:
    """Worker `me` of `count`, its socket at `folder/<me>.sock`."""

    def __init__(self, folder: Path, me: int, count: int) -> None:
        self.path = _address(folder, me)
        self.peers = [_address(folder, n) for n in range(count) if n != me]
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._socket.setblocking(False)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self._socket.bind(str(self.path))
        self._loop: asyncio.AbstractEventLoop | None = None
        self.dropped = 0
        """Messages a peer could not take (not started yet, gone, or its queue full)."""

    def publish(self, message: dict[str, Any], optional: str | None = None) -> None:
        """Send `message` to every other worker; never waits, never fails. The field named
        `optional` is left out when the whole would be larger than a datagram here."""
        data = orjson.dumps(message)
        if len(data) > MAX_DATAGRAM and optional is not None:
            data = orjson.dumps({k: v for k, v in message.items() if k != optional})
        for peer in self.peers:
            try:
                self._socket.sendto(data, str(peer))
            except OSError:
                self.dropped += 1

    def listen(self, loop: asyncio.AbstractEventLoop, heard: Heard) -> None:
        """Call `heard` on `loop` with each message another worker sends."""
        self._loop = loop
        loop.add_reader(self._socket.fileno(), self._drain, heard)

    def _drain(self, heard: Heard) -> None:
        while True:
            try:
                data = self._socket.recv(MAX_DATAGRAM)
            except BlockingIOError:
                return
            except OSError:
                return
            try:
                message = orjson.loads(data)
            except orjson.JSONDecodeError:
                continue
            if isinstance(message, dict):
                heard(message)

    def close(self) -> None:
        if self._loop is not None and not self._loop.is_closed():
            with contextlib.suppress(Exception):
                self._loop.remove_reader(self._socket.fileno())
        self._socket.close()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()


def _address(folder: Path, worker: int) -> Path:
    return folder / f"{worker}.sock"
