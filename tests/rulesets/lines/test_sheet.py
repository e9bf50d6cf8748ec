"""The `lines` sheet's ranges and amounts (sheet.py; docs/rulesets/lines.md, "The sheet"):
a value outside them is refused at load with its field path, before any fight starts."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.lines import RULESET
from fracas.rulesets.lines.fighter import Fighter
from fracas.rulesets.lines.sheet import ATTRIBUTE_MAX, FARTHEST, HP_MAX
from fracas.scenario import parse_scenario

from .helpers import KIT, SWORD, ada, raider, scenario


def setup(*combatants: dict[str, Any]) -> dict[str, Fighter]:
    state = RULESET.setup(parse_scenario(scenario(*combatants)))
    return {c.id: c for c in state.combatants}  # type: ignore[misc]


def refused(match: str, *combatants: dict[str, Any]) -> None:
    with pytest.raises(ScenarioError, match=match):
        setup(*combatants)


@pytest.mark.parametrize("stat", ["strength", "dexterity", "perception", "mind", "constitution"])
def test_attributes_stop_at_ten(stat: str) -> None:
    """Seed 002 names the attributes ("adds their Perception", "a roll for Dexterity") but
    prints no scale: 0-10 (Constitution 1-10) is ours, and the top is accepted."""
    assert ATTRIBUTE_MAX == 10
    people = setup(ada(**{stat: 10}), raider())
    assert getattr(people["ada"], stat) == 10
    refused(
        rf"combatants\[0\].stats.{stat}: Input should be less than or equal to 10",
        ada(**{stat: 11}),
        raider(),
    )


def test_constitution_zero_is_refused() -> None:
    """Seed 002: a fighter "whose Constitution would drop to 0 ... dies permanently", so no
    living sheet starts at 0."""
    refused(
        r"combatants\[1\].stats.constitution: .*greater than or equal to 1",
        ada(),
        raider(constitution=0),
    )


def test_hp_stops_at_the_documented_maximum() -> None:
    assert HP_MAX == 100
    assert setup(ada(hp=100), raider())["ada"].hp == 100
    refused(r"combatants\[0\].hp: Input should be less than or equal to 100", ada(hp=101), raider())


def test_range_and_reach_stop_at_five_lines() -> None:
    """Seed 002: "All fights take place on an area divided into 6 lines", so two fighters are
    at most five lines apart."""
    assert FARTHEST == 5
    far = {"id": "far", "attack": "1d6", "damage": "1d6", "range": 6}
    refused(
        r"combatants\[0\].weapons\[1\].range: .*less than or equal to 5",
        ada(weapons=[SWORD, far]),
        raider(),
    )
    pike = {"id": "pike", "attack": "1d6", "damage": "1d6", "reach": 6}
    refused(
        r"combatants\[0\].weapons\[0\].reach: .*less than or equal to 5",
        ada(weapons=[pike]),
        raider(),
    )


@pytest.mark.parametrize("dice", ["-1d6", "1d6-3", "2d6-7"])
def test_damage_dice_that_can_go_below_zero_are_refused(dice: str) -> None:
    """Seed 002: "the damage roll determines how much it hurts"; a total below 0 would heal."""
    card = {"id": "odd", "attack": "1d6", "damage": dice}
    refused(
        r"combatants\[1\].weapons\[0\].damage: .* can total -\d+; "
        "damage and healing dice must not go below 0",
        ada(),
        raider(weapons=[card]),
    )


def test_damage_dice_that_stop_at_zero_are_accepted() -> None:
    card = {"id": "weak", "attack": "1d6", "damage": "1d6-1"}
    assert setup(ada(weapons=[card]), raider())["ada"].weapons[0].damage == "1d6-1"


def test_healing_dice_that_can_go_below_zero_are_refused() -> None:
    """Seed 002: "The amount of healed HP can be no greater than the healer's Mind" - an
    amount, never a wound."""
    bad = {**KIT, "heal": "1d6-2"}
    refused(r"combatants\[0\].gear\[0\].heal: 1d6-2 can total -1", ada(gear=[bad]), raider())


def test_hands_must_be_a_number() -> None:
    card = {**SWORD, "hands": True}
    refused(
        r"combatants\[0\].weapons\[0\].hands: expected a number, not true/false",
        ada(weapons=[card]),
        raider(),
    )


def test_a_weapon_named_instead_of_given_is_refused_with_its_index() -> None:
    """Seed 002 prints no weapon tables: "The dice needed and modifiers are written down on
    each weapon's card"."""
    sheet = ada()
    sheet["weapons"].append("rifle")
    refused(
        r"combatants\[0\].weapons\[1\]: 'rifle' is a name, but lines has no weapon catalog",
        sheet,
        raider(),
    )
