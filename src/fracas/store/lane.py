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
import pickle
import socket
import struct
import threading
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
GONE = (
    "the server's writing process stopped before answering, so the action was not "
    "acknowledged; reload the page to see whether it was stored"
)


@dataclass(frozen=True, slots=True)
class AheadWrite:
    """An action's entry, resolved by a worker on the fight at step `ahead_seq`: appended
    only if the stored fight is still at that step. An action bound to a step was resolved
    at that step (`EncounterStore._resolved_ahead`), so the same check refuses a stale one."""

    encounter_id: str
    ahead_seq: int
    entry: LogRow
    outcome: str | None
    snapshot: bytes | None
    """The fight after the action, as `snapshots.dump` gives it, on the steps that keep one."""


class Writer(Protocol):
    def write_ahead(self, write: AheadWrite) -> bool: ...


class LaneServer:
    """The parent's end: answers each worker's `AheadWrite` with what `writer.write_ahead`
    gave (appended or not) or the refusal it raised, once committed. A worker opens a
    connection for each write it has in flight (`Lane`), so each connection is served by
    a thread of its own that reads a write, waits for its commit and answers, in turn."""

    def __init__(self, writer: Writer, path: Path) -> None:
        self._writer = writer
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(str(path))
        self._listener.listen()
        self._connections: set[socket.socket] = set()
        threading.Thread(target=self._accept, name="fracas-lane-accept", daemon=True).start()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread
        self._listener.close()
        for connection in list(self._connections):
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self._listener.accept()
            except OSError:
                return  # closed
            self._connections.add(connection)
            threading.Thread(
                target=self._serve, args=(connection,), name="fracas-lane", daemon=True
            ).start()

    def _serve(self, connection: socket.socket) -> None:
        try:
            while (write := _receive(connection)) is not None:
                _send(connection, self._answer(write))
        except OSError:
            pass  # the worker is gone
        finally:
            self._connections.discard(connection)
            connection.close()

    def _answer(self, write: AheadWrite) -> tuple[Any, ...]:
        try:
            return ("done", self._writer.write_ahead(write))
        except StaleSequence as error:
            return ("stale", str(error), error.current)
        except FracasError as error:
            return ("refused", str(error))
        except Exception as error:  # told to the worker, which reports it
            return ("refused", f"the write failed: {type(error).__name__}: {error}")


class Lane:
    """A worker's end: `commit` blocks its caller (any thread) until the parent answers.
    Each write in flight has a connection of its own, kept for the next one: the thread
    that sends a write reads its answer itself, with no thread in between to wake."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._idle: list[socket.socket] = []
        self._lock = threading.Lock()
        self._closed = False

    def commit(self, write: AheadWrite) -> bool:
        """True once the parent committed the entry; False if the fight was not at its
        step (the caller writes the action itself). Raises the parent's refusal, or
        StoreError when the parent is gone (nothing acknowledged)."""
        connection = self._connection()
        try:
            _send(connection, write)
            answer = _receive(connection)
        except OSError:
            answer = None
        if answer is None:
            connection.close()
            raise StoreError(GONE)
        with self._lock:
            if self._closed:
                connection.close()
            else:
                self._idle.append(connection)
        if answer[0] == "done":
            return bool(answer[1])
        if answer[0] == "stale":
            raise StaleSequence(answer[1], current=answer[2])
        raise StoreError(answer[1])

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for connection in idle:
            connection.close()

    def _connection(self) -> socket.socket:
        with self._lock:
            if self._idle:
                return self._idle.pop()
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            connection.connect(str(self._path))
        except OSError:
            connection.close()
            raise StoreError(GONE) from None
        return connection


def _send(connection: socket.socket, message: Any) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
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
