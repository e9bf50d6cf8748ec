"""Connecting: a database URL in, an engine out that commits durably and serialises writers.

SQLite runs in WAL mode (readers never wait for the writer) with `synchronous=FULL`, so a
committed transaction is on disk before the commit returns: a power cut after an action is
acknowledged cannot lose it. pysqlite's own transaction handling is switched off and each
transaction begins explicitly: `BEGIN IMMEDIATE` for a writer, which takes the database's
write lock before reading the sequence number it will append after, and a plain `BEGIN`
for a reader. PostgreSQL commits durably by default; there a writer locks the encounter's
row (`SELECT ... FOR UPDATE`, or the conditional update of an action resolved ahead:
store.py `write_ahead`) instead, so writers on different encounters do not wait for each
other.
"""

from __future__ import annotations

import os
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event

from fracas.core.errors import FracasError

DEFAULT_URL = "sqlite:///./fracas.db"
ENV_URL = "FRACAS_DATABASE_URL"
BUSY_TIMEOUT_S = 30
"""How long a SQLite writer waits for another one's transaction before giving up; a
transaction here lasts milliseconds, so only a stuck process would reach it."""


POOL = 20
"""SQLite connections kept open per engine (and as many more opened when they are busy)."""


def database_url(url: str | None) -> str:
    return url or os.environ.get(ENV_URL) or DEFAULT_URL


def make_engine(url: str) -> sa.Engine:
    try:
        parsed = sa.make_url(url)
    except sa.exc.ArgumentError:
        raise FracasError(
            f"not a database URL: {url!r}; give sqlite:///path/to/file.db or "
            "postgresql+psycopg://user:password@host/database"
        ) from None
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")  # the driver fracas installs
    try:
        if parsed.get_backend_name() == "sqlite":
            return _sqlite(parsed)
        if parsed.get_backend_name() == "postgresql":
            return sa.create_engine(parsed, pool_pre_ping=True)
    except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError, ImportError) as error:
        raise FracasError(f"cannot use the database URL {url!r}: {error}") from None
    raise FracasError(
        f"fracas stores encounters in SQLite or PostgreSQL, not {parsed.get_backend_name()!r}"
    )


def _sqlite(url: sa.URL) -> sa.Engine:
    # a pool as large as a server's worker threads: a connection made afresh costs its
    # PRAGMAs, and under load the default five left most requests opening one
    # (an in-memory database keeps its one connection per thread: no pool to size)
    pool = (
        {} if url.database in (None, "", ":memory:") else {"pool_size": POOL, "max_overflow": POOL}
    )
    engine = sa.create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_S}, **pool)

    @event.listens_for(engine, "connect")
    def _configure(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # fracas says BEGIN itself, below
        cursor = dbapi_connection.cursor()
        if url.database not in (None, "", ":memory:"):
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: sa.Connection) -> None:
        writes = conn.get_execution_options().get("fracas_write", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")

    return engine
