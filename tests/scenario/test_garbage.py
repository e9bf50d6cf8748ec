"""Whatever a file holds, reading it ends in a scenario or in one `FracasError`: never another
exception, a traceback or a hang (issue 6, "Bad input never gives a traceback")."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.core.errors import FracasError
from fracas.runner import run_scenario
from fracas.scenario import parse_scenario
from fracas.yaml_input import load_yaml
from tests.engine.fixtures import duel
from tests.rulesets.nwo.core_helpers import op, scenario

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["handgun", "1d6", "-1d6", "gm", "lines", "nwo", "[/]", "\x1b[31m", ""]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=8), st.integers(-3, 3)), inner, max_size=4),
    ),
    max_leaves=20,
)
NWO = scenario(
    op("ada", "crew", 0, 0, weapons=["handgun", "short_blade"]),
    op("rex", "gang", 3, 3),
    dice=[6, 5, 1, 2] * 4,
    actions=[
        {"actor": "ada", "do": "move", "path": [[1, 0], [2, 0]]},
        {"actor": "ada", "do": "attack", "target": "rex", "weapon": "handgun"},
        {"actor": "gm", "do": "override", "target": "rex", "hp": 3, "position": {"x": 4, "y": 4}},
        {"actor": "ada", "do": "say", "text": "[/] down"},
        {"actor": "ada", "do": "end_turn"},
    ],
)
LINES = duel(
    dice=[3, 3, 4] * 4,
    actions=[
        {"actor": "ada", "do": "attack", "target": "rook", "weapon": "sword"},
        {"actor": "gm", "do": "override", "target": "rook", "hp": 1, "position": {"line": 5}},
        {"actor": "ada", "do": "move", "to": 2},
        {"actor": "ada", "do": "end_turn"},
    ],
)
VALID = [LINES, NWO]


def accept_or_refuse(data: Any) -> None:
    """Parse, set up and play the listed actions; only a FracasError may come out (an
    illegal action is reported in the result, which is also fine)."""
    if isinstance(data, dict):
        data.pop("autoplay", None)  # the tactics are not under test here, and take time
    with contextlib.suppress(FracasError):
        run_scenario(parse_scenario(data))


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [here]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*here, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, (*here, index))
    return found


@given(VALUES)
def test_random_structures_are_refused_cleanly(data: Any) -> None:
    accept_or_refuse(data)


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VALID), st.data())
def test_a_valid_scenario_with_one_place_replaced_by_garbage(base: Any, draw: Any) -> None:
    """Garbage in one field of a real scenario reaches the deep validators (sheets, weapons,
    the map), which whole-random structures rarely do."""
    data = copy.deepcopy(base)
    path = draw.draw(st.sampled_from(_paths(data)[1:]))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = draw.draw(VALUES)
    accept_or_refuse(data)


@given(st.text(max_size=200))
def test_random_text_as_yaml_is_read_or_refused(text: str) -> None:
    with contextlib.suppress(FracasError):
        accept_or_refuse(load_yaml(text, "garbage.yaml"))


YAML_PIECES = (
    *("a:", " ", "-", "[", "]", "{", "}", ",", "&x", "*x", "<<:", "?", "|", "\n", "1", '"', "'"),
    *("!!int", "!!float", "!!timestamp", "!!binary", "!!set", "!!omap", "!!pairs", "!!str"),
    *("2001-13-45", "1e999", "0x", ".inf", "~", "---", "...", "%YAML 1.1", "#", "\t"),
    *("ruleset: lines\n", "combatants:\n", "- id: a\n"),
)


@given(st.lists(st.sampled_from(YAML_PIECES), max_size=40))
def test_yaml_punctuation_is_read_or_refused(pieces: list[str]) -> None:
    """Explicit tags on text that is not of their type (`!!int x`, a bare `!!timestamp`) made
    PyYAML's constructors fail with AttributeError and IndexError."""
    with contextlib.suppress(FracasError):
        accept_or_refuse(load_yaml("".join(pieces), "garbage.yaml"))


@pytest.mark.parametrize("text", ["!!timestamp", "!!int", "!!float", "a: !!timestamp x"])
def test_a_tagged_value_that_is_not_of_its_type_is_refused(text: str) -> None:
    with pytest.raises(FracasError, match="not valid YAML"):
        load_yaml(text, "garbage.yaml")
