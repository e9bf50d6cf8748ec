"""Front and rear by the centre line (rules/arcs.py, B21) and the `arc` option: the seed's
neighbours, its 3x5 draconic shield diagram, and a far attacker under both readings, for the
shield, the stealth attack and the free stealth attack."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.rulesets.tiers.rules.arcs import ahead, body_centre2
from fracas.rulesets.tiers.rules.common import STEP, in_front
from fracas.rulesets.tiers.sheet import FACINGS
from tests.rulesets.tiers.helpers import BOW, Fight, warrior

Tile = tuple[int, int]
ARCS = ["center_line", "octant"]


@pytest.mark.parametrize("arc", ARCS)
@pytest.mark.parametrize("facing", FACINGS)
def test_five_front_squares_and_three_rear_in_every_facing(arc: str, facing: str) -> None:
    """Seed: "each square forward facing for the character (forward, left, right, diagonal
    left, & diagonal right) is the front of that character. Each square behind the character
    (behind, diagonal left, & diagonal right) is the rear": under both readings of B21 the
    three octants opposite the facing are the rear and the other five the front."""
    fight = Fight(
        warrior("a", "red", 5, 5, facing=facing),
        warrior("b", "blue", 0, 0),
        options={"arc": arc},
    )
    i = FACINGS.index(facing)
    rear = {FACINGS[(i + k) % 8] for k in (3, 4, 5)}
    front = {
        name
        for name, (dx, dy) in STEP.items()
        if in_front(fight.state, fight.get("a"), (5 + dx, 5 + dy))
    }
    assert (len(front), set(STEP) - front) == (5, rear)


def _draconic(facing: str) -> tuple[set[Tile], set[Tile]]:
    """The 20 tiles touching a 3-wide, 5-long body facing `facing` whose front-left tile is
    (10, 10), split into (on or ahead of its centre line, behind it)."""
    fx, fy = STEP[facing]
    rx, ry = -fy, fx
    body = {(10 + i * rx - j * fx, 10 + i * ry - j * fy) for i in range(3) for j in range(5)}
    ring = {(x + dx, y + dy) for x, y in body for dx, dy in STEP.values()} - body
    centre2 = body_centre2((10, 10), 3, 5, (fx, fy))
    front = {t for t in ring if ahead(centre2, (fx, fy), t)}
    return front, ring - front


@pytest.mark.parametrize("facing", ["n", "e", "s", "w"])
def test_the_draconic_shield_diagram(facing: str) -> None:
    """Seed: "The front arc that a shield protects for large creatures includes all tiles from
    it's center-line forward ... The graph shows “DDDD” to represent a 3×5 draconic creature.
    The “####” represent where the shield cover functions. The “—–” represent where the
    shield does not offer protection": the diagram's row of 5 in front and the side tiles of
    the first three body rows are covered (11); the side tiles of the last two rows and the
    row of 5 behind are not (9)."""
    front, behind = _draconic(facing)
    assert (len(front), len(behind)) == (11, 9)
    fx, fy = STEP[facing]
    rx, ry = -fy, fx
    # the side tile left of the third (middle) body row lies on the centre line: covered
    assert (10 - rx - 2 * fx, 10 - ry - 2 * fy) in front
    # the side tile left of the fourth row lies behind it: not covered
    assert (10 - rx - 3 * fx, 10 - ry - 3 * fy) in behind


def test_a_one_square_bodys_centre_is_its_tile() -> None:
    """The same geometry serves the seed's one-square characters: the doubled centre of a
    1x1 body at (5, 5) is (10, 10) whatever the facing."""
    assert {body_centre2((5, 5), 1, 1, STEP[f]) for f in FACINGS} == {(10, 10)}


def _far_archer(arc: str) -> Fight:
    """b at (5, 5) faces north with a T2 shield and no armor; a shoots a T4 bow from (10, 6),
    5 east and 1 south: the direction falls in b's east octant, front under `octant`, but the
    tile lies behind b's centre line. a's d20 rolls 16, b's 10."""
    return Fight(
        warrior("a", "red", 10, 6, weapons=[BOW]),
        warrior("b", "blue", 5, 5, shield={"tier": 2}),
        dice=[16, 10],
        options={"arc": arc},
    )


def test_a_far_arrow_from_behind_the_centre_line_meets_no_shield() -> None:
    """B21 `arc: center_line` (default) and the seed's "If shield user loses a contested-roll
    while being attacked from the rear, they get no shield bonus": the arrow comes from behind
    b's centre line, so bow damage (16 - 10) + T4 = 10 meets no shield: 10 of b's 30."""
    fight = _far_archer("center_line")
    assert in_front(fight.state, fight.get("b"), (10, 6)) is False
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 10, 20)]


def test_option_arc_octant_shield() -> None:
    """B21 `arc: octant`: the same arrow comes from b's east octant, one of its front five,
    so the T2 shield counts: 6 + 4 - 2 = 8."""
    fight = _far_archer("octant")
    assert in_front(fight.state, fight.get("b"), (10, 6)) is True
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 8, 22)]


def _far_sneak(arc: str, dice: list[int]) -> Fight:
    """The far archer's geometry for a stealth attack: a (Stealth 2) at (10, 6), b at (5, 5)
    facing north with a T2 shield."""
    return Fight(
        warrior("a", "red", 10, 6, weapons=[BOW], skills={"stealth": 2}),
        warrior("b", "blue", 5, 5, shield={"tier": 2}),
        dice=dice,
        options={"arc": arc},
    )


def test_a_far_stealth_attack_from_behind_the_centre_line() -> None:
    """Seed: "The Stealth skill may be used in combat any time a character is behind their
    opponent"; B21 `arc: center_line`: (10, 6) is behind b, so a may sneak: stealth 12 + 2 =
    14 beats 9, and "Stealth damage with bow = (1d20 + reflex + skill + weapon) – (armor)":
    11 + 0 + 0 + T4 - 0 = 15, no shield."""
    fight = _far_sneak("center_line", [12, 9, 11])
    fight.act("a", "stealth_attack", target="b")
    assert fight.damage() == [("b", 15, 15)]


def test_option_arc_octant_refuses_the_far_stealth_attack() -> None:
    """B21 `arc: octant`: the same tile is in b's east octant, its front, so the stealth
    attack is refused before any die."""
    fight = _far_sneak("octant", [])
    fight.refuse("a", "stealth_attack", "in b's front arc; a stealth attack comes", target="b")


def _blind_target(arc: str) -> Fight:
    """A dark room; b (T1 shield, facing north, no dark vision) is Blind; a has dark vision
    and a T4 bow at (10, 6). a's free stealth d20 rolls 10."""
    dark: dict[str, Any] = {"width": 12, "height": 12, "light": {"level": 0}}
    return Fight(
        warrior("a", "players", 10, 6, weapons=[BOW], race={"dark_vision": True}),
        warrior("b", "npcs", 5, 5, shield={"tier": 1}),
        dice=[10],
        map=dark,
        options={"arc": arc},
    )


@pytest.mark.parametrize(("arc", "dealt"), [("center_line", 14), ("octant", 13)])
def test_the_free_stealth_attacks_shield_follows_the_arc(arc: str, dealt: int) -> None:
    """B11: the free stealth attack meets the shield only from the front arc. "Stealth damage
    with bow = (1d20 + reflex + skill + weapon) – (armor)": 10 + T4 = 14; behind b's centre
    line (center_line) nothing is taken off, from its east octant (octant) the T1 shield: 13."""
    fight = _blind_target(arc)
    fight.act("a", "free_stealth_attack", target="b")
    assert fight.damage() == [("b", dealt, 30 - dealt)]
