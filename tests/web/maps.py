"""What the map tests share: the example fights, played a few turns in, and who each viewer
knows of (tests/rulesets/secrets.py reads it off the viewer's own view)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from fracas.core.encounter import Encounter
from fracas.core.mapview import MapView
from fracas.core.registry import get_ruleset
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState
from tests.rulesets.secrets import example_encounter, known_of

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.yaml"))
SECRET_EXAMPLES = [
    p for p in EXAMPLES if p.stem in ("tiers-dark-room", "tiers-torchlit-crypt", "pools-ambush")
]
SPACES = {"tiers": "grid", "nwo": "grid", "lines": "lines", "pools": "track", "fatewalker": "plane"}
"""The kind of space each ruleset's map draws."""


def ruleset_of(example: Path) -> BaseRuleset:
    found = get_ruleset(example.stem.split("-")[0])
    assert isinstance(found, BaseRuleset)
    return found


def played(example: Path, seed: int = 1, steps: int = 4) -> Encounter:
    """The example's fight after `steps` of autoplay's actions (fewer if it ends)."""
    ruleset = ruleset_of(example)
    encounter = example_encounter(ruleset, example, seed)
    for _ in range(steps):
        if encounter.state.outcome is not None:
            break
        encounter.act(ruleset.suggest(encounter.state))
    return encounter


def one_player_per_side(state: EncounterState) -> list[str]:
    """The first combatant of each side: a player's viewer for every side."""
    return list({c.side: c.id for c in reversed(state.combatants)}.values())


def unknown_to(ruleset: BaseRuleset, state: EncounterState, viewer: str) -> list[tuple[str, str]]:
    """(id, name) of everyone the viewer's own view leaves out."""
    everyone = {c.id for c in state.combatants}
    known = known_of(ruleset.view(state, viewer), everyone)
    return [(c.id, c.name) for c in state.combatants if c.id not in known]


def as_text(found: MapView) -> str:
    """Everything a map view holds, as the JSON a server would send."""
    return json.dumps(found.to_json())


def players(state: EncounterState) -> Iterator[str]:
    yield from (c.id for c in state.combatants)
