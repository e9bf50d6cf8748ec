"""Scenarios the simulator tests share."""

from __future__ import annotations

from pathlib import Path

from fracas.scenario import ScenarioSpec, load_scenario, parse_scenario
from tests.engine.fixtures import duel

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def example(name: str) -> ScenarioSpec:
    return load_scenario(ROOT / "examples" / name)


def one_swing(rounds: int = 1) -> ScenarioSpec:
    """Ada swings her sword (1d6+3) at Rook (Dexterity 1) once a round; Rook, made far too
    tough to fall and with no weapon, cannot hurt anyone."""
    data = duel(autoplay={"max_rounds": rounds})
    rook = data["combatants"][1]
    rook.update(hp=99, weapons=[])
    return parse_scenario(data)
