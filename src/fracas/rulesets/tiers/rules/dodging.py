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

"Someone may do this to block a path of an enemy, provide cover for another ally from incoming
fire": an ally of the target with a reservation steps into a shot (`cover: {by, to}` on an
attack with a projectile, the covering ally's choice) in the same way (B65). The shot is
interrupted as a dodge interrupts it ("the attacking creature can change their action or
choose new targets"), unless the option `cover_move: proceeds` lets it go on from the ground
as it now stands, where the ally may be in its line of fire.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.grid import Point
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Cover
from fracas.rulesets.tiers.events import RESERVED, ActionSpent, Moved, ReservationUsed
from fracas.rulesets.tiers.rules import falling, light, movement
from fracas.rulesets.tiers.rules.common import fighter, is_ally
from fracas.rulesets.tiers.warrior import Tile, Warrior


def _walk(state: EncounterState, defender: Warrior, to: Point, how: str = "dodge") -> list[Tile]:
    if not defender.has(RESERVED):
        raise IllegalAction(
            f"{defender.id} holds no reserved action; only a move reserved on its own turn "
            "(reserve) interrupts an attack"
        )
    if light.blind(state, defender):
        raise IllegalAction(f"{defender.id} is Blind and cannot pick a tile to {how} to")
    falling.require_ground(defender)
    try:
        return movement.walk_path(state, defender, to)
    except IllegalAction as error:
        raise IllegalAction(f"{defender.id} cannot {how} there: {error}") from None


def verify(state: EncounterState, defender: Warrior, to: Point) -> None:
    _walk(state, defender, to)


def resolve(tx: Transaction, defender: Warrior, to: Point, how: str = "dodge") -> None:
    """The defender's (or a covering ally's) reserved move, made before the attack it
    interrupts."""
    path = _walk(tx.state, defender, to, how)
    tx.emit(ReservationUsed(combatant=defender.id))
    tx.emit(ActionSpent(combatant=defender.id, action=how, contested=False))
    tx.emit(Moved(target=defender.id, path=tuple(path)))


def covering_ally(state: EncounterState, attacker: Warrior, target: Warrior, by: str) -> Warrior:
    """The ally who may step into a shot at `target`, or a refusal saying why not."""
    ally = fighter(state, by)
    if ally.id == target.id:
        raise IllegalAction(f"{target.id} moving out of the shot itself is a `dodge`, not `cover`")
    if ally.id == attacker.id or not is_ally(ally, target):
        raise IllegalAction(f"cover is stepped into by an ally of {target.id}; {ally.id} is not")
    if not ally.is_active:
        raise IllegalAction(f"{ally.id} is down and cannot move")
    return ally


def verify_cover(state: EncounterState, attacker: Warrior, target: Warrior, cover: Cover) -> None:
    _walk(state, covering_ally(state, attacker, target, cover.by), cover.to, "cover")
