"""The action panel's data: what an actor may do now, grouped by action, with the places and
combatants each choice is picked by on the map, and its exact odds where they come quickly.

Nothing here is a rule. The actions come from the ruleset's own queries (its
`candidate_actions`, autoplay's `suggest`, and the values its map model proposes,
`MapModel.more`), and each one
is kept only when `verify` accepts it, so the panel offers exactly what acting would allow.
Each choice is handed out as the mapping `parse_action` reads (`{"do": "move", "to": [3,
4]}`), so the page sends back what it was offered and the server needs no per-ruleset code.

A player's panel is built for what its player may know: a choice that names a combatant the
player's map does not show (a hidden enemy, someone in the dark) is left out, since
offering it would tell the player who is there; one its map shows as someone unidentified
(the Blind's neighbour) is named by that place, `someone@x,y`, and `unmask` turns it back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

from pydantic import TypeAdapter

from fracas.core.actions import Action
from fracas.core.errors import FracasError, IllegalAction
from fracas.core.jsontext import json_key
from fracas.core.mapview import SOMEONE_AT, MapView, PickKind, handle, model_of, spot
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
    found = sight_of(ruleset.map_view(state, viewer))
    return choices_in_sight(
        ruleset, state, actor, found, legal_actions(ruleset, state, actor), odds
    )


@dataclass(frozen=True, slots=True)
class Sight:
    """All that a panel's choices take from the map of whom they are built for: the ids it
    names, and the handles of the tokens it shows unidentified. Two viewers with equal
    sights of one state are offered the same choices (the server builds them once)."""

    known: frozenset[str]
    strangers: frozenset[str]


def sight_of(found: MapView) -> Sight:
    return Sight(frozenset(t.id for t in found.tokens if t.id is not None), _strangers(found))


def legal_actions(
    ruleset: BaseRuleset, state: EncounterState, actor: str
) -> tuple[tuple[Action, dict[str, Any]], ...]:
    """Every distinct action `verify` accepts of `actor` now, with its mapping: the same
    whoever the panel is for."""
    return tuple(_legal(ruleset, state, actor))


def choices_in_sight(
    ruleset: BaseRuleset,
    state: EncounterState,
    actor: str,
    sight: Sight,
    legal: Iterable[tuple[Action, dict[str, Any]]],
    odds: bool = True,
) -> list[ActionChoice]:
    """`action_choices` from the viewer's `sight` and the actor's `legal_actions`."""
    everyone = {c.id for c in state.combatants}
    model = model_of(ruleset)
    groups: dict[str, list[Option]] = {}
    for action, raw in legal:
        named = _named_in_order(raw, everyone)
        hidden = {raw["actor"], *named} - sight.known
        masks = _masks(state, hidden, sight.strangers, model.locate) if hidden else {}
        if masks is None:
            continue  # it names someone the player's map does not show at all
        if masks:
            shown = _replaced(raw, masks)
            named = _named_in_order(shown, everyone, masks)
        else:
            shown = raw
        option = Option(
            action=shown,
            label=f"{actor} {action.do} someone" if masks else action.label(),
            marks=tuple(("target", who) for who in named) + _places(shown, model.places),
            odds=choice_odds(ruleset, state, action) if odds and not masks else None,
        )
        groups.setdefault(action.do, []).append(option)
    return [
        ActionChoice(do=do, fields=_fields(options, model.places, everyone), options=tuple(options))
        for do, options in groups.items()
    ]


def unmask(
    ruleset: BaseRuleset, state: EncounterState, viewer: str, raw: Any, seen: MapView | None = None
) -> Any:
    """A player's choice with each `someone@x,y` it names turned back into the id of whom
    the player's map shows unidentified there, ready for `parse_action`; one it does not
    show there is refused, so a player cannot probe the dark by naming places. `seen`: the
    viewer's map of `state`, where the caller has it drawn already."""
    strangers = _strangers(seen if seen is not None else ruleset.map_view(state, viewer))
    locate = model_of(ruleset).locate
    names = {}
    for word in _strings(raw):
        if not word.startswith(SOMEONE_AT):
            continue
        if word not in strangers:
            raise IllegalAction(
                f"{word}: your map shows nobody unidentified there; name someone by the "
                f"place your map shows them ({', '.join(sorted(strangers)) or 'none now'})"
            )
        names[word] = next(
            c.id
            for c in state.combatants
            if (at := locate(c.position_json())) is not None and handle_at(at) == word
        )
    return _replaced(raw, names)


def handle_at(at: tuple[float, float]) -> str:
    return SOMEONE_AT + spot(at)


def _strangers(found: MapView) -> frozenset[str]:
    """The handles of the tokens a map shows without an id (someone unidentified there)."""
    return frozenset(h for t in found.tokens if t.id is None and (h := handle(t)) is not None)


def _masks(
    state: EncounterState, hidden: set[str], strangers: frozenset[str], locate: Any
) -> dict[str, str] | None:
    """How a choice names each of the `hidden` (ids the viewer's map does not name): by the
    place where its map shows someone unidentified; None when one of them is not there."""
    masks = {}
    for who in hidden:
        at = locate(state.get(who).position_json())
        if at is None or handle_at(at) not in strangers:
            return None
        masks[who] = handle_at(at)
    return masks


def _replaced(value: Any, names: Mapping[str, str]) -> Any:
    """`value` (a mapping, list or string) with every string in `names` replaced."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, Mapping):
        return {k: _replaced(v, names) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_replaced(v, names) for v in value]
    return value


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
    seen: set[str | bytes] = set()
    proposed = [*ruleset.candidate_actions(state, actor), *model_of(ruleset).more(state, actor)]
    if state.actor == actor and state.outcome is None:
        # autoplay's pick is legal by contract, and may be one the candidates miss (a
        # fatewalker mover that must declare an action can always stop moving)
        proposed.append(ruleset.suggest(state))
    for action in proposed:
        raw = action_json(action)
        key = json_key(raw, sort_keys=True)
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


def _named_in_order(
    raw: Mapping[str, Any], everyone: set[str], masks: Mapping[str, str] | None = None
) -> list[str]:
    """The combatants an action names besides its actor, in the order its fields name them
    (by their masks, `someone@x,y`, where `masks` gives them)."""
    shown = everyone | set(masks.values()) if masks else everyone
    found: dict[str, None] = {}
    for key, value in raw.items():
        if key in ("do", "actor"):
            continue
        for word in (value,) if isinstance(value, str) else _strings(value):
            if word in shown:
                found[word] = None
    return list(found)


def _places(raw: Mapping[str, Any], places: Mapping[str, PickKind]) -> tuple[Mark, ...]:
    """The map places an action's fields name (a `point` is the pair of its fields)."""
    marks: list[Mark] = []
    point = []
    for name, kind in places.items():
        if kind == "point":
            if name in raw:
                point.append(raw[name])
        elif (value := raw.get(name)) is not None:
            marks.append((kind, spot(value)))
    if len(point) == 2:
        marks.append(("point", spot(point)))
    return tuple(marks)


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
        if pick == "value" and values and all(_names_one(v, everyone) for v in values):
            pick = "target"
        out.append(FieldValues(name=name, pick=pick, values=tuple(values)))
    return tuple(out)


def _names_one(value: Any, everyone: set[str]) -> bool:
    return isinstance(value, str) and (value in everyone or value.startswith(SOMEONE_AT))


def choice_odds(
    ruleset: BaseRuleset, state: EncounterState, action: Action
) -> dict[str, Any] | None:
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
