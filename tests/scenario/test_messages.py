"""Refusals of a file's content speak the file's language (issue 6): the place with every list
index, the names accepted at that very place, and never one of our class names."""

from __future__ import annotations

import re
from typing import Any

import pytest

from fracas.core.errors import ScenarioError
from fracas.core.registry import get_ruleset
from fracas.scenario import parse_scenario
from tests.engine.fixtures import duel
from tests.rulesets.nwo.core_helpers import op, scenario

CLASS_NAMES = re.compile(
    r"\b(Sheet|Stats|Skills|Position|Arena|WeaponCard|Weapon|GearItem|CombatantSpec|"
    r"ScenarioSpec|AutoplaySpec|Override|Move|LinesOptions|NwoOptions)\b"
)


def message(data: dict[str, Any]) -> str:
    with pytest.raises(ScenarioError) as caught:
        spec = parse_scenario(data)
        get_ruleset(spec.ruleset).setup(spec)
    text = str(caught.value)
    assert not CLASS_NAMES.search(text), text
    assert "instance of" not in text, text
    return text


def lines_with(index: int, **fields: Any) -> dict[str, Any]:
    data = duel()
    data["combatants"][index].update(fields)
    return data


def test_an_unknown_stat_lists_the_stats() -> None:
    text = message(lines_with(1, stats={"constitution": 2, "luck": 3}))
    assert text == (
        "combatants[1].stats.luck: unknown field; accepted: strength, dexterity, constitution, "
        "perception, mind"
    )


def test_an_unknown_map_field_lists_the_maps_fields() -> None:
    assert message(duel(map={"size": 3})) == "map.size: unknown field; accepted: layout, ambushed"
    nwo = scenario(op("ada", "crew", 0, 0), op("rex", "gang", 3, 3))
    nwo["map"]["lighting"] = "dark"
    assert message(nwo) == (
        "map.lighting: unknown field; accepted: width, height, walls, cover, pvp"
    )


def test_an_unknown_weapon_field_lists_the_weapons_fields_with_its_index() -> None:
    sword = {"id": "sword", "attack": "1d6+3", "damage": "1d6+2", "edge": "keen"}
    assert message(lines_with(0, weapons=[sword])) == (
        "combatants[0].weapons[0].edge: unknown field; accepted: id, attack, damage, range, "
        "reach, hands"
    )
    club = {"id": "club", "kind": "melee", "damage": 2, "crit_damage": 3, "heft": 1}
    nwo = scenario(op("ada", "crew", 0, 0, weapons=["handgun", club]), op("rex", "gang", 3, 3))
    assert message(nwo) == (
        "combatants[0].weapons[1].heft: unknown field; accepted: id, kind, damage, crit, "
        "crit_damage, effect, hands, magazine, reach, range"
    )


def test_a_bad_value_deep_in_a_list_names_every_index() -> None:
    cards = [
        {"id": "sword", "attack": "1d6+3", "damage": "1d6+2"},
        {"id": "axe", "attack": "1d6+1", "damage": "1d6+x"},
    ]
    text = message(lines_with(1, weapons=cards))
    assert text.startswith("combatants[1].weapons[1].damage: ")


def test_the_wrong_type_for_a_record_names_what_it_accepts() -> None:
    """pydantic would say "Input should be a valid dictionary or instance of Sheet"."""
    data = duel()
    data["combatants"].append(["rook", "raiders"])
    assert message(data) == (
        "scenario: combatants[2]: expected a mapping with any of: id, name, side, hp, "
        "position, stats, weapons"
    )
    assert (
        message(lines_with(0, stats=[3, 3])) == "scenario: combatants[0].stats: expected a mapping"
    )
    nwo = scenario(op("ada", "crew", 0, 0, skills=None), op("rex", "gang", 3, 3))
    nwo["combatants"][0]["skills"] = [7, 3]
    assert message(nwo) == (
        "combatants[0].skills: expected a mapping with any of: melee, aiming, nimble, strength, "
        "fitness, resolve, perception, hiding, robustness"
    )


def test_autoplay_speaks_of_its_field_not_of_the_boolean_it_might_have_been() -> None:
    """`autoplay` is `true` or a mapping: a mistake inside the mapping is about the mapping."""
    assert message(duel(autoplay={"rounds": 5})) == (
        "scenario: autoplay.rounds: unknown field; accepted: max_rounds"
    )
    assert message(duel(autoplay={"max_rounds": 0})) == (
        "scenario: autoplay.max_rounds: Input should be greater than or equal to 1"
    )


def test_an_unknown_option_lists_the_options() -> None:
    text = message(duel(options={"dying": "fast"}))
    assert text.startswith("options.dying: unknown field; accepted: ")
    assert "dying_counts" in text


def test_an_action_without_do_says_so_and_lists_the_actions() -> None:
    ruleset = get_ruleset("lines")
    with pytest.raises(ScenarioError) as caught:
        ruleset.parse_action({"actor": "ada", "target": "rook"})
    assert str(caught.value).startswith("missing `do`; accepted: end_turn, say, override, attack")


def test_an_unknown_action_field_lists_that_actions_fields() -> None:
    ruleset = get_ruleset("nwo")
    with pytest.raises(ScenarioError) as caught:
        ruleset.parse_action({"actor": "ada", "do": "move", "to": [1, 1], "speed": 3})
    assert str(caught.value) == "move.speed: unknown field; accepted: actor, to, path, declined"


def test_an_action_that_is_not_a_mapping_is_refused() -> None:
    with pytest.raises(ScenarioError, match="expected a mapping with actor and do"):
        get_ruleset("lines").parse_action(["ada", "attack"])  # type: ignore[arg-type]


def test_an_action_file_refusal_names_the_action_index() -> None:
    from fracas.runner import run_scenario

    data = duel(actions=[{"actor": "ada", "do": "end_turn"}, {"actor": "rook"}])
    result = run_scenario(parse_scenario(data))
    assert result.error is not None
    assert str(result.error).startswith("actions[1] (rook): missing `do`; accepted: end_turn")


def test_several_unknown_fields_at_one_place_share_one_clause() -> None:
    assert message(duel(lighting="dim", weather="rain")) == (
        "scenario: lighting, weather: unknown fields; accepted: ruleset, seed, options, map, "
        "order, combatants, dice, actions, autoplay"
    )


def test_a_tile_written_as_a_mapping_needs_x_and_y() -> None:
    with pytest.raises(ScenarioError) as caught:
        get_ruleset("nwo").parse_action({"actor": "ada", "do": "move", "to": {"x": 1, "z": 2}})
    assert str(caught.value) == "move.to: a tile is {x, y} or [x, y], not a mapping of x, z"
