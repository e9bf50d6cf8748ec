"""The `nwo` character sheet and map as a scenario file writes them, validated with pydantic."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from fracas.core.validation import repeated
from fracas.rulesets.nwo.catalog import Weapon, catalog

SKILLS = (
    "melee",
    "aiming",
    "nimble",
    "strength",
    "fitness",
    "resolve",
    "perception",
    "hiding",
    "robustness",
)
Level = int


class Skills(BaseModel):
    """Skill levels 0-10; a missing skill is 0."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    melee: Level = Field(default=0, ge=0, le=10)
    aiming: Level = Field(default=0, ge=0, le=10)
    nimble: Level = Field(default=0, ge=0, le=10)
    strength: Level = Field(default=0, ge=0, le=10)
    fitness: Level = Field(default=0, ge=0, le=10)
    resolve: Level = Field(default=0, ge=0, le=10)
    perception: Level = Field(default=0, ge=0, le=10)
    hiding: Level = Field(default=0, ge=0, le=10)
    robustness: Level = Field(default=0, ge=0, le=10)


class Position(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    x: int = Field(ge=0)
    y: int = Field(ge=0)


def _weapon(entry: Any) -> Weapon:
    if isinstance(entry, str):
        row = catalog().get(entry)
        if row is None:
            known = ", ".join(sorted(catalog()))
            raise ValueError(f"unknown weapon {entry!r}; the catalog has: {known}")
        return row
    if isinstance(entry, dict):
        if "id" not in entry:
            raise ValueError("an inline weapon needs an id")
        return Weapon.model_validate(entry)
    raise ValueError("a weapon is a catalog key or an inline table")


def _entry_id(entry: Any) -> Any:
    return entry.get("id") if isinstance(entry, dict) else entry


class PreOverwatch(BaseModel):
    """An Overwatch declared before the fight (PvE only), with the action's fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    trigger: str
    target: str | None = None
    weapon: str | None = None


class Sheet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    name: str | None = None
    side: str
    hp: int | None = Field(default=None, ge=1)
    position: Position
    skills: Skills = Field(default_factory=Skills)
    initiative_bonus: int = 0
    armor: Literal["none", "light", "medium", "heavy"] = "none"
    weapons: list[Weapon] = Field(default_factory=list)
    """In hand when the fight starts ("allowed to begin already wielding their weapons"),
    except those that `holstered` or `stowed` name."""
    holstered: list[Weapon] = Field(default_factory=list)
    """Readily available: drawn with one action."""
    stowed: list[Weapon] = Field(default_factory=list)
    """Carried but not readily available: stowing the current weapon first costs an action."""
    stats: dict[str, int] = Field(default_factory=dict)
    """Accepted for the shared contract, but nwo reads `skills`; must be empty."""
    focused: bool = False
    """Starts the fight Focused (PvE only)."""
    overwatch: PreOverwatch | None = None
    """Starts the fight on Overwatch (PvE only)."""
    ambusher: bool = False
    """Tries to hide before the fight for an ambush round."""

    @model_validator(mode="before")
    @classmethod
    def _references(cls, data: Any) -> Any:
        """`holstered` and `stowed` may name weapons listed under `weapons` (then those are
        not in hand) or list further weapons; both spellings of the contract read alike."""
        if not isinstance(data, dict) or not isinstance(data.get("weapons"), list):
            return data
        data = dict(data)
        in_hand = list(data["weapons"])
        for place in ("holstered", "stowed"):
            entries = data.get(place)
            if not isinstance(entries, list):
                continue
            moved = []
            for entry in entries:
                match = next((w for w in in_hand if _entry_id(w) == entry), None)
                if isinstance(entry, str) and match is not None:
                    in_hand.remove(match)
                    moved.append(match)
                else:
                    moved.append(entry)
            data[place] = moved
        data["weapons"] = in_hand
        return data

    @field_validator("weapons", "holstered", "stowed", mode="before")
    @classmethod
    def _resolve(cls, value: Any) -> Any:
        if not isinstance(value, list):
            return value
        return [_weapon(entry) for entry in value]

    @model_validator(mode="after")
    def _hands_and_ids(self) -> Sheet:
        if self.stats:
            raise ValueError("nwo reads skills: {melee, aiming, ...}, not stats")
        hands = sum(w.hands for w in self.weapons)
        if hands > 2:
            listed = ", ".join(w.id for w in self.weapons)
            raise ValueError(f"weapons in hand need {hands} hands ({listed}); a character has 2")
        twice = repeated(w.id for w in (*self.weapons, *self.holstered, *self.stowed))
        if twice is not None:
            raise ValueError(f"weapon id {twice!r} is used twice; give inline copies ids")
        return self


class Arena(BaseModel):
    """`map:` for nwo."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    width: int = Field(default=20, ge=1, le=200)
    height: int = Field(default=20, ge=1, le=200)
    walls: list[tuple[int, int]] = Field(default_factory=list)
    cover: list[tuple[int, int]] = Field(default_factory=list)
    pvp: bool = False
