"""The reliability tests' fixtures: the storage tests' `database_url` (SQLite and
PostgreSQL) and a real `fracas serve` process on it, which a test may SIGKILL."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.reliability.served import Served
from tests.store.conftest import POSTGRES_ENV, database_url, empty_postgres  # noqa: F401


@pytest.fixture(params=[1, 2], ids=["one-process", "two-workers"])
def served(
    database_url: str,  # noqa: F811
    tmp_path: Path,
    request: pytest.FixtureRequest,
) -> Iterator[Served]:
    """A server on each database, as one process and as two workers (`--workers 2`)."""
    running = Served(database_url, tmp_path / "server.log", workers=request.param)
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def shared_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Served]:
    """One server for a whole module on each database, for tests whose fights do not meet
    (each makes its own encounters): a server start costs seconds."""
    folder = tmp_path_factory.mktemp("shared")
    if request.param == "sqlite":
        url = f"sqlite:///{folder / 'fracas.db'}"
    else:
        found = os.environ.get(POSTGRES_ENV)
        if not found:
            pytest.skip(f"{POSTGRES_ENV} is not set (start one: tests/store/start_postgres.sh)")
        url = found
        empty_postgres(url)
    running = Served(url, folder / "server.log")
    running.start()
    yield running
    running.stop()
