"""Attacks under `nwo` (rules/attack.py): melee and ranged contests, parries, crits, armor,
cover, line of sight, shooting through a character, engagement and dual attacks.

Dice order: the attacker's 2d6, then (for a shot) each character in the line of fire, then
the defender's 2d6; advantage and disadvantage roll the pair twice.
"""

from __future__ import annotations

import pytest

from fracas.rulesets.nwo.events import AttackResolved, Rolled
from tests.rulesets.nwo.core_helpers import Fight, op


def results(fight: Fight) -> list[str]:
    return [e.result for e in fight.events(AttackResolved)]


def last_roll(fight: Fight, who: str) -> Rolled:
    return [r for r in fight.rolled() if r.combatant == who][-1]


# -- melee ------------------------------------------------------------------------------


@pytest.mark.parametrize(("strength", "modifier"), [(7, 3), (8, 4), (9, 4), (10, 5)])
def test_melee_modifier_is_half_the_skill_plus_the_strength_bonus(
    strength: int, modifier: int
) -> None:
    """Worked example 1.4 #10 and seed: "½ Weapon Skill (or ½ Nimble if Unarmed) + STR Bonus
    (+1 at lvl 8, +2 at lvl 10)": skill 7 gives 3; STR 8 adds 1, STR 10 adds 2, STR 7 none."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["short_blunt"], skills={"melee": 7, "strength": strength}),
        op("rex", "gang", 2, 1, weapons=["short_blunt"]),
        dice=[3, 4, 1, 2],
    )
    fight.act("ada", "attack", target="rex")
    attack = last_roll(fight, "ada")
    assert (attack.modifier, attack.total) == (modifier, 7 + modifier)
    assert fight.damage() == [("rex", 2, 0, 8)]
    assert fight.dice.remaining == ()


def test_unarmed_uses_half_nimble_plus_strength_bonus() -> None:
    """Worked example 1.4 #10: "Unarmed with Nimble 6 and STR 9 → +4" (½ Nimble if Unarmed);
    the defender, holding nothing melee, defends unarmed with its own ½ Nimble."""
    fight = Fight(
        op("ada", "crew", 1, 1, skills={"nimble": 6, "strength": 9, "melee": 10}),
        op("rex", "gang", 2, 1, skills={"nimble": 4}),
        dice=[2, 3, 2, 3],
    )
    fight.act("ada", "attack", target="rex", weapon="unarmed")
    assert (last_roll(fight, "ada").modifier, last_roll(fight, "rex").modifier) == (4, 2)
    assert results(fight) == ["hit"]
    assert fight.damage() == [("rex", 1, 0, 9)]


def test_melee_defense_uses_the_defenders_weapon_skill_and_strength() -> None:
    """Seed: "Melee Defense | ½ Weapon Skill (or ½ Nimble if Unarmed) + STR Bonus"; a
    higher defense total wins the contest: a miss, no damage."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["short_blade"], skills={"melee": 4}),
        op("rex", "gang", 2, 1, weapons=["short_blunt"], skills={"melee": 6, "strength": 10}),
        dice=[4, 4, 3, 2],
    )
    fight.act("ada", "attack", target="rex")
    assert (last_roll(fight, "ada").total, last_roll(fight, "rex").total) == (10, 10)
    fight2 = Fight(
        op("ada", "crew", 1, 1, weapons=["short_blade"], skills={"melee": 4}),
        op("rex", "gang", 2, 1, weapons=["short_blunt"], skills={"melee": 6, "strength": 10}),
        dice=[4, 3, 3, 2],
    )
    fight2.act("ada", "attack", target="rex")
    assert results(fight2) == ["miss"] and fight2.damage() == []
    assert last_roll(fight, "rex").modifier == 5


def test_melee_out_of_reach_is_refused() -> None:
    """Seed: "By default, this is one tile for all melee weapons except for spears, which have
    a two-tile range."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["short_blade"]),
        op("rex", "gang", 3, 1, weapons=["spear"]),
    )
    fight.refuse("ada", "attack", "2 tiles away; short_blade reaches 1", target="rex")
    fight.end("ada")
    fight2 = Fight(
        op("rex", "gang", 3, 1, weapons=["spear"]),
        op("ada", "crew", 1, 1, weapons=["short_blade"]),
        dice=[5, 5, 1, 1],
    )
    fight2.act("rex", "attack", target="ada")
    assert results(fight2) == ["hit"]


# -- parry ----------------------------------------------------------------------------


def test_equal_totals_are_a_parry_won_by_the_defender() -> None:
    """Worked example 1.4 #8 and seed: "If an attacker and defender roll the same result ...
    this is known as a 'Parry'. By default, parries go in favor of the defender"."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["short_blunt"], skills={"melee": 2}),
        op("rex", "gang", 2, 1, weapons=["short_blunt"], skills={"melee": 2}),
        dice=[4, 4, 5, 3],
    )
    fight.act("ada", "attack", target="rex")
    assert (last_roll(fight, "ada").total, last_roll(fight, "rex").total) == (9, 9)
    assert results(fight) == ["parry"]
    assert fight.damage() == []


def test_parry_reroll_option_rolls_the_exchange_again() -> None:
    """Seed: "if both parties agree, a 'Parry' can instead result in a re-roll from both
    parties" (option parry=reroll): attacker then defender roll again."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["short_blunt"], skills={"melee": 2}),
        op("rex", "gang", 2, 1, weapons=["short_blunt"], skills={"melee": 2}),
        dice=[4, 4, 5, 3, 5, 4, 1, 2],
        options={"parry": "reroll"},
    )
    fight.act("ada", "attack", target="rex")
    assert [r.total for r in fight.rolled()] == [9, 9, 10, 4]
    assert results(fight) == ["hit"]
    assert fight.damage() == [("rex", 2, 0, 8)]
    assert fight.dice.remaining == ()


def test_a_parry_reroll_keeps_the_attackers_advantage_and_help() -> None:
    """Seed: "if both parties agree, a 'Parry' can instead result in a re-roll from both
    parties": the same roll again, so what the attack had the first time it keeps. bo's help
    (melee 10: 3+2+5 = 10, DC 10) gives ada +3 over her +1, and rex lying prone gives her
    advantage: (4, 4) kept over (1, 1) makes 12; rex 5+6+1 = 12 parries. Re-rolled: (2, 3)
    over (1, 1) and the same +4 make 9 against rex 3+4+1 = 8: a hit for 2."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["short_blunt"], skills={"melee": 2}),
        op("bo", "crew", 0, 1, skills={"melee": 10}),
        op("rex", "gang", 2, 1, weapons=["short_blunt"], skills={"melee": 2}),
        dice=[3, 2, 4, 4, 1, 1, 5, 6, 2, 3, 1, 1, 3, 4],
        options={"parry": "reroll"},
    )
    fight.gm("rex", add_condition="prone")
    fight.act("bo", "help", target="ada", skill="melee")
    fight.act("ada", "attack", target="rex")
    exchange = [(r.combatant, r.modifier, r.total, r.edge) for r in fight.rolled()[1:]]
    assert exchange == [("ada", 4, 12, 1), ("rex", 1, 12, 0), ("ada", 4, 9, 1), ("rex", 1, 8, 0)]
    assert results(fight) == ["hit"]
    assert fight.damage() == [("rex", 2, 0, 8)]
    assert fight.dice.remaining == ()


def test_a_parry_reroll_keeps_the_defenders_chosen_weapon() -> None:
    """Seed: "a 'Parry' can instead result in a re-roll from both parties", and (Dual
    Wielding) "You are able to choose which weapon you defend with". rex parries with its
    hook (crits on Double 5 or 6) rather than the short blunt in its first hand: 4+4+1 = 9
    against 5+3+1 = 9. Re-rolled, rex still holds up the hook: its 5+5 is a critical defense
    that stops ada's 6+5+1 = 12, so rex keeps all 10 HP."""
    hook = {"id": "hook", "kind": "melee", "damage": 2, "crit_damage": 3, "crit": [5, 6]}
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["short_blunt"], skills={"melee": 2}),
        op("rex", "gang", 2, 1, weapons=["short_blunt", hook], skills={"melee": 2}),
        dice=[4, 4, 5, 3, 6, 5, 5, 5],
        options={"parry": "reroll"},
    )
    fight.act("ada", "attack", target="rex", defend_with="hook")
    defenses = [(r.purpose, r.total, r.crit) for r in fight.rolled() if r.combatant == "rex"]
    assert defenses == [
        ("melee defense with hook", 9, False),
        ("melee defense with hook", 11, True),
    ]
    assert results(fight) == ["defense_critical"]
    assert fight.damage() == []
    assert fight.get("rex").hp == 10


# -- crits ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("weapon", "pair", "crit"),
    [
        ("two_handed_axe", (6, 6), True),
        ("two_handed_axe", (5, 5), True),
        ("one_handed_axe", (5, 5), False),
        ("one_handed_axe", (6, 6), True),
        ("two_handed_axe", (6, 5), False),
        ("two_handed_axe", (4, 4), False),
        ("improvised", (6, 6), False),
    ],
)
def test_crits_need_the_weapons_double(weapon: str, pair: tuple[int, int], crit: bool) -> None:
    """Worked example 1.4 #7: "(6,6) crit every weapon that can crit. (5,5) crits only D5/6
    weapons. (6,5) and (4,4) never crit. Improvised weapons never crit." The axes' crit is
    "Deal Double Damage On A Crit (8)" / "(6)"."""
    held = "bolt_action_rifle" if weapon == "improvised" else weapon
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=[held], skills={"melee": 0}),
        op("rex", "gang", 2, 1, hp=20),
        dice=[*pair, 1, 2],
    )
    fight.act("ada", "attack", target="rex", weapon=weapon)
    assert last_roll(fight, "ada").crit is crit
    expected = {"two_handed_axe": (8, 4), "one_handed_axe": (6, 3), "improvised": (1, 1)}
    assert results(fight) == ["critical" if crit else "hit"]
    assert fight.damage()[0][1] == expected[weapon][0 if crit else 1]


def test_an_attack_crit_hits_despite_a_lower_total() -> None:
    """A7 (option crit_wins, default): "In the unlikely but still possible event that both
    attack and defender crit, Parry Rules apply" only makes sense if a crit wins on its own."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["two_handed_axe"]),
        op("rex", "gang", 2, 1, weapons=["short_blunt"], skills={"melee": 10}, hp=20),
        dice=[5, 5, 6, 5],
    )
    fight.act("ada", "attack", target="rex")
    assert (last_roll(fight, "ada").total, last_roll(fight, "rex").total) == (10, 16)
    assert results(fight) == ["critical"]
    assert fight.damage() == [("rex", 8, 0, 12)]


def test_crit_wins_off_lets_the_totals_decide() -> None:
    """A7 with option crit_wins=false: the crit only counts when the attack wins the contest."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["two_handed_axe"]),
        op("rex", "gang", 2, 1, weapons=["short_blunt"], skills={"melee": 10}),
        dice=[5, 5, 6, 5],
        options={"crit_wins": False},
    )
    fight.act("ada", "attack", target="rex")
    assert results(fight) == ["miss"]


def test_a_defense_crit_automatically_succeeds_against_the_attack() -> None:
    """Seed: "In the event of a critical success defense roll, the character automatically
    succeeds against the attack and negates any crit effects" (defending weapon's double)."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["short_blunt"], skills={"melee": 10, "strength": 10}),
        op("rex", "gang", 2, 1, weapons=["short_blunt"]),
        dice=[5, 6, 6, 6],
    )
    fight.act("ada", "attack", target="rex")
    assert (last_roll(fight, "ada").total, last_roll(fight, "rex").total) == (18, 12)
    assert results(fight) == ["defense_critical"]
    assert fight.damage() == []


def test_a_ranged_defense_crit_on_double_six() -> None:
    """Seed: "critical success defense roll ... automatically succeeds"; A7: a ranged defense
    crits on Double 6."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["bolt_action_rifle"], skills={"aiming": 10}),
        op("rex", "gang", 5, 1),
        dice=[6, 5, 6, 6],
    )
    fight.act("ada", "attack", target="rex")
    assert results(fight) == ["defense_critical"]


def test_both_crit_is_a_parry() -> None:
    """Seed: "In the unlikely but still possible event that both attack and defender crit,
    Parry Rules apply"; the parry goes to the defender."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["two_handed_axe"], skills={"melee": 10}),
        op("rex", "gang", 2, 1, weapons=["short_blunt"]),
        dice=[6, 6, 6, 6],
    )
    fight.act("ada", "attack", target="rex")
    assert results(fight) == ["parry"]
    assert fight.damage() == []


# -- armor ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("armor", "weapon", "pair", "after"),
    [
        ("light", "handgun", (3, 4), (3, 0, 9)),
        ("medium", "handgun", (3, 4), (3, 1, 10)),
        ("heavy", "bolt_action_rifle", (6, 6), (8, 0, 10)),
    ],
)
def test_armor_hitpoints_are_consumed_first(
    armor: str, weapon: str, pair: tuple[int, int], after: tuple[int, int, int]
) -> None:
    """Worked examples 1.4 #1-#3 and seed: "if you are wearing light armor and receive 3
    damage, you will take 2 points of AHP and 1 point of your HP ... medium armor and receive
    3 damage, you take 3 points of AHP, with 1 point of AHP remaining"; a Bolt Action crit (8)
    empties heavy armor (8 AHP) and leaves HP untouched."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=[weapon]),
        op("rex", "gang", 5, 1, armor=armor),
        dice=[*pair, 1, 1],
    )
    fight.act("ada", "attack", target="rex")
    assert fight.damage() == [("rex", *after)]
    assert (fight.get("rex").ahp, fight.get("rex").hp) == after[1:]


# -- ranged ---------------------------------------------------------------------------


def test_ranged_attack_is_half_aiming_minus_two_after_moving() -> None:
    """Worked example 1.4 #9: "Aiming 7 after moving → 3 − 2 = +1"; seed: "Movement imposes a
    -2 penalty to ranged attack rolls"."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["handgun"], skills={"aiming": 7}),
        op("rex", "gang", 8, 1),
        dice=[4, 4, 3, 3],
    )
    fight.act("ada", "move", to=[2, 1])
    fight.act("ada", "attack", target="rex")
    attack = last_roll(fight, "ada")
    assert (attack.modifier, attack.total) == (1, 9)
    assert last_roll(fight, "rex").modifier == 0
    assert results(fight) == ["hit"]


def test_cover_next_to_the_target_on_the_line_of_fire_gives_six() -> None:
    """Worked example 1.4 #9 ("a defender in cover gets +6") and seed: "If a target is
    obscured by cover ... giving a +6 to ranged defense rolls"."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["handgun"], skills={"aiming": 6}),
        op("rex", "gang", 6, 1),
        cover=[(5, 1)],
        dice=[4, 4, 3, 3],
    )
    fight.act("ada", "attack", target="rex")
    defense = last_roll(fight, "rex")
    assert (defense.modifier, defense.total, defense.purpose) == (6, 12, "ranged defense in cover")
    assert results(fight) == ["miss"]


@pytest.mark.parametrize("tile", [(3, 1), (6, 2), (7, 1)])
def test_cover_away_from_the_target_or_off_the_line_gives_nothing(tile: tuple[int, int]) -> None:
    """Seed: "If a target is obscured by cover": a barrier near the shooter, beside the target
    off the line of fire, or behind the target does not obscure it (the contract's reading)."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["handgun"], skills={"aiming": 6}),
        op("rex", "gang", 6, 1),
        cover=[tile],
        dice=[4, 4, 3, 2],
    )
    fight.act("ada", "attack", target="rex")
    assert last_roll(fight, "rex").modifier == 0


def test_a_wall_on_the_line_of_fire_blocks_the_shot() -> None:
    """Seed: "Whether there is a clear line of fire from attacker to defender"."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["handgun"]),
        op("rex", "gang", 6, 1),
        walls=[(3, 1)],
    )
    fight.refuse("ada", "attack", "a wall blocks the line of sight", target="rex")


def past_bob(dice: list[int], aiming: int = 6) -> Fight:
    """ada's handgun at (1, 1) aimed at rex at (6, 1), with her ally bob at (3, 1) on the
    line of fire; Aiming 6 shoots at +3."""
    return Fight(
        op("ada", "crew", 1, 1, weapons=["handgun"], skills={"aiming": aiming}),
        op("bob", "crew", 3, 1),
        op("rex", "gang", 6, 1),
        dice=dice,
    )


def test_a_shot_through_a_character_who_fails_ranged_defense_hits_them_instead() -> None:
    """Seed: "Attempting to shoot through a character requires that ally to roll Ranged
    Defense, and they will be hit instead if they fail."""
    fight = past_bob([4, 4, 2, 3])
    fight.act("ada", "attack", target="rex")
    assert [r.combatant for r in fight.rolled()] == ["ada", "bob"]
    assert fight.damage() == [("bob", 3, 0, 7)]
    assert fight.dice.remaining == ()


def test_a_critical_ranged_defense_in_the_line_of_fire_lets_the_shot_go_on() -> None:
    """Seed: "In the event of a critical success defense roll, the character automatically
    succeeds against the attack" — bob, shot through, too. ada's 6+5+5 = 16 beats bob's
    6+6 = 12 on the totals, but bob's Double 6 holds: the shot passes him and rex, in cover
    behind him, defends 1+2+6 = 9 and takes the handgun's 3."""
    fight = past_bob([6, 5, 6, 6, 1, 2], aiming=10)
    fight.act("ada", "attack", target="rex")
    rolls = [(r.combatant, r.total, r.crit) for r in fight.rolled()]
    assert rolls == [("ada", 16, False), ("bob", 12, True), ("rex", 9, False)]
    assert results(fight) == ["hit"]
    assert fight.damage() == [("rex", 3, 0, 7)]
    assert fight.get("bob").hp == 10
    assert fight.dice.remaining == ()


def test_a_character_in_the_line_of_fire_defends_with_its_own_advantage() -> None:
    """Seed (long blades): "Gain advantage on attack and defense rolls until the end of your
    next turn" — a ranged defense in the line of fire too. bob keeps 6+5 over 1+1 and holds
    against ada's 4+4+3 = 11 (a tie holds); rex behind him defends 1+2+6 = 9 and takes 3."""
    fight = past_bob([4, 4, 1, 1, 6, 5, 1, 2])
    fight.gm("bob", add_condition="blade_advantage")
    fight.act("ada", "attack", target="rex")
    rolls = [(r.combatant, r.total, r.edge) for r in fight.rolled()]
    assert rolls == [("ada", 11, 0), ("bob", 11, 1), ("rex", 9, 0)]
    assert fight.damage() == [("rex", 3, 0, 7)]
    assert fight.dice.remaining == ()


def test_a_shot_past_a_character_who_defends_puts_the_target_in_cover() -> None:
    """Seed: "If a target is obscured by cover, or another character, they are considered in
    'Cover' ... giving a +6 to ranged defense rolls" (A15: the ally defends against the same
    total; succeeding lets the shot go on)."""
    fight = past_bob([4, 4, 6, 5, 2, 1])
    fight.act("ada", "attack", target="rex")
    totals = [(r.combatant, r.modifier, r.total) for r in fight.rolled()]
    assert totals == [("ada", 3, 11), ("bob", 0, 11), ("rex", 6, 9)]
    assert results(fight) == ["hit"]
    assert fight.damage() == [("rex", 3, 0, 7)]


def test_a_prone_character_does_not_block_the_line() -> None:
    """Seed: "Any tile occupied by a non-prone character, including allies, is considered
    blocking line-of-sight."""
    fight = past_bob([4, 4, 2, 1])
    fight.gm("bob", add_condition="prone")
    fight.act("ada", "attack", target="rex")
    assert [r.combatant for r in fight.rolled()] == ["ada", "rex"]
    assert fight.damage() == [("rex", 3, 0, 7)]


def test_engaged_shooters_cannot_fire_two_handed_weapons() -> None:
    """Seed: "While Engaged, characters cannot shoot with two-handed ranged weapons"."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["shotgun"]),
        op("rex", "gang", 2, 1, weapons=["short_blade"]),
        op("sam", "gang", 6, 1),
    )
    fight.refuse("ada", "attack", "engaged and cannot shoot a two-handed shotgun", target="sam")


def test_a_long_weapon_engages_a_shooter_from_as_far_as_it_reaches() -> None:
    """Seed: "While Engaged, characters cannot shoot with two-handed ranged weapons"; a
    scenario's own pike with reach 3 engages ada from three tiles off (the look-up of who
    engages whom skips only those beyond the longest reach carried)."""
    pike = {"id": "pike", "kind": "melee", "damage": 2, "crit_damage": 4, "reach": 3}
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["shotgun"]),
        op("rex", "gang", 4, 1, weapons=[pike]),
        op("sam", "gang", 8, 1),
    )
    fight.refuse("ada", "attack", "engaged and cannot shoot a two-handed shotgun", target="sam")


def test_engaged_shooters_may_fire_a_handgun() -> None:
    """A14: "only 2H weapons are barred" — "cannot shoot with two-handed ranged weapons"."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["handgun"]),
        op("rex", "gang", 2, 1, weapons=["short_blade"]),
        dice=[3, 3, 1, 1],
    )
    fight.act("ada", "attack", target="rex")
    assert results(fight) == ["hit"]


def test_an_enemy_holding_a_ranged_weapon_does_not_engage() -> None:
    """Seed: "Engagement does not occur if the weapon being held is a ranged weapon"."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["shotgun"]),
        op("rex", "gang", 2, 1, weapons=["shotgun"]),
        dice=[3, 3, 1, 1],
    )
    fight.act("ada", "attack", target="rex")
    assert results(fight) == ["hit"]


def test_an_empty_magazine_is_refused() -> None:
    """Seed: "Once your available ammunition ... is spent, characters using a ranged weapon
    must make a roll to Reload"."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["crossbow"]),
        op("rex", "gang", 5, 1, hp=30),
        dice=[3, 3, 1, 1],
    )
    fight.act("ada", "attack", target="rex")
    fight.end("ada", "rex")
    fight.refuse("ada", "attack", "empty; reload", target="rex")


def test_one_attack_a_turn() -> None:
    """Seed: "All actions listed here take your one action per turn"."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["short_blade"]),
        op("rex", "gang", 2, 1),
        dice=[3, 3, 1, 1],
    )
    fight.act("ada", "attack", target="rex")
    fight.refuse("ada", "attack", "already used this turn's action", target="rex")


# -- dual attack ----------------------------------------------------------------------


def test_dual_attack_makes_two_attacks_the_second_at_disadvantage() -> None:
    """NWO-68: "When dual-wielding two one-handed melee weapons, you can forego moving to make
    two attacks. The second attack is made at disadvantage. You cannot move if you make two
    attacks."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["short_blunt", "one_handed_axe"]),
        op("rex", "gang", 2, 1, hp=20),
        dice=[4, 4, 1, 1, 5, 5, 3, 3, 1, 1],
    )
    fight.act("ada", "dual_attack", target="rex")
    ada_rolls = [r for r in fight.rolled() if r.combatant == "ada"]
    assert [(r.edge, r.pair) for r in ada_rolls] == [(0, (4, 4)), (-1, (3, 3))]
    assert [e.weapon for e in fight.events(AttackResolved)] == ["short_blunt", "one_handed_axe"]
    assert fight.damage() == [("rex", 2, 0, 18), ("rex", 3, 0, 15)]
    assert fight.get("ada").movement_spent and fight.get("ada").acted
    fight.refuse("ada", "move", "no movement left", to=[1, 2])
    assert fight.dice.remaining == ()


def test_dual_attack_needs_the_whole_movement_and_two_melee_one_handers() -> None:
    """NWO-68 / A19: "you can forego moving to make two attacks" with "two one-handed melee
    weapons"."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["short_blunt", "one_handed_axe"]),
        op("rex", "gang", 3, 1),
    )
    fight.act("ada", "move", to=[2, 1])
    fight.refuse("ada", "dual_attack", "has moved", target="rex")
    other = Fight(
        op("ada", "crew", 1, 1, weapons=["short_blunt", "handgun"]),
        op("rex", "gang", 2, 1),
    )
    other.refuse("ada", "dual_attack", "two one-handed melee weapons", target="rex")


def test_the_defender_chooses_which_weapon_in_hand_defends() -> None:
    """Seed (Dual Wielding): "You are able to choose which weapon you defend with and which
    weapon you attack with when you make those rolls." rex holds a short blunt and a one-handed
    axe; `defend_with` picks the axe (its roll is named after it); a weapon not in hand is
    refused, naming those that are."""
    fight = Fight(
        op("ada", "crew", 1, 1, weapons=["short_blade"], skills={"melee": 4}),
        op("rex", "gang", 2, 1, weapons=["short_blunt", "one_handed_axe"], skills={"melee": 6}),
        dice=[4, 4, 3, 2],
    )
    fight.refuse(
        "ada",
        "attack",
        r"rex cannot defend with 'spear'; melee weapons in hand: short_blunt, one_handed_axe",
        target="rex",
        defend_with="spear",
    )
    fight.act("ada", "attack", target="rex", defend_with="one_handed_axe")
    defense = last_roll(fight, "rex")
    assert (defense.purpose, defense.total) == ("melee defense with one_handed_axe", 8)
    assert results(fight) == ["hit"]
