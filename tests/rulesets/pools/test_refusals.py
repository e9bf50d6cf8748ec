"""Bad input under `pools`: one clear message saying what, where and what would be
accepted, and nothing changed."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.pools import RULESET
from fracas.runner import run_scenario
from fracas.scenario import parse_scenario
from tests.rulesets.pools.helpers import Fight, scenario, soldier


def load(*combatants: dict[str, Any], **kwargs: Any) -> None:
    RULESET.setup(parse_scenario(scenario(*combatants, **kwargs)))


def refused(match: str, *combatants: dict[str, Any], **kwargs: Any) -> None:
    with pytest.raises(ScenarioError, match=match):
        load(*combatants, **kwargs)


def test_an_unknown_weapon_name_lists_the_built_in_ones() -> None:
    refused(
        r"combatants\[0\]\.weapons: .*unknown weapon 'sword'.*unarmed, makeshift, "
        "makeshift_2h, thrown_object",
        soldier("ada", "a", 0, weapons=["sword"]),
        soldier("rook", "b", 4),
    )


def test_a_negative_stat_names_its_field_and_range() -> None:
    refused(
        r"combatants\[1\]\.stats\.strength: .*greater than or equal to 0",
        soldier("ada", "a", 0),
        soldier("rook", "b", 4, strength=-1),
    )


def test_a_boolean_is_not_a_number() -> None:
    refused(
        r"combatants\[0\]\.position\.distance: expected a whole number, not true",
        {**soldier("ada", "a", 0), "position": {"distance": True}},
        soldier("rook", "b", 4),
    )


def test_an_unknown_stat_lists_the_stats() -> None:
    refused(
        r"stats\.charisma: unknown field; accepted: strength, dexterity, intelligence",
        {**soldier("ada", "a", 0), "stats": {"charisma": 3}},
        soldier("rook", "b", 4),
    )


def test_a_bad_armor_category_lists_the_categories() -> None:
    refused(r"combatants\[0\]\.armor", soldier("ada", "a", 0, armor="plate"), soldier("r", "b", 4))


def test_cover_is_one_rating_a_distance() -> None:
    refused(
        r"map\.cover: .*distance 3 has cover twice",
        soldier("ada", "a", 0),
        soldier("rook", "b", 4),
        map={"cover": [{"distance": 3, "rating": "weak"}, {"distance": 3, "rating": "strong"}]},
    )
    refused(
        r"map\.cover\[0\]\.rating",
        soldier("ada", "a", 0),
        soldier("rook", "b", 4),
        map={"cover": [{"distance": 3, "rating": "sturdy"}]},
    )


def test_starting_in_cover_needs_cover_there() -> None:
    refused(
        r"combatants\[0\]\.position\.in_cover: map\.cover has nothing at distance 0",
        soldier("ada", "a", 0, in_cover=True),
        soldier("rook", "b", 4),
    )


def test_an_unknown_option_lists_the_options() -> None:
    refused(
        r"options\.success: unknown field; accepted: success_on",
        soldier("ada", "a", 0),
        soldier("rook", "b", 4),
        options={"success": 4},
    )


def test_actions_out_of_turn_or_unknown_change_nothing() -> None:
    fight = Fight(soldier("ada", "a", 0), soldier("rook", "b", 4))
    fight.refuse("rook", "move", "it is ada's turn, not rook's", to=3)
    fight.refuse(
        "ada",
        "shoot",
        "no ranged or thrown weapon 'bow'; it carries: rifle",
        weapon="bow",
        targets=[{"target": "rook"}],
    )
    fight.refuse(
        "ada",
        "shoot",
        "there is no combatant 'nobody'",
        weapon="rifle",
        targets=[{"target": "nobody"}],
    )
    with pytest.raises(ScenarioError, match="unknown action 'teleport'; pools accepts: end_turn"):
        fight.action("ada", "teleport")
    with pytest.raises(ScenarioError, match=r"shoot\.targets"):
        fight.action("ada", "shoot", weapon="rifle", targets=[])


def test_a_refused_volley_is_placed_by_its_targets() -> None:
    """`fracas run` names a refused action by its index and the action's own label: a
    `shoot` names its targets (it has no single `target`)."""
    data = scenario(
        soldier("ada", "a", 2),
        soldier("rook", "b", 2),
        soldier("crow", "b", 6),
    )
    volley = {"actor": "ada", "do": "shoot", "weapon": "rifle", "targets": [{"target": "crow"}]}
    data["actions"] = [volley]
    result = run_scenario(parse_scenario(data))
    assert result.error is not None
    assert result.error.place == "actions[0] (ada shoot crow)"
    assert "enemy at distance 0 (rook)" in result.error.message
