"""One action per turn; free actions (talking, changing weapons, letting go)."""

from __future__ import annotations

from fracas.core.events import Said
from fracas.rulesets.lines.events import ActionSpent, AttackRolled

from .helpers import MAUL, SWORD, Fight, ada, raider


def test_lines_4_one_action_per_turn() -> None:
    """ "All entities partaking in combat can make 1 action during their turn. ... attacking,
    using abilities, using gear, or using the items in the environment are considered an
    action." """
    fight = Fight(dice=[4, 2, 5, 1, 1, 1])
    fight.act("ada", "attack", target="raider", weapon="sword")
    fight.refuse(
        "ada", "attack", "ada has already used this turn's action", target="raider", weapon="sword"
    )
    fight.end("ada", "raider")
    assert fight.get("ada").acted is False  # a fresh action each turn
    fight.act("ada", "attack", target="raider", weapon="sword")
    assert len(fight.events(AttackRolled)) == 2
    assert fight.dice.remaining == ()


def test_lines_4_talking_is_a_free_action() -> None:
    """ "On the other hand, changing weapons, talking, or pulling something out of one's
    inventory are free actions." Talking before and after the action spends nothing."""
    fight = Fight(dice=[4, 2, 5])
    fight.act("ada", "say", text="Drop it!")
    assert fight.get("ada").acted is False
    fight.act("ada", "attack", target="raider", weapon="sword")
    fight.act("ada", "say", text="Told you.")
    assert [e.text for e in fight.events(Said)] == ["Drop it!", "Told you."]
    assert [e.action for e in fight.events(ActionSpent)] == ["attack"]
    assert fight.get("raider").hp == 3
    assert fight.dice.remaining == ()


def test_lines_4_changing_weapons_is_free() -> None:
    """ "changing weapons ... are free actions": the turn's one attack may use any carried card,
    a different one each turn, with no action spent on the swap."""
    # sword 4+3 = 7 vs 2+1 = 3, damage 1+2 = 3; maul 3+2 = 5 vs 1+1 = 2, damage 1+1+1 = 3.
    fight = Fight(ada(weapons=[SWORD, MAUL]), raider(), dice=[4, 2, 1, 3, 1, 1, 1])
    fight.act("ada", "attack", target="raider", weapon="sword")
    fight.end("ada", "raider")
    fight.act("ada", "attack", target="raider", weapon="maul")
    assert [e.weapon for e in fight.events(AttackRolled)] == ["sword", "maul"]
    assert [e.action for e in fight.events(ActionSpent)] == ["attack", "attack"]
    assert fight.get("raider").hp == 4
    assert fight.dice.remaining == ()
