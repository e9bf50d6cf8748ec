"""Powers spent on a roll through the sheet's decider `spend` (Powers, newest revision
L199-372). Each test rolls a Quick Look (Awareness(Search), 5 ticks) unless it says
otherwise: 3 dice at TN 3, expecting 0.9 successes, short of the 2 a pass needs, so the
default policy `short` spends. Faces are 1-10; 10 reads 0."""

from __future__ import annotations

from typing import Any

from fracas.rulesets.fatewalker.events import FateSpent, PoolRolled, ShotTaken, WillSpent
from fracas.rulesets.fatewalker.walker import will_track
from tests.rulesets.fatewalker.helpers import Fight, walker


def seer(powers: list[str], **extra: Any) -> dict[str, Any]:
    return walker(
        "ada",
        "a",
        powers=powers,
        **{"skills": {"search": 3}, "attributes": {"will": 3, "fate": 4}, **extra},
    )


def foe() -> dict[str, Any]:
    return walker("bo", "b", x=5, start=60, weapons=[])


def look(fight: Fight) -> list[PoolRolled]:
    fight.act("ada", "observe", kind="look", question="is it a trap?")
    return fight.events(PoolRolled)


def test_driven_adds_two_dice_for_a_point_of_will() -> None:
    """L245: Driven, "spend a point of will to add 2 dice to any roll. This ability must be
    used before dice are rolled"."""
    fight = Fight(seer(["driven"]), foe(), dice=[1, 1, 9, 9, 9])
    rolled = look(fight)
    assert (rolled[0].dice, rolled[0].successes) == (5, 2)
    assert fight.get("ada").will_left == 2
    assert "Driven" in fight.events(WillSpent)[0].why


def test_a_decider_of_never_spends_nothing() -> None:
    """The decider is the sheet's: `spend: {driven: never}` rolls the plain pool."""
    fight = Fight(seer(["driven"], spend={"driven": "never"}), foe(), dice=[1, 9, 9])
    assert look(fight)[0].dice == 3
    assert fight.get("ada").will_left == 3


def test_mastery_raises_the_tn_for_a_point_of_fate() -> None:
    """L354: Mastery, "Before making any roll they can spend a point of Fate to add one to
    their effective skill (or TN) up to maximum of 7"."""
    fight = Fight(seer(["mastery"]), foe(), dice=[3, 3, 9])
    rolled = look(fight)
    assert (rolled[0].tn, rolled[0].successes) == (4, 2)
    assert fight.get("ada").fate_left == 3


def test_only_one_power_affects_a_roll() -> None:
    """L208: "Only one active Power can affect any given test": Driven is spent, so the
    failed roll is not rerolled by Intrepid."""
    fight = Fight(seer(["driven", "intrepid"]), foe(), dice=[9] * 5)
    rolled = look(fight)
    assert len(rolled) == 1 and rolled[0].successes == 0
    assert fight.events(FateSpent) == []


def test_the_intrepid_rerolls() -> None:
    """L282-294: Intrepid "The new roll replaces the previous roll, even if worse";
    Intrepid III "Keep whichever roll you prefer"; Intrepid IV "reroll all failures on a
    single roll"."""
    fight = Fight(seer(["intrepid"]), foe(), dice=[1, 9, 9, 9, 9, 9])
    rolled = look(fight)
    assert [r.successes for r in rolled] == [1, 0]
    fight = Fight(seer(["intrepid_iii"]), foe(), dice=[1, 9, 9, 9, 9, 9])
    assert [r.successes for r in look(fight)] == [1, 1]
    fight = Fight(seer(["intrepid_iv"]), foe(), dice=[1, 9, 9, 2, 9])
    assert [r.successes for r in look(fight)] == [1, 2]
    assert fight.get("ada").fate_left == 3


def test_predestined_doubles_or_caps_and_refunds() -> None:
    """L341: Predestined names up to half the Fate rating (4: 2) before the roll; "If they
    roll less than that value on the roll, double their successes ... If they roll more than
    the number reduce their successes to the value specified and they gain back the point of
    Fate"; exactly the number doubles and refunds (the older Math Hack, gap 20)."""
    fight = Fight(seer(["predestined"]), foe(), dice=[1, 9, 9])
    assert look(fight)[0].successes == 2
    assert fight.get("ada").fate_left == 3
    fight = Fight(seer(["predestined"]), foe(), dice=[1, 1, 1])
    assert look(fight)[0].successes == 2
    assert fight.get("ada").fate_left == 4


def test_faterunner_iv_takes_a_die_from_every_hostile_shot() -> None:
    """L294: Faterunner IV, "All hostile actions taken against you suffer a -1 penalty"."""
    gun = {"id": "gun", "damage": "3x1", "type": "slug", "ranges": [10, 20, 40]}
    target = walker("bo", "b", x=5, start=60, weapons=[], powers=["faterunner_iv"])
    fight = Fight(walker("ada", "a", weapons=[gun], skills={"ranged": 4}), target, dice=[9] * 9)
    fight.act("ada", "shoot", target="bo", weapon="gun")
    assert dict(fight.events(ShotTaken)[0].modifiers)["target's Faterunner IV"] == -1


def test_hardened_sprints_without_will() -> None:
    """L251: Hardened, "It no longer costs Will to enter combat, sprint, or force march"."""
    me = walker("ada", "a", attributes={"will": 0}, powers=["hardened"])
    fight = Fight(me, foe(), dice=[9, 9, 9])
    fight.act("ada", "sprint", x=20, y=0)
    assert fight.events(WillSpent) == []


def test_the_will_track_with_unbreakable_iron_will_and_refuse_to_lose() -> None:
    """L243-263: Unbreakable "can now use Fatigue if they are out of Will", Unstoppable
    converts Fatigue into Exhaustion, Iron Will "Add 6 Power Points to the character's Will
    track", Refuse to Lose "Spend a free point of Will every scene"."""
    fight = Fight(seer([]), foe())
    ada = fight.get("ada")
    from dataclasses import replace

    assert will_track(ada) == 3
    assert will_track(replace(ada, powers=("unbreakable",))) == 6
    assert will_track(replace(ada, powers=("unstoppable", "iron_will"))) == 27
    assert will_track(replace(ada, powers=("refuse_to_lose",))) == 4


def test_aint_got_time_to_bleed_and_painless_spend_will() -> None:
    """L257: Ain't Got Time To Bleed, "A point of Will can be spent to delay the onset of
    Bleeding Out when Mortally wounded by 120 ticks"; L261 Painless, "A point of Will can be
    spent to ignore all wound penalties for a single action". A called shot at the heart
    (+3 damage, its 2x3/1x1 failing) puts 1 into Normal and 2 into Mortal; bleeding
    would come every Prowess + Will = 6 ticks."""
    gun = {"id": "gun", "damage": "3x1", "type": "slug", "ranges": [15, 40, 80]}
    ada = walker(
        "ada",
        "a",
        weapons=[gun],
        attributes={"prowess": 6},
        skills={"ranged": 6, "observe": 4},
    )
    bo = walker(
        "bo",
        "b",
        x=10,
        start=2,
        weapons=[],
        skills={"search": 5},
        powers=["aint_got_time_to_bleed", "painless"],
        spend_will="never",
        wounds={"temporary": 0, "columns": 1, "column_height": 1, "mortal": 5},
    )
    fight = Fight(ada, bo, dice=[1, 1, 9, 9, 9, 9, 9, 1, 1, 9])
    fight.act("ada", "shoot", target="bo", weapon="gun", called="heart")
    hurt = fight.get("bo")
    assert (hurt.normal, hurt.mortal, hurt.bleeds_at) == (1, 2, 1 + 6 + 120)
    assert hurt.wound_penalty == 1  # 1 column + 2 mortal, less Painless's 2
    fight.act("bo", "observe", kind="look", question="is ada reloading?")
    rolled = fight.events(PoolRolled)[-1]
    assert (rolled.dice, rolled.wounded, rolled.successes) == (3, 0, 2)
    assert [w.why.split(":")[0] for w in fight.events(WillSpent)] == [
        "Ain't Got Time To Bleed",
        "Painless",
    ]
