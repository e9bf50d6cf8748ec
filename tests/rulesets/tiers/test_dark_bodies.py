"""Large creatures in the dark (rules/blindness.py, rules/light.py, TIERS-11, B54, B55): a
Blind body moves by distance and direction as one, crashes or bumps with any of its tiles,
draws one line per tile, keeps its facing, and is Blind only when all of it is in darkness.

The drake: 3 tiles wide, 5 long, facing north, its front-left tile at (5, 3), so its body is
x 5-7, y 3-7; no armor, a T3 shield, 100 HP, move 4 (test_large.py's, the seed's 3x5
diagram).
"""

from __future__ import annotations

from fracas.rulesets.tiers.events import Moved
from fracas.rulesets.tiers.rules.blindness import Bumped, Crashed
from fracas.rulesets.tiers.rules.common import body
from fracas.rulesets.tiers.rules.light import blind
from tests.rulesets.tiers.helpers import Fight, warrior
from tests.rulesets.tiers.test_large import drake

DARK = {"width": 12, "height": 12, "light": {"level": 0}}


def test_a_blind_body_moves_as_one_and_keeps_its_facing() -> None:
    """Seed: "When a Blind NPC moves, unless they are moving toward a sound or other queue,
    the GM will roll 1d20": 7 ("7-8: right") sends the drake 4 tiles east, its whole body
    with it (x 9-11, y 3-7); it still faces north (B54), and the GM's map holds one line for
    each of its 15 tiles."""
    fight = Fight(drake(), warrior("knight", "knights", 0, 11), map=DARK, dice=[7])
    fight.act("drake", "move")
    drake_now = fight.get("drake")
    assert body(drake_now) == {(x, y) for x in range(9, 12) for y in range(3, 8)}
    assert drake_now.facing == "n"
    assert len(drake_now.trails) == 15
    assert ((7, 7), (11, 7)) in drake_now.trails


def test_a_blind_body_crashes_when_any_tile_meets_a_wall() -> None:
    """Seed: "if they cross paths with an obstacle or hit a wall, they take damage equal to
    the total number of tiles they intended to move ... They forfeit the additional tiles": a
    wall at (7, 0) is under the drake's right file only; meaning to go 4 tiles north it stops
    after 2 (front-left (5, 1)) and takes 4 (no armor; the shield does not count, B14)."""
    room = {**DARK, "walls": [[7, 0]]}
    fight = Fight(drake(), warrior("knight", "knights", 0, 11), map=room)
    fight.act("drake", "move", distance=4, direction="forward")
    assert fight.get("drake").tile == (5, 1)
    assert [(e.tile, e.intended) for e in fight.events(Crashed)] == [((7, 0), 4)]
    assert fight.damage() == [("drake", 4, 96)]


def test_a_blind_body_walks_into_someone() -> None:
    """B32: a Blind mover whose way runs into a standing character stops on the last free
    tiles before it: the knight at (6, 0) stops the drake's middle file at y 1."""
    fight = Fight(drake(), warrior("knight", "knights", 6, 0), map=DARK)
    fight.act("drake", "move", distance=4, direction="forward")
    assert [e.path for e in fight.events(Moved)] == [((5, 3), (5, 2), (5, 1))]
    assert [(e.mover, e.other, e.how) for e in fight.events(Bumped)] == [
        ("drake", "knight", "walked_into")
    ]


def test_a_line_crossing_any_tiles_line_bumps_the_body() -> None:
    """Seed: "each time a line is crossed by another, they will have bumped into each other"
    (B54: each tile of a body draws its line). The drake goes 3 tiles east, its rear row's line
    running (5, 7) to (8, 7); the knight walks 3 tiles north from (6, 10) to (6, 7), meeting
    only that rear line, far from the front-left tile's (5, 3) to (8, 3): a bump."""
    fight = Fight(drake(), warrior("knight", "knights", 6, 10), map=DARK)
    fight.act("drake", "move", distance=3, direction="right")
    fight.end("drake")
    fight.act("knight", "move", distance=3, direction="forward")
    assert fight.get("knight").tile == (6, 7)
    assert [(e.mover, e.other, e.how) for e in fight.events(Bumped)] == [
        ("knight", "drake", "crossed")
    ]


def test_a_body_partly_in_light_is_not_blind() -> None:
    """Seed: "When any character is in absolute darkness, they get the Blind status": a torch
    at (17, 5) reaches x 7 (10 tiles, Low Light 1) but not x 5 or 6; the drake, partly lit,
    is not Blind and names its tile; in the dark it would declare a direction."""
    room = {"width": 20, "height": 12, "light": {"level": 0}, "lights": [{"x": 17, "y": 5}]}
    lit = Fight(drake(), warrior("knight", "knights", 0, 11), map=room)
    assert not blind(lit.state, lit.get("drake"))
    lit.act("drake", "move", to={"x": 5, "y": 1})
    assert lit.get("drake").tile == (5, 1)
    dark = Fight(drake(), warrior("knight", "knights", 0, 11), map=DARK)
    assert blind(dark.state, dark.get("drake"))
    dark.refuse("drake", "move", "drake is Blind .* declares `distance`", to={"x": 5, "y": 1})


def test_a_body_is_not_blocked_nor_climbs() -> None:
    """B55: the seed's block stops a one-tile mover "next to" the blocker and says nothing of
    a body; whether a 25-foot creature climbs is the GM's call ("Climbing terrain should be
    allowed when it makes sense"): both refused, with the reason."""
    fight = Fight(drake(), warrior("knight", "knights", 2, 1), order=["drake", "knight"])
    fight.refuse(
        "drake",
        "move",
        "drake is a large creature: a block stops a one-tile mover .* without `block`",
        to={"x": 5, "y": 0},
        block={"by": "knight", "at": {"x": 5, "y": 1}},
    )
    fight.refuse("drake", "climb", "whether a body that size can climb is the GM's call")
