"""The `tiers` battle map: the tile grid with walls and terrain, facing, and the dark.

Read from `view(state, viewer)` (tiers/view.py) and nothing it withholds: a Blind player
gets the tokens its view lists (itself, whom it identifies, an unknown someone beside it,
its allies without a place) and a veiled map; the light and the darkness map (lights, the
lines of Blind moves, weapons on the floor, the light of every tile) only when its view
carries `gm_map`, as the GM's and a seeing player's do. The walls are the room's plan,
which everyone knows; the rules keep the dark's secrets in where people are, not in where
the walls stand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, cast

from fracas.core.actions import Action
from fracas.core.mapview import (
    Feature,
    Fog,
    MapModel,
    MapView,
    Overlay,
    Shade,
    Token,
    framed,
    grid_features,
    grid_space,
    tokens,
    view_of,
    xy,
)
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState
from fracas.rulesets.tiers.actions import Attack, Face, Identify, Move
from fracas.rulesets.tiers.rules.blindness import TURNS
from fracas.rulesets.tiers.rules.common import distance, fighter
from fracas.rulesets.tiers.rules.light import BRIGHT, DARK, LitGrid, light_at
from fracas.rulesets.tiers.sheet import Facing

FACINGS: tuple[Facing, ...] = ("n", "ne", "e", "se", "s", "sw", "w", "nw")


def draw(ruleset: BaseRuleset, state: EncounterState, viewer: str | None) -> MapView:
    view = view_of(ruleset, state, viewer)
    board = cast(LitGrid, state.arena)
    found = tokens(view, xy, summary=_summary, facing=_facing, size=_size)
    dark_map = view.get("gm_map")
    if dark_map is not None:
        found = _placed(dark_map, found) + _unidentified(dark_map, found)
    features = list(grid_features(board.walls, board.cover))
    overlays: list[Overlay] = []
    fog = Fog()
    if dark_map is not None:
        features += _lights(dark_map, found)
        features += [
            Feature("item", (float(g["x"]), float(g["y"])), label=str(g["weapon"]))
            for g in dark_map["ground"]
        ]
        overlays = [
            Overlay("path", ((a[0], a[1]), (b[0], b[1])), label=str(c["id"]))
            for c in dark_map["combatants"]
            for a, b in c["lines"]
        ]
        fog = Fog(shades=_shades(state, board))
    elif board.level < BRIGHT or board.sources or board.carried:
        fog = Fog(veiled=True)  # Blind: the darkness map is the GM's (tiers/view.py)
    return framed(
        ruleset,
        viewer,
        view,
        space=grid_space(board.width, board.height),
        tokens=found,
        features=tuple(features),
        fog=fog,
        overlays=tuple(overlays),
    )


def _placed(dark_map: Mapping[str, Any], found: tuple[Token, ...]) -> tuple[Token, ...]:
    """The tokens with the places the darkness map gives: an ally out of the viewer's sight
    is still on the map it holds."""
    where = {c["id"]: (float(c["x"]), float(c["y"])) for c in dark_map["combatants"]}
    return tuple(
        dataclasses.replace(t, at=where[t.id]) if t.at is None and t.id in where else t
        for t in found
    )


def _unidentified(dark_map: Mapping[str, Any], found: Iterable[Token]) -> tuple[Token, ...]:
    """Whom the darkness map shows and the viewer's own eyes do not identify: the map
    tracks "the movements & orientation of all creatures in the area", and a viewer given
    the map sees them there, by id only (it gives no name or side)."""
    listed = {t.id for t in found}
    return tuple(
        Token(
            id=c["id"],
            name=c["id"],
            side=None,
            at=(float(c["x"]), float(c["y"])),
            status="unidentified",
            facing=c["facing"],
        )
        for c in dark_map["combatants"]
        if c["id"] not in listed
    )


def _summary(entry: Mapping[str, Any]) -> str:
    wielding = entry["state"].get("wielding") or ["bare hands"]
    return "wielding " + ", ".join(str(w) for w in wielding)


def _facing(position: Mapping[str, Any]) -> str | None:
    facing = position.get("facing")
    return str(facing) if facing is not None else None


def _size(position: Mapping[str, Any]) -> tuple[float, float]:
    size = position.get("size")
    if not isinstance(size, Mapping):
        return (1, 1)
    return (float(size["width"]), float(size["length"]))


def _lights(dark_map: Mapping[str, Any], found: Iterable[Any]) -> list[Feature]:
    """The darkness map's lights: standing ones where they stand, carried ones on their
    carrier's token (when the viewer knows where it is)."""
    places = {t.id: t.at for t in found if t.id is not None and t.at is not None}
    out = []
    for light in dark_map["lights"]:
        if "x" in light:
            out.append(Feature("light", (float(light["x"]), float(light["y"])), light["kind"]))
        elif light["carried_by"] in places:
            out.append(Feature("light", places[light["carried_by"]], light["kind"]))
    return out


def _shades(state: EncounterState, board: LitGrid) -> tuple[Shade, ...]:
    """Every tile not in full light, carried lights counted (rules/light.py)."""
    shades = []
    for y in range(board.height):
        for x in range(board.width):
            level = light_at(state, (x, y))
            if level < BRIGHT:
                shades.append(Shade((float(x), float(y)), "dark" if level <= DARK else "dim"))
    return tuple(shades)


def more(state: EncounterState, actor: str) -> Iterable[Action]:
    """Values worth trying beside the tactics' wishes: a move to every tile within the
    mover's Move and every way the Blind may grope, each facing, a blow at and a try to
    identify each other combatant (verify keeps the legal)."""
    me = fighter(state, actor)
    board = cast(LitGrid, state.arena)
    reach = me.race.move
    for y in range(max(0, me.y - reach), min(board.height, me.y + reach + 1)):
        for x in range(max(0, me.x - reach), min(board.width, me.x + reach + 1)):
            if (x, y) != me.tile and distance(me.tile, (x, y)) <= reach:
                yield Move(actor=actor, to=(x, y))
    for facing in FACINGS:
        yield Face(actor=actor, facing=facing)
    for way in TURNS:  # the Blind move by direction and distance (rules/blindness.py)
        for steps in range(1, reach + 1):
            yield Move(actor=actor, direction=way, distance=steps)  # type: ignore[arg-type]
    for other in state.combatants:
        if other.id != actor:
            yield Attack(actor=actor, target=other.id)
            yield Identify(actor=actor, target=other.id)  # the Blind make out a neighbour


MAP = MapModel(draw=draw, places={"to": "cell", "dodge": "cell", "at": "cell"}, more=more)
