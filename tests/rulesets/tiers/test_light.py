"""Light (rules/light.py): the room's level, light sources, who identifies whom, the Low Light
penalty on ranged attacks and the Low Light stealth bonus, dark vision and Low Light immunity.

Dice order of an attack: the attacker's d20, then the defender's.
"""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.errors import ScenarioError
from fracas.core.events import DiceRolled
from fracas.rulesets.tiers.events import ActionSpent
from fracas.rulesets.tiers.rules.light import (
    BRIGHT,
    blind,
    identifies,
    light_at,
    low_light_penalty,
    stealth_bonus,
)
from tests.rulesets.tiers.helpers import BOW, Fight, warrior

LONGBOW = {**BOW, "range": 15}
FAR = warrior("z", "npcs", 4, 4)
"""Someone to fight, out of the way (a fight needs two)."""


def _room(level: int | str, lights: list[dict[str, Any]] | None = None, **extra: Any) -> Any:
    return {"width": 30, "height": 30, "light": {"level": level}, "lights": lights or [], **extra}


def test_low_light_2_archery_example() -> None:
    """Seed's example: "Environment is Low Light 2. At 2 tiles you can identify other
    characters. The unpenalized range is 4 tiles. Player A is 15 tiles from Player B. The
    range of the Bow is 15 tiles. Player A shoots an arrow at Player B. Player B adds (15-4)
    11 to their defense roll against the incoming projectile. Player A misses.": A rolls
    12 + Reflex 2 + bow 3 = 17; B rolls 8 + 0 + 11 = 19 and wins."""
    fight = Fight(
        warrior("a", "players", 0, 0, reflex=2, skills={"bow": 3}, weapons=[LONGBOW]),
        warrior("b", "npcs", 15, 0),
        map=_room(2),
        dice=[12, 8],
    )
    a, b = fight.get("a"), fight.get("b")
    assert low_light_penalty(fight.state, a, b) == 11
    fight.act("a", "attack", target="b")
    assert fight.rolls() == [("1d20+5", 17), ("1d20+11", 19)]
    rolled = fight.exchange()
    assert (rolled.attack_total, rolled.defense_total, rolled.winner) == (17, 19, "defender")
    assert fight.damage() == []


def test_no_penalty_up_to_twice_the_level() -> None:
    """Seed: "You can make range & projectile attacks at twice (2x) the declared Low Light
    level without penalty": at 4 tiles in Low Light 2 the defender adds nothing; at 5, 1."""
    fight = Fight(
        warrior("a", "players", 0, 0, weapons=[LONGBOW]),
        warrior("b", "npcs", 4, 0),
        warrior("c", "npcs", 5, 0),
        map=_room(2),
        dice=[10, 10],
    )
    a = fight.get("a")
    assert low_light_penalty(fight.state, a, fight.get("b")) == 0
    assert low_light_penalty(fight.state, a, fight.get("c")) == 1
    fight.act("a", "attack", target="b")
    assert fight.rolls()[1] == ("1d20+0", 10)


def test_identify_range_is_the_low_light_level() -> None:
    """Seed: "These numbers reflect how far you can identify a target in tiles ... Even “Low
    Light 1” will at least let you identify your allies before you typically swing on them":
    in Low Light 1 an adjacent ally is identified, one 2 tiles away is not."""
    fight = Fight(
        warrior("a", "players", 5, 5),
        warrior("near", "players", 6, 6),
        warrior("far", "players", 7, 5),
        warrior("foe", "npcs", 20, 20),
        map=_room(1),
    )
    a = fight.get("a")
    assert identifies(fight.state, a, fight.get("near"))
    assert not identifies(fight.state, a, fight.get("far"))


def test_low_light_0_is_darkness_and_makes_blind() -> None:
    """Seed: "“Low Light 0” on this scale is treated as total Darkness" and "When any
    character is in absolute darkness, they get the Blind status applied to them": nobody
    identifies an adjacent character there."""
    fight = Fight(warrior("a", "players", 5, 5), warrior("b", "npcs", 6, 5), map=_room(0))
    a, b = fight.get("a"), fight.get("b")
    assert blind(fight.state, a)
    assert not identifies(fight.state, a, b)


def test_a_torch_lights_5_tiles_bright_and_10_at_low_light_1() -> None:
    """Seed: "A lit campfire, torch, or candle will project a 5-tile radius of bright light
    and a secondary 10-tile radius of Low Light 1" (the diagram's square zones, B13)."""
    fight = Fight(
        warrior("a", "players", 0, 0),
        FAR,
        map=_room(0, [{"x": 15, "y": 15, "kind": "torch"}]),
    )
    at = lambda x, y: light_at(fight.state, (x, y))  # noqa: E731
    assert at(15, 15) == BRIGHT
    assert at(20, 10) == BRIGHT  # a corner of the 11 x 11 square
    assert at(21, 15) == 1
    assert at(25, 5) == 1
    assert at(26, 15) == 0


@pytest.mark.parametrize("kind", ["campfire", "candle"])
def test_campfires_and_candles_light_as_a_torch(kind: str) -> None:
    """Seed: "A lit campfire, torch, or candle will project" the same two zones."""
    fight = Fight(
        warrior("a", "players", 0, 0), FAR, map=_room(0, [{"x": 10, "y": 10, "kind": kind}])
    )
    assert [light_at(fight.state, (10 + d, 10)) for d in (5, 6, 10, 11)] == [BRIGHT, 1, 1, 0]


def test_option_light_ring_beyond_bright() -> None:
    """B13, `light_ring: beyond_bright`: the Low Light 1 ring runs 10 tiles past the bright
    zone, to 15 tiles from the source."""
    fight = Fight(
        warrior("a", "players", 0, 0),
        FAR,
        map=_room(0, [{"x": 5, "y": 5}]),
        options={"light_ring": "beyond_bright"},
    )
    assert [light_at(fight.state, (5 + d, 5)) for d in (10, 15, 16)] == [1, 1, 0]


def test_walls_stop_a_source_light_unless_the_option_says_otherwise() -> None:
    """B29: a torch lights its room, not the other side of a wall; `light_through_walls:
    true` lets it fill its whole radius."""
    wall = [[12, y] for y in range(30)]
    lights = [{"x": 10, "y": 10}]
    walled = Fight(warrior("a", "players", 0, 0), FAR, map=_room(0, lights, walls=wall))
    assert light_at(walled.state, (14, 10)) == 0
    through = Fight(
        warrior("a", "players", 0, 0),
        FAR,
        map=_room(0, lights, walls=wall),
        options={"light_through_walls": True},
    )
    assert light_at(through.state, (14, 10)) == BRIGHT


def test_a_tile_takes_the_brightest_light() -> None:
    """B29: the room's Low Light 3 stands where a torch's ring gives only Low Light 1."""
    fight = Fight(warrior("a", "players", 0, 0), FAR, map=_room(3, [{"x": 0, "y": 0}]))
    assert light_at(fight.state, (8, 0)) == 3
    assert light_at(fight.state, (4, 0)) == BRIGHT


def test_dark_vision_sees_in_darkness_and_is_immune_to_low_light() -> None:
    """Seed: "Unless you have ... dark vision as a racial bonus" darkness blinds; "Races that
    have Dark Vision are immune to Low Light effects": no Blind status, no penalty."""
    fight = Fight(
        warrior("elf", "players", 0, 0, race={"dark_vision": True}, weapons=[LONGBOW]),
        warrior("b", "npcs", 15, 0),
        map=_room(0),
    )
    elf, b = fight.get("elf"), fight.get("b")
    assert not blind(fight.state, elf)
    assert identifies(fight.state, elf, b)
    lit = Fight(
        warrior("elf", "players", 0, 0, race={"dark_vision": True}, weapons=[LONGBOW]),
        warrior("b", "npcs", 15, 0),
        map=_room(2),
    )
    assert low_light_penalty(lit.state, lit.get("elf"), lit.get("b")) == 0


def test_low_light_immune_race_takes_no_penalty_but_is_blind_in_darkness() -> None:
    """Seed: "Some races may get Low Light immunity as a bonus": no penalty at 15 tiles in Low
    Light 2, and it identifies at any distance in Low Light; darkness still blinds it."""
    fight = Fight(
        warrior("a", "players", 0, 0, race={"low_light_immune": True}, weapons=[LONGBOW]),
        warrior("b", "npcs", 15, 0),
        map=_room(2),
    )
    a, b = fight.get("a"), fight.get("b")
    assert low_light_penalty(fight.state, a, b) == 0
    assert identifies(fight.state, a, b)
    dark = Fight(warrior("a", "players", 0, 0, race={"low_light_immune": True}), FAR, map=_room(0))
    assert blind(dark.state, dark.get("a"))


def test_stealth_bonus_per_tile_beyond_the_level() -> None:
    """Seed: "The bonus for characters rolling stealth in low light is: +1 added to their
    roll for each tile beyond the Low Light value they are versus their target"; checklist
    2.3 #16: Low Light 3, 8 tiles: +5."""
    fight = Fight(warrior("sneak", "players", 0, 0), warrior("b", "npcs", 8, 0), map=_room(3))
    assert stealth_bonus(fight.state, fight.get("sneak"), fight.get("b")) == 5
    assert stealth_bonus(fight.state, fight.get("b"), fight.get("sneak")) == 5
    near = Fight(warrior("sneak", "players", 0, 0), warrior("b", "npcs", 3, 0), map=_room(3))
    assert stealth_bonus(near.state, near.get("sneak"), near.get("b")) == 0


def test_bright_room_by_default() -> None:
    """A map without `light` is bright: nobody is Blind and no attack is penalised."""
    fight = Fight(warrior("a", "players", 0, 0), warrior("b", "npcs", 11, 11))
    assert light_at(fight.state, (11, 11)) == BRIGHT
    assert identifies(fight.state, fight.get("a"), fight.get("b"))


@pytest.mark.parametrize(
    ("light", "message"),
    [
        ({"level": 101}, "Low Light level is 0-100 or 'bright', not 101"),
        ({"level": "dim"}, "map.light.level"),
        ({"level": True}, "map.light.level"),
    ],
)
def test_refused_light_levels(light: dict[str, Any], message: str) -> None:
    """`light.level` is "bright" or a whole number 0-100 ("a scale of 1-100", 0 darkness)."""
    with pytest.raises(ScenarioError, match=message):
        Fight(warrior("a", "players", 0, 0), FAR, map={"width": 5, "height": 5, "light": light})


def test_refused_light_source_off_the_map_or_of_unknown_kind() -> None:
    """A light off the map is a typo; a kind must be torch, campfire or candle."""
    with pytest.raises(ScenarioError, match=r"lights\[0\]: \(9, 0\) is off the 5x5 map"):
        Fight(
            warrior("a", "players", 0, 0),
            FAR,
            map={"width": 5, "height": 5, "lights": [{"x": 9, "y": 0}]},
        )
    with pytest.raises(ScenarioError, match="kind"):
        Fight(
            warrior("a", "players", 0, 0),
            FAR,
            map={"width": 5, "height": 5, "lights": [{"x": 1, "y": 0, "kind": "lamp"}]},
        )


def test_penalty_shows_in_the_defense_roll_reason() -> None:
    """The log says why the defender's roll is higher."""
    fight = Fight(
        warrior("a", "players", 0, 0, weapons=[LONGBOW]),
        warrior("b", "npcs", 6, 0),
        map=_room(2),
        dice=[10, 10],
    )
    fight.act("a", "attack", target="b")
    reason = fight.events(DiceRolled)[1].reason
    assert reason.endswith("(+2 low light)")


def test_a_carried_torch_moves_with_its_carrier() -> None:
    """B44, from "make light from a source in their inventory": a torch carried by a lights
    5 tiles round a wherever it goes; b, 7 tiles off, is then in Low Light 1, and after a
    walks 5 tiles away, in darkness."""
    fight = Fight(
        warrior("a", "players", 5, 5, race={"move": 5}),
        warrior("b", "npcs", 12, 5),
        map=_room(0, [{"carried_by": "a", "kind": "torch"}]),
    )
    assert light_at(fight.state, (5, 5)) == BRIGHT
    assert light_at(fight.state, (12, 5)) == 1
    assert not blind(fight.state, fight.get("a"))
    fight.act("a", "move", to=[0, 5])
    assert light_at(fight.state, (12, 5)) == 0
    assert light_at(fight.state, (0, 5)) == BRIGHT


def test_refused_light_placements() -> None:
    """A light stands on a tile or is carried by a combatant of the scenario, not both."""
    with pytest.raises(ScenarioError, match=r"on a tile \(x and y\) or is carried"):
        Fight(warrior("a", "players", 0, 0), FAR, map=_room(0, [{"x": 1, "carried_by": "a"}]))
    with pytest.raises(ScenarioError, match=r"lights\[0\].carried_by: 'zed' is not a combatant"):
        Fight(warrior("a", "players", 0, 0), FAR, map=_room(0, [{"carried_by": "zed"}]))


XBOW = {"id": "xbow", "kind": "crossbow", "tier": 3, "range": 10}


def _dim_shot(**options: Any) -> Fight:
    """In Low Light 1, a (crossbow skill 4) shoots its T3 crossbow at b, 4 tiles off: within
    the skill, but 2 tiles past twice the level. Dice, if any are thrown: a's 12, b's 8."""
    fight = Fight(
        warrior("a", "players", 0, 0, weapons=[XBOW], skills={"crossbow": 4}),
        warrior("b", "npcs", 4, 0),
        map=_room(1),
        dice=[12, 8],
        options=options,
    )
    assert low_light_penalty(fight.state, fight.get("a"), fight.get("b")) == 2
    fight.act("a", "attack", target="b")
    return fight


def test_a_sure_hit_takes_no_low_light_penalty_by_default() -> None:
    """Seed: "The defending character will get a bonus added to their roll of 1 for each
    tile past the threshold they are" (B28, `low_light_sure_hits: unaffected`): a sure
    crossbow hit has no defender roll, so none is added; no dice, 3 - max(0, 0 - 3) = 3."""
    fight = _dim_shot()
    assert fight.rolls() == []
    assert fight.damage() == [("b", 3, 27)]
    assert fight.dice_left == 2


def test_option_low_light_sure_hits_contested_rolls_the_dim_shot() -> None:
    """`low_light_sure_hits: contested` (B28): past twice the level the shot is no sure hit;
    it is rolled, a 12 + crossbow 4 = 16 against b's 8 + 2 (Low Light) = 10, and deals bow
    damage, 6 + T3 = 9, as a contested action."""
    fight = _dim_shot(low_light_sure_hits="contested")
    assert fight.rolls() == [("1d20+4", 16), ("1d20+2", 10)]
    assert fight.damage() == [("b", 9, 21)]
    assert [e.contested for e in fight.events(ActionSpent)] == [True]


def test_option_low_light_sure_hits_contested_keeps_the_sure_hit_within_twice_the_level() -> None:
    """Within twice the level nothing is penalised, so the sure hit stands under either
    reading: at 2 tiles in Low Light 1, no dice and 3 damage."""
    fight = Fight(
        warrior("a", "players", 0, 0, weapons=[XBOW], skills={"crossbow": 4}),
        warrior("b", "npcs", 2, 0),
        map=_room(1),
        options={"low_light_sure_hits": "contested"},
    )
    fight.act("a", "attack", target="b")
    assert fight.rolls() == []
    assert fight.damage() == [("b", 3, 27)]
