"""`fracas odds FILE --action` beside `fracas odds EXPR`: which form is meant, the table,
the JSON, and one-line refusals with exit code 2."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from typer.testing import CliRunner

from fracas.cli.main import app

ROOT = Path(__file__).parents[2]
SKIRMISH = str(ROOT / "examples/lines-skirmish.yaml")
MAUL = "{do: attack, target: ada, weapon: maul}"


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["odds", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_file_argument_asks_for_the_odds_of_an_action() -> None:
    """The text names the action, says "exact", and lists outcomes, damage and the mean."""
    code, out, _ = _run(SKIRMISH, "--action", MAUL)
    assert code == 0
    assert out.startswith("rook attack ada   [lines]   exact")
    for part in ("outcome", "critical", "hit", "miss", "HP ada loses", "goes down", "expected"):
        assert part in out


def test_json_gives_exact_fractions_that_add_up() -> None:
    code, out, _ = _run(SKIRMISH, "--action", MAUL, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["method"] == "exact" and data["ruleset"] == "lines"
    assert sum(Fraction(v["exact"]) for v in data["outcomes"].values()) == 1
    assert sum(Fraction(row["exact"]) for row in data["damage"]) == 1


def test_sampled_shows_its_standard_error() -> None:
    code, out, _ = _run(SKIRMISH, "--action", MAUL, "--sampled", "--samples", "300", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["method"] == "sampled" and data["samples"] == 300
    assert all("standard_error" in v for v in data["outcomes"].values())
    code, text, _ = _run(SKIRMISH, "--action", MAUL, "--sampled", "--samples", "300")
    assert "±" in text and "sampled" in text


def test_dice_notation_still_gives_its_table() -> None:
    code, out, _ = _run("2d6+1")
    assert code == 0 and out.startswith("2d6+1") and "mean 8.0000" in out


def test_refusals_are_one_line_and_exit_2() -> None:
    cases = [
        ((SKIRMISH,), "give --action"),
        ((SKIRMISH, "--actor", "nobody", "--action", MAUL), "no combatant 'nobody'"),
        ((SKIRMISH, "--action", "{do: attack, target: ada, weapon: axe}"), "no weapon 'axe'"),
        ((SKIRMISH, "--action", "[1, 2]"), "expected a mapping"),
        (("missing.yaml", "--action", MAUL), "missing.yaml"),
        (("2d6", "--action", MAUL), "is not one"),
    ]
    for args, message in cases:
        code, out, err = _run(*args)
        assert code == 2, args
        assert out == ""
        assert message in err and err.count("\n") == 1, err


def test_a_fatewalker_strike_is_exact() -> None:
    """fatewalker's strike, sampled before its odds model, is now worked out exactly."""
    duel = str(ROOT / "examples/fatewalker-duel.yaml")
    action = "{do: strike, target: brann, weapon: rapier}"
    code, out, _ = _run(duel, "--action", action)
    assert code == 0
    assert out.startswith("ilaria strike brann   [fatewalker]   exact")
    for part in ("hit", "dodged", "miss", "critical failure", "expected"):
        assert part in out
