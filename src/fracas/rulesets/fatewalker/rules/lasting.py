"""What the clock brings by itself (step 1 of the order within a tick, "Events triggered by
this tick count occur"): bleeding out, Temporary wounds fading, energy shields recharging.

- Bleeding (L1693): with Mortal wounds, "an additional point of damage every (Prowess + Will)
  Ticks", which "can go to Glancing if there is any left" (gap 32: Temporary first, as any
  damage). It is the seed's example of damage over time ("every X ticks, a character will
  take Y damage"); no other source of it exists in the engine yet.
- Fading (L1687): Temporary wounds "completely disappear ... ~600 ticks (5 minutes) for
  protracted scenes"; counted from the first box marked (option `temporary_fade`).
- Recharge (L1680): "The shield will regenerate Energy (up to the maximum) every 6 ticks
  equal to the Recharge rating"; read as at the end of every 6-tick segment of the fight
  (ticks 6, 12, 18 ...), the same segments movement runs in.
"""

from __future__ import annotations

from collections.abc import Iterable

from fracas.core.state import EncounterState, Status
from fracas.core.ticks import SPAN
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.events import (
    BleedingScheduled,
    ShieldRecharged,
    TemporaryFaded,
)
from fracas.rulesets.fatewalker.rules.common import clock, options, walker
from fracas.rulesets.fatewalker.rules.wounds import bleed_interval, wound
from fracas.rulesets.fatewalker.walker import Walker, capacity


def _living(state: EncounterState) -> list[Walker]:
    people = (walker(state, c.id) for c in state.combatants)
    return [p for p in people if p.status != Status.DEAD]


def _fades_at(state: EncounterState, person: Walker) -> int | None:
    fade = options(state).temporary_fade
    if not fade or person.temporary_since is None:
        return None
    return person.temporary_since + fade


def _recharging(person: Walker) -> bool:
    shield = person.energy_shield
    return shield is not None and shield.recharge > 0 and person.energy < shield.reserve


def alarms(state: EncounterState) -> Iterable[int]:
    """The ticks at which something of this module is due, whoever acts then."""
    now = clock(state).tick
    due: list[int] = []
    for person in _living(state):
        if person.bleeds_at is not None:
            due.append(person.bleeds_at)
        fades = _fades_at(state, person)
        if fades is not None:
            due.append(fades)
        if _recharging(person):
            due.append((now // SPAN + 1) * SPAN)
    return due


def on_tick(tx: Transaction, tick: int) -> None:
    for person in _living(tx.state):
        if person.bleeds_at == tick:
            _bleed(tx, person.id, tick)
    for person in _living(tx.state):
        if _fades_at(tx.state, person) == tick:
            left = capacity(person.chart) - person.normal - person.stun - person.mortal
            tx.emit(TemporaryFaded(target=person.id, hp=left))
        if tick % SPAN == 0 and _recharging(person):
            shield = person.energy_shield
            assert shield is not None
            energy = min(shield.reserve, person.energy + shield.recharge)
            tx.emit(ShieldRecharged(combatant=person.id, energy=energy))


def _bleed(tx: Transaction, who: str, tick: int) -> None:
    wound(tx, walker(tx.state, who), 1, by=None)  # the clock's, nobody's blow
    person = walker(tx.state, who)
    if person.status == Status.DEAD:
        return
    every = bleed_interval(person)
    tx.emit(BleedingScheduled(target=who, tick=tick + every, why="bleeding out"))
