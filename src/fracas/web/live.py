"""Every connected browser of an encounter, and what each was last sent.

The server is the only authority: a browser sends an action (over HTTP or its socket), the
store verifies and appends it, and then `Hub.announce` tells every socket of that
encounter what changed. Each socket is sent its own seat's view only (`table.Snapshot`),
so a player's socket only ever carries what that player's page may show.

A socket that asks to catch up (on joining, or reconnecting with the last step it had) is
sent a whole `state` message from that step. After that, each step sends a `delta`: the
log lines after the socket's last step, and of the page's parts and the map's moving layer
only those that differ from what that socket was last sent (`Pages.delta`). The parts are
rendered once per seat view and step and shared by every socket that sees the same.

Each server process holds a hub for its own sockets. The workers of one `fracas serve
--workers K` tell each other of every write at once (`bus.Bus`: `committed`, `heard`);
acts made by any other process (`fracas act` on the same database) reach the browsers at
the next `poll`, which compares each room's step with the store's and asks the store again
about every link this process holds (`seat.Seats`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from fracas.core.errors import FracasError
from fracas.core.jsontext import json_text
from fracas.store import EncounterStore
from fracas.web.bus import Bus
from fracas.web.seat import Refused, Seat, Seats
from fracas.web.table import Fight, Snapshot, Tables
from fracas.web.threads import in_thread

REVOKED = 4403
"""The close code of a socket whose link was revoked or is unknown."""

Sent = dict[str, Any]
"""What a socket was last sent, by piece (`Pages`): each part's markup, the map's two
pieces and the steps shown as taken back."""


@dataclass(eq=False)
class Socket:
    websocket: WebSocket
    seat: Seat
    seen: int = -1
    sent: Sent = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Pages:
    """How a snapshot becomes socket messages (app.py renders the pieces)."""

    def __init__(
        self,
        full: Callable[[Snapshot, int, Sent], dict[str, Any]],
        delta: Callable[[Snapshot, int, Sent], dict[str, Any]],
    ) -> None:
        self.full = full
        """The whole `state` message from a step; `Sent` is filled in with what it holds."""
        self.delta = delta
        """The `delta` message from a step against what was sent, which it updates."""


class Hub:
    def __init__(
        self,
        store: EncounterStore,
        tables: Tables,
        seats: Seats,
        pages: Pages,
        bus: Bus | None = None,
    ) -> None:
        self.store = store
        self.tables = tables
        self.seats = seats
        self.pages = pages
        self.bus = bus
        """The other workers of this server, told of each write (None: one process)."""
        self.rooms: dict[str, set[Socket]] = {}
        self.steps: dict[str, int] = {}
        self._announcing: dict[str, asyncio.Task[None]] = {}
        self._again: dict[str, int] = {}

    def join(self, socket: Socket) -> None:
        self.rooms.setdefault(socket.seat.encounter_id, set()).add(socket)

    def leave(self, socket: Socket) -> None:
        room = self.rooms.get(socket.seat.encounter_id)
        if room is not None:
            room.discard(socket)
            if not room:
                del self.rooms[socket.seat.encounter_id]
                self.steps.pop(socket.seat.encounter_id, None)

    async def changed(self, encounter_id: str, at_least: int | None = None) -> None:
        """Bring every socket of the encounter up to step `at_least` (None: the store's
        step now): one read of the fight, and every socket's message built in one go in a
        worker thread (one hand-over for the room, not one per socket), then sent."""
        sockets = list(self.rooms.get(encounter_id, ()))
        if not sockets:
            return
        async with contextlib.AsyncExitStack() as held:
            for socket in sockets:
                await held.enter_async_context(socket.lock)
            unheld = [s for s in sockets if not self.seats.known(s.seat.token)]
            revoked = await in_thread(self._revoked, unheld) if unheld else []
            for socket in revoked:
                await self._close(socket)
            sockets = [s for s in sockets if s not in revoked]
            try:
                fight, messages = await in_thread(self._messages, encounter_id, at_least, sockets)
            except FracasError as error:
                for socket in sockets:
                    await _send(socket, {"type": "error", "error": str(error)})
                return
            self.steps[encounter_id] = fight.seq
            for socket, message in zip(sockets, messages, strict=True):
                if message is None:
                    continue
                socket.seen = fight.seq
                if not await _send(socket, message):
                    self.leave(socket)

    def _revoked(self, sockets: list[Socket]) -> list[Socket]:
        """Of sockets whose token this process no longer holds (revoked here, found revoked
        by the poll, or just forgotten), those the store no longer lets in."""
        gone = []
        for socket in sockets:
            try:
                self.seats.fresh(socket.seat.token)
            except Refused:
                gone.append(socket)
        return gone

    def _messages(
        self, encounter_id: str, at_least: int | None, sockets: list[Socket]
    ) -> tuple[Fight, list[dict[str, Any] | None]]:
        """The fight, and each socket's message for it (None: it has this step already):
        a delta from what it was sent, or the whole state to one not yet sent anything."""
        fight = self.tables.fight(encounter_id, at_least)
        messages: list[dict[str, Any] | None] = []
        for socket in sockets:
            if socket.seen >= fight.seq and socket.sent:
                messages.append(None)
                continue
            snapshot = self.tables.snapshot(socket.seat, fight)
            if socket.sent:
                messages.append(self.pages.delta(snapshot, socket.seen, socket.sent))
            else:
                messages.append(self.pages.full(snapshot, socket.seen, socket.sent))
        return fight, messages

    def announce(self, encounter_id: str, seq: int | None = None) -> None:
        """Bring the encounter's sockets up to step `seq` without the writer waiting for
        it: an action is acknowledged once it is committed, and the pages follow. Changes
        that come while a room is being brought up to date are sent together, once, after
        it; every socket still receives every log line, since each catches up from its own
        last step."""
        wanted = -1 if seq is None else seq
        if encounter_id in self._announcing:
            self._again[encounter_id] = max(self._again.get(encounter_id, -1), wanted)
            return
        self._again[encounter_id] = wanted
        self._announcing[encounter_id] = asyncio.create_task(self._announce(encounter_id))

    def committed(
        self, encounter_id: str, seq: int | None = None, entry: dict[str, Any] | None = None
    ) -> None:
        """A write this process committed (`seq`: the step it made, None for a change of
        links; `entry`: an action's, for the other workers to take in without a read):
        this process's sockets follow (`announce`), and the other workers are told so that
        theirs do too."""
        self.announce(encounter_id, seq)
        if self.bus is not None:
            told = {"moved": encounter_id, "seq": -1 if seq is None else seq, "entry": entry}
            self.bus.publish(told, optional="entry")

    def links_changed(self, encounter_id: str, revoked: str | None = None) -> None:
        """The encounter's links changed in this process (`revoked`: the link taken away):
        forget what this process and the other workers hold of them. Safe from any thread."""
        self._forget_links(encounter_id, revoked)
        if self.bus is not None:
            self.bus.publish({"links": encounter_id, "revoked": revoked})

    def _forget_links(self, encounter_id: str, revoked: str | None) -> None:
        if revoked is not None:
            self.seats.forget(revoked)
        self.tables.forget_links(encounter_id)

    def heard(self, message: dict[str, Any]) -> None:
        """Another worker's word (`committed`, `links_changed`): act on it as on our own.
        Anything malformed is passed over; the poll still finds every change."""
        links, revoked = message.get("links"), message.get("revoked")
        if isinstance(links, str):
            self._forget_links(links, revoked if isinstance(revoked, str) else None)
        moved, seq = message.get("moved"), message.get("seq")
        if isinstance(moved, str) and isinstance(seq, int) and moved in self.rooms:
            if seq >= 0 and message.get("entry") is not None:
                self.tables.heard(moved, seq, message["entry"])
            self.announce(moved, None if seq < 0 else seq)

    async def _announce(self, encounter_id: str) -> None:
        try:
            while encounter_id in self._again:
                wanted = self._again.pop(encounter_id)
                await self.changed(encounter_id, None if wanted < 0 else wanted)
        finally:
            self._announcing.pop(encounter_id, None)

    async def catch_up(self, socket: Socket, since: int) -> None:
        """Send the socket its seat's whole state with the log after `since`, asking the
        store about its link first (a socket revoked meanwhile is closed instead)."""
        async with socket.lock:
            socket.seen = since
            try:
                seat = await in_thread(self.seats.fresh, socket.seat.token)
                snapshot = await in_thread(self.tables.snapshot, seat)
            except Refused:
                await self._close(socket)
                return
            except FracasError as error:
                await _send(socket, {"type": "error", "error": str(error)})
                return
            socket.sent = {}
            message = self.pages.full(snapshot, since, socket.sent)
            socket.seen = snapshot.seq
            if not await _send(socket, message):
                self.leave(socket)

    async def _close(self, socket: Socket) -> None:
        self.leave(socket)
        with contextlib.suppress(Exception):
            await socket.websocket.close(code=REVOKED)

    async def revoked(self, tokens: set[str]) -> None:
        """Close every socket of the given links at once."""
        for room in list(self.rooms.values()):
            for socket in list(room):
                if socket.seat.token in tokens:
                    await self._close(socket)

    async def poll(self) -> None:
        """Close the sockets of links revoked by another process, and catch up every room
        whose fight moved on in another process."""
        gone = await in_thread(self.seats.recheck)
        if gone:
            await self.revoked(gone)
        for encounter_id in list(self.rooms):
            try:
                seq = (await in_thread(self.store.summary, encounter_id)).seq
            except FracasError:
                continue
            if seq != self.steps.get(encounter_id):
                await self.changed(encounter_id, seq)

    async def poll_forever(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            with contextlib.suppress(Exception):
                await self.poll()


async def _send(socket: Socket, message: dict[str, Any]) -> bool:
    try:
        await socket.websocket.send_text(json_text(message))
    except Exception:
        return False
    return True
