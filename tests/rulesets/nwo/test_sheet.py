"""The `nwo` sheet and map (sheet.py, ruleset.setup): what a scenario may write, and the
refusals that say what would be accepted."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.nwo import RULESET
from fracas.rulesets.nwo.catalog import catalog
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.sheet import HP_MAX, INITIATIVE_BONUS
from fracas.scenario import parse_scenario
from tests.rulesets.nwo.core_helpers import op, scenario


def setup(*combatants: dict[str, Any], **kwargs: Any) -> dict[str, Operative]:
    state = RULESET.setup(parse_scenario(scenario(*combatants, **kwargs)))
    return {c.id: c for c in state.combatants}  # type: ignore[misc]


def refused(match: str, *combatants: dict[str, Any], **kwargs: Any) -> None:
    with pytest.raises(ScenarioError, match=match):
        setup(*combatants, **kwargs)


def test_catalog_keys_and_inline_weapons() -> None:
    """Seed weapon tables ("Handgun || 3 || Double 6 || 4"); an inline table in the same shape
    adds a weapon the catalog lacks (Staff "adjustments to the mechanics")."""
    club = {"id": "club", "kind": "melee", "damage": 2, "crit_damage": 3, "crit": [6]}
    people = setup(op("ada", "crew", 0, 0, weapons=["handgun", club]), op("rex", "gang", 3, 3))
    ada = people["ada"]
    assert ada.wielded == ("handgun", "club")
    assert ada.weapon("handgun") == catalog()["handgun"]
    club_row = ada.weapon("club")
    assert club_row is not None and (club_row.damage, club_row.crit_damage) == (2, 3)
    assert dict(ada.ammo) == {"handgun": 15}


def test_holstered_may_name_weapons_listed_under_weapons() -> None:
    """Seed: "characters are generally allowed to begin already wielding their weapons" and
    drawing needs them "readily available (either holstered or sheathed)": a weapon named in
    both lists starts holstered, not in hand."""
    people = setup(
        op(
            "ada",
            "crew",
            0,
            0,
            weapons=["shotgun", "handgun"],
            holstered=["handgun", "short_blade"],
        ),
        op("rex", "gang", 3, 3),
    )
    ada = people["ada"]
    assert ada.wielded == ("shotgun",)
    assert ada.holstered == ("handgun", "short_blade")
    assert [w.id for w in ada.arsenal] == ["shotgun", "handgun", "short_blade"]


def test_more_than_two_hands_in_hand_is_refused() -> None:
    """Seed: "It is possible to wield two one-handed weapons at once"; a two-hander and a
    pistol need three hands."""
    refused(
        "need 3 hands",
        op("ada", "crew", 0, 0, weapons=["shotgun", "handgun"]),
        op("rex", "gang", 3, 3),
    )


def test_an_unknown_weapon_is_refused_with_the_catalog() -> None:
    """Errors say what would be accepted: the catalog's keys."""
    refused(
        r"unknown weapon 'laser'; the catalog has: assault_rifle, bolt_action_rifle",
        op("ada", "crew", 0, 0, weapons=["laser"]),
        op("rex", "gang", 3, 3),
    )


def test_stats_are_refused_for_skills() -> None:
    """nwo reads skills (Aiming, Melee, Nimble ...), not the contract's generic stats."""
    refused("not stats", op("ada", "crew", 0, 0, stats={"strength": 3}), op("rex", "gang", 3, 3))


def test_a_position_on_a_wall_or_off_the_map_is_refused() -> None:
    """One combatant stands on one walkable tile."""
    refused(r"\(2, 2\) is a wall", op("ada", "crew", 2, 2), op("rex", "gang", 3, 3), walls=[(2, 2)])
    refused("off the 10x10 map", op("ada", "crew", 12, 2), op("rex", "gang", 3, 3))


def test_a_taken_position_is_refused() -> None:
    """One combatant a tile."""
    refused(r"\(3, 3\) is taken by ada", op("ada", "crew", 3, 3), op("rex", "gang", 3, 3))


def test_armor_sets_armor_hitpoints_and_hp_defaults() -> None:
    """Seed armor table: "Light || 2", "Medium || 4", "Heavy || 8" Armor Hitpoints; A20: the
    seed gives no base HP (option default_hp)."""
    people = setup(
        op("ada", "crew", 0, 0, armor="medium"),
        {"id": "rex", "side": "gang", "position": {"x": 3, "y": 3}, "armor": "heavy"},
        options={"default_hp": 12},
    )
    assert (people["ada"].ahp, people["ada"].max_ahp, people["ada"].movement) == (4, 4, 5)
    assert (people["rex"].ahp, people["rex"].hp, people["rex"].movement) == (8, 12, 4)
    refused("armor", op("ada", "crew", 0, 0, armor="plate"), op("rex", "gang", 3, 3))


def test_pre_focus_is_refused_in_pvp() -> None:
    """Seed: "Focus cannot be used before combat begins in PVP."""
    data = scenario(op("ada", "crew", 0, 0, focused=True), op("rex", "gang", 3, 3))
    data["map"]["pvp"] = True
    with pytest.raises(ScenarioError, match="PvP"):
        RULESET.setup(parse_scenario(data))


def test_hp_and_initiative_bonus_stay_in_their_documented_ranges() -> None:
    """A20: the seed gives no base HP (option default_hp, 10); 1-100 is ours, and the
    initiative bonus lies within -10..10 like the skills ("+2 at lvl 10") it comes from."""
    assert (HP_MAX, INITIATIVE_BONUS) == (100, 10)
    people = setup(op("ada", "crew", 0, 0, hp=100, initiative_bonus=-10), op("rex", "gang", 3, 3))
    assert (people["ada"].hp, people["ada"].initiative_bonus) == (100, -10)
    refused(
        r"combatants\[0\].hp: Input should be less than or equal to 100",
        op("ada", "crew", 0, 0, hp=101),
        op("rex", "gang", 3, 3),
    )
    refused(
        r"combatants\[1\].initiative_bonus: Input should be less than or equal to 10",
        op("ada", "crew", 0, 0),
        op("rex", "gang", 3, 3, initiative_bonus=11),
    )


@pytest.mark.parametrize("faces", [[13], [0], [5, 7], [-6]])
def test_crit_faces_that_2d6_cannot_show_are_refused(faces: list[int]) -> None:
    """Seed weapon tables: crits are "Double 6", "Double 5 / Double 6" - a pair of equal d6
    faces, so each listed face is 1-6."""
    club = {"id": "club", "kind": "melee", "damage": 2, "crit_damage": 3, "crit": faces}
    refused(
        r"combatants\[0\].weapons\[1\].crit: a crit is a double on 2d6, named by its face: 1-6",
        op("ada", "crew", 0, 0, weapons=["short_blade", club]),
        op("rex", "gang", 3, 3),
    )


def test_every_double_is_a_possible_crit() -> None:
    """Double 1 is as possible on 2d6 as Double 6; a GM's weapon may crit on it."""
    club = {"id": "club", "kind": "melee", "damage": 2, "crit_damage": 3, "crit": [1, 6]}
    weapon = setup(op("ada", "crew", 0, 0, weapons=[club]), op("rex", "gang", 3, 3))["ada"]
    row = weapon.weapon("club")
    assert row is not None and row.crits_on(1, 1) and not row.crits_on(1, 2)


def test_weapon_numbers_stay_in_their_documented_ranges() -> None:
    """The seed's rows deal 1-5 and crit for 2-8; the machine gun holds 100 rounds."""
    big = {"id": "big", "kind": "ranged", "damage": 11, "crit_damage": 21, "magazine": 201}
    with pytest.raises(ScenarioError) as caught:
        setup(op("ada", "crew", 0, 0, weapons=[big]), op("rex", "gang", 3, 3))
    message = str(caught.value)
    for field, top in (("damage", 10), ("crit_damage", 20), ("magazine", 200)):
        assert (
            f"combatants[0].weapons[0].{field}: Input should be less than or equal to {top}"
            in message
        )


def test_an_inline_weapon_error_names_its_index() -> None:
    club = {"id": "club", "kind": "melee", "damage": -2, "crit_damage": 3}
    refused(
        r"combatants\[0\].weapons\[1\].damage: Input should be greater than or equal to 0",
        op("ada", "crew", 0, 0, weapons=["short_blade", club]),
        op("rex", "gang", 3, 3),
    )


@pytest.mark.parametrize("place", ["walls", "cover"])
def test_walls_and_cover_off_the_map_are_refused(place: str) -> None:
    """A wall off the 10x10 map would be silently ignored; it is a typo, so it is refused."""
    tiles = {place: [(2, 2), (10, 3)]}
    refused(
        rf"map: {place}\[1\]: \(10, 3\) is off the 10x10 map \(x 0-9, y 0-9\)",
        op("ada", "crew", 0, 0),
        op("rex", "gang", 3, 3),
        **tiles,
    )
    refused(
        rf"map: {place}\[0\]: \(-1, 0\) is off the 10x10 map",
        op("ada", "crew", 0, 0),
        op("rex", "gang", 3, 3),
        **{place: [(-1, 0)]},
    )
