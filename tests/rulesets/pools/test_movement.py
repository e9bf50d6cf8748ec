"""Moving, cover and the free attack on leaving distance 0 (seed 004, "Distance", cover)."""

from __future__ import annotations

import pytest

from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier

COVER = {"cover": [{"distance": 3, "rating": "middling"}]}


def test_one_distance_a_turn() -> None:
    """ "Each character can only move 1 distance per turn." """
    fight = Fight(soldier("ada", "a", 2), soldier("rook", "b", 8))
    fight.refuse("ada", "move", "moves 1 distance a turn: to 1 or 3, not 4", to=4)
    fight.refuse("ada", "move", "not 2", to=2)


def test_moving_into_cover_takes_it() -> None:
    """ "You automatically take cover when you move into it" """
    fight = Fight(soldier("ada", "a", 2), soldier("rook", "b", 8), map=COVER)
    fight.act("ada", "move", to=3)
    assert fight.get("ada").in_cover


def test_moving_out_of_cover_leaves_it() -> None:
    fight = Fight(soldier("ada", "a", 3), soldier("rook", "b", 8), map=COVER)
    assert fight.get("ada").in_cover  # starting there takes it too
    fight.act("ada", "move", to=4)
    assert not fight.get("ada").in_cover


def test_a_mover_may_stay_out_of_cover_and_take_it_later() -> None:
    """ "... unless specifically stated otherwise due to special conditions": `into_cover:
    false`; `take_cover` is then the action."""
    fight = Fight(soldier("ada", "a", 2), soldier("rook", "b", 8), map=COVER)
    fight.act("ada", "move", to=3, into_cover=False)
    assert not fight.get("ada").in_cover
    fight.end("ada", "rook")
    fight.act("ada", "take_cover")
    assert fight.get("ada").in_cover
    fight.end("ada", "rook")
    fight.refuse("ada", "take_cover", "already in the middling cover")


def test_no_cover_to_take_where_there_is_none() -> None:
    fight = Fight(soldier("ada", "a", 2), soldier("rook", "b", 8), map=COVER)
    fight.refuse("ada", "take_cover", "no cover at distance 2; cover lies at: 3")


def test_leaving_distance_zero_draws_a_defended_free_attack() -> None:
    """ "If someone tries to leave distance 0, they may be freely melee-attacked as a free
    action ... You may defend yourself from such attacks. There is no safe disengagement." """
    fight = Fight(
        soldier("ada", "a", 4, strength=1),
        soldier("rook", "b", 4, strength=2),
        dice=[HIT, MISS, MISS],  # rook's 2 dice, then ada's 1
    )
    fight.act("ada", "move", to=5)
    assert fight.damage() == [("ada", 2, 8)]
    assert fight.get("ada").distance == 5
    assert fight.get("rook").acted is False  # free: rook's own action is untouched


def test_every_enemy_at_zero_strikes_once_in_initiative_order() -> None:
    """ "Such an attack can only be done once per character." (P9: each enemy there, once
    per leave)"""
    fight = Fight(
        soldier("ada", "a", 4, strength=1, hp=3),
        soldier("rook", "b", 4, strength=1),
        soldier("crow", "b", 4, strength=1),
        order=["ada", "crow", "rook"],
        dice=[HIT, MISS, MISS, HIT],  # crow beats ada; rook fails against ada
    )
    fight.act("ada", "move", to=3)
    assert [(c.initiator, c.winner) for c in fight.contests()] == [
        ("crow", "crow"),
        ("rook", "ada"),
    ]
    assert fight.hp("ada") == 1


def test_a_mover_struck_down_does_not_leave() -> None:
    fight = Fight(
        soldier("ada", "a", 4, strength=1, hp=2),
        soldier("rook", "b", 4, strength=1),
        dice=[HIT, MISS],
    )
    fight.act("ada", "move", to=5)
    assert fight.get("ada").distance == 4
    assert fight.get("ada").status == "unconscious"


@pytest.mark.parametrize(("rule", "attacks"), [("per_leave", 2), ("per_round", 1)])
def test_the_free_attack_option(rule: str, attacks: int) -> None:
    """P9 `free_attack: per_round`: one free attack a round per attacker in all."""
    fight = Fight(
        soldier("ada", "a", 4, strength=1),
        soldier("bea", "a", 4, strength=1),
        soldier("rook", "b", 4, strength=1),
        options={"free_attack": rule},
        dice=[MISS, HIT] * 2,
    )
    fight.act("ada", "move", to=5)
    fight.end("ada")
    fight.act("bea", "move", to=5)
    assert len(fight.contests()) == attacks
