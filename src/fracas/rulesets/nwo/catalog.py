"""The weapon catalog: `data/weapons.toml` validated into frozen models, loaded once."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from typing import Annotated, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from fracas.core.errors import DataError
from fracas.core.validation import NOT_BOOL, Int, describe

DAMAGE_MAX = 10
"""The seed's rows deal 1-5; twice the heaviest leaves room for a GM's monsters."""
CRIT_DAMAGE_MAX = 20
"""The seed's rows crit for 2-8."""
MAGAZINE_MAX = 200
"""The machine gun's 100 rounds, twice over."""
RANGE_MAX = 200
"""The widest map's edge (`map.width`/`height` stop at 200)."""
REACH_MAX = 3
"""Melee reaches 1 tile, spears 2 ("within 2 Tiles instead of 1")."""
DIE_FACES = range(1, 7)
"""A crit is a double on the panel's 2d6, so it names a face a d6 can show."""


def _crit_faces(value: tuple[int, ...]) -> tuple[int, ...]:
    wrong = [face for face in value if face not in DIE_FACES]
    if wrong:
        raise ValueError(
            f"a crit is a double on 2d6, named by its face: 1-6 (Double 6 is [6]), not "
            f"{', '.join(map(str, wrong))}"
        )
    return value


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
    damage: Int = Field(ge=0, le=DAMAGE_MAX)
    crit: Annotated[tuple[Int, ...], AfterValidator(_crit_faces)] = ()
    """The doubles that crit: (6,) is "Double 6", (5, 6) is "Double 5 / Double 6"."""
    crit_damage: Int = Field(ge=0, le=CRIT_DAMAGE_MAX)
    effect: Effect = "none"
    hands: Annotated[Literal[0, 1, 2], NOT_BOOL] = 1
    magazine: Int | None = Field(default=None, ge=1, le=MAGAZINE_MAX)
    reach: Int = Field(default=1, ge=1, le=REACH_MAX)
    """Melee engagement range in tiles (spears 2)."""
    range: Int | None = Field(default=None, ge=1, le=RANGE_MAX)
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
            raise DataError(describe(f"weapons.toml [{key}]", error, Weapon)) from None
    return table


UNARMED: Final = "unarmed"
IMPROVISED: Final = "improvised"
