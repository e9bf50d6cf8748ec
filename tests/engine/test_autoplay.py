"""Autoplay plays every example to its end, and says so when it stops at the round limit
instead."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fracas.cli.main import app
from fracas.core.actions import Action
from fracas.core.dice import Dice
from fracas.core.encounter import Encounter
from fracas.core.registry import get_ruleset
from fracas.core.state import EncounterState
from fracas.rulesets.tiers.actions import Face
from fracas.rulesets.tiers.ruleset import Tiers
from fracas.runner import STALL_LIMIT, autoplay, run_scenario
from fracas.scenario import AutoplaySpec, ScenarioSpec, load_scenario

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
SEEDS = 200


def _seeded(spec: ScenarioSpec) -> ScenarioSpec:
    """The example's cast and map under seeded dice: a scripted example (its dice written
    out for a few listed actions) becomes a fight played from the start by the tactics."""
    if spec.dice is None:
        return spec if spec.autoplay else spec.model_copy(update={"autoplay": True})
    return spec.model_copy(update={"dice": None, "actions": [], "autoplay": True})


def test_every_ruleset_has_an_example() -> None:
    rulesets = {load_scenario(path).ruleset for path in EXAMPLES}
    assert {"lines", "nwo", "tiers", "pools"} <= rulesets


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_fight_ends_with_an_outcome(path: Path) -> None:
    """The nwo tactics never reloaded, drew or dashed, and the lines tactics let two shooters
    trade at long range: fights ran into the round limit (the firefight's seed 9, the
    skirmish's seed 13)."""
    spec = _seeded(load_scenario(path))
    stalled = []
    for seed in range(SEEDS):
        result = run_scenario(spec, seed)
        assert result.error is None, str(result.error)
        if result.stopped != "outcome" or result.encounter.state.outcome is None:
            stalled.append(seed)
    assert not stalled, f"seeds that reached the round limit: {stalled}"


def _cut_short(rounds: int) -> ScenarioSpec:
    """The skirmish with autoplay allowed only `rounds` rounds (its fights take several)."""
    return load_scenario(ROOT / "examples/lines-skirmish.yaml").model_copy(
        update={"autoplay": AutoplaySpec(max_rounds=rounds)}
    )


def test_autoplay_says_whether_it_reached_an_outcome_or_the_round_limit() -> None:
    spec = load_scenario(ROOT / "examples/lines-skirmish.yaml")
    ruleset = get_ruleset(spec.ruleset)
    cut = Encounter(ruleset, ruleset.setup(spec), Dice.seeded(7))
    assert autoplay(cut, 1) == "round limit"
    assert cut.state.outcome is None
    full = Encounter(ruleset, ruleset.setup(spec), Dice.seeded(7))
    assert autoplay(full, 100) == "outcome"
    assert full.state.outcome is not None


def test_a_run_cut_off_at_the_round_limit_reports_it() -> None:
    spec = load_scenario(ROOT / "examples/lines-skirmish.yaml")
    result = run_scenario(_cut_short(1), 7)
    assert result.stopped == "round limit"
    report = result.to_json()
    assert report["outcome"] is None
    assert report["stopped"] == "round limit"
    finished = run_scenario(spec, 7)
    assert finished.stopped == "outcome"
    assert "stopped" not in finished.to_json()


def test_the_command_line_reports_the_round_limit(tmp_path: Path) -> None:
    text = (ROOT / "examples/lines-skirmish.yaml").read_text(encoding="utf-8")
    cut = tmp_path / "cut.yaml"
    cut.write_text(text.replace("max_rounds: 40", "max_rounds: 1"), encoding="utf-8")
    runner = CliRunner()
    shown = runner.invoke(app, ["run", str(cut), "--seed", "7"])
    assert shown.exit_code == 0, shown.stderr
    assert "stopped at the round limit" in shown.stdout
    as_json = runner.invoke(app, ["run", str(cut), "--seed", "7", "--json"])
    report = json.loads(as_json.stdout)
    assert report["outcome"] is None
    assert report["stopped"] == "round limit"


class _Fidgeting(Tiers):
    """Tactics with the bug the drake's lair once had: turning back and forth, which is free,
    so the turn never ends."""

    def suggest(self, state: EncounterState) -> Action:
        actor = state.actor
        assert actor is not None
        facing = "w" if state.get(actor).facing == "n" else "n"  # type: ignore[attr-defined]
        return Face(actor=actor, facing=facing)


def test_autoplay_calls_free_actions_without_end_stalled_rather_than_hanging() -> None:
    spec = load_scenario(ROOT / "examples/tiers-duel.yaml")
    ruleset = _Fidgeting()
    encounter = Encounter(ruleset, ruleset.setup(spec), Dice.seeded(1))
    assert autoplay(encounter, 100) == "stalled"
    assert len(encounter.log) < STALL_LIMIT * 3
    assert encounter.state.turns.round == 1
