"""Small scenarios the engine tests share; `lines` serves as the concrete ruleset."""

from __future__ import annotations

from typing import Any

from fracas.core.dice import Dice, ScriptedRng
from fracas.core.encounter import Encounter
from fracas.rulesets.lines import RULESET
from fracas.scenario import parse_scenario

SWORD = {"id": "sword", "attack": "1d6+3", "damage": "1d6+2"}
BOW = {"id": "bow", "attack": "1d6+2", "damage": "1d6+1", "range": 3, "hands": 2}


def duel(**overrides: Any) -> dict[str, Any]:
    """Ada (players, line 3) against Rook (raiders, line 4), Ada first."""
    data: dict[str, Any] = {
        "ruleset": "lines",
        "order": ["ada", "rook"],
        "combatants": [
            {
                "id": "ada",
                "side": "players",
                "position": {"line": 3},
                "stats": {"strength": 2, "dexterity": 3, "constitution": 3, "perception": 2},
                "weapons": [SWORD],
            },
            {
                "id": "rook",
                "side": "raiders",
                "position": {"line": 4},
                "stats": {"strength": 3, "dexterity": 1, "constitution": 2},
                "weapons": [BOW],
            },
        ],
    }
    data.update(overrides)
    return data


def encounter(faces: list[int], **overrides: Any) -> Encounter:
    spec = parse_scenario(duel(**overrides))
    order = tuple(spec.order) if spec.order else None
    return Encounter(RULESET, RULESET.setup(spec), Dice(ScriptedRng(faces)), order=order)


def act(enc: Encounter, **raw: Any) -> None:
    enc.act(RULESET.parse_action(raw))
