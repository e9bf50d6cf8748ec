"""Finding rulesets by id.

Built-in rulesets register through the `fracas.rulesets` entry-point group exactly as a
third-party package would, so nothing in the core names a ruleset. A ruleset's module is
imported when it is first asked for by id, not with the others: importing all five took
about 0.8 s of a command's start-up where one took 0.2-0.4 s (`fracas sim` and `fracas odds`
name one ruleset; only a listing of them all, `available`, loads every one).
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points

from fracas.core.errors import ScenarioError
from fracas.core.ruleset import Ruleset

GROUP = "fracas.rulesets"
_registered: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    """Add a ruleset by hand (tests, notebooks); wins over an entry point of the same id."""
    _registered[ruleset.info.id] = ruleset


@cache
def _entry_points() -> dict[str, EntryPoint]:
    """The installed rulesets' entry points by id, read from the package metadata without
    importing any (of two with one id, the later listed, as a dictionary built in order has it)."""
    return {point.name: point for point in entry_points(group=GROUP)}


@cache
def _loaded(ruleset_id: str) -> Ruleset:
    ruleset: Ruleset = _entry_points()[ruleset_id].load()
    return ruleset


def available() -> dict[str, Ruleset]:
    """Every ruleset by id, each imported."""
    return {**{name: _loaded(name) for name in _entry_points()}, **_registered}


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset of this id (any case), importing its module alone if it is not yet."""
    wanted = ruleset_id.lower()
    ruleset = _registered.get(wanted)
    if ruleset is not None:
        return ruleset
    if wanted in _entry_points():
        return _loaded(wanted)
    known = ", ".join(sorted({*_entry_points(), *_registered})) or "none installed"
    raise ScenarioError(f"unknown ruleset {ruleset_id!r}; available: {known}")
