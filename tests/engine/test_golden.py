"""Seeded fights replayed and diffed line by line against their blessed logs."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from fracas.core.registry import available
from fracas.golden import golden_lines

ROOT = Path(__file__).resolve().parents[2]
CASES = [
    ("lines", "skirmish.jsonl", "examples/lines-skirmish.yaml", 7),
    ("nwo", "firefight.jsonl", "examples/nwo-firefight.yaml", 20),
    ("tiers", "duel.jsonl", "examples/tiers-duel.yaml", 3),
    ("tiers", "dark-room.jsonl", "examples/tiers-dark-room.yaml", 3),
    ("pools", "squad-assault.jsonl", "examples/pools-squad-assault.yaml", 4),
    ("fatewalker", "duel.jsonl", "examples/fatewalker-duel.yaml", 5),
]


@pytest.mark.parametrize(("ruleset", "name", "scenario", "seed"), CASES)
def test_golden_fight_is_unchanged(ruleset: str, name: str, scenario: str, seed: int) -> None:
    blessed = (ROOT / "tests/golden" / ruleset / name).read_text(encoding="utf-8").splitlines()
    fresh = golden_lines(ROOT / scenario, seed)
    diff = list(difflib.unified_diff(blessed, fresh, "blessed", "now", lineterm="", n=1))
    assert not diff, "the fight changed; if on purpose, run tools/regen_golden.py\n" + "\n".join(
        diff[:40]
    )


def test_every_registered_ruleset_has_a_golden_fight() -> None:
    assert set(available()) <= {case[0] for case in CASES}
