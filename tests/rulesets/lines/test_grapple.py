"""Grappling, breaking free and shoving: Strength-or-Dexterity contests in melee range.

Dice order (rules/grapple.py): the grappler's or shover's roll, then the target's; on breaking
free, the grappled fighter's roll, then the grappler's. Each roll is 1d6 + attribute (C1).
"""

from __future__ import annotations

import pytest

from fracas.core.events import ConditionRemoved
from fracas.core.state import Status
from fracas.rulesets.lines.events import ActionSpent, ContestRolled, Moved, Strained

from .helpers import Fight, ada, fighter, raider

# ada: Strength 2, Dexterity 3. raider: Strength 2, Dexterity 1, Constitution 2.


def test_lines_17_grapple_is_a_strength_or_dexterity_contest() -> None:
    """ "Instead of attacking, one can decide to either immobilize or move the enemy. In both
    cases, one needs to be in melee range and make a Strength or Dexterity roll (their choice)
    against the enemy's roll using one of the same two attributes." """
    # ada chooses Strength: 4+2 = 6; the raider answers with its better, Strength: 3+2 = 5.
    fight = Fight(dice=[4, 3])
    fight.act("ada", "grapple", target="raider", attribute="strength")
    rolls = [(r.expr, r.reason, r.total) for r in fight.rolls()]
    assert rolls == [
        ("1d6+2", "grapple: ada strength", 6),
        ("1d6+2", "grapple: raider strength", 5),
    ]
    (contest,) = fight.events(ContestRolled)
    assert (contest.initiator_total, contest.responder_total, contest.succeeded) == (6, 5, True)
    held = fight.get("raider").condition("grappled")
    assert held is not None and held.source == "ada"
    assert [e.action for e in fight.events(ActionSpent)] == ["grapple"]
    fight.refuse(
        "ada", "attack", "already used this turn's action", target="raider", weapon="sword"
    )
    assert fight.dice.remaining == ()


def test_c9_contest_attributes_default_to_the_higher_and_the_defender_may_choose() -> None:
    """C9: "(their choice)" - without a choice the grappler rolls its higher attribute (ada:
    Dexterity 3); the target picks its own answer, here Dexterity 1 instead of Strength 2."""
    fight = Fight(dice=[1, 5])
    fight.act("ada", "grapple", target="raider", defender_attribute="dexterity")
    rolls = [(r.expr, r.reason, r.total) for r in fight.rolls()]
    assert rolls == [
        ("1d6+3", "grapple: ada dexterity", 4),
        ("1d6+1", "grapple: raider dexterity", 6),
    ]
    assert fight.events(ContestRolled)[0].succeeded is False
    assert not fight.get("raider").has("grappled")
    assert fight.dice.remaining == ()


@pytest.mark.parametrize(("contest_tie", "held"), [("defender", False), ("attacker", True)])
def test_c2_option_contest_tie(contest_tie: str, held: bool) -> None:
    """C2/C9, option `contest_tie`: an equal contest goes to the defender by default, to the
    initiator with `attacker`."""
    # ada Dexterity 2+3 = 5 against the raider's Strength 3+2 = 5.
    fight = Fight(dice=[2, 3], options={"contest_tie": contest_tie})
    fight.act("ada", "grapple", target="raider")
    (contest,) = fight.events(ContestRolled)
    assert (contest.initiator_total, contest.responder_total, contest.succeeded) == (5, 5, held)
    assert fight.get("raider").has("grappled") is held


def test_lines_17_grapple_and_shove_need_melee_range() -> None:
    """ "In both cases, one needs to be in melee range" - two lines away is refused."""
    fight = Fight(ada(line=2), raider(line=4), dice=[])
    fight.refuse("ada", "grapple", r"raider is 2 lines away .*a grapple reaches 1", target="raider")
    fight.refuse("ada", "shove", r"raider is 2 lines away .*a shove reaches 1", target="raider")


def test_lines_18_grappled_target_can_only_try_to_break_free() -> None:
    """ "In the case of grappling, should the roll succeed, the target is immobilized and the
    only thing it can do is to try to break free." """
    fight = Fight(dice=[4, 3])
    fight.act("ada", "grapple", target="raider")
    fight.end("ada")
    only = "raider is grappled by ada; the only thing it can do is try to break free"
    fight.refuse("raider", "move", only, to=5)
    fight.refuse("raider", "attack", only, target="ada", weapon="sword")
    fight.refuse("raider", "defend", only)
    fight.refuse("raider", "aim", only)
    fight.refuse("raider", "dash", only)
    fight.refuse("raider", "shove", only, target="ada")
    fight.refuse("raider", "grapple", only, target="ada")
    assert fight.dice.remaining == ()


def test_lines_18_three_failed_escapes_at_constitution_3_knock_out() -> None:
    """ "With each failed roll, their Constitution temporarily drops by 1. Should it fall to 0 in
    such a way, the target is exhausted or loses consciousness." Constitution 3 and three
    failed escapes: Constitution 0, unconscious; permanent Constitution and max HP untouched
    (C9)."""
    # grapple: ada 4+3 = 7 vs 3+2 = 5. Each escape: raider 1+2 = 3 vs ada 1+3 = 4.
    fight = Fight(ada(), raider(constitution=3), dice=[4, 3, 1, 1, 1, 1, 1, 1])
    fight.act("ada", "grapple", target="raider")
    fight.end("ada")
    for round_left in (2, 1, 0):
        fight.act("raider", "break_free")
        assert fight.events(Strained)[-1].constitution == round_left
        if round_left:
            fight.end("raider", "ada")
    assert [(s.strain, s.constitution) for s in fight.events(Strained)] == [(1, 2), (2, 1), (3, 0)]
    raider_now = fight.get("raider")
    assert raider_now.status is Status.UNCONSCIOUS
    assert raider_now.has("exhausted") and raider_now.has("grappled")
    assert (raider_now.constitution, raider_now.strain, raider_now.effective_constitution) == (
        3,
        3,
        0,
    )
    assert (raider_now.hp, raider_now.max_hp) == (15, 15)
    assert fight.state.outcome == "players won"
    assert fight.dice.remaining == ()


def test_lines_18_breaking_free_ends_the_hold() -> None:
    """ "the only thing it can do is to try to break free": a won roll frees the target, who
    may then step away (movement is not the action, C5)."""
    # grapple: 4+3 = 7 vs 3+2 = 5; escape: raider Strength 6+2 = 8 vs ada Dexterity 2+3 = 5.
    fight = Fight(dice=[4, 3, 6, 2])
    fight.act("ada", "grapple", target="raider")
    fight.end("ada")
    fight.act("raider", "break_free")
    contest = fight.events(ContestRolled)[-1]
    assert (contest.contest, contest.initiator, contest.succeeded) == ("break free", "raider", True)
    assert not fight.get("raider").has("grappled")
    assert fight.get("raider").strain == 0
    fight.act("raider", "move", to=5)
    assert fight.get("raider").line == 5
    assert fight.dice.remaining == ()


def test_c9_hold_ends_when_the_grappler_steps_out_of_reach() -> None:
    """C9: a hold needs melee range; the grappler stepping two lines from the target lets go."""
    fight = Fight(ada(), raider(line=4), dice=[4, 3])
    fight.act("ada", "grapple", target="raider")
    fight.act("ada", "move", to=2)
    removed = fight.events(ConditionRemoved)
    assert [(e.target, e.name, e.why) for e in removed] == [
        ("raider", "grappled", "ada is out of reach")
    ]
    assert not fight.get("raider").has("grappled")


def test_c9_hold_ends_when_the_grappler_goes_down() -> None:
    """C9: a hold needs a grappler who can hold; one left dying lets go at once."""
    rook = fighter("rook", "raiders", 4)
    # grapple 4+3 = 7 vs 3+2 = 5; rook 3+3 = 6 vs ada 1+3 = 4, damage 1+2 = 3 on ada's 2 HP.
    fight = Fight(ada(), raider(), rook, dice=[4, 3, 3, 1, 1])
    fight.act("ada", "grapple", target="raider")
    fight.end("ada", "raider")
    fight.act("gm", "override", target="ada", hp=2)
    fight.act("rook", "attack", target="ada", weapon="sword")
    assert fight.get("ada").status is Status.DYING
    removed = fight.events(ConditionRemoved)
    assert [(e.target, e.name, e.why) for e in removed] == [("raider", "grappled", "ada is dying")]
    assert fight.state.outcome == "raiders won"
    assert fight.dice.remaining == ()


def test_c9_release_is_a_free_action() -> None:
    """C9: letting go needs no attention, so it is a free action after the turn's action."""
    fight = Fight(dice=[4, 3])
    fight.act("ada", "grapple", target="raider")
    fight.act("ada", "release", target="raider")
    assert not fight.get("raider").has("grappled")
    assert [e.action for e in fight.events(ActionSpent)] == ["grapple"]


def test_lines_19_shove_pushes_one_line_away_from_the_shover() -> None:
    """ "In the case of shoving, a successful roll pushes the entity by 1 line away from the one
    pushing" """
    # ada Dexterity 4+3 = 7 against the raider's Strength 3+2 = 5.
    fight = Fight(dice=[4, 3])
    fight.act("ada", "shove", target="raider")
    (moved,) = fight.events(Moved)
    assert (moved.target, moved.from_line, moved.to_line, moved.forced) == ("raider", 4, 5, True)
    assert fight.get("raider").moved == 0  # a push is not the raider's own movement
    fight.end("ada")
    fight.act("raider", "move", to=4)
    assert fight.get("raider").line == 4
    assert fight.dice.remaining == ()


def test_lines_19_failed_shove_moves_nobody() -> None:
    """ "a successful roll pushes the entity" - a lost contest pushes nobody."""
    fight = Fight(dice=[1, 6])
    fight.act("ada", "shove", target="raider")
    assert fight.events(Moved) == []
    assert fight.get("raider").line == 4
    assert fight.get("ada").acted is True


@pytest.mark.parametrize(("direction", "line"), [(-1, 3), (1, 5), (None, 5)])
def test_lines_19_shover_chooses_the_direction_on_a_shared_line(
    direction: int | None, line: int
) -> None:
    """ "(their choice if the two of them are in the same line)" - towards line 1 or line 6; with
    no choice, towards the target's own back line (line 6 for the raiders)."""
    fight = Fight(ada(line=4), raider(line=4), dice=[4, 3], layout="ambushed")
    fight.act("ada", "shove", target="raider", direction=direction)
    assert fight.get("raider").line == line
    assert fight.dice.remaining == ()


def test_lines_19_direction_is_no_choice_across_lines() -> None:
    """ "a successful roll pushes the entity by 1 line away from the one pushing (their choice if
    the two of them are in the same line)" - from another line the direction is fixed."""
    fight = Fight(dice=[4, 3])
    fight.refuse(
        "ada",
        "shove",
        "direction is a choice only when both stand on the same line; a shove from line 3 "
        "pushes line 4 towards line 5",
        target="raider",
        direction=-1,
    )


def test_c10_shove_at_the_edge_moves_nobody_by_default() -> None:
    """C10, option `shove_at_edge` (default no_move): a shove from line 5 at a target on line 6
    is rolled, but there is no line 7 to push it to."""
    fight = Fight(ada(line=5), raider(line=6), dice=[4, 3], layout="ambushed")
    fight.act("ada", "shove", target="raider")
    assert fight.events(ContestRolled)[0].succeeded is True
    assert fight.events(Moved) == []
    assert fight.get("raider").line == 6
    assert fight.dice.remaining == ()


def test_c10_option_shove_at_edge_refuse() -> None:
    """C10, option `shove_at_edge: refuse`: shoving someone off the battlefield is refused."""
    fight = Fight(
        ada(line=5),
        raider(line=6),
        dice=[4, 3],
        layout="ambushed",
        options={"shove_at_edge": "refuse"},
    )
    fight.refuse(
        "ada",
        "shove",
        r"raider is on line 6, the edge; there is no line 7 to push it to "
        r"\(option shove_at_edge: refuse\)",
        target="raider",
    )
    assert fight.dice.remaining == (4, 3)
