"""The README's examples stay true: its Python block runs, and its sample roll is what the
command prints for that seed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fracas.cli.main import app

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")


def test_the_python_example_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    block = re.search(r"```python\n(.*?)```", README, re.S)
    assert block is not None
    monkeypatch.chdir(Path(__file__).parents[1])  # it reads examples/ from the checkout
    exec(compile(block.group(1), "README.md", "exec"), {})


def test_the_sample_roll_matches_the_command() -> None:
    shown = re.search(r"\$ \.venv/bin/fracas roll (\S+) --seed (\d+)\n(.+)\n", README)
    assert shown is not None
    expr, seed, line = shown.groups()
    result = CliRunner().invoke(app, ["roll", expr, "--seed", seed])
    assert result.stdout.strip() == line.strip()
