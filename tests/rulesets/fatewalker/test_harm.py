"""One damage pipeline (rules/harm.py, the digest's section 3.11) for every kind of blow:
strikes and maneuvers with their "+N damage", parries and blocks that cancel damage, unarmed
Stun, and shots, each meeting the same Absorb, energy shields and wound chart. Faces are a
d10's 1-10; 10 reads 0 (a penetrating success).
"""

from __future__ import annotations

from fracas.rulesets.fatewalker.events import (
    DamageCancelled,
    DamageRolled,
    ShieldScreened,
    Struck,
    Wounded,
)
from tests.rulesets.fatewalker.helpers import Fight, walker

ADA = walker("ada", "a")
"""Prowess 3, Weaponry 5, the knife (3x3/3x1, 5 ticks), acting at tick 1."""
CARBINE = {"id": "carbine", "damage": "3x1", "type": "slug", "speed": 5, "ranges": [15, 40, 80]}

# the knife: 2 successes; bo's parry: 2 successes, stops; the parry's knife damage: one 3;
# the attack's 5x3/1x1: two penetrating 3s (faces 10), one normal 3, nothing on the 1
PARRIED = [1, 2, 9, 1, 1, 1, 9, 9, 9, 9, 9, 10, 10, 1, 9, 9, 9]


def _parried(**options: str) -> Fight:
    bo = walker(
        "bo",
        "b",
        x=1,
        start=4,
        attributes={"prowess": 2},
        skills={"observe": 2},
        armor={"absorb": 3},
    )
    fight = Fight(ADA, bo, dice=PARRIED, options=options)
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="parry")
    assert fight.events(DamageCancelled)[0].points == 3
    assert fight.dice_left == 0
    return fight


def test_a_parry_cancels_after_absorb_penetrating_points_too() -> None:
    """Section 3.11 steps 7-8: "norm = max(0, norm + flat_bonus - Absorb)", then "total = pen +
    norm - parry/block damage": Absorb 3 takes the normal 3, the parry's 3 comes off the 6
    that went through armor."""
    rolled = _parried().events(DamageRolled)[0]
    assert (rolled.normal, rolled.penetrating, rolled.absorbed, rolled.cancelled) == (3, 6, 3, 3)
    assert rolled.total == 3


def test_with_option_cancel_before_absorb_the_parry_takes_normal_points_first() -> None:
    """Gap 7's wording, "subtracted from the attacker's rolled damage before Absorb": the
    parry's 3 take the normal 3, Absorb finds nothing left, the 6 penetrating points stay."""
    rolled = _parried(cancel="before_absorb").events(DamageRolled)[0]
    assert (rolled.absorbed, rolled.cancelled, rolled.total) == (0, 3, 6)


def test_a_hacks_extra_point_comes_before_absorb() -> None:
    """Gap 9: "+1 damage" is a flat point added to the non-penetrating points before Absorb:
    nothing rolled, the Hack's 1, Absorb 1 takes it."""
    ada = walker("ada", "a", skills={"strength": 2})
    bo = walker("bo", "b", x=1, start=4, attributes={"prowess": 2}, armor={"absorb": 1})
    fight = Fight(ada, bo, dice=[1, 1, 9, 9, 9, 9, 9, 9])
    fight.act("ada", "hack", target="bo", weapon="knife", reaction="none")
    rolled = fight.events(DamageRolled)[0]
    assert (rolled.normal, rolled.absorbed, rolled.total) == (1, 1, 0)


def test_an_unarmed_maneuver_deals_stun() -> None:
    """L3557: "Unless otherwise stated unarmed damage is Stun damage": a kick's 3 points are
    stun (all 3 go to Temporary, Resilience 3, where stun and normal are alike)."""
    ada = walker("ada", "a", skills={"unarmed": 4}, weapons=())
    bo = walker("bo", "b", x=1, start=4, attributes={"prowess": 2}, weapons=())
    fight = Fight(ada, bo, dice=[1, 2, 9, 1, 9, 9, 9, 9])
    fight.act("ada", "kick", target="bo", reaction="none")
    wounded = fight.events(Wounded)[0]
    assert (wounded.amount, wounded.stunning, wounded.temporary) == (3, True, 3)


def test_a_shot_meets_the_energy_shield_like_a_blow() -> None:
    """A shot's pool goes through the same steps: 2 successes promote the carbine's 3x1 to
    2x3/1x1 (7 points); a shield of 8 energy takes at most half of it, 4 points, the highest
    dice first that fit (a 3 and the 1); the 1x3 left rolls one success."""
    ada = walker("ada", "a", weapons=[CARBINE], skills={"ranged": 5})
    shield = {"max_absorb": 20, "reserve": 8}
    bo = walker("bo", "b", x=10, start=60, weapons=[], energy_shield=shield)
    fight = Fight(ada, bo, dice=[1, 2, 9, 9, 9, 1])
    fight.act("ada", "shoot", target="bo", weapon="carbine")
    assert fight.events(Struck)[0].pool == "2x3/1x1"
    screened = fight.events(ShieldScreened)[0]
    assert (screened.removed, screened.prevented, screened.energy) == ("1x3/1x1", 4, 4)
    assert fight.events(DamageRolled)[0].total == 3
    assert fight.dice_left == 0
