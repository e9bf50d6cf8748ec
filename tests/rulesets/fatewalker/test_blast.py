"""Explosives and Evade AoE, Full Auto (Cover), and Will a sprint is made to pay, with
scripted dice. Faces are 1-10; a 10 reads 0.

The grenade and the rifle are EXAMPLE DATA, not rules: the seed has no explosives and no
weapon table. Dice order of an explosive: the throw, each evader's roll in listing order,
each caught one's damage in listing order."""

from __future__ import annotations

import math
from typing import Any

from fracas.rulesets.fatewalker.events import (
    DamageRolled,
    Moved,
    PoolRolled,
    RoundsCounted,
    ShotTaken,
    Struck,
    WillSpent,
    Wounded,
)
from fracas.rulesets.fatewalker.finish_events import BlastLanded, CoverSet
from tests.rulesets.fatewalker.helpers import Fight, walker

GRENADE = {
    "id": "frag",
    "damage": "2x3",
    "size": "S",
    "speed": 5,
    "ranges": [10, 20, 30],
    "launcher": "thrown",
    "magazine": 2,
    "blast": {"radius": 4, "falloff": 2},
}
"""Example data: a 2x3 grenade reaching 4 m, a die demoted per 2 m from the point."""


def thrower() -> dict[str, Any]:
    """Prowess 3, Weaponry 5: a throw at 8 m (Short, +1) rolls 4 dice at TN 5."""
    return walker("ada", "a", weapons=[GRENADE])


def cluster() -> list[dict[str, Any]]:
    return [
        walker("bo", "b", x=8, start=40, weapons=[]),
        walker("cy", "b", x=9, y=1, start=40, weapons=[]),
    ]


def test_an_explosive_hits_everyone_within_its_blast_demoted_by_distance() -> None:
    """Evade AoE (L3303): "Every success increases distance between the point of impact and
    the character by one meter": cy's 2 successes carry it from 1.41 m to 3.41 m of the
    point, still within 4 m; a die is demoted per full 2 m (our falloff), so bo takes 2x3
    and cy 1x3/1x1."""
    dice = [1, 2, 9, 9, 1, 1, 9, 1, 1, 1, 9]
    fight = Fight(thrower(), *cluster(), dice=dice)
    fight.act("ada", "throw_explosive", weapon="frag", target="bo", evade=["cy"])
    landed = fight.events(BlastLanded)[0]
    assert (landed.x, landed.y, landed.caught) == (8, 0, ("bo", "cy"))
    evade = fight.events(PoolRolled)[1]
    assert (evade.combatant, evade.what, evade.dice, evade.tn, evade.successes) == (
        "cy",
        "evade AoE",
        3,
        2,
        2,
    )
    cy = fight.get("cy")
    assert math.isclose(math.hypot(cy.x - 8, cy.y), math.sqrt(2) + 2)
    assert fight.clock.next_tick("cy") == 40 + 7
    assert [s.pool for s in fight.events(Struck)] == ["2x3", "1x3/1x1"]
    assert [(w.target, w.amount) for w in fight.events(Wounded)] == [("bo", 6), ("cy", 3)]
    assert fight.events(RoundsCounted)[0].fired == 1
    assert fight.dice_left == 0


def test_going_prone_adds_two_metres_and_a_tick() -> None:
    """L3303: "Can automatically gain +2 meters by going prone as part of the action (the
    action takes one more tick)": 2 successes and 2 m take cy out of the blast."""
    dice = [1, 2, 9, 9, 1, 1, 9, 1, 1]
    fight = Fight(thrower(), *cluster(), dice=dice)
    fight.act("ada", "throw_explosive", weapon="frag", target="bo", evade=[], evade_prone=["cy"])
    cy = fight.get("cy")
    assert math.isclose(math.hypot(cy.x - 8, cy.y), math.sqrt(2) + 4)
    assert cy.prone
    assert fight.clock.next_tick("cy") == 40 + 8
    assert [(w.target, w.amount) for w in fight.events(Wounded)] == [("bo", 6)]
    assert fight.events(Moved)[0].why == "evade AoE"


def test_a_throw_short_of_two_successes_lands_its_margin_short() -> None:
    """Our reading (the seed gives no scatter): the margin of failure (gap 12) in metres
    short along the throw, as a fumbled quick-draw lands "(margin of failure) meters away":
    1 success lands 1 m short of (8, 0), at (7, 0)."""
    dice = [1, 9, 9, 9, 9, 9, 9, 9, 9]
    fight = Fight(thrower(), *cluster(), dice=dice)
    fight.act("ada", "throw_explosive", weapon="frag", x=8, y=0, evade=[])
    landed = fight.events(BlastLanded)[0]
    assert (landed.x, landed.y, landed.caught) == (7, 0, ("bo", "cy"))
    assert fight.events(ShotTaken)[0].target == "(8, 0)"


def test_under_failed_dice_a_short_throw_lands_the_failed_dice_short() -> None:
    """The same reading with option `margin: failed_dice` (gap 12, reading B): 1 success
    on 4 dice leaves 3 failed, so the grenade lands 3 m short, at (5, 0), where cy (4.12 m
    off) is out of its 4 m."""
    dice = [1, 9, 9, 9, 9, 9, 9, 9, 9]
    fight = Fight(thrower(), *cluster(), dice=dice, options={"margin": "failed_dice"})
    fight.act("ada", "throw_explosive", weapon="frag", x=8, y=0, evade=[])
    landed = fight.events(BlastLanded)[0]
    assert (landed.x, landed.y, landed.caught) == (5, 0, ("bo",))


def test_an_explosive_is_thrown_with_throw_explosive_only() -> None:
    """A grenade hits an area, so the plain Throw (one target) refuses it."""
    fight = Fight(thrower(), *cluster())
    fight.refuse("ada", "throw", "is an explosive", target="bo", weapon="frag")
    fight.refuse("ada", "throw_explosive", "a `target` or at a point", weapon="frag")


RIFLE = {
    "id": "rifle",
    "damage": "2x5",
    "type": "slug",
    "speed": 4,
    "ranges": [20, 40, 80],
    "fire": "auto",
    "recoil": 2,
    "magazine": 30,
}
"""Example data: an automatic rifle, 30 rounds, 2 ticks of recoil."""


def test_full_auto_cover_fires_first_on_anyone_acting_in_the_area() -> None:
    """L3399: Full Auto (Cover), "Free preemptive shot at -2 for next 12 ticks on anyone
    acting in cover area": 20 rounds and 4 x recoil ticks; bo, going prone in the area at
    tick 5, is shot before it drops, for no ticks and no more rounds."""
    gunner = walker("ada", "a", weapons=[RIFLE], skills={"ranged": 4})
    target = walker("bo", "b", x=10, y=1, start=5, weapons=[])
    fight = Fight(gunner, target, dice=[1, 1, 1, 9, 9, 9])
    fight.act("ada", "cover_fire", weapon="rifle", x=10, y=0, radius=3)
    assert fight.events(CoverSet)[0].until == 1 + 12
    shown = fight.get("ada").state_json()["covering"]
    assert shown == "3 m about (10, 0) with rifle until tick 13"
    assert fight.clock.next_tick("ada") == 1 + 4 * 2
    fight.act("bo", "go_prone")
    shot = fight.events(ShotTaken)[0]
    assert ("covering fire", -2) in shot.modifiers
    kinds = [type(e).__name__ for e in fight.log]
    assert kinds.index("Struck") < len(kinds) - kinds[::-1].index("PostureSet") - 1
    assert fight.get("bo").prone
    assert fight.get("ada").rounds_fired("rifle") == 20
    assert fight.clock.next_tick("ada") == 9


def test_a_sprint_owes_will_every_30_ticks_and_wounds_when_there_is_none() -> None:
    """L214: "if a character is ever required to spend will by some external factor when
    they have no more to spend they begin to take Wounds instead (bypassing Temporary
    Wounds)"; L232: "Sprinting (1 point for every 30 ticks of sprinting ...)"."""
    runner = walker("ada", "a", attributes={"will": 1}, spend_will="never")
    far = walker("bo", "b", x=900, start=200, weapons=[])
    fight = Fight(runner, far, dice=[9, 9, 9])
    fight.act("ada", "sprint", x=800, y=0)
    assert fight.get("ada").will_left == 0
    while fight.clock.tick < 31:
        fight.end("ada")
    hurt = fight.events(Wounded)
    assert [(w.amount, w.temporary, w.normal) for w in hurt] == [(1, 0, 1)]
    assert len(fight.events(WillSpent)) == 1
    assert fight.get("ada").sprint_paid == 61
    assert not fight.events(DamageRolled)
