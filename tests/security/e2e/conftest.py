"""The browser test's fixtures: a real `fracas serve` on SQLite and PostgreSQL
(tests/web/e2e/conftest.py's `server`) and Debian's chromium.

The browser is launched per test and closed after it, not kept for the session as
tests/web/e2e does: Playwright's sync API runs one event loop per thread, so a second
session-long browser beside that one would refuse to start."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.store.conftest import database_url  # noqa: F401
from tests.web.e2e.conftest import chromium, server  # noqa: F401


@pytest.fixture
def browser() -> Iterator[object]:
    with chromium() as launched:
        yield launched
