"""What the CLI fuzz tests share: invoking a command in-process and checking that what came
back is an answer or one clear refusal, never a traceback."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from fracas.cli.main import app
from tests.fuzz.budget import share

runner = CliRunner()

WHOLE_COMMANDS = share(5)
"""For tests that run a whole command (and read the database back) per example: a fifth of
the profile's examples, so the fuzz suite stays near a minute under `ci`; the cheap
grammar-level tests take the rest of the budget."""

WORDS = st.sampled_from(
    [
        "",
        "-",
        "--",
        "--json",
        "--seed",
        "--db",
        "--dice",
        "--seq",
        "--manual",
        "--help",
        "gm",
        "ada",
        "attack",
        "move",
        "end_turn",
        "to=3",
        "target=x",
        "x=[",
        "a=*b",
        "k==",
        "=v",
        "to='{x: 3}'",
        "1",
        "-1",
        "99999999999999999999",
        "1d6",
        "\x00",
        "\x1b[2J",
        "[/]",
        "é",
        "\u202e",
        "nul\x00l",
        "a" * 300,
    ]
)
ARGS = st.lists(st.one_of(WORDS, st.text(max_size=20)), max_size=6)


def invoke(args: list[str], given_input: str = "") -> Result:
    return runner.invoke(app, args, input=given_input)


def answered_or_refused(result: Result, *args: Any) -> None:
    """Exit 0, or exit 2 (a fracas refusal, or click's usage error) with its message on
    stderr; never an exception escaping the command."""
    crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
    assert not crashed, (args, repr(result.exception), result.output)
    assert result.exit_code in (0, 2), (args, result.exit_code, result.output)
    assert "Traceback" not in result.output, (args, result.output)
    if result.exit_code == 2:
        assert result.stderr.strip(), (args, "a refusal says why")
