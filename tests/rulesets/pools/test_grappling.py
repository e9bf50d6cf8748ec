"""Grappling under `pools` (seed 004, "Grappling"): the grapple, what a grappled target may
and may not do, breaking free, and pins, with scripted dice (6 a success, 1 not)."""

from __future__ import annotations

from fracas.core.events import DiceRolled
from fracas.rulesets.pools.events import Released
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier


def grappled(*, ox: int = 5, rat: int = 3, then: list[int] | None = None) -> Fight:
    """Ox (Strength `ox`) has grappled rat (Strength `rat`) at distance 2; rat's turn, with
    the dice `then` scripted after the grapple's."""
    fight = Fight(
        soldier("ox", "a", 2, strength=ox),
        soldier("rat", "b", 2, strength=rat),
        dice=[HIT] * (ox + max(0, ox - rat)) + [MISS] * rat + list(then or []),
    )
    fight.act("ox", "grapple", target="rat")
    fight.end("ox")
    return fight


def exprs(fight: Fight) -> list[str]:
    return [e.expr for e in fight.events(DiceRolled)]


def test_the_grappler_adds_the_strength_difference() -> None:
    """ "Grappling is a contested Strength check, where the one initiating the grapple adds
    the difference in Strength to their dice pool." Str 5 against Str 3: 7 dice against 3
    (checklist example 7)."""
    fight = grappled()
    assert exprs(fight) == ["7d6>=5", "3d6>=5"]
    assert fight.contests()[0].winner == "ox"
    assert [str(c) for c in fight.get("rat").conditions] == ["grappled (ox)"]
    assert [str(c) for c in fight.get("ox").conditions] == ["holding (ox)"]


def test_a_weaker_grappler_adds_nothing_or_loses_dice_by_option() -> None:
    """P14 (D14): the difference is added when positive (`grapple_bonus: positive`); the
    signed reading takes dice away from a weaker grappler, never below one."""
    plain = Fight(
        soldier("rat", "a", 2, strength=3), soldier("ox", "b", 2, strength=5), dice=[HIT] * 8
    )
    plain.act("rat", "grapple", target="ox")
    assert exprs(plain) == ["3d6>=5", "5d6>=5"]
    signed = Fight(
        soldier("rat", "a", 2, strength=3),
        soldier("ox", "b", 2, strength=5),
        dice=[HIT] * 6,
        options={"grapple_bonus": "signed"},
    )
    signed.act("rat", "grapple", target="ox")
    assert exprs(signed) == ["1d6>=5", "5d6>=5"]


def test_a_failed_grapple_holds_nobody() -> None:
    """A contest: the target holds a tie (P3)."""
    fight = Fight(
        soldier("ox", "a", 2, strength=1), soldier("rat", "b", 2, strength=1), dice=[HIT, HIT]
    )
    fight.act("ox", "grapple", target="rat")
    assert fight.get("rat").conditions == ()
    assert fight.get("ox").conditions == ()


def test_a_grappled_target_cannot_move_but_can_fight() -> None:
    """ "A grappled target can still fight back. They can attack you or someone else ...
    The only thing a grappled target cannot do is move." """
    fight = grappled(then=[HIT, HIT, HIT] + [MISS] * 5)
    fight.refuse("rat", "move", "held by ox and cannot move", to=3)
    fight.act("rat", "attack", target="ox", weapon="knife")
    assert fight.damage() == [("ox", 2, 8)]


def test_breaking_free_is_contested_and_the_holder_still_adds_the_difference() -> None:
    """ "The target may try to break free from the grapple, which is a contested Strength vs
    Strength check, in which the one holding the grapple still applies the difference between
    Strengths to their dice pool." """
    fight = grappled(then=[HIT, HIT, MISS] + [HIT] + [MISS] * 6)
    fight.act("rat", "break_free")
    assert exprs(fight)[2:] == ["3d6>=5", "7d6>=5"]
    assert [e.why for e in fight.events(Released)] == ["broke free"]
    assert fight.get("rat").conditions == ()
    fight.end("rat", "ox")
    fight.ruleset.verify(fight.state, fight.action("rat", "move", to=3))  # free to move again


def test_a_pinned_target_rolls_twice_and_keeps_the_worse() -> None:
    """ "In a pin, a character may do nothing but try to break free, which is a contested
    Strength check where they roll twice, always taking the worse roll. The one who
    initiated the grapple still adds the difference in Strengths." A pinned Str 3 rolls 3
    dice twice and keeps the fewer successes, against 7 dice (checklist example 7)."""
    fight = grappled(then=[HIT, HIT, HIT] + [HIT, MISS, MISS] + [HIT] + [MISS] * 6)
    fight.end("rat")
    fight.act("ox", "pin")
    fight.end("ox")
    assert [str(c) for c in fight.get("rat").conditions] == ["pinned (ox)"]
    fight.act("rat", "break_free")
    assert exprs(fight)[2:] == ["3d6>=5", "3d6>=5", "7d6>=5"]
    contest = fight.contests()[-1]
    assert (contest.initiator_successes, contest.responder_successes) == (1, 1)
    assert contest.winner == "ox"  # the worse roll ties, and the holder holds a tie
    assert fight.get("rat").has("pinned")


def test_a_pinned_target_may_do_nothing_but_break_free() -> None:
    """ "In a pin, a character may do nothing but try to break free" """
    fight = grappled()
    fight.end("rat")
    fight.act("ox", "pin")
    fight.end("ox")
    fight.refuse("rat", "attack", "pinned by ox and may do nothing but", target="ox")
    fight.refuse("rat", "move", "pinned by ox", to=3)
    fight.act("rat", "end_turn")


def test_a_hold_ends_when_the_holder_falls_or_lets_go() -> None:
    """P33: a hold needs both in the fight and at distance 0; letting go is free."""
    fight = grappled()
    fight.end("rat")
    fight.act("ox", "release")
    assert [e.why for e in fight.events(Released)] == ["let go"]
    down = grappled(ox=2, rat=2)
    down.act("gm", "override", target="ox", hp=0)
    assert "ox is unconscious" in [e.why for e in down.events(Released)]
    assert down.get("rat").conditions == ()


def test_grappling_is_refused_out_of_reach_and_twice() -> None:
    fight = Fight(
        soldier("ox", "a", 2),
        soldier("rat", "b", 3),
        soldier("cat", "b", 2),
        dice=[HIT, HIT, MISS, MISS],
    )
    fight.refuse("ox", "grapple", "rat is not at distance 0 from ox", target="rat")
    fight.refuse("ox", "pin", "ox holds nobody; pin needs a grapple first")
    fight.refuse("ox", "break_free", "ox is not held by anyone")
    fight.refuse("ox", "release", "ox holds nobody")
    fight.act("ox", "grapple", target="cat")
    fight.end("ox", "rat", "cat")
    fight.refuse("ox", "grapple", "ox already holds cat; one hold at a time", target="cat")


def test_a_holder_grabbed_by_a_third_keeps_its_own_hold() -> None:
    """ "A grappled target can still fight back. They can attack you or someone else, put
    away or pull out items": bo holds cat; rook grabs bo (3 dice against 3: 2 against 0);
    bo, held, still holds cat. cat cannot grapple bo back: it breaks free instead."""
    fight = Fight(
        soldier("bo", "a", 2, strength=3),
        soldier("cat", "b", 2, strength=2),
        soldier("rook", "b", 2, strength=3),
        dice=[HIT, HIT, MISS, MISS, MISS, MISS, HIT, HIT, MISS, MISS, MISS, MISS],
    )
    fight.act("bo", "grapple", target="cat")
    fight.end("bo")
    fight.refuse("cat", "grapple", "bo holds cat; to get out of its grip, break free", target="bo")
    fight.end("cat")
    fight.act("rook", "grapple", target="bo")
    assert fight.get("bo").condition("holding").detail == "cat"
    assert fight.get("bo").condition("grappled").source == "rook"
    assert fight.get("cat").condition("grappled").source == "bo"
