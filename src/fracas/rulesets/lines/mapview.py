"""The `lines` battle map: the six battle lines side by side, the first side's three on the
left (its rear on line 1), the other side's on the right, and each fighter on its line.

lines keeps no secrets (its `view` is the whole state), so every viewer sees the same map,
read from `view` all the same."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fracas.core.mapview import (
    MapModel,
    MapView,
    Point,
    Space,
    Zone,
    framed,
    sides_of,
    tokens,
    view_of,
)
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState


def draw(ruleset: BaseRuleset, state: EncounterState, viewer: str | None) -> MapView:
    # the ruleset module wires this one in, so its constants are read once it is loaded
    from fracas.rulesets.lines.ruleset import FIRST_SIDE_LINES, OTHER_SIDE_LINES

    lines = (*FIRST_SIDE_LINES, *OTHER_SIDE_LINES)
    view = view_of(ruleset, state, viewer)
    found = tokens(view, _on_line, summary=_summary)
    sides = sides_of(found)
    first = sides[0] if sides else None
    other = next((s for s in sides[1:] if s != first), None)
    zones = tuple(
        Zone(
            "line",
            f"line {n}",
            (float(n), 0.0),
            (float(n), 0.0),
            side=first if n in FIRST_SIDE_LINES else other,
        )
        for n in lines
    )
    return framed(
        ruleset,
        viewer,
        view,
        space=Space(
            kind="lines",
            x=(float(lines[0]), float(lines[-1])),
            unit="line",
            labels=tuple(f"line {n}" for n in lines),
        ),
        tokens=found,
        zones=zones,
        sides=sides,
    )


def _on_line(position: Any) -> Point | None:
    if not isinstance(position, Mapping) or position.get("line") is None:
        return None
    return (float(position["line"]), 0.0)


def _summary(entry: Mapping[str, Any]) -> str:
    left = entry["state"].get("dying_turns_left")
    return f"dying: {left} turns left" if entry.get("status") == "dying" and left else ""


MAP = MapModel(draw=draw, places={"to": "line"}, viewer_blind=True)
