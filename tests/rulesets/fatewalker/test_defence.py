"""Parries, blocks, counterattacks, footwork and the one-reaction rule, with scripted dice
(Actions and Maneuvers: Evasions, the melee and unarmed tables; Dramatic Scenes L1431, L1671).

Dice order: the attacker's pool, the defence's, a stopping parry's damage, then the attack's
damage (higher-valued group first), then a riposte. Faces are a d10's 1-10.
"""

from __future__ import annotations

from fracas.rulesets.fatewalker.events import (
    DamageCancelled,
    DamageRolled,
    Defended,
    FootworkSet,
    PoolRolled,
    RangeChanged,
    ReactionTaken,
    Struck,
    Wounded,
)
from tests.rulesets.fatewalker.helpers import Fight, walker

ADA = walker("ada", "a")
"""Prowess 3, Weaponry 5, the knife (3x3/3x1, 5 ticks), acting at tick 1."""


def bo(prowess: int = 2, **extra: object) -> dict[str, object]:
    return walker("bo", "b", x=1, start=4, attributes={"prowess": prowess}, **extra)


def test_a_parry_that_stops_the_blow_cancels_its_damage() -> None:
    """L3490: "A parry is resolved as an Attack maneuver with the weapon in hand. Damage done
    on the parry maneuver cancels damage done on the attack being parried"; its cost is the
    weapon's speed - 2 (gap 7: 2 successes stop the blow)."""
    dice = [1, 2, 9, 1, 1, 1, 9, 9, 9, 9, 9, 1, 2, 9, 9, 9, 9]
    fight = Fight(ADA, bo(skills={"observe": 2}), dice=dice)
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="parry")
    defended = fight.events(Defended)[0]
    assert (defended.successes, defended.stops, defended.pool) == (2, True, "3x3/3x1")
    assert fight.events(DamageCancelled)[0].points == 3
    assert fight.events(Struck)[0].pool == "5x3/1x1"
    rolled = fight.events(DamageRolled)[0]
    assert (rolled.normal, rolled.cancelled, rolled.total) == (6, 3, 3)  # 6 rolled, 3 cancelled
    assert fight.clock.next_tick("bo") == 7
    assert fight.dice_left == 0


def test_a_parry_short_of_two_successes_stops_nothing() -> None:
    fight = Fight(ADA, bo(skills={"observe": 2}), dice=[1, 2, 9, 1, 9, 9, 9, 9, 9, 9, 9])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="parry")
    assert fight.events(Defended)[0].stops is False
    assert fight.events(DamageCancelled) == []


def test_with_option_parry_successes_the_parry_also_cancels_successes() -> None:
    """Gap 7, option `parry: successes`: "reactions ... reduce the Attack's successes"."""
    dice = [1, 2, 9, 1, 1] + [9] * 12
    fight = Fight(ADA, bo(skills={"observe": 2}), dice=dice, options={"parry": "successes"})
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="parry")
    struck = fight.events(Struck)[0]
    assert (struck.defence, struck.net, struck.hit) == (2, 0, True)  # net 0 still hits
    assert fight.events(DamageRolled)[0].total == 0


def test_an_unarmed_block_against_a_weapon_pays_twice() -> None:
    """L3631: "Attempting to block weapons adds a -2"; L1671: "All defensive or counter
    maneuvers by unarmed combatants are at a flat -2 penalty when performed against an armed
    attacker"."""
    target = bo(5, skills={"unarmed": 3, "observe": 2}, weapons=())
    fight = Fight(ADA, target, dice=[9, 9, 9, 9])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="block")
    assert fight.events(PoolRolled)[1].dice == 1  # 5 - 2 - 2
    assert fight.clock.next_tick("bo") == 9  # Block: 5 ticks


def test_a_leg_check_blocks_kicks_only() -> None:
    """L3672: Leg Check "Can be used to block most types of kicks (anything but a leaping or
    spinning kick)"."""
    fight = Fight(ADA, bo())
    fight.refuse(
        "ada",
        "strike",
        "leg_check blocks a kick",
        target="bo",
        weapon="knife",
        reaction="leg_check",
    )


def test_unbalance_adds_its_net_successes_to_the_attackers_cost() -> None:
    """L3717: Unbalance: "In addition to stopping it, Net successes increase the tick cost of
    the attack"."""
    ada = walker("ada", "a", skills={"unarmed": 4}, weapons=())
    target = bo(4, skills={"unarmed": 5, "observe": 3}, weapons=())
    fight = Fight(ada, target, dice=[1, 2, 9, 1, 1, 1])
    fight.act("ada", "strike", target="bo", reaction="unbalance")
    struck = fight.events(Struck)[0]
    assert (struck.defence, struck.hit) == (3, False)
    assert fight.clock.next_tick("ada") == 8  # 1 + 6 + 1 unbalanced
    assert fight.clock.next_tick("bo") == 10


def test_step_inside_avoids_the_blow_and_closes_the_range() -> None:
    """L3538: Step Inside: "every 2 net successes added to the current Engage level while
    also avoiding all damage from the attack"; Awareness(Weaponry): -1, 6 ticks."""
    target = walker(
        "bo", "b", x=1, start=4, attributes={"awareness": 5}, skills={"agility": 3, "weaponry": 5}
    )
    fight = Fight(ADA, target, dice=[1, 2, 9, 1, 1, 1, 1])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="step_inside")
    assert fight.events(Struck)[0].hit is False
    changed = fight.events(RangeChanged)[0]
    assert (changed.was, changed.range) == (6, 5)
    assert fight.clock.next_tick("bo") == 10


def test_a_riposte_after_a_failed_parry_pays_the_attackers_net() -> None:
    """L3549: Parry/Riposte: "Resolve the actions separately, however if the block fails the
    attack is at a penalty equal to the attacker's net successes"; "-2 (to both)", cost
    "Parry + Strike: -2"."""
    target = bo(6, skills={"observe": 3})
    dice = [1, 2, 9] + [9] * 4 + [9] * 6 + [1, 1] + [9] * 6
    fight = Fight(ADA, target, dice=dice)
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="parry_riposte")
    pools = fight.events(PoolRolled)
    assert [p.dice for p in pools] == [3, 4, 2]  # attack; parry 6 - 2; riposte 6 - 2 - 2
    riposte = fight.events(Struck)[1]
    assert (riposte.attacker, riposte.target, riposte.hit) == ("bo", "ada", True)
    assert fight.clock.next_tick("bo") == 10  # (5 - 2) + 5 - 2 = 6
    assert fight.dice_left == 0


def test_a_riposte_wounds_in_the_parriers_name() -> None:
    """L3549: the riposte is the defender's own strike, "Resolve the actions separately":
    the wound it deals on ada's action names bo as its dealer (`dealt_by`)."""
    target = bo(6, skills={"observe": 3})
    dice = [1, 2, 9] + [9] * 4 + [9] * 6 + [1, 1] + [1] * 6  # the riposte's damage lands
    fight = Fight(ADA, target, dice=dice)
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="parry_riposte")
    assert [(w.target, w.dealt_by) for w in fight.events(Wounded)] == [("ada", "bo")]


def test_footwork_dice_go_to_the_next_dodge() -> None:
    """L3318: Footwork: "Successes can be added (once per success) to any parry or evade
    maneuvers ... Cannot add more than 2 dice to any individual maneuver"; Awareness(Agility):
    -1, 2 ticks."""
    ada = walker("ada", "a", skills={"agility": 4})
    target = walker("bo", "b", x=1, start=4, attributes={"prowess": 2, "awareness": 4})
    fight = Fight(ada, target, dice=[1, 1, 1] + [9, 9] + [9] * 8)
    fight.act("ada", "footwork")
    assert fight.events(FootworkSet)[0].dice == 2
    assert fight.clock.next_tick("ada") == 3
    fight.end("ada")
    fight.act("bo", "strike", target="ada", weapon="knife", reaction="dodge")
    assert fight.events(PoolRolled)[-1].dice == 8  # 3 + 3 + 2 footwork
    assert fight.events(FootworkSet)[-1].dice == 0


def test_one_reaction_to_a_simultaneous_group() -> None:
    """L1431: "Anyone else can React or Preempt against the simultaneous actions, but can only
    React or Preempt a single one of the simultaneous actions"."""
    cy = walker("cy", "a", x=1, y=1, start=1)
    target = walker("bo", "b", x=1, start=4, attributes={"prowess": 2, "awareness": 4})
    fight = Fight(ADA, cy, target, dice=[9, 9, 9] + [9] * 5 + [9, 9, 9])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="dodge")
    fight.act("cy", "strike", target="bo", weapon="knife", reaction="dodge")
    first, second = fight.events(Struck)
    assert (first.reaction, second.reaction) == ("dodge", None)
    assert len(fight.events(ReactionTaken)) == 1
    assert fight.dice_left == 0


def test_metal_bracers_add_one_to_a_blocks_damage() -> None:
    """L3636: Block, "damage from the block cancels damage from the attack. Metal
    bracers/guards add +1 damage": the block's 2 points cancel 3."""
    from fracas.rulesets.fatewalker.events import DamageCancelled, DamageRolled
    from tests.rulesets.fatewalker.helpers import walker

    boxer = walker("ada", "a", weapons=[], skills={"unarmed": 5})
    guard = walker(
        "bo",
        "b",
        x=1,
        start=30,
        weapons=[],
        bracers=True,
        attributes={"prowess": 5},
        skills={"unarmed": 3, "observe": 2},
    )
    dice = [1, 2, 9, 1, 2, 9, 9, 9, 1, 1, 9, 9, 9, 1, 1, 9, 9, 9]
    fight = Fight(boxer, guard, dice=dice)
    fight.act("ada", "strike", target="bo", reaction="block")
    assert fight.events(DamageCancelled)[0].points == 2 + 1
    rolled = fight.events(DamageRolled)[0]
    assert (rolled.normal, rolled.cancelled, rolled.total) == (6, 3, 3)
    assert fight.dice_left == 0
