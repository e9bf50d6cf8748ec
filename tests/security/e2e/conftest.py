"""The browser test's fixtures: a real `fracas serve` on SQLite and PostgreSQL
(tests/web/e2e/conftest.py's `server`); the browser is the session's one (tests/conftest.py)."""

from __future__ import annotations

from tests.store.conftest import database_url  # noqa: F401
from tests.web.e2e.conftest import server  # noqa: F401
