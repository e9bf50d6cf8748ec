"""How the worker processes of one `fracas serve --workers K` hear of each other's writes.

Each worker holds only its own browsers' sockets, and a table's browsers may be spread over
every worker (the kernel deals out the connections). So a worker that commits a step tells
the others at once, and each brings its own sockets of that fight up to date from the store,
the authority, exactly as it would after the poll. The message says only which fight moved
and to which step; a lost one (a full queue) costs nothing but time, because the two-second
poll finds the step anyway.

The bus is a Unix datagram socket per worker, in a folder private to the server
(mode 0700), named by the worker's number: a datagram is one whole message, is never
half-read, and sending one never waits.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

Heard = Callable[[dict[str, Any]], None]
MAX_DATAGRAM = 4096
"""Larger than any message sent here (a fight's id and step, or a revoked link)."""


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

    def publish(self, message: dict[str, Any]) -> None:
        """Send `message` to every other worker; never waits, never fails."""
        data = json.dumps(message, separators=(",", ":")).encode()
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
                message = json.loads(data)
            except ValueError:
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
