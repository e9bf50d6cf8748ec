"""Strike and dodge with scripted dice (Dramatic Scenes, "Attack Resolution" onwards).

Dice order: the attacker's pool, the dodge's pool, then the damage dice, higher-valued
group first. Faces are a d10's 1-10; a 10 reads 0.
"""

from __future__ import annotations

from fracas.rulesets.fatewalker.events import DamageRolled, PoolRolled, Struck, Wounded
from tests.rulesets.fatewalker.helpers import Fight, walker

ADA = walker("ada", "a")
"""Prowess 3, Weaponry 5, the knife (3x3/3x1, 5 ticks), acting at tick 1."""


def bo(**extra: object) -> dict[str, object]:
    """Prowess 2, Agility 2 (a dodge of 5 dice at TN 2), 1 m from ada, acting at tick 4."""
    return walker("bo", "b", x=1, start=4, attributes={"prowess": 2}, **extra)


def test_net_successes_promote_zeros_go_through_and_the_cost_moves_the_tick() -> None:
    """L1480: "for every net success on the attack roll one damage die will be promoted";
    L1486: dice that "come up as 0's ... will ignore armor"; L1404: the cost is added to the
    action tick."""
    fight = Fight(ADA, bo(), dice=[1, 2, 9, 1, 10, 6, 7, 4, 2])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    struck = fight.events(Struck)[0]
    assert (struck.successes, struck.net, struck.hit, struck.pool) == (2, 2, True, "5x3/1x1")
    rolled = fight.events(DamageRolled)[0]
    assert (rolled.normal, rolled.penetrating, rolled.total) == (7, 3, 10)
    wounded = fight.events(Wounded)[0]
    assert (wounded.temporary, wounded.normal, wounded.mortal, wounded.hp) == (3, 7, 0, 25)
    assert fight.get("bo").wound_penalty == 3  # three Normal columns of 3 started
    assert fight.clock.next_tick("ada") == 6
    assert (fight.clock.tick, fight.state.actor) == (4, "bo")
    assert fight.dice_left == 0


def test_a_dodge_cancels_successes_and_the_defender_wins_the_tie() -> None:
    """L3300: Dodge "Each success cancels one attack success. Defender wins in a tie."; its
    8 ticks go onto bo's next tick (L1414)."""
    fight = Fight(ADA, bo(), dice=[1, 2, 9, 1, 1, 5, 5, 5])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="dodge")
    dodge = fight.events(PoolRolled)[1]
    assert (dodge.dice, dodge.tn, dodge.successes) == (5, 2, 2)
    struck = fight.events(Struck)[0]
    assert (struck.successes, struck.defence, struck.net, struck.hit) == (2, 2, 0, False)
    assert fight.clock.next_tick("bo") == 12
    assert (fight.clock.tick, fight.state.actor) == (6, "ada")


def test_with_the_general_tie_rule_net_zero_still_hits() -> None:
    """L1471: "if 0 or more net successes remain the attack is considered successful"
    (option dodge_tie: attacker)."""
    dice = [1, 2, 9, 1, 1, 5, 5, 5, 9, 9, 9, 9, 9, 9]
    fight = Fight(ADA, bo(), dice=dice, options={"dodge_tie": "attacker"})
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="dodge")
    struck = fight.events(Struck)[0]
    assert (struck.net, struck.hit, struck.pool) == (0, True, "3x3/3x1")
    assert fight.events(DamageRolled)[0].total == 0
    assert fight.events(Wounded) == []


def test_fewer_than_two_successes_miss_outright() -> None:
    """L1471: "Attacks completely miss if they do not generate 2 successes"."""
    fight = Fight(ADA, bo(), dice=[1, 9, 9])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    assert fight.events(Struck)[0].hit is False
    assert fight.events(DamageRolled) == []
    assert fight.clock.next_tick("ada") == 6


def test_deflection_counters_successes_and_absorb_spares_the_zeros() -> None:
    """L1489: "Deflection directly counters attack roll successes"; L1486: penetrating
    damage "cannot be Absorbed by armor"."""
    armor = {"absorb": 1, "deflection": {"physical": 2}}
    fight = Fight(ADA, bo(armor=armor), dice=[1, 2, 3, 1, 2, 10, 9, 1, 9])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    assert fight.events(Struck)[0].pool == "4x3/2x1"  # net 3 - deflection 2 = 1 promotion
    rolled = fight.events(DamageRolled)[0]
    assert (rolled.normal, rolled.penetrating, rolled.absorbed, rolled.total) == (7, 3, 1, 9)


def test_the_unarmed_strike_costs_6_ticks_and_rolls_5x1_at_5() -> None:
    """L3563: "Strike || None || Action || Prowess(Unarmed) || 6 || 5x1 @5"."""
    ada = walker("ada", "a", skills={"unarmed": 4}, weapons=())
    # both unarmed, so they start at Medium, where a strike has no range penalty (L1645)
    fight = Fight(ada, bo(weapons=()), dice=[1, 2, 9, 1, 2, 3, 4, 5])
    fight.act("ada", "strike", target="bo", reaction="none")
    assert fight.events(Struck)[0].pool == "2x3/3x1"  # 5x1 promoted twice
    assert fight.events(DamageRolled)[0].total == 3 + 3 + 1 + 1
    assert fight.clock.next_tick("ada") == 7


def test_refusals_name_the_reason_and_change_nothing() -> None:
    fight = Fight(ADA, bo(), walker("cy", "b", x=5, start=9))
    fight.refuse(
        "ada", "strike", "cy is 5.0 m away; knife reaches 2 m", target="cy", weapon="knife"
    )
    fight.refuse(
        "ada", "strike", "no weapon 'club'; it has: unarmed, knife", target="bo", weapon="club"
    )
    fight.refuse("ada", "strike", "cannot strike itself", target="ada")
    fight.refuse("bo", "strike", "it is ada's turn, not bo's", target="ada")


def test_simultaneous_actors_cannot_dodge_each_other() -> None:
    """L1431: "Any character performing a simultaneous action cannot React or Preempt any
    other actions occurring at the same time"."""
    fight = Fight(ADA, walker("bo", "b", x=1, start=1))
    assert fight.clock.simultaneous == ("ada", "bo")
    fight.refuse(
        "ada",
        "strike",
        "bo cannot dodge: bo acts simultaneously with ada",
        target="bo",
        reaction="dodge",
    )
