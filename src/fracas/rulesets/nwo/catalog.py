"""The weapon catalog: `data/weapons.toml` validated into frozen models, loaded once."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fracas.core.errors import DataError
from fracas.core.validation import describe

Effect = Literal[
    "extra_attack_same_target",
    "extra_attack_other_target",
    "extra_attack",
    "splash_adjacent",
    "double_damage",
    "top_of_next_round",
    "stuck_bolt",
    "suppress_target",
    "machine_gun",
    "flame_area",
    "shove",
    "stun",
    "spear_grapple",
    "blade_advantage",
    "any_melee_effect",
    "none",
]


class Weapon(BaseModel):
    """One weapon row (or a scenario's inline weapon in the same shape)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = ""
    kind: Literal["ranged", "melee"]
    damage: int = Field(ge=0)
    crit: tuple[int, ...] = ()
    """The doubles that crit: (6,) is "Double 6", (5, 6) is "Double 5 / Double 6"."""
    crit_damage: int = Field(ge=0)
    effect: Effect = "none"
    hands: Literal[0, 1, 2] = 1
    magazine: int | None = Field(default=None, ge=1)
    reach: int = Field(default=1, ge=1)
    """Melee engagement range in tiles (spears 2)."""
    range: int | None = Field(default=None, ge=1)
    """Ranged reach in tiles; None means as far as line of sight."""

    @property
    def is_ranged(self) -> bool:
        return self.kind == "ranged"

    def crits_on(self, first: int, second: int) -> bool:
        return first == second and first in self.crit


@cache
def catalog() -> dict[str, Weapon]:
    raw = tomllib.loads(files("fracas.rulesets.nwo").joinpath("data/weapons.toml").read_text())
    table = {}
    for key, row in raw.items():
        try:
            table[key] = Weapon.model_validate({"id": key, **row})
        except ValidationError as error:
            raise DataError(describe(f"weapons.toml [{key}]", error)) from None
    return table


UNARMED = "unarmed"
IMPROVISED = "improvised"
