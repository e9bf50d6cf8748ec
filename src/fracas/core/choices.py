"""The action panel's data: what an actor may do now, grouped by action, with the places and
combatants each choice is picked by on the map, and its exact odds where they come quickly.

Nothing here is a rule. The actions come from the ruleset's own queries (its
`candidate_actions`, and the values its map model proposes, `MapModel.more`), and each one
is kept only when `verify` accepts it, so the panel offers exactly what acting would allow.
Each choice is handed out as the mapping `parse_action` reads (`{"do": "move", "to": [3,
4]}`), so the page sends back what it was offered and the server needs no per-ruleset code.

A player's panel is built for what its player may know: a choice that names a combatant the
player's map does not show (a hidden enemy, someone in the dark) is left out, since
offering it would tell the player who is there.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

from pydantic import TypeAdapter

from fracas.core.actions import Action
from fracas.core.errors import FracasError
from fracas.core.mapview import PickKind, model_of
from fracas.core.odds import NoExactOdds, action_odds
from fracas.core.odds import model_of as odds_model_of
from fracas.core.ruleset import BaseRuleset, Ruleset
from fracas.core.state import EncounterState

ODDS_LEAVES = 2_000
"""The enumeration bound for a choice's odds: a closed form answers at once, and a
resolver walk this small stays within a page load; past it the panel shows no odds (a
player may still ask `fracas odds`, which samples)."""
Mark = tuple[str, str]
"""A map element that picks a choice: its data attribute and value, `("cell", "3,4")` for
`data-cell="3,4"`, `("target", "ada")` for `data-target="ada"`."""


@dataclass(frozen=True, slots=True)
class Option:
    """One legal action: `action` is the mapping `parse_action` reads back into it."""

    action: Mapping[str, Any]
    label: str
    marks: tuple[Mark, ...] = ()
    odds: Mapping[str, Any] | None = None
    """`ActionOdds.to_json()` of the exact odds, where they come quickly."""


@dataclass(frozen=True, slots=True)
class FieldValues:
    """The values one field of an action takes among its legal options, and how a value is
    picked: on the map (a `PickKind`) or from a list (`value`)."""

    name: str
    pick: PickKind | Literal["value"]
    values: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class ActionChoice:
    """Every legal option of one action (`do`), with the values of each of its fields."""

    do: str
    fields: tuple[FieldValues, ...]
    options: tuple[Option, ...]

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def action_choices(
    ruleset: BaseRuleset,
    state: EncounterState,
    actor: str,
    *,
    as_gm: bool = False,
    odds: bool = True,
) -> list[ActionChoice]:
    """What `actor` may do now, grouped by action in the order first found. Built for the
    actor's player (only combatants its map shows), or for the GM with `as_gm`."""
    viewer = None if as_gm else actor
    known = {t.id for t in ruleset.map_view(state, viewer).tokens if t.id is not None}
    everyone = {c.id for c in state.combatants}
    places = model_of(ruleset).places
    groups: dict[str, list[Option]] = {}
    for action, raw in _legal(ruleset, state, actor):
        named = _named(raw, everyone)
        if not named <= known:
            continue
        marks = tuple(("target", who) for who in _named_in_order(raw, everyone))
        option = Option(
            action=raw,
            label=action.label(),
            marks=marks + _places(raw, places),
            odds=_odds(ruleset, state, action) if odds else None,
        )
        groups.setdefault(action.do, []).append(option)
    return [
        ActionChoice(do=do, fields=_fields(options, places, everyone), options=tuple(options))
        for do, options in groups.items()
    ]


def action_json(action: Action) -> dict[str, Any]:
    """`action` as the mapping a scenario file (and `parse_action`) writes: its name in
    `do`, then every field that differs from its default, in JSON's types."""
    fields = _adapter(type(action)).dump_python(action, mode="json", exclude_defaults=True)
    return {"do": action.do, "actor": action.actor, **fields}


_ADAPTERS: dict[type[Action], TypeAdapter[Any]] = {}


def _adapter(cls: type[Action]) -> TypeAdapter[Any]:
    found = _ADAPTERS.get(cls)
    if found is None:
        found = _ADAPTERS[cls] = TypeAdapter(cls)
    return found


def _legal(
    ruleset: BaseRuleset, state: EncounterState, actor: str
) -> Iterable[tuple[Action, dict[str, Any]]]:
    """The distinct candidates `verify` accepts, each with its mapping."""
    seen: set[str] = set()
    proposed = [*ruleset.candidate_actions(state, actor), *model_of(ruleset).more(state, actor)]
    for action in proposed:
        raw = action_json(action)
        key = json.dumps(raw, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        try:
            ruleset.verify(state, action)
        except FracasError:
            continue
        yield action, raw


def _strings(value: Any) -> Iterable[str]:
    """Every string in a mapping's values, nested lists and mappings included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def _named_in_order(raw: Mapping[str, Any], everyone: set[str]) -> list[str]:
    """The combatants an action names besides its actor, in the order its fields name them."""
    fields = {k: v for k, v in raw.items() if k not in ("do", "actor")}
    return list(dict.fromkeys(s for s in _strings(fields) if s in everyone))


def _named(raw: Mapping[str, Any], everyone: set[str]) -> set[str]:
    return {raw["actor"], *_named_in_order(raw, everyone)}


def _places(raw: Mapping[str, Any], places: Mapping[str, PickKind]) -> tuple[Mark, ...]:
    """The map places an action's fields name (a `point` is the pair of its fields)."""
    marks: list[Mark] = []
    point = [raw[name] for name, kind in places.items() if kind == "point" and name in raw]
    for name, kind in places.items():
        if kind != "point" and raw.get(name) is not None:
            marks.append((kind, spot(raw[name])))
    if len(point) == 2:
        marks.append(("point", spot(point)))
    return tuple(marks)


def spot(value: Any) -> str:
    """A place as a data attribute writes it: `3,4` for a tile or a point, `5` for a line or
    a distance; whole numbers without a decimal point, so `1.0` and `1` are one place."""
    if isinstance(value, list | tuple):
        return ",".join(spot(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _fields(
    options: list[Option], places: Mapping[str, PickKind], everyone: set[str]
) -> tuple[FieldValues, ...]:
    names = list(dict.fromkeys(k for o in options for k in o.action if k not in ("do", "actor")))
    out = []
    for name in names:
        values: list[Any] = []
        for option in options:
            value = option.action.get(name)
            if value is not None and value not in values:
                values.append(value)
        pick: PickKind | Literal["value"] = places.get(name, "value")
        if pick == "value" and values and all(isinstance(v, str) and v in everyone for v in values):
            pick = "target"
        out.append(FieldValues(name=name, pick=pick, values=tuple(values)))
    return tuple(out)


def _odds(ruleset: BaseRuleset, state: EncounterState, action: Action) -> dict[str, Any] | None:
    """The exact odds of an action aimed at someone, when a closed form or a small walk of
    its dice gives them; None otherwise (not aimed, or too many branches)."""
    protocol = cast(Ruleset, ruleset)  # a BaseRuleset is one; mypy cannot see its ClassVars
    if odds_model_of(protocol).target(action) is None:
        return None
    try:
        found = action_odds(protocol, state, action, method="exact", leaves=ODDS_LEAVES)
    except (NoExactOdds, FracasError):
        return None
    return found.to_json()
