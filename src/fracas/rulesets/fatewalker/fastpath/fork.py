"""Reading a fork for the fatewalker fast path: what it restates, and the sheets, weapons and
options it plays (everything else at its default), so a mechanic added later falls back to
the engine rather than play wrongly."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from fracas.core.state import EncounterState, Status
from fracas.core.ticks import TickClock, as_raw
from fracas.rulesets.fatewalker.actions import Strike
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
        "status",  # active, unconscious or dead (`FIGHT_STATUS`)
        "bleeds_at",
        "temporary_since",
        "reacted",
    }
)
"""Walker fields restated here; every other one must hold its default (`plain`)."""

FIGHT_STATUS = {Status.ACTIVE: 0, Status.UNCONSCIOUS: 1, Status.DEAD: 2}
"""The statuses a fatewalker fight gives, as fight.py numbers them (ACTIVE, UNCONSCIOUS, DEAD)."""

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
    bare hand's), aware from the start, no powers, conditions, hand shield or moving parts;
    after a scripted part, also down or bleeding."""
    for field in dataclasses.fields(Walker):
        if field.name in WALKER_FIELDS:
            continue
        default = _default(field)
        if default is dataclasses.MISSING or getattr(person, field.name) != default:
            return False
    if person.status not in FIGHT_STATUS or not person.weapons:
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


@dataclass(frozen=True, slots=True)
class Resume:
    """Where a fork after a scripted part stands on the clock, by combatant index: the tick,
    everyone's next tick, the groups still due, the declarations waiting (actor, target,
    weapon id), and each one's status, next bleeding, Temporary start and last reaction."""

    tick: int
    next_ticks: list[int]
    queue: list[list[int]]
    declared: list[tuple[int, int, str]]
    status: list[int]
    bleeds_at: list[int | None]
    since: list[int | None]
    reacted: list[tuple[int, tuple[int, ...]] | None]


def resume(state: EncounterState, walkers: tuple[Walker, ...]) -> Resume | None:
    """The clock of a fork after a scripted part, or None where it holds what this package
    does not restate: a hold, a holder asked to answer, one not yet aware, a declaration of
    anything but a plain strike with a weapon, an outcome the statuses do not give."""
    clock = state.turns
    ids = tuple(w.id for w in walkers)
    if not isinstance(clock, TickClock) or clock.holds or clock.responders or clock.order != ids:
        return None
    where = {cid: n for n, cid in enumerate(ids)}
    ticks = dict(clock.next_ticks)
    if set(ticks) != set(ids):
        return None
    declared = []
    for said in clock.declared:
        target, weapon = said.action.get("target"), said.action.get("weapon")
        person = walkers[where[said.combatant]]
        if target not in where or person.weapon(str(weapon)) is None:
            return None
        plain_strike = Strike(actor=said.combatant, target=str(target), weapon=str(weapon))
        if dict(said.action) != as_raw(plain_strike):
            return None
        declared.append((where[said.combatant], where[str(target)], str(weapon)))
    standing = {w.side for w in walkers if w.is_active}
    computed = None if len(standing) > 1 else f"{standing.pop()} won" if standing else "draw"
    if state.outcome != computed:
        return None
    reacted: list[tuple[int, tuple[int, ...]] | None] = [
        None if w.reacted is None else (w.reacted[0], tuple(where[c] for c in w.reacted[1]))
        for w in walkers
    ]
    return Resume(
        tick=clock.tick,
        next_ticks=[ticks[cid] for cid in ids],
        queue=[[where[cid] for cid in group] for group in clock.queue],
        declared=declared,
        status=[FIGHT_STATUS[w.status] for w in walkers],
        bleeds_at=[w.bleeds_at for w in walkers],
        since=[w.temporary_since for w in walkers],
        reacted=reacted,
    )
