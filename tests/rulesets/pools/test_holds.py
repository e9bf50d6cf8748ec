"""What a holder does with the one it holds under `pools` (seed 004, "Grappling"): drag,
devour and the human shield, with scripted dice (6 a success, 1 not)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.core.events import DiceRolled
from fracas.core.state import Status
from fracas.rulesets.pools.events import FreeAttackTaken, Moved
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier

GRAPPLE = [HIT] * 4 + [MISS] + [MISS] * 3
"""Ox (Strength 4) grapples rat (Strength 3): 5 dice, the first 4 successes, against 3."""


def holding(*others: dict[str, Any], then: Sequence[int] = (), **kwargs: Any) -> Fight:
    """Ox has grappled rat at distance 2, everyone else has passed, and it is ox's turn."""
    fight = Fight(
        soldier("ox", "a", 2, strength=4),
        soldier("rat", "b", 2, strength=3, hp=3),
        *others,
        dice=GRAPPLE + list(then),
        **kwargs,
    )
    fight.act("ox", "grapple", target="rat")
    fight.end("ox", "rat", *(o["id"] for o in others))
    return fight


def test_drag_moves_the_held_one_along() -> None:
    """ "You may drag them alongside you, moving them however many distances you can also
    move." The holder walks into cover as a mover does; the one dragged does not (P32), and
    other enemies at distance 0 strike at the holder as it leaves (POOLS-22)."""
    fight = holding(
        soldier("cat", "b", 2, strength=1),
        then=[HIT, MISS, MISS, MISS, MISS],
        map={"cover": [{"distance": 3, "rating": "weak"}]},
    )
    fight.act("ox", "drag", to=3)
    assert [e.attacker for e in fight.events(FreeAttackTaken)] == ["cat"]
    assert [(e.target, e.distance, e.in_cover) for e in fight.events(Moved)] == [
        ("ox", 3, True),
        ("rat", 3, False),
    ]
    assert fight.get("rat").has("grappled")


def test_drag_goes_no_farther_than_a_move() -> None:
    fight = holding()
    fight.refuse("ox", "drag", "moves 1 distance a turn: to 1 or 3, not 4", to=4)


def test_a_successful_eat_devours_the_target() -> None:
    """ "You may eat them, which is a contested Strength check. The one who initiated the
    grapple still adds the difference in Strengths. On a success, the target is devoured."
    (The vore rules are missing: out of the fight, alive unless `devoured: dead`.)"""
    fight = holding(soldier("cat", "b", 9), then=[HIT] + [MISS] * 4 + [MISS] * 3)
    fight.act("ox", "devour")
    assert [e.expr for e in fight.events(DiceRolled)][-2:] == ["5d6>=5", "3d6>=5"]
    rat = fight.get("rat")
    assert rat.status is Status.UNCONSCIOUS
    assert [str(c) for c in rat.conditions] == ["devoured (ox)"]
    assert fight.get("ox").conditions == ()
    dead = holding(soldier("cat", "b", 9), then=[HIT] + [MISS] * 7, options={"devoured": "dead"})
    dead.act("ox", "devour")
    assert dead.get("rat").status is Status.DEAD


def test_a_failed_eat_keeps_the_hold() -> None:
    fight = holding(soldier("cat", "b", 9), then=[MISS] * 5 + [HIT] + [MISS] * 2)
    fight.act("ox", "devour")
    assert fight.get("rat").is_active
    assert fight.get("rat").has("grappled")


GUN = {"id": "rifle", "damage": 3, "rate_of_fire": 3}


def shielded(then: list[int], **kwargs: Any) -> Fight:
    """Ox holds rat (3 HP) up as a human shield at distance 2; gun, rat's ally, stands at
    distance 6 with a rifle (3 damage, 3 shots) and Dexterity 2; it is gun's turn."""
    fight = holding(soldier("gun", "b", 6, dexterity=2, weapons=[GUN]), then=then, **kwargs)
    fight.act("ox", "human_shield")
    fight.end("ox", "rat")
    return fight


def test_enemies_damage_the_human_shield_first() -> None:
    """ "You may use them as a human shield, making enemies target them instead of you ...
    Enemies deal damage to your human shield before they can deal damage to you".
    "Incapacitated or dead enemies absorb no more damage". Four dice (Dexterity 2 and two
    shots past the first), 3 successes, no cover: rat standing with ox costs a success
    (friendly fire), 2 hits; the first drops rat to 0, the second reaches ox."""
    fight = shielded([HIT, HIT, HIT, MISS])
    fight.act("gun", "shoot", weapon="rifle", targets=[{"target": "ox", "shots": 3}])
    assert fight.damage() == [("rat", 3, 0), ("ox", 3, 7)]
    assert fight.get("rat").status is Status.UNCONSCIOUS
    assert fight.get("rat").has("human_shield")  # still held: now a body to hide behind


def test_a_downed_shield_is_two_dice_of_cover_and_takes_what_it_stops() -> None:
    """ "Incapacitated or dead enemies absorb no more damage, but work as 2d6 cover instead.
    If your cover saves you from being shot, an incapacitated human shield takes the full
    damage." Rat at 0 HP: the shot's 2 successes meet the body's 2, net 0, so the body takes
    the 2 hits the shot would have scored with no cover (3 each: 0 to -6, dead)."""
    fight = shielded([HIT, HIT, HIT, MISS, HIT, HIT, MISS, MISS, HIT, HIT])
    fight.act("gun", "shoot", weapon="rifle", targets=[{"target": "ox", "shots": 3}])
    fight.end("gun", "ox")  # rat, down, has no turn
    fight.act("gun", "shoot", weapon="rifle", targets=[{"target": "ox", "shots": 3}])
    last = fight.shots()[-1]
    assert (last.successes, last.cover, last.net) == (2, 2, 0)
    assert fight.damage()[-2:] == [("rat", 3, -3), ("rat", 3, -6)]
    assert fight.get("rat").status is Status.DEAD
    assert fight.hp("ox") == 7


def test_a_weapon_that_circumvents_the_shield_reaches_the_holder() -> None:
    """ "... unless they have an effect that would circumvent this" (`bypasses_shield`)."""
    fight = holding(
        soldier("gun", "b", 6, dexterity=2, weapons=[{**GUN, "bypasses_shield": True}]),
        then=[HIT, HIT, HIT, MISS],
    )
    fight.act("ox", "human_shield")
    fight.end("ox", "rat")
    fight.act("gun", "shoot", weapon="rifle", targets=[{"target": "ox", "shots": 3}])
    assert fight.damage() == [("ox", 3, 7), ("ox", 3, 4)]


def test_a_shield_is_held_with_a_hand() -> None:
    """ "You must hold them with at least one hand." """
    fight = Fight(
        soldier("ox", "a", 2, strength=4, hands=0),
        soldier("rat", "b", 2, strength=3),
        dice=GRAPPLE,
    )
    fight.act("ox", "grapple", target="rat")
    fight.end("ox", "rat")
    fight.refuse("ox", "human_shield", "no hand to hold rat up with")
