"""Putting lights out (rules/torches.py, TIERS-29, B56): a bare candle goes out when its
carrier is hurt; any light goes out by the GM's `put_out`; the GM brings one in with
`place_light` (TIERS-12's "some weird magic").

a carries a light at (2, 2) in a pitch-black room 30 tiles wide; b stands next to it at
(3, 2), in its light. Dice: an attack rolls the attacker's d20, then the defender's.
"""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.tiers.rules.light import BRIGHT, DARK, blind, light_at
from fracas.rulesets.tiers.rules.torches import LightOut
from tests.rulesets.tiers.helpers import Fight, warrior

DARK_ROOM = {"width": 30, "height": 5, "light": {"level": 0}}


def _fight(kind: str, **kw: Any) -> Fight:
    return Fight(
        warrior("b", "blue", 3, 2),
        warrior("a", "red", 2, 2),
        map={**DARK_ROOM, "lights": [{"carried_by": "a", "kind": kind}]},
        dice=[15, 5],
        **kw,
    )


def test_a_bare_candle_goes_out_when_its_carrier_is_hurt() -> None:
    """Seed: "A candle without a lamp is susceptible to being put out from wind, or attacks":
    b strikes a (15 against 5: 10 + 5 + 3 = 18) and a's candle goes out; a's tile, bright
    before, is dark, and a is Blind. The candle is still carried, unlit: a may light it again
    ("make light from a source in their inventory")."""
    fight = _fight("candle")
    assert light_at(fight.state, (2, 2)) == BRIGHT
    fight.act("b", "attack", target="a")
    assert fight.damage() == [("a", 18, 12)]
    assert [(e.light, e.carried_by) for e in fight.events(LightOut)] == [("candle", "a")]
    assert light_at(fight.state, (2, 2)) == DARK
    assert blind(fight.state, fight.get("a"))
    fight.end("b")
    fight.act("a", "light_torch")
    assert light_at(fight.state, (2, 2)) == BRIGHT


@pytest.mark.parametrize("kind", ["torch", "campfire", "hurricane_lamp"])
def test_other_lights_stay_lit_when_their_carrier_is_hurt(kind: str) -> None:
    """Seed: "The campfire, torch, & candle housed in a hurricane lamp would be much more
    difficult to put out (possibly taking several rounds)": a blow does not do it."""
    fight = _fight(kind)
    fight.act("b", "attack", target="a")
    assert fight.events(LightOut) == []
    assert light_at(fight.state, (2, 2)) == BRIGHT


def test_a_candle_stays_lit_when_no_damage_gets_through() -> None:
    """B56: it is the hurt that puts the candle out; a blow the armor stops (10 against 5:
    5 + Body 2 + T0 = 7 against T10 armor) leaves it lit."""
    fight = Fight(
        warrior("b", "blue", 3, 2, body=2, weapons=[{"id": "club", "kind": "melee", "tier": 0}]),
        warrior("a", "red", 2, 2, body=10, armor={"tier": 10}),
        map={**DARK_ROOM, "lights": [{"carried_by": "a", "kind": "candle"}]},
        dice=[10, 5],
    )
    fight.act("b", "attack", target="a")
    assert fight.get("a").hp == 30
    assert fight.events(LightOut) == []


def test_option_candle_out_gm() -> None:
    """B56, `candle_out: gm`: only the GM puts a candle out; the blow leaves it lit."""
    fight = _fight("candle", options={"candle_out": "gm"})
    fight.act("b", "attack", target="a")
    assert fight.events(LightOut) == []
    assert light_at(fight.state, (2, 2)) == BRIGHT


def test_the_gm_puts_a_light_out() -> None:
    """Seed: "susceptible to being put out from wind ... or many other clever ideas allowed
    by your GM": the GM's `put_out` puts out a carried light (then carried unlit) or a
    standing one (gone from the map), whatever its kind."""
    fight = Fight(
        warrior("b", "blue", 20, 2),
        warrior("a", "red", 2, 2),
        map={**DARK_ROOM, "lights": [{"carried_by": "a"}, {"x": 20, "y": 4, "kind": "campfire"}]},
    )
    fight.act("gm", "put_out", carried_by="a")
    fight.act("gm", "put_out", at={"x": 20, "y": 4})
    assert [(e.light, e.carried_by, e.at) for e in fight.events(LightOut)] == [
        ("torch", "a", None),
        ("campfire", None, (20, 4)),
    ]
    assert (light_at(fight.state, (2, 2)), light_at(fight.state, (20, 2))) == (DARK, DARK)


def test_put_out_refusals() -> None:
    """`put_out` names one lit light, carried or standing, and is the GM's alone."""
    fight = Fight(
        warrior("b", "blue", 20, 2),
        warrior("a", "red", 2, 2),
        map={**DARK_ROOM, "lights": [{"carried_by": "a", "lit": False}, {"x": 9, "y": 1}]},
    )
    fight.refuse("gm", "put_out", "a carries no lit light to put out", carried_by="a")
    fight.refuse(
        "gm", "put_out", r"no light stands at \(9, 2\); lights standing: \(9, 1\)", at=[9, 2]
    )
    fight.refuse("gm", "put_out", "names one light: `carried_by`")
    fight.refuse("b", "put_out", "put_out is the GM's ruling", at=[9, 1])


def test_the_gm_brings_a_light_in_and_the_blind_see() -> None:
    """Seed: "Unless you have a light source that fills the room, some weird magic, or dark
    vision ... Darkness should be treated as a threat": the GM's `place_light` at (2, 4) sheds
    a torch's light ("a 5-tile radius of bright light and a secondary 10-tile radius of Low
    Light 1"), so a at (2, 2) is no longer Blind, (12, 2), 10 tiles off, is at Low Light 1 and
    (13, 2) stays dark."""
    fight = Fight(warrior("b", "blue", 20, 2), warrior("a", "red", 2, 2), map=DARK_ROOM)
    assert blind(fight.state, fight.get("a"))
    fight.act("gm", "place_light", at={"x": 2, "y": 4}, light="hurricane_lamp")
    assert not blind(fight.state, fight.get("a"))
    assert [light_at(fight.state, (x, 2)) for x in (2, 12, 13)] == [BRIGHT, 1, DARK]
    fight.act("gm", "put_out", at={"x": 2, "y": 4})
    assert blind(fight.state, fight.get("a"))


def test_place_light_refusals() -> None:
    """`place_light` is the GM's, on a free tile of the map, one light a tile."""
    fight = Fight(
        warrior("b", "blue", 20, 2),
        warrior("a", "red", 2, 2),
        map={**DARK_ROOM, "walls": [[5, 0]], "lights": [{"x": 9, "y": 1}]},
    )
    fight.refuse("gm", "place_light", r"at \(30, 1\) is off the map; x is 0-29", at=[30, 1])
    fight.refuse("gm", "place_light", "that tile is a wall", at=[5, 0])
    fight.refuse("gm", "place_light", r"a light already stands at \(9, 1\)", at=[9, 1])
    fight.refuse("a", "place_light", "place_light is the GM's ruling", at=[3, 3])
    with pytest.raises(ScenarioError, match=r"place_light\.light: Input should be 'torch'"):
        fight.action("gm", "place_light", at=[3, 3], light="lantern")
