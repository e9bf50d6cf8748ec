"""`fracas sim`: the report for people and for programs, the chart, and one-line refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fracas.cli.main import app
from tests.sim.helpers import ROOT

runner = CliRunner()
SKIRMISH = str(ROOT / "examples/lines-skirmish.yaml")


def test_json_report_has_win_probabilities_with_intervals() -> None:
    result = runner.invoke(app, ["sim", SKIRMISH, "--trials", "40", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["trials"] == 40
    assert report["seed"] == 7  # the file's
    assert set(report["sides"]) == {"guards", "raiders"}
    for row in report["sides"].values():
        low, high = row["wins"]["interval"]
        assert low <= row["wins"]["probability"] <= high
    total = sum(r["wins"]["count"] for r in report["sides"].values())
    assert total + sum(e["count"] for e in report["ends"].values()) == 40
    assert report["clock"] == "rounds"
    assert sum(report["length"]["histogram"].values()) == 40
    assert {c["id"] for c in report["combatants"]} == {"ada", "bram", "cato", "rook", "wren", "jax"}


def test_text_report_and_chart(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "odds.png"
    result = runner.invoke(
        app,
        [
            "sim",
            SKIRMISH,
            "-n",
            "30",
            "--workers",
            "1",
            "--policy",
            "raiders=focus",
            "--plot",
            str(chart),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "who wins" in result.stdout
    assert "focus" in result.stdout
    assert "95% interval" in result.stdout
    assert chart.read_bytes().startswith(b"\x89PNG")


def test_a_tick_timed_fight_is_measured_in_ticks() -> None:
    duel = str(ROOT / "examples/fatewalker-duel.yaml")
    result = runner.invoke(app, ["sim", duel, "-n", "4", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["clock"] == "ticks"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--policy", "raiders=sneaky"], "unknown policy 'sneaky'; accepted: tactics, aggressive"),
        (["--policy", "pirates=focus"], "there is no side 'pirates'; the sides are guards,"),
        (["--policy", "raiders"], "--policy raiders: expected SIDE=NAME"),
        (["--trials", "0"], "--trials must be between 1 and 10,000,000, not 0"),
    ],
)
def test_refusals_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["sim", SKIRMISH, *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"error: {SKIRMISH}: ")
    assert message in lines[0]
