"""Critical rolls (rules/crits.py): natural 20s lower the opponent's gear, natural 1s one's
own, bare hands take 10 damage; all before the exchange's damage."""

from __future__ import annotations

from fracas.rulesets.tiers.events import GearWorn
from tests.rulesets.tiers.helpers import Fight, warrior


def _worn(fight: Fight) -> list[tuple[str, str, int]]:
    return [(e.owner, e.item, e.tier) for e in fight.events(GearWorn)]


def test_a_natural_20_lowers_the_opponents_armor_before_damage() -> None:
    """Seed: "they may choose to deal damage to their choice of their opponents equipped gear
    before doing normal damage ... reduce it's Tier by 1": the mail drops to T2 and the blow
    deals 10 + 5 + 3 - 2 = 16."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, armor={"id": "mail", "tier": 3}),
        dice=[20, 10],
    )
    fight.act("a", "attack", target="b")
    assert _worn(fight) == [("b", "mail", 2)]
    assert fight.damage() == [("b", 16, 14)]


def test_a_natural_20_may_still_lose() -> None:
    """Seed: "A player that rolls a natural 20 may still lose the contested roll": 20 against
    10 + Reflex 15 = 25; the mail is worn all the same, and b counterattacks."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, reflex=15, armor={"id": "mail", "tier": 3}),
        dice=[20, 10],
    )
    fight.act("a", "attack", target="b")
    assert fight.exchange().winner == "defender"
    assert _worn(fight) == [("b", "mail", 2)]
    assert fight.damage() == [("a", 5 + 5 + 3, 17)]


def test_a_natural_1_lowers_ones_own_weapon() -> None:
    """Seed: "Whenever a character rolls a natural 1 ... that player must chose to reduce
    their equipped Shield or weapon's Tier by 1": b rolls the 1 and its sword drops to T2; a
    wins by 10 and deals 10 + 5 + 3 = 18."""
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 0), dice=[11, 1])
    fight.act("a", "attack", target="b")
    assert _worn(fight) == [("b", "sword", 2)]
    assert fight.damage() == [("b", 18, 12)]
    assert fight.get("b").tier_of("sword") == 2


def test_a_worn_weapon_deals_less() -> None:
    """The damage uses the Tier after the crit: a's own natural 1 drops the sword to T2, and
    a still wins (1 + Reflex 15 = 16 against 10): 6 + 5 + 2 = 13."""
    fight = Fight(warrior("a", "red", 0, 0, reflex=15), warrior("b", "blue", 1, 0), dice=[1, 10])
    fight.act("a", "attack", target="b")
    assert _worn(fight) == [("a", "sword", 2)]
    assert fight.damage() == [("b", 13, 17)]


def test_a_crit_on_bare_hands_deals_10_ignoring_armor() -> None:
    """Checklist 2.3 #17 and seed: "A character rolling a critical hit may still apply damage
    to a T0 natural weapon to deal additional damage (10 damage) to the character directly,
    ignoring armor, before normal damage is applied": 10, then 10 + 5 + 3 - 4 = 14."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, weapons=[], armor={"tier": 4}),
        dice=[20, 10],
    )
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 10, 20), ("b", 14, 6)]


def test_a_natural_1_striking_unarmed_hurts_oneself() -> None:
    """Seed: "Rolling a crit failure with T0 natural weapons ... dealing 10 damage to the
    character before normal damage occurs"."""
    fight = Fight(warrior("a", "red", 0, 0, weapons=[]), warrior("b", "blue", 1, 0), dice=[1, 10])
    fight.act("a", "attack", target="b")
    assert fight.damage()[0] == ("a", 10, 20)


def test_gear_never_drops_below_t0() -> None:
    """Seed: "Crit effects cannot reduce the natural armor or weapon bonus below T0": a T0
    club and no shield: the natural 1 wears nothing."""
    club = {"id": "club", "kind": "melee", "tier": 0}
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[club]), warrior("b", "blue", 1, 0), dice=[1, 10]
    )
    fight.act("a", "attack", target="b")
    assert _worn(fight) == []


def test_crits_off() -> None:
    """`crits: false`: a table that plays without critical rolls."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, armor={"tier": 3}),
        dice=[20, 10],
        options={"crits": False},
    )
    fight.act("a", "attack", target="b")
    assert _worn(fight) == []
    assert fight.damage() == [("b", 15, 15)]
