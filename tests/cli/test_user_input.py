"""The command line facing people and hostile files: leading minus signs, seeds that repeat a
roll, physical dice that say what they are for, and file text printed as text."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import yaml
from typer.testing import CliRunner

from fracas.cli.main import app
from fracas.cli.text import literal, plain
from tests.engine.fixtures import duel

runner = CliRunner()


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "fight.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


# -- roll and odds --------------------------------------------------------------------------


def test_a_leading_minus_is_notation_not_an_option() -> None:
    result = runner.invoke(app, ["roll", "-1d4", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    rolled = json.loads(result.stdout)
    assert (rolled["expr"], rolled["total"]) == ("-1d4", -rolled["faces"][0])
    odds = runner.invoke(app, ["odds", "-1d4+2", "--json"])
    assert odds.exit_code == 0, odds.output
    assert [o["total"] for o in json.loads(odds.stdout)["outcomes"]] == [-2, -1, 0, 1]


def test_roll_prints_the_seed_it_chose_and_that_seed_repeats_the_roll() -> None:
    first = runner.invoke(app, ["roll", "6d20"])
    assert first.exit_code == 0
    shown = re.fullmatch(r"6d20: \[([\d, ]+)\] = \d+   \(seed (\d+)\)\n", first.stdout)
    assert shown is not None, first.stdout
    again = runner.invoke(app, ["roll", "6d20", "--seed", shown.group(2), "--json"])
    assert json.loads(again.stdout)["faces"] == [int(f) for f in shown.group(1).split(", ")]
    assert json.loads(again.stdout)["seed"] == int(shown.group(2))


def test_odds_too_large_to_compute_is_one_line_and_exit_2() -> None:
    result = runner.invoke(app, ["odds", "10d10000kh5"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: '10d10000kh5' is too large to compute exactly: ")
    assert "above the bound of 20,000 totals" in result.stderr
    assert result.stdout == ""


def test_odds_of_a_thousand_dice_are_answered() -> None:
    result = runner.invoke(app, ["odds", "1000d6", "--json"])
    assert result.exit_code == 0, result.stderr
    odds = json.loads(result.stdout)
    assert len(odds["outcomes"]) == 5001
    assert odds["outcomes"][0]["exact"] == f"1/{6**1000}"
    assert odds["mean"] == 3500


# -- version and bare invocation ------------------------------------------------------------


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert (result.exit_code, result.stdout) == (0, f"fracas {version('fracas')}\n")


def test_no_arguments_prints_help_and_succeeds() -> None:
    result = runner.invoke(app, [])
    assert result.exit_code == 0
    assert "Usage:" in result.stdout
    assert all(command in result.stdout for command in ("roll", "odds", "run", "rulesets"))


# -- run: seeds and physical dice -------------------------------------------------------------


def test_a_seed_for_a_file_that_scripts_its_dice_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, duel(dice=[4, 2, 3, 6]))
    result = runner.invoke(app, ["run", str(path), "--seed", "5"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.strip() == (
        f"error: {path}: --seed 5 would change nothing: the file scripts its dice (4 faces "
        "under 'dice:'); leave out --seed, or delete the file's dice list to roll them from "
        "the seed"
    )


def test_manual_prompts_say_what_each_face_is_for(tmp_path: Path) -> None:
    data = duel(actions=[{"actor": "ada", "do": "attack", "target": "rook", "weapon": "sword"}])
    result = runner.invoke(app, ["run", str(write(tmp_path, data)), "--manual"], input="4\n2\n3\n")
    assert result.exit_code == 0, result.stderr
    prompts = [line.strip() for line in result.stderr.splitlines() if "face:" in line]
    assert prompts == [
        "attack: ada with sword (die 1 of 1d6): roll a d6, face:",
        "defense: rook dexterity (die 1 of 1d6): roll a d6, face:",
        "damage: ada with sword (die 1 of 1d6): roll a d6, face:",
    ]


def test_manual_says_why_an_answer_is_refused_and_asks_again() -> None:
    result = runner.invoke(app, ["roll", "1d6", "--manual", "--json"], input="six\n9\n6\n")
    assert result.exit_code == 0, result.stderr
    assert "'six' is not a face of a d6 (1-6); try again" in result.stderr
    assert "9 is not a face of a d6 (1-6); try again" in result.stderr
    assert json.loads(result.stdout) == {"expr": "1d6", "faces": [6], "total": 6, "seed": None}


def test_manual_with_no_more_input_exits_2_with_a_message(tmp_path: Path) -> None:
    data = duel(actions=[{"actor": "ada", "do": "attack", "target": "rook", "weapon": "sword"}])
    result = runner.invoke(app, ["run", str(write(tmp_path, data)), "--manual"], input="4\n")
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stderr.strip().endswith(
        "the input ended while a d6 (1-6) was wanted for defense: rook dexterity (die 1 of 1d6)"
    )


def test_manual_roll_with_nonsense_then_no_input_is_refused() -> None:
    result = runner.invoke(app, ["roll", "2d6", "--manual"], input="x\n")
    assert result.exit_code == 2
    assert "error: the input ended while a d6 (1-6) was wanted for die 1 of 2d6" in result.stderr


# -- file text is shown, never obeyed -------------------------------------------------------------


def test_markup_in_names_and_sides_prints_as_written(tmp_path: Path) -> None:
    data = duel(actions=[{"actor": "ada", "do": "end_turn"}])
    data["combatants"][0]["name"] = "[/]Ada"
    data["combatants"][1]["name"] = "[b]Rook"
    data["combatants"][0]["side"] = "[red]pc"
    result = runner.invoke(app, ["run", str(write(tmp_path, data)), "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert re.search(r"│ \[/\]Ada +│ \[red\]pc +│", result.stdout), result.stdout
    assert "│ [b]Rook " in result.stdout


def test_control_characters_are_written_as_escapes() -> None:
    hostile = "Ada\x1b[2J\x07\u202eevil\n"
    assert plain(hostile) == "Ada\\x1b[2J\\x07\\u202eevil\\x0a"
    assert plain("Åsa 🎲 [b]") == "Åsa 🎲 [b]"  # printable text is left alone


def test_an_error_keeps_its_own_line_breaks_but_not_the_files_escapes(tmp_path: Path) -> None:
    result = runner.invoke(app, ["roll", "2d6+"])
    assert result.stderr.splitlines()[1:] == ["  2d6+", "      ^"]
    data = duel(actions=[{"actor": "ada\x1b[2J", "do": "end_turn"}])
    result = runner.invoke(app, ["run", str(write(tmp_path, data))])
    assert result.exit_code == 2
    assert "\x1b" not in result.stderr
    assert "actions[0] (ada\\x1b[2J end_turn)" in result.stderr


def test_literal_escapes_markup_after_control_characters() -> None:
    assert literal("[/]\x1b[1m") == "\\[/]\\x1b[1m"


# -- startup ----------------------------------------------------------------------------------


def test_the_command_line_loads_the_engine_only_when_a_command_needs_it() -> None:
    """`fracas --help` should not wait for the parser, the odds engine or the rulesets."""
    heavy = ("icepool", "lark", "pydantic", "yaml", "rich.table", "fracas.runner")
    probe = (
        f"import sys, fracas.cli.main; print(','.join(m for m in {heavy!r} if m in sys.modules))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert loaded == ""


def test_odds_for_people_lists_every_total_in_columns() -> None:
    result = runner.invoke(app, ["odds", "2d6+1"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        "2d6+1",
        "total  probability  at least",
        "    3      2.7778%   100.00%  █████",
    ]
    assert "    8     16.6667%    58.33%  " + "█" * 30 in lines
    assert lines[-1] == "mean 8.0000   standard deviation 2.4152"


def test_a_terminal_that_cannot_show_a_character_gets_a_mark_not_a_traceback() -> None:
    ascii_only = {**os.environ, "PYTHONIOENCODING": "ascii"}
    result = subprocess.run(
        [sys.executable, "-m", "fracas", "odds", "1d2"],
        capture_output=True,
        text=True,
        env=ascii_only,
    )
    assert result.returncode == 0, result.stderr
    assert "    1     50.0000%   100.00%  " + "?" * 30 in result.stdout.splitlines()


def test_a_seed_with_physical_dice_is_refused(tmp_path: Path) -> None:
    expected = (
        "error: --seed 5 and --manual do not go together: with --manual every face is typed "
        "in, so no seed is used; leave out one of them"
    )
    for args in (["roll", "1d6"], ["run", str(write(tmp_path, duel()))]):
        result = runner.invoke(app, [*args, "--seed", "5", "--manual"], input="3\n")
        assert result.exit_code == 2
        assert result.stderr.strip() == expected
        assert result.stdout == ""
