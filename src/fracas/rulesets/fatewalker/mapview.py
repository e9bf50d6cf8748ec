"""The `fatewalker` battle map: open ground measured in metres, each combatant at its point
with its melee range drawn round it (the longest reach among its weapons, 2 m at least, as
the engage rules measure it), and the scene's lights with the ground each one lights.

fatewalker keeps no secrets (its `view` is the whole state); the map is read from `view`
all the same, and the reaches only for the combatants it lists."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping
from typing import Any

from fracas.core.actions import Action
from fracas.core.mapview import (
    Feature,
    MapModel,
    MapView,
    Space,
    framed,
    tokens,
    view_of,
    xy,
)
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState
from fracas.rulesets.fatewalker.actions import Move, Step, StopMove
from fracas.rulesets.fatewalker.rules.common import walker
from fracas.rulesets.fatewalker.rules.engage import REACH
from fracas.rulesets.fatewalker.scene import Scene

MARGIN = 1.0
"""Metres drawn beyond the widest ring, so the edge of the plane is not a wall."""
FREE_METRE = 1.0


def draw(ruleset: BaseRuleset, state: EncounterState, viewer: str | None) -> MapView:
    view = view_of(ruleset, state, viewer)
    found = tuple(
        dataclasses.replace(t, reach=_reach(state, t.id)) if t.id is not None else t
        for t in tokens(view, xy, summary=_summary)
    )
    scene = state.arena if isinstance(state.arena, Scene) else Scene()
    lamps = tuple(
        Feature("light", (lamp.x, lamp.y), label="light", radius=lamp.radius)
        for lamp in scene.lights
    )
    xs = [v for t in found if t.at is not None for v in (t.at[0] - t.reach, t.at[0] + t.reach)]
    ys = [v for t in found if t.at is not None for v in (t.at[1] - t.reach, t.at[1] + t.reach)]
    return framed(
        ruleset,
        viewer,
        view,
        space=Space(
            kind="plane",
            x=(math.floor(min(xs, default=0) - MARGIN), math.ceil(max(xs, default=0) + MARGIN)),
            y=(math.floor(min(ys, default=0) - MARGIN), math.ceil(max(ys, default=0) + MARGIN)),
            unit="m",
            y_unit="m",
        ),
        tokens=found,
        features=lamps,
    )


def _reach(state: EncounterState, combatant_id: str) -> float:
    """Its melee range: "melee range needs" the longest reach, at least 2 m (rules/engage.py)."""
    return max([REACH, *(w.reach for w in walker(state, combatant_id).weapons)])


def _summary(entry: Mapping[str, Any]) -> str:
    wounds = entry["state"].get("wounds")
    if not isinstance(wounds, Mapping):
        return ""
    return (
        f"wounds {wounds['normal']}, temporary {wounds['temporary']}, "
        f"mortal {wounds['mortal']}, penalty {wounds['penalty']}"
    )


def more(state: EncounterState, actor: str) -> Iterable[Action]:
    """Values worth trying beside the tactics' wishes: the free metre in eight directions,
    setting off toward each other combatant, stopping (verify keeps the legal)."""
    me = walker(state, actor)
    for n in range(8):
        angle = n * math.pi / 4
        # offsets cut to the centimetre toward the actor, so a diagonal stays within a metre
        x = me.x + math.trunc(FREE_METRE * math.cos(angle) * 100) / 100
        y = me.y + math.trunc(FREE_METRE * math.sin(angle) * 100) / 100
        yield Step(actor=actor, x=x, y=y)
    for other in state.combatants:
        if other.id != actor:
            yield Move(actor=actor, toward=other.id)
    yield StopMove(actor=actor)


MAP = MapModel(draw=draw, places={"x": "point", "y": "point"}, more=more, viewer_blind=True)
