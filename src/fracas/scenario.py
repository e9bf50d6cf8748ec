"""Scenario files: YAML in, a validated `ScenarioSpec` out.

The file's shape is the contract in docs/scenario-format.md. This module checks the parts every
ruleset shares; each ruleset validates its own sheet (stats, weapons, positions) in `setup`.
Errors name the file, and the line for YAML syntax or the field path for content.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from fracas.core.errors import ScenarioError
from fracas.core.validation import describe

ID_PATTERN = r"^[a-z0-9_-]+$"


class CombatantSpec(BaseModel):
    """The fields every ruleset's combatant shares; ruleset-specific ones pass through."""

    model_config = ConfigDict(extra="allow", frozen=True)
    id: str = Field(pattern=ID_PATTERN)
    name: str | None = None
    side: str = Field(min_length=1)
    hp: int | None = Field(default=None, ge=1)
    position: dict[str, Any] = Field(default_factory=dict)
    stats: dict[str, int] = Field(default_factory=dict)
    weapons: list[Any] = Field(default_factory=list)

    @property
    def display_name(self) -> str:
        return self.name or self.id


class AutoplaySpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    max_rounds: int = Field(default=100, ge=1)


class ScenarioSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ruleset: str
    seed: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    map: dict[str, Any] = Field(default_factory=dict)
    order: list[str] | None = None
    combatants: list[CombatantSpec] = Field(min_length=2)
    dice: list[int] | None = None
    actions: list[dict[str, Any]] = Field(default_factory=list)
    autoplay: AutoplaySpec | bool = False
    """After the listed actions, let the ruleset's tactics play every side to the end."""

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
        raise ScenarioError(f"{where}: {describe('', error, ScenarioSpec.model_fields)}") from None
    if spec.order is not None:
        ids = [c.id for c in spec.combatants]
        if sorted(spec.order) != sorted(ids):
            raise ScenarioError(f"{where}: order must list every combatant once: {', '.join(ids)}")
    return spec


def load_scenario(path: Path | str) -> ScenarioSpec:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ScenarioError(f"{path}: cannot read: {error.strerror}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        place = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "somewhere"
        raise ScenarioError(f"{path}: not valid YAML at {place}: {error.problem}") from None
    return parse_scenario(data, str(path))
