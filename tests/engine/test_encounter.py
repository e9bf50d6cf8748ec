"""The encounter's promises: refusals change nothing, replay needs no dice, undo/redo."""

from __future__ import annotations

import pytest

from fracas.core.encounter import replay
from fracas.core.errors import IllegalAction
from fracas.core.events import DiceRolled, FightEnded
from fracas.rulesets.lines import RULESET
from tests.engine.fixtures import act, encounter


def test_a_refused_action_changes_nothing() -> None:
    enc = encounter([])
    before, log = enc.state, enc.log
    with pytest.raises(IllegalAction, match="it is ada's turn, not rook's"):
        act(enc, actor="rook", do="attack", target="ada", weapon="bow")
    assert enc.state == before
    assert enc.log == log


def test_replay_of_the_log_rebuilds_the_state_without_dice() -> None:
    enc = encounter([5, 3, 4])  # attack 8 against defense 4: a hit for 4 + 2
    act(enc, actor="ada", do="attack", target="rook", weapon="sword")
    act(enc, actor="ada", do="end_turn")
    assert replay(RULESET, enc.setup, enc.log) == enc.state
    assert enc.state.get("rook").hp == 4
    assert enc.state.actor == "rook"


def test_undo_then_redo_restores_the_same_state_and_does_not_reroll() -> None:
    enc = encounter([4, 2, 3])
    act(enc, actor="ada", do="attack", target="rook", weapon="sword")
    after = enc.state
    enc.undo()
    assert enc.state.get("rook").hp == 10
    enc.redo()  # no faces are left: redo must re-apply the logged events, not roll
    assert enc.state == after
    assert enc.state.get("rook").hp == 5


def test_undo_and_redo_refuse_when_there_is_nothing_to_move() -> None:
    enc = encounter([])
    with pytest.raises(IllegalAction, match="nothing to undo"):
        enc.undo()
    with pytest.raises(IllegalAction, match="nothing to redo"):
        enc.redo()


def test_a_new_action_after_undo_clears_redo() -> None:
    enc = encounter([4, 2, 3])
    act(enc, actor="ada", do="move", to=2)
    enc.undo()
    act(enc, actor="ada", do="end_turn")
    with pytest.raises(IllegalAction):
        enc.redo()


def test_every_roll_is_a_logged_event_with_its_faces() -> None:
    enc = encounter([4, 2, 3])
    act(enc, actor="ada", do="attack", target="rook", weapon="sword")
    rolls = [e for e in enc.log if isinstance(e, DiceRolled)]
    assert [(r.expr, r.faces, r.total) for r in rolls] == [
        ("1d6+3", (4,), 7),
        ("1d6+1", (2,), 3),
        ("1d6+2", (3,), 5),
    ]


def test_the_fight_ends_when_one_side_stands_and_refuses_more_actions() -> None:
    enc = encounter([6, 1, 6, 6])  # 9 against 2: a critical, 1d6+1d6 + 2x2 = 16 damage
    act(enc, actor="ada", do="attack", target="rook", weapon="sword")
    assert enc.state.outcome == "players won"
    assert isinstance(enc.log[-1], FightEnded)
    with pytest.raises(IllegalAction, match="the fight is over"):
        act(enc, actor="ada", do="end_turn")


def test_can_answers_without_raising() -> None:
    enc = encounter([])
    attack = RULESET.parse_action(
        {"actor": "ada", "do": "attack", "target": "rook", "weapon": "sword"}
    )
    wrong = RULESET.parse_action({"actor": "ada", "do": "move", "to": 6})
    assert enc.can(attack)
    assert not enc.can(wrong)


def test_talk_is_free_and_allowed_out_of_turn() -> None:
    enc = encounter([])
    act(enc, actor="rook", do="say", text="Hand over the water.")
    assert enc.log[-1].describe() == "rook says: Hand over the water."
    assert enc.state.actor == "ada"


def test_a_log_round_trips_through_json_within_its_ruleset() -> None:
    """Kinds are unique per ruleset (lines and nwo both log `moved`): decoding is scoped."""
    from fracas.core.events import event_from_json, event_types

    enc = encounter([5, 3, 4])
    act(enc, actor="ada", do="attack", target="rook", weapon="sword")
    act(enc, actor="ada", do="move", to=2)
    decoded = [event_from_json(e.to_json(), "lines") for e in enc.log]
    assert decoded == list(enc.log)
    assert replay(RULESET, enc.setup, decoded) == enc.state
    assert event_types("lines")["moved"] is not event_types("nwo")["moved"]
