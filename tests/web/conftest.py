"""The web API tests' fixtures (tests/web/api_helpers.py): an app over a store of SQLite and
of PostgreSQL, the storage tests' `database_url` reused."""

from tests.web.api_helpers import client, database_url, web_store  # noqa: F401
