"""The command line contract of docs/scenario-format.md: output, exit codes, JSON shape."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from typer.testing import CliRunner

from fracas.cli.main import app
from tests.engine.fixtures import duel

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "lines-skirmish.yaml"


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "fight.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_rulesets_lists_lines_with_its_source_seed() -> None:
    result = runner.invoke(app, ["rulesets", "--json"])
    assert result.exit_code == 0
    rows = {row["id"]: row for row in json.loads(result.stdout)}
    assert rows["lines"]["source"] == "seeds/002_02c41e182597e954.txt"


def test_roll_with_a_seed_is_repeatable_and_shows_faces() -> None:
    first = runner.invoke(app, ["roll", "4d6dl1", "--seed", "11", "--json"])
    second = runner.invoke(app, ["roll", "4d6dl1", "--seed", "11", "--json"])
    assert first.exit_code == 0
    assert first.stdout == second.stdout
    rolled = json.loads(first.stdout)
    assert len(rolled["faces"]) == 4
    assert rolled["total"] == sum(rolled["faces"]) - min(rolled["faces"])


def test_roll_refuses_bad_notation_pointing_at_the_character() -> None:
    result = runner.invoke(app, ["roll", "2d6+"])
    assert result.exit_code == 2
    assert "column 5" in result.stderr


def test_odds_prints_exact_probabilities_mean_and_deviation() -> None:
    result = runner.invoke(app, ["odds", "2d6+1", "--json"])
    assert result.exit_code == 0
    odds = json.loads(result.stdout)
    assert odds["outcomes"][0] == {"total": 3, "probability": 1 / 36, "exact": "1/36"}
    assert odds["mean"] == 8.0
    assert round(odds["stdev"], 6) == round((35 / 6) ** 0.5, 6)


def test_run_plays_the_example_to_an_outcome() -> None:
    result = runner.invoke(app, ["run", str(EXAMPLE), "--json"])
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["outcome"] in {"guards won", "raiders won", "draw"}
    assert set(report) >= {"ruleset", "round", "turn", "outcome", "combatants", "events"}
    assert report["dice_left"] is None


def test_run_prints_a_readable_log_for_people() -> None:
    result = runner.invoke(app, ["run", str(EXAMPLE)])
    assert result.exit_code == 0
    assert "turn order (initiative)" in result.stdout
    assert "outcome:" in result.stdout


def test_an_illegal_action_exits_2_and_reports_the_state_before_it(tmp_path: Path) -> None:
    data = duel(
        dice=[4, 2, 3, 6],
        actions=[
            {"actor": "ada", "do": "attack", "target": "rook", "weapon": "sword"},
            {"actor": "ada", "do": "attack", "target": "rook", "weapon": "sword"},
        ],
    )
    result = runner.invoke(app, ["run", str(write(tmp_path, data)), "--json"])
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    assert report["error"] == {
        "action": 1,
        "message": "ada has already used this turn's action",
    }
    rook = next(c for c in report["combatants"] if c["id"] == "rook")
    assert rook["hp"] == 5  # only the first attack landed: 7 against 3, 3 + 2 damage
    assert report["dice_left"] == [6]
    assert result.stderr.strip().endswith(
        "actions[1] (ada attack rook): ada has already used this turn's action"
    )


def test_a_malformed_file_exits_2_with_the_field_path(tmp_path: Path) -> None:
    data = duel()
    data["combatants"][1]["stats"]["dexterity"] = -1
    result = runner.invoke(app, ["run", str(write(tmp_path, data))])
    assert result.exit_code == 2
    assert f"{tmp_path / 'fight.yaml'}: combatants[1].stats.dexterity" in result.stderr
    assert "greater than or equal to 0" in result.stderr


def test_broken_yaml_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("ruleset: lines\ncombatants: [\n  - id: a\n", encoding="utf-8")
    result = runner.invoke(app, ["run", str(path)])
    assert result.exit_code == 2
    assert "not valid YAML at line" in result.stderr


def test_an_unknown_weapon_is_refused_naming_what_is_carried(tmp_path: Path) -> None:
    data = duel(actions=[{"actor": "ada", "do": "attack", "target": "rook", "weapon": "axe"}])
    result = runner.invoke(app, ["run", str(write(tmp_path, data))])
    assert result.exit_code == 2
    assert "ada has no weapon 'axe'; it carries: sword" in result.stderr


def test_an_unknown_ruleset_lists_the_available_ones(tmp_path: Path) -> None:
    result = runner.invoke(app, ["run", str(write(tmp_path, duel(ruleset="chess")))])
    assert result.exit_code == 2
    assert "unknown ruleset 'chess'; available:" in result.stderr
    assert "lines" in result.stderr.split("available:")[1]


def test_manual_mode_asks_for_each_face_of_physical_dice(tmp_path: Path) -> None:
    data = duel(actions=[{"actor": "ada", "do": "attack", "target": "rook", "weapon": "sword"}])
    result = runner.invoke(
        app, ["run", str(write(tmp_path, data)), "--manual", "--json"], input="9\n4\n2\n3\n"
    )
    assert result.exit_code == 0, result.stderr
    assert result.stderr.count("roll a d6, face") == 4  # 9 does not fit, so asked again
    # the test runner echoes the typed answers into stdout, where a terminal would show them
    report = json.loads(result.stdout[result.stdout.index("{") :])
    rook = next(c for c in report["combatants"] if c["id"] == "rook")
    assert rook["hp"] == 10 - (3 + 2)  # 4+3 = 7 against 2+1 = 3: hit for 3+2


def test_manual_roll_refuses_after_three_faces_that_do_not_fit() -> None:
    result = runner.invoke(app, ["roll", "1d6", "--manual"], input="7\n0\n8\n")
    assert result.exit_code == 2
    assert "no face that fits a d6 (1-6) after 3 tries (7, 0, 8)" in result.stderr


def test_the_scripted_nwo_example_gives_the_numbers_its_comments_promise() -> None:
    path = Path(__file__).parents[2] / "examples" / "nwo-ambush-at-the-pump.yaml"
    result = runner.invoke(app, ["run", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    people = {c["id"]: c for c in report["combatants"]}
    assert (people["kade"]["hp"], people["kade"]["state"]["ahp"]) == (8, 0)
    assert (people["dusk"]["hp"], people["dusk"]["state"]["ahp"]) == (10, 0)
    assert people["dusk"]["position"] == {"x": 3, "y": 3}
    assert people["kade"]["state"]["ammo"] == {"handgun": 13}
    assert report["dice_left"] == []
    assert (report["round"], report["turn"]) == (2, "kade")


def test_run_shows_the_fatewalker_wound_chart() -> None:
    """Issue 9: "`fracas run` output shows each combatant's next action tick and wound chart
    in `state`" (the table's `turn` and `state` columns)."""
    example = Path(__file__).parents[2] / "examples" / "fatewalker-duel.yaml"
    result = runner.invoke(app, ["run", str(example)], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.stderr
    assert "next tick" in result.stdout
    assert "T6/6 N[" in result.stdout
    assert "energy" in result.stdout
