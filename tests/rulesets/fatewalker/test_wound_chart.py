"""The wound chart in full (Dramatic Scenes, "Wounds", L1683-1708): Temporary up to
Resilience per source, Normal by columns, Mortal and bleeding, stun and its conversions, the
consciousness roll, Temporary wounds fading, Will spent on damage (Powers, "Tough").

Charts here are the default shape unless a test says otherwise: Temporary 6, eight Normal
columns of 3 (24 boxes), Mortal 5.
"""

from __future__ import annotations

from fracas.core.state import Status
from fracas.rulesets.fatewalker.events import (
    BleedingScheduled,
    KnockedOut,
    PoolRolled,
    TemporaryFaded,
    WillSpent,
    Wounded,
)
from fracas.rulesets.fatewalker.rules.chart import compact
from fracas.rulesets.fatewalker.rules.wounds import Marks, mark
from fracas.rulesets.fatewalker.sheet import Wounds
from tests.rulesets.fatewalker.helpers import Fight, walker

CHART = Wounds()


def hit(before: Marks, amount: int, *, stun: bool = False, resilience: int = 3) -> Marks:
    return mark(CHART, before, amount, stun=stun, resilience=resilience, temporary=True)


def test_temporary_takes_up_to_resilience_per_source_until_full() -> None:
    """L1687: "For each source of damage a character can put up their Resilience worth of
    damage into the Temporary Wounds section of their chart (until it's full)"."""
    assert hit(Marks(), 5) == Marks(temporary=3, normal=2)
    assert hit(Marks(temporary=5), 5) == Marks(temporary=6, normal=4)


def test_a_full_chart_spills_into_mortal() -> None:
    """L1693: "Once the Wound chart is completely filled up any additional damage taken goes
    into the Mortal Wounds section"."""
    assert hit(Marks(temporary=6, normal=23), 3) == Marks(temporary=6, normal=24, mortal=2)


def test_normal_damage_converts_two_stun_per_point() -> None:
    """L1702: "convert 2 Stun damage per point of normal damage they must allocate until
    there is no more Stun damage to convert. Any leftover damage is then applied as normal":
    4 stun and 3 normal -> 2 points re-mark the 4 stun, the 3rd is a new normal box."""
    before = Marks(temporary=6, stun=4)
    assert hit(before, 3) == Marks(temporary=6, normal=5)


def test_a_left_over_half_point_is_a_final_stun() -> None:
    """L1702: "If it works out that they have "half" a point of damage left after converting
    all of the stun damage to normal damage, simply apply a final point of stun damage":
    3 stun and 2 normal -> 3 normal and 1 stun."""
    assert hit(Marks(temporary=6, stun=3), 2) == Marks(temporary=6, normal=3, stun=1)


def test_stun_into_a_full_chart_converts_one_for_one() -> None:
    """L1701: "If a character's entire Normal Wound Chart is filled with some or all Stun
    damage and they have further Stun damage to allocate, they then convert 1 Stun damage to
    1 Normal damage"."""
    before = Marks(temporary=6, normal=20, stun=4)
    assert hit(before, 3, stun=True) == Marks(temporary=6, normal=23, stun=1)
    assert hit(Marks(temporary=6, normal=24), 2, stun=True) == Marks(
        temporary=6, normal=24, mortal=2
    )


def test_stun_fills_temporary_as_any_damage() -> None:
    """L1700: "There is absolutely no differentiation between stun and normal damage on
    either the Glancing or Mortal Wound charts"."""
    assert hit(Marks(), 5, stun=True) == Marks(temporary=3, stun=2)


def test_stun_past_half_the_chart_asks_a_consciousness_roll() -> None:
    """L1700: "The moment a character has at least half of their Normal Wound Chart filled
    ... and has stun damage to allocate, they must roll for consciousness after applying the
    stun damage" (gap 23: Prowess(Resilience), 2 successes to stay up)."""
    ada = walker("ada", "a", skills={"unarmed": 5}, weapons=())
    bo = walker(
        "bo",
        "b",
        x=1,
        start=20,
        spend_will="never",
        attributes={"prowess": 8},
        skills={"resilience": 4},
        weapons=(),
    )
    # both unarmed, the pair starts at Medium, where a strike takes no range penalty
    # (L1641-1653). 3 successes: 5x1 promoted 3 times is 3x3/2x1; all succeed: 11 damage,
    # 3 temporary, 8 stun; 11 more with the second strike: 3 temporary, 16 stun, past half
    # (12 of 24): a roll of 8 dice, 6 of them wounded (6 columns started)
    dice = [1, 2, 3, *[1] * 5, 1, 2, 3, *[1] * 5, 9, 9, 1, 9, 9, 9, 9, 9]
    fight = Fight(ada, bo, dice=dice)
    fight.act("ada", "strike", target="bo", reaction="none")
    assert fight.get("bo").stun == 8
    fight.act("ada", "strike", target="bo", reaction="none")
    assert fight.get("bo").stun == 16
    roll = next(e for e in fight.events(PoolRolled) if e.what == "consciousness")
    assert (roll.dice, roll.tn, roll.wounded, roll.successes) == (8, 4, 6, 1)
    assert fight.events(KnockedOut)[0].target == "bo"
    assert fight.get("bo").status == Status.UNCONSCIOUS


def test_mortal_wounds_bleed_every_prowess_plus_will_ticks() -> None:
    """L1693: "the character will take an additional point of damage every (Prowess + Will)
    Ticks. This damage can go to Glancing if there is any left"; the digest's vector:
    Prowess 4, Will 5 -> every 9 ticks. "A character expires the moment they run out of
    Mortal Wounds."."""
    chart = {"temporary": 2, "columns": 1, "column_height": 1, "mortal": 3}
    ada = walker("ada", "a", weapons=[{"id": "maul", "damage": "4x1", "speed": 20}])
    bo = walker(
        "bo",
        "b",
        x=1,
        start=99,
        attributes={"prowess": 4, "will": 5, "resilience": 1},
        wounds=chart,
        spend_will="never",
    )
    fight = Fight(ada, bo, dice=[1, 2, 9, 1, 1, 1, 9], options={"promotions": "net_minus_two"})
    fight.act("ada", "strike", target="bo", weapon="maul", reaction="none")
    # 3 damage: 1 temporary (Resilience 1), 1 normal, 1 mortal
    first = fight.events(Wounded)[0]
    assert (first.temporary, first.normal, first.mortal) == (1, 1, 1)
    assert fight.events(BleedingScheduled)[0].tick == 10
    while fight.state.outcome is None:
        fight.act("ada", "hold")
    bled = fight.events(Wounded)[1:]
    assert [(e.temporary, e.mortal) for e in bled] == [(2, 1), (2, 2), (2, 3)]
    assert fight.clock.tick == 28  # bleeding at 10 (Temporary), 19 and 28: dead
    assert fight.get("bo").status == Status.DEAD


def test_a_wound_names_whose_action_dealt_it_and_bleeding_is_nobodys() -> None:
    """L1693: bleeding is "an additional point of damage every (Prowess + Will) Ticks",
    dealt by nobody's action; the blow that opened the wound is ada's (`dealt_by`: the
    simulator credits it, not the bleeding, to ada, though both come in ada's action)."""
    chart = {"temporary": 2, "columns": 1, "column_height": 1, "mortal": 3}
    ada = walker("ada", "a", weapons=[{"id": "maul", "damage": "4x1", "speed": 20}])
    sheet = {"prowess": 4, "will": 5, "resilience": 1}
    bo = walker("bo", "b", x=1, start=99, attributes=sheet, wounds=chart, spend_will="never")
    fight = Fight(ada, bo, dice=[1, 2, 9, 1, 1, 1, 9], options={"promotions": "net_minus_two"})
    # the maul's 20 ticks carry the clock, within ada's strike, past bo's bleeding at 10, 19
    fight.act("ada", "strike", target="bo", weapon="maul", reaction="none")
    dealt = [(e.dealt_by, e.amount) for e in fight.events(Wounded)]
    assert dealt == [("ada", 3), (None, 1), (None, 1)]


def test_temporary_wounds_fade_after_600_ticks() -> None:
    """L1687: "Temporary Wounds completely disappear at the end of a dramatic scene, or ~600
    ticks (5 minutes) for protracted scenes" (option temporary_fade; here 12 ticks)."""
    bo = walker("bo", "b", x=1, start=99)
    dice = [1, 2, 9, *[9] * 5, 1]  # the knife's 1x1 hits: 1 damage
    fight = Fight(walker("ada", "a"), bo, dice=dice, options={"temporary_fade": 12})
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    assert fight.get("bo").temporary == 1
    for _ in range(4):
        fight.act("ada", "hold")
    assert fight.events(TemporaryFaded)[0].target == "bo"
    assert (fight.get("bo").temporary, fight.get("bo").hp) == (0, 35)


def test_tough_spends_will_to_keep_damage_out_of_mortal() -> None:
    """L241: "Tough || Tier 0 || The character can spend a point of Will to ignore a point
    of damage"; the default decider spends only what keeps the Mortal section empty."""
    chart = {"temporary": 0, "columns": 1, "column_height": 2, "mortal": 5}
    bo = walker("bo", "b", x=1, start=99, attributes={"will": 3}, wounds=chart)
    fight = Fight(walker("ada", "a"), bo, dice=[1, 2, 9, 1, 1, 9, 9, 9, 9])
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")  # 5x3/1x1: 6
    spent = fight.events(WillSpent)[0]
    assert (spent.amount, fight.get("bo").will_left) == (3, 0)
    wounded = fight.events(Wounded)[0]
    assert (wounded.amount, wounded.normal, wounded.mortal) == (3, 2, 1)


def test_painless_takes_two_off_the_wound_penalty() -> None:
    """L261: "Painless (Tough IV) || Tier 3 || Suffer 2 less wound penalties"."""
    plain = Fight(walker("ada", "a"), walker("bo", "b", x=1))
    hardy = Fight(walker("ada", "a", powers=["painless"]), walker("bo", "b", x=1))
    from dataclasses import replace

    assert replace(plain.get("ada"), normal=7).wound_penalty == 3
    assert replace(hardy.get("ada"), normal=7).wound_penalty == 1
    assert replace(hardy.get("ada"), normal=2).wound_penalty == 0


def test_the_chart_in_one_line() -> None:
    from dataclasses import replace

    fight = Fight(walker("ada", "a"), walker("bo", "b", x=1))
    ada = replace(fight.get("ada"), temporary=3, normal=4, stun=3, will_spent=1)
    assert compact(ada) == "T3/6 N[X/1.....] M0/5 -3 will2/3"
