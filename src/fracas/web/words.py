"""Short words for the page: an option's label and its odds in a glance."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SHOWN_OUTCOMES = 4
"""Outcomes named beside a choice; the rest are in the title text."""


def option_words(action: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """What distinguishes an option from the others of its action: its field values, a
    combatant's id given as its name (`Ada · machete`, `to 3`)."""
    parts = []
    for key, value in action.items():
        if key in ("do", "actor"):
            continue
        if isinstance(value, str) and value in names:
            parts.append(names[value])
        elif isinstance(value, list | tuple):
            parts.append(f"{key} " + ",".join(str(v) for v in value))
        else:
            parts.append(f"{key} {value}")
    return " · ".join(parts) or str(action.get("do", "")).replace("_", " ")


def odds_words(odds: Mapping[str, Any] | None) -> str:
    """`hit 39% · miss 58% · avg 3.9 HP`: the likeliest outcomes and the expected harm."""
    if not odds:
        return ""
    outcomes = odds.get("outcomes") or {}
    ranked = sorted(outcomes.items(), key=lambda kv: -float(kv[1].get("probability", 0)))
    parts = [f"{name} {_percent(o.get('probability', 0))}" for name, o in ranked[:SHOWN_OUTCOMES]]
    expected = (odds.get("expected_damage") or {}).get("value")
    if expected:
        parts.append(f"avg {float(expected):.1f} HP")
    down = (odds.get("down") or {}).get("probability")
    if down:
        parts.append(f"down {_percent(down)}")
    return " · ".join(parts)


def _percent(p: Any) -> str:
    value = float(p) * 100
    if 0 < value < 1:
        return "<1%"
    return f"{value:.0f}%"
