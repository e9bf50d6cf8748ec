"""Weapons lying on the line, and picking them up.

The seed drops and throws weapons ("drop it onto the ground / throw it up to 5 + Strength
distances away") but never says how they are picked up again. Reading (P38): a weapon lying at
a distance (`map.ground`, or landed there in the fight) is picked up by someone on the ground
at that distance, as the turn's action: only swapping hands is called free, and picking up is
neither a swap nor the "put away or pull out" of one's own items.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.actions import PickUp
from fracas.rulesets.pools.events import ActionSpent, WeaponPickedUp
from fracas.rulesets.pools.rules.common import field, require_action, soldier


def verify(state: EncounterState, action: PickUp) -> None:
    actor = soldier(state, action.actor)
    require_action(actor)
    if actor.altitude:
        raise IllegalAction(f"{actor.id} is at altitude {actor.altitude}; weapons lie below")
    here = [g.item.id for g in field(state).lying_at(actor.distance)]
    if action.weapon not in here:
        lying = ", ".join(f"{g.item.id} at {g.distance}" for g in field(state).ground)
        raise IllegalAction(
            f"no {action.weapon!r} lies at distance {actor.distance}"
            + (f" ({', '.join(here)} does)" if here else "")
            + f"; on the ground: {lying or 'nothing'}"
        )
    if actor.weapon(action.weapon) is not None:
        raise IllegalAction(f"{actor.id} already carries a weapon {action.weapon!r}")


def resolve(tx: Transaction, action: PickUp) -> None:
    actor = soldier(tx.state, action.actor)
    tx.emit(ActionSpent(combatant=actor.id, action=f"pick up {action.weapon}"))
    tx.emit(WeaponPickedUp(combatant=actor.id, weapon=action.weapon, distance=actor.distance))
