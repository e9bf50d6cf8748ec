"""A winning defender turns to its attacker and back (rules/turning.py, B22, TIERS-9)."""

from __future__ import annotations

from fracas.rulesets.tiers.rules.turning import Turned, TurnedBack
from tests.rulesets.tiers.helpers import Fight, warrior

XBOW = {"id": "xbow", "kind": "crossbow", "tier": 3, "range": 10}


def _fight(dice: list[int]) -> Fight:
    """b (T3 armor, T2 shield in hand) faces north at (5, 5); a with its sword stands at its
    rear corner (4, 6); c, a's ally with a T3 crossbow (skill 6), holds a reserved action at
    (6, 8), also behind b. Turns: c, a, b."""
    fight = Fight(
        warrior("c", "red", 6, 8, weapons=[XBOW], skills={"crossbow": 6}),
        warrior("a", "red", 4, 6),
        warrior("b", "blue", 5, 5, facing="n", armor={"tier": 3}, shield={"tier": 2}),
        dice=dice,
    )
    fight.act("c", "reserve")
    fight.end("c")
    return fight


def test_a_winning_defender_turns_to_its_attacker_then_back() -> None:
    """Seed: "if the defending character wins the roll; that character will automatically
    turn to defend themselves from their opponent ... Then they will return to facing their
    declared direction ... after the attacker's turn concludes": b wins 15 to 5, counters for
    10 + 5 + T3 - 0 = 18, faces a (south-west), and faces north again when a's turn ends."""
    fight = _fight([5, 15])
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("a", 18, 12)]
    assert fight.get("b").facing == "sw"
    assert [(e.toward, e.facing, e.back) for e in fight.events(Turned)] == [("a", "sw", "n")]
    fight.end("a")
    assert fight.get("b").facing == "n"
    assert fight.get("b").turned_from is None
    assert [e.facing for e in fight.events(TurnedBack)] == ["n"]


def test_while_turned_its_shield_covers_the_attacker_s_side() -> None:
    """What the turn changes: c's reserved sure shot on a's turn comes from b's rear before
    the exchange, but from its front once b faced a: T3 - max(0, 3 + shield 2 - T3) = 1."""
    fight = _fight([5, 15])
    fight.act("a", "attack", target="b")
    fight.act("c", "attack", target="b")
    assert fight.damage() == [("a", 18, 12), ("b", 1, 29)]


def test_a_losing_defender_does_not_turn() -> None:
    """Only a winner turns: a wins 15 to 5 (10 + 5 + T3 - armor 3 = 15 from the rear), b
    keeps facing north, and c's shot from its rear meets no shield: T3 - max(0, 3 - T3) =
    3."""
    fight = _fight([15, 5])
    fight.act("a", "attack", target="b")
    fight.act("c", "attack", target="b")
    assert fight.damage() == [("b", 15, 15), ("b", 3, 12)]
    assert fight.get("b").facing == "n"
    assert fight.events(Turned) == []
