"""Crossbows and firearms (rules/shooting.py, rules/damage.py): sure hits as non-contested
actions, the crossbow's armor cut, firearm zones ignoring armor, loading and reloading.

Dice order: a sure shot rolls none; a contested shot rolls the shooter's d20, then the
defender's.
"""

from __future__ import annotations

import pytest

from fracas.rulesets.tiers.events import ActionSpent, Damaged
from fracas.rulesets.tiers.rules import damage
from tests.rulesets.tiers.helpers import Fight, warrior

XBOW = {"id": "xbow", "kind": "crossbow", "tier": 3, "range": 10}
HEAVY_XBOW = {"id": "arbalest", "kind": "crossbow", "tier": 3, "hands": 2, "range": 10}
PISTOL = {"id": "pistol", "kind": "firearm", "tier": 3, "range": 12, "sure": 3, "ammo": 2}


@pytest.mark.parametrize(
    ("tier", "hands", "armor", "dealt"),
    [(3, 1, 5, 1), (3, 1, 2, 3), (3, 2, 5, 3), (2, 2, 7, 0)],
)
def test_crossbow_damage(tier: int, hands: int, armor: int, dealt: int) -> None:
    """Checklist 2.3 #12 and seed: "1H crossbow damage = (weapon bonus) – (armor bonus –
    weapon bonus)", "2H Crossbow damage = (weapon bonus) – (armor bonus – weapon bonus x2)",
    "*Armor bonus cannot be reduced below 0": 1H T3 against 5 is 1, against 2 is 3; 2H T3
    against 5 is 3; 2H T2 against 7 is -1, so 0."""
    assert damage.crossbow(tier, hands, armor)[0] == dealt


def test_firearm_damage_ignores_armor() -> None:
    """Checklist 2.3 #13 and seed: "Firearm damage = (weapon bonus x2) + (ammo bonus x2)",
    "No armor is applied versus firearm damage": T3 with T2 ammo deals 10."""
    assert damage.firearm(3, 2)[0] == 10


def test_a_crossbow_within_the_skill_hits_without_a_roll_as_a_non_contested_action() -> None:
    """Seed: "A crossbow is an automatic hit for any target within the character's crossbow
    skill level in tiles or less. The use of a crossbow is not a contested roll – as such,
    may be used as a non-contested action": no dice, 3 - (5 - 3) = 1, and the contested
    action is still there."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[XBOW], skills={"crossbow": 4}),
        warrior("b", "blue", 4, 0, armor={"tier": 5}),
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 1, 29)]
    assert [e.contested for e in fight.events(ActionSpent)] == [False]
    assert fight.rolls() == []


def test_a_fired_crossbow_must_be_reloaded() -> None:
    """Seed: "Non-contested actions include ... reloading (crossbow, firearm, etc)"."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[XBOW], skills={"crossbow": 4}),
        warrior("b", "blue", 4, 0),
    )
    fight.act("a", "attack", target="b")
    fight.refuse("a", "attack", "a's xbow is not loaded; reloading is a non-contested", target="b")
    fight.act("a", "reload", weapon="xbow")
    fight.refuse("a", "attack", "used both of this turn's actions", target="b")
    assert fight.get("a").unloaded == ()


def test_two_loaded_crossbows_fire_twice_in_a_turn() -> None:
    """Seed: "They may perform the same action twice, like ... firing two loaded 1-handed
    crossbows"."""
    second = dict(XBOW, id="xbow2")
    fight = Fight(
        warrior(
            "a",
            "red",
            0,
            0,
            weapons=[XBOW, second],
            wielding=["xbow", "xbow2"],
            skills={"crossbow": 4},
        ),
        warrior("b", "blue", 4, 0),
    )
    fight.act("a", "attack", target="b", weapon="xbow")
    fight.act("a", "attack", target="b", weapon="xbow2")
    assert fight.damage() == [("b", 3, 27), ("b", 3, 24)]


def test_beyond_the_crossbow_skill_is_refused_by_default() -> None:
    """B9, `crossbow_beyond: refuse` (default): the seed gives the crossbow no roll beyond
    the skill, so there is no shot."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[XBOW], skills={"crossbow": 2}),
        warrior("b", "blue", 4, 0),
    )
    fight.refuse("a", "attack", "a's is 2, the target is 4 away", target="b")


def test_beyond_the_crossbow_skill_contested_reading() -> None:
    """B9, `crossbow_beyond: contested`: the shot is a contested exchange with bow damage:
    (12 + 2) - 10 = 4, plus T3 = 7."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[XBOW], skills={"crossbow": 2}),
        warrior("b", "blue", 4, 0),
        dice=[12, 10],
        options={"crossbow_beyond": "contested"},
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 7, 23)]
    assert [e.contested for e in fight.events(ActionSpent)] == [True]


def test_a_firearm_in_its_guaranteed_zone_hits_without_a_roll() -> None:
    """Seed: "if the weapon is already loaded, and is fired within the guaranteed hit zone —
    the damage is applied and no roll occurs": 10 through T5 armor."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[PISTOL]),
        warrior("b", "blue", 3, 0, armor={"tier": 5}),
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 10, 20)]
    assert fight.rolls() == []


def test_a_firearm_in_the_contested_zone_rolls_and_adds_no_difference() -> None:
    """Seed: "If fired in the contested zone, both players throw dice ... If the shooter wins,
    (the shooter) applies only the weapon's damage without adding roll difference": winning
    by 9 still deals 10."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[PISTOL]),
        warrior("b", "blue", 8, 0, armor={"tier": 5}),
        dice=[19, 10],
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 10, 20)]


@pytest.mark.parametrize(
    ("ignores", "facing", "dealt"),
    [(True, "w", 10), (True, "e", 10), (False, "w", 10 - 4), (False, "e", 10)],
)
@pytest.mark.parametrize(("x", "dice"), [(3, []), (8, [19, 10])])
def test_option_firearm_ignores_shield(
    ignores: bool, facing: str, dealt: int, x: int, dice: list[int]
) -> None:
    """B4: "No armor is applied versus firearm damage" (l.343), and "Shields work the same as
    Armor" (l.373). By default the shield is no help either (`firearm_ignores_shield: true`);
    `false` lets a T4 shield in hand take 4 off a hit from its front (b facing w, towards the
    shooter), still none from its rear. The T5 armor never counts. The same in the sure zone
    (3 tiles, no roll) and the contested one (8 tiles, won 19 to 10): 2 x T3 + 2 x T2 = 10."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[PISTOL]),
        warrior("b", "blue", x, 0, facing=facing, armor={"tier": 5}, shield={"tier": 4}),
        dice=dice,
        options={"firearm_ignores_shield": ignores},
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", dealt, 30 - dealt)]
    assert fight.dice_left == 0


@pytest.mark.parametrize(("least", "dealt"), [(0, []), (1, [("b", 1, 29)])])
def test_option_min_damage_on_a_sure_crossbow_hit(
    least: int, dealt: list[tuple[str, int, int]]
) -> None:
    """B3 and seed: "2H Crossbow damage = (weapon bonus) – (armor bonus – weapon bonus x2)",
    "*Armor bonus cannot be reduced below 0": a 2H T2 crossbow against T7 armor is 2 - 3 = -1,
    so nothing by default; `min_damage: 1` makes the sure hit scratch for 1."""
    light = {"id": "latch", "kind": "crossbow", "tier": 2, "hands": 2, "range": 10}
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[light], skills={"crossbow": 4}),
        warrior("b", "blue", 3, 0, body=7, armor={"tier": 7}),
        options={"min_damage": least},
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == dealt
    assert fight.rolls() == []


def test_a_weapon_may_start_unloaded() -> None:
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[dict(PISTOL, loaded=False)]),
        warrior("b", "blue", 3, 0),
    )
    fight.refuse("a", "attack", "not loaded", target="b")
    fight.refuse("a", "reload", "has no crossbow or firearm 'sword'", weapon="sword")


@pytest.mark.parametrize(
    ("pierces", "dealt", "formula"),
    [
        ("armor_and_shield", 3, "T3 - max(0, 3 - T3)"),
        ("armor_only", 1, "T3 - max(0, 1 - T3) - 2"),
    ],
)
def test_option_crossbow_pierces(pierces: str, dealt: int, formula: str) -> None:
    """Seed: "reduce the armor of the target by the weapon's Tier, then damage is equal to the
    weapon bonus minus the opponent's remaining armor value", and "“armor bonus” is equal to
    the Tier value of the armor (& shield if applicable)" (B27). b, facing a, wears T1 armor
    and holds a T2 shield. By default the T3 bolt cuts the whole 3: 3 - 0 = 3; with
    `crossbow_pierces: armor_only` it cuts the armor to 0 and the shield counts whole:
    3 - (0 + 2) = 1."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[XBOW], skills={"crossbow": 4}),
        warrior("b", "blue", 4, 0, facing="w", armor={"tier": 1}, shield={"tier": 2}),
        options={"crossbow_pierces": pierces},
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", dealt, 30 - dealt)]
    assert fight.events(Damaged)[0].formula == formula
    assert fight.rolls() == []
