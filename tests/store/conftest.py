"""Every storage test runs against SQLite and against PostgreSQL.

The PostgreSQL variant needs FRACAS_TEST_POSTGRES_URL (`.ci/run` always sets it, after
starting a server with tests/store/start_postgres.sh); only where that variable is absent
is the variant skipped, so CI never skips it. Each test gets an empty database: a new file
for SQLite, a freshly emptied `public` schema for PostgreSQL.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from fracas.store import EncounterStore, open_store

POSTGRES_ENV = "FRACAS_TEST_POSTGRES_URL"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'fracas.db'}"
        return
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(f"{POSTGRES_ENV} is not set (start one: tests/store/start_postgres.sh)")
    empty_postgres(url)
    yield url


def empty_postgres(url: str) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.exec_driver_sql("DROP SCHEMA IF EXISTS public CASCADE")
        conn.exec_driver_sql("CREATE SCHEMA public")
    engine.dispose()


@pytest.fixture
def store(database_url: str) -> Iterator[EncounterStore]:
    opened = open_store(database_url)
    yield opened
    opened.close()
