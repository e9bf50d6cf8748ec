"""Energy shields (Dramatic Scenes, "Energy Shields", L1673-1681) and barriers (L1590).

Dice order as for every strike: the attacker's pool, then the damage dice that the shield
left, higher-valued group first. Faces are a d10's 1-10; a 10 reads 0.
"""

from __future__ import annotations

from fracas.rulesets.fatewalker.events import (
    DamageRolled,
    ShieldRecharged,
    ShieldScreened,
    Struck,
)
from fracas.rulesets.fatewalker.options import FatewalkerOptions
from fracas.rulesets.fatewalker.rules.damage import parse_damage
from fracas.rulesets.fatewalker.rules.shields import cap, removal
from fracas.rulesets.fatewalker.sheet import EnergyShield
from tests.rulesets.fatewalker.helpers import Fight, walker

HEAVY = {"id": "heavy", "damage": "7x3", "speed": 5}
"""The shield example's "7@3" weapon: seven 3-point dice (gap 10)."""
NO_PROMOTION = {"promotions": "net_minus_two"}
"""Two attack successes then promote nothing, so the pools stay as the examples print them."""


def test_the_worked_example_removes_six_of_seven_3s() -> None:
    """L1678: "if the Maximum Deflection is 20, but the weapon has 7@3 damage, simply remove
    6"; L1679: "Reduce the Energy Pool by the amount of damage prevented"."""
    left, taken = removal(parse_damage("7x3"), 20)
    assert (str(left), str(taken), taken.maximum) == ("1x3", "6x3", 18)


def test_the_limit_is_the_lower_of_max_absorb_and_half_the_energy() -> None:
    """L1677: "equal to either the Shield's Maximum Deflection or half of the current Energy
    Pool (whichever is lower)"; option shield_cap: energy drops the halving (gap 11)."""
    shield = EnergyShield(max_absorb=20, reserve=40)
    assert cap(shield, 40, FatewalkerOptions()) == 20
    assert cap(shield, 36, FatewalkerOptions()) == 18
    assert cap(shield, 5, FatewalkerOptions()) == 2
    assert cap(shield, 5, FatewalkerOptions(shield_cap="energy")) == 5


def test_a_shield_with_energy_to_spare_stops_18_of_the_7x3_before_the_roll() -> None:
    """The digest's worked example 8 end to end: 7x3 against Maximum Deflection 20 with an
    Energy Pool of 40: six dice removed, one die rolled, the pool down by 18."""
    shield = {"max_absorb": 20, "reserve": 40, "min_activation": 6, "recharge": 1}
    ada = walker("ada", "a", weapons=[HEAVY])
    bo = walker("bo", "b", x=1, start=20, energy_shield=shield)
    fight = Fight(ada, bo, dice=[1, 2, 9, 1], options=NO_PROMOTION)
    fight.act("ada", "strike", target="bo", weapon="heavy", reaction="none")
    assert fight.events(Struck)[0].pool == "7x3"
    screened = fight.events(ShieldScreened)[0]
    assert (screened.removed, screened.prevented, screened.energy, screened.pool) == (
        "6x3",
        18,
        22,
        "1x3",
    )
    assert fight.events(DamageRolled)[0].total == 3
    assert fight.clock.tick == 6  # ada's next tick, where the shield recharges 1
    assert fight.get("bo").energy == 23
    assert fight.dice_left == 0


def test_an_attack_under_the_minimum_does_not_trigger_the_shield() -> None:
    """L1681: "If an attack come in under the min value of the shield, it simply doesn't
    trigger at all": a 2x1 pool (2 points at most) against Min Activation 6."""
    ada = walker("ada", "a", weapons=[{"id": "pin", "damage": "2x1"}])
    bo = walker("bo", "b", x=1, start=20, energy_shield="duelling")
    fight = Fight(ada, bo, dice=[1, 2, 9, 1, 1], options=NO_PROMOTION)
    fight.act("ada", "strike", target="bo", weapon="pin", reaction="none")
    screened = fight.events(ShieldScreened)[0]
    assert (screened.triggered, screened.energy) == (False, 5)
    assert fight.events(DamageRolled)[0].total == 2


def test_the_duelling_shield_spends_its_energy_and_recharges_every_6_ticks() -> None:
    """L88-96: Duelling, Min 6, Max 20, Recharge 1, Reserve 5; L1680: "The shield will
    regenerate Energy (up to the maximum) every 6 ticks equal to the Recharge rating"."""
    ada = walker("ada", "a", weapons=[{"id": "axe", "damage": "2x3/4x1", "speed": 5}])
    bo = walker("bo", "b", x=1, start=30, energy_shield="duelling")
    fight = Fight(ada, bo, dice=[1, 2, 9, 9, 9, 9, 9, 9], options=NO_PROMOTION)
    fight.act("ada", "strike", target="bo", weapon="axe", reaction="none")
    screened = fight.events(ShieldScreened)[0]
    assert (screened.removed, screened.energy, screened.pool) == ("2x1", 3, "2x3/2x1")
    assert fight.clock.tick == 6
    assert [e.energy for e in fight.events(ShieldRecharged)] == [4]
    fight.act("ada", "hold")  # to tick 8
    fight.act("ada", "hold")  # to tick 10
    fight.act("ada", "hold")  # to tick 12
    assert [e.energy for e in fight.events(ShieldRecharged)] == [4, 5]
    assert fight.get("bo").energy == 5


def test_a_barrier_demotes_like_deflection_whatever_the_type() -> None:
    """L1590: "Barrier simply functions as Armor-Deflection against any attack going
    through it equal to it's rating"; here net 2 against Barrier 2 (Medium Construction
    Material) leaves the knife's 3x3/3x1 as it is."""
    fight = Fight(walker("ada", "a"), walker("bo", "b", x=1, start=20), dice=[1, 2, 9, 9] + [9] * 5)
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none", barrier=2)
    assert fight.events(Struck)[0].pool == "3x3/3x1"


def test_a_hand_held_shield_counts_as_armor_unless_the_table_says_otherwise() -> None:
    """L3504: held as cover the shield "does [not] count towards the character's armor"; so
    otherwise it does (option hand_shield: block_only keeps it to blocks)."""
    shield = {"absorb": 1, "deflection": {"physical": 2}, "block": "4x1", "speed": 5}
    dice = [1, 2, 3, 1, 1, 9, 9, 9, 9]  # 3 successes: net 3 - Deflection 2 = one promotion
    fight = Fight(walker("ada", "a"), walker("bo", "b", x=1, start=20, shield=shield), dice=dice)
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    assert fight.events(Struck)[0].pool == "4x3/2x1"
    rolled = fight.events(DamageRolled)[0]
    assert (rolled.normal, rolled.absorbed, rolled.total) == (6, 1, 5)
    loose = Fight(
        walker("ada", "a"),
        walker("bo", "b", x=1, start=20, shield=shield),
        dice=[1, 2, 3] + [9] * 6,
        options={"hand_shield": "block_only"},
    )
    loose.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    assert loose.events(Struck)[0].pool == "6x3"
