"""Hands, extra limbs, kits and charges under `pools` (seed 004, wielding and misc gear)."""

from __future__ import annotations

import pytest

from fracas.core.errors import ScenarioError
from tests.rulesets.pools.helpers import HIT, KNIFE, MISS, Fight, soldier
from tests.rulesets.pools.test_refusals import load

TAIL = {"id": "tail", "manipulates": False}
GRIP_TAIL = {"id": "tail", "manipulates": True}
MEDKIT = {"id": "medkit", "kit": True, "charges": 2}


def test_two_handed_weapons_need_both_hands() -> None:
    """ "Weapons or items that are two-handed require you to use both hands to operate
    them." A one-handed sheet cannot swing a two-handed makeshift weapon."""
    fight = Fight(soldier("ox", "a", 2, hands=1, weapons=["makeshift_2h"]), soldier("rat", "b", 2))
    fight.refuse(
        "ox",
        "attack",
        r"makeshift_2h needs 2 hands and ox has 1 free to use it \(1 hand\)",
        target="rat",
        weapon="makeshift_2h",
    )


def test_a_tail_holds_but_manipulates_only_with_a_perk() -> None:
    """ "You cannot, for example, hold a pistol in one hand, then use a two-handed weapon
    with one hand and your tail, unless your tail allows for item manipulation." """
    plain = Fight(
        soldier("ox", "a", 2, hands=1, limbs=[TAIL], weapons=["makeshift_2h"]),
        soldier("rat", "b", 2),
    )
    plain.refuse(
        "ox",
        "attack",
        "tail can hold but not manipulate items",
        target="rat",
        weapon="makeshift_2h",
    )
    gripping = Fight(
        soldier("ox", "a", 2, hands=1, limbs=[GRIP_TAIL], weapons=["makeshift_2h"]),
        soldier("rat", "b", 2),
        dice=[HIT, HIT, MISS, MISS],
    )
    gripping.act("ox", "attack", target="rat", weapon="makeshift_2h")
    assert gripping.damage() == [("rat", 2, 8)]


def test_a_human_shield_takes_a_hand_from_a_kit() -> None:
    """ "every kit requires both hands to be used properly"; a shield is held "with at least
    one hand" (P37), so a holder with a shield up has one hand left for a kit."""
    fight = Fight(
        soldier("ox", "a", 2, strength=4, gear=[MEDKIT]),
        soldier("rat", "b", 2, strength=3),
        dice=[HIT] * 5 + [MISS] * 3,
    )
    fight.act("ox", "grapple", target="rat")
    fight.end("ox", "rat")
    fight.act("ox", "human_shield")
    fight.end("ox", "rat")
    fight.refuse(
        "ox",
        "use",
        r"medkit needs 2 hands and ox has 1 free to use it \(2 hands, 1 holding",
        item="medkit",
    )


def test_consumables_are_charges_per_scene() -> None:
    """ "The consumables listed there are charges: you get an X amount of uses per scene,
    and they regenerate afterwards." An encounter is one scene (P39): two charges, two uses."""
    fight = Fight(soldier("ox", "a", 2, gear=[MEDKIT]), soldier("rat", "b", 9))
    fight.act("ox", "use", item="medkit", target="ox")
    assert fight.get("ox").state_json()["gear"] == {"medkit": 1}
    fight.end("ox", "rat")
    fight.act("ox", "use", item="medkit")
    fight.end("ox", "rat")
    fight.refuse("ox", "use", r"medkit has no charges left this scene \(2 a scene", item="medkit")
    fight.refuse("ox", "use", "ox has no gear 'rope'; its gear: medkit", item="rope")


def test_one_item_or_weapon_a_turn() -> None:
    """ "You can only use one item or weapon in a turn, not both. You cannot attack with
    both in the same turn." """
    fight = Fight(soldier("ox", "a", 2, gear=[MEDKIT]), soldier("rat", "b", 2))
    fight.act("ox", "use", item="medkit")
    fight.refuse("ox", "attack", "used this turn's one action", target="rat", weapon="knife")


def test_dual_wielding_has_no_penalty() -> None:
    """ "There are no penalties to dual-wielding. You can hold a pistol and a one-handed
    melee weapon and use both without issues." A pistol and a knife carried: the knife
    strikes with the plain Strength pool."""
    pistol = {"id": "pistol", "damage": 2, "rate_of_fire": 2}
    fight = Fight(
        soldier("ox", "a", 2, strength=2, weapons=[pistol, KNIFE]),
        soldier("rat", "b", 2, strength=1),
        dice=[HIT, MISS, MISS],
    )
    fight.act("ox", "attack", target="rat", weapon="knife")
    assert fight.damage() == [("rat", 2, 8)]


def test_gear_weighs_one_and_sheets_are_checked() -> None:
    """ "Every piece of misc gear has a flat 1 weight unless stated otherwise." """
    from fracas.rulesets.pools.sheet import Gear

    assert Gear(id="rope").weight == 1
    assert Gear(id="kit", kit=True).hands_needed == 2
    assert Gear(id="kit", kit=True, hands=1).hands_needed == 1
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.gear: .*'rope' is used twice"):
        load(soldier("ox", "a", 2, gear=[{"id": "rope"}, {"id": "rope"}]), soldier("r", "b", 4))
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.hands: .*less than or equal to 2"):
        load(soldier("ox", "a", 2, hands=3), soldier("r", "b", 4))
