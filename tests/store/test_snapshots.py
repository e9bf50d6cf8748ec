"""Snapshots are a shortcut only: used when they load, ignored (and rewritten) when they do
not, never able to name code outside fracas, and never changing what a fight loads as."""

from __future__ import annotations

import os
import pickle

import pytest
import sqlalchemy as sa

from fracas.core.registry import get_ruleset
from fracas.store import EncounterStore, open_store, schema, snapshots
from tests.store.helpers import DUEL

EVERY = 5


@pytest.fixture(autouse=True)
def _often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", EVERY)


def _talk(store: EncounterStore, encounter_id: str, lines: int) -> None:
    for n in range(lines):
        store.act(encounter_id, {"actor": "ada", "do": "say", "text": f"line {n}"})


def _snapshot_rows(url: str) -> list[tuple[str, int, str]]:
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        t = schema.snapshots
        rows = conn.execute(sa.select(t.c.encounter_id, t.c.seq, t.c.code)).all()
    engine.dispose()
    return [tuple(r) for r in rows]  # type: ignore[misc]


def _execute(url: str, statement: sa.Executable) -> None:
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(statement)
    engine.dispose()


def test_every_so_many_entries_one_snapshot_is_kept(database_url: str) -> None:
    with open_store(database_url) as store:
        created = store.create(DUEL, seed=1)
        _talk(store, created.encounter_id, 12)
    assert _snapshot_rows(database_url) == [
        (created.encounter_id, 10, snapshots.code_fingerprint())
    ]


def test_a_load_starts_from_the_snapshot(database_url: str) -> None:
    """Spoil an entry the snapshot covers: a load that replayed it would fail."""
    with open_store(database_url) as store:
        created = store.create(DUEL, seed=1)
        _talk(store, created.encounter_id, 12)
        expected = store.load(created.encounter_id).encounter
    entries = schema.entries
    _execute(
        database_url,
        sa.update(entries)
        .where(entries.c.encounter_id == created.encounter_id, entries.c.seq == 3)
        .values(events='[{"kind": "nonsense"}]'),
    )
    with open_store(database_url) as store:
        loaded = store.load(created.encounter_id).encounter
    assert loaded.state == expected.state
    assert loaded.log == expected.log
    assert len(loaded.steps) == 12


@pytest.mark.parametrize("spoil", ["garbage", "other code", "os.system"])
def test_a_bad_snapshot_is_ignored_and_rewritten(database_url: str, spoil: str) -> None:
    with open_store(database_url) as store:
        created = store.create(DUEL, seed=1)
        _talk(store, created.encounter_id, 12)
        expected = store.load(created.encounter_id).encounter.state
    values: dict[str, object] = {
        "garbage": {"data": b"not a pickle"},
        "other code": {"code": "0" * 64},
        "os.system": {"data": pickle.dumps(_Exploit())},
    }[spoil]
    _execute(database_url, sa.update(schema.snapshots).values(**values))
    with open_store(database_url) as store:
        assert store.load(created.encounter_id).encounter.state == expected
    assert _snapshot_rows(database_url) == [
        (created.encounter_id, 12, snapshots.code_fingerprint())
    ]


class _Exploit:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("touch /tmp/fracas-snapshot-exploit",))


def test_a_snapshot_cannot_name_code_outside_fracas() -> None:
    for hostile in (pickle.dumps(_Exploit()), pickle.dumps(os.getcwd)):
        with pytest.raises(pickle.UnpicklingError, match="may not name"):
            snapshots.load(hostile, get_ruleset("lines"))
