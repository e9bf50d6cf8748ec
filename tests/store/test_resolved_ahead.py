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

from fracas.core.errors import FracasError
from fracas.store import EncounterStore, StaleSequence, open_store
from fracas.store.live import Live
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
