"""Magic (rules/magic.py, B42): no dice, damage straight off HP, a free action on any turn."""

from __future__ import annotations

from fracas.rulesets.tiers.events import SpellCast
from tests.rulesets.tiers.helpers import Fight, warrior


def _fight() -> Fight:
    """a at (0, 0); b (30 HP) far off in T10 armor with a T10 shield."""
    return Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 6, 6, body=10, armor={"tier": 10}, shield={"tier": 10}),
    )


def test_a_spell_s_damage_comes_off_hp_without_dice_or_armor() -> None:
    """Seed: "Unless stated in the spell, no dice are thrown & the damage from the spell
    caster is immediately removed from the total HP of the receiver": 7 off b's 30, through
    T10 armor and a T10 shield, with no roll."""
    fight = _fight()
    fight.act("a", "cast", spell="firebolt", target="b", damage=7)
    assert fight.damage() == [("b", 7, 23)]
    assert fight.rolls() == []


def test_casting_is_a_free_action_on_anyone_s_turn() -> None:
    """Seed: free actions "can be done at any time, on anyone's turn, as many times as
    desired", casting a spell among them: a casts twice on its own turn and once on b's, and
    spends no action; the sleep's effect is logged for the GM."""
    fight = _fight()
    fight.act("a", "cast", spell="firebolt", target="b", damage=1)
    fight.act("a", "cast", spell="firebolt", target="b", damage=1)
    fight.end("a")
    fight.act("a", "cast", spell="sleep", target="b", effect="b is drowsy")
    assert fight.get("a").actions == 0
    assert [e.effect for e in fight.events(SpellCast)] == [None, None, "b is drowsy"]
    assert fight.damage() == [("b", 1, 29), ("b", 1, 28)]


def test_no_spell_on_the_dead() -> None:
    """Refusal: the dead are past harm; the message names the target."""
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 6, 6), warrior("c", "blue", 7, 7))
    fight.act("gm", "override", target="b", status="dead")
    fight.refuse("a", "cast", "b is dead", spell="firebolt", target="b", damage=3)
