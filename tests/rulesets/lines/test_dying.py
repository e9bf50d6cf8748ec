"""Dying at 0 HP: three turns to be healed; revival costs a point of Constitution."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.state import Status
from fracas.rulesets.lines.events import (
    AttackRolled,
    Damaged,
    Died,
    DyingCounted,
    Revived,
    StartedDying,
)

from .helpers import KIT, STIM, Fight, ada, bob, fighter, raider

# The raider's strike on bob: 3+3 = 6 against 3+1 = 4, a hit; damage 1+2 = 3.
DROP_BOB = [3, 3, 1]


def _bob_dying(
    *, constitution: int = 3, options: dict[str, Any] | None = None, dice: tuple[int, ...] = ()
) -> Fight:
    """Order ada, bob, raider. In round 1 the raider drops bob (set to 2 HP by the GM) to 0;
    the fight stands at the start of round 2, ada's turn."""
    fight = Fight(
        ada(gear=[KIT, STIM]),
        bob(constitution=constitution),
        raider(),
        dice=[*DROP_BOB, *dice],
        options=options or {},
    )
    fight.act("gm", "override", target="bob", hp=2)
    fight.end("ada", "bob")
    fight.act("raider", "attack", target="bob", weapon="sword")
    fight.end("raider")
    assert fight.state.actor == "ada"
    return fight


def test_lines_12_hp_zero_is_dying() -> None:
    """ "Whenever the character's HP drops to 0, they are dying." 3 damage on 2 HP leaves 0 (not
    -1), with 3 turns to be healed."""
    fight = _bob_dying()
    (damaged,) = fight.events(Damaged)
    assert (damaged.amount, damaged.hp) == (3, 0)
    (dying,) = fight.events(StartedDying)
    assert (dying.target, dying.left) == ("bob", 3)
    bob_now = fight.get("bob")
    assert (bob_now.hp, bob_now.status, bob_now.dying_left) == (0, Status.DYING, 3)
    assert fight.state.outcome is None
    assert fight.dice.remaining == ()


def test_lines_12_dying_character_cannot_act() -> None:
    """ "Whenever the character's HP drops to 0, they are dying." - the dying do not act: their
    turn is skipped (and counts down, C7)."""
    fight = _bob_dying()
    fight.end("ada")
    assert fight.state.actor == "raider"
    assert [(e.target, e.left) for e in fight.events(DyingCounted)] == [("bob", 2)]


def test_lines_12_healed_on_the_second_dying_turn_revives_with_constitution_minus_1() -> None:
    """ "If they are healed during the next 3 turns, they come back to life with their
    Constitution (and with it the maximum amount of HP) lowered by one." Constitution 3, healed
    after two of bob's dying turns: Constitution 2, max HP 10; HP = the 2 healed (C7)."""
    fight = _bob_dying(dice=(5,))
    fight.end("ada", "raider", "ada", "raider")
    assert fight.get("bob").dying_left == 1
    assert [e.left for e in fight.events(DyingCounted)] == [2, 1]
    fight.act("ada", "heal", target="bob", item="kit")  # rolls 5, Mind 2 heals 2
    (revived,) = fight.events(Revived)
    assert (revived.constitution, revived.max_hp, revived.hp) == (2, 10, 2)
    bob_now = fight.get("bob")
    assert (bob_now.status, bob_now.constitution, bob_now.max_hp, bob_now.hp) == (
        Status.ACTIVE,
        2,
        10,
        2,
    )
    assert bob_now.dying_left == 0
    fight.end("ada")
    assert fight.state.actor == "bob"  # bob acts again
    assert fight.dice.remaining == ()


def test_lines_12_not_healed_within_3_turns_dies() -> None:
    """ "The character who doesn't get healed during those 3 turns ... dies permanently." """
    fight = _bob_dying()
    fight.end("ada", "raider", "ada", "raider", "ada")
    (died,) = fight.events(Died)
    assert (died.target, died.why) == ("bob", "not healed within 3 turns")
    bob_now = fight.get("bob")
    assert (bob_now.status, bob_now.hp, bob_now.constitution) == (Status.DEAD, 0, 3)
    fight.end("raider")
    fight.refuse("ada", "heal", "bob is dead", target="bob", item="stim")
    assert fight.state.turns.round == 5


def test_lines_12_constitution_1_healed_dies() -> None:
    """ "The character ... whose Constitution would drop to 0 due to the healing procedure dies
    permanently." Constitution 1 and healed: dies."""
    fight = _bob_dying(constitution=1)
    fight.act("ada", "heal", target="bob", item="stim")
    (died,) = fight.events(Died)
    assert (died.target, died.why) == ("bob", "Constitution would drop to 0 on revival")
    assert fight.events(Revived) == []
    bob_now = fight.get("bob")
    assert (bob_now.status, bob_now.constitution) == (Status.DEAD, 1)
    assert fight.get("ada").charges == (2, 0)


@pytest.mark.parametrize(("revive_hp", "hp"), [("healed", 10), ("one", 1)])
def test_c7_option_revive_hp(revive_hp: str, hp: int) -> None:
    """C7, option `revive_hp`: after revival HP is the amount healed capped by the new maximum
    (a 2d6 stimpack's 12 -> 10 of 10), or 1."""
    fight = _bob_dying(options={"revive_hp": revive_hp})
    fight.act("ada", "heal", target="bob", item="stim")
    bob_now = fight.get("bob")
    assert (bob_now.constitution, bob_now.max_hp, bob_now.hp) == (2, 10, hp)


def test_c8_revival_lowers_a_given_hp_maximum_in_proportion() -> None:
    """C8/LINES-12 "(and with it the maximum amount of HP)": a sheet with its own hp 12 and
    Constitution 3 revives with Constitution 2 and max HP 12 * 2 / 3 = 8."""
    fight = Fight(ada(gear=[STIM]), bob(hp=12), raider(), dice=DROP_BOB)
    fight.act("gm", "override", target="bob", hp=2)
    fight.end("ada", "bob")
    fight.act("raider", "attack", target="bob", weapon="sword")
    fight.end("raider")
    fight.act("ada", "heal", target="bob", item="stim")
    bob_now = fight.get("bob")
    assert (bob_now.constitution, bob_now.max_hp, bob_now.hp) == (2, 8, 8)


def test_c8_option_hp_per_constitution() -> None:
    """C8, option `hp_per_constitution`: max HP = Constitution x 4 instead of x 5; revival at
    Constitution 2 gives max HP 8."""
    fight = _bob_dying(options={"hp_per_constitution": 4})
    assert (fight.get("ada").max_hp, fight.get("raider").max_hp) == (12, 8)
    fight.act("ada", "heal", target="bob", item="stim")
    bob_now = fight.get("bob")
    assert (bob_now.constitution, bob_now.max_hp, bob_now.hp) == (2, 8, 8)


def test_c7_dying_counts_own_turns_by_default() -> None:
    """C7, option `dying_counts` (default own_turns): "the next 3 turns" are the dying
    character's own turns; round ends do not count."""
    fight = _bob_dying()
    assert fight.get("bob").dying_left == 3  # the end of round 1 did not count
    fight.end("ada")
    assert fight.get("bob").dying_left == 2


def test_c7_option_dying_counts_rounds() -> None:
    """C7, option `dying_counts: rounds`: "If they are healed during the next 3 turns" counts
    rounds: bob, dropped in round 1, has rounds 2, 3 and 4 to be healed and dies at the end of
    round 4 - not at the end of round 3 (the round in which he dropped is not a "next" one)."""
    fight = _bob_dying(options={"dying_counts": "rounds"})
    fight.end("ada", "raider")  # round 2; bob's own turn is skipped without counting
    fight.end("ada", "raider")  # round 3
    assert fight.get("bob").status is Status.DYING
    assert fight.get("bob").dying_left == 1
    fight.end("ada", "raider")  # round 4
    assert fight.get("bob").status is Status.DEAD


def test_c7_option_dying_counts_rounds_ignores_own_turns() -> None:
    """C7, option `dying_counts: rounds`: the dying character's own turn does not count; only
    round ends do."""
    fight = _bob_dying(options={"dying_counts": "rounds"})
    left = fight.get("bob").dying_left
    fight.end("ada")  # bob's own turn comes and goes
    assert fight.state.actor == "raider"
    assert fight.get("bob").dying_left == left
    fight.end("raider")  # end of round 2
    assert fight.get("bob").dying_left == left - 1


def test_c15_attacking_the_dying_is_refused_by_default() -> None:
    """C15, option `attack_dying` (default refuse): a dying combatant cannot be attacked."""
    fight = _bob_dying()
    fight.end("ada")
    fight.refuse(
        "raider",
        "attack",
        r"bob is dying and cannot be attacked \(option attack_dying: kills allows it\)",
        target="bob",
        weapon="sword",
    )


def test_c15_option_attack_dying_kills() -> None:
    """C15, option `attack_dying: kills`: a hit on a dying combatant kills; the dying roll no
    defense (C16: total 0)."""
    fight = _bob_dying(options={"attack_dying": "kills"}, dice=(1, 1))
    fight.end("ada")
    # raider 1+3 = 4 against 0: a hit; damage 1+2 = 3 kills.
    fight.act("raider", "attack", target="bob", weapon="sword")
    rolled = fight.events(AttackRolled)[-1]
    assert (rolled.attack, rolled.defense, rolled.result) == (4, 0, "hit")
    (died,) = fight.events(Died)
    assert (died.target, died.why) == ("bob", "struck while dying")
    assert fight.get("bob").status is Status.DEAD
    assert fight.dice.remaining == ()


@pytest.mark.parametrize(
    ("helpless", "dice", "defense"), [("none", [1, 1], 0), ("roll", [1, 2, 1], 3)]
)
def test_c16_option_helpless_defense(helpless: str, dice: list[int], defense: int) -> None:
    """C16, option `helpless_defense`: an unconscious target rolls no defense by default (a total
    of 0); with `roll` it rolls its Dexterity as usual."""
    fight = Fight(
        ada(),
        raider(),
        fighter("rook", "raiders", 5),
        dice=dice,
        options={"helpless_defense": helpless},
    )
    fight.act("gm", "override", target="raider", status="unconscious")
    # ada 1+3 = 4 against the defense; damage 1+2 = 3.
    fight.act("ada", "attack", target="raider", weapon="sword")
    (rolled,) = fight.events(AttackRolled)
    assert (rolled.attack, rolled.defense, rolled.result) == (4, defense, "hit")
    assert fight.get("raider").hp == 7
    assert fight.dice.remaining == ()


def test_c7_option_dying_ends_after_third_turn() -> None:
    """C7, option `dying_ends: after_third_turn`: "If they are healed during the next 3 turns"
    read as three whole turns: bob's third dying turn (round 4) passes with 0 left, and ada
    can still heal him in round 5, before his fourth turn would come."""
    fight = _bob_dying(options={"dying_ends": "after_third_turn"})
    fight.end("ada", "raider", "ada", "raider", "ada")  # bob's turns in rounds 2, 3, 4 pass
    assert fight.events(Died) == []
    assert (fight.get("bob").status, fight.get("bob").dying_left) == (Status.DYING, 0)
    fight.end("raider")
    assert fight.state.turns.round == 5
    fight.act("ada", "heal", target="bob", item="stim")
    (revived,) = fight.events(Revived)
    # the stimpack heals its maximum, 12, capped by the new maximum 15 x 2 // 3 = 10
    assert (revived.constitution, revived.max_hp, revived.hp) == (2, 10, 10)
    assert fight.get("bob").status is Status.ACTIVE
