"""Dropping a weapon (rules/dropping.py, TIERS-58): a free action on anyone's turn."""

from __future__ import annotations

from fracas.rulesets.tiers.events import Dropped
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
