"""Climbing and falling (rules/falling.py): the seed's table, doubling past it, armor
ignored; climbing as a move action beside a wall or terrain, height, and jumping down (B37).
No dice are rolled."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.rulesets.tiers.events import Climbed
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


LEDGE = {"width": 12, "height": 12, "walls": [[0, 0], [0, 1], [0, 2]]}
"""A wall along the west edge's first 3 tiles, beside (1, 0)."""


def _up(z: int, **kit: Any) -> Fight:
    """a on (1, 0), `z` tiles up the wall beside it; b far off."""
    return Fight(
        {**warrior("a", "red", 1, 0, **kit), "position": {"x": 1, "y": 0, "z": z}},
        warrior("b", "blue", 8, 8),
        map=LEDGE,
    )


def test_a_jump_from_15_feet_deals_2_as_a_move_action() -> None:
    """Seed: "Sometimes it makes sense to jump out of a window 15 feet above the ground for a
    quick escape": 15 feet is 3 tiles, the table's 2 damage; the jump is the turn's
    non-contested move action and a lands at height 0."""
    fight = _up(3)
    fight.act("a", "jump")
    assert fight.damage() == [("a", 2, 28)]
    assert [(e.z, e.jumped) for e in fight.events(Climbed)] == [(0, True)]
    assert (fight.get("a").z, fight.get("a").actions, fight.get("a").contested) == (0, 1, False)


def test_a_jump_ignores_armor_and_shields() -> None:
    """Seed: "This damage ignores armor and shields": from 4 tiles up, T10 armor and a T10
    shield in hand, still 4."""
    fight = _up(4, body=10, armor={"tier": 10}, shield={"tier": 10})
    fight.act("a", "jump")
    assert fight.damage() == [("a", 4, 26)]


def test_a_one_tile_drop_is_harmless() -> None:
    """Seed: "Falling 5 feet (1 vertical tile) will deal 0 damage"."""
    fight = _up(1)
    fight.act("a", "jump")
    assert fight.damage() == []
    assert fight.get("a").z == 0


def test_climbing_is_a_move_action_and_more_moves_climb_higher() -> None:
    """Seed: "It would make sense to require a “non-contested action” as a “move action” to
    climb terrain ... Additional move actions may be used to climb higher": two climbs up
    the wall take both actions and 2 tiles of height, shown in the position."""
    fight = _up(0)
    fight.act("a", "climb")
    fight.act("a", "climb")
    assert (fight.get("a").z, fight.get("a").actions) == (2, 2)
    assert fight.get("a").position_json() == {"x": 1, "y": 0, "facing": "n", "z": 2}
    fight.end("a", "b")
    fight.act("a", "climb", direction="down")
    assert fight.get("a").z == 1


def test_option_climb_per_action() -> None:
    """B37 `climb_per_action: 2`: one climb gains 2 tiles (10 feet)."""
    fight = Fight(
        warrior("a", "red", 1, 0),
        warrior("b", "blue", 8, 8),
        map=LEDGE,
        options={"climb_per_action": 2},
    )
    fight.act("a", "climb")
    assert fight.get("a").z == 2


def test_climbing_needs_a_wall_or_terrain_beside() -> None:
    """Seed: "Climbing terrain should be allowed when it makes sense": in the open there is
    nothing to climb, nor anything to jump down from."""
    fight = Fight(warrior("a", "red", 5, 5), warrior("b", "blue", 8, 8))
    fight.refuse("a", "climb", "no wall or terrain beside it")
    fight.refuse("a", "jump", "on the ground")
    fight.refuse("a", "climb", "on the ground already", direction="down")


def test_a_climber_comes_down_before_walking() -> None:
    """B37: up a wall, a character climbs down or lets go before it walks."""
    fight = _up(1)
    fight.refuse("a", "move", "climbs down .* or lets go", to={"x": 2, "y": 0})
    fight.act("a", "climb", direction="down")
    fight.act("a", "move", to={"x": 2, "y": 0})
    assert fight.get("a").tile == (2, 0)
