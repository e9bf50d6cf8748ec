"""Shields in hand (rules/gear.py): two non-contested actions in a row to equip, one to put
away; only in hand does a shield count."""

from __future__ import annotations

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
