"""The state's look-ups (by id, by condition, derived facts) agree with scanning everyone.

They exist for speed, so the only way they can be wrong is by going stale: these tests change
combatants the way events do and compare each look-up with the plain scan it replaces.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fracas.core.conditions import Condition
from fracas.core.state import Combatant, EncounterState, replace

IDS = ("ada", "bo", "cy", "dee")
NAMES = ("grappled", "prone", "aiming")


def fresh() -> EncounterState:
    people = tuple(Combatant(id=i, name=i, side=i, hp=5, max_hp=5) for i in IDS)
    return EncounterState(ruleset="test", combatants=people)


def scanned(state: EncounterState, name: str) -> tuple[str, ...]:
    return tuple(c.id for c in state.combatants if c.has(name))


changes = st.lists(
    st.tuples(st.sampled_from(IDS), st.sampled_from(NAMES), st.booleans(), st.integers(0, 9)),
    max_size=30,
)


@given(changes, st.booleans())
def test_bearers_follow_every_change_of_conditions(steps: list, ask_first: bool) -> None:
    state = fresh()
    if ask_first:
        state.bearers("prone")  # build the index before the changes, so it must be kept up
    for who, name, add, hp in steps:
        person = state.get(who)
        kept = tuple(c for c in person.conditions if c.name != name)
        marks = (*kept, Condition(name=name)) if add else kept
        state = state.with_combatant(dataclasses.replace(person, conditions=marks, hp=hp))
        for each in NAMES:
            assert tuple(c.id for c in state.bearers(each)) == scanned(state, each)


def test_an_older_state_keeps_its_own_bearers() -> None:
    """Undo hands back an older state: a change made after it must not show in it."""
    before = fresh()
    assert before.bearers("prone") == ()
    ada = before.get("ada")
    after = before.with_combatant(dataclasses.replace(ada, conditions=(Condition(name="prone"),)))
    assert [c.id for c in after.bearers("prone")] == ["ada"]
    assert before.bearers("prone") == ()


def test_find_and_get_see_the_replaced_combatant() -> None:
    state = fresh()
    changed = state.with_combatant(dataclasses.replace(state.get("cy"), hp=1))
    assert changed.get("cy").hp == 1
    assert state.get("cy").hp == 5
    assert changed.find("nobody") is None
    assert [c.id for c in changed.combatants] == list(IDS)


def test_derived_facts_are_worked_out_once_per_state() -> None:
    state = fresh()
    calls: list[int] = []

    def count() -> int:
        calls.append(1)
        return len(calls)

    assert state.derived("key", count) == 1
    assert state.derived("key", count) == 1
    later = state.with_combatant(dataclasses.replace(state.get("ada"), hp=2))
    assert later.derived("key", count) == 2  # a new state works it out anew


def test_replace_copies_every_field_like_dataclasses_does() -> None:
    ada = fresh().get("ada")
    marked = replace(ada, hp=2, conditions=(Condition(name="prone"),))
    assert marked == dataclasses.replace(ada, hp=2, conditions=(Condition(name="prone"),))
    assert type(marked) is type(ada)
    assert ada.hp == 5  # the original is untouched


def test_replace_refuses_a_field_the_combatant_does_not_have() -> None:
    with pytest.raises(TypeError, match="no field hitpoints"):
        replace(fresh().get("ada"), hitpoints=3)


def test_but_hands_on_the_look_ups_only_while_the_combatants_stay() -> None:
    state = fresh()
    state.bearers("prone")
    later = state.but(outcome="draw")
    assert later.outcome == "draw"
    assert later.get("bo") is state.get("bo")
    assert later.derived("fresh", lambda: 1) == 1


def test_but_with_new_combatants_looks_them_up_anew() -> None:
    state = fresh()
    state.get("ada")
    state.bearers("prone")
    ada = dataclasses.replace(state.get("ada"), conditions=(Condition(name="prone"),))
    reordered = state.but(combatants=(state.get("dee"), ada))
    assert reordered.get("ada") is ada
    assert reordered.find("bo") is None
    assert reordered.bearers("prone") == (ada,)
