"""Random legal playouts of `tiers`: whatever the sheets, the dice and the choices, one living
character a square, HP bookkeeping, the status it implies, undo/redo and replay all hold."""

from __future__ import annotations

import random
from typing import Any, cast

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.core.actions import EndTurn
from fracas.core.dice import Dice
from fracas.core.encounter import Encounter, replay
from fracas.core.events import Event
from fracas.core.state import EncounterState, Status
from fracas.rulesets.tiers import RULESET
from fracas.rulesets.tiers.warrior import Warrior
from fracas.scenario import parse_scenario
from tests.tactics_playout import play_suggestions

WEAPONS = [
    {"id": "sword", "kind": "melee", "tier": 2},
    {"id": "dirk", "kind": "melee", "tier": 1},
    {"id": "pike", "kind": "melee", "tier": 2, "hands": 2},
    {"id": "bow", "kind": "bow", "tier": 2, "hands": 2, "range": 8},
    {"id": "javelin", "kind": "thrown", "tier": 1, "range": 4},
    {"id": "xbow", "kind": "crossbow", "tier": 2, "range": 8},
    {"id": "pistol", "kind": "firearm", "tier": 1, "range": 8, "sure": 2, "ammo": 1},
]


@st.composite
def warriors(draw: st.DrawFn, side: str, index: int) -> dict[str, Any]:
    carried = draw(st.lists(st.sampled_from(WEAPONS), max_size=3, unique_by=lambda w: w["id"]))
    stat = st.integers(0, 4)
    skills = ("main_hand", "off_hand", "unarmed", "two_handed", "bow", "crossbow", "thrown")
    return {
        "id": f"{side}{index}",
        "side": side,
        "hp": draw(st.integers(4, 20)),
        "position": {
            "x": index * 2 + (0 if side == "a" else 1),
            "y": 0 if side == "a" else 5,
            "facing": draw(st.sampled_from(["n", "e", "s", "w"])),
        },
        "stats": {"body": 3, "reflex": draw(stat), "presence": draw(stat)},
        "skills": {name: draw(stat) for name in skills},
        "weapons": carried,
        "armor": {"tier": draw(st.integers(0, 2))},
    }


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    left, right = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    combatants = [draw(warriors("a", i)) for i in range(left)]
    combatants += [draw(warriors("b", i)) for i in range(right)]
    return {"ruleset": "tiers", "map": {"width": 8, "height": 8}, "combatants": combatants}


def _check(state: EncounterState) -> None:
    tiles = [(c.x, c.y) for c in cast(tuple[Warrior, ...], state.combatants) if c.is_active]
    assert len(tiles) == len(set(tiles)), "one living character a square"
    for c in state.combatants:
        assert c.hp <= c.max_hp
        if c.status is Status.ACTIVE:
            assert c.hp > 0
        if c.hp <= -c.max_hp:
            assert c.status is Status.DEAD


@settings(max_examples=40, deadline=None)
@given(scenario=scenarios(), seed=st.integers(0, 2**16), data=st.data())
def test_random_legal_playouts_keep_the_invariants(
    scenario: dict[str, Any], seed: int, data: st.DataObject
) -> None:
    enc = Encounter(RULESET, RULESET.setup(parse_scenario(scenario)), Dice(random.Random(seed)))
    for _ in range(80):
        if enc.state.outcome is not None:
            break
        legal = enc.legal_actions()
        assert legal, "a fight in progress always offers at least end_turn"
        action = data.draw(st.sampled_from(legal))
        if not isinstance(action, EndTurn):
            assert enc.state.get(action.actor).is_active, "nobody fallen acts"
        before = enc.state
        enc.act(action)
        after = enc.state
        _check(after)
        enc.undo()
        assert enc.state == before
        enc.redo()
        assert enc.state == after
    assert replay(RULESET, enc.setup, enc.log) == enc.state


@settings(max_examples=40, deadline=None)
@given(scenario=scenarios(), seed=st.integers(0, 2**16))
def test_the_tactics_only_suggest_legal_actions(scenario: dict[str, Any], seed: int) -> None:
    enc = Encounter(RULESET, RULESET.setup(parse_scenario(scenario)), Dice(random.Random(seed)))

    def check(before: EncounterState, events: list[Event]) -> None:
        _check(enc.state)

    play_suggestions(enc, 200, check)
