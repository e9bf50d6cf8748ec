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
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints

from pydantic import BaseModel, Strict, ValidationError

Int = Annotated[int, Strict()]
"""An integer that refuses `true`/`false` (YAML booleans would otherwise count as 1 and 0)."""

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
    """Follow `loc` through the shape, dropping the branch tags pydantic adds for unions."""
    path, current, through_union = prefix, shape, False
    for part in loc:
        branches = _branches(current) if current is not None else ()
        if len(branches) > 1:
            chosen = next((b for b in branches if isinstance(part, str) and part in _tag(b)), None)
            if chosen is not None:
                current, through_union = chosen, True
                continue
            if isinstance(part, str) and "[" in part:
                continue  # a validator's or literal's tag on a branch we cannot name
        elif isinstance(part, str) and ("[" in part or part.startswith("function-")):
            continue
        node = branches[0] if len(branches) == 1 else None
        path = field_path(path, (part,))
        current = _child(node, part, branches)
    return _Place(path, current, through_union)


def _child(node: Any, part: int | str, branches: tuple[Any, ...]) -> Any:
    for candidate in branches or (node,):
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
    at that same place, and no clause names one of our classes."""
    clauses: list[tuple[_Place, str]] = []
    for problem in error.errors():
        loc = tuple(problem["loc"])
        kind = problem["type"]
        if kind in _EXTRA_ERRORS:
            place = _walk(prefix, shape, loc[:-1])
            name = field_path(place.path, loc[-1:])
            known = ", ".join(accepted_at(place.shape))
            hint = f"; accepted: {known}" if known else ""
            at_key = dataclasses.replace(place, path=name)
            clauses.append((at_key, f"{name}: unknown field{hint}"))
            continue
        place = _walk(prefix, shape, loc)
        clauses.append((place, f"{place.path}: {_message(problem, place.shape)}"))
    return "; ".join(_unique(_deepest(clauses)))


def _message(problem: Mapping[str, Any], shape: Any) -> str:
    ctx = problem.get("ctx") or {}
    if "error" in ctx:
        return str(ctx["error"])
    if problem["type"] in _MAPPING_ERRORS:
        known = accepted_at(shape)
        return "expected a mapping" + (f" with any of: {', '.join(known)}" if known else "")
    if problem["type"] == "missing":
        return "required field missing"
    return _CLASS_NAMES.sub("", str(problem["msg"]))


def _deepest(clauses: list[tuple[_Place, str]]) -> list[str]:
    """Of the union branches that failed, keep those that got furthest into the input: a
    mapping under `autoplay` is about its fields, not about not being a boolean."""
    kept = []
    for place, text in clauses:
        deeper = any(
            other.path[len(place.path) : len(place.path) + 1] in (".", "[")
            and other.path.startswith(place.path)
            for other, _ in clauses
            if other.through_union
        )
        if not (place.through_union and deeper):
            kept.append(text)
    return kept


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
