"""The database a module's fuzz tests share, of either kind, as every storage test runs on
both: PostgreSQL refuses what SQLite takes (integers past BIGINT, NUL characters in text),
so each kind gets the hostile input. PostgreSQL is skipped only where its URL is not set;
`.ci/run` always sets it."""

from __future__ import annotations

import os

import pytest

from tests.store.conftest import POSTGRES_ENV, empty_postgres

KINDS = ["sqlite", "postgresql"]


def empty_database(kind: str, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The URL of an empty database of `kind` (one of `KINDS`)."""
    if kind == "sqlite":
        return f"sqlite:///{tmp_path_factory.mktemp('fuzz-db') / 'fuzz.db'}"
    url = os.environ.get(POSTGRES_ENV, "")
    if not url:
        pytest.skip(f"{POSTGRES_ENV} is not set (start one: tests/store/start_postgres.sh)")
    empty_postgres(url)
    return url
