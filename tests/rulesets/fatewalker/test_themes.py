"""The theme powers that change a fight (Powers, newest revision, L282-371), with scripted
dice. ada (Prowess 3, Weaponry 5, the knife 3x3/3x1, 5 ticks) strikes bo 1 m away unless a
test says otherwise. Faces are 1-10; a 10 reads 0.

Dice order: the attack's pool, its rerolls (the roller's Intrepid, the target's Intrepid
II), Wrath's Fate(3), Fate's End's Fate at TN 7, the reaction's pool, the damage dice."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.fatewalker.events import DamageRolled, FateSpent, PoolRolled, Struck, Wounded
from fracas.rulesets.fatewalker.finish_events import BerserkSet, BoonSet, Intervened
from tests.rulesets.fatewalker.helpers import Fight, walker


def ada(**extra: Any) -> dict[str, Any]:
    attributes = {"prowess": 3, "fate": 3, **extra.pop("attributes", {})}
    return walker("ada", "a", attributes=attributes, **extra)


def bo(**extra: Any) -> dict[str, Any]:
    start = extra.pop("start", 30)
    return walker("bo", "b", x=extra.pop("x", 1), start=start, **extra)


def test_berserker_adds_three_dice_to_the_next_attack_after_a_normal_wound() -> None:
    """L308: Berserker, "Whenever the Destroyer takes a point of damage (Normal Wound),
    their next offensive action taken within 20 ticks is at a +3 bonus"."""
    dice = [1, 2, 9, 1, 1, 1, 9, 9, 9, *[9] * 6]
    fight = Fight(ada(), bo(start=4, powers=["berserker"]), dice=dice)
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    # 2 successes: 5x3/1x1; 3 threes hit: 9 points, 3 into Temporary, 6 into Normal
    assert fight.events(BerserkSet)[0].until == 1 + 20
    fight.act("bo", "strike", target="ada", weapon="knife", reaction="none")
    attack = fight.events(PoolRolled)[-1]
    assert (attack.dice, attack.wounded) == (3 + 3, 2)  # two Normal columns wound two dice
    assert fight.events(BerserkSet)[-1].until is None
    assert fight.get("bo").berserk_until is None


def test_berserker_takes_three_dice_off_a_defence_before_the_attack() -> None:
    """L308: "Any defensive actions taken before then are at a -3 penalty": bo's dodge
    (Prowess 3 +3) loses 3 dice while its fury waits for an attack."""
    dice = [1, 2, 9, 1, 1, 1, 9, 9, 9, 9, 9, 9, 9, 9, 9]
    fight = Fight(ada(), bo(powers=["berserker"]), dice=dice)
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    fight.end("ada")  # waits a tick; ada's next tick is 6
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="dodge")
    dodge = fight.events(PoolRolled)[-1]
    assert (dodge.what, dodge.dice) == ("dodge", 6 - 3)
    assert fight.get("bo").berserk_until == 21  # not spent by a defence


def test_wrath_adds_a_fate_3_roll_and_refunds_on_half() -> None:
    """L310: Wrath, "spend a point of Fate to make a separate roll ... Fate(3). If half
    (round up) of the dice come up successes the character can refund the point of Fate.
    Each success is added to the first roll as a success. The Destroyer suffers
    2-Successes damage": 1 + 2 successes, the point back, no damage."""
    hero = ada(powers=["wrath"], malcontent="bo")
    fight = Fight(hero, bo(), dice=[1, 9, 9, 1, 2, 9, *[9] * 6])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    wrath = fight.events(PoolRolled)[1]
    assert (wrath.what, wrath.dice, wrath.tn, wrath.successes) == ("wrath", 3, 3, 2)
    struck = fight.events(Struck)[0]
    assert (struck.successes, struck.hit, struck.pool) == (3, True, "6x3")
    assert [e.amount for e in fight.events(FateSpent)] == [1, -1]
    assert not [e for e in fight.events(Wounded) if e.target == "ada"]


def test_wrath_short_of_half_keeps_the_fate_and_hurts_its_user() -> None:
    """L310: one success of three is short of half: the point is spent and the Destroyer
    suffers 2 - 1 = 1 damage."""
    hero = ada(powers=["wrath"], malcontent="bo")
    fight = Fight(hero, bo(), dice=[1, 9, 9, 1, 9, 9, *[9] * 6])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    assert fight.get("ada").fate_left == 2
    hurt = [e for e in fight.events(Wounded) if e.target == "ada"]
    assert [(e.amount, e.temporary) for e in hurt] == [(1, 1)]
    assert fight.events(Struck)[0].successes == 2


def test_wrath_serves_only_the_object_of_malcontent() -> None:
    """L310: "When taking an action in pursuit of the object of their malcontent": an attack
    on anyone else rolls no Wrath."""
    hero = ada(powers=["wrath"], malcontent="cy")
    cy = walker("cy", "b", x=30, start=60)
    fight = Fight(hero, bo(), cy, dice=[1, 9, 9])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    assert [e.what for e in fight.events(PoolRolled)] == ["strike with knife"]


def test_fates_end_is_paid_at_the_start_and_rolls_fate_at_tn_7_on_each_attack() -> None:
    """L311: Fate's End, "spend Fate equal to their Fate Rating ... Every time they roll an
    attack against that target they roll their Fate as well against a TN of 7. Each success
    adds to their attack's successes. Each failure does a point of damage to themselves"."""
    hero = ada(powers=["fates_end"], fates_end="bo", attributes={"fate": 2})
    fight = Fight(hero, bo(), dice=[1, 2, 9, 1, 9, *[9] * 6])
    assert fight.events(FateSpent)[0].amount == 2
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    fates = fight.events(PoolRolled)[1]
    assert (fates.what, fates.dice, fates.tn, fates.successes) == ("fate's end", 2, 7, 1)
    assert fight.events(Struck)[0].successes == 3
    hurt = [e for e in fight.events(Wounded) if e.target == "ada"]
    assert [e.amount for e in hurt] == [1]


def test_fates_end_needs_the_whole_fate_rating_and_a_foe() -> None:
    """L311: "must spend Fate equal to their Fate Rating ... and choose a target": a target
    that is no foe, or a missing power, is refused when the scenario is read."""
    with pytest.raises(ScenarioError, match="fates_end: 'cy' is not a foe"):
        Fight(ada(powers=["fates_end"], fates_end="cy"), bo(), walker("cy", "a", x=3))
    with pytest.raises(ScenarioError, match="lacks the power `fates_end`"):
        Fight(ada(fates_end="bo"), bo())


def test_intrepid_ii_forces_the_attacker_to_reroll() -> None:
    """L286: Intrepid II, "A point of Fate can be spent to force an opponent to reroll a
    single roll made against you": bo rerolls ada's hit away (the new roll stands)."""
    guarded = bo(powers=["intrepid_ii"], attributes={"fate": 1})
    fight = Fight(ada(), guarded, dice=[1, 2, 9, 9, 9, 9])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    rolls = fight.events(PoolRolled)
    assert [(r.what, r.successes) for r in rolls] == [
        ("strike with knife", 2),
        ("strike with knife (rerolled)", 0),
    ]
    assert fight.events(Struck)[0].hit is False
    assert fight.get("bo").fate_left == 0


def test_righteous_shield_adds_the_protectors_fate_rating_to_an_allys_defence() -> None:
    """L365: Righteous Shield, "spend a point of Fate to add their Fate rating to any
    defensive action they or one of their allies takes": cy (Fate 3) adds 3 dice to bo's
    dodge of 6, which expects fewer than 2 successes."""
    cy = walker("cy", "b", x=20, start=60, powers=["righteous_shield"], attributes={"fate": 3})
    fight = Fight(ada(), bo(), cy, dice=[1, 2, 9, *[9] * 9, *[9] * 6])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="dodge")
    dodge = fight.events(PoolRolled)[1]
    assert (dodge.what, dodge.dice) == ("dodge", 6 + 3)
    assert fight.get("cy").fate_left == 2


def test_boon_gives_each_ally_two_dice_on_its_next_action() -> None:
    """L367: Boon, "every member of their party (except themselves) add two dice to the next
    action they each take. This action has to be done within 40 ticks"."""
    protector = ada(powers=["boon"], attributes={"fate": 1, "awareness": 4})
    cy = walker("cy", "a", y=1, start=1)  # after ada, whose Awareness is higher
    fight = Fight(protector, bo(x=1), cy, dice=[9, 9, 9, 9, 9])
    fight.act("ada", "boon")
    assert [(e.combatant, e.until) for e in fight.events(BoonSet)] == [("cy", 41)]
    assert fight.get("ada").boon_until is None
    fight.end("ada")
    fight.act("cy", "strike", target="bo", weapon="knife", reaction="none")
    assert fight.events(PoolRolled)[-1].dice == 3 + 2
    assert fight.get("cy").boon_until is None


def test_righteous_strike_cannot_miss_cannot_be_defended_and_does_six_more() -> None:
    """L369: Righteous Strike, "Attack cannot miss (add 2 successes to the attack), Attack
    cannot be defended (reduce defense roll successes to 0), Attack does +6 damage", a
    point of Fate each: no success rolled, a dodge of 6 successes, and still 6 damage."""
    hero = ada(powers=["righteous_strike"], transgressors=["bo"])
    fight = Fight(hero, bo(), dice=[9, 9, 9, 1, 1, 1, 1, 1, 1, *[9] * 6])
    effects = ["sure", "undefended", "damage"]
    fight.act(
        "ada", "righteous_strike", target="bo", weapon="knife", effects=effects, reaction="dodge"
    )
    struck = fight.events(Struck)[0]
    assert (struck.successes, struck.defence, struck.net, struck.hit) == (2, 0, 2, True)
    assert fight.events(DamageRolled)[0].total == 6
    assert fight.get("ada").fate_left == 0


def test_righteous_strike_only_against_a_transgressor_and_each_effect_once() -> None:
    """L369: "can only be used against an adversary the Protector believes has overstepped
    the boundaries of natural law ... each can be chosen only once"."""
    hero = ada(powers=["righteous_strike"], transgressors=[])
    fight = Fight(hero, bo())
    fight.refuse(
        "ada",
        "righteous_strike",
        "not among ada's transgressors",
        target="bo",
        weapon="knife",
        effects=["sure"],
    )
    fair = Fight(ada(powers=["righteous_strike"], transgressors=["bo"]), bo())
    fair.refuse(
        "ada",
        "righteous_strike",
        "each chosen only once",
        target="bo",
        weapon="knife",
        effects=["sure", "sure"],
    )


def test_divine_intervention_makes_a_killing_blow_fail() -> None:
    """L371: Divine Intervention, "By spending two Fate and two Willpower the Protector can
    SYSA a companion"; SYSA (L1006): an action "that would result in their own death ...
    simply fails instead"."""
    frail = bo(
        wounds={"temporary": 0, "columns": 1, "column_height": 1, "mortal": 1}, spend_will="never"
    )
    cy = walker(
        "cy", "b", x=20, start=60, powers=["divine_intervention"], attributes={"fate": 2, "will": 3}
    )
    fight = Fight(ada(), frail, cy, dice=[1, 2, 9, 1, 1, 1, 1, 1, 9])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    assert fight.events(Intervened)[0].ally == "bo"
    assert not fight.events(Wounded)
    assert fight.get("bo").is_active
    assert (fight.get("cy").fate_left, fight.get("cy").will_left) == (0, 1)


def test_a_defenders_own_power_leaves_no_room_for_righteous_shield() -> None:
    """L208: "Only one active Power can affect any given test": bo spends Driven on its
    dodge (+2 dice), so cy's Righteous Shield is not spent on it."""
    cy = walker("cy", "b", x=20, start=60, powers=["righteous_shield"], attributes={"fate": 3})
    fight = Fight(ada(), bo(powers=["driven"]), cy, dice=[1, 2, 9, *[9] * 8, *[9] * 6])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="dodge")
    assert fight.events(PoolRolled)[1].dice == 6 + 2
    assert fight.get("cy").fate_left == 3


def test_berserkers_fury_lapses_after_20_ticks() -> None:
    """L308: "their next offensive action taken within 20 ticks is at a +3 bonus": bo's
    attack at tick 25, 24 ticks after its wound, rolls its plain 3 dice (less its wounds)."""
    dice = [1, 2, 9, 1, 1, 1, 9, 9, 9, *[9] * 3]
    keen = ada(attributes={"awareness": 4})  # declares before bo on a shared tick
    fight = Fight(keen, bo(start=25, powers=["berserker"]), dice=dice)
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    while fight.state.actor != "bo":
        fight.end("ada")
    fight.act("bo", "strike", target="ada", weapon="knife", reaction="none")
    assert fight.events(PoolRolled)[-1].dice == 3
    assert fight.events(BerserkSet)[-1].why == "20 ticks passed"
