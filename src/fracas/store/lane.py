"""One process commits the actions of every worker of a `fracas serve --workers K`.

Each worker resolves its actions itself, on the fight it keeps (`EncounterStore.act`,
"resolved ahead"), and so knows the entry it wants appended before any write begins. What is
left is the database's part: lock the fight's row, check the step, append the entry, move
the row on. When every worker did that part itself, their commits took turns at the SQLite
file (batch.py's `WriterTurn`), and a worker's committing thread, in a process busy drawing
pages, waited for its own interpreter between statements while the others waited for it: a
commit of two writes held the turn for several milliseconds, and the turn, not the CPU,
set how many actions a second the server took (docs/performance.md, "Load").

So the parent, which after dealing connections has nothing else to do, owns the writers'
lane (`LaneServer`): a worker sends it the entry (`AheadWrite`) over a Unix socket in the
server's private folder, and the parent commits the entries of every worker waiting
together, through its store's own group commit, then answers each. The parent runs no rule:
if the fight moved on from the step the worker resolved at, it answers so, and the worker
writes that action itself as before, resolving it inside its own write (`EncounterStore.act`).
An action is acknowledged to its browser only after the parent's answer, which comes only
after the commit; a lost answer (the parent gone) is an error, never an acknowledgement.

The socket is trusted as the bus is (web/bus.py): only the server's user can open the folder,
and both ends are the same program, so messages are pickled.
"""

from __future__ import annotations

import contextlib
import itertools
import pickle
import socket
import struct
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from fracas.core.errors import FracasError
from fracas.store.live import LogRow
from fracas.store.results import StaleSequence, StoreError

_LENGTH = struct.Struct("!I")
MAX_MESSAGE = 64 * 1024 * 1024
"""A larger frame means a broken peer: the connection is dropped (a snapshot of the longest
fight the store allows is far smaller)."""
THREADS = 16
"""The parent's threads waiting on commits: more than the writes one batch usually holds."""
GONE = (
    "the server's writing process stopped before answering, so the action was not "
    "acknowledged; reload the page to see whether it was stored"
)


@dataclass(frozen=True, slots=True)
class AheadWrite:
    """An action's entry, resolved by a worker on the fight at step `ahead_seq`: appended
    only if the stored fight is still at that step (and at `expected_seq`, if given)."""

    encounter_id: str
    expected_seq: int | None
    ahead_seq: int
    entry: LogRow
    outcome: str | None
    snapshot: bytes | None
    """The fight after the action, as `snapshots.dump` gives it, on the steps that keep one."""


class Writer(Protocol):
    def write_ahead(self, write: AheadWrite) -> bool: ...


class LaneServer:
    """The parent's end: answers each worker's `AheadWrite` with what `writer.write_ahead`
    gave (appended or not) or the refusal it raised, once committed."""

    def __init__(self, writer: Writer, path: Path) -> None:
        self._writer = writer
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(str(path))
        self._listener.listen()
        self._pool = ThreadPoolExecutor(THREADS, thread_name_prefix="fracas-lane")
        self._connections: list[socket.socket] = []
        threading.Thread(target=self._accept, name="fracas-lane-accept", daemon=True).start()

    def close(self) -> None:
        self._listener.close()
        for connection in self._connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        self._pool.shutdown(wait=True)

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self._listener.accept()
            except OSError:
                return  # closed
            self._connections.append(connection)
            threading.Thread(
                target=self._serve, args=(connection,), name="fracas-lane-read", daemon=True
            ).start()

    def _serve(self, connection: socket.socket) -> None:
        sending = threading.Lock()
        with connection:
            while (message := _receive(connection)) is not None:
                try:
                    self._pool.submit(self._answer, connection, sending, message)
                except RuntimeError:
                    return  # shut down

    def _answer(self, connection: socket.socket, sending: threading.Lock, message: Any) -> None:
        ask, write = message
        try:
            answer: tuple[Any, ...] = ("done", self._writer.write_ahead(write))
        except StaleSequence as error:
            answer = ("stale", str(error), error.current)
        except FracasError as error:
            answer = ("refused", str(error))
        except Exception as error:
            answer = ("refused", f"the write failed: {type(error).__name__}: {error}")
        with contextlib.suppress(OSError):
            _send(connection, sending, (ask, answer))


class Lane:
    """A worker's end: `commit` blocks its caller (any thread) until the parent answers."""

    def __init__(self, path: Path) -> None:
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._socket.connect(str(path))
        self._sending = threading.Lock()
        self._asks = itertools.count()
        self._waiting: dict[int, Future[tuple[Any, ...]]] = {}
        self._lock = threading.Lock()
        self._gone = False
        threading.Thread(target=self._read, name="fracas-lane-answers", daemon=True).start()

    def commit(self, write: AheadWrite) -> bool:
        """True once the parent committed the entry; False if the fight was not at its
        step (the caller writes the action itself). Raises the parent's refusal."""
        future: Future[tuple[Any, ...]] = Future()
        with self._lock:
            if self._gone:
                raise StoreError(GONE)
            ask = next(self._asks)
            self._waiting[ask] = future
        try:
            _send(self._socket, self._sending, (ask, write))
        except OSError:
            self._fail_all()
        answer = future.result()
        if answer[0] == "done":
            return bool(answer[1])
        if answer[0] == "stale":
            raise StaleSequence(answer[1], current=answer[2])
        raise StoreError(answer[1])

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._socket.shutdown(socket.SHUT_RDWR)
        self._socket.close()

    def _read(self) -> None:
        while (message := _receive(self._socket)) is not None:
            ask, answer = message
            with self._lock:
                future = self._waiting.pop(ask, None)
            if future is not None:
                future.set_result(answer)
        self._fail_all()

    def _fail_all(self) -> None:
        with self._lock:
            self._gone = True
            waiting, self._waiting = self._waiting, {}
        for future in waiting.values():
            if not future.done():
                future.set_result(("refused", GONE))


def _send(connection: socket.socket, lock: threading.Lock, message: Any) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    with lock:
        connection.sendall(_LENGTH.pack(len(data)) + data)


def _receive(connection: socket.socket) -> Any:
    """The next whole message, or None once the peer is gone (or sent a broken frame)."""
    try:
        head = _exactly(connection, _LENGTH.size)
        if head is None or (size := _LENGTH.unpack(head)[0]) > MAX_MESSAGE:
            return None
        body = _exactly(connection, size)
        return None if body is None else pickle.loads(body)
    except (OSError, pickle.UnpicklingError, EOFError):
        return None


def _exactly(connection: socket.socket, size: int) -> bytes | None:
    chunks = []
    while size:
        chunk = connection.recv(min(size, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)
