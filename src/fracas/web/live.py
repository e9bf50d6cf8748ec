"""Every connected browser of an encounter, and the step each has seen.

The server is the only authority: a browser sends an action over HTTP, the store verifies
and appends it, and then `Hub.changed` tells every socket of that encounter to catch up.
Each socket catches up on its own seat's snapshot, so a player's socket only ever carries
what that player's page may show. A socket remembers the last step it sent, so only the
log lines after it travel; a reconnecting browser says which step it last had and resumes
from there.

One server process holds the hub: acts made by another process (`fracas act` on the same
database) reach the browsers at the next `poll`, which compares each room's step with the
store's.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket
from starlette.concurrency import run_in_threadpool

from fracas.core.errors import FracasError
from fracas.store import EncounterStore
from fracas.web.seat import Refused, Seat, seat_of
from fracas.web.table import Snapshot, Tables

Render = Callable[[Snapshot, int], dict[str, Any]]

REVOKED = 4403
"""The close code of a socket whose link was revoked or is unknown."""


@dataclass(eq=False)
class Socket:
    websocket: WebSocket
    seat: Seat
    seen: int = -1
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Hub:
    def __init__(self, store: EncounterStore, tables: Tables, render: Render) -> None:
        self.store = store
        self.tables = tables
        self.render = render
        self.rooms: dict[str, set[Socket]] = {}
        self.steps: dict[str, int] = {}
        self._announcing: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()

    def join(self, socket: Socket) -> None:
        self.rooms.setdefault(socket.seat.encounter_id, set()).add(socket)

    def leave(self, socket: Socket) -> None:
        room = self.rooms.get(socket.seat.encounter_id)
        if room is not None:
            room.discard(socket)
            if not room:
                del self.rooms[socket.seat.encounter_id]
                self.steps.pop(socket.seat.encounter_id, None)

    async def changed(self, encounter_id: str) -> None:
        """Bring every socket of the encounter up to date."""
        for socket in list(self.rooms.get(encounter_id, ())):
            await self.catch_up(socket)

    def announce(self, encounter_id: str) -> None:
        """Bring the encounter's sockets up to date without the writer waiting for it: an
        action is acknowledged once it is committed, and the pages follow. Changes that
        come while a room is being brought up to date are sent together, once, after it;
        every socket still receives every log line, since each catches up from its own
        last step."""
        if encounter_id in self._announcing:
            self._again.add(encounter_id)
            return
        self._announcing[encounter_id] = asyncio.create_task(self._announce(encounter_id))

    async def _announce(self, encounter_id: str) -> None:
        try:
            while True:
                self._again.discard(encounter_id)
                await self.changed(encounter_id)
                if encounter_id not in self._again:
                    return
        finally:
            self._announcing.pop(encounter_id, None)

    async def catch_up(self, socket: Socket, since: int | None = None) -> None:
        """Send the socket its seat's snapshot with the log after `since` (default: after
        what it was last sent). A link revoked meanwhile closes the socket instead."""
        async with socket.lock:
            if since is not None:
                socket.seen = since
            try:
                seat = await run_in_threadpool(seat_of, self.store, socket.seat.token)
                snapshot = await run_in_threadpool(self.tables.snapshot, seat)
            except Refused:
                self.leave(socket)
                with contextlib.suppress(Exception):
                    await socket.websocket.close(code=REVOKED)
                return
            except FracasError as error:
                await _send(socket, {"type": "error", "error": str(error)})
                return
            self.steps[seat.encounter_id] = snapshot.seq
            message = self.render(snapshot, socket.seen)
            socket.seen = snapshot.seq
            if not await _send(socket, message):
                self.leave(socket)

    async def poll(self) -> None:
        """Catch up every room whose fight moved on in another process."""
        for encounter_id in list(self.rooms):
            try:
                seq = (await run_in_threadpool(self.store.summary, encounter_id)).seq
            except FracasError:
                continue
            if seq != self.steps.get(encounter_id):
                await self.changed(encounter_id)

    async def poll_forever(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            with contextlib.suppress(Exception):
                await self.poll()


async def _send(socket: Socket, message: dict[str, Any]) -> bool:
    try:
        await socket.websocket.send_json(message)
    except Exception:
        return False
    return True
