"""The `nwo` battle map: the tile grid with its walls (which block sight and movement) and
cover (a low barrier one may stand behind), and every operative where it stands.

nwo keeps no secrets from the players (its `view` is the whole state), so every viewer
gets the same map; it is still read from `view`, so a secret added later reaches the map
only through the same door."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from fracas.core.grid import Grid
from fracas.core.mapview import (
    MapModel,
    MapView,
    framed,
    grid_features,
    grid_space,
    tokens,
    view_of,
    xy,
)
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState


def draw(ruleset: BaseRuleset, state: EncounterState, viewer: str | None) -> MapView:
    view = view_of(ruleset, state, viewer)
    board = cast(Grid, state.arena)
    found = tokens(view, xy, summary=_summary)
    return framed(
        ruleset,
        viewer,
        view,
        space=grid_space(board.width, board.height),
        tokens=found,
        features=grid_features(board.walls, board.cover),
    )


def _summary(entry: Mapping[str, Any]) -> str:
    """Armor hit points, which soak a hit before HP (`ahp`), and what is in hand."""
    state = entry["state"]
    wielded = ", ".join(str(w) for w in state.get("wielded", ())) or "empty hands"
    armor = f"armor {state['ahp']}/{state['max_ahp']}, " if state.get("max_ahp") else ""
    return f"{armor}{wielded}"


MAP = MapModel(draw=draw, places={"to": "cell", "at": "cell"}, viewer_blind=True)
