"""Cover judged from the shooter (rules/cover.py, B38): a projectile needs the whole target
tile in view, so cover shelters whoever stands behind it, who may still shoot from its edge.

Dice order: an attack rolls the attacker's d20, then the defender's.
"""

from __future__ import annotations

from fracas.rulesets.tiers.rules.cover import hides
from tests.rulesets.tiers.helpers import BOW, POLEAXE, Fight, warrior

CORNER = {"width": 6, "height": 6, "walls": [[1, 0]]}
"""One wall tile at (1, 0), beside a shooter in the corner at (0, 0)."""


def test_two_bowmen_either_side_of_a_tree() -> None:
    """Seed: "If you have two bow users, each on either side of a tree – Neither may attack
    each other without moving first": a tree (terrain) at (1, 1) between (0, 1) and (2, 1)."""
    assert hides((0, 1), (1, 1), (2, 1)) and hides((2, 1), (1, 1), (0, 1))
    fight = Fight(
        warrior("a", "red", 0, 1, weapons=[BOW]),
        warrior("b", "blue", 2, 1, weapons=[BOW]),
        map={"width": 6, "height": 6, "terrain": [[1, 1]]},
        order=["a", "b"],
    )
    fight.refuse("a", "attack", "stands between a and b", target="b")
    fight.end("a")
    fight.refuse("b", "attack", "stands between b and a", target="a")


def test_a_two_handed_weapon_still_strikes_from_the_tree_s_edge() -> None:
    """Seed: "However, they may still be attacked with any 2-Handed Melee weapons within range
    if they are near an edge": from (2, 3), past the corner of the tree at (1, 1), a bow may
    not shoot a at (0, 1), but a poleaxe (reach 2) strikes it: 10 + 4 against 5 + 0."""
    assert hides((2, 3), (1, 1), (0, 1))
    tree = {"width": 6, "height": 6, "terrain": [[1, 1]]}
    archer = Fight(
        warrior("a", "red", 0, 1),
        warrior("b", "blue", 2, 3, weapons=[BOW]),
        map=tree,
        order=["b", "a"],
    )
    archer.refuse("b", "attack", r"a wall or terrain at \(1, 1\) hides part of a", target="a")
    sniper = Fight(
        warrior("a", "red", 0, 1),
        warrior("b", "blue", 2, 3, weapons=[POLEAXE], skills={"two_handed": 4}),
        map=tree,
        order=["b", "a"],
        dice=[10, 5],
    )
    sniper.act("b", "attack", target="a")
    rolled = sniper.exchange()
    assert (rolled.attack_total, rolled.defense_total, rolled.winner) == (14, 5, "attacker")


def test_from_the_edge_of_cover_the_shooter_sees_its_target_whole() -> None:
    """Seed: "To attack from behind cover; the character must be occupying a tile next to the
    object used as cover; the cover must be between them & their opponent; they must be at one
    of the objects edges" and "While behind cover; a character cannot receive any projectile
    attacks": a at (0, 0) beside a wall at (1, 0) shoots b at (2, 4), 10 + 0 against 10 + 0,
    a tie (no damage); b, looking back, finds the wall's corner across a's tile."""
    assert not hides((0, 0), (1, 0), (2, 4))
    assert hides((2, 4), (1, 0), (0, 0))
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[BOW]),
        warrior("b", "blue", 2, 4, weapons=[BOW]),
        map=CORNER,
        dice=[10, 10],
    )
    fight.act("a", "attack", target="b")
    assert fight.exchange().attacker == "a"
    fight.end("a")
    fight.refuse("b", "attack", r"a wall or terrain at \(1, 0\) hides part of a", target="a")


def test_a_character_shelters_as_cover_does() -> None:
    """Seed: "Be it terrain, a pile of bodies, or another character (regardless if friend or
    foe)": a's ally c at (1, 0) shelters a at (0, 0) from b at (2, 4), and not b from a."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[BOW]),
        warrior("c", "red", 1, 0),
        warrior("b", "blue", 2, 4, weapons=[BOW]),
        dice=[10, 10],
    )
    fight.act("a", "attack", target="b")
    assert fight.exchange().attacker == "a"
    fight.end("a", "c")
    fight.refuse("b", "attack", r"c at \(1, 0\) hides part of a", target="a")


def test_touching_along_a_line_hides_nothing() -> None:
    """B38: "obscured in any way" needs some part of the target hidden; a tile whose view only
    meets the target's along one edge line, or lies beside or behind the shooter, hides none."""
    assert not hides((0, 3), (1, 2), (3, 4))
    assert not hides((3, 4), (1, 2), (0, 3))
    assert not hides((0, 0), (0, 1), (4, 0))


def test_option_centre_line_loses_the_shelter() -> None:
    """B38 `line_of_fire: centre_line`: only the line between the centres counts, and it
    misses the wall at (1, 0), so b shoots a behind its cover: 10 + 0 against 10 + 0."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[BOW]),
        warrior("b", "blue", 2, 4, weapons=[BOW]),
        map=CORNER,
        options={"line_of_fire": "centre_line"},
        order=["b", "a"],
        dice=[10, 10],
    )
    fight.act("b", "attack", target="a")
    assert fight.exchange().attacker == "b"
