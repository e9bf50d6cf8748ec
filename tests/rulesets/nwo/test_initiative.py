"""Initiative and the ambush round under `nwo` (rules/initiative.py).

Dice order: the ambushers' Hiding rolls, then the other side's Perception rolls (listing
order), when anyone tries an ambush; then one initiative 2d6 per combatant in listing order;
then the tied re-roll.
"""

from __future__ import annotations

from fracas.core.events import OrderSet, RoundOrderSet
from tests.rulesets.nwo.core_helpers import Fight, op


def order(fight: Fight) -> tuple[str, ...]:
    found: tuple[str, ...] = fight.events(OrderSet)[0].order
    return found


def test_initiative_is_descending_2d6_plus_bonus() -> None:
    """Seed: "determining the turn order (who acts when) is done via Initiative rolls" (A1:
    the panel's 2d6, plus the initiative bonus)."""
    fight = Fight(
        op("ada", "crew", 0, 0, initiative_bonus=1),
        op("rex", "gang", 5, 5),
        op("sam", "gang", 6, 6, initiative_bonus=2),
        dice=[3, 3, 6, 5, 2, 1],
        order=(),
    )
    assert [(r.combatant, r.total) for r in fight.rolled()] == [("ada", 7), ("rex", 11), ("sam", 5)]
    assert order(fight) == ("rex", "ada", "sam")
    assert fight.state.actor == "rex"
    assert fight.dice.remaining == ()


def test_armor_lowers_initiative() -> None:
    """Seed armor table: Medium "-1 Initiative", Heavy "-2 Initiative"."""
    fight = Fight(
        op("ada", "crew", 0, 0, initiative_bonus=1, armor="heavy"),
        op("rex", "gang", 5, 5, armor="medium"),
        dice=[4, 4, 5, 4],
        order=(),
    )
    assert [(r.modifier, r.total) for r in fight.rolled()] == [(-1, 7), (-1, 8)]
    assert order(fight) == ("rex", "ada")


def test_a_tie_goes_to_the_higher_initiative_bonus() -> None:
    """Seed: "In the event of a tie, the character with higher initiative bonus will go
    first."""
    fight = Fight(
        op("ada", "crew", 0, 0, initiative_bonus=1),
        op("rex", "gang", 5, 5, initiative_bonus=3),
        dice=[4, 4, 3, 3],
        order=(),
    )
    assert order(fight) == ("rex", "ada")
    assert fight.dice.remaining == ()


def test_a_tie_with_equal_bonuses_is_rolled_again() -> None:
    """Seed: "If both characters have the same bonus, their initiatives are re-rolled." Only
    the tied re-roll; the others keep their places."""
    fight = Fight(
        op("ada", "crew", 0, 0),
        op("rex", "gang", 5, 5),
        op("sam", "gang", 6, 6),
        dice=[4, 4, 5, 3, 6, 6, 1, 1, 2, 2],
        order=(),
    )
    assert order(fight) == ("sam", "rex", "ada")
    rerolls = [r.combatant for r in fight.rolled() if r.purpose == "initiative re-roll"]
    assert rerolls == ["ada", "rex"]
    assert fight.dice.remaining == ()


def test_hidden_attackers_above_the_highest_perception_get_the_ambush_round() -> None:
    """Seed: "Each attacker must roll hiding, and each defender must roll perception. Only
    those attackers which roll above the highest perception roll can participate in an
    ambush"; the ambush round is theirs alone, then initiative runs as normal."""
    fight = Fight(
        op("ada", "crew", 0, 0, ambusher=True, skills={"hiding": 4}),
        op("bob", "crew", 1, 0, ambusher=True, skills={"hiding": 4}),
        op("rex", "gang", 5, 5, skills={"perception": 6}),
        op("sam", "gang", 6, 6),
        # hiding ada 12, bob 11; perception rex 11, sam 4; initiative rex, sam, ada, bob
        dice=[5, 5, 5, 4, 4, 4, 2, 2, 3, 3, 2, 2, 6, 5, 4, 4],
        order=(),
    )
    purposes = [(r.combatant, r.purpose, r.total) for r in fight.rolled()][:4]
    assert purposes == [
        ("ada", "hiding", 12),
        ("bob", "hiding", 11),
        ("rex", "perception", 11),
        ("sam", "perception", 4),
    ]
    assert fight.events(RoundOrderSet)[0].order == ("ada",)
    assert order(fight) == ("rex", "sam", "ada", "bob")
    assert (fight.state.turns.round, fight.state.actor) == (1, "ada")
    fight.end("ada")
    assert (fight.state.turns.round, fight.state.actor) == (2, "rex")
    fight.end("rex", "sam", "ada", "bob")
    assert (fight.state.turns.round, fight.state.actor) == (3, "rex")
    assert fight.dice.remaining == ()


def test_no_attacker_above_the_highest_perception_means_no_ambush_round() -> None:
    """Seed: "If no attacker rolls above the highest perception roll, there is no ambush round
    and initiative begins as normal" (equal is not above)."""
    fight = Fight(
        op("ada", "crew", 0, 0, ambusher=True),
        op("rex", "gang", 5, 5),
        dice=[4, 4, 5, 3, 1, 1, 6, 6],
        order=(),
    )
    assert fight.events(RoundOrderSet) == []
    assert (fight.state.turns.round, fight.state.actor) == (1, "rex")
