"""The browser tests' fixtures (tests/web/e2e/conftest.py): a real `fracas serve` on
SQLite and PostgreSQL, and Debian's chromium."""

from tests.store.conftest import database_url  # noqa: F401
from tests.web.e2e.conftest import browser, server  # noqa: F401
