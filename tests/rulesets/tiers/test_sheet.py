"""The sheet and map at load (sheet.py, setup.py): gear Tiers bounded by Body, hands, ranges,
and refusals that name the field and what would be accepted."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.errors import ScenarioError
from fracas.core.grid import Grid
from fracas.rulesets.nwo.grid import Grid as NwoGrid
from fracas.rulesets.tiers import RULESET
from fracas.rulesets.tiers.rules.common import armor_bonus
from fracas.scenario import parse_scenario
from tests.rulesets.tiers.helpers import BOW, POLEAXE, SWORD, Fight, scenario, warrior


def _load(*combatants: dict[str, Any], **kwargs: Any) -> Any:
    return RULESET.setup(parse_scenario(scenario(*combatants, **kwargs)))


def _refused(match: str, *combatants: dict[str, Any], **kwargs: Any) -> None:
    with pytest.raises(ScenarioError, match=match):
        _load(*combatants, **kwargs)


FOE = warrior("z", "blue", 9, 9)


def test_a_weapon_above_body_is_refused() -> None:
    """Seed: "Weapons require a Body stat equal or higher than the Tier of the weapon used"."""
    _refused(
        r"combatants\[0\]\.weapons\[0\]\.tier: a T3 weapon sword needs Body 3 or more; "
        r"stats\.body is 2 \(gear up to T2 is accepted\)",
        warrior("a", "red", 0, 0, body=2),
        FOE,
    )


def test_a_t8_shield_needs_body_8() -> None:
    """Checklist 2.3 #4 and seed: "a T8 Shield requires Body: 8+"."""
    _refused(
        r"combatants\[0\]\.shield\.tier: a T8 shield needs Body 8",
        warrior("a", "red", 0, 0, body=7, weapons=[], shield={"tier": 8}),
        FOE,
    )
    _load(warrior("a", "red", 0, 0, body=8, weapons=[], shield={"tier": 8}), FOE)


def test_armor_above_body_is_refused() -> None:
    """Seed: "To equip armor, the character must have a Body stat higher or equal to the
    armor's Tier" (Body 5 allows a T5 armor, not a T6)."""
    _load(warrior("a", "red", 0, 0, body=5, armor={"tier": 5}), FOE)
    _refused(
        r"combatants\[0\]\.armor\.tier: a T6 armor needs Body 6",
        warrior("a", "red", 0, 0, body=5, armor={"tier": 6}),
        FOE,
    )


def test_gear_tiers_run_from_t0_to_t10() -> None:
    """B2: Tiers run T0-T10 ("a Tier 10 armor & a Tier 10 shield")."""
    _refused(
        r"combatants\[0\]\.weapons\[0\]\.tier: Input should be less than or equal to 10",
        warrior("a", "red", 0, 0, body=11, weapons=[{"id": "x", "kind": "melee", "tier": 11}]),
        FOE,
    )


def test_hands_hold_two() -> None:
    """A two-handed weapon and a shield need three hands; a character has 2."""
    _refused(
        r"combatants\[0\]\.wielding: poleaxe and a shield need 3 hands",
        warrior("a", "red", 0, 0, weapons=[POLEAXE], shield={"tier": 1}),
        FOE,
    )


def test_wielding_names_a_carried_weapon() -> None:
    _refused(
        r"combatants\[0\]\.wielding\[0\]: 'axe' is not one of the weapons; weapons: sword",
        warrior("a", "red", 0, 0, wielding=["axe"]),
        FOE,
    )


def test_a_melee_weapon_has_reach_and_a_bow_range() -> None:
    """B9: ranges are per weapon; a two-handed melee weapon reaches 2 unless it says."""
    _refused(
        r"combatants\[0\]\.weapons\[0\]: a bow needs a range in tiles",
        warrior("a", "red", 0, 0, weapons=[{"id": "b", "kind": "bow", "tier": 1}]),
        FOE,
    )
    state = _load(warrior("a", "red", 0, 0, weapons=[POLEAXE, SWORD, BOW]), FOE)
    assert [w.reach for w in state.get("a").weapons] == [2, 1, None]


def test_unknown_stat_lists_the_accepted_ones() -> None:
    raw = warrior("a", "red", 0, 0)
    raw["stats"] = {"body": 5, "luck": 3}
    _refused(
        r"combatants\[0\]\.stats\.luck: unknown field; accepted: body, reflex, presence", raw, FOE
    )


def test_facing_is_one_of_eight_directions() -> None:
    """B5: facing is one of 8 directions, as in blind movement."""
    _refused(r"combatants\[0\]\.position\.facing", warrior("a", "red", 0, 0, facing="up"), FOE)


def test_one_character_a_square_at_the_start() -> None:
    _refused(
        r"combatants\[1\]\.position: \(0, 0\) is taken by a",
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 0, 0),
    )


def test_map_tiles_must_lie_on_the_map() -> None:
    _refused(
        r"map: .*terrain\[0\]: \(12, 0\) is off the 12x12 map",
        warrior("a", "red", 0, 0),
        FOE,
        map={"width": 12, "height": 12, "terrain": [[12, 0]]},
    )


def test_nwo_keeps_its_grid_name() -> None:
    """The grid moved to the core; nwo's old import path names the same class."""
    assert NwoGrid is Grid


def test_cloaks_stack_over_armor_within_body() -> None:
    """Checklist 2.3 #4 and seed: "Body:5 would allow up to a single T5 armor to be worn. But
    not a T2 & a T3. However, Cloaks ... can stack ... they may wear a T2 armor & three T1
    Cloaks with a Body stat value of 5" (B12: armor and cloaks add up, within Body)."""
    cloak = {"id": "cloak", "tier": 1}
    state = _load(
        warrior("a", "red", 0, 0, body=5, armor={"tier": 2}, cloaks=[cloak, cloak, cloak]), FOE
    )
    assert armor_bonus(state, state.get("a")) == 5
    _refused(
        r"combatants\[0\]\.cloaks: a T6 armor with its cloaks needs Body 6",
        warrior("a", "red", 0, 0, body=5, armor={"tier": 3}, cloaks=[cloak, cloak, cloak]),
        FOE,
    )
    raw = warrior("a", "red", 0, 0, body=5)
    raw["armor"] = [{"tier": 2}, {"tier": 3}]
    _refused(r"combatants\[0\]\.armor", raw, FOE)


@pytest.mark.parametrize(("add", "armor", "dealt"), [(True, 5, 3), (False, 2, 6)])
def test_option_cloaks_add_to_armor(add: bool, armor: int, dealt: int) -> None:
    """B12: "they may wear a T2 armor & three T1 Cloaks with a Body stat value of 5" (l.371)
    says what Body carries, not what a cloak stops. By default the cloaks add to the armor
    (2 + 3 = 5 against a blow); `cloaks_add_to_armor: false` leaves them weight only: the
    attacker wins 12 to 10, so 2 + Body 3 + T3 less 5 is 3, less 2 is 6. The cloaks weigh on
    Body under both: a fourth would be refused."""
    cloak = {"id": "cloak", "tier": 1}
    fight = Fight(
        warrior("a", "red", 0, 0, body=3),
        warrior("b", "blue", 1, 0, facing="w", armor={"tier": 2}, cloaks=[cloak, cloak, cloak]),
        dice=[12, 10],
        options={"cloaks_add_to_armor": add},
    )
    assert armor_bonus(fight.encounter.state, fight.get("b")) == armor
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", dealt, 30 - dealt)]
    _refused(
        r"combatants\[1\]\.cloaks: a T6 armor with its cloaks needs Body 6",
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, armor={"tier": 2}, cloaks=[cloak] * 4),
        options={"cloaks_add_to_armor": add},
    )
