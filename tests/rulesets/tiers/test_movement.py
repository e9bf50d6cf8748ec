"""Moving (rules/movement.py): "No character may move through occupied squares (& terrain)";
"Each character may only move the distance associated with their race"; one living character
a square, fallen characters' squares free to enter.
"""

from __future__ import annotations

from fracas.rulesets.tiers.events import Moved
from fracas.rulesets.tiers.rules.movement import body_walks
from tests.rulesets.tiers.helpers import Fight, warrior

CORRIDOR = {"width": 5, "height": 3, "walls": [[0, 0], [1, 0], [2, 0], [0, 2], [1, 2], [2, 2]]}
"""Row y=1 between walls for x 0-2: the only way east from (0, 1) runs through (1, 1)."""


def test_move_up_to_the_race_distance() -> None:
    """Seed: "Each character may only move the distance associated with their race each time
    they declare move action": move 3 reaches (3, 0) from (0, 0), not (4, 0)."""
    fight = Fight(
        warrior("a", "red", 0, 0, race={"move": 3}),
        warrior("b", "blue", 9, 9),
    )
    fight.refuse("a", "move", "not within a's move of 3 tiles", to={"x": 4, "y": 0})
    fight.act("a", "move", to={"x": 3, "y": 0})
    assert fight.get("a").tile == (3, 0)
    assert fight.events(Moved)[0].path == ((0, 0), (1, 0), (2, 0), (3, 0))


def test_diagonals_count_one_square() -> None:
    """Seed: squares touching "including diagonal squares" are next to each other (a chess
    board): three diagonal steps cost a move of 3."""
    fight = Fight(warrior("a", "red", 0, 0, race={"move": 3}), warrior("b", "blue", 9, 0))
    fight.act("a", "move", to={"x": 3, "y": 3})
    assert fight.get("a").tile == (3, 3)


def test_no_moving_through_an_occupied_square() -> None:
    """Seed: "No character may move through occupied squares": b fills the corridor."""
    fight = Fight(
        warrior("a", "red", 0, 1),
        warrior("b", "blue", 1, 1),
        map=CORRIDOR,
    )
    fight.refuse("a", "move", "without passing through an occupied square", to={"x": 2, "y": 1})


def test_one_living_character_a_square() -> None:
    """Seed: "Only 1 character is allowed to take up a square at any time, so long as they are
    alive & fighting"."""
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 2, 0))
    fight.refuse("a", "move", r"\(2, 0\) is taken by b", to={"x": 2, "y": 0})


def test_a_fallen_characters_square_may_be_entered_and_crossed() -> None:
    """Seed: "A space occupied by a fallen character may be occupied by another fighting
    character": c lies unconscious in the corridor; a walks through and stops on it."""
    fight = Fight(
        warrior("a", "red", 0, 1),
        warrior("c", "blue", 1, 1),
        warrior("b", "blue", 4, 0),
        map=CORRIDOR,
    )
    fight.act("gm", "override", target="c", hp=0)
    fight.act("a", "move", to={"x": 2, "y": 1})
    fight.act("a", "move", to={"x": 1, "y": 1})
    assert fight.get("a").tile == fight.get("c").tile == (1, 1)


def test_no_moving_onto_terrain_or_walls() -> None:
    """Seed: terrain "may no longer able to be occupied or traveled through"."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 5, 5),
        map={"width": 6, "height": 6, "terrain": [[1, 0]], "walls": [[0, 1]]},
    )
    fight.refuse("a", "move", "is a wall or terrain", to={"x": 1, "y": 0})
    fight.refuse("a", "move", "is a wall or terrain", to={"x": 0, "y": 1})
    fight.refuse("a", "move", "off the 6x6 map", to={"x": 6, "y": 0})


def test_a_surrounded_character_cannot_be_reached() -> None:
    """Seed: "This is not possible if all the squares are filled with other characters": b in
    a corner with its two free neighbours held by c and d; a cannot step next to b."""
    fight = Fight(
        warrior("a", "red", 3, 3),
        warrior("b", "blue", 0, 0),
        warrior("c", "blue", 1, 0),
        warrior("d", "blue", 0, 1),
        warrior("e", "blue", 1, 1),
    )
    for tile in [(1, 0), (0, 1), (1, 1)]:
        fight.refuse("a", "move", "is taken by", to={"x": tile[0], "y": tile[1]})


def test_option_diagonal_alternate_prices_every_second_diagonal_2() -> None:
    """Seed: "Each character may only move the distance associated with their race" counts
    tiles, and "including diagonal squares touching it" makes a diagonal one (B39). With
    `diagonal: alternate` diagonal steps cost 1, 2, 1 ...: on a move of 3, (3, 3) would cost
    4 and is refused, (2, 2) costs 3 and is reached; straight on, (3, 0) is still 3."""
    fight = Fight(
        warrior("a", "red", 0, 0, race={"move": 3}),
        warrior("b", "blue", 9, 9),
        options={"diagonal": "alternate"},
    )
    fight.refuse("a", "move", r"\(3, 3\) is not within a's move of 3 tiles", to={"x": 3, "y": 3})
    fight.act("a", "move", to={"x": 2, "y": 2})
    assert fight.get("a").tile == (2, 2)
    fight.act("a", "move", to={"x": 5, "y": 2})
    assert fight.get("a").tile == (5, 2)


def test_option_diagonal_alternate_moves_a_large_body_too() -> None:
    """B39 for a large creature (B21): its 2x2 body on a move of 3 reaches (3, 3) by three
    diagonals by default; with `diagonal: alternate` that costs 4, so only (2, 2) (cost 3)."""
    big = {"race": {"move": 3}, "size": {"width": 2, "length": 2}}
    for options, far in (({}, True), ({"diagonal": "alternate"}, False)):
        fight = Fight(
            warrior("a", "red", 0, 0, **big),
            warrior("b", "blue", 9, 9),
            options=options,
        )
        walks = body_walks(fight.state, fight.get("a"))
        assert ((3, 3) in walks) is far
        assert walks[(2, 2)] == ((0, 0), (1, 1), (2, 2))
