"""Random action sequences in every ruleset, hostile ones among them: legal actions, legal
actions with one field replaced by garbage, made-up actions, undo and redo, in any order.
Whatever comes, a refusal is one `FracasError` and leaves the encounter exactly as it was,
and the log always replays to the state (issue 12, part 3).

The per-ruleset playouts (tests/rulesets/*/test_playout*.py, tests/engine/test_playouts.py)
play legal moves only; what this adds is the refused moves in between, and undo/redo."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fracas.core.choices import action_json
from fracas.core.encounter import Encounter, replay
from fracas.core.errors import FracasError
from fracas.core.registry import get_ruleset
from fracas.core.ruleset import BaseRuleset
from tests.fuzz.budget import share
from tests.fuzz.test_sheet_fuzz import EXAMPLES, ONE_PER_RULESET
from tests.rulesets.secrets import example_encounter
from tests.scenario.test_garbage import VALUES

STEPS = st.lists(
    st.tuples(
        st.sampled_from(["legal", "mangled", "made-up", "undo", "redo"]), st.integers(0, 10**6)
    ),
    max_size=12,
)


def refused_cleanly(enc: Encounter, attempt: Any) -> bool:
    """Run `attempt`; on a FracasError check that nothing moved. True when it was taken."""
    before = (enc.state, enc.log, enc.steps, enc.redoable)
    try:
        attempt()
    except FracasError as error:
        assert str(error).strip(), "a refusal says why"
        assert (enc.state, enc.log, enc.steps, enc.redoable) == before
        return False
    return True


def made_up(ruleset: BaseRuleset, enc: Encounter, pick: int, draw: st.DataObject) -> dict[str, Any]:
    ids = [c.id for c in enc.state.combatants] + ["gm", "nobody"]
    raw: dict[str, Any] = {
        "actor": ids[pick % len(ids)],
        "do": ruleset.action_names[pick % len(ruleset.action_names)],
    }
    for key in draw.draw(
        st.lists(st.sampled_from(["target", "to", "weapon", "path", "hp"]), max_size=3)
    ):
        raw[key] = draw.draw(VALUES | st.sampled_from(ids))
    return raw


def mangled(raw: dict[str, Any], draw: st.DataObject) -> dict[str, Any]:
    changed = copy.deepcopy(raw)
    key = draw.draw(st.sampled_from(sorted(changed)))
    changed[key] = draw.draw(VALUES)
    return changed


@share(4)
@pytest.mark.parametrize("name", ONE_PER_RULESET)
@given(seed=st.integers(0, 2**32), steps=STEPS, draw=st.data())
def test_random_hostile_sequences_keep_the_invariants(
    name: str, seed: int, steps: list[tuple[str, int]], draw: st.DataObject
) -> None:
    ruleset = get_ruleset(name.split("-")[0])
    assert isinstance(ruleset, BaseRuleset)
    enc = example_encounter(ruleset, EXAMPLES / name, seed)
    for kind, pick in steps:
        if enc.state.outcome is not None and kind not in ("undo", "redo"):
            continue
        if kind == "undo":
            refused_cleanly(enc, enc.undo)
        elif kind == "redo":
            refused_cleanly(enc, enc.redo)
        else:
            legal = enc.legal_actions()
            raw: dict[str, Any]
            if kind == "made-up" or not legal:
                raw = made_up(ruleset, enc, pick, draw)
            else:
                raw = action_json(legal[pick % len(legal)])
                if kind == "mangled":
                    raw = mangled(raw, draw)
            refused_cleanly(enc, lambda raw=raw: enc.act(ruleset.parse_action(raw)))
        assert replay(ruleset, enc.setup, enc.log) == enc.state
