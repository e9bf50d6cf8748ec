"""Attacks: the card's rolls, the Dexterity defense, critical hits, reach, range, dual wielding.

Dice order for one strike (rules/attack.py): attack roll, the target's Dexterity roll, then
the damage roll with the critical's extra d6 last.
"""

from __future__ import annotations

import pytest

from fracas.core.events import DiceRolled
from fracas.core.state import Status
from fracas.rulesets.lines.events import (
    ActionSpent,
    AttackForgone,
    AttackRolled,
    Damaged,
    StartedDying,
)

from .helpers import DAGGER, MAUL, RIFLE, SWORD, Fight, ada, events_of, raider, run, state_of

ATTACK = {"actor": "ada", "do": "attack", "target": "raider", "weapon": "sword"}


def test_lines_5_attack_and_damage_rolls_come_from_the_weapon_card() -> None:
    """ "Attack roll determines if the attack hits, while the damage roll determines how much
    it hurts. The dice needed and modifiers are written down on each weapon's card." """
    # sword: attack 1d6+3 -> 4+3 = 7; raider Dex 1 -> 2+1 = 3; damage 1d6+2 -> 5+2 = 7.
    result = run(dice=[4, 2, 5], actions=[ATTACK])
    rolls = [(r.expr, r.faces, r.total) for r in events_of(result, DiceRolled)]
    assert rolls == [("1d6+3", (4,), 7), ("1d6+1", (2,), 3), ("1d6+2", (5,), 7)]
    (rolled,) = events_of(result, AttackRolled)
    assert (rolled.attack, rolled.defense, rolled.result, rolled.penalty) == (7, 3, "hit", 0)
    assert state_of("raider", result).hp == 10 - 7
    assert result.scripted is not None and result.scripted.remaining == ()


def test_lines_5_two_handed_card_rolls_its_own_dice() -> None:
    """ "The dice needed and modifiers are written down on each weapon's card." (maul: attack
    1d6+2, damage 2d6+1)"""
    # attack 3+2 = 5 against 1+1 = 2: hit; damage 3+4+1 = 8.
    fight = Fight(ada(weapons=[MAUL]), raider(), dice=[3, 1, 3, 4])
    fight.act("ada", "attack", target="raider", weapon="maul")
    assert [r.expr for r in fight.rolls()] == ["1d6+2", "1d6+1", "2d6+1"]
    assert fight.get("raider").hp == 2
    assert fight.dice.remaining == ()


def test_lines_6_target_rolls_dexterity_to_avoid_the_hit() -> None:
    """ "when an attack roll is performed, the targeted character makes a roll for Dexterity to
    see if they were hit." """
    # attack 2+3 = 5 against Dex 4: 2+4 = 6: a miss, and no damage is rolled.
    fight = Fight(ada(), raider(dexterity=4), dice=[2, 2])
    fight.act("ada", "attack", target="raider", weapon="sword")
    (rolled,) = fight.events(AttackRolled)
    assert (rolled.attack, rolled.defense, rolled.result) == (5, 6, "miss")
    assert fight.rolls()[1].expr == "1d6+4"
    assert fight.get("raider").hp == 10
    assert fight.events(Damaged) == []
    assert fight.dice.remaining == ()


@pytest.mark.parametrize(
    ("tie", "result", "hp", "left"),
    [("defender", "miss", 10, (3,)), ("attacker", "hit", 5, ())],
)
def test_c2_equal_attack_and_defense_goes_to_option_tie(
    tie: str, result: str, hp: int, left: tuple[int, ...]
) -> None:
    """C2, option `tie`: an attack equal to the defense misses by default (the defender wins
    ties); with `tie: attacker` it hits."""
    # attack 2+3 = 5 against 4+1 = 5; the damage die (3) is only rolled on a hit.
    fight = Fight(dice=[2, 4, 3], options={"tie": tie})
    fight.act("ada", "attack", target="raider", weapon="sword")
    (rolled,) = fight.events(AttackRolled)
    assert (rolled.attack, rolled.defense, rolled.result) == (5, 5, result)
    assert fight.get("raider").hp == hp
    assert fight.dice.remaining == left


def test_lines_7_critical_at_margin_exactly_5_adds_d6_and_doubles_modifiers() -> None:
    """ "Should an attack roll exceed one's defense roll by 5 or more, a critical attack is
    performed. In such a case, another d6 is added to the damage roll and all modifiers are
    doubled." Attack 10 against defense 5: card 1d6+2 becomes 2d6+4."""
    axe = {"id": "axe", "attack": "1d6+4", "damage": "1d6+2"}
    fight = Fight(ada(weapons=[axe]), raider(hp=20), dice=[6, 4, 3, 6])
    fight.act("ada", "attack", target="raider", weapon="axe")
    (rolled,) = fight.events(AttackRolled)
    assert (rolled.attack, rolled.defense, rolled.result) == (10, 5, "critical")
    damage = fight.rolls()[-1]
    assert (damage.expr, damage.faces, damage.total) == ("1d6+1d6+4", (3, 6), 13)
    assert fight.get("raider").hp == 20 - 13
    assert fight.dice.remaining == ()


def test_lines_7_margin_of_4_is_a_normal_hit() -> None:
    """ "Should an attack roll exceed one's defense roll by 5 or more, a critical attack is
    performed." Attack 9 against defense 5 is an ordinary hit: 1d6+2, one die."""
    fight = Fight(dice=[6, 4, 3])
    fight.act("ada", "attack", target="raider", weapon="sword")
    (rolled,) = fight.events(AttackRolled)
    assert (rolled.attack, rolled.defense, rolled.result) == (9, 5, "hit")
    damage = fight.rolls()[-1]
    assert (damage.expr, damage.faces, damage.total) == ("1d6+2", (3,), 5)
    assert fight.get("raider").hp == 5
    assert fight.dice.remaining == ()


def test_lines_7_critical_two_dice_card_becomes_three_dice_and_double_modifier() -> None:
    """ "another d6 is added to the damage roll and all modifiers are doubled": 2d6+1 becomes
    3d6+2 (the extra d6 rolled last)."""
    # maul attack 6+2 = 8 against 2+1 = 3: margin 5, critical; damage 1+2+3 + 2 = 8.
    fight = Fight(ada(weapons=[MAUL]), raider(hp=20), dice=[6, 2, 1, 2, 3])
    fight.act("ada", "attack", target="raider", weapon="maul")
    assert fight.events(AttackRolled)[0].result == "critical"
    damage = fight.rolls()[-1]
    assert (damage.expr, damage.faces, damage.total) == ("2d6+1d6+2", (1, 2, 3), 8)
    assert fight.get("raider").hp == 12
    assert fight.dice.remaining == ()


def test_c3_critical_extra_die_is_a_d6_whatever_the_card_dice() -> None:
    """C3: "the extra die is a d6 whatever the weapon's own dice" (card 1d8+1 -> 1d8+1d6+2)."""
    pike = {"id": "pike", "attack": "1d6+4", "damage": "1d8+1"}
    fight = Fight(ada(weapons=[pike]), raider(hp=30), dice=[6, 4, 8, 6])
    fight.act("ada", "attack", target="raider", weapon="pike")
    damage = fight.rolls()[-1]
    assert (damage.expr, damage.faces, damage.total) == ("1d8+1d6+2", (8, 6), 16)
    assert fight.get("raider").hp == 14
    assert fight.dice.remaining == ()


@pytest.mark.parametrize(
    ("doubles", "expr", "total"), [(True, "1d6+1d6-2", 5), (False, "1d6+1d6-1", 6)]
)
def test_c3_option_crit_doubles_negative_modifiers(doubles: bool, expr: str, total: int) -> None:
    """C3, option `crit_doubles_negative_modifiers`: a critical with a 1d6-1 card deals 2d6-2
    by default ("all modifiers are doubled"), 2d6-1 when only bonuses double."""
    club = {"id": "club", "attack": "1d6+4", "damage": "1d6-1"}
    fight = Fight(
        ada(weapons=[club]),
        raider(hp=20),
        dice=[6, 4, 3, 4],
        options={"crit_doubles_negative_modifiers": doubles},
    )
    fight.act("ada", "attack", target="raider", weapon="club")
    damage = fight.rolls()[-1]
    assert (damage.expr, damage.total) == (expr, total)
    assert fight.get("raider").hp == 20 - total
    assert fight.dice.remaining == ()


def test_lines_9_melee_reaches_same_line() -> None:
    """ "Melee weapons (unless specified otherwise) can only attack entities that are located in
    the same line as the attacker or one of the neighboring lines." Same line: allowed."""
    fight = Fight(ada(line=4), raider(line=4), dice=[4, 2, 5], layout="ambushed")
    fight.act("ada", "attack", target="raider", weapon="sword")
    assert fight.get("raider").hp == 3
    assert fight.dice.remaining == ()


def test_lines_9_melee_does_not_reach_two_lines() -> None:
    """ "Melee weapons (unless specified otherwise) can only attack entities that are located in
    the same line as the attacker or one of the neighboring lines." P-mid (2) against E-front
    (4) is 2 lines: refused."""
    fight = Fight(ada(line=2), raider(line=4), dice=[4, 2, 5])
    fight.refuse(
        "ada",
        "attack",
        r"raider is 2 lines away .*sword reaches 1",
        target="raider",
        weapon="sword",
    )
    assert fight.dice.remaining == (4, 2, 5)


def test_lines_9_card_reach_specifies_otherwise() -> None:
    """ "Melee weapons (unless specified otherwise)": a card with reach 2 hits 2 lines away."""
    spear = {"id": "spear", "attack": "1d6+3", "damage": "1d6+2", "reach": 2}
    fight = Fight(ada(line=2, weapons=[spear]), raider(line=4), dice=[4, 2, 5])
    fight.act("ada", "attack", target="raider", weapon="spear")
    assert fight.get("raider").hp == 3
    fight.refuse(
        "ada", "attack", "already used", target="raider", weapon="spear"
    )  # one action only
    assert fight.dice.remaining == ()


@pytest.mark.parametrize(
    ("ada_line", "raider_line", "penalty"),
    [(3, 4, 0), (3, 5, 0), (2, 5, 1), (2, 6, 2), (1, 6, 3)],
)
def test_lines_10_ranged_minus_one_per_line_beyond_effective_range(
    ada_line: int, raider_line: int, penalty: int
) -> None:
    """ "Attacking an enemy outside of the effective range can be done with a negative modifier
    (-1 per each line of difference between the target and effective range)." Effective range 2
    at distance 4 gives -2 (C6: applied to the attack total)."""
    # rifle attack 5+3 = 8, minus the penalty; defense 3+1 = 4; damage 1+3 = 4.
    fight = Fight(ada(line=ada_line, weapons=[RIFLE]), raider(line=raider_line), dice=[5, 3, 1])
    fight.act("ada", "attack", target="raider", weapon="rifle")
    (rolled,) = fight.events(AttackRolled)
    assert (rolled.attack, rolled.penalty, rolled.defense, rolled.result) == (
        8 - penalty,
        penalty,
        4,
        "hit",
    )
    assert fight.get("raider").hp == 6
    assert fight.dice.remaining == ()


def test_lines_10_range_penalty_can_turn_a_hit_into_a_miss() -> None:
    """ "Attacking an enemy outside of the effective range can be done with a negative modifier
    (-1 per each line of difference between the target and effective range)." 8 - 2 = 6
    against a defense of 6 misses; no damage die is rolled."""
    fight = Fight(ada(line=2, weapons=[RIFLE]), raider(line=6), dice=[5, 5])
    fight.act("ada", "attack", target="raider", weapon="rifle")
    (rolled,) = fight.events(AttackRolled)
    assert (rolled.attack, rolled.defense, rolled.result) == (6, 6, "miss")
    assert fight.get("raider").hp == 10
    assert fight.dice.remaining == ()


def test_lines_13_dual_wield_second_attack_at_minus_4() -> None:
    """ "All characters can dual wield 1-handed weapons, though attacking with both of them in a
    turn comes with a -4 penalty to the second attack" """
    # sword 4+3 = 7 vs 2+1 = 3, damage 3+2 = 5; dagger 5+2-4 = 3 vs 1+1 = 2, damage 2+1 = 3.
    fight = Fight(ada(weapons=[SWORD, DAGGER]), raider(hp=20), dice=[4, 2, 3, 5, 1, 2])
    fight.act("ada", "attack", target="raider", weapon="sword", second_weapon="dagger")
    first, second = fight.events(AttackRolled)
    assert (first.weapon, first.attack, first.penalty, first.result) == ("sword", 7, 0, "hit")
    assert (second.weapon, second.attack, second.penalty, second.result) == ("dagger", 3, 4, "hit")
    assert [d.amount for d in fight.events(Damaged)] == [5, 3]
    assert fight.get("raider").hp == 12
    assert fight.dice.remaining == ()


def test_lines_13_ability_mitigates_the_dual_wield_penalty() -> None:
    """ "...comes with a -4 penalty to the second attack without possessing an ability that
    mitigates it." A sheet with dual_wield_penalty 1 takes -1 instead."""
    fight = Fight(
        ada(weapons=[SWORD, DAGGER], dual_wield_penalty=1), raider(hp=20), dice=[4, 2, 3, 5, 1, 2]
    )
    fight.act("ada", "attack", target="raider", weapon="sword", second_weapon="dagger")
    second = fight.events(AttackRolled)[1]
    assert (second.attack, second.penalty) == (6, 1)
    assert fight.get("raider").hp == 12
    assert fight.dice.remaining == ()


def test_c11_dual_wield_is_one_action() -> None:
    """C11: both attacks of a dual wield happen within the single action ("All entities
    partaking in combat can make 1 action during their turn")."""
    fight = Fight(ada(weapons=[SWORD, DAGGER]), raider(hp=20), dice=[4, 2, 3, 5, 1, 2])
    fight.act("ada", "attack", target="raider", weapon="sword", second_weapon="dagger")
    assert [e.action for e in fight.events(ActionSpent)] == ["attack"]
    assert fight.get("ada").acted is True
    fight.refuse(
        "ada", "attack", "already used this turn's action", target="raider", weapon="sword"
    )


def test_c11_dual_wield_second_attack_forgone_when_first_drops_the_target() -> None:
    """C11/C15: the second attack of a dual wield is not made at a target the first one left
    dying (a dying target cannot be attacked by default); no dice are rolled for it."""
    fight = Fight(ada(weapons=[SWORD, DAGGER]), raider(hp=5), dice=[4, 2, 3])
    fight.act("ada", "attack", target="raider", weapon="sword", second_weapon="dagger")
    assert len(fight.events(AttackRolled)) == 1
    (forgone,) = fight.events(AttackForgone)
    assert forgone.weapon == "dagger"
    assert fight.events(StartedDying)[0].left == 3
    raider_now = fight.get("raider")
    assert (raider_now.hp, raider_now.status) == (0, Status.DYING)
    assert fight.state.outcome == "players won"
    assert fight.dice.remaining == ()


def test_c11_dual_wield_second_weapon_may_strike_a_second_target() -> None:
    """C11: "attacking with both of them in a turn comes with a -4 penalty to the second
    attack" - the seed does not tie both attacks to one target, so `second_target` may name
    another enemy in reach; the -4 goes with the second attack wherever it lands."""
    # sword on raider: 4+3 = 7 against 2+1 = 3, damage 2+2 = 4 (raider 10 -> 6).
    # dagger on wolf: 6+2-4 = 4 against 1+0 = 1, damage 3+1 = 4 (wolf 15 -> 11).
    wolf = {**raider(), "id": "wolf", "stats": {"constitution": 3}}
    fight = Fight(ada(weapons=[SWORD, DAGGER]), raider(), wolf, dice=[4, 2, 2, 6, 1, 3])
    fight.act(
        "ada",
        "attack",
        target="raider",
        weapon="sword",
        second_weapon="dagger",
        second_target="wolf",
    )
    first, second = fight.events(AttackRolled)
    assert (first.target, first.attack, first.penalty) == ("raider", 7, 0)
    assert (second.target, second.attack, second.penalty) == ("wolf", 4, 4)
    assert (fight.get("raider").hp, fight.get("wolf").hp) == (6, 11)
    assert fight.dice.remaining == ()


def test_lines_4_using_gear_or_the_environment_spends_the_action() -> None:
    """ "using abilities, using gear, or using the items in the environment are considered an
    action" - `use` spends it and logs what was done; a second action is then refused."""
    fight = Fight(ada(), raider(), dice=[])
    fight.act("ada", "use", what="kick over the brazier")
    (spent,) = fight.events(ActionSpent)
    assert spent.action == "use: kick over the brazier"
    fight.refuse(
        "ada", "attack", "ada has already used this turn's action", target="raider", weapon="sword"
    )
