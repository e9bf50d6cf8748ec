"""Initiative and the ambush round under `nwo` (rules/initiative.py).

Dice order: the ambushers' Hiding rolls, then the other side's Perception rolls (listing
order), when anyone tries an ambush; then one initiative 2d6 per combatant in listing order;
then the tied re-roll.
"""

from __future__ import annotations

import pytest

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


@pytest.mark.parametrize("caught", [True, False])
def test_the_ambushed_side_starts_with_its_weapons_holstered(caught: bool) -> None:
    """NWO-1: "characters are generally allowed to begin already wielding their weapons,
    except in cases such as being ambushed" (A20, option ambush_catches_unready): ada hides
    at 5+5+2 = 12 over rex's 1+1 and sam's 2+1; rex and sam start with theirs holstered and
    ada keeps her gun in hand. With the option off, everyone keeps them in hand."""
    fight = Fight(
        op("ada", "crew", 0, 0, ambusher=True, skills={"hiding": 4}, weapons=["handgun"]),
        op("rex", "gang", 5, 5, weapons=["handgun"]),
        op("sam", "gang", 6, 6, weapons=["short_blade"], holstered=["revolver"]),
        dice=[5, 5, 1, 1, 2, 1, 6, 6, 5, 5, 4, 4],
        order=(),
        options={"ambush_catches_unready": caught},
    )
    assert fight.events(RoundOrderSet)[0].order == ("ada",)
    rex, sam = fight.get("rex"), fight.get("sam")
    assert fight.get("ada").wielded == ("handgun",)
    if caught:
        assert (rex.wielded, rex.holstered) == ((), ("handgun",))
        assert (sam.wielded, sam.holstered) == ((), ("short_blade", "revolver"))
    else:
        assert (rex.wielded, sam.wielded) == (("handgun",), ("short_blade",))
    assert fight.dice.remaining == ()


def test_without_an_ambush_round_everyone_starts_armed() -> None:
    """NWO-1: "When initiative begins, characters are generally allowed to begin already
    wielding their weapons": an ambush that fails (ada's 1+1 is not above rex's 6+6) catches
    nobody unready."""
    fight = Fight(
        op("ada", "crew", 0, 0, ambusher=True, weapons=["handgun"]),
        op("rex", "gang", 5, 5, weapons=["handgun"]),
        dice=[1, 1, 6, 6, 4, 4, 3, 3],
        order=(),
    )
    assert fight.events(RoundOrderSet) == []
    assert fight.get("rex").wielded == ("handgun",)
