"""The security tests' fixtures: the web API tests' app over a store of SQLite and of
PostgreSQL (tests/web/api_helpers.py, itself on the storage tests' `database_url`)."""

from tests.store.conftest import database_url, store  # noqa: F401
from tests.web.api_helpers import client, web_store  # noqa: F401
