"""The tick timeline (core/ticks.py), through `clockwork`, a ruleset that rolls nothing.

The fatewalker sentences quoted are the rules the core model was built for (seed 003,
Dramatic Scenes); the timeline itself knows no ruleset.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.core.encounter import replay
from fracas.core.errors import IllegalAction
from fracas.core.ticks import (
    ActionDeclared,
    ActionInterdicted,
    AnswersAwaited,
    DeclarationAnswered,
    TickReached,
    TicksSpent,
)
from tests.core.clockwork import RULESET, act, clock, cog, down, fight, ids


def test_an_action_moves_the_next_tick_by_its_cost() -> None:
    """L1404: "if a character's next Action Tick is 4 and then they resolve an Action that
    has a cost of 7 ticks, they could not declare another Action until 11"."""
    enc = fight(cog("ada", "a", start=4), cog("bo", "b", start=20))
    assert (clock(enc).tick, enc.state.actor) == (4, "ada")
    act(enc, "ada", cost=7)
    assert clock(enc).next_tick("ada") == 11
    assert (clock(enc).tick, enc.state.actor) == (11, "ada")


def test_the_clock_jumps_to_the_next_tick_at_which_someone_acts() -> None:
    """L1402: "the GM simply counts upward until either a Player or NPC has their Action
    Tick come up"; ticks nobody acts on are not visited."""
    enc = fight(cog("ada", "a", start=3), cog("bo", "b", start=7))
    reached = [e.tick for e in enc.log if isinstance(e, TickReached)]
    assert reached == [3]
    act(enc, "ada", cost=6)  # ada next at 9
    assert (clock(enc).tick, enc.state.actor) == (7, "bo")
    act(enc, "bo", cost=5)  # bo next at 12
    assert (clock(enc).tick, enc.state.actor) == (9, "ada")


def test_ties_go_to_the_higher_awareness() -> None:
    """L1431: "Whenever two characters wish to Declare an Action on the same tick, the
    character with the higher Awareness gets to go first"."""
    enc = fight(cog("ada", "a", awareness=2, start=5), cog("bo", "b", awareness=4, start=5))
    reached = next(e for e in enc.log if isinstance(e, TickReached))
    assert ids(reached.order) == [["bo"], ["ada"]]
    assert enc.state.actor == "bo"
    act(enc, "bo", cost=6)
    assert (clock(enc).tick, enc.state.actor) == (5, "ada")


def test_equal_awareness_declares_then_resolves_together() -> None:
    """L1431: "If they have the same Awareness then they must resolve their actions
    simultaneously": both declare before either resolves, so one felled by the other's
    action still acts."""
    enc = fight(cog("ada", "a", awareness=3, start=5), cog("bo", "b", awareness=3, start=5))
    assert clock(enc).simultaneous == ("ada", "bo")
    act(enc, "ada", cost=6, target="bo", fells=True)
    assert not down(enc, "bo")  # declared, not resolved
    assert clock(enc).declared[0].combatant == "ada"
    assert enc.state.actor == "bo"
    events = enc.act(
        RULESET.parse_action(
            {"actor": "bo", "do": "act", "cost": 4, "target": "ada", "fells": True}
        )
    )
    assert [type(e) for e in events][:1] == [ActionDeclared]
    assert down(enc, "ada") and down(enc, "bo")
    assert clock(enc).next_tick("ada") == 11 and clock(enc).next_tick("bo") == 9


def test_a_simultaneous_actor_must_declare_something() -> None:
    enc = fight(cog("ada", "a", start=5), cog("bo", "b", start=5))
    with pytest.raises(IllegalAction, match="simultaneously with bo"):
        enc.verify(RULESET.parse_action({"actor": "ada", "do": "end_turn"}))


def test_ending_the_turn_without_an_action_waits_one_tick() -> None:
    """L1404: a character whose tick comes up "must" choose an action; one who lets it pass
    is taken to wait a tick, so the clock always moves on."""
    enc = fight(cog("ada", "a", start=2), cog("bo", "b", start=9))
    act(enc, "ada", do="end_turn")
    assert (clock(enc).tick, enc.state.actor) == (3, "ada")


def test_a_reaction_adds_its_cost_to_the_next_tick() -> None:
    """L1413: "Reactions can be done at any point, even if the character's Tick has yet to
    come up" and "still have a tick cost and thus will increment the character's next
    Tick"."""
    enc = fight(cog("ada", "a", start=2), cog("bo", "b", start=6))
    act(enc, "ada", cost=6, target="bo", dodge_by="bo", dodge_cost=8)
    assert clock(enc).next_tick("bo") == 14
    assert (clock(enc).tick, enc.state.actor) == (8, "ada")


def test_a_reaction_takes_away_a_later_go_at_the_same_tick() -> None:
    """L1427: the tick repeats for those "who still have their Action Tick equal to the
    current tick": one whose reaction pushed its tick on is no longer due."""
    enc = fight(cog("ada", "a", awareness=5, start=4), cog("bo", "b", awareness=1, start=4))
    act(enc, "ada", cost=6, target="bo", dodge_by="bo", dodge_cost=5)
    assert clock(enc).next_tick("bo") == 9
    assert (clock(enc).tick, enc.state.actor) == (9, "bo")


def test_a_holder_may_preempt_after_two_ticks() -> None:
    """L3265: "A character must have been "held" for at least 2 ticks before they can
    preempt any actions"; L1415: preemptive actions "interdict the trigger Action by
    resolving first"."""
    enc = fight(cog("ada", "a", start=1), cog("bo", "b", start=4))
    act(enc, "ada", do="hold")  # holds from tick 1, next tick 3
    act(enc, "ada", do="hold")  # holding on at tick 3, next tick 5
    assert clock(enc).held_since("ada") == 1
    assert (clock(enc).tick, enc.state.actor) == (4, "bo")
    events = enc.act(
        RULESET.parse_action(
            {"actor": "bo", "do": "act", "cost": 6, "target": "ada", "fells": True}
        )
    )
    assert [type(e) for e in events] == [ActionDeclared, AnswersAwaited]
    assert enc.state.actor == "ada"
    events = enc.act(
        RULESET.parse_action(
            {"actor": "ada", "do": "act", "cost": 5, "target": "bo", "fells": True}
        )
    )
    assert ActionInterdicted(combatant="bo", why="bo is unconscious") in events
    assert not down(enc, "ada")
    assert clock(enc).next_tick("ada") == 10  # like a reaction: onto the held tick 5
    assert clock(enc).held_since("ada") is None


def test_a_holder_too_fresh_is_not_asked() -> None:
    """Held for less than 2 ticks: the declared action resolves without asking."""
    enc = fight(cog("ada", "a", start=1), cog("bo", "b", start=2))
    act(enc, "ada", do="hold")
    assert (clock(enc).tick, enc.state.actor) == (2, "bo")
    events = enc.act(
        RULESET.parse_action(
            {"actor": "bo", "do": "act", "cost": 6, "target": "ada", "fells": True}
        )
    )
    assert not any(isinstance(e, AnswersAwaited) for e in events)
    assert down(enc, "ada")


def test_a_holder_who_passes_lets_the_action_resolve() -> None:
    enc = fight(cog("ada", "a", start=1), cog("bo", "b", start=4), cog("cy", "b", start=50))
    act(enc, "ada", do="hold")
    act(enc, "ada", do="hold")  # holding on at tick 3; still held since 1
    assert clock(enc).held_since("ada") == 1
    act(enc, "bo", cost=6, target="cy")
    assert enc.state.actor == "ada"
    events = enc.act(RULESET.parse_action({"actor": "ada", "do": "end_turn"}))
    assert DeclarationAnswered(combatant="ada", answer="passed") in events
    assert clock(enc).next_tick("bo") == 10
    assert clock(enc).held_since("ada") == 1
    assert (clock(enc).tick, enc.state.actor) == (5, "ada")


def test_a_responder_cannot_answer_with_a_hold() -> None:
    enc = fight(cog("ada", "a", start=1), cog("bo", "b", start=4))
    act(enc, "ada", do="hold")
    act(enc, "ada", do="hold")
    act(enc, "bo", cost=6)
    with pytest.raises(IllegalAction, match="answer with an action"):
        enc.verify(RULESET.parse_action({"actor": "ada", "do": "hold"}))


def test_a_late_comer_joins_at_the_current_tick_plus_its_delay() -> None:
    """L1436: "Whenever a new (N)PC becomes aware of a combat scene they roll initiative and
    join the fray at Current Tick + Initiative roll"."""
    late = cog("cy", "b", start=None, aware_at=6, join_delay=4)
    enc = fight(cog("ada", "a", start=2), cog("bo", "b", start=30), late)
    assert clock(enc).next_tick("cy") is None
    act(enc, "ada", cost=8)  # next 10; the clock stops at 6 for cy's alarm, then at 10
    reached = [e.tick for e in enc.log if isinstance(e, TickReached)]
    assert reached == [2, 6, 10]
    assert clock(enc).next_tick("cy") == 10
    assert ids(clock(enc).queue) == [["ada", "cy"]]


def test_someone_who_cannot_act_is_passed() -> None:
    enc = fight(cog("ada", "a", start=2), cog("bo", "b", start=4), cog("cy", "b", start=6))
    act(enc, "ada", cost=1, target="bo", fells=True)  # ada again at 3
    act(enc, "ada", cost=4)  # next 7; bo (down) at 4 is passed
    skipped = [e for e in enc.log if e.kind == "turn_skipped"]
    assert [getattr(e, "combatant", None) for e in skipped] == ["bo"]
    assert (clock(enc).tick, enc.state.actor) == (6, "cy")


def test_replay_rebuilds_the_clock_without_the_ruleset_deciding_anything() -> None:
    enc = fight(cog("ada", "a", awareness=2, start=1), cog("bo", "b", awareness=2, start=3))
    act(enc, "ada", do="hold")
    act(enc, "ada", cost=5)
    act(enc, "bo", cost=3)
    assert replay(RULESET, enc.setup, enc.log) == enc.state


def test_the_state_reports_every_next_tick() -> None:
    enc = fight(cog("ada", "a", start=2), cog("bo", "b", start=5))
    report = enc.state.to_json()
    assert (report["tick"], report["next_ticks"], report["turn"]) == (2, {"ada": 2, "bo": 5}, "ada")
    assert enc.state.turns.standing("bo") == "next tick 5"


@settings(max_examples=60, deadline=None)
@given(
    starts=st.lists(st.integers(1, 12), min_size=2, max_size=4),
    ranks=st.lists(st.integers(0, 2), min_size=4, max_size=4),
    moves=st.lists(
        st.tuples(st.sampled_from(["act", "hold", "wait"]), st.integers(1, 9)), max_size=30
    ),
)
def test_the_clock_and_every_next_tick_only_move_forward(
    starts: list[int], ranks: list[int], moves: list[tuple[str, int]]
) -> None:
    """Whatever is played, the clock never goes back, nobody's next tick goes down, and the
    combatant asked to act is always due now (or answering a declaration)."""
    people = [cog(f"c{n}", f"s{n}", awareness=ranks[n], start=t) for n, t in enumerate(starts)]
    enc = fight(*people)
    seen_tick = clock(enc).tick
    nexts = dict(clock(enc).next_ticks)
    for kind, cost in moves:
        actor = enc.state.actor
        if actor is None:
            break
        if kind == "hold":
            fields = {"do": "hold"}
        elif kind == "wait" and not clock(enc).simultaneous:
            fields = {"do": "end_turn"}
        else:
            fields = {"do": "act", "cost": cost}
        action = RULESET.parse_action({"actor": actor, **fields})
        if not enc.can(action):
            action = RULESET.parse_action({"actor": actor, "do": "act", "cost": cost})
        enc.act(action)
        now = clock(enc)
        assert now.tick >= seen_tick
        for who, tick in now.next_ticks:
            assert tick >= nexts.get(who, 0)
        spent = [e for e in enc.log if isinstance(e, TicksSpent)]
        assert all(e.tick > 0 for e in spent)
        current = now.current
        assert current is None or now.next_tick(current) == now.tick or current in now.responders
        seen_tick, nexts = now.tick, dict(now.next_ticks)


def test_a_later_group_at_the_same_tick_passes_whoever_the_first_felled() -> None:
    """L1431: "the character with the higher Awareness gets to go first"; L1427: the later
    ones declare only while they "still have their Action Tick equal to the current tick",
    and one felled by the first is in no state to: every group started at a tick passes
    its downed, not only the first group."""
    enc = fight(
        cog("ada", "a", awareness=3, start=5),
        cog("bo", "b", awareness=1, start=5),
        cog("cy", "b", awareness=1, start=9),
    )
    reached = next(e for e in enc.log if isinstance(e, TickReached))
    assert ids(reached.order) == [["ada"], ["bo"]]
    act(enc, "ada", cost=6, target="bo", fells=True)
    skipped = [e for e in enc.log if e.kind == "turn_skipped"]
    assert [getattr(e, "combatant", None) for e in skipped] == ["bo"]
    assert (clock(enc).tick, enc.state.actor) == (9, "cy")


def test_a_later_simultaneous_group_passes_whoever_an_earlier_group_felled() -> None:
    """L1431: equals "resolve their actions simultaneously", after any higher Awareness:
    a pair started after the first group passes the one it felled and lets the other act."""
    enc = fight(
        cog("ada", "a", awareness=3, start=5),
        cog("bo", "b", awareness=1, start=5),
        cog("cy", "b", awareness=1, start=5),
    )
    act(enc, "ada", cost=6, target="bo", fells=True)
    skipped = [e for e in enc.log if e.kind == "turn_skipped"]
    assert [getattr(e, "combatant", None) for e in skipped] == ["bo"]
    assert (clock(enc).tick, enc.state.actor, clock(enc).simultaneous) == (5, "cy", ())
    act(enc, "cy", cost=2)
    assert (clock(enc).tick, enc.state.actor) == (7, "cy")
