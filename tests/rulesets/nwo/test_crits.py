"""Crit effects of every weapon (seed 000: the Crit Effect columns, "Flamethrowers", "Defense").

Modifiers used below: a shot adds Aiming/2 (Aiming 6: +3) against a ranged defense of 0; a
melee roll adds ½ Melee (or ½ Nimble unarmed) + the STR bonus on both sides. Crits are read
off the kept pair (A1: 2d6).
"""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.conditions import Condition, Expiry
from fracas.core.errors import IllegalAction
from fracas.core.events import ConditionApplied, ConditionRemoved, RoundOrderSet
from fracas.rulesets.nwo.catalog import catalog
from fracas.rulesets.nwo.events import AttackResolved, Damaged
from fracas.rulesets.nwo.rules import crits
from fracas.rulesets.nwo.rules.attack import Strike
from fracas.rulesets.nwo.rules.common import (
    BLADE_ADVANTAGE,
    GRAPPLED,
    LEVER_ACTION,
    NO_ESCAPE,
    PRONE,
    STUCK,
    STUNNED,
    SUPPRESSED,
)
from fracas.rulesets.nwo.rules.crits import WeaponEffect, in_flame_area
from fracas.rulesets.nwo.rules.movement import why_cannot_move
from tests.rulesets.nwo.crit_helpers import (
    act,
    damage,
    effects,
    encounter,
    end_turn,
    of,
    pairs,
    results,
    sheet,
    shooter,
    transaction,
    who,
)

# -- extra attacks ------------------------------------------------------------------------------


def test_handgun_crit_on_light_armor_then_the_extra_attack() -> None:
    """1.4 #3: "Light armor takes a Handgun crit (4) -> AHP 0, HP -2, then the Handgun's extra
    attack." Handgun: "Make an additional attack on the same target." """
    fight, dice = encounter(
        [shooter("handgun"), sheet("rex", 5, 5, hp=10, armor="light")],
        [6, 6, 1, 2, 3, 4, 2, 2],
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    assert pairs(events) == [
        ("ada", (6, 6), 15),
        ("rex", (1, 2), 3),
        ("ada", (3, 4), 10),
        ("rex", (2, 2), 4),
    ]
    assert results(events) == [("rex", "critical"), ("rex", "hit")]
    assert damage(events) == [("rex", 4), ("rex", 3)]
    assert effects(events) == [("extra_attack_same_target", "rex", True)]
    rex = who(fight, "rex")
    assert (rex.ahp, rex.hp) == (0, 5)
    assert who(fight, "ada").rounds("handgun") == 13  # each shot spends a round
    assert dice.remaining == ()


def test_handgun_extra_attacks_chain_while_they_crit() -> None:
    """Handgun: "This attack can also crit." Three crits in a row, then a miss ends it."""
    fight, dice = encounter(
        [shooter("handgun"), sheet("rex", 5, 5)],
        [6, 6, 1, 2] * 3 + [1, 1, 6, 5],
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    assert results(events) == [("rex", "critical")] * 3 + [("rex", "miss")]
    assert damage(events) == [("rex", 4)] * 3
    assert who(fight, "rex").hp == 8
    assert dice.remaining == ()


def test_crit_chain_is_capped_by_the_option() -> None:
    """A9: extra attacks "may chain with no cap (`nwo.max_crit_chain`)"; at 1, a crit on the
    extra attack adds no second one."""
    fight, dice = encounter(
        [shooter("handgun"), sheet("rex", 5, 5)],
        [6, 6, 1, 2, 6, 6, 1, 2],
        options={"max_crit_chain": 1},
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    assert results(events) == [("rex", "critical"), ("rex", "critical")]
    assert effects(events) == [
        ("extra_attack_same_target", "rex", True),
        ("extra_attack_same_target", "rex", False),
    ]
    assert "at most 1" in of(events, WeaponEffect)[-1].detail
    assert dice.remaining == ()


def test_extra_attacks_stop_when_the_magazine_is_empty() -> None:
    """A9: extra attacks "use ammo"; seed "Reloading": once the magazine is spent a reload is
    needed, so the chain stops there."""
    pistol = {
        "id": "pistol",
        "kind": "ranged",
        "damage": 3,
        "crit": [6],
        "crit_damage": 4,
        "effect": "extra_attack_same_target",
        "magazine": 2,
    }
    fight, dice = encounter([shooter(pistol), sheet("rex", 5, 5)], [6, 6, 1, 2, 6, 6, 1, 2])
    events = act(fight, actor="ada", do="attack", target="rex")
    assert results(events) == [("rex", "critical"), ("rex", "critical")]
    assert effects(events)[-1] == ("extra_attack_same_target", "rex", False)
    assert "empty" in of(events, WeaponEffect)[-1].detail
    assert who(fight, "ada").rounds("pistol") == 0
    assert dice.remaining == ()


def test_revolver_extra_attack_on_another_target() -> None:
    """Revolver: "Make an additional attack on another target. This attack can also crit." """
    fight, dice = encounter(
        [shooter("revolver"), sheet("rex", 5, 5), sheet("bo", 5, 8)],
        [6, 6, 1, 2, 4, 4, 1, 1],
    )
    events = act(fight, actor="ada", do="attack", target="rex", extra_target="bo")
    assert results(events) == [("rex", "critical"), ("bo", "hit")]
    assert damage(events) == [("rex", 4), ("bo", 3)]
    assert effects(events) == [("extra_attack_other_target", "bo", True)]
    assert dice.remaining == ()


def test_revolver_chain_turns_back_to_the_first_target() -> None:
    """Revolver: "another target": a crit on the extra target's attack aims at one other than
    it, the first target (our reading)."""
    fight, dice = encounter(
        [shooter("revolver"), sheet("rex", 5, 5), sheet("bo", 5, 8)],
        [6, 6, 1, 2, 6, 6, 1, 2, 1, 1, 6, 5],
    )
    events = act(fight, actor="ada", do="attack", target="rex", extra_target="bo")
    assert results(events) == [("rex", "critical"), ("bo", "critical"), ("rex", "miss")]
    assert dice.remaining == ()


@pytest.mark.parametrize(
    ("extra", "why"),
    [(None, "no other target"), ("rex", "other than rex"), ("bo", "wall"), ("ada", "itself")],
)
def test_revolver_without_a_legal_other_target_forgoes_the_attack(
    extra: str | None, why: str
) -> None:
    """Revolver: "on another target": absent, the same target, one behind a wall or the
    shooter is no valid target, so the extra attack is forgone (and logged) with no dice."""
    fight, dice = encounter(
        [shooter("revolver"), sheet("rex", 5, 5), sheet("bo", 1, 9)],
        [6, 6, 1, 2],
        walls=[(1, 7)],
    )
    raw: dict[str, Any] = {"actor": "ada", "do": "attack", "target": "rex"}
    if extra is not None:
        raw["extra_target"] = extra
    events = act(fight, **raw)
    assert results(events) == [("rex", "critical")]
    [logged] = of(events, WeaponEffect)
    assert (logged.effect, logged.performed) == ("extra_attack_other_target", False)
    assert why in logged.detail
    assert dice.remaining == ()


def test_submachine_gun_crits_on_double_five_and_attacks_again() -> None:
    """Submachine Gun: Double 5 / Double 6, "Make an additional attack." (the same target
    when no `extra_target` is named)."""
    fight, dice = encounter(
        [shooter("submachine_gun"), sheet("rex", 5, 5)], [5, 5, 1, 2, 3, 3, 1, 2]
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    assert results(events) == [("rex", "critical"), ("rex", "hit")]
    assert damage(events) == [("rex", 4), ("rex", 3)]
    assert effects(events) == [("extra_attack", "rex", True)]
    assert who(fight, "ada").rounds("submachine_gun") == 28
    assert dice.remaining == ()


def test_submachine_gun_extra_attack_may_take_another_target() -> None:
    """Submachine Gun: "Make an additional attack." with no target named: any valid one."""
    fight, dice = encounter(
        [shooter("submachine_gun"), sheet("rex", 5, 5), sheet("bo", 5, 8)],
        [5, 5, 1, 2, 3, 3, 1, 2],
    )
    events = act(fight, actor="ada", do="attack", target="rex", extra_target="bo")
    assert results(events) == [("rex", "critical"), ("bo", "hit")]
    assert dice.remaining == ()


def test_short_blade_extra_attack() -> None:
    """Short Blade: "Make an additional attack. This attack can also crit." Melee 4: +2."""
    fight, dice = encounter(
        [sheet("ada", 5, 5, side="crew", weapons=["short_blade"], melee=4), sheet("rex", 6, 5)],
        [6, 6, 1, 2, 3, 3, 1, 1],
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    assert pairs(events) == [
        ("ada", (6, 6), 14),
        ("rex", (1, 2), 3),
        ("ada", (3, 3), 8),
        ("rex", (1, 1), 2),
    ]
    assert damage(events) == [("rex", 4), ("rex", 2)]
    assert dice.remaining == ()


# -- defense crits ------------------------------------------------------------------------------


def test_both_crit_is_a_parry_and_no_effect() -> None:
    """ "In the event of a critical success defense roll, the character automatically succeeds
    against the attack and negates any crit effects. [...] both attack and defender crit,
    Parry Rules apply": no damage, no extra attack, no dice for one."""
    fight, dice = encounter([shooter("handgun"), sheet("rex", 5, 5)], [6, 6, 6, 6])
    events = act(fight, actor="ada", do="attack", target="rex")
    assert results(events) == [("rex", "parry")]
    assert damage(events) == []
    assert effects(events) == []
    assert dice.remaining == ()


def test_melee_defense_crit_negates_the_stun() -> None:
    """ "negates any crit effects": a long blunt defends with Double 5 (A7: the defending
    weapon's requirement); the short blunt's Double 6 then stuns nobody."""
    fight, dice = encounter(
        [
            sheet("ada", 5, 5, side="crew", weapons=["short_blunt"]),
            sheet("rex", 6, 5, weapons=["long_blunt"]),
        ],
        [6, 6, 5, 5],
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    assert results(events) == [("rex", "parry")]
    assert not who(fight, "rex").has(STUNNED)
    assert effects(events) == []
    assert dice.remaining == ()


# -- shotgun ------------------------------------------------------------------------------------


def _shotgun_crowd() -> list[dict[str, Any]]:
    return [
        shooter("shotgun"),
        sheet("rex", 5, 5),
        sheet("bo", 6, 5),
        sheet("cy", 5, 6, armor="light"),
        sheet("di", 6, 6),
        sheet("ed", 7, 5),
    ]


def test_shotgun_splashes_the_two_nearest_the_shooter() -> None:
    """Shotgun: "2 Targets adjacent to the initial target receive 4 damage" (A9: no defense
    roll, armor first). By default the two nearest the shooter: cy (4 tiles), then bo (5,
    listed before di)."""
    fight, dice = encounter(_shotgun_crowd(), [6, 6, 1, 2])
    events = act(fight, actor="ada", do="attack", target="rex")
    assert damage(events) == [("rex", 6), ("cy", 4), ("bo", 4)]
    assert effects(events) == [("splash_adjacent", "cy", True), ("splash_adjacent", "bo", True)]
    cy = who(fight, "cy")
    assert (cy.ahp, cy.hp) == (0, 18)
    assert who(fight, "di").hp == 20
    assert dice.remaining == ()


def test_shotgun_splash_targets_chosen_by_id() -> None:
    """A9: "up to 2 adjacent targets of the attacker's choice": ed is not next to rex."""
    fight, dice = encounter(_shotgun_crowd(), [6, 6, 1, 2])
    events = act(fight, actor="ada", do="attack", target="rex", effects=["di", "ed"])
    assert damage(events) == [("rex", 6), ("di", 4)]
    assert effects(events) == [("splash_adjacent", "ed", False), ("splash_adjacent", "di", True)]
    assert dice.remaining == ()


# -- double damage ------------------------------------------------------------------------------


def test_bolt_action_crit_on_heavy_armor() -> None:
    """1.4 #3: "Heavy armor takes a Bolt Action crit (8) -> AHP 0, HP -0." A8: the 8 is the
    doubled damage; nothing else happens or is logged."""
    fight, dice = encounter(
        [shooter("bolt_action_rifle"), sheet("rex", 5, 5, armor="heavy")], [6, 6, 1, 2]
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    rex = who(fight, "rex")
    assert damage(events) == [("rex", 8)]
    assert (rex.ahp, rex.hp) == (0, 20)
    assert effects(events) == []
    assert dice.remaining == ()


@pytest.mark.parametrize(
    ("axe", "pair", "amount"), [("one_handed_axe", 6, 6), ("two_handed_axe", 5, 8)]
)
def test_axes_deal_their_double_damage(axe: str, pair: int, amount: int) -> None:
    """ "Deal Double Damage On A Crit (6)" / "(8)" (A8: the crit damage replaces the base)."""
    fight, dice = encounter(
        [sheet("ada", 5, 5, side="crew", weapons=[axe]), sheet("rex", 6, 5)], [pair, pair, 1, 2]
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    assert damage(events) == [("rex", amount)]
    assert effects(events) == []
    assert dice.remaining == ()


# -- lever action -------------------------------------------------------------------------------


def test_lever_action_goes_first_next_round_with_advantage() -> None:
    """Lever Action: "Take turn with advantage at top of initiative next round." Advantage
    rolls the pair twice and keeps the better (A2); it lapses with that turn."""
    fight, dice = encounter(
        [shooter("lever_action"), sheet("rex", 5, 5)],
        [6, 6, 1, 2, 1, 1, 4, 4, 1, 2],
        order=["rex", "ada"],
    )
    end_turn(fight)
    events = act(fight, actor="ada", do="attack", target="rex")
    assert of(events, RoundOrderSet)[0].order == ("ada", "rex")
    lever = who(fight, "ada").condition(LEVER_ACTION)
    assert lever == Condition(
        name=LEVER_ACTION,
        source="ada",
        expiry=Expiry.END_OF_TURN,
        anchor="ada",
        count=2,
        detail="round 2",
    )
    end_turn(fight)
    assert (fight.state.turns.round, fight.state.actor) == (2, "ada")
    assert who(fight, "ada").has(LEVER_ACTION)
    events = act(fight, actor="ada", do="attack", target="rex")
    assert pairs(events) == [("ada", (4, 4), 11), ("rex", (1, 2), 3)]
    end_turn(fight)
    assert not who(fight, "ada").has(LEVER_ACTION)
    assert fight.state.actor == "rex"
    assert dice.remaining == ()


def test_two_lever_crits_keep_the_pending_order() -> None:
    """Lever Action, twice in one round: the second shooter goes on top of the order the first
    crit already set for the next round."""
    fight, dice = encounter(
        [
            shooter("lever_action"),
            sheet("bo", 1, 8, side="crew", weapons=["lever_action"], aiming=6),
            sheet("rex", 5, 5),
        ],
        [6, 6, 1, 2, 6, 6, 1, 2],
        order=["rex", "ada", "bo"],
    )
    end_turn(fight)
    act(fight, actor="ada", do="attack", target="rex")
    assert fight.state.turns.next_round == ("ada", "rex", "bo")
    end_turn(fight)
    act(fight, actor="bo", do="attack", target="rex")
    assert fight.state.turns.next_round == ("bo", "ada", "rex")
    end_turn(fight)
    assert fight.state.turns.this_round == ("bo", "ada", "rex")
    assert fight.state.actor == "bo"
    assert dice.remaining == ()


# -- crossbow -----------------------------------------------------------------------------------


def _stuck_rex(more: list[int]) -> Any:
    fight, dice = encounter(
        [shooter("crossbow"), sheet("rex", 5, 5, strength=4)], [6, 6, 1, 2, *more]
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    return fight, dice, events


def test_crossbow_bolt_sticks() -> None:
    """Crossbow: "Target is stuck, movement reduced to 0 until the bolt is removed." """
    fight, dice, events = _stuck_rex([])
    assert damage(events) == [("rex", 5)]
    assert who(fight, "rex").condition(STUCK) == Condition(name=STUCK, source="ada")
    assert why_cannot_move(who(fight, "rex")) is not None
    assert effects(events) == [("stuck_bolt", "rex", True)]
    assert dice.remaining == ()


@pytest.mark.parametrize(("faces", "freed"), [((4, 4), True), ((4, 3), False)])
def test_crossbow_check_each_turn(faces: tuple[int, int], freed: bool) -> None:
    """Crossbow: "DC 10 STR Check made every target's turn as a free action." Strength 4 adds
    2 (A5): 4+4+2 = 10 pulls the bolt out, 4+3+2 = 9 does not."""
    fight, dice, _ = _stuck_rex(list(faces))
    tx = transaction(fight)
    crits.crossbow_checks(tx, "rex")
    assert pairs(tx.events) == [("rex", faces, sum(faces) + 2)]
    assert tx.state.get("rex").has(STUCK) is not freed
    assert bool(of(tx.events, ConditionRemoved)) is freed
    assert dice.remaining == ()


def test_crossbow_check_rolls_nothing_for_the_unstuck() -> None:
    """Only the stuck roll the check."""
    fight, _ = encounter([shooter("crossbow"), sheet("rex", 5, 5)], [])
    tx = transaction(fight)
    crits.crossbow_checks(tx, "rex")
    assert tx.events == []


# -- assault rifle ------------------------------------------------------------------------------


def test_assault_rifle_suppresses_until_the_targets_next_turn() -> None:
    """Assault Rifle: "Target is suppressed until the beginning of their next turn." """
    fight, dice = encounter([shooter("assault_rifle"), sheet("rex", 5, 5)], [5, 5, 1, 2])
    events = act(fight, actor="ada", do="attack", target="rex")
    assert damage(events) == [("rex", 6)]
    assert who(fight, "rex").condition(SUPPRESSED) == Condition(
        name=SUPPRESSED,
        source="ada",
        expiry=Expiry.START_OF_TURN,
        anchor="rex",
        detail="crit",
    )
    end_turn(fight)
    assert fight.state.actor == "rex"
    assert not who(fight, "rex").has(SUPPRESSED)
    assert dice.remaining == ()


# -- machine gun --------------------------------------------------------------------------------


def test_machine_gun_performs_one_extra_attack_by_default() -> None:
    """Machine Gun: "Perform any firearm crit effect." Double 5 crits (R0)."""
    fight, dice = encounter([shooter("machine_gun"), sheet("rex", 5, 5)], [5, 5, 1, 2, 3, 3, 1, 2])
    events = act(fight, actor="ada", do="attack", target="rex")
    assert damage(events) == [("rex", 7), ("rex", 5)]
    assert effects(events) == [("extra_attack", "rex", True)]
    assert who(fight, "ada").rounds("machine_gun") == 98
    assert dice.remaining == ()


def test_machine_gun_buys_a_second_and_third_effect_with_ammunition() -> None:
    """Machine Gun: "Expend half your ammunition to perform a second, and all to perform a 3rd.
    Effects can stack." 100 rounds: the shot and the extra attack leave 98; the second costs
    49, the third the remaining 49."""
    fight, dice = encounter([shooter("machine_gun"), sheet("rex", 5, 5)], [6, 6, 1, 2, 1, 1, 6, 5])
    chosen = ["extra_attack", "suppress_target", "stuck_bolt"]
    events = act(fight, actor="ada", do="attack", target="rex", effects=chosen)
    assert results(events) == [("rex", "critical"), ("rex", "miss")]
    assert effects(events) == [
        ("extra_attack", "rex", True),
        ("machine_gun", "ada", True),
        ("suppress_target", "rex", True),
        ("machine_gun", "ada", True),
        ("stuck_bolt", "rex", True),
    ]
    costs = [e.detail for e in of(events, WeaponEffect) if e.effect == "machine_gun"]
    assert "expends 49 of 98" in costs[0]
    assert "expends 49 of 49" in costs[1]
    rex = who(fight, "rex")
    assert rex.has(SUPPRESSED) and rex.has(STUCK)
    assert who(fight, "ada").rounds("machine_gun") == 0
    assert dice.remaining == ()


def test_machine_gun_third_extra_attack_fires_from_the_rounds_it_expends() -> None:
    """Machine Gun: "all to perform a 3rd": an extra attack bought with the whole magazine
    fires one of those rounds. 99 after the shot; the second costs 49 (50 left)."""
    fight, dice = encounter([shooter("machine_gun"), sheet("rex", 5, 5)], [6, 6, 1, 2, 3, 3, 1, 2])
    chosen = ["suppress_target", "suppress_target", "extra_attack"]
    events = act(fight, actor="ada", do="attack", target="rex", effects=chosen)
    assert results(events) == [("rex", "critical"), ("rex", "hit")]
    costs = [e.detail for e in of(events, WeaponEffect) if e.effect == "machine_gun"]
    assert "expends 49 of 99" in costs[0]
    assert "expends 50 of 50" in costs[1]
    assert who(fight, "ada").rounds("machine_gun") == 0
    assert dice.remaining == ()


def test_machine_gun_forgoes_what_the_magazine_cannot_pay() -> None:
    """Machine Gun: with 1 round left after the shot, the second effect takes it (half, at
    least one) and nothing is left for a third."""
    gun = {
        "id": "lmg",
        "kind": "ranged",
        "damage": 5,
        "crit": [5, 6],
        "crit_damage": 7,
        "effect": "machine_gun",
        "hands": 2,
        "magazine": 2,
    }
    fight, dice = encounter([shooter(gun), sheet("rex", 5, 5)], [6, 6, 1, 2])
    chosen = ["stuck_bolt", "suppress_target", "extra_attack", "stun"]
    events = act(fight, actor="ada", do="attack", target="rex", effects=chosen)
    assert effects(events) == [
        ("stun", "rex", False),
        ("stuck_bolt", "rex", True),
        ("machine_gun", "ada", True),
        ("suppress_target", "rex", True),
        ("extra_attack", "rex", False),
    ]
    assert "empty" in of(events, WeaponEffect)[-1].detail
    assert who(fight, "ada").rounds("lmg") == 0
    assert dice.remaining == ()


# -- flamethrower -------------------------------------------------------------------------------


def test_flame_area_is_three_by_nine_along_an_axis() -> None:
    """A10: "the 3x9 area starts adjacent to the wielder, runs 9 tiles along the line of fire
    and is 3 wide"."""
    east = {
        (x, y)
        for x in range(-12, 13)
        for y in range(-12, 13)
        if in_flame_area((0, 0), (4, 0), (x, y))
    }
    assert east == {(x, y) for x in range(1, 10) for y in (-1, 0, 1)}
    north = {
        (x, y)
        for x in range(-12, 13)
        for y in range(-12, 13)
        if in_flame_area((0, 0), (0, -2), (x, y))
    }
    assert north == {(x, y) for x in (-1, 0, 1) for y in range(-9, 0)}


def test_flamethrower_crit_burns_the_area() -> None:
    """Flamethrower: "3x9 tile Area in direction of fire must roll ranged defense or take 4
    damage". b and c are in it, d (10 tiles on) and e (2 tiles aside) are not; b's 11 is under
    the attack's 15; c's Double 6 holds (A7)."""
    fight, dice = encounter(
        [
            shooter("flamethrower", x=0, y=5),
            sheet("rex", 5, 5),
            sheet("b", 3, 6),
            sheet("c", 9, 4),
            sheet("d", 10, 5),
            sheet("e", 4, 7),
        ],
        [6, 6, 1, 2, 6, 5, 6, 6],
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    assert pairs(events)[2:] == [("b", (6, 5), 11), ("c", (6, 6), 12)]
    assert damage(events) == [("rex", 4), ("b", 4)]
    assert effects(events) == [("flame_area", "rex", True)]
    assert dice.remaining == ()


def test_flame_area_stops_at_walls() -> None:
    """ "Only fully blocking line of sight with a wall or significant barricade will grant
    cover": w stands in the strip but behind a wall."""
    fight, dice = encounter(
        [shooter("flamethrower", x=0, y=5), sheet("rex", 5, 5), sheet("w", 4, 6)],
        [6, 6, 1, 2],
        walls=[(2, 6)],
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    assert damage(events) == [("rex", 4)]
    assert dice.remaining == ()


def test_flame_splash_catches_everyone_next_to_the_target() -> None:
    """ "When targeting a character with a flamethrower, all adjacent characters (including
    allies) to that target must additionally roll ranged defense or be hit with the same
    attack", hit or miss on the target. f's 7 is under 12 (3 damage); g's Double 6 holds."""
    fight, dice = encounter(
        [
            shooter("flamethrower", x=0, y=5),
            sheet("rex", 5, 5),
            sheet("f", 5, 6),
            sheet("g", 6, 4),
            sheet("pal", 1, 1, side="crew"),
        ],
        [3, 4, 6, 6],
    )
    strike = Strike("ada", "rex", catalog()["flamethrower"], "miss", 12, 0)
    tx = transaction(fight)
    crits.flame_splash(tx, strike)
    assert pairs(tx.events) == [("f", (3, 4), 7), ("g", (6, 6), 12)]
    assert damage(tx.events) == [("f", 3)]
    assert dice.remaining == ()


def test_flame_splash_is_for_flamethrowers_only() -> None:
    fight, _ = encounter([shooter("handgun"), sheet("rex", 5, 5), sheet("f", 5, 6)], [])
    tx = transaction(fight)
    crits.flame_splash(tx, Strike("ada", "rex", catalog()["handgun"], "hit", 12, 0))
    assert tx.events == []


def _flame_through_bob(options: dict[str, Any] | None = None) -> tuple[Any, Any, list[Any]]:
    """ada's flamethrower (+3) at rex, five tiles east, past her ally bob two tiles out (not
    next to rex, so not in the splash): ada 4+3+3 = 10, then 1+1 for whoever defends next."""
    fight, dice = encounter(
        [shooter("flamethrower", x=1, y=5), sheet("bob", 3, 5, side="crew"), sheet("rex", 6, 5)],
        [4, 3, 1, 1],
        options=options,
    )
    return fight, dice, act(fight, actor="ada", do="attack", target="rex")


def test_flames_pass_the_characters_in_the_line_of_fire() -> None:
    """ "Flamethrowers ignore cover. ... Only fully blocking line of sight with a wall or
    significant barricade will grant cover." bob stands on the line of fire but does not
    stop the flames: he rolls nothing and is not hit; rex defends 1+1 with no cover (not the
    +6 bob would give against a bullet) and takes the flamethrower's 3."""
    fight, dice, events = _flame_through_bob()
    assert pairs(events) == [("ada", (4, 3), 10), ("rex", (1, 1), 2)]
    assert results(events) == [("rex", "hit")]
    assert damage(events) == [("rex", 3)]
    assert (who(fight, "bob").hp, who(fight, "rex").hp) == (20, 17)
    assert dice.remaining == ()


def test_flame_blocked_by_characters_option_lets_bob_absorb_the_flames() -> None:
    """A10 read the other way (option flame_blocked_by_characters): "Attempting to shoot
    through a character requires that ally to roll Ranged Defense, and they will be hit
    instead if they fail" holds for flames too. bob's 1+1 fails against 10: he takes the
    3 and rex rolls nothing."""
    fight, dice, events = _flame_through_bob({"flame_blocked_by_characters": True})
    assert pairs(events) == [("ada", (4, 3), 10), ("bob", (1, 1), 2)]
    assert results(events) == [("bob", "hit")]
    assert (who(fight, "bob").hp, who(fight, "rex").hp) == (17, 20)
    assert dice.remaining == ()


@pytest.mark.parametrize(("face", "burst"), [(1, True), (3, True), (4, False), (6, False)])
def test_flamethrower_canister_on_a_critical_hit(face: int, burst: bool) -> None:
    """1.4 #6: "Flamethrower canister: d6 1/2/3 -> 2 damage to the wielder; 4/5/6 -> nothing."
    It bursts before the handgun's extra attack (which misses here)."""
    fight, dice = encounter(
        [shooter("handgun"), sheet("rex", 5, 5, weapons=["flamethrower"])],
        [6, 6, 1, 2, face, 1, 1, 6, 5],
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    assert damage(events) == [("rex", 4)] + ([("rex", 2)] if burst else [])
    assert effects(events)[0] == ("canister", "rex", burst)
    assert results(events) == [("rex", "critical"), ("rex", "miss")]
    assert dice.remaining == ()


def test_holstered_flamethrower_does_not_burst() -> None:
    """ "a character holding a Flamethrower": one in the holster is not held; no d6."""
    target = sheet("rex", 5, 5, weapons=["flamethrower"])
    target["holstered"] = ["flamethrower"]
    fight, dice = encounter([shooter("bolt_action_rifle"), target], [6, 6, 1, 2])
    events = act(fight, actor="ada", do="attack", target="rex")
    assert damage(events) == [("rex", 8)]
    assert dice.remaining == ()


# -- melee effects ------------------------------------------------------------------------------


def _blunt(shove: str | None = None, strength: int = 6) -> tuple[Any, Any, Any]:
    fight, dice = encounter(
        [
            sheet("ada", 5, 5, side="crew", weapons=["long_blunt"], melee=4, strength=strength),
            sheet("rex", 6, 5),
        ],
        [5, 5, 1, 2],
    )
    raw: dict[str, Any] = {"actor": "ada", "do": "attack", "target": "rex"}
    if shove is not None:
        raw["shove"] = shove
    return fight, dice, act(fight, **raw)


def test_long_blunt_shoves_prone_without_a_contest() -> None:
    """Long Blunt: "Shove the target." A9: automatic, no contest. Double 5 crits; melee 4 and
    STR 6: +2 (12 against 3)."""
    fight, dice, events = _blunt()
    assert damage(events) == [("rex", 6)]
    assert who(fight, "rex").condition(PRONE) == Condition(name=PRONE, source="ada")
    assert effects(events) == [("shove", "rex", True)]
    assert dice.remaining == ()


def test_long_blunt_shoves_away_half_strength() -> None:
    """Shoving: "shoved back [Attacker's ½ STR] tiles" (NWO-42): STR 6 pushes 3 tiles, straight
    away from the attacker."""
    fight, dice, events = _blunt("away")
    assert who(fight, "rex").tile == (9, 5)
    assert effects(events) == [("shove", "rex", True)]
    assert dice.remaining == ()


def test_long_blunt_shove_away_with_no_strength_is_forgone() -> None:
    """½ of Strength 1 is 0 tiles (A3): nothing moves, and the log says why."""
    fight, dice, events = _blunt("away", strength=1)
    assert dice.remaining == ()
    assert who(fight, "rex").tile == (6, 5)
    assert effects(events) == [("shove", "rex", False)]


def _stunner(order: list[str], dice: list[int]) -> Any:
    return encounter(
        [sheet("ada", 5, 5, side="crew", weapons=["short_blunt"]), sheet("rex", 6, 5)],
        dice,
        order=order,
    )


def test_stun_lasts_through_the_targets_turn_later_this_round() -> None:
    """Short Blunt: "Target is stunned until the end of their next turn." rex's next turn is
    still to come this round, so it lapses at the end of that one."""
    fight, dice = _stunner(["ada", "rex"], [6, 6, 1, 2])
    events = act(fight, actor="ada", do="attack", target="rex")
    assert damage(events) == [("rex", 3)]
    assert who(fight, "rex").condition(STUNNED) == Condition(
        name=STUNNED, source="ada", expiry=Expiry.END_OF_TURN, anchor="rex", count=1
    )
    end_turn(fight)
    with pytest.raises(IllegalAction, match="stunned"):
        act(fight, actor="rex", do="move", to=[7, 5])
    end_turn(fight)
    assert not who(fight, "rex").has(STUNNED)
    assert dice.remaining == ()


def test_stun_after_the_targets_turn_lasts_into_the_next_round() -> None:
    """Short Blunt: "until the end of their next turn": rex has acted this round, so the stun
    holds through rex's turn of round 2."""
    fight, dice = _stunner(["rex", "ada"], [6, 6, 1, 2])
    end_turn(fight)
    act(fight, actor="ada", do="attack", target="rex")
    end_turn(fight)
    assert (fight.state.turns.round, fight.state.actor) == (2, "rex")
    assert who(fight, "rex").has(STUNNED)
    end_turn(fight)
    assert not who(fight, "rex").has(STUNNED)
    assert dice.remaining == ()


def test_stun_during_the_targets_own_turn_lasts_through_the_following_one() -> None:
    """Short Blunt: "until the end of their next turn", struck by an attack of opportunity in
    rex's own turn: the next turn is the one after this."""
    fight, dice = _stunner(["rex", "ada"], [6, 6, 1, 2])
    events = act(fight, actor="rex", do="move", to=[8, 5])
    assert results(events) == [("rex", "critical")]
    assert who(fight, "rex").condition(STUNNED) == Condition(
        name=STUNNED, source="ada", expiry=Expiry.END_OF_TURN, anchor="rex", count=2
    )
    end_turn(fight)
    end_turn(fight)
    assert (fight.state.turns.round, fight.state.actor) == (2, "rex")
    assert who(fight, "rex").has(STUNNED)
    end_turn(fight)
    assert not who(fight, "rex").has(STUNNED)
    assert dice.remaining == ()


def test_spear_grapples_and_bars_escape_until_the_end_of_the_next_turn() -> None:
    """Spears: "Target is Grappled and cannot attempt to free themselves until the end of your
    next turn." A9: no free hand needed; the spear reaches 2 tiles."""
    fight, dice = encounter(
        [sheet("ada", 5, 5, side="crew", weapons=["spear"]), sheet("rex", 7, 5)], [6, 6, 1, 2]
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    applied = [e.condition for e in of(events, ConditionApplied)]
    assert applied == [
        Condition(name=GRAPPLED, source="ada"),
        Condition(name=NO_ESCAPE, source="ada", expiry=Expiry.END_OF_TURN, anchor="ada", count=2),
    ]
    end_turn(fight)
    assert who(fight, "rex").has(NO_ESCAPE)
    end_turn(fight)
    assert who(fight, "rex").has(NO_ESCAPE)  # ada's next turn (round 2) has not ended
    end_turn(fight)
    assert not who(fight, "rex").has(NO_ESCAPE)
    assert dice.remaining == ()


def test_long_blade_advantage_on_attack_and_defense_until_the_end_of_the_next_turn() -> None:
    """One-Handed Long Blade: "Gain advantage on attack and defense rolls until the end of your
    next turn." rex's 3 meets ada's better pair 2+2; ada's next attack keeps 3+4."""
    fight, dice = encounter(
        [
            sheet("ada", 5, 5, side="crew", weapons=["one_handed_long_blade"]),
            sheet("rex", 6, 5),
        ],
        [6, 6, 1, 2, 1, 2, 1, 1, 2, 2, 1, 1, 3, 4, 1, 2],
    )
    act(fight, actor="ada", do="attack", target="rex")
    assert who(fight, "ada").condition(BLADE_ADVANTAGE) == Condition(
        name=BLADE_ADVANTAGE, source="ada", expiry=Expiry.END_OF_TURN, anchor="ada", count=2
    )
    end_turn(fight)
    events = act(fight, actor="rex", do="attack", target="ada")
    assert pairs(events) == [("rex", (1, 2), 3), ("ada", (2, 2), 4)]
    end_turn(fight)
    events = act(fight, actor="ada", do="attack", target="rex")
    assert pairs(events) == [("ada", (3, 4), 7), ("rex", (1, 2), 3)]
    end_turn(fight)
    assert not who(fight, "ada").has(BLADE_ADVANTAGE)
    assert dice.remaining == ()


@pytest.mark.parametrize(
    ("chosen", "logged"),
    [
        ((), [("stun", "rex", True)]),
        (("double_damage",), [("double_damage", "rex", True)]),
        (("suppress_target", "blade_advantage"), [("blade_advantage", "ada", True)]),
        (("shove",), [("shove", "rex", True)]),
        (("spear_grapple",), [("spear_grapple", "rex", True)]),
    ],
)
def test_unarmed_performs_another_melee_effect(
    chosen: tuple[str, ...], logged: list[tuple[str, str, bool]]
) -> None:
    """Unarmed: "Perform any other Melee Crit Effect." The first melee effect named, stun by
    default; A9: "an axe's 'double damage' gives 2x1 = 2, equal to its crit damage"."""
    fight, dice = encounter([sheet("ada", 5, 5, side="crew"), sheet("rex", 6, 5)], [6, 6, 1, 2])
    events = act(fight, actor="ada", do="attack", target="rex", effects=list(chosen))
    assert damage(events) == [("rex", 2)]
    assert effects(events) == logged
    assert dice.remaining == ()


def test_unarmed_extra_attack() -> None:
    """Unarmed picking the short blade's "Make an additional attack." """
    fight, dice = encounter(
        [sheet("ada", 5, 5, side="crew"), sheet("rex", 6, 5)], [6, 6, 1, 2, 3, 3, 1, 2]
    )
    events = act(fight, actor="ada", do="attack", target="rex", effects=["extra_attack"])
    assert damage(events) == [("rex", 2), ("rex", 1)]
    assert dice.remaining == ()


# -- 1.4 #7: who crits on which pair -------------------------------------------------------------

DOUBLE_FIVE = {
    "submachine_gun",
    "assault_rifle",
    "machine_gun",
    "flamethrower",
    "long_blunt",
    "two_handed_axe",
    "two_handed_long_blade",
}
"""Seed tables: the "Double 5 / Double 6" rows; every other row is "Double 6" but improvised."""


@pytest.mark.parametrize("weapon", sorted(catalog()))
@pytest.mark.parametrize("pair", [(6, 6), (5, 5), (6, 5), (4, 4)])
def test_which_pairs_crit(weapon: str, pair: tuple[int, int]) -> None:
    """1.4 #7: "Dice (6,6) crit every weapon that can crit. (5,5) crits only D5/6 weapons.
    (6,5) and (4,4) never crit. Improvised weapons never crit." With no modifiers every pair
    beats the defense's 1+2; a crit deals the crit damage, a hit the damage."""
    row = catalog()[weapon]
    if weapon == "improvised":
        ada = sheet("ada", 5, 5, side="crew", weapons=["handgun"])
    elif row.is_ranged:
        ada = sheet("ada", 2, 5, side="crew", weapons=[weapon])
    else:
        ada = sheet("ada", 5, 5, side="crew", weapons=[] if weapon == "unarmed" else [weapon])
    fight, _ = encounter([ada, sheet("rex", 6, 5)], [*pair, 1, 2] + [1, 2] * 6)
    events = act(fight, actor="ada", do="attack", target="rex", weapon=weapon)
    crit = (pair == (6, 6) and weapon != "improvised") or (pair == (5, 5) and weapon in DOUBLE_FIVE)
    first = of(events, AttackResolved)[0]
    assert first.result == ("critical" if crit else "hit")
    assert of(events, Damaged)[0].amount == (row.crit_damage if crit else row.damage)


@pytest.mark.parametrize("faces", [(4, 6, 5, 5), (5, 5, 6, 4)])
def test_advantage_keeps_the_critical_pair_when_the_totals_tie(faces: tuple[int, ...]) -> None:
    """Seed: "Melee attacks against prone characters are made with advantage", and the 2
    Handed Axe crits on "Double 5 / Double 6" for "Deal Double Damage On A Crit (8)". A2:
    advantage keeps the better pair, and of two pairs totalling 10 the Double 5 is the
    better; whichever order the pairs come in, ada keeps (5, 5) and crits rex (1+2) for 8."""
    fight, dice = encounter(
        [sheet("ada", 5, 5, side="crew", weapons=["two_handed_axe"]), sheet("rex", 6, 5)],
        [*faces, 1, 2],
    )
    act(fight, actor="gm", do="override", target="rex", add_condition="prone")
    events = act(fight, actor="ada", do="attack", target="rex")
    assert pairs(events) == [("ada", (5, 5), 10), ("rex", (1, 2), 3)]
    assert results(events) == [("rex", "critical")]
    assert damage(events) == [("rex", 8)]
    assert who(fight, "rex").hp == 12
    assert dice.remaining == ()


@pytest.mark.parametrize("faces", [(5, 5, 4, 6), (6, 4, 5, 5)])
def test_disadvantage_keeps_the_plain_pair_when_the_totals_tie(faces: tuple[int, ...]) -> None:
    """A2 mirrored: disadvantage keeps the worse pair, and of two pairs totalling 10 the one
    that does not crit is the worse. A shot at prone rex four tiles off has disadvantage
    ("Ranged attacks against prone characters are made with disadvantage"): ada's assault
    rifle keeps the 6 and 4 (+3 = 13, no crit) and hits rex (1+2) for 4, not the crit's 6."""
    fight, dice = encounter(
        [shooter("assault_rifle", x=2, y=5), sheet("rex", 6, 5)], [*faces, 1, 2]
    )
    act(fight, actor="gm", do="override", target="rex", add_condition="prone")
    events = act(fight, actor="ada", do="attack", target="rex")
    kept = pairs(events)[0]
    assert (kept[0], sorted(kept[1]), kept[2]) == ("ada", [4, 6], 13)
    assert results(events) == [("rex", "hit")]
    assert damage(events) == [("rex", 4)]
    assert effects(events) == []
    assert dice.remaining == ()


@pytest.mark.parametrize(("faces", "freed"), [((4, 4), True), ((4, 3), False)])
def test_crossbow_check_comes_with_the_start_of_the_targets_turn(
    faces: tuple[int, int], freed: bool
) -> None:
    """Crossbow: "Target is stuck, movement reduced to 0 until the bolt is removed. DC 10 STR
    Check made every target's turn as a free action", played through the turn itself: rex's
    turn starts with the check (Strength 4: +2); 4+4+2 = 10 frees him to walk this turn,
    4+3+2 = 9 keeps him in place."""
    fight, dice = encounter(
        [shooter("crossbow"), sheet("rex", 5, 5, strength=4)], [6, 6, 1, 2, *faces]
    )
    act(fight, actor="ada", do="attack", target="rex")
    events = end_turn(fight)
    assert fight.state.actor == "rex"
    assert pairs(events) == [("rex", faces, sum(faces) + 2)]
    assert who(fight, "rex").has(STUCK) is not freed
    if freed:
        act(fight, actor="rex", do="move", to=[5, 8])
        assert who(fight, "rex").tile == (5, 8)
    else:
        with pytest.raises(IllegalAction, match="bolt stuck"):
            act(fight, actor="rex", do="move", to=[5, 8])
    assert dice.remaining == ()


def test_a_flamethrower_attack_catches_the_shooters_ally_next_to_the_target() -> None:
    """NWO-60: "all adjacent characters (including allies) to that target must additionally
    roll ranged defense or be hit with the same attack", and "Flamethrowers ignore cover":
    ada's 3+4+3 = 10 meets rex's 2+3 with no +6 for the cover beside him (a hit, 3 damage);
    her own ally pal, next to rex, rolls 2+2 = 4 against the 10 and burns too (3)."""
    fight, dice = encounter(
        [shooter("flamethrower", x=0, y=5), sheet("rex", 5, 5), sheet("pal", 5, 6, side="crew")],
        [3, 4, 2, 3, 2, 2],
        cover=[(4, 5)],
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    assert pairs(events) == [("ada", (3, 4), 10), ("rex", (2, 3), 5), ("pal", (2, 2), 4)]
    assert damage(events) == [("rex", 3), ("pal", 3)]
    assert dice.remaining == ()


def test_the_canister_burns_only_its_wielder_not_the_ally_beside_him() -> None:
    """NWO-59: "If a character holding a Flamethrower is hit by a Critical Hit, there's a 50%
    chance (1-2-3 on a d6 roll) that the fuel canister explodes. Dealing 2 Damage to the
    wielder." The bolt-action crit (8) and the burst (d6 = 2: 2 more) hurt rex; his ally
    next to him takes nothing."""
    fight, dice = encounter(
        [
            shooter("bolt_action_rifle"),
            sheet("rex", 5, 5, weapons=["flamethrower"]),
            sheet("gus", 5, 6),
        ],
        [6, 6, 1, 2, 2],
    )
    events = act(fight, actor="ada", do="attack", target="rex")
    assert damage(events) == [("rex", 8), ("rex", 2)]
    assert who(fight, "gus").hp == 20
    assert dice.remaining == ()


def test_a_flamethrower_reaches_fifteen_tiles() -> None:
    """NWO-60: "In the special case of the flamethrower, its range is 15 in-game tiles": rex
    15 tiles off is hit (3+4+3 = 10 against 1+2), 16 tiles off is out of reach."""
    fight, dice = encounter([shooter("flamethrower", x=0, y=5), sheet("rex", 15, 5)], [3, 4, 1, 2])
    events = act(fight, actor="ada", do="attack", target="rex")
    assert damage(events) == [("rex", 3)]
    far, _ = encounter([shooter("flamethrower", x=0, y=5), sheet("rex", 16, 5)], [])
    with pytest.raises(IllegalAction, match="16 tiles away; flamethrower reaches 15"):
        act(far, actor="ada", do="attack", target="rex")
    assert dice.remaining == ()
