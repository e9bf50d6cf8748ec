"""Every ruleset's examples can be stored, acted on, and come back the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fracas.store import EncounterStore, open_store
from fracas.store.raw import as_raw
from tests.store.helpers import EXAMPLES

FILES = sorted(EXAMPLES.glob("*.yaml"))


def test_every_ruleset_has_an_example() -> None:
    from fracas.core.registry import available

    assert {path.name.split("-")[0] for path in FILES} >= set(available())


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_an_example_is_created_acted_on_and_reloaded(
    store: EncounterStore, database_url: str, path: Path
) -> None:
    created = store.create(path.read_text(), source=str(path), seed=3)
    for _ in range(3):
        loaded = store.load(created.encounter_id)
        state = loaded.encounter.state
        if state.outcome is not None:
            break
        suggestion = loaded.encounter.ruleset.suggest(state)
        acted = store.act(created.encounter_id, as_raw(suggestion), expected_seq=loaded.seq)
        assert acted.seq == loaded.seq + 1
    with open_store(database_url) as fresh:
        assert (
            fresh.load(created.encounter_id).encounter.state
            == store.load(created.encounter_id).encounter.state
        )


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_legal_action_reads_back_from_its_raw_form(path: Path) -> None:
    """What the log stores for a chosen action must parse back to that very action."""
    from fracas.runner import run_scenario
    from fracas.scenario import load_scenario

    spec = load_scenario(path).model_copy(update={"autoplay": False})
    encounter = run_scenario(spec, 3).encounter
    ruleset = encounter.ruleset
    actions = encounter.legal_actions()
    assert actions
    for action in actions:
        assert ruleset.parse_action(json.loads(json.dumps(as_raw(action)))) == action
