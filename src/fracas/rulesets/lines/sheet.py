"""The `lines` character sheet as a scenario file writes it, validated with pydantic.

Seed 002 prints no weapon or gear tables: every card comes inline from the table's own
character sheets. Dice strings are parsed here, so a bad card is refused before the fight.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from fracas.core.errors import NotationError
from fracas.core.notation import parse
from fracas.core.validation import repeated

LINES = range(1, 7)
ID = r"^[A-Za-z0-9_-]+$"


def _dice(value: Any) -> str:
    if isinstance(value, bool):
        raise ValueError("expected dice notation such as 1d6+2")
    if isinstance(value, int):
        if value < 0:
            raise ValueError(f"must be 0 or more, not {value}")
        return str(value)
    if not isinstance(value, str):
        raise ValueError("expected dice notation such as 1d6+2")
    try:
        return str(parse(value))
    except NotationError as error:
        raise ValueError(str(error)) from None


class WeaponCard(BaseModel):
    """A weapon card: "the dice needed and modifiers are written down on each weapon's card"."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=ID)
    attack: str
    damage: str
    range: int | None = Field(default=None, ge=0)
    """Effective range in lines; absent means a melee weapon."""
    reach: int = Field(default=1, ge=0, le=5)
    """How many lines a melee weapon reaches ("unless specified otherwise": 1)."""
    hands: Literal[1, 2] = 1

    _check_attack = field_validator("attack", "damage", mode="before")(_dice)

    @property
    def is_melee(self) -> bool:
        return self.range is None


class GearItem(BaseModel):
    """Medical gear: a medkit heals a roll capped by the healer's Mind; a stimpack its maximum."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=ID)
    kind: Literal["medkit", "stimpack"]
    heal: str
    charges: int = Field(default=1, ge=0)

    _check_heal = field_validator("heal", mode="before")(_dice)

    @model_validator(mode="after")
    def _stimpack_has_a_maximum(self) -> GearItem:
        if self.kind == "stimpack" and parse(self.heal).explodes:
            raise ValueError(
                f"a stimpack heals its maximum, and {self.heal} explodes, so it has none; "
                "give dice without '!'"
            )
        return self


class Stats(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    strength: int = Field(default=0, ge=0)
    dexterity: int = Field(default=0, ge=0)
    constitution: int | None = Field(default=None, ge=1)
    """Required unless the sheet gives `hp`; see `Sheet`."""
    perception: int = Field(default=0, ge=0)
    mind: int = Field(default=0, ge=0)


class Position(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    line: int = Field(ge=1, le=6)


class Sheet(BaseModel):
    """One combatant as the scenario file gives it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    name: str | None = None
    side: str
    hp: int | None = Field(default=None, ge=1)
    position: Position | None = None
    stats: Stats
    weapons: list[WeaponCard] = Field(default_factory=list)
    gear: list[GearItem] = Field(default_factory=list)
    dual_wield_penalty: int = Field(default=4, ge=0)
    """The -4 on a second attack; "an ability that mitigates it" lowers this number."""

    @model_validator(mode="after")
    def _constitution_or_hp(self) -> Sheet:
        if self.stats.constitution is None and self.hp is None:
            raise ValueError(
                "give stats.constitution (HP is derived from it) or both hp and constitution"
            )
        return self

    @field_validator("weapons", mode="before")
    @classmethod
    def _inline_only(cls, value: Any) -> Any:
        if isinstance(value, list):
            for index, card in enumerate(value):
                if isinstance(card, str):
                    raise ValueError(
                        f"weapon {index} is {card!r}, but lines has no weapon catalog (seed 002 "
                        "prints none); give the card inline: {id, attack, damage, range, hands}"
                    )
        return value

    @field_validator("weapons", "gear")
    @classmethod
    def _unique(cls, items: list[Any]) -> list[Any]:
        twice = repeated(item.id for item in items)
        if twice is not None:
            raise ValueError(f"id {twice!r} is used twice")
        return items


class Arena(BaseModel):
    """`map:` for lines: which layout the fight starts in."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    layout: Literal["standard", "ambushed"] = "standard"
    ambushed: str | None = None
    """The side that was ambushed (informational; with it, nobody's starting line is checked)."""
