"""Dual wielding (rules/arms.together, exchange): 2d20 with one kept, the lowest skill, the
lowest Tier, crits on the kept die only; the defender's extra die only in reach.

Dice order: the attacker's d20s, then the defender's.
"""

from __future__ import annotations

from fracas.rulesets.tiers.events import GearWorn
from tests.rulesets.tiers.helpers import BOW, JAVELIN, POLEAXE, SWORD, Fight, warrior

DAGGER = {"id": "dagger", "kind": "melee", "tier": 1}
PAIR = {"weapons": [SWORD, DAGGER], "wielding": ["sword", "dagger"]}
SKILLED = {"main_hand": 4, "off_hand": 2, "unarmed": 1}


def test_two_weapons_throw_2d20_and_use_the_lowest_skill_and_tier() -> None:
    """Seed: "To hit = Rflx + [Lowest skill being used] + 1d20 thrown twice (selecting 1 roll
    from among them)", "Damage = [Roll Difference] + Body Stat + Tier value (of the lowest
    weapon equipped)": 15 kept + Off-Hand 2 = 17 against 10; 7 + 5 + T1 = 13."""
    fight = Fight(
        warrior("a", "red", 0, 0, skills=SKILLED, **PAIR),
        warrior("b", "blue", 1, 0, weapons=[]),
        dice=[7, 15, 10],
    )
    fight.act("a", "attack", target="b", weapon="sword", also="dagger")
    assert fight.rolls()[0] == ("2d20kh1+2", 17)
    assert fight.damage() == [("b", 13, 17)]


def test_a_1_on_the_die_not_chosen_is_no_critical_failure() -> None:
    """Checklist 2.3 #7 and seed: "if you roll a 1 on one of the dice but not the other, you
    did not have a critical failure (unless you chose the 1 for the roll)": (1, 14) keeps 14."""
    fight = Fight(
        warrior("a", "red", 0, 0, skills=SKILLED, **PAIR),
        warrior("b", "blue", 1, 0),
        dice=[1, 14, 10],
    )
    fight.act("a", "attack", target="b", weapon="sword", also="dagger")
    assert fight.events(GearWorn) == []


def test_a_chosen_1_wears_the_higher_weapon_of_the_pair() -> None:
    """Seed: a natural 1 makes the player "reduce their equipped Shield or weapon's Tier by
    1"; fracas's default wears the pair's higher Tier (its damage counts the lowest)."""
    fight = Fight(
        warrior("a", "red", 0, 0, skills=SKILLED, **PAIR),
        warrior("b", "blue", 1, 0),
        dice=[1, 1, 10],
    )
    fight.act("a", "attack", target="b", weapon="sword", also="dagger")
    assert [(e.item, e.tier) for e in fight.events(GearWorn)] == [("sword", 2)]


def test_bare_hands_may_stand_in_for_a_weapon() -> None:
    """Seed: "Unarmed may be used to substitute main-hand, off-hand, or both", "unarmed is
    equal to T0": the sword with the free hand rolls Unarmed 1 (the lower) and deals T0."""
    fight = Fight(
        warrior("a", "red", 0, 0, skills=SKILLED),
        warrior("b", "blue", 1, 0, weapons=[]),
        dice=[3, 12, 10],
    )
    fight.act("a", "attack", target="b", weapon="sword", also="unarmed")
    assert fight.exchange().attack_total == 13
    assert fight.damage() == [("b", 3 + 5 + 0, 22)]


def test_the_defender_rolls_its_extra_die_when_both_weapons_reach() -> None:
    """Seed: "A character whom is utilizing dual wielding does get to roll their additional
    d20 when receiving attacks declared from within their melee distance if both melee
    weapons they are wielding are within range": 3 and 12, 12 kept, + Off-Hand 2."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, skills=SKILLED, **PAIR),
        dice=[10, 3, 12],
    )
    fight.act("a", "attack", target="b")
    assert (fight.exchange().defense, fight.exchange().defense_total) == ("sword+dagger", 14)
    assert fight.damage() == [("a", 4 + 5 + 1, 20)]


def test_no_extra_defensive_die_against_a_shot_from_afar() -> None:
    """Seed: "A character whom is utilizing dual wielding does not get to roll their
    additional d20 when receiving ranged attacks unless the attack is declared from within
    their melee distance": one die each."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[BOW]),
        warrior("b", "blue", 5, 0, skills=SKILLED, **PAIR),
        dice=[10, 12],
    )
    fight.act("a", "attack", target="b")
    assert fight.dice_left == 0
    assert len(fight.rolls()) == 2


def test_dual_wielding_refusals() -> None:
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[POLEAXE, SWORD]),
        warrior("b", "blue", 1, 0),
    )
    fight.refuse("a", "attack", "no free hand", target="b", weapon="poleaxe", also="unarmed")
    thrown = Fight(
        warrior("a", "red", 0, 0, weapons=[SWORD, JAVELIN], wielding=["sword", "javelin"]),
        warrior("b", "blue", 1, 0),
    )
    thrown.refuse("a", "attack", "two melee weapons", target="b", weapon="sword", also="javelin")
    bow = Fight(warrior("a", "red", 0, 0, weapons=[SWORD, BOW]), warrior("b", "blue", 1, 0))
    bow.refuse("a", "attack", "bow is not in a's hands", target="b", weapon="sword", also="bow")
    same = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 0))
    same.refuse("a", "attack", "one weapon", target="b", weapon="sword", also="sword")
    fists = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 0))
    fists.refuse("a", "attack", "1 free hand", target="b", weapon="unarmed", also="unarmed")


def test_the_player_may_keep_the_lower_die() -> None:
    """Seed: "the character may throw 2d20 & select either one of the 2 rolls", "(unless you
    chose the 1 for the roll)": `keep: lower` keeps the 1 of (1, 14), a critical failure
    that wears the pair's higher weapon, the sword; 1 + Off-Hand 2 = 3 against 10 loses."""
    fight = Fight(
        warrior("a", "red", 0, 0, skills=SKILLED, **PAIR),
        warrior("b", "blue", 1, 0, weapons=[]),
        dice=[1, 14, 10],
    )
    fight.act("a", "attack", target="b", weapon="sword", also="dagger", keep="lower")
    assert fight.rolls()[0] == ("2d20kl1+2", 3)
    assert [(e.item, e.tier) for e in fight.events(GearWorn)] == [("sword", 2)]
    assert fight.exchange().winner == "defender"


def test_an_unkept_20_is_no_critical_hit() -> None:
    """B6: a natural 20 counts only on the kept die, as the seed says of an unkept 1:
    (20, 6) kept low is 6 + 2 = 8 against 10, and b's mail is untouched."""
    fight = Fight(
        warrior("a", "red", 0, 0, skills=SKILLED, **PAIR),
        warrior("b", "blue", 1, 0, armor={"id": "mail", "tier": 2}),
        dice=[20, 6, 10],
    )
    fight.act("a", "attack", target="b", weapon="sword", also="dagger", keep="lower")
    assert fight.events(GearWorn) == []
    assert fight.exchange().attack_total == 8


def test_the_defender_chooses_its_kept_die_too() -> None:
    """The defender's pair: `defender_keep: lower` keeps the 3 of (3, 12): 3 + Off-Hand 2 = 5
    against 10; a wins by 5: 5 + 5 + 3 = 13."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, skills=SKILLED, **PAIR),
        dice=[10, 3, 12],
    )
    fight.act("a", "attack", target="b", defender_keep="lower")
    assert fight.exchange().defense_total == 5
    assert fight.damage() == [("b", 13, 17)]


def test_choosing_a_die_takes_two() -> None:
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 0))
    fight.refuse("a", "attack", "one d20", target="b", keep="lower")
    fight.refuse("a", "attack", "defender_keep", target="b", defender_keep="lower")


TAILED = {"natural_weapon": 2}


def test_a_tail_beside_two_weapons_throws_a_third_die() -> None:
    """Seed: "If they have more than 2 weapons, they may throw an additional 1d20 for each
    weapon wielded & in range during the contested-action. They still only select one d20":
    sword, dagger and a T2 tail (`third: unarmed`) throw 3d20, 17 kept, + the lowest skill,
    Unarmed 1 = 18 against 10; damage 8 + 5 + the lowest Tier, the dagger's T1 = 14."""
    fight = Fight(
        warrior("a", "red", 0, 0, skills=SKILLED, race=TAILED, **PAIR),
        warrior("b", "blue", 1, 0, weapons=[]),
        dice=[4, 17, 9, 10],
    )
    fight.act("a", "attack", target="b", weapon="sword", also="dagger", third="unarmed")
    assert fight.rolls()[0] == ("3d20kh1+1", 18)
    assert fight.exchange().weapon == "sword+dagger+unarmed"
    assert fight.damage() == [("b", 14, 16)]


def test_third_weapon_refusals() -> None:
    """A third d20 needs a third weapon "wielded & in range": beside two hands, only a race's
    natural weapon; not bare hands of a race without one, nor one already striking."""
    human = Fight(warrior("a", "red", 0, 0, **PAIR), warrior("b", "blue", 1, 0))
    human.refuse(
        "a",
        "attack",
        "no natural weapon",
        target="b",
        weapon="sword",
        also="dagger",
        third="unarmed",
    )
    human.refuse("a", "attack", "name `also`", target="b", third="unarmed")
    tailed = Fight(warrior("a", "red", 0, 0, race=TAILED, **PAIR), warrior("b", "blue", 1, 0))
    tailed.refuse(
        "a",
        "attack",
        "only be the race's natural weapon",
        target="b",
        weapon="sword",
        also="dagger",
        third="sword",
    )
    one = Fight(warrior("a", "red", 0, 0, race=TAILED), warrior("b", "blue", 1, 0))
    one.refuse(
        "a",
        "attack",
        "already strikes unarmed",
        target="b",
        weapon="sword",
        also="unarmed",
        third="unarmed",
    )


WHIP = {"id": "whip", "kind": "melee", "tier": 2, "reach": 2}
LASH = {"id": "lash", "kind": "melee", "tier": 2, "reach": 2}


def test_a_defender_s_tail_beside_its_pair_throws_a_third_die() -> None:
    """Seed: "If they have more than 2 weapons, they may throw an additional 1d20 for each
    weapon wielded & in range during the contested-action" (B60: for the defender too): b
    answers with sword, dagger and its T2 tail (`defender_third: unarmed`), 3d20, 17 kept +
    the lowest skill, Unarmed 1 = 18 against a's 10; b counters by 8 + 5 + T1 (the dagger,
    lowest) = 14."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, skills=SKILLED, race=TAILED, **PAIR),
        dice=[10, 4, 17, 9],
    )
    fight.act("a", "attack", target="b", defender_third="unarmed")
    assert fight.rolls() == [("1d20+0", 10), ("3d20kh1+1", 18)]
    assert fight.exchange().defense == "sword+dagger+unarmed"
    assert fight.damage() == [("a", 14, 16)]


def test_the_defender_s_third_die_is_its_choice_not_the_default() -> None:
    """B60: without `defender_third` the default answer stays the pair (2d20, Off-Hand 2):
    the third would bring in Unarmed 1 as the lowest skill."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, skills=SKILLED, race=TAILED, **PAIR),
        dice=[10, 4, 17],
    )
    fight.act("a", "attack", target="b")
    assert fight.rolls() == [("1d20+0", 10), ("2d20kh1+2", 19)]


def test_defender_third_refusals() -> None:
    """A defender's third d20 needs its pair in hand, both reaching, a natural weapon, and
    that weapon "in range" too; each refusal says what is missing and changes nothing."""
    tailed = Fight(
        warrior("a", "red", 0, 0), warrior("b", "blue", 1, 0, race=TAILED, **PAIR), dice=[10]
    )
    tailed.refuse(
        "a", "attack", "drop defend_with", target="b", defender_third="unarmed", defend_with="sword"
    )
    tailed.refuse(
        "a",
        "attack",
        "only be the race's natural weapon",
        target="b",
        defender_third="sword",
    )
    human = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 0, **PAIR))
    human.refuse("a", "attack", "no natural weapon", target="b", defender_third="unarmed")
    single = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 0, race=TAILED))
    single.refuse("a", "attack", "answers with no pair", target="b", defender_third="unarmed")
    far = Fight(
        warrior("a", "red", 0, 0, weapons=[POLEAXE]),
        warrior("b", "blue", 2, 0, race=TAILED, weapons=[WHIP, LASH], wielding=["whip", "lash"]),
    )
    far.refuse(
        "a",
        "attack",
        "natural weapon reaches 1, the attacker is 2 squares away",
        target="b",
        defender_third="unarmed",
    )
