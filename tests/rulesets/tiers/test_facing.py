"""Facing and arcs (rules/common.py, movement.resolve_face): 8 directions, 5 front squares,
3 rear ones, a facing declared or kept on someone.
"""

from __future__ import annotations

import pytest

from fracas.rulesets.tiers.events import Faced
from fracas.rulesets.tiers.rules.common import direction, facing_of, in_front
from tests.rulesets.tiers.helpers import Fight, warrior

AROUND = {
    (5, 4): "forward",
    (4, 4): "diagonal left",
    (6, 4): "diagonal right",
    (4, 5): "left",
    (6, 5): "right",
    (5, 6): "behind",
    (4, 6): "behind diagonal left",
    (6, 6): "behind diagonal right",
}


@pytest.mark.parametrize("tile", list(AROUND), ids=list(AROUND.values()))
def test_front_is_five_squares_and_rear_three(tile: tuple[int, int]) -> None:
    """Seed: "each square forward facing for the character (forward, left, right, diagonal
    left, & diagonal right) is the front ... Each square behind the character (behind,
    diagonal left, & diagonal right) is the rear"."""
    fight = Fight(warrior("a", "red", 5, 5, facing="n"), warrior("b", "blue", 0, 0))
    front = not AROUND[tile].startswith("behind")
    assert in_front(fight.state, fight.get("a"), tile) is front


def test_far_attackers_fall_in_the_octant_of_their_direction() -> None:
    """B4 as B21's `arc: octant` reads it (the default, center_line, is in test_arcs.py): for
    an attacker further away, the arc is the octant its direction falls in: (7, 0) seen from
    (5, 5) is north-north-east, so north; (9, 6) is east; (2, 9) south-west. Facing north,
    the first two are front, the last rear."""
    tiles = [(7, 0), (9, 6), (2, 9)]
    assert [direction((5, 5), t) for t in tiles] == ["n", "e", "sw"]
    fight = Fight(
        warrior("a", "red", 5, 5, facing="n"), warrior("b", "blue", 0, 0), options={"arc": "octant"}
    )
    assert [in_front(fight.state, fight.get("a"), t) for t in tiles] == [True, True, False]


def test_face_declares_one_of_eight_directions() -> None:
    """Seed: "At the end of each character's turn, the player may declare the direction their
    character faces ... This is not a action": no action is spent."""
    fight = Fight(warrior("a", "red", 5, 5), warrior("b", "blue", 0, 0))
    fight.act("a", "face", facing="sw")
    assert (fight.get("a").facing, fight.get("a").actions) == ("sw", 0)


def test_a_facing_kept_on_an_opponent_follows_them() -> None:
    """Seed: "they may choose to maintain facing an opponent, object, or ally until their next
    turn" (B5: it tracks them): a keeps b in front as b walks round behind it."""
    fight = Fight(warrior("a", "red", 5, 5), warrior("b", "blue", 5, 2, race={"move": 8}))
    fight.act("a", "face", target="b")
    assert fight.events(Faced)[-1].facing == "n"
    fight.end("a")
    fight.act("b", "move", to={"x": 5, "y": 8})
    assert facing_of(fight.state, fight.get("a")) == "s"
    assert fight.events(Faced)[-1].facing == fight.get("a").facing == "s"
    assert in_front(fight.state, fight.get("a"), fight.get("b").tile)


def test_face_needs_a_direction_or_a_target() -> None:
    """The refusal says what `face` accepts."""
    fight = Fight(warrior("a", "red", 5, 5), warrior("b", "blue", 0, 0))
    fight.refuse("a", "face", "either a facing .* or a target")
