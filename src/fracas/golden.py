"""Golden fights: a seeded scenario's whole event log as JSON lines, for line-by-line diffs.

The first line is a header (ruleset, scenario file, seed, outcome); each further line is one
event. Any change to the rules that moves a single roll or number shows up as a changed line.
"""

from __future__ import annotations

import json
from pathlib import Path

from fracas.runner import run_scenario
from fracas.scenario import load_scenario


def golden_lines(scenario: Path, seed: int) -> list[str]:
    result = run_scenario(load_scenario(scenario), seed)
    header = {
        "ruleset": result.spec.ruleset,
        "scenario": scenario.name,
        "seed": seed,
        "outcome": result.encounter.state.outcome,
    }
    lines = [json.dumps(header, sort_keys=True)]
    lines += [json.dumps(e.to_json(), sort_keys=True) for e in result.encounter.log]
    return lines
