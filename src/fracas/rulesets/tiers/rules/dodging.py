"""Dodging an attack with a reserved move (seed 001, "Tactical Actions").

"If an action is reserved and an attack is made against that character. If they interrupt the
attack action to move, the attack action did not happen & the attacking creature can change
their action. If the character moves to behind cover to interrupt a ranged attack, the
attacking creature can change their action or choose new targets. You cannot “waste” their
contested action this way."

The dodge is the defender's choice made inside the attacker's action, so it rides on that
`attack` as `dodge: {x, y}`, the way `defend_with` and a move's `block` do. It needs the
defender's reservation (rules/reserve.py: "If an action is reserved"), sight of the ground it
walks (a Blind defender declares no tile) and a walk within its race's move from the ground.
The defender walks there; the attack does not happen, so the attacker spends nothing (no
action, no bolt) and may declare anything again, this target included if it is still in reach.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.grid import Point
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.events import RESERVED, ActionSpent, Moved, ReservationUsed
from fracas.rulesets.tiers.rules import falling, light, movement
from fracas.rulesets.tiers.warrior import Tile, Warrior


def _walk(state: EncounterState, defender: Warrior, to: Point) -> list[Tile]:
    if not defender.has(RESERVED):
        raise IllegalAction(
            f"{defender.id} holds no reserved action; only a move reserved on its own turn "
            "(reserve) interrupts an attack"
        )
    if light.blind(state, defender):
        raise IllegalAction(f"{defender.id} is Blind and cannot pick a tile to dodge to")
    falling.require_ground(defender)
    try:
        return movement.walk_path(state, defender, to)
    except IllegalAction as error:
        raise IllegalAction(f"{defender.id} cannot dodge there: {error}") from None


def verify(state: EncounterState, defender: Warrior, to: Point) -> None:
    _walk(state, defender, to)


def resolve(tx: Transaction, defender: Warrior, to: Point) -> None:
    """The defender's reserved move; the attack it interrupts is not made."""
    path = _walk(tx.state, defender, to)
    tx.emit(ReservationUsed(combatant=defender.id))
    tx.emit(ActionSpent(combatant=defender.id, action="dodge", contested=False))
    tx.emit(Moved(target=defender.id, path=tuple(path)))
