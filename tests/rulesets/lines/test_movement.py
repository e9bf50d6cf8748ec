"""Movement between lines, and the Dash."""

from __future__ import annotations

from fracas.rulesets.lines.events import ActionSpent, Moved, MovementGranted

from .helpers import Fight, ada, raider


def test_lines_8_move_to_the_neighbouring_line() -> None:
    """ "All entities on the combat area can move to the neighboring line during their turn." """
    fight = Fight(dice=[])
    fight.act("ada", "move", to=2)
    (moved,) = fight.events(Moved)
    assert (moved.target, moved.from_line, moved.to_line, moved.forced) == ("ada", 3, 2, False)
    assert (fight.get("ada").line, fight.get("ada").moved) == (2, 1)
    fight.refuse("ada", "move", r"can move 0 more this turn \(a dash allows 2\)", to=1)
    fight.refuse("ada", "move", "can move 0 more this turn", to=3)
    fight.end("ada", "raider")
    fight.act("ada", "move", to=1)  # a new turn, a new step
    assert fight.get("ada").line == 1


def test_lines_8_no_two_line_move_without_a_dash() -> None:
    """ "All entities on the combat area can move to the neighboring line during their turn."
    Two lines at once is refused."""
    fight = Fight(dice=[])
    fight.refuse("ada", "move", r"line 1 is 2 lines from line 3; ada can move 1 more", to=1)


def test_c5_move_is_in_addition_to_the_action_and_may_enter_enemy_lines() -> None:
    """C5 (option `move_uses_action` default false): the step to a neighbouring line comes on
    top of the turn's action, and any line may be entered, enemy lines included."""
    fight = Fight(ada(), raider(line=5), dice=[4, 2, 5])
    fight.act("ada", "move", to=4)
    fight.act("ada", "attack", target="raider", weapon="sword")
    assert fight.get("ada").line == 4
    assert fight.get("raider").hp == 3
    assert fight.dice.remaining == ()


def test_c5_option_move_uses_action() -> None:
    """C5, option `move_uses_action: true`: stepping to a neighbouring line is the turn's one
    action, so no attack after it (and no step after an attack)."""
    fight = Fight(ada(), raider(line=5), dice=[4, 2, 5], options={"move_uses_action": True})
    fight.act("ada", "move", to=4)
    assert [e.action for e in fight.events(ActionSpent)] == ["move"]
    fight.refuse(
        "ada", "attack", "already used this turn's action", target="raider", weapon="sword"
    )
    fight.end("ada", "raider")
    fight.act("ada", "attack", target="raider", weapon="sword")
    fight.refuse("ada", "move", "already used this turn's action", to=5)
    assert fight.get("ada").line == 4
    assert fight.get("raider").hp == 3
    assert fight.dice.remaining == ()


def test_lines_15_dash_moves_two_lines_at_once() -> None:
    """ "Players can decide to not take any action during their turn and instead focus on
    movement. In such a case, they can move from one line to the other twice during their
    turn." """
    fight = Fight(dice=[])
    fight.act("ada", "dash", to=1)
    assert [e.action for e in fight.events(ActionSpent)] == ["dash"]
    assert fight.events(MovementGranted)[0].allowance == 2
    assert (fight.get("ada").line, fight.get("ada").moved) == (1, 2)
    fight.refuse(
        "ada", "attack", "already used this turn's action", target="raider", weapon="sword"
    )
    fight.refuse("ada", "move", "can move 0 more this turn", to=2)


def test_lines_15_dash_then_two_single_steps() -> None:
    """ "they can move from one line to the other twice during their turn": a dash without a
    destination allows two separate steps, and no third."""
    fight = Fight(dice=[])
    fight.act("ada", "dash")
    fight.act("ada", "move", to=4)
    fight.act("ada", "move", to=5)
    assert [(m.from_line, m.to_line) for m in fight.events(Moved)] == [(3, 4), (4, 5)]
    fight.refuse("ada", "move", "can move 0 more this turn", to=6)
    fight.end("ada")
    fight.end("raider")
    assert (fight.get("ada").move_allowance, fight.get("ada").moved) == (1, 0)


def test_lines_15_dash_after_a_step_allows_one_more() -> None:
    """ "they can move from one line to the other twice during their turn": a step already taken
    counts as one of the two."""
    fight = Fight(dice=[])
    fight.act("ada", "move", to=2)
    fight.refuse("ada", "dash", "can move 1 more this turn", to=4)
    fight.act("ada", "dash", to=1)
    assert fight.get("ada").line == 1


def test_lines_15_dash_needs_the_action() -> None:
    """ "Players can decide to not take any action during their turn and instead focus on
    movement": after acting, no dash."""
    fight = Fight(dice=[4, 2, 5])
    fight.act("ada", "attack", target="raider", weapon="sword")
    fight.refuse("ada", "dash", "already used this turn's action", to=1)
    assert fight.dice.remaining == ()


def test_lines_1_no_line_beyond_the_six() -> None:
    """ "All fights take place on an area divided into 6 lines": there is no line 0 or 7."""
    fight = Fight(ada(line=1), raider(line=6), dice=[])
    fight.refuse("ada", "move", "line 0 does not exist; lines are numbered 1 to 6", to=0)
    fight.end("ada")
    fight.refuse("raider", "move", "line 7 does not exist", to=7)


def test_c5_option_move_uses_action_still_lets_a_dash_take_two_steps() -> None:
    """C5, option `move_uses_action: true`, with LINES-15: "they can move from one line to the
    other twice during their turn" - the dash is the action, and the two steps it buys follow
    it without needing a second action."""
    fight = Fight(dice=[], options={"move_uses_action": True})
    fight.act("ada", "dash")
    fight.act("ada", "move", to=2)
    fight.act("ada", "move", to=1)
    assert fight.get("ada").line == 1
    assert [e.action for e in fight.events(ActionSpent)] == ["dash"]
