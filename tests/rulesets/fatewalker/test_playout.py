"""Whole fights of the example: what `fracas run` shows, and what must hold whatever the dice."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from fracas.cli.main import app
from fracas.core.encounter import replay
from fracas.core.ticks import TickReached
from fracas.rulesets.fatewalker.events import DamageRolled, Wounded
from fracas.runner import run_scenario
from fracas.scenario import load_scenario

DUEL = Path(__file__).resolve().parents[3] / "examples/fatewalker-duel.yaml"
GRENADES = DUEL.with_name("fatewalker-grenades.yaml")
"""fw-finish: explosives, Evade AoE, covering fire and the theme powers in whole fights."""


def test_the_run_table_shows_each_next_action_tick() -> None:
    shown = CliRunner().invoke(app, ["run", str(DUEL)])
    assert shown.exit_code == 0, shown.stderr
    assert "next tick" in shown.stdout
    assert "outcome:" in shown.stdout and "(tick " in shown.stdout


@pytest.mark.parametrize("example", [DUEL, GRENADES], ids=["duel", "grenades"])
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_damage_is_never_negative_and_ticks_only_increase(example: Path, seed: int) -> None:
    result = run_scenario(load_scenario(example), seed)
    log = result.encounter.log
    assert all(e.total >= 0 and e.normal >= 0 for e in log if isinstance(e, DamageRolled))
    assert all(e.amount > 0 for e in log if isinstance(e, Wounded))
    ticks = [e.tick for e in log if isinstance(e, TickReached)]
    assert ticks == sorted(set(ticks))
    encounter = result.encounter
    assert replay(encounter.ruleset, encounter.setup, log) == encounter.state


def test_the_grenades_example_plays_its_new_mechanics() -> None:
    """fw-finish: over a few seeds the tactics throw grenades at a cluster, the caught evade
    them (Evade AoE), the gunner lays covering fire, Fate's End is paid and rolled, and the
    Protector grants a Boon."""
    from fracas.rulesets.fatewalker.events import FateSpent, PoolRolled
    from fracas.rulesets.fatewalker.finish_events import BlastLanded, BoonSet, CoverSet

    seen: set[str] = set()
    for seed in range(5):
        log = run_scenario(load_scenario(GRENADES), seed).encounter.log
        seen |= {"blast" for e in log if isinstance(e, BlastLanded) and len(e.caught) >= 2}
        seen |= {e.what for e in log if isinstance(e, PoolRolled)}
        seen |= {"cover" for e in log if isinstance(e, CoverSet) and e.until is not None}
        seen |= {"boon" for e in log if isinstance(e, BoonSet) and e.until is not None}
        seen |= {e.why.split(":")[0] for e in log if isinstance(e, FateSpent)}
    assert {"blast", "evade AoE", "cover", "boon", "Fate's End", "fate's end"} <= seen
