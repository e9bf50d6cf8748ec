"""fatewalker on the tick timeline: initiative, ties, late comers, holds (Dramatic Scenes,
"Keeping Time" to "Surprise/Ambush")."""

from __future__ import annotations

from fracas.core.ticks import ActionTickSet, AnswersAwaited, HoldEnded, TickReached
from fracas.rulesets.fatewalker.events import Struck
from tests.rulesets.fatewalker.helpers import Fight, walker


def _ticks(fight: Fight) -> dict[str, int]:
    return {e.combatant: e.tick for e in fight.events(ActionTickSet)}


def test_initiative_is_10_minus_awareness_successes_at_tn_4() -> None:
    """L1434: "A character resolves their starting Action Tick as 10 - Awareness(4) roll
    (minimum of 1)": 3 successes give tick 7; 12 successes still give tick 1."""
    ada = walker("ada", "a", start=None, attributes={"awareness": 3})
    bo = walker("bo", "b", start=None, attributes={"awareness": 12}, x=1)
    fight = Fight(ada, bo, dice=[1, 2, 3] + [1] * 12)
    assert _ticks(fight) == {"ada": 7, "bo": 1}


def test_a_surprised_side_adds_the_gms_penalty() -> None:
    """L1440: "(10 + penalty) - Successes for the surprised party"."""
    ada = walker("ada", "a", start=None, attributes={"awareness": 3})
    bo = walker("bo", "b", start=None, attributes={"awareness": 3}, x=1)
    fight = Fight(ada, bo, dice=[1, 2, 3, 1, 2, 3], options={"surprise": {"b": 10}})
    assert _ticks(fight) == {"ada": 7, "bo": 17}


def test_the_higher_awareness_goes_first_on_a_shared_tick() -> None:
    """L1431: "the character with the higher Awareness gets to go first"."""
    ada = walker("ada", "a", start=5, attributes={"awareness": 2})
    bo = walker("bo", "b", start=5, attributes={"awareness": 4}, x=1)
    fight = Fight(ada, bo)
    assert fight.events(TickReached)[0].order == (("bo",), ("ada",))
    assert fight.state.actor == "bo"


def test_a_late_comer_rolls_when_aware_and_joins_at_that_tick_plus_the_roll() -> None:
    """L1436: "they roll initiative and join the fray at Current Tick + Initiative roll"."""
    cy = walker("cy", "b", start=None, aware_at=3, attributes={"awareness": 2}, x=1)
    fight = Fight(walker("ada", "a"), walker("bo", "b", start=20, x=1), cy, dice=[1, 9])
    assert fight.clock.next_tick("cy") is None
    fight.end("ada", "ada")  # waits a tick, twice: the clock reaches cy's tick 3
    assert fight.clock.next_tick("cy") == 3 + 9


def test_a_holder_strikes_before_the_declared_strike_resolves() -> None:
    """L3265: a hold of 2 ticks or more lets its holder preempt; L1415: preemptive actions
    "interdict the trigger Action by resolving first"."""
    ada = walker("ada", "a")
    bo = walker("bo", "b", start=4, x=1)
    fight = Fight(ada, bo, dice=[9, 9, 9, 9, 9, 9])
    fight.act("ada", "hold")
    fight.act("ada", "hold")  # at tick 3: still held since tick 1, next tick 5
    events = fight.act("bo", "strike", target="ada", weapon="knife", reaction="none")
    assert any(isinstance(e, AnswersAwaited) for e in events)
    assert fight.state.actor == "ada"
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="none")
    assert [s.attacker for s in fight.events(Struck)] == ["ada", "bo"]
    assert HoldEnded(combatant="ada", why="preempts") in fight.log
    assert fight.clock.next_tick("ada") == 10  # onto the held tick 5, like a reaction
    assert fight.clock.next_tick("bo") == 9
