"""Weapon handling, Disarm, Reload and Suppressive Fire (seed 000; NWO-21..24, 53..55, 67)."""

from __future__ import annotations

import dataclasses

from fracas.core.conditions import Expiry
from fracas.rulesets.nwo.rules import arms
from fracas.rulesets.nwo.rules.common import STARTLED, SUPPRESSED

from .support_helpers import Fight, person

PISTOL = {
    "id": "pistol", "kind": "ranged", "damage": 3, "crit": [6], "crit_damage": 4, "hands": 1,
    "magazine": 1,
}  # fmt: skip
"""A one-round handgun, to empty a magazine in one shot."""


# -- drawing, swapping, dropping, stowing ---------------------------------------------------


def test_draw_two_one_handed_weapons_in_one_action() -> None:
    """NWO-23/67: "A character may use an action to swap between or draw one two-handed
    weapon, or two one-handed weapons, if those weapons are readily available"; "You are able
    to choose which weapon you ... attack with". Short blade: Melee 4 -> +2; 3+3+2 = 8 vs 2."""
    fight = Fight(
        person("ada", "crew", 1, 1, ["handgun", "short_blade"], skills={"melee": 4},
               holstered=["handgun", "short_blade"]),
        person("rex", "gang", 2, 1),
        dice=[3, 3, 1, 1],
    )  # fmt: skip
    assert fight.get("ada").wielded == ()
    fight.act("ada", "draw", weapons=["handgun", "short_blade"])
    assert fight.get("ada").wielded == ("handgun", "short_blade")
    assert fight.get("ada").acted
    fight.end("ada", "rex")
    fight.act("ada", "attack", target="rex", weapon="short_blade")
    assert fight.get("rex").hp == 8


def test_swap_holsters_what_is_in_hand() -> None:
    """NWO-23: one action swaps a two-handed weapon for a readily available one."""
    fight = Fight(
        person("ada", "crew", 1, 1, ["assault_rifle"], holstered=["handgun"]),
        person("rex", "gang", 6, 1),
    )
    fight.refuse("ada", "draw", "ada has 0 free hands .* drop \\(free\\)", weapons=["handgun"])
    fight.act("ada", "swap", weapons=["handgun"])
    ada = fight.get("ada")
    assert (ada.wielded, ada.holstered, ada.acted) == (("handgun",), ("assault_rifle",), True)


def test_a_stowed_weapon_takes_two_actions_or_a_drop() -> None:
    """NWO-24: "To draw a weapon that is not readily available, a character must spend one
    action putting away their currently equipped weapon, and one action equipping the new
    weapon. However, you may choose to drop your weapon to equip this new weapon as one
    action." """
    people = (
        person("ada", "crew", 1, 1, ["assault_rifle"], stowed=["shotgun"]),
        person("rex", "gang", 6, 1),
    )
    slow = Fight(*people)
    slow.refuse("ada", "swap", "shotgun is stowed, not readily available", weapons=["shotgun"])
    slow.act("ada", "stow", weapon="assault_rifle")
    assert slow.get("ada").holstered == ("assault_rifle",)
    slow.refuse("ada", "draw", "already used this turn's action", weapons=["shotgun"])
    slow.end("ada", "rex")
    slow.act("ada", "draw", weapons=["shotgun"])
    assert slow.get("ada").wielded == ("shotgun",)
    fast = Fight(*people)
    fast.act("ada", "drop", weapon="assault_rifle")
    assert not fast.get("ada").acted  # dropping is free
    fast.act("ada", "draw", weapons=["shotgun"])
    ada = fast.get("ada")
    assert (ada.wielded, ada.dropped) == (("shotgun",), ("assault_rifle",))


def test_a_dropped_weapon_takes_an_action_to_reequip() -> None:
    """NWO-24: "A dropped weapon requires an action to reequip." """
    fight = Fight(
        person("ada", "crew", 1, 1, ["handgun"], holstered=["short_blade"]),
        person("rex", "gang", 6, 1),
    )
    fight.act("ada", "drop", weapon="handgun")
    fight.refuse(
        "ada", "draw", "handgun is dropped, not readily available: it is drawn alone",
        weapons=["handgun", "short_blade"],
    )  # fmt: skip
    fight.refuse(
        "ada", "swap", "handgun is on the ground: pick it up with draw", weapons=["handgun"]
    )
    fight.act("ada", "draw", weapons=["handgun"])
    ada = fight.get("ada")
    assert (ada.wielded, ada.dropped, ada.acted) == (("handgun",), (), True)
    fight.refuse("ada", "drop", "ada does not hold 'spear'", weapon="spear")
    fight.refuse("ada", "draw", "ada carries no 'spear'", weapons=["spear"])


# -- disarming -----------------------------------------------------------------------------


def test_worked_example_13_disarm_with_a_short_blade() -> None:
    """1.4 #13, NWO-21/22: "An attacker with only one hand free attempts their Disarm at
    disadvantage"; "The disarming character also deals damage equal to the weapon in their
    hand". Melee 4 -> +2; pairs 6+5 and 4+3 keep 7: 9 against 2+2; 2 damage."""
    fight = Fight(
        person("ada", "crew", 1, 1, ["short_blade"], skills={"melee": 4}),
        person("rex", "gang", 2, 1, ["one_handed_axe"]),
        dice=[6, 5, 4, 3, 2, 2],
    )
    fight.act("ada", "disarm", target="rex")
    roll = fight.rolled()[0]
    assert (roll.edge, roll.total) == (-1, 9)
    rex = fight.get("rex")
    assert (rex.wielded, rex.dropped, rex.hp) == ((), ("one_handed_axe",), 8)
    assert fight.dice_left == 0


def test_unarmed_disarm_with_two_free_hands_and_taking_the_weapon() -> None:
    """1.4 #13 and NWO-21/22: "An attacker with two hands free attempts their Disarm with no
    penalty"; the weapon goes "in the hands of their attacker if the attacker has enough hands
    free (Attacker's choice)"; "1 damage if unarmed". Nimble 4 -> +2: 4+4+2 = 10 vs 3+3."""
    fight = Fight(
        person("ada", "crew", 1, 1, skills={"nimble": 4}),
        person("rex", "gang", 2, 1, ["handgun"]),
        dice=[4, 4, 3, 3],
    )
    fight.act("ada", "disarm", target="rex", take=True)
    assert fight.rolled()[0].edge == 0
    ada, rex = fight.get("ada"), fight.get("rex")
    assert (ada.wielded, ada.rounds("handgun")) == (("handgun",), 15)
    assert (rex.wielded, rex.arsenal, rex.hp) == ((), (), 9)


def test_a_failed_disarm_changes_nothing_but_the_action() -> None:
    """NWO-21: the disarm is contested like an attack; a tie goes to the defender."""
    fight = Fight(
        person("ada", "crew", 1, 1),
        person("rex", "gang", 2, 1, ["one_handed_axe"]),
        dice=[3, 3, 4, 2],
    )
    fight.act("ada", "disarm", target="rex")
    rex = fight.get("rex")
    assert (rex.wielded, rex.hp, fight.get("ada").acted) == (("one_handed_axe",), 10, True)


def test_disarm_refusals() -> None:
    """NWO-21: "so long as they have at least one hand free"; "made with a normal one-handed
    or unarmed attack roll"."""
    full = Fight(person("ada", "crew", 1, 1, ["spear"]), person("rex", "gang", 2, 1, ["spear"]))
    full.refuse("ada", "disarm", "ada has no free hand", target="rex")
    gun = Fight(person("ada", "crew", 1, 1, ["handgun"]), person("rex", "gang", 2, 1, ["spear"]))
    gun.refuse("ada", "disarm", "handgun is not one", target="rex", weapon="handgun")
    gun.refuse("ada", "disarm", "spear needs 2 hands and ada has 1 free", target="rex", take=True)
    bare = Fight(person("ada", "crew", 1, 1), person("rex", "gang", 2, 1))
    bare.refuse("ada", "disarm", "rex holds no weapon to disarm", target="rex")
    far = Fight(person("ada", "crew", 1, 1), person("rex", "gang", 4, 1, ["spear"]))
    far.refuse("ada", "disarm", "rex is 3 tiles away; unarmed reaches 1", target="rex")


# -- reloading -----------------------------------------------------------------------------


def empty_pistol(dice: list[int], options: dict[str, object] | None = None) -> Fight:
    """ada fires her one round on turn 1 (1+1+3 against 4+4: a miss), then it is turn 2."""
    fight = Fight(
        person("ada", "crew", 1, 1, [PISTOL], skills={"aiming": 6}),
        person("rex", "gang", 6, 1),
        dice=[1, 1, 4, 4, *dice],
        options=options,
    )
    fight.act("ada", "attack", target="rex", weapon="pistol")
    fight.end("ada", "rex")
    return fight


def test_reload_success_is_instant() -> None:
    """NWO-53: "characters using a ranged weapon must make a roll to Reload (DC 10). On
    success, their Reload is instant, allowing them to take a normal action." Aiming 6 (A5:
    +3): 4+3+3 = 10."""
    fight = empty_pistol([4, 3, 5, 5, 1, 1])
    fight.refuse("ada", "attack", "ada's pistol is empty; reload", target="rex")
    fight.act("ada", "reload")
    ada = fight.get("ada")
    assert (ada.rounds("pistol"), ada.acted) == (1, False)
    fight.act("ada", "attack", target="rex", weapon="pistol")
    assert fight.get("rex").hp == 7


def test_reload_failure_dedicates_the_whole_turn() -> None:
    """NWO-53, A18: "On failure, a turn must be dedicated to Reloading their weapon": 3+3+3 = 9
    spends the action and the movement (a turn is both); the magazine is full after it.
    (This test once kept the movement; a dedicated turn has none left.)"""
    fight = empty_pistol([3, 3])
    fight.act("ada", "reload")
    ada = fight.get("ada")
    assert (ada.rounds("pistol"), ada.acted, ada.movement_spent) == (1, True, True)
    fight.refuse("ada", "move", "no movement left", to=[1, 4])


def test_a_failed_reload_after_moving_leaves_the_weapon_empty() -> None:
    """NWO-53: "a turn must be dedicated to Reloading": after a move the turn is no longer
    whole, so 3+3+3 = 9 spends what is left (action and movement) and the pistol stays empty;
    the next turn rolls again, 5+5+3 = 13, and it is loaded."""
    fight = empty_pistol([3, 3, 5, 5])
    fight.act("ada", "move", to=[1, 2])
    fight.act("ada", "reload")
    ada = fight.get("ada")
    assert (ada.rounds("pistol"), ada.acted, ada.movement_spent) == (0, True, True)
    fight.end("ada", "rex")
    fight.act("ada", "reload")
    assert (fight.get("ada").rounds("pistol"), fight.get("ada").acted) == (1, False)


def test_a_successful_reload_after_moving_is_still_instant() -> None:
    """NWO-53: "On success, their Reload is instant": a move before it changes nothing;
    4+3+3 = 10."""
    fight = empty_pistol([4, 3])
    fight.act("ada", "move", to=[1, 2])
    fight.act("ada", "reload")
    ada = fight.get("ada")
    assert (ada.rounds("pistol"), ada.acted, ada.movement_spent) == (1, False, False)


def test_reload_after_moving_next_turn_dedicates_the_next_turn() -> None:
    """Option reload_after_moving: next_turn (the other reading of "a turn must be dedicated"):
    the failure after a move makes the next turn the dedicated one; it starts with action and
    movement spent and ends with the pistol loaded, no second roll."""
    fight = empty_pistol([3, 3], {"reload_after_moving": "next_turn"})
    fight.act("ada", "move", to=[1, 2])
    fight.act("ada", "reload")
    assert fight.get("ada").rounds("pistol") == 0
    fight.end("ada", "rex")
    ada = fight.get("ada")
    assert (ada.rounds("pistol"), ada.acted, ada.movement_spent) == (1, True, True)
    assert not ada.has(arms.RELOADING)
    assert fight.dice.remaining == ()


def test_reload_refused_while_rounds_remain() -> None:
    """NWO-53: "Once your available ammunition ... is spent"."""
    fight = Fight(person("ada", "crew", 1, 1, ["handgun"]), person("rex", "gang", 6, 1))
    fight.refuse("ada", "reload", "ada's handgun still has 15 of 15 rounds", weapon="handgun")
    bare = Fight(person("ada", "crew", 1, 1, ["short_blade"]), person("rex", "gang", 6, 1))
    bare.refuse("ada", "reload", "ada holds no magazine-fed weapon")


# -- suppressive fire ----------------------------------------------------------------------


def rifle_fight(rounds: int, dice: list[int] | None = None, cover: bool = True) -> Fight:
    """ada (Aiming 6) with an assault rifle holding `rounds`; rex behind cover at (6, 1)."""
    fight = Fight(
        person("ada", "crew", 1, 1, ["assault_rifle"], skills={"aiming": 6}),
        person("rex", "gang", 6, 1, ["handgun"], skills={"resolve": 4}),
        dice=dice,
        cover=[[5, 1]] if cover else [],
    )
    ada = fight.get("ada")
    loaded = dataclasses.replace(ada, ammo=(("assault_rifle", rounds),))
    fight.encounter.state = fight.state.with_combatant(loaded)
    return fight


def test_worked_example_14_half_the_magazine() -> None:
    """1.4 #14, NWO-54: "You must have at least half your magazine capacity remaining, and will
    use all of it with this action." 15 of 30 allowed, ends at 0; 14 refused."""
    rifle_fight(14).refuse(
        "ada", "suppress", "has 14 rounds; suppressive fire needs at least half the magazine "
        "\\(15 of 30\\)", target="rex",
    )  # fmt: skip
    fight = rifle_fight(15, dice=[4, 4, 1, 1])
    fight.act("ada", "suppress", target="rex")
    assert fight.get("ada").rounds("assault_rifle") == 0
    attack, defense = fight.rolled()
    assert (attack.total, defense.total) == (11, 8)  # cover: +6
    assert fight.get("rex").hp == 6  # "upon success apply damage as normal"


def test_suppression_holds_hit_or_miss_until_the_attackers_next_turn() -> None:
    """NWO-55: "Regardless of success or failure, the target cannot move out of cover or
    expose themselves to the attacker without a Resolve (DC 12 Roll)"; "Suppressive Fire ends
    at the beginning of the attacker's next turn"."""
    fight = rifle_fight(30, dice=[1, 1, 3, 3])
    fight.act("ada", "suppress", target="rex")
    suppressed = fight.get("rex").condition(SUPPRESSED)
    assert suppressed is not None
    assert (suppressed.source, suppressed.expiry, suppressed.anchor) == (
        "ada", Expiry.START_OF_TURN, "ada",
    )  # fmt: skip
    fight.end("ada")
    move = fight.action("rex", "move", to=[6, 4])
    shot = fight.action("rex", "attack", target="ada", weapon="handgun")
    assert "pass a Resolve check" in (arms.suppression_block(fight.state, "rex", move) or "")
    assert "attacking ada" in (arms.suppression_block(fight.state, "rex", shot) or "")
    assert arms.suppression_block(fight.state, "rex", fight.action("rex", "focus")) is None
    fight.end("rex")
    assert not fight.get("rex").has(SUPPRESSED)


def test_resolve_check_passed_frees_the_turn() -> None:
    """NWO-55: "On success, they may take their action or movement as normal." Resolve 4
    (+2): 5+5+2 = 12."""
    fight = rifle_fight(30, dice=[1, 1, 3, 3, 5, 5])
    fight.act("ada", "suppress", target="rex")
    fight.end("ada")
    fight.act("rex", "resolve_check")
    assert not fight.get("rex").acted
    move = fight.action("rex", "move", to=[6, 4])
    assert arms.suppression_block(fight.state, "rex", move) is None
    fight.encounter.act(move)
    fight.refuse("rex", "resolve_check", "already rolled Resolve against suppression")


def test_resolve_check_failed_startles_in_place() -> None:
    """NWO-55: "On failure, they are startled in place." 5+4+2 = 11; startled to the end of
    its turn; "A target under Suppressive Fire may take any other action"."""
    fight = rifle_fight(30, dice=[1, 1, 3, 3, 5, 4])
    fight.act("ada", "suppress", target="rex")
    fight.end("ada")
    fight.act("rex", "resolve_check")
    assert fight.get("rex").has(STARTLED)
    fight.refuse("rex", "move", "rex is startled in place by ada's suppressive fire", to=[6, 4])
    shot = fight.action("rex", "attack", target="ada", weapon="handgun")
    assert "startled in place" in (arms.suppression_block(fight.state, "rex", shot) or "")
    fight.end("rex")
    assert not fight.get("rex").has(STARTLED)


def test_suppress_refusals() -> None:
    """NWO-54: "When wielding an assault rifle, target a character behind cover"."""
    rifle_fight(30, cover=False).refuse("ada", "suppress", "rex is not behind cover", target="rex")
    pistol = Fight(person("ada", "crew", 1, 1, ["handgun"]), person("rex", "gang", 6, 1))
    pistol.refuse("ada", "suppress", "needs an assault rifle in hand", target="rex")
    calm = Fight(person("ada", "crew", 1, 1), person("rex", "gang", 6, 1))
    calm.refuse("ada", "resolve_check", "ada is not suppressed")


def test_the_log_replays_through_json() -> None:
    """The log is the source of truth: a caught weapon (WeaponTaken) rebuilds the same state."""
    from fracas.core.encounter import replay
    from fracas.core.events import event_from_json
    from fracas.rulesets.nwo import RULESET

    fight = Fight(
        person("ada", "crew", 1, 1, skills={"nimble": 4}),
        person("rex", "gang", 2, 1, ["handgun"]),
        dice=[4, 4, 3, 3],
    )
    fight.act("ada", "disarm", target="rex", take=True)
    events = [event_from_json(e.to_json(), "nwo") for e in fight.encounter.log]
    assert replay(RULESET, fight.encounter.setup, events) == fight.state
