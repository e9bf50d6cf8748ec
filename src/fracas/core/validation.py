"""Validation errors in the words of the file the user wrote.

pydantic reports locations as tuples (`('combatants', 1, 'stats', 'dexterity')`); users read
`combatants[1].stats.dexterity`. Every refusal of a file goes through here so they all read alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import ValidationError


def field_path(prefix: str, loc: Sequence[int | str]) -> str:
    path = prefix
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else str(part)
    return path


def describe(prefix: str, error: ValidationError, accepted: Iterable[str] = ()) -> str:
    """One clause per problem, each naming its place; unknown fields list the accepted ones."""
    known = ", ".join(accepted)
    parts = []
    for problem in error.errors():
        place = field_path(prefix, problem["loc"])
        if problem["type"] in ("extra_forbidden", "unexpected_keyword_argument"):
            hint = f"; accepted: {known}" if known else ""
            parts.append(f"{place}: unknown field{hint}")
        else:
            message = problem["msg"]
            if "ctx" in problem and "error" in problem["ctx"]:
                message = str(problem["ctx"]["error"])
            parts.append(f"{place}: {message}")
    return "; ".join(parts)


def repeated(ids: Iterable[str]) -> str | None:
    """The first id that appears twice, for "id used twice" refusals."""
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            return item
        seen.add(item)
    return None
