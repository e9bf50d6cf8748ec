"""Footwork (Evasions, L3292, L3318): "Successes can be added (once per success) to any parry or
evade maneuvers made during the Footwork duration. Cannot add more than 2 dice to any
individual maneuver. The Footwork maneuver lasts for 20 ticks after which it must be
refreshed (doesn't cost 2 ticks to continue to perform it, but a new roll must be made".

Awareness(Agility): -1, 2 ticks. Its successes become a store of bonus dice that parries and
evasions spend (rules/defence.py); a new roll replaces the store. The refresh is read as a
roll at one's own tick that pays no ticks when the footwork is still running.
"""

from __future__ import annotations

from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import Footwork
from fracas.rulesets.fatewalker.events import FootworkSet
from fracas.rulesets.fatewalker.rules import roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, walker
from fracas.rulesets.fatewalker.rules.maneuvers import EVASIONS, shortfall

LASTS = 20


def verify(state: EncounterState, action: Footwork) -> None:
    return None


def resolve(tx: Transaction, action: Footwork) -> None:
    me = walker(tx.state, action.actor)
    row = EVASIONS["footwork"]
    pool = roll.pool(
        me.attributes.awareness,
        me.skills.agility,
        bonus=row.bonus - shortfall(row, me.skills),
        wounds=me.wound_penalty,
        cap=options(tx.state).tn_cap,
    )
    now = clock(tx.state).tick
    running = me.footwork is not None and me.footwork[1] >= now
    successes = roll.roll(tx, me.id, "footwork", pool, options(tx.state))
    tx.emit(FootworkSet(combatant=me.id, dice=successes, until=now + LASTS))
    if not running:
        TIMELINE.spend(tx, me.id, row.ticks or 2, "footwork")
