"""The hand-held shield's maneuvers with scripted dice (Actions and Maneuvers, the melee
table: Shield Block L3434/L3489, Shield Cover L3444/L3504, Shield Bash L3456/L3522).

Dice order: the attack's pool, the shield block's, a stopping block's damage, the attack's
damage (higher-valued group first). Faces are a d10's 1-10.
"""

from __future__ import annotations

from fracas.rulesets.fatewalker.events import (
    DamageCancelled,
    DamageRolled,
    Defended,
    FootworkSet,
    PoolRolled,
    ShieldCovered,
    ShotTaken,
    Struck,
)
from fracas.rulesets.fatewalker.rules import harm
from tests.rulesets.fatewalker.helpers import Fight, walker

BUCKLER = {
    "id": "buckler",
    "absorb": 1,
    "deflection": {"physical": 2},
    "block": "4x1",
    "speed": 5,
    "cover": 90,
}
"""Example data: the seed has no shield table (gap 27)."""
ADA = walker("ada", "a")
"""Prowess 3, Weaponry 5, the knife (3x3/3x1, 5 ticks), acting at tick 1."""


def bo(start: int = 4, **extra: object) -> dict[str, object]:
    gear = {"shield": BUCKLER, **extra}
    return walker("bo", "b", x=1, start=start, attributes={"prowess": 2}, **gear)


def test_a_shield_block_adds_deflection_and_absorb_and_cancels_with_its_block() -> None:
    """L3489: "Add the shield's Deflection + Absorb as bonus to the maneuver. Use the
    shield's block value and block speed to resolve the parry": Prowess 2 + 2 + 1 = 5 dice;
    2 successes stop the blow and the buckler's 4x1 cancels 2 of what is left after the
    shield's own Absorb (it counts as armor too, option hand_shield)."""
    # the attack (3), the block (5), the block's 4x1, the knife's 3x3 and 3x1
    dice = [1, 2, 9, 1, 1, 9, 9, 9, 1, 2, 9, 9, 1, 9, 9, 9, 9, 9]
    fight = Fight(ADA, bo(), dice=dice)
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="shield_block")
    block = next(p for p in fight.events(PoolRolled) if p.what == "shield block")
    assert (block.dice, block.tn, block.successes) == (5, 5, 2)
    defended = fight.events(Defended)[0]
    assert (defended.maneuver, defended.stops, defended.pool) == ("shield_block", True, "4x1")
    assert fight.events(DamageCancelled)[0].points == 2
    assert fight.events(Struck)[0].pool == "3x3/3x1"  # net 2 - Deflection 2
    rolled = fight.events(DamageRolled)[0]
    assert (rolled.normal, rolled.absorbed, rolled.cancelled, rolled.total) == (3, 1, 2, 0)
    assert fight.clock.next_tick("bo") == 9  # 4 + the block speed 5
    assert fight.dice_left == 0


def test_a_shield_block_needs_a_shield_with_a_block_not_held_as_cover() -> None:
    """L3504: "The shield cannot be used for any other actions while maintaining cover
    (cannot both get shield cover bonuses AND use it to block or bash)"."""
    bare = Fight(ADA, walker("bo", "b", x=1, start=4))
    bare.refuse(
        "ada", "strike", "no hand-held shield", target="bo", weapon="knife", reaction="shield_block"
    )
    covered = Fight(walker("ada", "a", start=2), bo(start=1))
    covered.act("bo", "shield_cover", cover=50)
    covered.refuse(
        "ada", "strike", "held as cover", target="bo", weapon="knife", reaction="shield_block"
    )


def test_shield_cover_takes_2_or_3_ticks_and_stops_counting_as_armor() -> None:
    """L3504: 50% or 90% ("Shield Cover || 2/3"); held so, the shield does not "count
    towards the character's armor". A 50% shield gives no 90%."""
    fight = Fight(walker("ada", "a", start=2), bo(start=1))
    fight.act("bo", "shield_cover", cover=90)
    assert fight.events(ShieldCovered)[0].cover == 90
    assert fight.clock.next_tick("bo") == 4
    opts = fight.state.options
    assert (
        harm.deflection(fight.get("bo"), "physical", opts),
        harm.absorb(fight.get("bo"), opts),
    ) == (0, 0)
    small = Fight(walker("ada", "a", start=2), bo(start=1, shield={**BUCKLER, "cover": 50}))
    small.refuse("bo", "shield_cover", "50% cover at most", cover=90)


def test_a_shot_meets_shield_cover_as_cover_with_its_barrier() -> None:
    """L3504: "The barrier value of the shield is equal to Deflection + Absorb"; shots go
    around it (-2/-4) or through it (-1/-2), L1584-1586."""
    gun = {"id": "carbine", "damage": "3x1", "type": "slug", "speed": 5, "ranges": [15, 40, 80]}
    ada = walker("ada", "a", start=3, weapons=[gun], skills={"ranged": 5})
    fight = Fight(ada, walker("bo", "b", x=10, start=1, shield=BUCKLER), dice=[9] * 3)
    fight.act("bo", "shield_cover", cover=90)
    fight.act("ada", "shoot", target="bo", weapon="carbine", cover="through")
    rows = dict(fight.events(ShotTaken)[-1].modifiers)
    assert rows["through 90% shield cover"] == -2
    dice = [1, 2, 3, 9, 9, 9]  # the shot, then its 2x3 and 1x1
    fight2 = Fight(ada, walker("bo", "b", x=10, start=1, shield=BUCKLER), dice=dice)
    fight2.act("bo", "shield_cover", cover=90)
    fight2.act("ada", "shoot", target="bo", weapon="carbine", cover="through")
    # 3 successes, less the Barrier: slug Deflection 0 + Absorb 1; no armor from the shield
    assert fight2.events(Struck)[0].pool == "2x3/1x1"
    assert fight2.events(DamageRolled)[0].absorbed == 0


def test_a_shield_bash_strikes_with_the_shield_at_the_offhand_penalty() -> None:
    """L3522: "It suffers offhand penalties, but otherwise use the shield's stats for the
    maneuver" (option shield_offhand, 2 dice: the seed gives no number): Prowess 5 - 2."""
    basher = walker("ada", "a", attributes={"prowess": 5}, shield=BUCKLER)
    dice = [1, 2, 9, 1, 1, 9, 9]  # the bash, then its 2x3 and 2x1
    fight = Fight(basher, walker("bo", "b", x=1, start=20), dice=dice)
    fight.act("ada", "shield_bash", target="bo", reaction="none")
    attack = fight.events(PoolRolled)[0]
    assert (attack.dice, attack.what) == (3, "shield_bash with buckler")
    assert fight.events(Struck)[0].pool == "2x3/2x1"  # 4x1 promoted twice
    assert fight.clock.next_tick("ada") == 6  # the shield's speed
    waived = Fight(
        basher, walker("bo", "b", x=1, start=20), dice=[9] * 5, options={"shield_offhand": 0}
    )
    waived.act("ada", "shield_bash", target="bo", reaction="none")
    assert waived.events(PoolRolled)[0].dice == 5


def test_a_shield_bash_cannot_be_parried_but_can_be_shield_blocked() -> None:
    """L3522: "Shield bashes cannot be parried (though they can be shield blocked)"."""
    basher = walker("ada", "a", attributes={"prowess": 5}, shield=BUCKLER)
    fight = Fight(basher, bo(skills={"observe": 2}))
    fight.refuse("ada", "shield_bash", "cannot be parried", target="bo", reaction="parry")
    no_shield = Fight(ADA, bo())
    no_shield.refuse("ada", "shield_bash", "no hand-held shield", target="bo")


def test_the_default_decider_shield_blocks_when_it_pays() -> None:
    """A decider, not a rule: a shield block expecting 2 successes, and more than a parry."""
    dice = [1, 2, 9] + [9] * 5 + [9] * 6
    fight = Fight(ADA, bo(), dice=dice)
    fight.act("ada", "strike", target="bo", weapon="knife")
    assert fight.events(Struck)[0].reaction == "shield_block"


def test_footwork_dice_go_to_a_shield_block() -> None:
    """L3318: Footwork's "Successes can be added (once per success) to any parry or evade
    maneuvers": a shield block is one (L3489, "resolve the parry")."""
    # the footwork (2 dice), the attack (a miss), the block (5 + 2)
    dice = [1, 1, 9, 9, 9] + [9] * 7
    fight = Fight(walker("ada", "a", start=2), bo(start=1, skills={"agility": 4}), dice=dice)
    fight.act("bo", "footwork")
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="shield_block")
    block = next(p for p in fight.events(PoolRolled) if p.what == "shield block")
    assert block.dice == 5 + 2
    assert fight.events(FootworkSet)[-1].dice == 0
    assert fight.dice_left == 0
