"""Dropping a weapon (rules/dropping.py, TIERS-58): a free action on anyone's turn."""

from __future__ import annotations

from fracas.rulesets.tiers.events import Dropped
from fracas.rulesets.tiers.view import GM, view
from tests.rulesets.tiers.helpers import JAVELIN, SWORD, Fight, warrior


def _fight() -> Fight:
    """a at (0, 0) with a sword in hand and a javelin; b beside it at (0, 1)."""
    return Fight(
        warrior("a", "red", 0, 0, weapons=(SWORD, JAVELIN), wielding=["sword"]),
        warrior("b", "blue", 0, 1),
    )


def test_dropping_is_free_on_anyone_s_turn() -> None:
    """Seed: "Free actions can be used to: ... drop a weapon (or any other object) ... these
    things can be done at any time, on anyone's turn": a drops its javelin on its own turn and
    its sword on b's, spends no action, and both lie at (0, 0)."""
    fight = _fight()
    fight.act("a", "drop", weapon="javelin")
    fight.end("a")
    fight.act("a", "drop", weapon="sword")
    a = fight.get("a")
    assert a.actions == 0
    assert a.weapons == ()
    assert a.main is None
    assert [(e.item, e.at) for e in fight.events(Dropped)] == [
        ("javelin", (0, 0)),
        ("sword", (0, 0)),
    ]


def test_a_dropped_weapon_is_no_longer_carried() -> None:
    """Refusals: once dropped, the sword can be neither dropped again nor swapped to; bare
    hands cannot be dropped."""
    fight = _fight()
    fight.act("a", "drop", weapon="sword")
    fight.refuse("a", "drop", "carries no weapon 'sword'; it has: javelin", weapon="sword")
    fight.refuse("a", "swap", "carries no weapon 'sword'", weapon="sword")
    fight.refuse("a", "drop", "bare hands cannot be dropped", weapon="unarmed")


def test_a_dropped_weapon_stays_on_the_map_and_can_be_grabbed() -> None:
    """Seed: "Non-contested actions include: ... grabbing a weapon (or any object) from
    anywhere other than a worn weapon slot": a drops its sword at (0, 0); b, next to it,
    grabs it with one non-contested action and gets it at the Tier it had, T3, to swap in."""
    fight = _fight()
    fight.act("a", "drop", weapon="sword")
    assert [(g.at, g.weapon.id, g.tier) for g in fight.state.arena.ground] == [((0, 0), "sword", 3)]
    fight.end("a")
    fight.refuse("b", "grab", "already carries a weapon 'sword'", weapon="sword")
    fight.act("b", "drop", weapon="sword")
    fight.act("b", "grab", weapon="sword", at={"x": 0, "y": 0})
    b = fight.get("b")
    assert (b.actions, b.contested) == (1, False)
    assert b.tier_of("sword") == 3
    assert [g.at for g in fight.state.arena.ground] == [(0, 1)]
    fight.act("b", "swap", weapon="sword")
    assert fight.get("b").main == "sword"


def test_grab_reaches_one_tile_and_asks_which_when_two_lie_near() -> None:
    """Refusals: a weapon two tiles off is out of reach; with swords on two tiles in reach the
    grab must name the tile with `at`, and a tile holding none is refused."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 0, 1),
        warrior("c", "blue", 0, 3),
    )
    fight.act("a", "drop", weapon="sword")
    fight.act("b", "drop", weapon="sword")
    fight.act("c", "drop", weapon="sword")
    fight.end("a", "b")
    fight.act("c", "move", to={"x": 0, "y": 5})
    fight.refuse("c", "grab", r"no weapon 'sword' lies on or next to \(0, 5\)", weapon="sword")
    fight.end("c")
    fight.refuse(
        "a", "grab", r"'sword' lies on \(0, 0\), \(0, 1\); say which with `at`", weapon="sword"
    )
    fight.refuse("a", "grab", "no weapon 'sword' lies there", weapon="sword", at={"x": 1, "y": 1})
    fight.act("a", "grab", weapon="sword", at={"x": 0, "y": 1})
    assert sorted(g.at for g in fight.state.arena.ground) == [(0, 0), (0, 3)]


def test_gear_above_body_cannot_be_picked_up() -> None:
    """Seed: "If a character's gear exceeds their body stat, they cannot move it": a Body 2
    character may not grab the T3 sword."""
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 0, 1, body=2, weapons=()))
    fight.act("a", "drop", weapon="sword")
    fight.end("a")
    fight.refuse(
        "b",
        "grab",
        "T3, above b's Body 2: gear that exceeds the Body stat cannot be moved",
        weapon="sword",
    )


def test_a_fired_crossbow_stays_unloaded_on_the_ground() -> None:
    """A crossbow dropped after firing is picked up as it lay: still to be reloaded."""
    bow = {"id": "xbow", "kind": "crossbow", "tier": 2, "hands": 2, "range": 8, "loaded": False}
    fight = Fight(warrior("a", "red", 0, 0, weapons=(bow,)), warrior("b", "blue", 0, 1))
    fight.act("a", "drop", weapon="xbow")
    fight.end("a")
    fight.act("b", "grab", weapon="xbow")
    assert fight.get("b").unloaded == ("xbow",)


def test_the_gm_s_map_shows_what_lies_on_the_ground() -> None:
    """The GM's map marks a dropped weapon where it lies, with its Tier."""
    fight = _fight()
    fight.act("a", "drop", weapon="javelin")
    ground = view(fight.state, GM)["gm_map"]["ground"]
    assert ground == [{"x": 0, "y": 0, "weapon": "javelin", "tier": 4}]
