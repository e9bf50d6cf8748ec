"""Lighting and dropping a torch (rules/torches.py, TIERS-56, TIERS-58, B52)."""

from __future__ import annotations

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.tiers.events import ActionSpent
from fracas.rulesets.tiers.rules.light import BRIGHT, DARK, light_at
from fracas.rulesets.tiers.rules.torches import TorchDropped, TorchLit
from tests.rulesets.tiers.helpers import Fight, warrior

DARK_ROOM = {"width": 30, "height": 5, "light": {"level": 0}}


def _fight(lit: bool = False) -> Fight:
    """a carries a torch in a dark room, at (2, 2); b far off at (25, 2)."""
    return Fight(
        warrior("a", "red", 2, 2),
        warrior("b", "blue", 25, 2),
        map={**DARK_ROOM, "lights": [{"carried_by": "a", "lit": lit}]},
    )


def test_lighting_a_torch_is_a_non_contested_action() -> None:
    """Seed: "Non-contested actions include: ... lighting a torch" and "A lit ... torch ...
    will project a 5-tile radius of bright light and a secondary 10-tile radius of Low Light
    1": dark around a before; after one non-contested action, bright 5 tiles off at (7, 2)
    and Low Light 1 at (12, 2)."""
    fight = _fight()
    assert light_at(fight.state, (2, 2)) == DARK
    fight.act("a", "light_torch")
    assert [e.light for e in fight.events(TorchLit)] == ["torch"]
    assert [(e.action, e.contested) for e in fight.events(ActionSpent)] == [("light torch", False)]
    assert light_at(fight.state, (7, 2)) == BRIGHT
    assert light_at(fight.state, (12, 2)) == 1
    fight.refuse("a", "light_torch", "a has no unlit torch to light: its torch is already lit")


def test_a_dropped_torch_stays_lit_where_it_fell() -> None:
    """Seed: free actions may "drop a weapon (or any other object) ... on anyone's turn": a
    sets its lit torch down on b's turn at no action's cost and walks off on its next; the
    torch still lights (2, 2) and a at (7, 2) stands in its bright light, (12, 2) in its ring,
    and (15, 2) in the dark, though a walked to it."""
    fight = _fight(lit=True)
    fight.end("a")
    fight.act("a", "drop_torch")
    assert [e.at for e in fight.events(TorchDropped)] == [(2, 2)]
    assert fight.get("a").actions == 0
    fight.end("b")
    fight.act("a", "move", to={"x": 7, "y": 2})
    assert light_at(fight.state, (7, 2)) == BRIGHT
    assert light_at(fight.state, (12, 2)) == 1
    assert light_at(fight.state, (15, 2)) == DARK
    fight.refuse("a", "drop_torch", "a carries no lit light to drop")


def test_no_torch_no_lighting() -> None:
    """Refusal: a character that carries no light has nothing to light."""
    fight = _fight()
    fight.end("a")
    fight.refuse("b", "light_torch", "b has no unlit torch to light: it carries no light")


def test_an_unlit_light_must_be_carried() -> None:
    """Refusal at load: a light standing on a tile starts lit."""
    with pytest.raises(ScenarioError, match="only a carried light starts unlit"):
        Fight(
            warrior("a", "red", 2, 2),
            warrior("b", "blue", 25, 2),
            map={**DARK_ROOM, "lights": [{"x": 1, "y": 1, "lit": False}]},
        )
