"""The `lines` character sheet as a scenario file writes it, validated with pydantic.

Seed 002 prints no weapon or gear tables: every card comes inline from the table's own
character sheets. Dice strings are parsed here, so a bad card is refused before the fight.

Seed 002 names the attributes but prints no scale; the ranges below are ours (the examples
and the acceptance fights use 0-4), wide enough for any sheet the table writes and narrow
enough that a typo (`dexterity: 30`) is caught. docs/rulesets/lines.md lists them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from fracas.core.errors import NotationError
from fracas.core.notation import parse
from fracas.core.validation import NOT_BOOL, Int, repeated

LINES = range(1, 7)
ID = r"^[A-Za-z0-9_-]+$"
ATTRIBUTE_MAX = 10
"""The highest Strength, Dexterity, Perception, Mind or Constitution a sheet may give."""
HP_MAX = 100
"""Constitution 10 at the default 5 HP a point is 50; twice that leaves room for house rules."""
FARTHEST = 5
"""Six lines: no two are more than five apart, so no range or reach needs more."""


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


def _amount(value: Any) -> str:
    """Damage and healing are amounts: dice that can total below 0 (`1d6-3`, `-1d6`) would
    heal with a blow or wound with a medkit, which no rule of seed 002 describes."""
    text = _dice(value)
    lowest = parse(text).minimum()
    if lowest < 0:
        raise ValueError(f"{text} can total {lowest}; damage and healing dice must not go below 0")
    return text


def _inline_card(value: Any) -> Any:
    if isinstance(value, str):
        raise ValueError(
            f"{value!r} is a name, but lines has no weapon catalog (seed 002 prints none); give "
            "the card inline: {id, attack, damage, range, reach, hands}"
        )
    return value


class WeaponCard(BaseModel):
    """A weapon card: "the dice needed and modifiers are written down on each weapon's card"."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=ID)
    attack: str
    damage: str
    range: Int | None = Field(default=None, ge=0, le=FARTHEST)
    """Effective range in lines; absent means a melee weapon."""
    reach: Int = Field(default=1, ge=0, le=FARTHEST)
    """How many lines a melee weapon reaches ("unless specified otherwise": 1)."""
    hands: Annotated[Literal[1, 2], NOT_BOOL] = 1

    _check_attack = field_validator("attack", mode="before")(_dice)
    _check_damage = field_validator("damage", mode="before")(_amount)

    @property
    def is_melee(self) -> bool:
        return self.range is None


class GearItem(BaseModel):
    """Medical gear: a medkit heals a roll capped by the healer's Mind; a stimpack its maximum."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=ID)
    kind: Literal["medkit", "stimpack"]
    heal: str
    charges: Int = Field(default=1, ge=0, le=99)

    _check_heal = field_validator("heal", mode="before")(_amount)

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
    strength: Int = Field(default=0, ge=0, le=ATTRIBUTE_MAX)
    dexterity: Int = Field(default=0, ge=0, le=ATTRIBUTE_MAX)
    constitution: Int | None = Field(default=None, ge=1, le=ATTRIBUTE_MAX)
    """Required unless the sheet gives `hp`; see `Sheet`."""
    perception: Int = Field(default=0, ge=0, le=ATTRIBUTE_MAX)
    mind: Int = Field(default=0, ge=0, le=ATTRIBUTE_MAX)


class Position(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    line: Int = Field(ge=1, le=6)


class Sheet(BaseModel):
    """One combatant as the scenario file gives it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    name: str | None = None
    side: str
    hp: Int | None = Field(default=None, ge=1, le=HP_MAX)
    position: Position | None = None
    stats: Stats
    weapons: list[Annotated[WeaponCard, BeforeValidator(_inline_card)]] = Field(
        default_factory=list
    )
    gear: list[GearItem] = Field(default_factory=list)
    dual_wield_penalty: Int = Field(default=4, ge=0, le=ATTRIBUTE_MAX)
    """The -4 on a second attack; "an ability that mitigates it" lowers this number."""

    @model_validator(mode="after")
    def _constitution_or_hp(self) -> Sheet:
        if self.stats.constitution is None and self.hp is None:
            raise ValueError(
                "give stats.constitution (HP is derived from it) or both hp and constitution"
            )
        return self

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
