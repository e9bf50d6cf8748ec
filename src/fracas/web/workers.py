"""`fracas serve --workers K`: the web table served by K processes on one port.

One Python process uses one core for the server's own work (the rules, the store's writes,
building each seat's page), so a busy table server on a machine with more cores runs one
worker per core. Each worker is a whole server over the same database, with its own
sockets and caches.

A fight's work is cheapest when all of its browsers sit on one worker: each step is then
taken in once, and the choices and panel shared by the GM and the acting player are built
once. So the parent holds the listening socket and deals each new connection to a worker
by the fight it names (`Dealer`): it peeks at the request line without reading it, finds
the link token in the path, asks the store which fight the token belongs to, and hands the
connection itself to that fight's worker (SCM_RIGHTS over a Unix socket), which serves it
from its first byte. Fights are given to the workers in turn as they first appear, so the
tables spread evenly. A connection that names no link goes to the next worker in turn.

Whatever lands where, correctness never depends on the dealing: every worker checks each
action's step against the store, and tells the others of each write (`bus.Bus`).

Besides dealing, on SQLite the parent commits the workers' actions (`fracas.store.lane`):
each worker resolves its actions itself and sends the parent the entry to append, so the
writes of every worker share one commit and no worker waits for another's turn at the file.
On PostgreSQL each worker writes its own (writers of different fights do not wait for each
other there, and a hop through the parent measured slower).

The parent starts and stops the workers: Ctrl-C or SIGTERM stops each one
cleanly. A parent that dies without stopping them (SIGKILL, a crash) takes them with it, as
one process would die: the kernel kills each worker (`PR_SET_PDEATHSIG`), so no worker goes
on answering for a server that is gone.
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import ctypes
import multiprocessing
import os
import selectors
import shutil
import signal
import socket
import tempfile
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any

import uvicorn

from fracas.core.errors import FracasError
from fracas.store import EncounterStore
from fracas.store.lane import Lane, LaneServer

STOP_SECONDS = 10
"""How long a worker is given to stop cleanly before it is killed."""
START_SECONDS = 60
"""How long the workers may take to start (import, open the store, warm up)."""
PEEK_BYTES = 2048
"""Enough of a request to hold its request line (a path with a token is short)."""
FIRST_LINE_SECONDS = 10
PEEK_AGAIN_SECONDS = 0.02
"""A connection that has not sent its request line by then is closed."""
REMEMBERED = 10_000
"""Tokens and fights the dealer remembers (least recently used forgotten first)."""
LINKED = ("ws", "gm", "play", "api")
"""The first path segments followed by a link token (docs/web.md)."""
PR_SET_PDEATHSIG = 1
FOLDER_PREFIX = "fracas-workers-"
"""The sockets' folder (mode 0700, as `mkdtemp` makes it) is FOLDER_PREFIX, the server's
process id, a dash and a random part."""


def serve_workers(
    store: EncounterStore,
    url: str,
    host: str,
    port: int,
    count: int,
    uvicorn_options: dict[str, Any],
) -> None:
    """Run `count` workers serving the database at `url` on host:port until stopped;
    `store` (on the same database) is the dealer's, to learn the fight behind a token."""
    listener = _listening_socket(host, port)
    _sweep_folders()
    folder = Path(tempfile.mkdtemp(prefix=f"{FOLDER_PREFIX}{os.getpid()}-"))
    context = multiprocessing.get_context("spawn")
    workers = [
        context.Process(
            target=_worker,
            args=(url, n, count, str(folder), os.getpid(), uvicorn_options),
            name=f"fracas-worker-{n}",
        )
        for n in range(count)
    ]
    stopping: list[int] = []

    def stop(signum: int, _frame: Any) -> None:
        stopping.append(signum)

    # set explicitly: a server started in the background inherits SIGINT ignored
    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    lane = LaneServer(store, _writer_address(folder)) if store.writers_take_turns else None
    try:
        for worker in workers:
            worker.start()
        hands = [_hand_address(folder, n) for n in range(count)]
        if _ready(hands, workers, stopping):
            dealer = Dealer(store, listener, hands)
            while not stopping and all(worker.is_alive() for worker in workers):
                dealer.deal(0.2)
    finally:
        listener.close()
        _stop(workers)
        if lane is not None:
            lane.close()
        shutil.rmtree(folder, ignore_errors=True)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if not stopping:
        codes = ", ".join(f"worker {n}: {w.exitcode}" for n, w in enumerate(workers))
        raise FracasError(
            f"a worker stopped by itself or did not start within {START_SECONDS} s (exit "
            f"codes {codes}; its error is above), so the server stopped the others too"
        )


def _sweep_folders() -> None:
    """Remove the sockets' folders of servers that were killed before they could (each
    folder is named after its server's process id)."""
    for found in Path(tempfile.gettempdir()).glob(f"{FOLDER_PREFIX}*-*"):
        owner = found.name[len(FOLDER_PREFIX) :].split("-", 1)[0]
        if owner.isdigit() and not _alive(int(owner)):
            shutil.rmtree(found, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's
    return True


def _ready(hands: list[Path], workers: list[Any], stopping: list[int]) -> bool:
    """Wait until every worker takes connections (its hand socket exists)."""
    deadline = time.monotonic() + START_SECONDS
    while not all(hand.exists() for hand in hands):
        if stopping or not all(w.is_alive() for w in workers) or time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


class Dealer:
    """Hands each new connection to a worker by the fight its request names (module)."""

    def __init__(self, store: EncounterStore, listener: socket.socket, hands: list[Path]) -> None:
        self.store = store
        self.listener = listener
        self.hands = [str(hand) for hand in hands]
        self._out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._selector = selectors.DefaultSelector()
        self._selector.register(listener, selectors.EVENT_READ, None)
        self._waiting: dict[socket.socket, float] = {}
        """Connections not dealt yet, by when they were accepted."""
        self._later: dict[socket.socket, float] = {}
        """Connections whose request line is incomplete, by when to peek again."""
        self._fights: OrderedDict[str, str | None] = OrderedDict()
        """The fight behind each token seen (None: no fight)."""
        self._workers: OrderedDict[str, int] = OrderedDict()
        """The worker of each fight seen."""
        self._turn = 0
        self.dealt = [0] * len(hands)

    def deal(self, timeout: float) -> None:
        """Accept and deal what arrives within `timeout` seconds."""
        if self._later:
            timeout = min(timeout, PEEK_AGAIN_SECONDS)
        for key, _ in self._selector.select(timeout):
            if key.data is None:
                self._accept()
            else:
                self._peek(key.fileobj)  # type: ignore[arg-type]
        now = time.monotonic()
        for conn, at in list(self._later.items()):
            if now >= at:
                del self._later[conn]
                self._selector.register(conn, selectors.EVENT_READ, "peek")
        for conn, since in list(self._waiting.items()):
            if now - since > FIRST_LINE_SECONDS:
                self._drop(conn)

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return  # out of descriptors, or the like: the client will try again
            conn.setblocking(False)
            self._waiting[conn] = time.monotonic()
            self._selector.register(conn, selectors.EVENT_READ, "peek")

    def _peek(self, conn: socket.socket) -> None:
        try:
            head = conn.recv(PEEK_BYTES, socket.MSG_PEEK)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._drop(conn)
            return
        if not head:
            self._drop(conn)
            return
        if b"\n" not in head and len(head) < PEEK_BYTES:
            # the request line is still on its way: look again shortly (the bytes already
            # here would wake the selector at once, again and again)
            self._selector.unregister(conn)
            self._later[conn] = time.monotonic() + PEEK_AGAIN_SECONDS
            return
        worker = self._worker_for(_token(head))
        self._selector.unregister(conn)
        del self._waiting[conn]
        try:
            rights = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [conn.fileno()]))]
            self._out.sendmsg([b"c"], rights, 0, self.hands[worker])
            self.dealt[worker] += 1
        except OSError:
            pass  # the worker is gone (the server is stopping): the client sees a close
        conn.close()

    def _drop(self, conn: socket.socket) -> None:
        with contextlib.suppress(KeyError, ValueError):
            self._selector.unregister(conn)
        self._waiting.pop(conn, None)
        self._later.pop(conn, None)
        conn.close()

    def _worker_for(self, token: str | None) -> int:
        fight = self._fight(token) if token is not None else None
        if fight is None:
            return self._next()
        found = self._workers.get(fight)
        if found is None:
            found = self._workers[fight] = self._next()
        self._workers.move_to_end(fight)
        _trim(self._workers)
        return found

    def _fight(self, token: str) -> str | None:
        if token in self._fights:
            self._fights.move_to_end(token)
            return self._fights[token]
        try:
            access = self.store.access(token)
        except FracasError:
            access = None
        fight = access.encounter_id if access is not None else None
        self._fights[token] = fight
        _trim(self._fights)
        return fight

    def _next(self) -> int:
        self._turn = (self._turn + 1) % len(self.hands)
        return self._turn


def _token(head: bytes) -> str | None:
    """The link token in a request line's path (`/ws/T`, `/gm/T`, `/play/T`, `/api/T/...`)."""
    line = head.split(b"\n", 1)[0].decode("latin-1")
    parts = line.split(" ")
    if len(parts) < 2:
        return None
    segments = parts[1].split("?", 1)[0].split("/")
    if len(segments) > 2 and segments[1] in LINKED and segments[2]:
        return segments[2]
    return None


def _trim(kept: OrderedDict[str, Any]) -> None:
    while len(kept) > REMEMBERED:
        kept.popitem(last=False)


def _stop(workers: list[Any]) -> None:
    for worker in workers:
        if worker.is_alive() and worker.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker.pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_SECONDS
    for worker in workers:
        worker.join(max(0.0, deadline - time.monotonic()))
        if worker.is_alive():
            worker.kill()
            worker.join()


class HandedServer(uvicorn.Server):
    """uvicorn's server, serving the connections the dealer hands it instead of accepting
    its own: each arrives over the Unix socket at `hand`, whole and unread."""

    def __init__(self, config: uvicorn.Config, hand: Path) -> None:
        super().__init__(config)
        self.hand = hand
        self._receiver: socket.socket | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=[])
        loop = asyncio.get_running_loop()
        receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        receiver.setblocking(False)
        receiver.bind(str(self.hand))  # last: its existence tells the dealer we are ready
        self._receiver = receiver
        loop.add_reader(receiver.fileno(), self._take, loop, receiver)

    def _take(self, loop: asyncio.AbstractEventLoop, receiver: socket.socket) -> None:
        while True:
            try:
                _, fds, _, _ = socket.recv_fds(receiver, 16, 16)
            except (BlockingIOError, InterruptedError):
                return
            for fd in fds:
                conn = socket.socket(fileno=fd)
                conn.setblocking(False)
                loop.create_task(self._serve_handed(loop, conn))

    async def _serve_handed(self, loop: asyncio.AbstractEventLoop, conn: socket.socket) -> None:
        config = self.config

        def protocol() -> asyncio.Protocol:
            made: asyncio.Protocol = config.http_protocol_class(  # type: ignore[call-arg]
                config=config, server_state=self.server_state, app_state=self.lifespan.state
            )
            return made

        try:
            await loop.connect_accepted_socket(protocol, conn)
        except OSError:
            conn.close()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        if self._receiver is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self._receiver.fileno())
            self._receiver.close()
        await super().shutdown(sockets)


def _worker(
    url: str, me: int, count: int, folder: str, parent: int, uvicorn_options: dict[str, Any]
) -> None:
    from fracas.store import open_store
    from fracas.web.app import create_app
    from fracas.web.bus import Bus

    _die_with(parent)
    with open_store(url) as store, contextlib.ExitStack() as held:
        if store.writers_take_turns:
            store.lane = held.enter_context(contextlib.closing(Lane(_writer_address(Path(folder)))))
        bus = Bus(Path(folder), me, count)
        config = uvicorn.Config(create_app(store, bus=bus), **uvicorn_options)
        HandedServer(config, _hand_address(Path(folder), me)).run()


def _writer_address(folder: Path) -> Path:
    return folder / "writer.sock"


def _hand_address(folder: Path, worker: int) -> Path:
    return folder / f"{worker}.hand"


def _die_with(parent: int) -> None:
    """Have the kernel kill this worker when its parent dies without stopping it (Linux);
    were the parent already gone, stop now."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        raise SystemExit(0)


def _listening_socket(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        raise FracasError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    sock.listen(2048)
    sock.setblocking(False)
    return sock
