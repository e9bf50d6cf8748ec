"""Melee range, the attack maneuvers and Engage/Disengage, with scripted dice (Dramatic
Scenes L1614-1671; Actions and Maneuvers, the melee and unarmed tables).

Dice order: the attacker's pool, the reaction's, then the damage dice, higher-valued group
first. Faces are a d10's 1-10; a 10 reads 0.
"""

from __future__ import annotations

import pytest

from fracas.rulesets.fatewalker.events import (
    CriticalFailure,
    DamageRolled,
    PoolRolled,
    RangeChanged,
    Struck,
)
from fracas.rulesets.fatewalker.rules import melee
from fracas.rulesets.fatewalker.rules.failure import margin_of_failure
from fracas.rulesets.fatewalker.rules.maneuvers import EVASIONS, MELEE, UNARMED, shortfall
from fracas.rulesets.fatewalker.sheet import Skills
from tests.rulesets.fatewalker.helpers import Fight, walker

ADA = walker("ada", "a")
"""Prowess 3, Awareness 3, Weaponry 5, Agility 2, the knife (3x3/3x1, 5 ticks, size M)."""


def bo(**extra: object) -> dict[str, object]:
    """Prowess 2, 1 m from ada, acting at tick 4."""
    return walker("bo", "b", x=1, start=4, attributes={"prowess": 2}, **extra)


def test_the_tables_hold_every_row_of_the_seed() -> None:
    """L3276-3730: nine evasions, the melee table's 25 rows (Engage/Disengage as two
    actions) and the unarmed table's 33."""
    assert (len(EVASIONS), len(MELEE), len(UNARMED)) == (9, 26, 33)
    assert UNARMED["power_strike"].damage == "2x1/4x3 @6"
    assert (MELEE["quick_parry"].bonus, MELEE["quick_parry"].ticks) == (-2, -4)


def test_a_requisite_shortfall_takes_the_larger_gap() -> None:
    """L3271: "a penalty equal to the difference between their skill level and the
    requisite level. If a skill requires two skills, take the higher penalty"."""
    skills = Skills(weaponry=2, observe=0)
    assert shortfall(MELEE["parry"], skills) == 2  # Weaponry 1 met, Observe 2 short by 2
    assert shortfall(MELEE["attack"], skills) == 0


def test_the_range_chart_penalises_by_size() -> None:
    """L1643-1653: "Long (6) || S Weapons/Strikes: -1, XS ...: -2"; "Short (4) || XL
    Weapons: -2, L Weapons: -1"; "Grapple (2) || XL Weapons: Unusable"; "Clinch (1) || XL/L
    Weapons: Unusable, M: Weapons/Kicks: -4"."""
    assert melee.size_penalty("S", melee.LONG) == -1
    assert melee.size_penalty("XS", melee.LONG) == -2
    assert melee.size_penalty("M", melee.MEDIUM) == 0
    assert melee.size_penalty("L", melee.SHORT) == -1
    assert melee.size_penalty("XL", melee.GRAPPLE) is None
    assert melee.size_penalty("M", melee.CLINCH) == -4
    assert melee.size_penalty("XS", melee.CLINCH) == 0


@pytest.mark.parametrize(
    ("situation", "expected"),
    [
        ({"attacker_prone": True}, -2),
        ({"attacker_running": True}, -1),
        ({"target_prone": True}, 1),
        ({"target_speed": 14}, -1),
        ({"target_speed": 20}, -2),
        ({"target_leaping": True}, -2),
        ({"target_speed": 39}, -2),
        ({"target_speed": 40}, -3),
    ],
)
def test_the_melee_modifier_chart(situation: dict[str, object], expected: int) -> None:
    """L1620-1630: "Attacker Prone || -2", "Attacker Running || -1", "Target Prone || +1",
    "Target Moving 14+ || -1", "Target Moving 20+ or Leaping/Acrobatics || -2", "Every 20+
    beyond 20 || -1" (gap 29: each full 20 past 20)."""
    assert melee.chart_modifier(**situation) == expected  # type: ignore[arg-type]


def test_an_unarmed_strike_at_long_range_loses_a_die() -> None:
    """L1640: "Combat always begins at maximum range"; L1643: at Long "S Weapons/Strikes:
    -1" (gap 17: Long, as bo is armed)."""
    ada = walker("ada", "a", skills={"unarmed": 4}, weapons=())
    fight = Fight(ada, bo(), dice=[1, 2, 9, 9, 9, 9, 9])
    fight.act("ada", "strike", target="bo", reaction="none")
    assert fight.events(PoolRolled)[0].dice == 2
    assert fight.events(Struck)[0].hit is True


def test_a_hack_adds_a_point_of_damage_a_tick_and_a_die_penalty() -> None:
    """L3436: "Hack || Weaponry: 1, Strength: 2 || Action || Prowess(Weaponry): -1 || +1";
    "Hack adds +1 damage to the attack" (gap 9: a point added before Absorb)."""
    ada = walker("ada", "a", skills={"strength": 2})
    fight = Fight(ada, bo(), dice=[1, 1, 9, 9, 9, 9, 9, 9])
    fight.act("ada", "hack", target="bo", weapon="knife", reaction="none")
    assert fight.events(PoolRolled)[0].dice == 2
    assert fight.events(Struck)[0].pool == "5x3/1x1"
    assert fight.events(DamageRolled)[0].total == 1
    assert fight.clock.next_tick("ada") == 7  # knife 5 + 1


def test_a_thrust_is_faster_and_harder_to_evade() -> None:
    """L3448: "Thrust || Weaponry: 2 || Action || Prowess(Weaponry): -1 || -1"; "Evasions
    against the Thrust get -1"."""
    fight = Fight(ADA, bo(), dice=[9, 9, 9, 9, 9, 9])
    fight.act("ada", "thrust", target="bo", weapon="knife", reaction="dodge")
    attack, dodge = fight.events(PoolRolled)
    assert (attack.dice, dodge.dice) == (2, 4)  # 3 - 1; 2 + 3 - 1
    assert fight.clock.next_tick("ada") == 5
    assert fight.clock.next_tick("bo") == 12


def test_defences_against_a_spin_slash_gain_a_die() -> None:
    """L3468: "Spin Slash || Weaponry: 5, Strength: 3 || Action || Prowess(Weaponry): -2 ||
    +2"; "+4 damage, but all defensive maneuvers or counterattacks get +1"."""
    ada = walker("ada", "a", skills={"strength": 3})
    fight = Fight(ada, bo(), dice=[9] + [9] * 6)
    fight.act("ada", "spin_slash", target="bo", weapon="knife", reaction="dodge")
    attack, dodge = fight.events(PoolRolled)
    assert (attack.dice, dodge.dice) == (1, 6)
    assert fight.clock.next_tick("ada") == 8


def test_a_kick_costs_7_ticks_and_rolls_4x1_1x3() -> None:
    """L3564: "Kick || Unarmed: 1, Agility: 2 || Action || Prowess(Unarmed) || 7 || 4x1/1x3
    @5"; both unarmed, the pair starts at Medium, "The default unarmed combat range"."""
    ada = walker("ada", "a", skills={"unarmed": 4}, weapons=())
    fight = Fight(ada, bo(weapons=()), dice=[1, 2, 9, 1, 9, 9, 9, 9])
    fight.act("ada", "kick", target="bo", reaction="none")
    struck = fight.events(Struck)[0]
    assert (struck.weapon, struck.pool) == ("kick", "3x3/2x1")
    assert fight.events(DamageRolled)[0].total == 3
    assert fight.clock.next_tick("ada") == 8


def test_a_kick_below_its_requisites_loses_the_shortfall() -> None:
    """L3271: attempting a maneuver below its requisite is "at a penalty equal to the
    difference" (Kick needs Agility 2; ada has 0)."""
    ada = walker("ada", "a", skills={"unarmed": 4, "agility": 0}, weapons=())
    fight = Fight(ada, bo(weapons=()), dice=[9])
    fight.act("ada", "kick", target="bo", reaction="none")
    assert fight.events(PoolRolled)[0].dice == 1


def test_maneuvers_refuse_the_wrong_hand() -> None:
    ada = walker("ada", "a", skills={"unarmed": 4})
    fight = Fight(ada, bo())
    fight.refuse("ada", "kick", "unarmed maneuver; leave `weapon` out", target="bo", weapon="knife")
    fight.refuse("ada", "hack", "needs a weapon in hand", target="bo")
    fight.refuse("ada", "backstab", "completely unaware", target="bo", weapon="knife")


def test_engage_closes_a_step_for_every_two_net_successes() -> None:
    """L3517: Engage "can be countered by Disengage maneuvers ... Every 2 successes can change
    the range of melee combat"; both cost 5 ticks, Awareness(Weaponry)."""
    ada = walker("ada", "a", attributes={"awareness": 4})
    fight = Fight(ada, bo(), dice=[1, 1, 1, 1, 1, 9, 9])
    fight.act("ada", "engage", target="bo", counter="disengage")
    changed = fight.events(RangeChanged)[0]
    assert (changed.was, changed.range) == (6, 5)  # 4 - 1 = 3 net: one step
    assert melee.melee_range(fight.state, "bo", "ada") == 5
    assert (fight.clock.next_tick("ada"), fight.clock.next_tick("bo")) == (6, 9)


def test_engage_needs_melee_distance() -> None:
    fight = Fight(ADA, bo(), walker("cy", "b", x=5, start=9))
    fight.refuse("ada", "engage", "cy is 5.0 m away", target="cy")
    fight.refuse("ada", "disengage", "at long \\(6\\) range", target="bo")


def test_a_critical_failure_is_logged_with_its_margin() -> None:
    """L1471: attacks "can critically fail if they generate less than 1 (GM discretion using
    Margin of Failure)" (gap 12: the margin is how far short of 2)."""
    fight = Fight(ADA, bo(), dice=[9, 9, 9])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    assert fight.events(CriticalFailure)[0].margin == 2
    assert margin_of_failure(1, 5, "failed_dice") == 4
    assert margin_of_failure(2, 5, "short_of_two") == 0


def test_the_melee_disarm_reads_the_unarmed_disarm_without_a_grapple() -> None:
    """Gap 20: the melee Disarm (L3470: Weaponry 5, Observe 3, "Prowess(Weaponry): -2",
    "+2" ticks) has no text; read with the unarmed Disarm's size bonus ("L: +1", L3696) and
    no grapple: 3 - 2 + 1 = 2 dice at TN 5, the sword drops, 5 + 2 ticks."""
    from fracas.rulesets.fatewalker.grapple_events import WeaponDropped

    sword = {"id": "sword", "damage": "2x5", "size": "L", "speed": 6}
    ada = walker("ada", "a", skills={"weaponry": 5, "observe": 3})
    bo = walker("bo", "b", x=1, start=30, weapons=[sword])
    fight = Fight(ada, bo, dice=[1, 2])
    fight.act("ada", "melee_disarm", target="bo", weapon="knife", counter="none")
    assert fight.events(PoolRolled)[0].dice == 2
    assert fight.events(WeaponDropped)[0].weapon == "sword"
    assert fight.clock.next_tick("ada") == 1 + 5 + 2
    unplayed = Fight(ada, bo, options={"melee_disarm": "none"})
    unplayed.refuse("ada", "melee_disarm", "has no rules in the seed", target="bo", weapon="knife")


def test_every_row_of_the_three_tables_is_played() -> None:
    """fw-finish: every maneuver of the Evasions, Melee and Unarmed tables (L3276-3730) has
    a rule that resolves it (the Ranged table's maneuvers are `shoot`'s options)."""
    from fracas.rulesets.fatewalker.rules.maneuvers import EVASIONS, MELEE, UNARMED

    waiting = [
        n for table in (EVASIONS, MELEE, UNARMED) for n, m in table.items() if not m.resolved
    ]
    assert waiting == []
