"""Every change of place through one path (rules/travel.py; P48-P51): the free attacks on
leaving distance 0, traps and spotting for a drag, a ride, a landing and a fall, not only for
a `move`; a GM's override places a rider with its mount."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.rulesets.pools.events import (
    AwarenessChanged,
    FreeAttackTaken,
    TrapSpotted,
    TrapSprung,
)
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier

TRAP = {"distance": 3, "kind": "killing", "hiding": 2, "damage": 3}
MAUL = {"id": "maul", "kind": "melee", "damage": 4, "hands": 2}
KNIFE = {"id": "knife", "kind": "melee", "damage": 2}


def horse(side: str = "a", distance: int = 2, **extra: Any) -> dict[str, Any]:
    """Speed 3, bears a load of 2 (the rider's rifle and knife) at full speed."""
    fields: dict[str, Any] = {"speed": 3, "carry": 2, "weapons": [], **extra}
    return soldier("horse", side, distance, **fields)


def test_a_dragged_prey_treads_the_trap_it_is_dragged_onto() -> None:
    """ "The first is how well-hidden the trap is: the amount of successes prey needs to
    spot it." / "You may drag them alongside you": rook, dragged by ada onto ada's own trap
    at 3, enters its distance on the ground and rolls to spot it (1 die: a miss), then takes
    its 3 damage. ada is not its prey; rook leaves unwillingly and draws no free attack."""
    fight = Fight(
        soldier("ada", "a", 2, strength=3, traps=[TRAP]),
        soldier("rook", "b", 2, strength=2),
        dice=[HIT, HIT, MISS, MISS, MISS, MISS, MISS],
    )
    fight.act("ada", "grapple", target="rook")  # 4 dice (3 + the difference 1) against 2
    fight.end("ada", "rook")
    fight.act("ada", "drag", to=3)
    assert [e.prey for e in fight.events(TrapSprung)] == ["rook"]
    assert fight.damage() == [("rook", 3, 7)]
    assert fight.events(FreeAttackTaken) == []
    assert fight.dice_left == 0


def test_a_mount_treads_a_trap_its_rider_passes_over() -> None:
    """ "it is the creature that does the moving instead": the horse carrying ada onto
    rook's trap is its prey and rolls its Intelligence (1 die, a miss); ada in the saddle
    rolls nothing (P50, `mounted_prey: mount`)."""
    fight = Fight(
        soldier("ada", "a", 2, riding="horse"),
        horse(),
        soldier("rook", "b", 9, traps=[TRAP]),
        dice=[MISS],
    )
    fight.act("ada", "move", to=3)
    assert [e.prey for e in fight.events(TrapSprung)] == ["horse"]
    assert fight.damage() == [("horse", 3, 7)]
    assert fight.dice_left == 0


def test_the_mounted_prey_option_makes_the_rider_prey_too() -> None:
    """`mounted_prey: both`: rider and mount are both prey, each rolling to spot the trap,
    the rider first (it steers): ada spots it (1 success of the 1 needed) and the horse does
    not (2 dice, no success), so it springs on the horse."""
    fight = Fight(
        soldier("ada", "a", 2, riding="horse"),
        horse(intelligence=2),
        soldier("rook", "b", 9, traps=[{**TRAP, "hiding": 1}]),
        dice=[HIT, MISS, MISS],
        options={"mounted_prey": "both"},
    )
    fight.act("ada", "move", to=3)
    assert [e.spotter for e in fight.events(TrapSpotted)] == ["ada"]
    assert fight.damage() == [("horse", 3, 7)]


def test_a_flyer_landing_on_a_trapped_distance_is_prey() -> None:
    """A flyer passes over a trap, but landing is entering the trap's distance on the
    ground: kes rolls 1 die to spot rook's trap (a miss) and takes 3."""
    fight = Fight(
        soldier("kes", "a", 3, altitude=1, perks=["flight"]),
        soldier("rook", "b", 9, traps=[TRAP]),
        dice=[MISS],
    )
    fight.act("kes", "fly", altitude=0)
    assert fight.damage() == [("kes", 3, 7)]


def test_a_fall_that_lands_on_a_trapped_distance_springs_the_trap() -> None:
    """ "Once you hit the ground ... you take [speed] x 3 damage", then the trap under it:
    kes stops flying at altitude 1 over rook's trap, drops 1 at its next turn (3 damage) and
    rolls to spot the trap (a miss: 3 more)."""
    fight = Fight(
        soldier("kes", "a", 3, altitude=1, perks=["flight"]),
        soldier("rook", "b", 9, traps=[TRAP]),
        dice=[MISS],
    )
    fight.act("kes", "fly", stop=True)
    fight.end("kes", "rook")
    assert fight.damage() == [("kes", 3, 7), ("kes", 3, 4)]


def test_a_hidden_rider_and_its_mount_walking_by_an_enemy_may_be_spotted() -> None:
    """ "unless you do something they can reasonably spot, like walking by them": the horse
    carries ada (both hidden from rook) out of rook's distance; each gives rook a check
    (ada 1 die, a miss, against rook's hit: found; the horse likewise)."""
    fight = Fight(
        soldier("ada", "a", 3, riding="horse", hidden=True),
        horse(distance=3, hidden=True),
        soldier("rook", "b", 3),
        dice=[MISS, HIT, MISS, HIT],
        map={"cover": [{"distance": 2, "rating": "weak"}, {"distance": 3, "rating": "weak"}]},
    )
    fight.act("ada", "move", to=2)
    assert [e.combatant for e in fight.events(AwarenessChanged)] == ["ada", "horse"]
    assert fight.get("ada").hidden_from == ()
    assert fight.get("horse").hidden_from == ()


def test_the_free_attack_uses_a_weapon_the_attacker_has_the_hands_for() -> None:
    """ "You must hold them with at least one hand." / "Weapons or items that are two-handed
    require you to use both hands": bo holds cat up as a human shield, so its two-handed maul
    (4) cannot strike at rook leaving; its knife (2) does."""
    fight = Fight(
        soldier("bo", "a", 2, strength=3, weapons=[MAUL, KNIFE]),
        soldier("cat", "b", 2, strength=2),
        soldier("rook", "b", 2, strength=2),
        dice=[HIT, HIT, MISS, MISS, MISS, MISS, HIT, HIT, HIT, MISS, MISS],
    )
    fight.act("bo", "grapple", target="cat")
    fight.end("bo", "cat", "rook")
    fight.act("bo", "human_shield")
    fight.end("bo", "cat")
    fight.act("rook", "move", to=3)
    assert fight.damage() == [("rook", 2, 8)]


def test_with_both_hands_free_the_free_attack_takes_the_heaviest_blow() -> None:
    """The same leave with bo's hands free: the maul strikes for 4."""
    fight = Fight(
        soldier("bo", "a", 2, strength=3, weapons=[MAUL, KNIFE]),
        soldier("rook", "b", 2, strength=2),
        dice=[HIT, HIT, HIT, MISS, MISS],
    )
    fight.end("bo")
    fight.act("rook", "move", to=3)
    assert fight.damage() == [("rook", 4, 6)]


def test_no_free_attack_from_hiding_or_from_a_pin() -> None:
    """A blow from someone the leaver does not know is there is an ambush ("If you try to do
    something to someone you are hiding from ... this is considered an ambush"), which a free
    attack cannot be; and "In a pin, a character may do nothing but try to break free". ada
    hides from rook; cat is pinned by bo; rook walks off from both with no dice rolled."""
    fight = Fight(
        soldier("ada", "a", 2, hidden=True),
        soldier("bo", "b", 2, strength=3),
        soldier("cat", "a", 2, strength=2),
        soldier("rook", "b", 2),
        dice=[HIT, HIT, MISS, MISS, MISS, MISS],
        map={"cover": [{"distance": 2, "rating": "weak"}]},
    )
    fight.end("ada")
    fight.act("bo", "grapple", target="cat")
    fight.end("bo", "cat", "rook", "ada")
    fight.act("bo", "pin")
    fight.end("bo", "cat")
    fight.act("rook", "move", to=3)
    assert fight.events(FreeAttackTaken) == []
    assert fight.get("rook").distance == 3
    assert fight.dice_left == 0


@pytest.mark.parametrize("who", ["ada", "horse"])
def test_a_gm_override_places_a_rider_with_its_mount(who: str) -> None:
    """P48: the GM's `position` moves the pair, whichever of the two it names; the ride goes
    on, and no trap or free attack runs (a ruling places, it does not walk)."""
    fight = Fight(
        soldier("ada", "a", 2, riding="horse"),
        horse(),
        soldier("rook", "b", 2, traps=[{**TRAP, "distance": 5}]),
    )
    fight.act("gm", "override", target=who, position={"distance": 5, "altitude": 0})
    assert (fight.get("ada").place, fight.get("horse").place) == ((5, 0), (5, 0))
    assert (fight.get("ada").riding, fight.get("horse").ridden_by) == ("horse", "ada")
    assert fight.events(TrapSprung) == [] and fight.events(FreeAttackTaken) == []
