"""Scenario files: YAML in, a validated `ScenarioSpec` out.

The file's shape is the contract in docs/scenario-format.md. This module checks the parts every
ruleset shares; each ruleset validates its own sheet (stats, weapons, positions) in `setup`.
Errors name the file, and the line for YAML syntax or the field path for content. The bounds
that keep a hostile file from hanging the reader are in `yaml_input` (bytes, depth, aliases)
and here (combatants, rounds); docs/scenario-format.md lists them all.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from fracas.core.actions import GM
from fracas.core.errors import ScenarioError
from fracas.core.validation import Int, describe
from fracas.yaml_input import load_yaml, read_text

ID_PATTERN = r"^[a-z0-9_-]+$"
MAX_COMBATANTS = 200
"""Four sides of fifty: more than any table runs, enough for a set-piece battle. An autoplayed
nwo round of 200 takes about 2 s here (before the speed work of issue 6, over two minutes), so
the cap keeps even a long autoplayed fight within minutes."""
MAX_ROUNDS = 1000
"""Autoplay's ceiling: fights end within tens of rounds, and a stalled one should stop soon."""


class CombatantSpec(BaseModel):
    """The fields every ruleset's combatant shares; ruleset-specific ones pass through."""

    model_config = ConfigDict(extra="allow", frozen=True)
    id: str = Field(pattern=ID_PATTERN)
    name: str | None = None
    side: str = Field(min_length=1)
    hp: Int | None = Field(default=None, ge=1)
    position: dict[str, Any] = Field(default_factory=dict)
    stats: dict[str, Int] = Field(default_factory=dict)
    weapons: list[Any] = Field(default_factory=list)

    @field_validator("id")
    @classmethod
    def _not_the_gm(cls, value: str) -> str:
        if value == GM:
            raise ValueError(
                f"{GM!r} is reserved for the game master's overrides and its seat at the web "
                f"table; pick another id: lowercase letters, digits, _ and -, anything but {GM!r}"
            )
        return value

    @property
    def display_name(self) -> str:
        return self.name or self.id


class AutoplaySpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    max_rounds: Int = Field(default=100, ge=1, le=MAX_ROUNDS)


class ScenarioSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ruleset: str
    seed: Int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    map: dict[str, Any] = Field(default_factory=dict)
    order: list[str] | None = None
    combatants: list[CombatantSpec] = Field(min_length=2)
    dice: list[Int] | None = None
    actions: list[dict[str, Any]] = Field(default_factory=list)
    autoplay: AutoplaySpec | bool = False
    """After the listed actions, let the ruleset's tactics play every side to the end."""

    @field_validator("combatants", mode="before")
    @classmethod
    def _not_too_many(cls, value: Any) -> Any:
        if isinstance(value, list) and len(value) > MAX_COMBATANTS:
            raise ValueError(f"at most {MAX_COMBATANTS} combatants, not {len(value)}")
        return value

    @field_validator("combatants")
    @classmethod
    def _unique_ids(cls, combatants: list[CombatantSpec]) -> list[CombatantSpec]:
        seen: set[str] = set()
        for combatant in combatants:
            if combatant.id in seen:
                raise ValueError(f"combatant id {combatant.id!r} is used twice")
            seen.add(combatant.id)
        return combatants

    @property
    def autoplay_rounds(self) -> int | None:
        if self.autoplay is False:
            return None
        return self.autoplay.max_rounds if isinstance(self.autoplay, AutoplaySpec) else 100


def parse_scenario(data: Any, where: str = "scenario") -> ScenarioSpec:
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: expected a mapping with ruleset and combatants")
    try:
        spec = ScenarioSpec.model_validate(data)
    except ValidationError as error:
        raise ScenarioError(f"{where}: {describe('', error, ScenarioSpec)}") from None
    if spec.order is not None:
        ids = [c.id for c in spec.combatants]
        if sorted(spec.order) != sorted(ids):
            raise ScenarioError(f"{where}: order must list every combatant once: {', '.join(ids)}")
    return spec


def load_scenario(path: Path | str) -> ScenarioSpec:
    path = Path(path)
    return parse_scenario(load_yaml(read_text(path), str(path)), str(path))
