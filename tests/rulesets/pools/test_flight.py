"""Flight, altitude and falling (seed 004, the flight paragraphs; POOLS-53, POOLS-54)."""

from __future__ import annotations

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.pools.events import FallBegan, Fell
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier

WINGS = ["flight"]
COVER = {"cover": [{"distance": 2, "rating": "middling"}]}


def test_a_flyer_takes_off_one_altitude_a_turn_as_its_action() -> None:
    """ "Some characters can fly ... When they start flying, their positions are determined
    through "altitude" units." (P40: 1 altitude a `fly`, the turn's action; leaving the
    ground leaves the cover there.)"""
    fight = Fight(soldier("kite", "a", 2, perks=WINGS), soldier("rook", "b", 8), map=COVER)
    assert fight.get("kite").in_cover
    fight.act("kite", "fly", altitude=1)
    kite = fight.get("kite")
    assert (kite.distance, kite.altitude, kite.in_cover, kite.acted) == (2, 1, False, True)
    fight.refuse("kite", "move", "used this turn's one action", to=3)
    fight.end("kite", "rook")
    fight.refuse("kite", "fly", "flies 1 altitude a turn: to 0-2, not 3", altitude=3)
    fight.refuse("kite", "fly", "already at altitude 1", altitude=1)
    fight.refuse("kite", "fly", "either `altitude: N`", altitude=2, stop=True)


def test_only_a_flyer_gets_off_the_ground() -> None:
    """ "Everyone is at altitude 0 by default, and this does not change unless they can get
    off the ground somehow." """
    fight = Fight(soldier("ada", "a", 2), soldier("rook", "b", 8))
    fight.refuse("ada", "fly", "cannot fly: its perks have no `flight`", altitude=1)
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.position\.altitude: ada cannot fly"):
        Fight(soldier("ada", "a", 2, altitude=1), soldier("rook", "b", 8))


def test_the_flight_step_option_lets_a_flyer_climb_its_speed() -> None:
    """P40 `flight_step: speed`: up to the flyer's speed in one `fly`."""
    fight = Fight(
        soldier("kite", "a", 2, perks=WINGS, speed=3),
        soldier("rook", "b", 8),
        options={"flight_step": "speed"},
    )
    fight.refuse("kite", "fly", "flies 3 altitude a turn: to 0-3, not 4", altitude=4)
    fight.act("kite", "fly", altitude=3)
    assert fight.get("kite").altitude == 3


def test_melee_needs_the_same_distance_and_altitude() -> None:
    """ "You need to occupy the same distance and altitude in order to attack someone in
    melee." A flyer above a foot soldier is out of its reach until it comes down."""
    fight = Fight(
        soldier("kite", "a", 4, altitude=1, perks=WINGS, strength=1),
        soldier("rook", "b", 4, strength=1),
        dice=[HIT, MISS],
    )
    fight.refuse("kite", "attack", "melee needs the same distance and altitude", target="rook")
    fight.act("kite", "fly", altitude=0)
    fight.end("kite")
    fight.act("rook", "attack", target="kite")
    assert fight.damage() == [("kite", 1, 9)]


def test_flying_up_from_distance_zero_draws_the_free_attack() -> None:
    """ "If someone tries to leave distance 0, they may be freely melee-attacked ... There is
    no safe disengagement." Taking off leaves distance 0 as a step does."""
    fight = Fight(
        soldier("kite", "a", 4, perks=WINGS, strength=1),
        soldier("rook", "b", 4, strength=1),
        dice=[HIT, MISS],  # rook's 1 die, then kite's
    )
    fight.act("kite", "fly", altitude=1)
    assert fight.damage() == [("kite", 2, 8)]  # rook's knife
    assert fight.get("kite").altitude == 1


def test_a_fall_from_altitude_three_deals_six() -> None:
    """ "When falling, you fall 1 altitude at first, increasing by 1 with every subsequent
    turn of falling. Once you hit the ground — reaching altitude 0 — you take [speed] × 3
    damage." (checklist example 9: turn 1 to altitude 2, turn 2 to 0 at speed 2, 6 damage;
    P41: stopping is the flyer's action, the fall counts in its own turns)."""
    fight = Fight(soldier("kite", "a", 4, altitude=3, perks=WINGS), soldier("rook", "b", 8))
    fight.act("kite", "fly", stop=True)
    assert [e.why for e in fight.events(FallBegan)] == ["stops flying"]
    fight.end("kite", "rook")
    assert (fight.get("kite").altitude, fight.get("kite").fall_speed) == (2, 1)
    fight.end("kite", "rook")
    assert [(e.speed, e.altitude) for e in fight.events(Fell)] == [(1, 2), (2, 0)]
    assert fight.damage() == [("kite", 6, 4)]
    assert fight.get("kite").fall_speed is None


def test_the_creature_speed_reading_of_fall_damage() -> None:
    """P11 `fall_speed_mode: creature`: [speed] is the faller's own speed (4 x 3 = 12)."""
    fight = Fight(
        soldier("kite", "a", 4, altitude=1, perks=WINGS, speed=4, hp=20),
        soldier("rook", "b", 8),
        options={"fall_speed_mode": "creature"},
    )
    fight.act("kite", "fly", stop=True)
    fight.end("kite", "rook")
    assert fight.damage() == [("kite", 12, 8)]


def test_a_flyer_knocked_out_in_the_air_falls_and_the_landing_kills() -> None:
    """P41: a flyer at 0 HP cannot keep flying; its fall goes on in its skipped turns, and
    landing below 0 HP is death (P13)."""
    fight = Fight(
        soldier("ada", "a", 4, dexterity=2),
        soldier("kite", "b", 6, altitude=1, perks=WINGS, hp=3),
        soldier("rook", "b", 8),
        dice=[HIT, MISS],  # ada's 2 dice: 1 success, no cover: 1 hit of 3
    )
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "kite"}])
    assert fight.get("kite").status == "unconscious"
    assert [e.why for e in fight.events(FallBegan)] == ["unconscious in the air"]
    fight.end("ada")
    assert fight.damage() == [("kite", 3, 0), ("kite", 3, -3)]
    assert (fight.get("kite").altitude, fight.get("kite").status) == (0, "dead")


def test_a_falling_flyer_may_fly_again() -> None:
    """P41: a conscious flyer that stopped may catch itself with `fly`; the fall ends."""
    fight = Fight(soldier("kite", "a", 4, altitude=3, perks=WINGS), soldier("rook", "b", 8))
    fight.act("kite", "fly", stop=True)
    fight.refuse("kite", "fly", "used this turn's one action", stop=True)
    fight.end("kite", "rook")
    fight.refuse("kite", "fly", "already falling", stop=True)
    fight.act("kite", "fly", altitude=3)
    assert (fight.get("kite").altitude, fight.get("kite").fall_speed) == (3, None)
    fight.end("kite", "rook")
    assert fight.damage() == []


def test_landing_by_flight_is_safe_and_takes_cover() -> None:
    """Flying down to altitude 0 is no fall; the flyer lands in the cover there (POOLS-16)."""
    fight = Fight(
        soldier("kite", "a", 2, altitude=1, perks=WINGS), soldier("rook", "b", 8), map=COVER
    )
    fight.act("kite", "fly", altitude=0)
    assert (fight.get("kite").altitude, fight.get("kite").in_cover) == (0, True)
    assert fight.damage() == []
