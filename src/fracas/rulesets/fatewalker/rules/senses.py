"""Senses (Dramatic Scenes, "Situational Awareness", L1460-1467): a combatant hears speech-
loud sounds out to Awareness metres, "even behind them", and sees "non-stealth activity ...
roughly the size of a hand wave up to (2x Awareness) meters" in a 270-degree frontal arc.

With option `notice: senses`, one not yet aware (`aware_at` in the future) becomes aware at
the first tick an aware, active combatant stands within its sight or its hearing, and joins
late from there. Facing (fw-finish): the seed gives a field of view but no turning, no
facing cost and no rule for where a fighter looks, so facing is kept only where it matters
and the GM can say it: a sheet's `facing` (degrees) for one not yet aware, a sentry looking
one way. Its sight then covers the 270 degrees in front (135 either side), and its hearing,
Awareness metres, covers the rest ("even behind them"); without `facing` sight is read all
round, and then covers hearing (2 x Awareness is more than Awareness). An aware fighter turns
as it pleases: nothing in the seed limits it, so its facing is never asked. Backstab's
"behind them" reads the same arc (rules/melee.py).
"""

from __future__ import annotations

import math

from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.events import Noticed
from fracas.rulesets.fatewalker.rules.common import clock, options, walker
from fracas.rulesets.fatewalker.walker import Walker


def hearing(person: Walker) -> float:
    return float(person.attributes.awareness)


def sight(person: Walker) -> float:
    return 2.0 * person.attributes.awareness


ARC = 135.0
"""Half the "roughly 270 degree arc in front"."""


def in_front(person: Walker, x: float, y: float) -> bool:
    """Whether (x, y) lies in `person`'s field of view (all round without a facing)."""
    if person.facing is None or (x, y) == (person.x, person.y):
        return True
    bearing = math.degrees(math.atan2(y - person.y, x - person.x))
    off = abs((bearing - person.facing + 180.0) % 360.0 - 180.0)
    return off <= ARC


def perceives(person: Walker, other: Walker) -> bool:
    """Seen (within 2 x Awareness m and in front) or heard (within Awareness m)."""
    metres = person.distance_to(other)
    return metres <= hearing(person) or (
        metres <= sight(person) and in_front(person, other.x, other.y)
    )


def notice(tx: Transaction, tick: int) -> None:
    if options(tx.state).notice != "senses":
        return
    now = clock(tx.state)
    fighting = [
        walker(tx.state, c.id)
        for c in tx.state.combatants
        if c.is_active and now.next_tick(c.id) is not None
    ]
    for c in tx.state.combatants:
        person = walker(tx.state, c.id)
        if person.aware_at is None or person.aware_at <= tick or not person.is_active:
            continue
        seen = next((f for f in fighting if perceives(person, f)), None)
        if seen is not None:
            tx.emit(Noticed(combatant=person.id, tick=tick, seen=seen.id))
