"""The free stealth attack on the Blind (rules/free_stealth.py): no check, no defense roll, no
action spent, once a round.

Dice order: the attacker's d20, nothing else.
"""

from __future__ import annotations

from typing import Any

from fracas.rulesets.tiers.rules.free_stealth import StealthStruck
from tests.rulesets.tiers.helpers import BOW, JAVELIN, Fight, warrior

DARK = {"width": 12, "height": 12, "light": {"level": 0}}


def _pair(attacker: dict[str, Any], **kw: Any) -> Fight:
    """The attacker and a Blind b (T2 armor, T1 shield, facing north) in the dark."""
    b = warrior("b", "npcs", 5, 5, armor={"tier": 2}, shield={"tier": 1})
    return Fight(attacker, b, map=DARK, **kw)


def test_free_stealth_melee_damage_formula() -> None:
    """Seed: "they all gain the ability to declare a Stealth bonus attack against them; which
    is a free action" and "Stealth damage with melee = (1d20 + reflex + skill + body +
    weapon) – (armor)"; checklist 2.3 #14: 12 + 3 + 5 + 4 + T3 - armor 2 = 25 (from the
    rear, no shield). One die, the defender rolls none, no action is spent."""
    fight = _pair(
        warrior("a", "players", 5, 6, body=4, reflex=3, skills={"main_hand": 5}), dice=[12]
    )
    fight.act("a", "free_stealth_attack", target="b")
    assert fight.rolls() == [("1d20+15", 27)]
    assert fight.damage() == [("b", 25, 5)]
    assert fight.get("a").actions == 0
    assert fight.dice_left == 0


def test_free_stealth_bow_has_no_body() -> None:
    """Seed: "Stealth damage with bow = (1d20 + reflex + skill + weapon) – (armor)": 10 + 0 +
    bow 2 + T4 - 2 = 14."""
    fight = _pair(warrior("a", "players", 5, 6, skills={"bow": 2}, weapons=[BOW]), dice=[10])
    fight.act("a", "free_stealth_attack", target="b")
    assert fight.damage() == [("b", 14, 16)]


def test_free_stealth_thrown_adds_body() -> None:
    """Seed: "Stealth damage with thrown = (1d20 + reflex + skill + body + weapon) –
    (armor)": 10 + 0 + thrown 1 + Body 5 + T4 - 2 = 18."""
    fight = _pair(warrior("a", "players", 5, 6, skills={"thrown": 1}, weapons=[JAVELIN]), dice=[10])
    fight.act("a", "free_stealth_attack", target="b")
    assert fight.damage() == [("b", 18, 12)]


def test_free_stealth_from_the_front_meets_the_shield() -> None:
    """B11: the shield counts when the attacker stands in its front arc: 12 + 15 = 27 -
    (2 + 1) = 24."""
    fight = _pair(
        warrior("a", "players", 5, 4, body=4, reflex=3, skills={"main_hand": 5}), dice=[12]
    )
    fight.act("a", "free_stealth_attack", target="b")
    assert fight.damage() == [("b", 24, 6)]


def test_only_once_a_round() -> None:
    """Seed: "The free Stealth attack gained this way may only be used one time each round":
    the second is refused; after the round ends it is there again."""
    fight = _pair(warrior("a", "players", 5, 6), dice=[3, 3])
    fight.act("a", "free_stealth_attack", target="b")
    fight.refuse("a", "free_stealth_attack", "a has used this round's free stealth", target="b")
    fight.end("a", "b")
    fight.act("a", "free_stealth_attack", target="b")
    assert len(fight.events(StealthStruck)) == 2


def test_option_free_stealth_per_target() -> None:
    """B11, `free_stealth: per_target`: once a round against each Blind character, so a
    second Blind foe may be struck in the same round, the first not again."""
    fight = Fight(
        warrior("a", "players", 5, 6),
        warrior("b", "npcs", 5, 5),
        warrior("c", "npcs", 6, 6),
        map=DARK,
        dice=[3, 3],
        options={"free_stealth": "per_target"},
    )
    fight.act("a", "free_stealth_attack", target="b")
    fight.refuse("a", "free_stealth_attack", "on b this round", target="b")
    fight.act("a", "free_stealth_attack", target="c")


def test_a_free_action_on_anyone_s_turn() -> None:
    """Seed: "Free actions can be done at any time ... on anyone's turn": a strikes on b's."""
    fight = _pair(warrior("a", "players", 5, 6), dice=[3], order=["b", "a"])
    fight.act("a", "free_stealth_attack", target="b")
    assert fight.state.actor == "b"


def test_not_against_dark_vision_or_from_the_light() -> None:
    """Seed: the free attack is against the Blind; one with dark vision is not, and a Blind
    character still sees one standing in light ("They can see & identify those within the
    illuminated area")."""
    seeing = Fight(
        warrior("a", "players", 5, 6),
        warrior("b", "npcs", 5, 5, race={"dark_vision": True}),
        map=DARK,
    )
    seeing.refuse("a", "free_stealth_attack", "b is not Blind towards a", target="b")
    lit = {**DARK, "lights": [{"x": 0, "y": 0}]}
    in_light = Fight(warrior("a", "players", 1, 1), warrior("b", "npcs", 12 - 1, 11), map=lit)
    in_light.refuse("a", "free_stealth_attack", "b is not Blind towards a", target="b")


def test_even_a_blind_attacker_strikes_only_within_unarmed_reach() -> None:
    """Seed: "(... & even if they are also blind)" the attack is theirs, and a Blind character
    "may only make attacks within their normal unarmed melee range"."""
    fight = _pair(warrior("a", "players", 5, 8, weapons=[BOW]))
    fight.refuse("a", "free_stealth_attack", "only within its unarmed reach", target="b")
