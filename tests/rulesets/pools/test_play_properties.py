"""Random legal play through the example fights, with invariants checked after every action
(the places where rules built apart meet: moves, holds, rides, falls, hiding, traps).

Each example is set up as `fracas run` would, with seeded dice; hypothesis picks, action
after action, one of the actions the ruleset accepts at that moment, from autoplay's
candidates and a broad menu of everything a soldier might try. After each one:

- nobody is below altitude 0;
- rider and mount name each other;
- every hold is held on both sides, holder and held at the same place;
- HP changed only through a logged `damaged` event, and stands at that event's number;
- replaying the whole log over the set-up state gives the very same state;
- a player's view holds no trace of an enemy hidden from it (its id, its secrets), nor of
  an enemy trap it has not spotted;
- no event a player receives (`shown`, judged on the state just after it) names, in its JSON
  or its `describe()`, anyone that player's view leaves out, nor such a one's trap; the GM
  receives every event as it is (tests/rulesets/secrets.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.core.actions import Action, EndTurn
from fracas.core.encounter import Encounter, replay
from fracas.core.errors import FracasError
from fracas.core.state import EncounterState
from fracas.rulesets.pools import RULESET
from fracas.rulesets.pools.events import HOLDING, HOLDS, Damaged
from fracas.rulesets.pools.rules.common import together
from fracas.rulesets.pools.soldier import Soldier
from tests.rulesets.secrets import WHOLE_FIGHTS, check_secrets, example_encounter

EXAMPLES = sorted(Path(__file__).resolve().parents[3].joinpath("examples").glob("pools-*.yaml"))
STEPS = 60


def _menu(state: EncounterState, actor: str) -> Iterator[dict[str, Any]]:
    """Everything `actor` might try now; the ruleset sorts out what it may."""
    me = cast(Soldier, state.get(actor))
    others = [c.id for c in state.combatants if c.id != actor]
    for step in (me.distance - 1, me.distance + 1):
        if step >= 0:
            yield {"do": "move", "to": step}
            yield {"do": "drag", "to": step}
    for up in (me.altitude - 1, me.altitude + 1):
        if up >= 0:
            yield {"do": "fly", "altitude": up}
    yield {"do": "fly", "stop": True}
    for simple in ("take_cover", "stealth", "search", "pin", "human_shield", "devour"):
        yield {"do": simple}
    for simple in ("break_free", "release", "dismount"):
        yield {"do": simple}
    yield {"do": "set_trap", "kind": "killing"}
    for other in others:
        yield {"do": "grapple", "target": other}
        yield {"do": "mount", "target": other}
        yield {"do": "ambush", "targets": [other]}
        yield {"do": "attack", "target": other}
        for weapon in me.weapons:
            if weapon.kind == "melee":
                yield {"do": "attack", "target": other, "weapon": weapon.id}
            else:
                yield {"do": "shoot", "weapon": weapon.id, "targets": [{"target": other}]}
    held = me.condition(HOLDING)
    if held is not None and held.detail:
        for weapon in cast(Soldier, state.get(held.detail)).weapons:
            yield {"do": "disarm", "weapon": weapon.id, "then": "drop"}
    yield {
        "do": "trigger",
        "when": {"event": "acts"},
        "then": {"do": "take_cover"},
    }


def _legal(encounter: Encounter) -> list[Action]:
    state = encounter.state
    actor = state.actor
    assert actor is not None
    found: list[Action] = list(RULESET.candidate_actions(state, actor))
    for raw in _menu(state, actor):
        try:
            found.append(RULESET.parse_action({"actor": actor, **raw}))
        except FracasError:
            continue
    legal = []
    for action in found:
        if action not in legal and encounter.can(action):
            legal.append(action)
    return legal or [EndTurn(actor=actor)]


def _people(state: EncounterState) -> list[Soldier]:
    return cast(list[Soldier], list(state.combatants))


def _check(setup: EncounterState, encounter: Encounter, before: EncounterState, start: int) -> None:
    state = encounter.state
    people = {p.id: p for p in _people(state)}
    for who in people.values():
        assert who.altitude >= 0, who.id
        if who.riding is not None:
            assert people[who.riding].ridden_by == who.id
        if who.ridden_by is not None:
            assert people[who.ridden_by].riding == who.id
        grip = who.condition(HOLDING)
        if grip is not None:
            held = people[cast(str, grip.detail)]
            assert any(c.name in HOLDS and c.source == who.id for c in held.conditions)
            assert together(who, held), (who.id, held.id)
        for hold in (c for c in who.conditions if c.name in HOLDS):
            holder = people[cast(str, hold.source)]
            assert holder.condition(HOLDING) is not None
            assert cast(Any, holder.condition(HOLDING)).detail == who.id
    last = encounter.log[start:]
    damage = {e.target: e.hp for e in last if isinstance(e, Damaged)}
    for old in _people(before):
        if people[old.id].hp != old.hp:
            assert damage.get(old.id) == people[old.id].hp, old.id
    assert replay(RULESET, setup, encounter.log) == state
    for viewer in people.values():
        _check_view(state, viewer)
    check_secrets(RULESET, before, last, people)


def _check_view(state: EncounterState, viewer: Soldier) -> None:
    text = json.dumps(RULESET.view(state, viewer.id))
    for enemy in _people(state):
        if enemy.side == viewer.side:
            continue
        if viewer.id in enemy.hidden_from:
            assert f'"{enemy.id}"' not in text, (viewer.id, enemy.id)
        for trap in enemy.traps:
            if viewer.id not in trap.spotted_by:
                assert f'"{trap.id}"' not in text, (viewer.id, trap.id)


@settings(WHOLE_FIGHTS, max_examples=40)
@given(example=st.sampled_from(EXAMPLES), seed=st.integers(0, 10_000), data=st.data())
def test_random_legal_play_keeps_the_invariants(
    example: Path, seed: int, data: st.DataObject
) -> None:
    encounter = example_encounter(RULESET, example, seed)
    setup = encounter.setup
    for _ in range(STEPS):
        if encounter.state.outcome is not None:
            break
        legal = _legal(encounter)
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        before, start = encounter.state, len(encounter.log)
        encounter.act(action)
        _check(setup, encounter, before, start)
