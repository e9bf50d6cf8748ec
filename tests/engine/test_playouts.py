"""Random legal playouts of `lines`: whatever the dice and the choices, the invariants hold."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from fracas.core.actions import EndTurn
from fracas.core.dice import Dice
from fracas.core.encounter import Encounter, replay
from fracas.core.events import Event
from fracas.core.state import EncounterState, Status
from fracas.rulesets.lines import RULESET
from fracas.scenario import parse_scenario
from tests.tactics_playout import play_suggestions

dice_text = st.sampled_from(["1d6", "1d6+1", "1d6+3", "2d6", "2d6-1", "1d6+2"])
weapon = st.fixed_dictionaries(
    {"attack": dice_text, "damage": dice_text, "hands": st.sampled_from([1, 2])},
    optional={"range": st.integers(0, 4)},
)


@st.composite
def fighters(draw: st.DrawFn, side: str, index: int, lines: range) -> dict[str, Any]:
    cards = draw(st.lists(weapon, min_size=0, max_size=2))
    stat = st.integers(0, 4)
    return {
        "id": f"{side}{index}",
        "side": side,
        "position": {"line": draw(st.sampled_from(lines))},
        "stats": {
            "strength": draw(stat),
            "dexterity": draw(stat),
            "constitution": draw(st.integers(1, 3)),
            "perception": draw(stat),
            "mind": draw(stat),
        },
        "weapons": [{"id": f"w{n}", **card} for n, card in enumerate(cards)],
        "gear": draw(
            st.sampled_from(
                [
                    [],
                    [{"id": "kit", "kind": "medkit", "heal": "1d6", "charges": 2}],
                    [{"id": "stim", "kind": "stimpack", "heal": "1d6+1", "charges": 1}],
                ]
            )
        ),
    }


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    left = draw(st.lists(st.integers(), min_size=1, max_size=3))
    right = draw(st.lists(st.integers(), min_size=1, max_size=3))
    combatants = [draw(fighters("a", i, range(1, 4))) for i in range(len(left))]
    combatants += [draw(fighters("b", i, range(4, 7))) for i in range(len(right))]
    return {"ruleset": "lines", "combatants": combatants}


@given(scenario=scenarios(), seed=st.integers(0, 2**16), data=st.data())
def test_random_legal_playouts_keep_the_invariants(
    scenario: dict[str, Any], seed: int, data: st.DataObject
) -> None:
    spec = parse_scenario(scenario)
    enc = Encounter(RULESET, RULESET.setup(spec), Dice(random.Random(seed)))
    for _ in range(120):
        if enc.state.outcome is not None:
            break
        legal = enc.legal_actions()
        assert legal, "a fight in progress always offers at least end_turn"
        action = data.draw(st.sampled_from(legal))
        actor = enc.state.get(action.actor)
        if not isinstance(action, EndTurn):
            # One who fell (say, exhausted by a failed break-free) may still end the turn
            # it was on; nothing else.
            assert actor.status is Status.ACTIVE, "no dead, dying or unconscious combatant acts"
        before = enc.state
        enc.act(action)
        after = enc.state
        for combatant in after.combatants:
            assert 0 <= combatant.hp <= combatant.max_hp
            assert (combatant.hp == 0) == (combatant.status in (Status.DYING, Status.DEAD)) or (
                combatant.status is Status.UNCONSCIOUS
            )
        enc.undo()
        assert enc.state == before
        enc.redo()
        assert enc.state == after
    assert replay(RULESET, enc.setup, enc.log) == enc.state


@given(scenario=scenarios(), seed=st.integers(0, 2**16))
def test_the_tactics_only_suggest_legal_actions(scenario: dict[str, Any], seed: int) -> None:
    """Whatever the sheets and the dice, `suggest` hands out only actions `verify` accepts
    (autoplay may then act on them without checking again)."""
    spec = parse_scenario(scenario)
    enc = Encounter(RULESET, RULESET.setup(spec), Dice(random.Random(seed)))

    def hp_in_bounds(before: EncounterState, events: list[Event]) -> None:
        for combatant in enc.state.combatants:
            assert 0 <= combatant.hp <= combatant.max_hp

    play_suggestions(enc, 120, hp_in_bounds)
