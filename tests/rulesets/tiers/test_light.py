"""Low light and light sources (board.py, rules/light.py)."""

from __future__ import annotations

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.tiers import RULESET
from fracas.rulesets.tiers.board import Board
from fracas.scenario import parse_scenario
from tests.rulesets.tiers.helpers import Fight, scenario, warrior

LONGBOW = {"id": "longbow", "kind": "bow", "tier": 2, "hands": 2, "range": 15}


def _dim(level: int, **extra: object) -> dict[str, object]:
    return {"width": 20, "height": 20, "light": {"level": level}, **extra}


def test_the_seeds_low_light_2_archery_example() -> None:
    """Checklist 2.3 #2 and seed: "Environment is Low Light 2 ... The unpenalized range is 4
    tiles. Player A is 15 tiles from Player B. The range of the Bow is 15 tiles ... Player B
    adds (15-4) 11 to their defense roll": 10 + 11 = 21 beats 18, and Player A misses."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[LONGBOW]),
        warrior("b", "blue", 15, 0),
        dice=[18, 10],
        map=_dim(2),
    )
    fight.act("a", "attack", target="b")
    assert fight.rolls()[1] == ("1d20+11", 21)
    assert fight.exchange().winner == "defender"


def test_no_penalty_within_twice_the_level() -> None:
    """Seed: "You can make range & projectile attacks at twice (2x) the declared Low Light
    level without penalty": 4 tiles at Low Light 2."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[LONGBOW]),
        warrior("b", "blue", 4, 0),
        dice=[18, 10],
        map=_dim(2),
    )
    fight.act("a", "attack", target="b")
    assert fight.rolls()[1] == ("1d20+0", 10)


def test_dark_vision_is_immune_to_low_light() -> None:
    """Seed: "Races that have Dark Vision are immune to Low Light effects"."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[LONGBOW], race={"dark_vision": True}),
        warrior("b", "blue", 15, 0),
        dice=[18, 10],
        map=_dim(2),
    )
    fight.act("a", "attack", target="b")
    assert fight.rolls()[1] == ("1d20+0", 10)


def test_the_stealth_bonus_per_tile_beyond_the_level() -> None:
    """Checklist 2.3 #16 and seed: "+1 added to their roll for each tile beyond the Low Light
    value": Low Light 3, sneaking from 8 tiles, +5."""
    fight = Fight(
        warrior("a", "red", 0, 8, weapons=[LONGBOW]),
        warrior("b", "blue", 0, 0, facing="n"),
        dice=[10, 10, 10],
        map=_dim(3),
    )
    fight.act("a", "stealth_attack", target="b")
    assert fight.rolls()[0] == ("1d20+5", 15)


@pytest.mark.parametrize(
    ("tile", "level"), [((5, 5), None), ((10, 0), None), ((11, 5), 3), ((16, 5), 3)]
)
def test_a_torch_lights_5_tiles_bright(tile: tuple[int, int], level: int | None) -> None:
    """Checklist 2.3 #8 and seed: "a 5-tile radius of bright light and a secondary 10-tile
    radius of Low Light 1" (B13: Chebyshev distance). In a room at Low Light 3 the ring of
    Low Light 1 is darker than the room, so beyond 5 tiles the room's 3 holds."""
    board = Board(width=30, height=30, light=3, lights=((5, 5),))
    assert board.level_at(tile) == level


def test_absolute_darkness_is_refused_until_blindness_is_modelled() -> None:
    with pytest.raises(ScenarioError, match=r"map\.light\.level"):
        RULESET.setup(
            parse_scenario(
                scenario(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 1), map=_dim(0))
            )
        )
