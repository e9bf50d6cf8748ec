"""Healing with medical gear: capped by the healer's Mind; stimpacks heal their maximum."""

from __future__ import annotations

import pytest

from fracas.rulesets.lines.events import ActionSpent, GearUsed, Healed

from .helpers import KIT, STIM, Fight, ada, bob, raider


def _wounded_bob(hp: int, *, mind: int = 4, bob_line: int = 3, **kwargs: object) -> Fight:
    """ada (the healer, with a 1d6 medkit and a 2d6 stimpack), bob (15 HP, set to `hp` by the
    GM) and the raider; ada's turn."""
    fight = Fight(ada(mind=mind, gear=[KIT, STIM]), bob(line=bob_line), raider(), **kwargs)
    fight.act("gm", "override", target="bob", hp=hp)
    return fight


def test_lines_11_medkit_heal_is_capped_by_the_healers_mind() -> None:
    """ "If equipped with any medical gear, players can use up their action to heal themselves or
    another entity. The amount of healed HP can be no greater than the healer's Mind" - Mind 4
    with a kit that rolls 6 heals 4."""
    fight = _wounded_bob(5, dice=[6])
    fight.act("ada", "heal", target="bob", item="kit")
    (healed,) = fight.events(Healed)
    assert (healed.target, healed.healer, healed.amount, healed.hp) == ("bob", "ada", 4, 9)
    assert fight.get("bob").hp == 9
    assert fight.events(GearUsed)[0].charges == 1
    assert fight.get("ada").charges == (1, 1)
    assert fight.dice.remaining == ()


def test_lines_11_medkit_roll_under_mind_heals_the_roll() -> None:
    """ "The amount of healed HP can be no greater than the healer's Mind": a roll of 3 under
    Mind 4 heals 3."""
    fight = _wounded_bob(5, dice=[3])
    fight.act("ada", "heal", target="bob", item="kit")
    assert fight.get("bob").hp == 8
    assert fight.dice.remaining == ()


def test_lines_11_heal_yourself() -> None:
    """ "players can use up their action to heal themselves or another entity" """
    fight = Fight(ada(mind=4, gear=[KIT]), raider(), dice=[2])
    fight.act("gm", "override", target="ada", hp=10)
    fight.act("ada", "heal", target="ada", item="kit")
    assert fight.get("ada").hp == 12
    assert fight.dice.remaining == ()


def test_lines_11_stimpack_heals_its_maximum_without_a_roll() -> None:
    """ "(unless stimpacks are used, which always heal the maximum amount they can)" - a 2d6
    stimpack heals 12 whatever the healer's Mind (1), and rolls no die."""
    fight = _wounded_bob(1, mind=1, dice=[])
    fight.act("ada", "heal", target="bob", item="stim")
    (healed,) = fight.events(Healed)
    assert (healed.amount, healed.hp) == (12, 13)
    assert fight.rolls() == []
    assert fight.get("ada").charges == (2, 0)


def test_lines_11_heal_does_not_pass_maximum_hp() -> None:
    """ "The amount of healed HP can be no greater than the healer's Mind" - and no heal passes
    the maximum: 13 of 15 healed by a stimpack's 12 gives 15 (2 healed)."""
    fight = _wounded_bob(13, dice=[])
    fight.act("ada", "heal", target="bob", item="stim")
    (healed,) = fight.events(Healed)
    assert (healed.amount, healed.hp) == (2, 15)


def test_lines_11_healing_uses_the_action() -> None:
    """ "players can use up their action to heal" """
    fight = _wounded_bob(5, dice=[2])
    fight.act("ada", "heal", target="bob", item="kit")
    assert [e.action for e in fight.events(ActionSpent)] == ["heal"]
    fight.refuse("ada", "heal", "already used this turn's action", target="bob", item="kit")
    fight.refuse(
        "ada", "attack", "already used this turn's action", target="raider", weapon="sword"
    )


@pytest.mark.parametrize(
    ("reach", "bob_line", "allowed"),
    [
        ("melee", 2, True),
        ("melee", 1, False),
        ("same_line", 3, True),
        ("same_line", 2, False),
        ("any", 1, True),
    ],
)
def test_c14_option_heal_reach(reach: str, bob_line: int, allowed: bool) -> None:
    """C14, option `heal_reach`: medical gear reaches like melee by default (same or neighbouring
    line), or only the same line, or any line."""
    fight = _wounded_bob(5, bob_line=bob_line, dice=[3], options={"heal_reach": reach})
    if allowed:
        fight.act("ada", "heal", target="bob", item="kit")
        assert fight.get("bob").hp == 8
        assert fight.dice.remaining == ()
    else:
        fight.refuse(
            "ada",
            "heal",
            rf"bob is on line {bob_line}, ada on line 3; medical gear reaches "
            rf"\d lines \(option heal_reach: {reach}\)",
            target="bob",
            item="kit",
        )
        assert fight.get("bob").hp == 5
