"""Bad sheets and scenarios get one clear message: what, where, what is accepted."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.fatewalker import RULESET
from fracas.scenario import parse_scenario
from tests.rulesets.fatewalker.helpers import walker


def _setup(*combatants: dict[str, Any], **extra: Any) -> None:
    RULESET.setup(
        parse_scenario({"ruleset": "fatewalker", "combatants": list(combatants), **extra})
    )


def test_a_weapon_with_bad_damage_notation_names_its_field() -> None:
    bad = walker("ada", "a", weapons=[{"id": "axe", "damage": "3x2"}])
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.weapons\[0\]\.damage: .*odd points"):
        _setup(bad, walker("bo", "b"))


def test_hp_is_refused_for_the_wound_chart() -> None:
    with pytest.raises(ScenarioError, match=r"combatants\[1\]\.hp: fatewalker counts boxes"):
        _setup(walker("ada", "a"), {**walker("bo", "b"), "hp": 10})


def test_a_fixed_order_is_refused_with_the_way_to_fix_ticks() -> None:
    with pytest.raises(ScenarioError, match="start_tick"):
        _setup(walker("ada", "a"), walker("bo", "b"), order=["ada", "bo"])


def test_an_unknown_attribute_lists_the_accepted_ones() -> None:
    bad = walker("ada", "a", attributes={"strength": 3})
    with pytest.raises(
        ScenarioError, match=r"attributes\.strength: unknown field; accepted: prowess"
    ):
        _setup(bad, walker("bo", "b"))


def test_a_surprised_side_must_exist() -> None:
    with pytest.raises(ScenarioError, match=r"options\.surprise: no side called c"):
        _setup(walker("ada", "a"), walker("bo", "b"), options={"surprise": {"c": 5}})


def test_a_position_in_metres_refuses_true() -> None:
    bad = {**walker("ada", "a"), "position": {"x": True, "y": 0}}
    with pytest.raises(ScenarioError, match=r"position\.x"):
        _setup(bad, walker("bo", "b"))
