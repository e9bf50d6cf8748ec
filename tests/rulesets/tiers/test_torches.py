"""Lighting, dropping, picking up and throwing a torch (rules/torches.py, TIERS-56, TIERS-58,
B52, B64)."""

from __future__ import annotations

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.tiers.events import ActionSpent, Grabbed, Tossed
from fracas.rulesets.tiers.rules.light import BRIGHT, DARK, light_at
from fracas.rulesets.tiers.rules.torches import LightTaken, LightThrown, TorchDropped, TorchLit
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


def test_a_set_down_torch_is_picked_up_again() -> None:
    """Seed: "Non-contested actions include: ... grabbing a weapon (or any object) from
    anywhere": a sets its torch down (free), b, next to it, picks it up for one
    non-contested action and carries it lit to (8, 2): bright there; (2, 2), 6 tiles off, in
    its ring (Low Light 1); (19, 2), 11 tiles off, dark."""
    fight = Fight(
        warrior("a", "red", 2, 2),
        warrior("b", "red", 3, 2),
        warrior("c", "blue", 25, 2),
        map={**DARK_ROOM, "lights": [{"carried_by": "a"}]},
        order=["a", "b", "c"],
    )
    fight.act("a", "drop_torch")
    fight.end("a")
    fight.act("b", "take_light")
    assert [(e.combatant, e.light, e.at) for e in fight.events(LightTaken)] == [
        ("b", "torch", (2, 2))
    ]
    assert fight.get("b").actions == 1
    fight.act("b", "move", to={"x": 8, "y": 2})
    assert light_at(fight.state, (8, 2)) == BRIGHT
    assert light_at(fight.state, (2, 2)) == 1
    assert light_at(fight.state, (19, 2)) == DARK


def test_take_light_refusals() -> None:
    """B64: a campfire burns where it is; take_light reaches one tile and, with two lights
    near, asks which."""
    fight = Fight(
        warrior("a", "red", 2, 2),
        warrior("c", "blue", 25, 2),
        map={
            **DARK_ROOM,
            "lights": [{"x": 3, "y": 2, "kind": "campfire"}, {"x": 1, "y": 1}, {"x": 9, "y": 2}],
        },
    )
    fight.refuse("a", "take_light", r"lights stand on \(3, 2\), \(1, 1\); say which")
    fight.refuse("a", "take_light", r"the campfire at \(3, 2\) burns where it is", at=[3, 2])
    fight.refuse("a", "take_light", r"no lit light stands at \(9, 2\)", at=[9, 2])
    fight.act("a", "take_light", at=[1, 1])
    assert fight.events(LightTaken)[0].at == (1, 1)


def test_a_thrown_torch_lands_lit() -> None:
    """Seed: "Objects may be thrown any distance up to the character's Body stat value": a
    (Body 5) throws its lit torch 5 tiles onto (7, 2), where it burns on: bright 5 tiles on
    at (12, 2), dark 11 tiles on at (18, 2); a carries no light any more."""
    fight = _fight(lit=True)
    fight.act("a", "throw_object", item="torch", to=[7, 2])
    assert [(e.light, e.at) for e in fight.events(LightThrown)] == [("torch", (7, 2))]
    assert (light_at(fight.state, (12, 2)), light_at(fight.state, (18, 2))) == (BRIGHT, DARK)
    fight.refuse("a", "drop_torch", "a carries no lit light to drop")


def test_a_thrown_weapon_lies_where_it_landed() -> None:
    """Seed: a thrown object "may not be done to deal damage"; a carried weapon thrown leaves
    the thrower's gear and lies at (5, 2), where b, next to it, grabs it."""
    axe = {"id": "axe", "kind": "melee", "tier": 1}
    fight = Fight(
        warrior("a", "red", 2, 2, weapons=[axe]),
        warrior("b", "blue", 6, 2, weapons=[]),
        order=["a", "b"],
    )
    fight.act("a", "throw_object", item="axe", to=[5, 2])
    assert [(e.item, e.at) for e in fight.events(Tossed)] == [("axe", (5, 2))]
    assert fight.get("a").weapon("axe") is None
    fight.end("a")
    fight.act("b", "grab", weapon="axe")
    assert [e.item for e in fight.events(Grabbed)] == ["axe"]
