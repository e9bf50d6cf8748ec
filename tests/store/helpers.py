"""Small scenarios and readers shared by the storage tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

DUEL = """\
ruleset: lines
order: [ada, raider]
combatants:
  - id: ada
    side: guards
    position: {line: 3}
    stats: {strength: 2, dexterity: 2, constitution: 3, perception: 2, mind: 1}
    weapons:
      - {id: machete, attack: 1d6+3, damage: 1d6+2, hands: 1}
  - id: raider
    side: raiders
    position: {line: 4}
    stats: {strength: 2, dexterity: 1, constitution: 2, perception: 1, mind: 0}
    weapons:
      - {id: club, attack: 1d6+1, damage: 1d6+1, hands: 1}
"""
"""Two fighters on one line with a fixed order: nothing is rolled before the first action."""

ATTACK = {"actor": "ada", "do": "attack", "target": "raider", "weapon": "machete"}
END_ADA = {"actor": "ada", "do": "end_turn"}


def events_json(events: Any) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]
