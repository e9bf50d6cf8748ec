"""Melee under `pools` (seed 004, "Combat", "Melee", armor): the attacker's Strength pool,
then the defender's, scripted (6 a success, 1 not)."""

from __future__ import annotations

import pytest

from fracas.core.events import DiceRolled
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier


def test_the_defender_holds_a_tie() -> None:
    """P3 (`tie: defender`): the attacker needs more successes than the defender."""
    fight = Fight(
        soldier("ada", "a", 2, strength=1), soldier("rook", "b", 2, strength=1), dice=[HIT, HIT]
    )
    fight.act("ada", "attack", target="rook", weapon="knife")
    assert fight.contests()[0].winner == "rook"
    assert fight.damage() == []


def test_a_tie_may_go_to_the_attacker_or_be_rolled_again() -> None:
    """P3 `tie: attacker` and `tie: reroll`."""
    to_attacker = Fight(
        soldier("ada", "a", 2, strength=1),
        soldier("rook", "b", 2, strength=1),
        options={"tie": "attacker"},
        dice=[MISS, MISS],
    )
    to_attacker.act("ada", "attack", target="rook", weapon="knife")
    assert to_attacker.damage() == [("rook", 2, 8)]
    again = Fight(
        soldier("ada", "a", 2, strength=1),
        soldier("rook", "b", 2, strength=1),
        options={"tie": "reroll"},
        dice=[HIT, HIT, HIT, MISS],
    )
    again.act("ada", "attack", target="rook", weapon="knife")
    assert len(again.events(DiceRolled)) == 4
    assert again.damage() == [("rook", 2, 8)]


def test_melee_only_at_distance_zero() -> None:
    """ "You can only melee attack someone if you are in distance 0." "Distances 1 and beyond
    forbid melee attacks" """
    fight = Fight(soldier("ada", "a", 2), soldier("rook", "b", 3))
    fight.refuse("ada", "attack", "not at distance 0", target="rook", weapon="knife")


def test_melee_needs_the_same_altitude() -> None:
    """ "You need to occupy the same distance and altitude in order to attack someone in
    melee." """
    fight = Fight(soldier("ada", "a", 2), soldier("rook", "b", 2, altitude=1, perks=["flight"]))
    fight.refuse("ada", "attack", "same distance and altitude", target="rook")


def test_cover_has_no_effect_on_melee() -> None:
    """ "Cover has no effect on melee." """
    fight = Fight(
        soldier("ada", "a", 2, strength=1),
        soldier("rook", "b", 2, strength=1),
        map={"cover": [{"distance": 2, "rating": "fortified"}]},
        dice=[HIT, MISS],
    )
    fight.act("ada", "attack", target="rook", weapon="knife")
    assert [e.expr for e in fight.events(DiceRolled)] == ["1d6>=5", "1d6>=5"]
    assert fight.damage() == [("rook", 2, 8)]


@pytest.mark.parametrize(("weapon", "dealt"), [("unarmed", 1), ("makeshift", 2)])
def test_unarmed_deals_one_and_makeshift_two(weapon: str, dealt: int) -> None:
    """ "Unarmed combat deals 1 damage" "Random objects are called makeshift weapons. They
    deal 2 damage" (checklist example 1)."""
    fight = Fight(
        soldier("ada", "a", 2, strength=1, weapons=["makeshift"]),
        soldier("rook", "b", 2, strength=1),
        dice=[HIT, MISS],
    )
    fight.act("ada", "attack", target="rook", weapon=weapon)
    assert fight.damage() == [("rook", dealt, 10 - dealt)]


@pytest.mark.parametrize(("armor", "dealt"), [("light", 0), ("medium", 0), ("heavy", 0)])
def test_melee_cannot_damage_light_armor_or_above(armor: str, dealt: int) -> None:
    """ "Melee attacks cannot damage light armor or above." (checklist example 12: the
    immunity beats the 1-damage minimum)"""
    axe = {"id": "axe", "kind": "melee", "damage": 6, "piercing": "heavy"}
    fight = Fight(
        soldier("ada", "a", 2, strength=1, weapons=[axe]),
        soldier("rook", "b", 2, strength=1, armor=armor),
        dice=[HIT, MISS],
    )
    fight.act("ada", "attack", target="rook", weapon="axe")
    assert fight.damage() == [("rook", dealt, 10)]


def test_a_pool_of_zero_strength_still_rolls_one_die() -> None:
    """ "Every attack ... always has a 1d6 chance to hit" """
    fight = Fight(
        soldier("ada", "a", 2, strength=0), soldier("rook", "b", 2, strength=0), dice=[HIT, MISS]
    )
    fight.act("ada", "attack", target="rook")
    assert [e.expr for e in fight.events(DiceRolled)] == ["1d6>=5", "1d6>=5"]


def test_an_unknown_weapon_is_refused_with_what_would_do() -> None:
    fight = Fight(soldier("ada", "a", 2), soldier("rook", "b", 2))
    fight.refuse(
        "ada",
        "attack",
        "no melee weapon 'sword'; it can attack with: knife, unarmed",
        target="rook",
        weapon="sword",
    )
    fight.refuse("ada", "attack", "no melee weapon 'rifle'", target="rook", weapon="rifle")
