"""Every ruleset's sheet parsing under fuzzing: a real example scenario with one place
replaced by garbage is set up, and its first listed actions played, or refused with one
`FracasError` (issue 12, part 3).

tests/scenario/test_garbage.py does this for `lines` and `nwo`; this file covers every
ruleset, from the scenario each one ships in examples/, so the sheet validators of
`tiers`, `pools` and `fatewalker` (armour, powers, mounts, light sources) are reached too."""

from __future__ import annotations

import contextlib
import copy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.core.errors import FracasError
from fracas.runner import run_scenario
from fracas.scenario import parse_scenario
from fracas.yaml_input import load_yaml, read_text
from tests.scenario.test_garbage import VALUES, _paths

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ONE_PER_RULESET = [
    "lines-skirmish.yaml",
    "nwo-firefight.yaml",
    "tiers-duel.yaml",
    "pools-brawl.yaml",
    "fatewalker-duel.yaml",
]
ACTIONS_KEPT = 3
"""Enough listed actions to reach the action validators, few enough to keep each example fast."""


def base(name: str) -> dict[str, Any]:
    path = EXAMPLES / name
    data = load_yaml(read_text(path), str(path))
    data.pop("autoplay", None)
    data["actions"] = data.get("actions", [])[:ACTIONS_KEPT]
    return data  # type: ignore[no-any-return]


BASES = {name: base(name) for name in ONE_PER_RULESET}


def set_up_or_refused(data: Any) -> None:
    with contextlib.suppress(FracasError):
        run_scenario(parse_scenario(data))


@pytest.mark.parametrize("name", ONE_PER_RULESET)
def test_each_base_scenario_sets_up_cleanly(name: str) -> None:
    """The fuzzed variants start from something valid, or the test below proves little."""
    result = run_scenario(parse_scenario(copy.deepcopy(BASES[name])))
    assert result.encounter.state.combatants


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ONE_PER_RULESET), st.data())
def test_one_place_of_a_sheet_replaced_by_garbage(name: str, draw: st.DataObject) -> None:
    data = copy.deepcopy(BASES[name])
    sheets = [p for p in _paths(data)[1:] if p[0] in ("combatants", "map", "options", "actions")]
    path = draw.draw(st.sampled_from(sheets))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = draw.draw(VALUES)
    set_up_or_refused(data)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(ONE_PER_RULESET), st.data())
def test_one_key_of_a_sheet_dropped(name: str, draw: st.DataObject) -> None:
    """A required field left out is named, whichever ruleset needed it."""
    data = copy.deepcopy(BASES[name])
    keyed = [p for p in _paths(data)[1:] if isinstance(p[-1], str)]
    path = draw.draw(st.sampled_from(keyed))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    del parent[path[-1]]
    set_up_or_refused(data)
