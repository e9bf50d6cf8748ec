"""Group commit: the writes that arrive while one commit is on its way to disk share the next.

A durable commit costs one fsync (several milliseconds), and writes to one database are
serialised, so committing each action alone caps a server at about a hundred actions a
second however many tables play. Here one thread does the store's writes: it takes every
write waiting, runs each inside its own savepoint of one transaction, commits once, and only
then wakes the callers. So:

- a caller hears back only after the commit holding its write returned (on disk);
- each write runs against what the writes before it in the batch left (the same
  transaction), so two actions on one fight get consecutive steps, or the second is stale;
- a write that fails (refused by the rules, stale) rolls back its savepoint alone, and the
  others of the batch still commit;
- a commit that fails fails every write of its batch: none was acknowledged.

Nothing waits on purpose: a lone write is committed at once, and batches grow only when
writes queue up behind a commit.

Several processes may write one SQLite file (the workers of `fracas serve --workers`, or
`fracas act` beside a server). Each process's committing thread takes its turn at the file
through an flock on a lock file beside it (`WriterTurn`) before asking SQLite for the write
lock: SQLite's own wait for a busy lock sleeps in growing steps (1, 2, 5, 10 ms and on),
which two busy processes would pay on most commits, while an flock waiter wakes the moment
the turn is free.

This is for SQLite, whose writers take turns at one lock whatever they write. PostgreSQL
already lets concurrent transactions share a WAL flush, and there writers on different
fights run side by side (row locks): funnelling them through one thread made the store
alone three times slower in benchmarks/load.py, so a PostgreSQL store writes each call in
its own transaction (`Alone`), as before.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import sqlalchemy as sa

from fracas.store.results import StoreError

T = TypeVar("T")
BATCH_LIVES = "fracas_batch_lives"
"""The key, in a batch connection's `info`, of the fights its earlier writes left (by
encounter id): a later write of the same batch starts from there rather than rebuilding
from the log. Only the committing thread's connection holds it, and only during a batch."""


@dataclass(eq=False)
class _Write(Generic[T]):
    work: Callable[[sa.Connection], T]
    done: threading.Event = field(default_factory=threading.Event)
    result: Any = None
    error: BaseException | None = None


class Alone:
    """Each write in its own transaction, on the caller's thread: `GroupCommit`'s interface
    for a database that groups concurrent commits itself."""

    def __init__(self, transaction: Callable[[], AbstractContextManager[sa.Connection]]) -> None:
        self._transaction = transaction
        self.batches = 0

    waiting = 0

    def run(self, work: Callable[[sa.Connection], T]) -> T:
        self.batches += 1
        with self._transaction() as conn:
            return work(conn)

    def close(self) -> None:
        pass


def for_engine(
    engine: sa.Engine, transaction: Callable[[], AbstractContextManager[sa.Connection]]
) -> GroupCommit | Alone:
    """Group commit for a SQLite file, a transaction per write elsewhere (see the module).
    An in-memory SQLite database is one per thread, so the committing thread would not see
    the caller's; it has no fsync to share either."""
    database = engine.url.database
    if engine.dialect.name == "sqlite" and database not in (None, "", ":memory:"):
        return GroupCommit(transaction, WriterTurn(f"{database}-writers"))
    return Alone(transaction)


class WriterTurn:
    """One process's turn at writing a SQLite file, among every process that writes it
    (see the module): an exclusive flock on `path`, a file beside the database opened at
    the first write. Where that file cannot be made (a read-only folder), SQLite's own
    lock still keeps writers apart, only with its slower waiting."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._fd: int | None = None
        self._usable = True

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        fd = self._open()
        if fd is None:
            yield
            return
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)

    def _open(self) -> int | None:
        if self._fd is None and self._usable:
            try:
                self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:
                self._usable = False
        return self._fd

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


class GroupCommit:
    """Runs writes for many threads through one committing thread (see the module)."""

    def __init__(
        self,
        transaction: Callable[[], AbstractContextManager[sa.Connection]],
        turn: WriterTurn | None = None,
    ) -> None:
        self._transaction = transaction
        self._turn = turn
        """Taken around each transaction, so other processes' writers take turns with ours."""
        self._waiting: list[_Write[Any]] = []
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.batches = 0
        """Transactions committed or tried so far (for tests and the benchmark)."""

    @property
    def waiting(self) -> int:
        with self._wake:
            return len(self._waiting)

    def run(self, work: Callable[[sa.Connection], T]) -> T:
        """`work(conn)` inside the next batch's transaction; its result once that batch is
        committed, or its own error (or the commit's) raised here."""
        write: _Write[T] = _Write(work)
        with self._wake:
            if self._closed:
                raise StoreError("the store is closed")
            self._waiting.append(write)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._loop, name="fracas-group-commit", daemon=True
                )
                self._thread.start()
            self._wake.notify()
        write.done.wait()
        if write.error is not None:
            raise write.error
        return write.result  # type: ignore[no-any-return]

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join()
        if self._turn is not None:
            self._turn.close()

    def _loop(self) -> None:
        while True:
            with self._wake:
                while not self._waiting and not self._closed:
                    self._wake.wait()
                batch, self._waiting = self._waiting, []
            if not batch:
                return
            self._commit(batch)

    def _commit(self, batch: list[_Write[Any]]) -> None:
        self.batches += 1
        turn = self._turn.held() if self._turn is not None else contextlib.nullcontext()
        try:
            with turn, self._transaction() as conn:
                conn.info[BATCH_LIVES] = {}
                try:
                    if len(batch) == 1:
                        _run_only(conn, batch[0])
                    else:
                        for write in batch:
                            _run_alone(conn, write)
                finally:
                    conn.info.pop(BATCH_LIVES, None)
        except _TakenBack:
            pass  # a lone write failed: its transaction was rolled back, its error is set
        except BaseException as error:  # the commit failed: nobody's write is on disk
            failed = error if isinstance(error, StoreError) else refused_write(error)
            for write in batch:
                if write.error is None:
                    write.error = failed
        for write in batch:
            write.done.set()


def _run_alone(conn: sa.Connection, write: _Write[Any]) -> None:
    """One write in its own savepoint: its failure takes back its own changes only."""
    try:
        with conn.begin_nested():
            write.result = write.work(conn)
    except Exception as error:
        write.error = _write_error(error)


class _TakenBack(Exception):
    """Raised out of a batch's transaction to roll back its one failed write."""


def _run_only(conn: sa.Connection, write: _Write[Any]) -> None:
    """The one write of a batch, in the transaction itself: a failure rolls the whole
    transaction back, which holds nothing else, so no savepoint (two more statements per
    write) is needed."""
    try:
        write.result = write.work(conn)
    except Exception as error:
        write.error = _write_error(error)
        raise _TakenBack from None


def _write_error(error: Exception) -> Exception:
    """What the caller of a failed write hears: the database's refusal in fracas's words,
    any other error (the rules', a stale step) as it was raised."""
    return refused_write(error) if isinstance(error, sa.exc.OperationalError) else error


def refused_write(error: BaseException) -> StoreError:
    """The database's refusal of a write in fracas's words: the driver's first line."""
    text = str(getattr(error, "orig", None) or error).strip().split("\n", 1)[0]
    return StoreError(f"the database refused the write: {text}")
