"""Reading a fork for the fatewalker fast path: what it restates, and the sheets, weapons and
options it plays (everything else at its default), so a mechanic added later falls back to
the engine rather than play wrongly."""

from __future__ import annotations

import dataclasses
from typing import Any

from fracas.core.state import Status
from fracas.rulesets.fatewalker.options import FatewalkerOptions
from fracas.rulesets.fatewalker.rules.strike import UNARMED_STRIKE
from fracas.rulesets.fatewalker.walker import Walker, capacity

RESTATED_OPTIONS = frozenset(
    {
        "faces",
        "success",
        "tn_cap",
        "promotions",
        "dodge_tie",
        "surprise",
        "start_range",  # every fighter is armed: Long either way
        "parry",
        "cancel",
        "margin",  # a critical failure is only logged
        "shield_cap",
        "shield_armor",  # checked when the sheet is read, never in a fight
        "consciousness",
        "temporary_fade",
    }
)
"""Options this module reads (or that cannot change a fight it plays); any other option set
away from its default makes it decline."""

WALKER_FIELDS = frozenset(
    {
        "id",
        "name",
        "side",
        "hp",
        "max_hp",
        "x",
        "y",
        "attributes",
        "skills",
        "weapons",
        "armor",
        "chart",
        "temporary",
        "normal",
        "stun",
        "mortal",
        "will_spent",
        "spend_will",
        "energy_shield",
        "energy",
        "start_tick",
    }
)
"""Walker fields restated here; every other one must hold its default (`plain`)."""

WEAPON_FIELDS = frozenset({"id", "damage", "type", "size", "speed", "reach", "stun"})
LISTING = frozenset({"name", "tech_level", "cost", "encumbrance", "era", "special", "other"})
"""The catalog's descriptive columns of an armor or energy-shield row (catalog.py)."""
ARMOR_FIELDS = LISTING | {"id", "absorb", "deflection", "under_shield"}
SHIELD_FIELDS = LISTING | {"id", "min_activation", "max_absorb", "recharge", "reserve"}


def _default(field: Any) -> Any:
    """A dataclass or pydantic field's default value (its factory's product)."""
    factory = getattr(field, "default_factory", None)
    if factory is not None and factory is not dataclasses.MISSING:
        return factory()
    return field.default


def _holds_defaults(model: Any, known: frozenset[str]) -> bool:
    """Every pydantic field of `model` outside `known` holds its default."""
    return all(
        name in known or getattr(model, name) == _default(field)
        for name, field in type(model).model_fields.items()
    )


def plain_options(opts: FatewalkerOptions) -> bool:
    return _holds_defaults(opts, RESTATED_OPTIONS)


def plain(person: Walker) -> bool:
    """A sheet this module plays: armed with melee weapons only (the biggest pool above the
    bare hand's), aware from the start, no powers, conditions, hand shield or moving parts."""
    for field in dataclasses.fields(Walker):
        if field.name in WALKER_FIELDS:
            continue
        default = _default(field)
        if default is dataclasses.MISSING or getattr(person, field.name) != default:
            return False
    if person.status is not Status.ACTIVE or not person.weapons:
        return False
    if person.hp != capacity(person.chart) - _filled(person):
        return False
    if not all(_holds_defaults(w, WEAPON_FIELDS) for w in person.weapons):
        return False
    if person.armor is not None and not _holds_defaults(person.armor, ARMOR_FIELDS):
        return False
    if person.energy_shield is not None and not _holds_defaults(
        person.energy_shield, SHIELD_FIELDS
    ):
        return False
    biggest = max(w.pool.maximum for w in person.weapons)
    return biggest >= UNARMED_STRIKE.pool.maximum  # tactics._weapons: bare hands come last


def _filled(person: Walker) -> int:
    return person.temporary + person.normal + person.stun + person.mortal
