"""The contested exchange (rules/exchange.py): totals, who deals damage, the damage formulas
per weapon kind, counterattacks and dodges, shields by arc, ties (B1) and helpless defenders.

Dice order: the attacker's d20, then the defender's.
"""

from __future__ import annotations

import pytest

from fracas.core.state import Status
from fracas.rulesets.tiers.events import Damaged
from tests.rulesets.tiers.helpers import BOW, JAVELIN, POLEAXE, Fight, warrior

MACE = {"id": "mace", "kind": "melee", "tier": 2}
HIDE = {"natural_armor": 6}
"""A race's T6 natural armor, which needs no Body."""


def _worked_example_9(defender_facing: str) -> Fight:
    """A: Reflex 3, skill 4, Body 4, T3 weapon, south of B; B: Reflex 2, skill 3, T2 armor,
    T1 shield. A rolls 15, B rolls 10."""
    return Fight(
        warrior("a", "red", 5, 6, body=4, reflex=3, skills={"main_hand": 4}),
        warrior(
            "b",
            "blue",
            5,
            5,
            facing=defender_facing,
            reflex=2,
            skills={"main_hand": 3},
            armor={"tier": 2},
            shield={"tier": 1},
        ),
        dice=[15, 10],
    )


def test_melee_damage_from_the_front_counts_armor_and_shield() -> None:
    """Checklist 2.3 #9 and seed: "Melee damage = (roll difference + body + weapon bonus) –
    (armor bonus)" with "armor bonus ... (& shield if applicable)": 22 against 15, 7 + 4 + 3
    - 3 = 11 from B's front."""
    fight = _worked_example_9("s")
    fight.act("a", "attack", target="b")
    rolled = fight.exchange()
    assert (rolled.attack_total, rolled.defense_total, rolled.winner) == (22, 15, "attacker")
    assert fight.damage() == [("b", 11, 19)]
    assert fight.dice_left == 0


def test_no_shield_bonus_from_the_rear() -> None:
    """Checklist 2.3 #9 and seed: "If shield user loses a contested-roll while being attacked
    from the rear, they get no shield bonus": the same blow from behind deals 12."""
    fight = _worked_example_9("n")
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 12, 18)]


def test_defender_who_wins_in_melee_range_counterattacks() -> None:
    """Checklist 2.3 #10 and seed: "If they are in melee range & wielding a melee weapon, they
    will counterattack using the roll difference in their damage calculation": winning by 5
    with Body 3 and a T2 weapon against T4 armor deals 5 + 3 + 2 - 4 = 6."""
    fight = Fight(
        warrior("a", "red", 5, 6, armor={"tier": 4}),
        warrior("b", "blue", 5, 5, facing="s", body=3, weapons=[MACE]),
        dice=[10, 15],
    )
    fight.act("a", "attack", target="b")
    assert fight.exchange().winner == "defender"
    assert fight.damage() == [("a", 6, 24)]


@pytest.mark.parametrize(
    ("counters", "race", "defense", "dealt"),
    [
        (True, {}, "unarmed", [("a", 5 + 5 + 0, 20)]),
        (False, {}, "unarmed", []),
        (True, {"natural_weapon": 2}, "unarmed", [("a", 5 + 5 + 2, 18)]),
        (False, {"natural_weapon": 2}, "unarmed", [("a", 5 + 5 + 2, 18)]),
        (False, {}, "knife", [("a", 5 + 5 + 1, 19)]),
    ],
)
def test_option_unarmed_counterattacks(
    counters: bool, race: dict[str, int], defense: str, dealt: list[tuple[str, int, int]]
) -> None:
    """B18: "If they are in melee range & wielding a melee weapon, they will counterattack"
    (l.25), while "a bowman can defend a melee attack by using unarmed" (l.13). The archer b
    holds its bow, answers bare-handed and wins 15 to 10. By default bare hands
    counterattack, 5 + Body 5 + T0 = 10; `unarmed_counterattacks: false` reads "wielding a
    melee weapon" strictly and b only dodges. A race's natural weapon (T2 claws) is a weapon
    under both: 5 + 5 + T2 = 12; and so is the knife b may swap to: 5 + 5 + T1 = 11."""
    knife = {"id": "knife", "kind": "melee", "tier": 1}
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, facing="w", weapons=[BOW, knife], race=race),
        dice=[10, 15],
        options={"unarmed_counterattacks": counters},
    )
    fight.act("a", "attack", target="b", defend_with=defense)
    assert (fight.exchange().defense, fight.exchange().winner) == (defense, "defender")
    assert fight.damage() == dealt


def test_a_bow_never_counterattacks() -> None:
    """Checklist 2.3 #10 and seed: "Bows cannot counterattack even if within their range
    (including within melee range)": a defender answering with its bow deals 0."""
    fight = Fight(
        warrior("a", "red", 5, 6),
        warrior("b", "blue", 5, 5, weapons=[BOW]),
        dice=[10, 15],
    )
    fight.act("a", "attack", target="b", defend_with="bow")
    assert fight.exchange().winner == "defender"
    assert fight.damage() == []


def test_bow_damage_has_no_body() -> None:
    """Checklist 2.3 #11 and seed: "Bow damage = (roll difference + weapon bonus) – (armor
    bonus)": a difference of 6 with a T4 bow against armor 3 deals 7 (Body 5 not added)."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[BOW]),
        warrior("b", "blue", 6, 0, armor={"tier": 3}),
        dice=[16, 10],
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 7, 23)]


def test_thrown_damage_adds_body() -> None:
    """Checklist 2.3 #11 and seed: "Thrown damage = (roll difference + weapon bonus + body) –
    (armor bonus)": a difference of 6, T4, Body 3 against armor 3 deals 10."""
    fight = Fight(
        warrior("a", "red", 0, 0, body=4, weapons=[JAVELIN]),
        warrior("b", "blue", 4, 0, armor={"tier": 3}),
        dice=[16, 10],
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 6 + 4 + 4 - 3, 19)]


def test_a_projectile_defender_adds_its_best_weapon_skill() -> None:
    """Seed: "defender may add any weapon skill bonus – even if nothing is equipped": the
    defender holds nothing and adds its Bow skill 6 against an arrow."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[BOW]),
        warrior("b", "blue", 6, 0, weapons=[], skills={"bow": 6, "unarmed": 1}),
        dice=[10, 10],
    )
    fight.act("a", "attack", target="b")
    assert fight.exchange().defense_total == 16


def test_winning_against_a_projectile_from_afar_only_dodges() -> None:
    """Seed: "Unless the target of a projectile attack is within melee distance, they do not
    get the opportunity to do damage on a counterattack. If they win ... they would simply
    succeed in evading the projectile.\""""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[BOW]),
        warrior("b", "blue", 6, 0),
        dice=[2, 18],
    )
    fight.act("a", "attack", target="b")
    assert fight.exchange().winner == "defender"
    assert fight.damage() == []


def test_winning_against_a_projectile_in_melee_distance_counterattacks() -> None:
    """Seed: "If the other player wins, no damage is dealt ... unless the opponent is within
    melee distance (& they have a melee weapon equipped)": 8 + 5 + T3 = 16 back at the archer."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[BOW]),
        warrior("b", "blue", 1, 0),
        dice=[2, 10],
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("a", 16, 14)]


def test_out_of_reach_winner_deals_nothing() -> None:
    """Seed: "If only one player is within range of the other for a melee attack, only the
    player that is in range can calculate damage. If the player outside of their weapon range
    wins, no damage is dealt ... common ... for 2-handed melee weapons": a poleaxe reaches 2,
    the sword 1."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[POLEAXE]),
        warrior("b", "blue", 2, 0),
        dice=[2, 18],
    )
    fight.act("a", "attack", target="b")
    assert fight.exchange().winner == "defender"
    assert fight.damage() == []


def test_negative_damage_is_no_damage() -> None:
    """B3: the seed clamps only crossbow armor; fracas reads any damage below 0 as none, never
    healing: 1 + 0 + T0 - 6 would be -5."""
    fight = Fight(
        warrior("a", "red", 0, 0, body=0, weapons=[]),
        warrior("b", "blue", 1, 0, body=6, armor={"tier": 6}),
        dice=[11, 10],
    )
    fight.act("a", "attack", target="b")
    assert fight.exchange().winner == "attacker"
    assert fight.damage() == []
    assert fight.get("b").hp == 30


@pytest.mark.parametrize(("least", "dealt"), [(0, []), (1, [("b", 1, 29), ("b", 1, 28)])])
def test_option_min_damage(least: int, dealt: list[tuple[str, int, int]]) -> None:
    """B3: "*Armor bonus cannot be reduced below 0 (zero)" (l.336) is said of the crossbow
    only. By default armor above the blow stops it (`min_damage: 0`); `min_damage: 1` lets
    every blow that lands scratch. Both bare-handed, Body 0, in a T6 hide: a wins 11 to 10
    (1 + 0 + T0 - 6 = -5); on b's turn a wins again as defender, 12 to 10, and counterattacks
    (2 + 0 + T0 - 6 = -4): nothing, or 1 each time."""
    fight = Fight(
        warrior("a", "red", 0, 0, body=0, weapons=[], race=HIDE, facing="e"),
        warrior("b", "blue", 1, 0, body=0, weapons=[], race=HIDE, facing="w"),
        dice=[11, 10, 10, 12],
        options={"min_damage": least},
    )
    fight.act("a", "attack", target="b")
    assert fight.exchange().winner == "attacker"
    fight.end("a")
    fight.act("b", "attack", target="a")
    assert fight.exchange().winner == "defender"
    assert fight.damage() == dealt
    assert [e.formula for e in fight.events(Damaged)] == [
        "1 + 0 + T0 - 6, at least 1 (min_damage)",
        "2 + 0 + T0 - 6, at least 1 (min_damage)",
    ][: len(dealt)]


@pytest.mark.parametrize(
    ("tie", "dice", "damage"),
    [
        ("none", [10, 10], []),
        ("defender", [10, 10], [("a", 0 + 5 + 3, 22)]),
        ("reroll", [10, 10, 12, 10], [("b", 2 + 5 + 3, 20)]),
    ],
)
def test_tied_totals(tie: str, dice: list[int], damage: list[tuple[str, int, int]]) -> None:
    """B1: equal totals are not covered by the seed ("The player with the highest total").
    tie: none (default) is no winner and no damage; defender gives the defender the win by 0;
    reroll rolls both again, attacker first."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0),
        dice=dice,
        options={"tie": tie},
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == damage
    assert fight.dice_left == 0


def test_an_unconscious_defender_rolls_nothing_and_totals_zero() -> None:
    """Seed: "An unconscious character may not use any dice, stats or skills in defense of
    any attacks against them" (B8: its total is 0): 9 + 5 + T3 = 17 off its 0 HP."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0),
        warrior("c", "blue", 9, 9),
        dice=[9],
    )
    fight.act("gm", "override", target="b", hp=0)
    assert fight.get("b").status is Status.UNCONSCIOUS
    fight.act("a", "attack", target="b")
    assert fight.exchange().defense_total == 0
    assert fight.damage() == [("b", 17, -17)]
    assert fight.dice_left == 0


def test_t10_armor_and_t10_shield_make_20_front_armor() -> None:
    """Checklist 2.3 #4 and seed: "You can have a +20 total front armor from equipping a Tier
    10 armor & a Tier 10 shield": a blow worth 34 (14 + Body 10 + T10) deals 14 from the front."""
    big = {"id": "greatsword", "kind": "melee", "tier": 10}
    fight = Fight(
        warrior("a", "red", 0, 1, body=10, weapons=[big]),
        warrior("b", "blue", 0, 0, facing="s", body=10, armor={"tier": 10}, shield={"tier": 10}),
        dice=[19, 5],
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 14, 16)]


def test_the_defender_may_answer_with_a_weapon_it_is_not_holding() -> None:
    """Seed: "The defending character may swap weapons in any way they choose ... a bowman can
    defend a melee attack by using unarmed or by simply switching weapons": the archer holds
    its bow and answers with its knife (T1) by default, winning by 4: 4 + 5 + 1 = 10."""
    knife = {"id": "knife", "kind": "melee", "tier": 1}
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, weapons=[BOW, knife], skills={"main_hand": 2}),
        dice=[8, 10],
    )
    assert fight.get("b").wielded == ("bow",)
    fight.act("a", "attack", target="b")
    assert fight.exchange().defense == "knife"
    assert fight.damage() == [("a", 4 + 5 + 1, 20)]


def test_no_limit_on_the_exchanges_one_is_drawn_into() -> None:
    """Seed: "Each round, there is no limit to the number of times a character enters a combat
    event initiated by others": b answers three attackers in one round, countering each."""
    fight = Fight(
        warrior("a1", "red", 0, 0),
        warrior("a2", "red", 2, 0),
        warrior("a3", "red", 1, 1),
        warrior("b", "blue", 1, 0),
        dice=[2, 10, 2, 10, 2, 10],
    )
    for attacker in ("a1", "a2", "a3"):
        fight.act(attacker, "attack", target="b")
        fight.end(attacker)
    assert [target for target, _, _ in fight.damage()] == ["a1", "a2", "a3"]


def _counter_on_a_turned_back(**options: object) -> Fight:
    """a faces s, away from b at (5, 5) north of it, and attacks b; b wins by 5 and
    counterattacks with its mace (Body 3, T2) from a's rear, against T4 armor and a's T3
    shield in hand."""
    return Fight(
        warrior("a", "red", 5, 6, facing="s", armor={"tier": 4}, shield={"tier": 3}),
        warrior("b", "blue", 5, 5, facing="s", body=3, weapons=[MACE]),
        dice=[10, 15],
        options=options,
    )


def test_an_attacker_keeps_its_declared_facing_against_the_counterattack() -> None:
    """B43 and seed: "At the end of each character's turn, the player may declare the direction
    their character faces" and "no shield bonus" from the rear: a declared s, so b's
    counterattack comes from its rear and meets armor only: 5 + 3 + 2 - 4 = 6."""
    fight = _counter_on_a_turned_back()
    fight.act("a", "attack", target="b")
    assert fight.exchange().winner == "defender"
    assert fight.damage() == [("a", 6, 24)]


def test_option_attacker_faces_target() -> None:
    """B43, `attacker_faces_target: true`: a counts as turned to b while it attacks, so the
    counterattack meets armor and shield: 5 + 3 + 2 - (4 + 3) = 3."""
    fight = _counter_on_a_turned_back(attacker_faces_target=True)
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("a", 3, 27)]
