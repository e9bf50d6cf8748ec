"""The first rules of `pools`: initiative, one distance a turn, melee at distance 0, a shot
against no cover. Each test quotes the sentence of seed 004 it checks."""

from __future__ import annotations

from fracas.core.events import DiceRolled
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier


def test_initiative_is_highest_dexterity_first_without_dice() -> None:
    """ "Initiative is ordered from highest Dexterity to lowest." """
    fight = Fight(
        soldier("slow", "a", 0, dexterity=1),
        soldier("fast", "b", 3, dexterity=4),
        soldier("mid", "a", 0, dexterity=2),
        order=None,
    )
    assert fight.state.turns.order == ("fast", "mid", "slow")
    assert not fight.events(DiceRolled)


def test_moving_one_distance_is_the_turns_action() -> None:
    """ "Each character can only move 1 distance per turn. Moving is considered your action
    for the turn; it is not free." """
    fight = Fight(soldier("ada", "a", 2), soldier("rook", "b", 6))
    fight.act("ada", "move", to=3)
    assert fight.get("ada").distance == 3
    fight.refuse("ada", "move", "one action", to=4)
    fight.refuse("ada", "shoot", "one action", weapon="rifle", targets=[{"target": "rook"}])


def test_melee_is_a_contested_strength_check_at_distance_zero() -> None:
    """ "To attack someone in melee, you roll Strength. It is a contested Strength check." """
    fight = Fight(
        soldier("ada", "a", 4, strength=3),
        soldier("rook", "b", 4, strength=2),
        dice=[HIT, HIT, MISS, HIT, MISS],
    )
    fight.act("ada", "attack", target="rook", weapon="knife")
    assert [(c.initiator_successes, c.responder_successes) for c in fight.contests()] == [(2, 1)]
    assert fight.damage() == [("rook", 2, 8)]


def test_a_shot_without_cover_needs_one_success() -> None:
    """ "If they have no cover, you still need 1 success." """
    fight = Fight(
        soldier("ada", "a", 0, dexterity=2),
        soldier("rook", "b", 5),
        dice=[MISS, HIT],
    )
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook", "shots": 1}])
    shot = fight.shots()[0]
    assert (shot.successes, shot.cover, shot.net, shot.hits) == (1, 0, 1, 1)
    assert fight.damage() == [("rook", 3, 7)]
