"""Throwing an object, not as an attack (rules/throwing.py). No dice are rolled."""

from __future__ import annotations

from fracas.rulesets.tiers.events import Damaged, ObjectThrown
from tests.rulesets.tiers.helpers import Fight, warrior


def _thrower(size: str = "M", body: int = 4, bonus: int = 0) -> Fight:
    """a (Body `body`) at (0, 0), b at (3, 0), a wall along y = 2 from x = 0 to 2."""
    return Fight(
        warrior("a", "red", 0, 0, body=body, race={"size_category": size, "range_bonus": bonus}),
        warrior("b", "blue", 3, 0),
        map={"width": 12, "height": 12, "walls": [[0, 2], [1, 2], [2, 2]]},
    )


def test_throwing_an_object_is_non_contested_and_harms_nobody() -> None:
    """Seed: "Throwing an object, not as an attack, is a non-contested action ... For now,
    this may not be done to deal damage": a torch lands on b's tile, nobody is hurt, and a
    keeps its contested action."""
    fight = _thrower()
    fight.act("a", "throw_object", item="torch", size="S", to={"x": 3, "y": 0})
    assert [(e.item, e.to) for e in fight.events(ObjectThrown)] == [("torch", (3, 0))]
    assert fight.events(Damaged) == []
    assert (fight.get("a").actions, fight.get("a").contested) == (1, False)


def test_an_object_goes_up_to_body_tiles() -> None:
    """Seed: "Objects may be thrown any distance up to the character's Body stat value":
    Body 4 throws 4 tiles, not 5."""
    fight = _thrower()
    fight.act("a", "throw_object", item="rock", to={"x": 4, "y": 0})
    fight.refuse(
        "a", "throw_object", "5 tiles away; a throws up to 4", item="rock", to={"x": 5, "y": 0}
    )


def test_the_race_range_bonus_throws_further() -> None:
    """Seed: "If the creature's race has a +1 or +2 to all weapon range, they also can throw
    an object that much further than their Body stat": Body 4 and +2 throw 6 tiles, not 7."""
    fight = _thrower(bonus=2)
    fight.act("a", "throw_object", item="rock", to={"x": 6, "y": 0})
    fight.refuse("a", "throw_object", "up to 6", item="rock", to={"x": 7, "y": 0})


def test_a_small_race_throws_small_items_only() -> None:
    """Seed: "a Gratchen is a (Sm) race & can throw (XS) & (S) sized items"."""
    fight = _thrower(size="S")
    fight.act("a", "throw_object", item="dagger", size="XS", to={"x": 1, "y": 0})
    fight.act("a", "throw_object", item="torch", size="S", to={"x": 1, "y": 1})
    fight.end("a", "b")
    fight.refuse(
        "a",
        "throw_object",
        "size S creature throws items of size XS, S",
        item="crate",
        size="M",
        to={"x": 1, "y": 0},
    )


def test_an_extra_large_race_throws_up_to_xl() -> None:
    """Seed: "A Orc is a (XL) race & can throw items equal or less than (XL) size category"."""
    fight = _thrower(size="XL")
    fight.act("a", "throw_object", item="cart", size="XL", to={"x": 2, "y": 0})
    assert len(fight.events(ObjectThrown)) == 1


def test_no_throwing_through_or_onto_walls() -> None:
    """Seed: "Nothing can attack through solid walls"; an object tossed is no attack, but it
    flies the same straight line and lands on an open tile."""
    fight = _thrower()
    fight.refuse(
        "a", "throw_object", "a wall or terrain stands between", item="rock", to={"x": 0, "y": 3}
    )
    fight.refuse("a", "throw_object", "is a wall, terrain or off", item="rock", to={"x": 1, "y": 2})


def test_a_throw_may_be_reserved() -> None:
    """Seed: a reserved non-contested action may "utilize any other non-contested action in
    some clever way": a throws its reserved rock on b's turn."""
    fight = _thrower()
    fight.act("a", "reserve")
    fight.end("a")
    fight.act("a", "throw_object", item="rock", to={"x": 2, "y": 0})
    assert len(fight.events(ObjectThrown)) == 1
    assert not fight.get("a").has("reserved")
