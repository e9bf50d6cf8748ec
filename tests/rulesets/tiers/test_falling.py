"""Falling (rules/falling.py): the seed's table, doubling past it, armor ignored."""

from __future__ import annotations

import pytest

from fracas.rulesets.tiers.rules.falling import fall_damage
from tests.rulesets.tiers.helpers import Fight, warrior


@pytest.mark.parametrize(
    ("tiles", "damage"),
    [(1, 0), (2, 1), (3, 2), (4, 4), (5, 8), (6, 16), (7, 32), (8, 64)],
)
def test_the_seeds_falling_table(tiles: int, damage: int) -> None:
    """Checklist 2.3 #1 and seed's table: "1 5 0, 2 10 1, 3 15 2, 4 20 4, 5 25 8, 6 30 16,
    7 35 32, 8 40 64"."""
    assert fall_damage(tiles) == damage


def test_past_the_table_the_doubling_goes_on() -> None:
    """B15: "For each consecutive 5 feet, double that damage": 9 tiles deal 128."""
    assert fall_damage(9) == 128


def test_a_fall_ignores_armor_and_shields() -> None:
    """Seed: "This damage ignores armor and shields": 4 tiles through T5 armor and a T5
    shield still deal 4."""
    fight = Fight(
        warrior("a", "red", 0, 0, armor={"tier": 5}, shield={"tier": 5}),
        warrior("b", "blue", 5, 5),
    )
    fight.act("gm", "fall", target="a", tiles=4)
    assert fight.damage() == [("a", 4, 26)]
    fight.refuse("a", "fall", "fall is the GM's ruling", target="a", tiles=2)
