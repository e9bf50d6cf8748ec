"""The secrecy check shared by the random-play tests of the rulesets with GM-only information.

Who a player knows of is read off its own view (the ids it lists, or every id when it holds
the GM's map); nothing it receives, view or event (its JSON and its `describe()`), may name
anyone else, not even inside a trap's id. Names are compared as whole words spelt as ids are,
so a known `ada-2` is not taken for a hidden `ada`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, Phase, settings

from fracas.core.dice import Dice
from fracas.core.encounter import Encounter
from fracas.core.events import Event
from fracas.core.ruleset import BaseRuleset
from fracas.core.secrecy import TOKEN
from fracas.core.state import EncounterState
from fracas.scenario import parse_scenario


def example_encounter(ruleset: BaseRuleset, example: Path, seed: int) -> Encounter:
    """An example file's fight set up as `fracas run` would, with seeded dice, for random play
    (its set-up state is `encounter.setup`)."""
    spec = parse_scenario(yaml.safe_load(example.read_text(encoding="utf-8")))
    order = tuple(spec.order) if spec.order is not None else None
    return Encounter(ruleset, ruleset.setup(spec), Dice.seeded(seed), order=order)


WHOLE_FIGHTS = settings(
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a failure shows as found: a
    # shrink through whole fights takes minutes
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""hypothesis settings for random play through whole example fights."""


def known_of(seen: dict[str, Any], everyone: Iterable[str]) -> set[str]:
    """The ids a viewer's view names as known: its listed combatants, or all with the map."""
    if "gm_map" in seen:
        return set(everyone)
    return {c["id"] for c in seen["combatants"] if c.get("id") is not None}


def named(text: str, everyone: set[str]) -> set[str]:
    """The combatants `text` names: as a word, or as the maker in a trap's id (`x-trap-1`)."""
    found = set()
    for word in TOKEN.findall(text):
        if word in everyone:
            found.add(word)
        elif "-trap-" in word and word.split("-trap-")[0] in everyone:
            found.add(word.split("-trap-")[0])
    return found


def check_secrets(
    ruleset: BaseRuleset,
    before: EncounterState,
    events: Sequence[Event],
    viewers: Iterable[str],
) -> None:
    """Every event of one action as each viewer receives it, judged on the state just after
    it, names nobody the viewer's view at that moment leaves out; the GM gets every event
    as it is; and the views themselves name nobody they leave out."""
    everyone = {c.id for c in before.combatants}
    viewers = list(viewers)
    state = before
    for event in events:
        state = ruleset.evolve(state, event)
        assert ruleset.shown(state, event, None) is event
        for viewer in viewers:
            seen = ruleset.view(state, viewer)
            known = known_of(seen, everyone)
            leaked = named(json.dumps(seen), everyone) - known
            assert not leaked, (viewer, "view", leaked)
            out = ruleset.shown(state, event, viewer)
            if out is None:
                continue
            text = json.dumps(out.to_json()) + " " + out.describe()
            leaked = named(text, everyone) - known
            assert not leaked, (viewer, event, out, leaked)
