"""Shields in hand (rules/gear.py): two non-contested actions in a row to equip, one to put
away; only in hand does a shield count."""

from __future__ import annotations

import pytest

from tests.rulesets.tiers.helpers import SWORD, Fight, warrior

PUT_AWAY = {"id": "kite", "tier": 2, "equipped": False}


def _fight(dice: list[int] | None = None) -> Fight:
    return Fight(
        warrior("a", "red", 5, 5, facing="s", shield=PUT_AWAY),
        warrior("b", "blue", 5, 6),
        dice=dice or [],
    )


def test_equipping_takes_two_consecutive_non_contested_actions() -> None:
    """Seed: "Equipping a shield takes 1 round to complete (2 consecutive non-contested
    actions)"."""
    fight = _fight()
    fight.act("a", "equip_shield")
    assert (fight.get("a").shield_equipped, fight.get("a").shield_progress) == (False, 1)
    fight.act("a", "equip_shield")
    assert (fight.get("a").shield_equipped, fight.get("a").shield_progress) == (True, 0)


def test_another_action_in_between_starts_equipping_over() -> None:
    """Seed: "2 consecutive non-contested actions": a move in between breaks the run."""
    fight = Fight(
        warrior("a", "red", 5, 5, shield=PUT_AWAY),
        warrior("b", "blue", 9, 9),
    )
    fight.act("a", "equip_shield")
    fight.act("a", "move", to={"x": 4, "y": 5})
    assert fight.get("a").shield_progress == 0
    fight.end("a", "b")
    fight.act("a", "equip_shield")
    assert not fight.get("a").shield_equipped


def test_equipping_may_run_across_the_turns_end() -> None:
    """The round it takes may be the last action of one turn and the first of the next."""
    fight = Fight(
        warrior("a", "red", 5, 5, shield=PUT_AWAY),
        warrior("b", "blue", 9, 9),
    )
    fight.act("a", "move", to={"x": 4, "y": 5})
    fight.act("a", "equip_shield")
    fight.end("a", "b")
    fight.act("a", "equip_shield")
    assert fight.get("a").shield_equipped


@pytest.mark.parametrize(
    ("how", "after", "dealt"),
    [("consecutive", (True, 0), 5 + 5 + 3 - 2), ("one_turn", (False, 1), 5 + 5 + 3)],
)
def test_option_shield_equip(how: str, after: tuple[bool, int], dealt: int) -> None:
    """B23: "Equipping a shield takes 1 round to complete (2 consecutive non-contested
    actions)" (l.21). a equips as the last action of its turn and again as the first of the
    next. By default (`shield_equip: consecutive`) the two follow each other and the T2 shield
    is in hand; under `one_turn` they must be one turn's two actions, so the new turn starts
    over at 1 of 2. a then attacks b and loses 5 to 10: b's counterattack from a's front is
    5 + 5 + T3 = 13, less the shield's 2 where it is in hand."""
    fight = Fight(
        warrior("a", "red", 5, 5, facing="s", shield=PUT_AWAY),
        warrior("b", "blue", 5, 6),
        dice=[5, 10],
        options={"shield_equip": how},
    )
    fight.act("a", "equip_shield")
    assert fight.get("a").shield_progress == 1
    fight.end("a", "b")
    fight.act("a", "equip_shield")
    assert (fight.get("a").shield_equipped, fight.get("a").shield_progress) == after
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("a", dealt, 30 - dealt)]


def test_one_turn_shield_equip_takes_both_actions_of_a_turn() -> None:
    """B23, `shield_equip: one_turn`: the two equipping actions are the turn's two, so the
    first must open the turn: after a move, or on a reserved action (which stands alone on
    another's turn), equipping is refused; opening the turn with it, the second puts the
    shield in hand."""
    fight = Fight(
        warrior("a", "red", 5, 5, shield=PUT_AWAY),
        warrior("b", "blue", 9, 9),
        options={"shield_equip": "one_turn"},
    )
    fight.act("a", "move", to={"x": 4, "y": 5})
    fight.refuse("a", "equip_shield", "a has one action left this turn; under shield_equip")
    fight.act("a", "reserve")
    fight.end("a")
    fight.refuse("a", "equip_shield", "on a reserved .*under shield_equip: one_turn")
    fight.end("b")
    fight.act("a", "equip_shield")
    fight.act("a", "equip_shield")
    assert (fight.get("a").shield_equipped, fight.get("a").actions) == (True, 2)


def test_a_shield_not_in_hand_gives_nothing() -> None:
    """Seed: "The Shield does not work unless equipped in hand": b's blow from a's front
    meets no shield: 5 + 5 + T3 = 13."""
    fight = _fight([5, 10])
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("a", 13, 17)]


def test_the_off_hand_must_be_free() -> None:
    dagger = {"id": "dagger", "kind": "melee", "tier": 1}
    fight = Fight(
        warrior(
            "a", "red", 5, 5, weapons=[SWORD, dagger], wielding=["sword", "dagger"], shield=PUT_AWAY
        ),
        warrior("b", "blue", 9, 9),
    )
    fight.refuse("a", "equip_shield", "off hand holds dagger; free it first")
    fight.act("a", "swap", weapon="unarmed", hand="off")
    fight.act("a", "equip_shield")


def test_unequipping_is_one_non_contested_action() -> None:
    """Seed: "Non-contested actions include: moving, unequipping a shield"."""
    fight = Fight(warrior("a", "red", 5, 5, shield={"tier": 2}), warrior("b", "blue", 9, 9))
    fight.act("a", "unequip_shield")
    assert (fight.get("a").shield_equipped, fight.get("a").actions) == (False, 1)
    fight.refuse("a", "unequip_shield", "has no shield in hand")
