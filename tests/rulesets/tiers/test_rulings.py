"""The GM's rulings (rules/rulings.py): bodies made terrain, and the "even split"."""

from __future__ import annotations

from fracas.rulesets.tiers.events import Damaged, GearWorn
from tests.rulesets.tiers.helpers import Fight, warrior

SHIELDED = {"armor": {"id": "plate", "tier": 3}, "shield": {"id": "tower", "tier": 2}}


def _corridor_with_a_body() -> Fight:
    fight = Fight(
        warrior("a", "red", 0, 1),
        warrior("c", "blue", 1, 1),
        warrior("b", "blue", 4, 1),
        map={"width": 5, "height": 3, "walls": [[0, 0], [1, 0], [0, 2], [1, 2]]},
    )
    fight.act("gm", "override", target="c", hp=0)
    return fight


def test_the_gm_makes_a_pile_of_bodies_terrain() -> None:
    """Seed: "the GM may declare that a space is occupied with enough bodies ... to have that
    square designated as terrain. As terrain it ... may no longer able to be occupied or
    traveled through": before, a may step onto c's body; after, not."""
    fight = _corridor_with_a_body()
    fight.act("gm", "make_terrain", at={"x": 1, "y": 1})
    fight.refuse("a", "move", "is a wall or terrain", to={"x": 1, "y": 1})


def test_terrain_needs_a_body_and_nobody_standing() -> None:
    fight = _corridor_with_a_body()
    fight.refuse("gm", "make_terrain", "nobody lies on", at={"x": 2, "y": 1})
    fight.refuse("gm", "make_terrain", "a stands on", at={"x": 0, "y": 1})
    fight.refuse("a", "make_terrain", "make_terrain is the GM's ruling", at={"x": 1, "y": 1})


def test_even_split_applies_n_crit_hits_and_failures_to_each() -> None:
    """Checklist 2.3 #6 and seed: "If the GM calls "even split 5's", then both characters get
    to apply 5 critical hits & 5 critical failures to their own weapons & their opponent's
    gear": each pass, a's hit wears b's plate, b's wears a's plate, then each its own sword."""
    fight = Fight(
        warrior("a", "red", 0, 0, **SHIELDED),
        warrior("b", "blue", 1, 0, **SHIELDED),
    )
    fight.act("gm", "even_split", between=["a", "b"], times=2)
    worn = [(e.owner, e.item, e.tier) for e in fight.events(GearWorn)]
    assert worn == [
        ("b", "plate", 2),
        ("a", "plate", 2),
        ("a", "sword", 2),
        ("b", "sword", 2),
        ("b", "plate", 1),
        ("a", "plate", 1),
        ("a", "sword", 1),
        ("b", "sword", 1),
    ]
    assert fight.events(Damaged) == []


def test_even_split_hurts_only_bare_hands() -> None:
    """Seed: "No damage is done to either character ... unless it is declared against an
    unarmed opponent's weapons (their hands)": both fight bare-handed and take 10 from the
    other's critical hit, none from their own critical failure."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[]),
        warrior("b", "blue", 1, 0, weapons=[], armor={"tier": 1}),
    )
    fight.act("gm", "even_split", between=["a", "b"], times=1)
    hurt = [(e.target, e.amount) for e in fight.events(Damaged)]
    assert hurt == [("b", 10), ("a", 10)]


def test_option_even_split_self_damage() -> None:
    """Seed: "No damage is done to either character when the GM invokes a “even split” unless
    it is declared against an unarmed opponent's weapons (their hands)" (B31). With
    `even_split_self_damage: true` the automatic 1 on one's own bare hands deals its 10 as
    in a fight ("dealing 10 damage to the character"): after the two critical hits, a's
    critical failure hurts a and b's hurts b."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[]),
        warrior("b", "blue", 1, 0, weapons=[], armor={"tier": 1}),
        options={"even_split_self_damage": True},
    )
    fight.act("gm", "even_split", between=["a", "b"], times=1)
    hurt = [(e.target, e.amount, e.hp) for e in fight.events(Damaged)]
    assert hurt == [("b", 10, 20), ("a", 10, 20), ("a", 10, 10), ("b", 10, 10)]
