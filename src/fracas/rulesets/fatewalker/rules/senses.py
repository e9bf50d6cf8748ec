"""Senses (Dramatic Scenes, "Situational Awareness", L1460-1467): a combatant hears speech-
loud sounds out to Awareness metres, "even behind them", and sees "non-stealth activity ...
roughly the size of a hand wave up to (2x Awareness) meters" in a 270-degree frontal arc.

Facing is not kept, so sight is read all round (it then covers hearing). With option
`notice: senses`, one not yet aware (`aware_at` in the future) becomes aware at the first tick
an aware, active combatant stands within its sight, and joins late from there.
"""

from __future__ import annotations

from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.events import Noticed
from fracas.rulesets.fatewalker.rules.common import clock, options, walker
from fracas.rulesets.fatewalker.walker import Walker


def hearing(person: Walker) -> float:
    return float(person.attributes.awareness)


def sight(person: Walker) -> float:
    return 2.0 * person.attributes.awareness


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
        seen = next((f for f in fighting if person.distance_to(f) <= sight(person)), None)
        if seen is not None:
            tx.emit(Noticed(combatant=person.id, tick=tick, seen=seen.id))
