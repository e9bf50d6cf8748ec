"""Reserved actions (rules/reserve.py) and free actions on anyone's turn."""

from __future__ import annotations

from fracas.rulesets.tiers.events import ReservationUsed
from tests.rulesets.tiers.helpers import Fight, warrior

XBOW = {"id": "xbow", "kind": "crossbow", "tier": 3, "range": 10}


def _reserving() -> Fight:
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[XBOW], skills={"crossbow": 6}),
        warrior("b", "blue", 8, 0),
        warrior("c", "blue", 9, 9),
        dice=[10, 10],
    )
    fight.act("a", "move", to={"x": 0, "y": 1})
    fight.act("a", "reserve")
    fight.end("a")
    return fight


def test_a_reserved_action_is_used_on_anothers_turn() -> None:
    """Seed: "A character may choose to hold their non-contested action to be used on another
    character's turn ... "I fire my crossbow on them when they get in range"": b steps within
    a's crossbow skill, and a fires on b's turn: 3 - (0 - 3) -> T3 = 3."""
    fight = _reserving()
    fight.act("b", "move", to={"x": 5, "y": 1})
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 3, 27)]
    assert len(fight.events(ReservationUsed)) == 1
    assert not fight.get("a").has("reserved")


def test_a_reservation_serves_once() -> None:
    """Seed: "That character still only gets 2 declared actions on each round"."""
    fight = _reserving()
    fight.act("b", "move", to={"x": 5, "y": 1})
    fight.act("a", "move", to={"x": 0, "y": 2})
    fight.refuse("a", "move", "it is b's turn, not a's", to={"x": 0, "y": 3})


def test_a_reservation_holds_no_contested_action() -> None:
    """Seed: "They cannot reserve their contested roll this way"."""
    fight = _reserving()
    fight.act("b", "move", to={"x": 3, "y": 1})
    fight.refuse("a", "stealth_attack", "it is b's turn", target="b")


def test_an_unused_reservation_is_forfeited_at_the_next_turn() -> None:
    """Seed: "If no action is used before the character's next turn, the reserved action is
    considered forfeited"."""
    fight = _reserving()
    fight.end("b", "c")
    assert not fight.get("a").has("reserved")
    assert fight.get("a").actions == 0


def test_reserving_takes_one_of_the_two_actions() -> None:
    """B16: one reservation at a time, and it counts among the turn's 2 actions."""
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 5, 5))
    fight.act("a", "reserve")
    fight.refuse("a", "reserve", "already holds a reserved action")
    fight.act("a", "move", to={"x": 0, "y": 1})
    assert fight.get("a").actions == 2


def test_swapping_is_free_on_anyones_turn() -> None:
    """Seed: free actions "can be done at any time, on anyone's turn, as many times as
    desired": b swaps to bare hands on a's turn."""
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 5, 5))
    fight.act("b", "swap", weapon="unarmed")
    assert fight.get("b").main is None


def test_a_reserved_attack_must_be_non_contested() -> None:
    """Seed: a non-contested action "may be used in some attacks, such as firing a loaded
    firearm/crossbow if within guaranteed hit range"; a melee blow is contested."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 3, 0),
        warrior("c", "blue", 9, 9),
    )
    fight.act("a", "reserve")
    fight.end("a")
    fight.act("b", "move", to={"x": 1, "y": 0})
    fight.refuse(
        "a", "attack", "on a reserved \\(non-contested\\) action: .* contested", target="b"
    )
