"""Whole fights of the example: what `fracas run` shows, and what must hold whatever the dice."""

from __future__ import annotations

from pathlib import Path

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


def test_the_run_table_shows_each_next_action_tick() -> None:
    shown = CliRunner().invoke(app, ["run", str(DUEL)])
    assert shown.exit_code == 0, shown.stderr
    assert "next tick" in shown.stdout
    assert "outcome:" in shown.stdout and "(tick " in shown.stdout


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_damage_is_never_negative_and_ticks_only_increase(seed: int) -> None:
    result = run_scenario(load_scenario(DUEL), seed)
    log = result.encounter.log
    assert all(e.total >= 0 and e.normal >= 0 for e in log if isinstance(e, DamageRolled))
    assert all(e.amount > 0 for e in log if isinstance(e, Wounded))
    ticks = [e.tick for e in log if isinstance(e, TickReached)]
    assert ticks == sorted(set(ticks))
    encounter = result.encounter
    assert replay(encounter.ruleset, encounter.setup, log) == encounter.state
