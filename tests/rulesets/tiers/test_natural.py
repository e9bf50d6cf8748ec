"""Natural weapons and natural armor (race: natural_weapon, natural_reach, natural_armor)."""

from __future__ import annotations

import pytest

from fracas.rulesets.tiers.events import GearWorn
from tests.rulesets.tiers.helpers import Fight, warrior

CLAWS = {"natural_weapon": 2}


def _worn(fight: Fight) -> list[tuple[str, str, str, int]]:
    return [(e.owner, e.item, e.slot, e.tier) for e in fight.events(GearWorn)]


def test_natural_weapons_roll_unarmed_and_add_their_tier() -> None:
    """Seed: "Natural weapons use the "[Weapon] Unarmed Melee" skill for combat rolls, except
    they deal damage as: [roll difference] + Body Stat + (natural weapon bonus)": 10 + Unarmed
    3 against 8, then 5 + 5 + 2 = 12."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[], skills={"unarmed": 3}, race=CLAWS),
        warrior("b", "blue", 1, 0),
        dice=[10, 8],
    )
    fight.act("a", "attack", target="b")
    assert fight.exchange().attack_total == 13
    assert fight.damage() == [("b", 12, 18)]


def test_an_extended_reach_natural_weapon_keeps_its_reach_at_t0() -> None:
    """Seed: "If the natural weapon grants advantages, such as extended reach, they will still
    function correctly at Tier 0": a T0 tail reaching 2."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[], race={"natural_reach": 2}),
        warrior("b", "blue", 2, 0),
        dice=[10, 8],
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 2 + 5 + 0, 23)]


def test_a_natural_1_with_a_natural_weapon_lowers_its_tier() -> None:
    """Seed: "Rolling a critical failure with a natural weapon will damage that weapon &
    reduce it's effective Tier by 1"."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[], race=CLAWS),
        warrior("b", "blue", 1, 0),
        dice=[1, 10],
    )
    fight.act("a", "attack", target="b")
    assert _worn(fight) == [("a", "natural weapon", "natural_weapon", 1)]
    assert fight.get("a").natural_weapon == 1


def test_natural_armor_adds_to_worn_armor() -> None:
    """B21: natural armor lies under worn armor; both reduce damage: 10 + 5 + 3 - (2 + 1)."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, armor={"tier": 2}, race={"natural_armor": 1}),
        dice=[18, 8],
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 15, 15)]


def test_natural_armor_is_a_crit_target_only_once_worn_armor_is_t0() -> None:
    """Seed: "Natural armor may not be the target of a Critical hit if they have worn armor
    covering it until the worn armor is reduced to T0": the first 20 wears the T1 mail, the
    second the hide."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, armor={"id": "mail", "tier": 1}, race={"natural_armor": 2}),
        warrior("c", "blue", 9, 9),
        dice=[20, 19, 20, 19],
    )
    fight.act("a", "attack", target="b")
    fight.end("a", "b", "c")
    fight.act("a", "attack", target="b")
    assert _worn(fight) == [
        ("b", "mail", "armor", 0),
        ("b", "natural armor", "natural_armor", 1),
    ]


def test_a_crit_on_a_natural_weapon_above_t0_lowers_it() -> None:
    """Seed: "damage to natural weapons may only be chosen if all equipped weapons or shields
    are at T0, absent, or destroyed"; above T0 it loses a Tier (10 damage is for T0)."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, weapons=[], race=CLAWS),
        dice=[20, 5],
    )
    fight.act("a", "attack", target="b")
    assert _worn(fight) == [("b", "natural weapon", "natural_weapon", 1)]


@pytest.mark.parametrize(
    ("reading", "worn", "dealt"),
    [("adds", 2, 14), ("covered", 2, 16), ("adds", 0, 16), ("covered", 0, 16)],
)
def test_option_natural_armor_under_worn(reading: str, worn: int, dealt: int) -> None:
    """Seed: "Natural armor may not be the target of a Critical hit if they have worn armor
    covering it until the worn armor is reduced to T0" (B34). b has T2 hide (natural armor)
    and wears mail of Tier `worn`; a wins by 10 with its T3 sword: 10 + 5 + 3 = 18. By
    default the hide adds to the T2 mail: 18 - 4 = 14; with `natural_armor_under_worn:
    covered` the mail covers it: 18 - 2 = 16. Under T0 mail the hide counts either way."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, armor={"tier": worn}, race={"natural_armor": 2}),
        dice=[15, 5],
        options={"natural_armor_under_worn": reading},
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", dealt, 30 - dealt)]
