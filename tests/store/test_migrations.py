"""Schema versions: a new database is built up migration by migration, an older one is
brought forward with its fights intact, and a newer one is refused untouched."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from fracas.core.errors import FracasError
from fracas.store import open_store, schema
from fracas.store.engine import make_engine
from tests.store.helpers import ATTACK, DUEL, END_ADA


def test_a_new_database_is_at_the_newest_version(database_url: str) -> None:
    with open_store(database_url) as store:
        assert store.schema_version == len(schema.MIGRATIONS)


def test_an_older_database_is_migrated_and_keeps_its_fights(database_url: str) -> None:
    with open_store(database_url) as store:
        created = store.create(DUEL, seed=3)
        store.act(created.encounter_id, ATTACK)
        before = store.export(created.encounter_id)
    engine = make_engine(database_url)
    with engine.begin() as conn:  # back to what the first schema version had
        schema.snapshots.drop(conn)
        conn.execute(sa.delete(schema.schema_version).where(schema.schema_version.c.version > 1))
    engine.dispose()
    with open_store(database_url) as upgraded:
        assert upgraded.schema_version == len(schema.MIGRATIONS)
        assert upgraded.export(created.encounter_id) == before
        assert upgraded.act(created.encounter_id, END_ADA).seq == 2
    engine = make_engine(database_url)
    with engine.connect() as conn:
        versions = conn.execute(sa.select(schema.schema_version.c.version)).scalars().all()
        assert sorted(versions) == list(range(1, len(schema.MIGRATIONS) + 1))
        assert sa.inspect(conn).has_table(schema.snapshots.name)
    engine.dispose()


def test_a_newer_database_is_refused(database_url: str) -> None:
    with open_store(database_url):
        pass
    engine = make_engine(database_url)
    with engine.begin() as conn:
        conn.execute(sa.insert(schema.schema_version).values(version=99, applied="future"))
    engine.dispose()
    with pytest.raises(FracasError, match="schema version 99, newer than this fracas"):
        open_store(database_url)
