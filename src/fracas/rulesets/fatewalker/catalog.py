"""The seed's armor and energy-shield tables (data/*.toml), validated and loaded once.

A sheet names a row by its id (`armor: chain`, `energy_shield: duelling`) or writes the
numbers inline. The 1st Republic's Plasteel Infantry Armor is a modifier to the primitive
rows ("use primitive armor stats"), so each primitive row also exists as `plasteel-<id>`.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from fracas.core.errors import DataError
from fracas.core.validation import Int, describe
from fracas.rulesets.fatewalker.sheet import Armor, Deflection, EnergyShield

Encumbrance = Literal["none", "light", "medium", "heavy", "immobile"]
"""The seed's levels; it gives them no numbers (gap 27), so nothing reads them yet."""
M = TypeVar("M", bound=BaseModel)
Era = Literal["primitive", "21st-century", "1st-republic", "2nd-republic"]


class Listing(BaseModel):
    """What every row of the gear tables prints for the reader; no rule reads it yet."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    tech_level: Int = Field(ge=0, le=10)
    cost: Int = Field(ge=0)
    encumbrance: Encumbrance


class ArmorRow(Armor, Listing):
    """One row of the armor tables: what the rules read (absorb, deflection, under_shield)
    and what the table prints."""

    era: Era
    special: str = ""


class ShieldRow(EnergyShield, Listing):
    other: str = ""


class Modifier(BaseModel):
    """The Plasteel Infantry Armor row: what it changes in a primitive row."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    tech_level: Int
    cost_multiplier: Int
    absorb: Int
    deflection: Deflection


def _table(name: str) -> dict[str, Any]:
    text = files("fracas.rulesets.fatewalker").joinpath(f"data/{name}").read_text()
    return tomllib.loads(text)


def _row(model: type[M], name: str, key: str, row: dict[str, Any]) -> M:
    try:
        return model.model_validate({"id": key, **row} if key else row)
    except ValidationError as error:
        raise DataError(describe(f"{name} [{key}]" if key else name, error, model)) from None


@cache
def armor_table() -> dict[str, ArmorRow]:
    rows = {k: _row(ArmorRow, "armor.toml", k, v) for k, v in _table("armor.toml").items()}
    plasteel = _row(Modifier, "plasteel.toml", "", _table("plasteel.toml"))
    for key, row in list(rows.items()):
        if row.era == "primitive":
            if f"plasteel-{key}" in rows:
                raise DataError(f"armor.toml [plasteel-{key}]: the id of a plasteel variant")
            rows[f"plasteel-{key}"] = _plasteel(row, plasteel)
    return rows


def _plasteel(row: ArmorRow, mod: Modifier) -> ArmorRow:
    base, plus = row.deflection, mod.deflection
    return row.model_copy(
        update={
            "id": f"plasteel-{row.id}",
            "name": f"Plasteel {row.name}",
            "era": "1st-republic",
            "tech_level": mod.tech_level,
            "cost": row.cost * mod.cost_multiplier,
            "absorb": row.absorb + mod.absorb,
            "deflection": Deflection(
                physical=base.physical + plus.physical,
                slug=base.slug + plus.slug,
                energy=base.energy + plus.energy,
            ),
        }
    )


@cache
def energy_shield_table() -> dict[str, ShieldRow]:
    raw = _table("energy_shields.toml")
    return {k: _row(ShieldRow, "energy_shields.toml", k, v) for k, v in raw.items()}


def armor_named(key: str) -> ArmorRow:
    """The armor row `key`; ValueError listing the ids (a sheet's validator reports it)."""
    table = armor_table()
    if key not in table:
        raise ValueError(f"no armor {key!r} in the seed's tables; ids: {', '.join(table)}")
    return table[key]


def energy_shield_named(key: str) -> ShieldRow:
    table = energy_shield_table()
    if key not in table:
        raise ValueError(f"no energy shield {key!r}; the seed's: {', '.join(table)}")
    return table[key]
