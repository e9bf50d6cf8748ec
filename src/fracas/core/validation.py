"""Validation errors in the words of the file the user wrote.

pydantic reports locations as tuples (`('combatants', 1, 'stats', 'dexterity')`) and speaks of
its own classes ("instance of Sheet", union branches named `AutoplaySpec`); users read
`combatants[1].stats.dexterity` and want to know what they could have written there. Every
refusal of a file goes through `describe`, which walks the validated shape along each error's
location, so an unknown key inside `stats` lists the stats, not the combatant's fields.
"""

from __future__ import annotations

import dataclasses
import re
import types
from collections.abc import Iterable, Mapping, Sequence
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from pydantic import BaseModel, BeforeValidator, Strict, ValidationError

from fracas.core.errors import ScenarioError

Int = Annotated[int, Strict()]
"""An integer that refuses `true`/`false` (YAML booleans would otherwise count as 1 and 0)."""


def _refuse_bool(value: Any) -> Any:
    if isinstance(value, bool):
        raise ValueError("expected a number, not true/false")
    return value


NOT_BOOL = BeforeValidator(_refuse_bool)
"""For a choice of numbers (`Literal[1, 2]`), where `Strict` does not apply and `true == 1`."""

Shape = type | None
"""What was validated: a pydantic model or a (pydantic-validated) dataclass."""

_MAPPING_ERRORS = frozenset({"model_type", "model_attributes_type", "dataclass_type", "dict_type"})
_EXTRA_ERRORS = frozenset({"extra_forbidden", "unexpected_keyword_argument"})
_CLASS_NAMES = re.compile(r" or instance of \w+")


def field_path(prefix: str, loc: Sequence[int | str]) -> str:
    path = prefix
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else str(part)
    return path


def fields_of(shape: Any) -> dict[str, Any] | None:
    """Field name -> annotation for a model or a dataclass; None for anything else."""
    if isinstance(shape, type) and issubclass(shape, BaseModel):
        return {name: info.annotation for name, info in shape.model_fields.items()}
    if isinstance(shape, type) and dataclasses.is_dataclass(shape):
        hints = get_type_hints(shape, include_extras=True)
        return {f.name: hints.get(f.name) for f in dataclasses.fields(shape)}
    return None


def _bare(annotation: Any) -> Any:
    while get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    return annotation


def _branches(annotation: Any) -> tuple[Any, ...]:
    """The non-None members of a union, or the annotation alone."""
    annotation = _bare(annotation)
    if get_origin(annotation) in (Union, types.UnionType):
        return tuple(_bare(a) for a in get_args(annotation) if a is not type(None))
    return (annotation,)


def _tag(annotation: Any) -> set[str]:
    """The names pydantic gives a union branch in an error location."""
    names = {str(annotation)}
    name = getattr(annotation, "__name__", None)
    if name is not None:
        names.add(name)
    if get_origin(annotation) is Literal:
        names.add(f"literal[{','.join(repr(a) for a in get_args(annotation))}]")
    return names


@dataclasses.dataclass(frozen=True, slots=True)
class _Place:
    path: str
    shape: Any
    """The annotation at that place, when the walk could follow it."""
    through_union: bool


def _walk(prefix: str, shape: Any, loc: Sequence[int | str]) -> _Place:
    """Follow `loc` through the shape. Where the shape is a union, pydantic adds the name of
    the branch it tried (`AutoplaySpec`, `bool`, `tuple[int, int]`) to the location: the
    branch is followed and its name dropped, as the file never wrote it."""
    path, current, through_union = prefix, shape, False
    for part in loc:
        branches = _branches(current) if current is not None else ()
        if len(branches) > 1 and isinstance(part, str):
            chosen = next((b for b in branches if part in _tag(b)), None)
            if chosen is not None:
                current, through_union = chosen, True
                continue
            if "[" in part:
                continue  # a branch whose name we cannot match; the walk stops knowing more
        path = field_path(path, (part,))
        current = _child(branches, part)
    return _Place(path, current, through_union)


def _child(branches: tuple[Any, ...], part: int | str) -> Any:
    """The annotation one step further in: a field, a list's items, a dict's values."""
    for candidate in branches:
        fields = fields_of(candidate)
        if fields is not None and isinstance(part, str) and part in fields:
            return fields[part]
        origin, args = get_origin(candidate), get_args(candidate)
        if origin in (list, set, frozenset, Sequence) and args and isinstance(part, int):
            return args[0]
        if origin is tuple and args and isinstance(part, int):
            if len(args) == 2 and args[1] is Ellipsis:
                return args[0]
            return args[part] if part < len(args) else None
        if origin in (dict, Mapping) and len(args) == 2:
            return args[1]
    return None


def accepted_at(shape: Any) -> list[str]:
    """The field names a mapping at this place accepts (none when it is not a record)."""
    for branch in _branches(shape) if shape is not None else ():
        fields = fields_of(branch)
        if fields is not None:
            return list(fields)
    return []


def describe(prefix: str, error: ValidationError, shape: Shape = None) -> str:
    """One clause per problem, each naming its place; unknown fields list those accepted
    at that same place (several unknown at one place share one clause), and no clause names
    one of our classes."""
    clauses: list[tuple[_Place, str]] = []
    unknown: dict[str, tuple[_Place, list[str]]] = {}
    for problem in error.errors():
        loc = tuple(problem["loc"])
        if problem["type"] in _EXTRA_ERRORS:
            parent = _walk(prefix, shape, loc[:-1])
            name = field_path(parent.path, loc[-1:])
            unknown.setdefault(parent.path, (parent, []))[1].append(name)
            continue
        place = _walk(prefix, shape, loc)
        clauses.append((place, f"{place.path}: {_message(problem, place.shape)}"))
    for parent, names in unknown.values():
        at_names = dataclasses.replace(parent, path=names[0])
        clauses.append((at_names, _unknown(parent, names)))
    return "; ".join(_unique(_deepest(clauses)))


def _unknown(parent: _Place, names: list[str]) -> str:
    known = ", ".join(accepted_at(parent.shape))
    hint = f"; accepted: {known}" if known else ""
    plural = "s" if len(names) > 1 else ""
    return f"{', '.join(names)}: unknown field{plural}{hint}"


def _message(problem: Mapping[str, Any], shape: Any) -> str:
    ctx = problem.get("ctx") or {}
    if "error" in ctx:
        return str(ctx["error"])
    if problem["type"] in _MAPPING_ERRORS:
        known = accepted_at(shape)
        return "expected a mapping" + (f" with any of: {', '.join(known)}" if known else "")
    if problem["type"] == "missing":
        return "required field missing"
    if problem["type"] == "too_short" and "min_length" in ctx:
        least, given = ctx["min_length"], ctx.get("actual_length")
        return f"needs at least {least} item{'s' if least != 1 else ''}, not {given}"
    if problem["type"] in ("int_type", "int_parsing", "int_from_float"):
        return f"expected a whole number, not {_as_written(problem.get('input'))}"
    return _CLASS_NAMES.sub("", str(problem["msg"]))


def _as_written(value: Any) -> str:
    """A value as a scenario file spells it (`true`, not Python's `True`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return repr(value) if isinstance(value, str) else str(value)


def _deepest(clauses: list[tuple[_Place, str]]) -> list[str]:
    """Of the union branches that failed, keep those that got furthest into the input: a
    mapping under `autoplay` is about its fields, not about not being a boolean."""
    return [
        text
        for place, text in clauses
        if not (
            place.through_union
            and any(other.through_union and _inside(other.path, place.path) for other, _ in clauses)
        )
    ]


def _inside(path: str, outer: str) -> bool:
    return path.startswith(outer) and path[len(outer) : len(outer) + 1] in (".", "[")


def _unique(texts: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(texts))


def repeated(ids: Iterable[str]) -> str | None:
    """The first id that appears twice, for "id used twice" refusals."""
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            return item
        seen.add(item)
    return None


M = TypeVar("M", bound=BaseModel)


def validated(model: type[M], data: Any, where: str) -> M:
    """`data` as `model`, or a `ScenarioError` that names each wrong field from `where` on
    (`combatants[1].stats.body`): every ruleset reads its map and sheets this way."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise ScenarioError(describe(where, error, model)) from None
