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


def test_the_roller_picks_which_of_the_opponents_items_a_natural_20_lowers() -> None:
    """Seed: "they may choose to deal damage to their choice of their opponents equipped
    gear ... Dealing damage to their weapon, armor, or shield will reduce it's Tier by 1":
    a names b's sword (`crit_item`), not the mail the default would take; the mail still
    counts 3, the blow deals 10 + 5 + 3 - 3 = 15."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, armor={"id": "mail", "tier": 3}),
        dice=[20, 10],
    )
    fight.act("a", "attack", target="b", crit_item="sword")
    assert _worn(fight) == [("b", "sword", 2)]
    assert fight.damage() == [("b", 15, 15)]


def test_the_armors_id_names_its_slot_and_none_declines() -> None:
    """The armor may be named by its id; `none` declines ("they may choose"): nothing worn,
    and the blow meets the full T3: 10 + 5 + 3 - 3 = 15."""
    armored = warrior("b", "blue", 1, 0, armor={"id": "mail", "tier": 3}, shield={"tier": 2})
    fight = Fight(warrior("a", "red", 0, 1), armored, dice=[20, 10])
    fight.act("a", "attack", target="b", crit_item="mail")
    assert _worn(fight) == [("b", "mail", 2)]
    declined = Fight(warrior("a", "red", 0, 1), armored, dice=[20, 10])
    declined.act("a", "attack", target="b", crit_item="none")
    assert _worn(declined) == []
    assert declined.damage() == [("b", 15, 15)]


def test_the_defenders_natural_20_pick_is_given_on_the_attack() -> None:
    """Seed: "This is true whether or not they were the one that initiated the contested
    roll": b's natural 20 lowers the attacker's armor it names (`defender_crit_item`), not
    a's sword; b wins by 10 and counterattacks: 10 + 5 + 3 - 1 = 17."""
    fight = Fight(
        warrior("a", "red", 0, 0, armor={"id": "leather", "tier": 2}),
        warrior("b", "blue", 1, 0),
        dice=[10, 20],
    )
    fight.act("a", "attack", target="b", defender_crit_item="leather")
    assert _worn(fight) == [("a", "leather", 1)]
    assert fight.damage() == [("a", 17, 13)]


def test_the_roller_picks_which_of_its_own_items_a_natural_1_lowers() -> None:
    """Seed: "that player must chose to reduce their equipped Shield or weapon's Tier by 1":
    a names its shield (`fumble_item`), so the sword keeps T3; b, rolling 1 too, names its
    shield (`defender_fumble_item`). A tie of 1 + 0 against 1 + 0: nobody wins (B1)."""
    fight = Fight(
        warrior("a", "red", 0, 0, shield={"id": "buckler", "tier": 1}),
        warrior("b", "blue", 1, 0, facing="w", shield={"id": "kite", "tier": 2}),
        dice=[1, 1],
    )
    fight.act("a", "attack", target="b", fumble_item="buckler", defender_fumble_item="shield")
    assert _worn(fight) == [("a", "buckler", 0), ("b", "kite", 1)]
    assert fight.get("a").tier_of("sword") == 3


def test_impossible_crit_picks_are_refused() -> None:
    """A pick must name something its roller may lower: gear above T0 that the opponent has
    equipped (a natural 20) or the roller's own equipped shield or weapon (a natural 1);
    natural armor only once the worn armor is T0 ("Natural armor may not be the target of a
    Critical hit if they have worn armor covering it")."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, armor={"tier": 2}, race={"natural_armor": 1}),
    )
    fight.refuse("a", "attack", "cannot lower 'shield' on b", target="b", crit_item="shield")
    fight.refuse("a", "attack", "may lower armor, sword", target="b", crit_item="natural_armor")
    fight.refuse("a", "attack", "cannot lower a's 'axe'", target="b", fumble_item="axe")
    fight.refuse("a", "attack", "defender_fumble_item", target="b", defender_fumble_item="armor")
    bare = Fight(warrior("a", "red", 0, 0, weapons=[]), warrior("b", "blue", 1, 0))
    bare.refuse("a", "attack", "cannot lower 'armor' on a", target="b", defender_crit_item="armor")


def test_a_pick_spent_by_the_other_sides_crit_falls_back_to_the_default() -> None:
    """a's natural 20 comes first and takes b's T1 blade to T0; b's natural 1 had named the
    blade, which can lose no more ("cannot reduce ... below T0"), so it wears the default
    next in line, b's shield in hand."""
    blade = {"id": "blade", "kind": "melee", "tier": 1}
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, weapons=[blade], shield={"id": "kite", "tier": 1}),
        dice=[20, 1],
    )
    fight.act("a", "attack", target="b", crit_item="blade", defender_fumble_item="blade")
    assert _worn(fight) == [("b", "blade", 0), ("b", "kite", 0)]


def _on_the_fallen(**options: object) -> Fight:
    """a strikes b, lying unconscious at 0 HP in T3 mail, with a natural 20; c keeps the
    fight going."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, armor={"id": "mail", "tier": 3}),
        warrior("c", "blue", 9, 9),
        dice=[20],
        options=options,
    )
    fight.act("gm", "override", target="b", hp=0)
    fight.act("a", "attack", target="b")
    return fight


def test_the_attackers_natural_20_counts_against_the_unconscious_by_default() -> None:
    """Seed: "Whenever a character rolls a natural 20 on a d20 for a contested roll in
    combat" (B26): the attacker still throws its d20 against the unconscious b (total 0), so
    by default the 20 wears the mail to T2 and the blow deals 20 + 5 + 3 - 2 = 26."""
    fight = _on_the_fallen()
    assert _worn(fight) == [("b", "mail", 2)]
    assert fight.damage() == [("b", 26, -26)]


def test_option_uncontested_crits_false_leaves_the_mail_alone() -> None:
    """`uncontested_crits: false` (B26): nobody rolls against the attacker, so it is no
    "contested roll in combat" and the 20 is no crit: 20 + 5 + 3 - 3 = 25."""
    fight = _on_the_fallen(uncontested_crits=False)
    assert _worn(fight) == []
    assert fight.damage() == [("b", 25, -25)]


SMALL_SHIELD = {"id": "buckler", "tier": 2}
"""A T2 shield, in hand from the start."""


def _fumble_bare_handed(**options: object) -> Fight:
    """a, with the T2 buckler in hand and T4 mail, strikes b with its bare hands and rolls a
    natural 1 against b's 10; b wins by 9."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[], shield=SMALL_SHIELD, armor={"tier": 4}),
        warrior("b", "blue", 1, 0),
        dice=[1, 10],
        options=options,
    )
    fight.act("a", "attack", target="b")
    return fight


def test_a_natural_1_bare_handed_wears_the_shield_by_default() -> None:
    """Seed: "that player must chose to reduce their equipped Shield or weapon's Tier by 1"
    (B30, `natural_crit_fail: roller_choice`): with the buckler in hand the default choice
    wears it to T1 rather than take 10; b's counter then deals 9 + 5 + T3 - (4 + 1) = 12."""
    fight = _fumble_bare_handed()
    assert _worn(fight) == [("a", "buckler", 1)]
    assert fight.damage() == [("a", 12, 18)]


def test_option_natural_crit_fail_used_weapon_hurts_the_bare_hands() -> None:
    """Seed: "Rolling a crit failure with T0 natural weapons ... dealing 10 damage to the
    character before normal damage occurs" (B30, `natural_crit_fail: used_weapon`): the
    natural weapon used takes the crit, so a takes its 10 and the buckler stays T2; b's
    counter deals 9 + 5 + T3 - (4 + 2) = 11."""
    fight = _fumble_bare_handed(natural_crit_fail="used_weapon")
    assert _worn(fight) == []
    assert fight.damage() == [("a", 10, 20), ("a", 11, 9)]


def test_option_natural_crit_fail_used_weapon_refuses_another_pick() -> None:
    """Under `natural_crit_fail: used_weapon` a natural 1 struck bare-handed cannot be put on
    the buckler: the pick is refused before any die is thrown."""
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[], shield=SMALL_SHIELD),
        warrior("b", "blue", 1, 0),
        dice=[1, 10],
        options={"natural_crit_fail": "used_weapon"},
    )
    fight.refuse(
        "a", "attack", "a natural 1 cannot lower a's 'buckler'", target="b", fumble_item="buckler"
    )


def test_option_crit_fail_ten_armor_counts_the_rollers_armor() -> None:
    """Seed: "dealing 10 damage to the character before normal damage occurs" says nothing
    of armor, unlike the natural 20's "ignoring armor" (B30). a strikes bare-handed in T4
    mail, no shield, and rolls a 1 against 10: by default it takes the 10 whole; with
    `crit_fail_ten_armor: counts` 10 - 4 = 6. b's counter: 9 + 5 + T3 - 4 = 13 either way."""
    plain = {"weapons": [], "armor": {"tier": 4}}
    for options, hurt in (({}, 10), ({"crit_fail_ten_armor": "counts"}, 6)):
        fight = Fight(
            warrior("a", "red", 0, 0, **plain),
            warrior("b", "blue", 1, 0),
            dice=[1, 10],
            options=options,
        )
        fight.act("a", "attack", target="b")
        assert fight.damage() == [("a", hurt, 30 - hurt), ("a", 13, 17 - hurt)]
