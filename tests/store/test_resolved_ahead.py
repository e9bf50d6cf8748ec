"""An action is resolved before its write, on the cached fight of the step it was decided on
(store.py `_resolved_ahead`), so the writers' one lane holds only the database's work; the
write uses that resolution only when the stored fight is still at that step.

Issue 12, part 2: "exactly one applies, the other gets a clear 'the fight moved on'"; these
check that resolving ahead changes no answer, no event and no order of refusals.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from fracas.core.errors import FracasError
from fracas.store import EncounterStore, StaleSequence, open_store, schema
from fracas.store.lane import AheadWrite
from fracas.store.live import Live, LogRow
from tests.store.helpers import ATTACK, DUEL, END_ADA, events_json


def test_a_warm_store_resolves_an_action_outside_the_writers_lane(
    store: EncounterStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the fight cached at the step the action names, no rule runs on the committing
    thread (SQLite's group commit; PostgreSQL writes on the caller's thread, where the
    action is resolved before the transaction begins)."""
    created = store.create(DUEL, seed=5)
    store.load(created.encounter_id)  # caches step 0
    where: list[str] = []
    resolve = Live.act

    def watched(live: Live, *args: Any) -> Any:
        where.append(threading.current_thread().name)
        return resolve(live, *args)

    monkeypatch.setattr(Live, "act", watched)
    done = store.act(created.encounter_id, ATTACK, expected_seq=0)
    assert done.seq == 1
    assert where == [threading.current_thread().name]


def test_resolved_ahead_or_inside_the_write_the_log_is_the_same(tmp_path: Path) -> None:
    """Two stores on one file: the first caches step 0, the second writes step 1, then the
    first acts without naming a step. Its resolution at step 0 is stale, so the action is
    resolved again inside the write, at step 1: the log equals that of one store acting
    twice in a row on a copy of the fight."""
    url = f"sqlite:///{tmp_path / 'a.db'}"
    with open_store(url) as first, open_store(url) as second:
        encounter = first.create(DUEL, seed=5).encounter_id
        first.load(encounter)
        second.act(encounter, ATTACK, expected_seq=0)
        done = first.act(encounter, END_ADA)
        assert done.seq == 2
        raced = [events_json(e.events) for e in first.history(encounter)]
    with open_store(f"sqlite:///{tmp_path / 'b.db'}") as alone:
        encounter = alone.create(DUEL, seed=5).encounter_id
        alone.act(encounter, ATTACK, expected_seq=0)
        alone.act(encounter, END_ADA, expected_seq=1)
        assert raced == [events_json(e.events) for e in alone.history(encounter)]


def test_an_action_bound_to_no_step_is_judged_at_the_stored_step(tmp_path: Path) -> None:
    """The first store caches step 0 and resolves ada's attack there (legal); the second
    has written that attack as step 1 meanwhile, so inside the write the same attack is
    judged at step 1, where ada has used her action: refused, and nothing is written."""
    url = f"sqlite:///{tmp_path / 'a.db'}"
    with open_store(url) as first, open_store(url) as second:
        encounter = first.create(DUEL, seed=5).encounter_id
        first.load(encounter)
        second.act(encounter, ATTACK, expected_seq=0)
        with pytest.raises(FracasError, match="already used this turn's action"):
            first.act(encounter, ATTACK)
        assert first.load(encounter).seq == 1


def test_a_stale_action_that_the_rules_also_refuse_is_told_the_fight_moved_on(
    tmp_path: Path,
) -> None:
    """The first store caches step 0 and the second writes step 1; an action decided on
    step 0 that the rules refuse there is resolved ahead (and refused) on the cache, but
    what the caller hears is the stale step, as without resolving ahead."""
    url = f"sqlite:///{tmp_path / 'a.db'}"
    spoon = {**ATTACK, "weapon": "spoon"}
    with open_store(url) as first, open_store(url) as second:
        encounter = first.create(DUEL, seed=5).encounter_id
        first.load(encounter)
        second.act(encounter, ATTACK, expected_seq=0)
        with pytest.raises(StaleSequence):
            first.act(encounter, spoon, expected_seq=0)
        with pytest.raises(FracasError, match="already used this turn's action"):
            first.act(encounter, spoon, expected_seq=1)  # the rules' refusal at step 1
        assert first.load(encounter).seq == 1


def _ahead(encounter: str, at: int, entry_seq: int) -> AheadWrite:
    """An entry as `act` resolves it ahead at step `at` (the events need not be real: the
    store appends what it is given)."""
    entry = LogRow(entry_seq, "action", '{"actor":"ada","do":"say"}', "[]", None, None, "t")
    return AheadWrite(encounter, at, entry, None, None)


def test_an_entry_resolved_at_a_step_the_fight_has_left_writes_nothing(
    store: EncounterStore,
) -> None:
    """`write_ahead` appends only if the stored fight still stands at the entry's step: the
    fight is at step 1, an entry resolved at step 0 is turned down and nothing changes (the
    caller then resolves the action inside its own write)."""
    encounter = store.create(DUEL, seed=5).encounter_id
    store.act(encounter, ATTACK, expected_seq=0)
    assert store.write_ahead(_ahead(encounter, 0, 1)) is False
    assert [e.seq for e in store.history(encounter)] == [0, 1]
    assert store.write_ahead(_ahead(encounter, 1, 2)) is True
    assert [e.seq for e in store.history(encounter)] == [0, 1, 2]
    assert store.summary(encounter).seq == 2


def test_an_entry_whose_step_is_taken_is_stale_and_the_fight_stays_put(
    store: EncounterStore,
) -> None:
    """An entry row already at the step the fight would move to (written by hand here, as
    no writer of fracas leaves one) makes the append fail as a whole: the row does not move
    on either, and the caller hears the fight moved on. On PostgreSQL this is the one
    statement's atomicity; on SQLite the write's savepoint."""
    encounter = store.create(DUEL, seed=5).encounter_id
    with store.engine.begin() as conn:
        values = {"encounter_id": encounter, "seq": 1, "kind": "action", "action": "{}"}
        conn.execute(sa.insert(schema.entries).values(events="[]", at="t", **values))
    with pytest.raises(StaleSequence, match="another action took step 1 first"):
        store.write_ahead(_ahead(encounter, 0, 1))
    assert store.summary(encounter).seq == 0


def test_a_warm_action_is_written_in_one_statement_on_postgresql(
    store: EncounterStore,
) -> None:
    """On PostgreSQL an action resolved ahead is written by one statement committed on its
    own (the row's check and move, and the entry's insert): no transaction's BEGIN, row
    lock, second statement and COMMIT. On SQLite it is the conditional update and the
    insert inside the group commit's transaction."""
    encounter = store.create(DUEL, seed=5).encounter_id
    store.load(encounter)
    said: list[str] = []

    def heard(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        said.append(" ".join(statement.split()[:3]))

    sa.event.listen(store.engine, "before_cursor_execute", heard)
    try:
        store.act(encounter, ATTACK, expected_seq=0)
    finally:
        sa.event.remove(store.engine, "before_cursor_execute", heard)
    if store.engine.dialect.name == "postgresql":
        assert [s for s in said if not s.startswith("select pg_catalog")] == ["WITH advanced AS"]
    else:
        assert said == [
            "BEGIN IMMEDIATE",
            "UPDATE fracas_encounters SET",
            "INSERT INTO fracas_entries",
        ]
    assert [e.seq for e in store.history(encounter)] == [0, 1]
