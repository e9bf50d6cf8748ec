"""Disarming under `pools` (seed 004, "Grappling"), weapons on the ground and picking them
up, with scripted dice (6 a success, 1 not)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.pools.events import WeaponLanded
from tests.rulesets.pools.helpers import HIT, KNIFE, MISS, RIFLE, Fight, soldier
from tests.rulesets.pools.test_refusals import load

GRAPPLE = [HIT] * 4 + [MISS] * 2
"""Ox (Strength 3) grapples rat (Strength 2): 4 dice, all successes, against 2."""
WON = [HIT] * 4 + [MISS] * 2
"""The disarm contest, won the same way."""


def holding(then: Sequence[int], ox_weapons: Sequence[Any] = (KNIFE,), **kw: Any) -> Fight:
    """Ox (Strength 3, Dexterity 2) holds rat at distance 2; cat stands at distance 5; it is
    ox's turn again."""
    fight = Fight(
        soldier("ox", "a", 2, strength=3, dexterity=2, weapons=ox_weapons),
        soldier("rat", "b", 2, strength=2),
        soldier("cat", "a", 5, weapons=[KNIFE]),
        dice=GRAPPLE + list(then),
        **kw,
    )
    fight.act("ox", "grapple", target="rat")
    fight.end("ox", "rat", "cat")
    return fight


def test_a_failed_throw_lands_one_die_of_the_distance_less_one_away() -> None:
    """ "When throwing it, roll Dexterity. On a success, it lands where you wanted it to. On
    a fail, roll a 1d[distance thrown] − 1. The result is where it lands instead." A 6-
    distance throw that fails lands 1d6 − 1 = 0..5 away (checklist example 8): a 4 puts it
    3 distances from ox, at 5. Cat, standing there, picks it up."""
    fight = holding([*WON, MISS, MISS, 4])
    fight.act("ox", "disarm", weapon="rifle", then="throw", to=8)
    landed = fight.events(WeaponLanded)
    assert [(e.weapon, e.distance, e.aimed) for e in landed] == [("rifle", 5, 8)]
    assert [w.id for w in fight.get("rat").weapons] == ["knife"]
    assert [(g.distance, g.item.id) for g in fight.state.arena.ground] == [(5, "rifle")]
    fight.end("ox", "rat")
    fight.act("cat", "pick_up", weapon="rifle")
    assert [w.id for w in fight.get("cat").weapons] == ["knife", "rifle"]
    assert fight.state.arena.ground == []


def test_a_good_throw_lands_where_it_was_aimed() -> None:
    """ "On a success, it lands where you wanted it to." """
    fight = holding([*WON, HIT, MISS])
    fight.act("ox", "disarm", weapon="rifle", then="throw", to=8)
    assert [e.distance for e in fight.events(WeaponLanded)] == [8]


def test_a_throw_reaches_five_plus_strength() -> None:
    """ "throw it up to 5 + Strength distances away": Strength 3 throws 8 (example 8)."""
    fight = holding([])
    fight.refuse(
        "ox",
        "disarm",
        r"throws 1 to 8 distances \(5 \+ Strength 3\), not 9",
        weapon="rifle",
        then="throw",
        to=11,
    )
    fight.refuse("ox", "disarm", "a throw needs `to`", weapon="rifle", then="throw")
    fight.refuse("ox", "disarm", "rat carries no weapon 'bow'", weapon="bow")


def test_the_disarmer_may_take_the_weapon_or_drop_it() -> None:
    """ "On a success, you may choose to either grab their weapon for yourself, or drop it
    onto the ground" """
    take = holding(WON)
    take.act("ox", "disarm", weapon="rifle", then="take")
    assert [w.id for w in take.get("ox").weapons] == ["knife", "rifle"]
    assert [w.id for w in take.get("rat").weapons] == ["knife"]
    take.end("ox", "rat", "cat")
    take.refuse("ox", "disarm", "ox already carries a weapon 'knife'", weapon="knife")
    drop = holding(WON)
    drop.act("ox", "disarm", weapon="rifle", then="drop")
    assert [(e.distance, e.aimed) for e in drop.events(WeaponLanded)] == [(2, None)]


def test_a_failed_disarm_changes_nothing() -> None:
    """A contest the holder loses leaves the weapon where it was."""
    fight = holding([MISS] * 4 + [HIT, MISS])
    fight.act("ox", "disarm", weapon="rifle", then="take")
    assert [w.id for w in fight.get("rat").weapons] == ["rifle", "knife"]


def test_weapons_on_the_map_and_picking_them_up() -> None:
    """Weapons lying on the line are `map.ground` entries; picking one up is the turn's
    action, from one's own distance (P38)."""
    fight = Fight(
        soldier("ox", "a", 2, weapons=[KNIFE]),
        soldier("rat", "b", 9),
        map={"ground": [{"distance": 3, "weapon": RIFLE}, {"distance": 2, "weapon": "makeshift"}]},
    )
    fight.refuse(
        "ox", "pick_up", r"no 'rifle' lies at distance 2 \(makeshift does\)", weapon="rifle"
    )
    fight.act("ox", "pick_up", weapon="makeshift")
    fight.refuse("ox", "attack", "used this turn's one action", target="rat")
    with pytest.raises(ScenarioError, match=r"map\.ground\[0\]\.weapon.*unknown weapon 'bat'"):
        load(
            soldier("ox", "a", 2),
            soldier("rat", "b", 9),
            map={"ground": [{"distance": 3, "weapon": "bat"}]},
        )
