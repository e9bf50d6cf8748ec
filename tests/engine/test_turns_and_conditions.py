"""Turn flow and condition timing, seen through the core events they emit."""

from __future__ import annotations

import pytest

from fracas.core.conditions import Condition, Expiry
from fracas.core.encounter import replay
from fracas.core.events import (
    ConditionApplied,
    ConditionCounted,
    ConditionRemoved,
    RoundEnded,
    RoundStarted,
    TurnEnded,
    TurnStarted,
)
from fracas.core.transaction import Transaction
from fracas.rulesets.lines import RULESET
from tests.engine.fixtures import act, encounter


def test_end_turn_passes_to_the_next_in_order_and_wraps_the_round() -> None:
    enc = encounter([])
    assert (enc.state.turns.round, enc.state.actor) == (1, "ada")
    act(enc, actor="ada", do="end_turn")
    assert (enc.state.turns.round, enc.state.actor) == (1, "rook")
    events = enc.act(RULESET.parse_action({"actor": "rook", "do": "end_turn"}))
    assert [type(e) for e in events] == [TurnEnded, RoundEnded, RoundStarted, TurnStarted]
    assert (enc.state.turns.round, enc.state.actor) == (2, "ada")


def _apply(enc_state: object, condition: Condition) -> object:
    tx = Transaction(RULESET, enc_state, None)  # type: ignore[arg-type]
    tx.emit(ConditionApplied(target="rook", condition=condition))
    return tx.state


@pytest.mark.parametrize(
    ("condition", "present_after"),
    [
        # lapses when ada's turn ends: gone after the first end_turn
        (Condition(name="c", expiry=Expiry.END_OF_TURN, anchor="ada"), [False, False, False]),
        # lapses at the start of rook's turn, which the first end_turn begins
        (Condition(name="c", expiry=Expiry.START_OF_TURN, anchor="rook"), [False, False, False]),
        # lapses at the end of rook's turn: still there after ada's, gone after rook's
        (Condition(name="c", expiry=Expiry.END_OF_TURN, anchor="rook"), [True, False, False]),
        # waits for the second end of ada's turn
        (
            Condition(name="c", expiry=Expiry.END_OF_TURN, anchor="ada", count=2),
            [True, True, False],
        ),
        (Condition(name="c", expiry=Expiry.END_OF_ROUND), [True, False, False]),
        (Condition(name="c"), [True, True, True]),
    ],
)
def test_conditions_lapse_at_their_moment(condition: Condition, present_after: list[bool]) -> None:
    enc = encounter([])
    enc.state = _apply(enc.state, condition)  # type: ignore[assignment]
    seen = []
    for actor in ("ada", "rook", "ada"):
        act(enc, actor=actor, do="end_turn")
        seen.append(enc.state.get("rook").has("c"))
    assert seen == present_after


def test_a_counted_condition_logs_each_step() -> None:
    enc = encounter([])
    enc.state = _apply(  # type: ignore[assignment]
        enc.state, Condition(name="c", expiry=Expiry.END_OF_TURN, anchor="ada", count=2)
    )
    first = enc.act(RULESET.parse_action({"actor": "ada", "do": "end_turn"}))
    assert ConditionCounted(target="rook", name="c", remaining=1) in first
    act(enc, actor="rook", do="end_turn")
    third = enc.act(RULESET.parse_action({"actor": "ada", "do": "end_turn"}))
    assert ConditionRemoved(target="rook", name="c", why="end_of_turn") in third


def test_gm_overrides_are_logged_events_that_replay() -> None:
    enc = encounter([])
    act(enc, actor="gm", do="override", target="rook", hp=4, add_condition="blessed", note="ruling")
    act(enc, actor="gm", do="override", target="rook", position={"line": 6})
    rook = enc.state.get("rook")
    assert (rook.hp, rook.has("blessed"), rook.position_json()) == (4, True, {"line": 6})
    assert [e.kind for e in enc.log[-3:]] == ["hp_set", "condition_applied", "moved"]
    assert replay(RULESET, enc.setup, enc.log) == enc.state


def test_gm_override_with_a_bad_value_is_refused() -> None:
    enc = encounter([])
    with pytest.raises(Exception, match="unknown status 'asleep'"):
        act(enc, actor="gm", do="override", target="rook", status="asleep")
    with pytest.raises(Exception, match="there is no combatant 'nobody'"):
        act(enc, actor="gm", do="override", target="nobody", hp=3)


def test_a_condition_can_lapse_on_an_event_that_concerns_its_bearer() -> None:
    """Conditions that last "until something happens": here, rook's mark lapses when rook
    moves; ada moving does not end it."""
    enc = encounter([])
    mark = Condition(name="c", expiry=Expiry.ON_EVENT, anchor="rook", event="moved")
    enc.state = _apply(enc.state, mark)  # type: ignore[assignment]
    act(enc, actor="ada", do="move", to=2)
    assert enc.state.get("rook").has("c")
    act(enc, actor="ada", do="end_turn")
    events = enc.act(RULESET.parse_action({"actor": "rook", "do": "move", "to": 5}))
    assert ConditionRemoved(target="rook", name="c", why="on_event") in events
    assert not enc.state.get("rook").has("c")
    assert replay(RULESET, enc.setup, enc.log) == enc.state
