"""Finding rulesets by id.

Built-in rulesets register through the `fracas.rulesets` entry-point group exactly as a
third-party package would, so nothing in the core names a ruleset.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from fracas.core.errors import ScenarioError
from fracas.core.ruleset import Ruleset

GROUP = "fracas.rulesets"
_registered: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    """Add a ruleset by hand (tests, notebooks); wins over an entry point of the same id."""
    _registered[ruleset.info.id] = ruleset


@cache
def _discovered() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    for point in entry_points(group=GROUP):
        ruleset = point.load()
        found[point.name] = ruleset
    return found


def available() -> dict[str, Ruleset]:
    return {**_discovered(), **_registered}


def get_ruleset(ruleset_id: str) -> Ruleset:
    rulesets = available()
    ruleset = rulesets.get(ruleset_id.lower())
    if ruleset is None:
        known = ", ".join(sorted(rulesets)) or "none installed"
        raise ScenarioError(f"unknown ruleset {ruleset_id!r}; available: {known}")
    return ruleset
