"""Dropping a weapon (seed 001, "Turns & Actions").

"Free actions can be done at any time simply through declaration ... Free actions can be
used to: ... drop a weapon (or any other object) ... As such, these things can be done at
any time, on anyone's turn, as many times as desired." So `drop` spends no action and is
allowed out of turn, like `swap`.

The sheet tracks weapons only, so a weapon is what can be dropped; bare hands cannot be.
The weapon leaves both hands (a two-handed one too) and the carried gear, so it can no longer
be swapped to or fought with; the `dropped` event records the tile it lies on. Picking it
back up ("grabbing a weapon (or any object) from anywhere other than a worn weapon slot", a
non-contested action) is not yet an action: the GM restores it with an override.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Drop
from fracas.rulesets.tiers.events import Dropped
from fracas.rulesets.tiers.rules.common import fighter
from fracas.rulesets.tiers.sheet import UNARMED


def verify(state: EncounterState, action: Drop) -> None:
    actor = fighter(state, action.actor)
    if action.weapon == UNARMED:
        raise IllegalAction("bare hands cannot be dropped; drop a carried weapon")
    if actor.weapon(action.weapon) is None:
        carried = ", ".join(w.id for w in actor.weapons) or "nothing"
        raise IllegalAction(f"{actor.id} carries no weapon {action.weapon!r}; it has: {carried}")


def resolve(tx: Transaction, action: Drop) -> None:
    actor = fighter(tx.state, action.actor)
    tx.emit(Dropped(combatant=actor.id, item=action.weapon, at=actor.tile))
