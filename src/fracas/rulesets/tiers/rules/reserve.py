"""Reserved actions (seed 001, "Tactical Actions").

"A character may choose to hold their non-contested action to be used on another character's
turn ... That character still only gets 2 declared actions on each round, & only 1 of them
can be a contested roll. They cannot reserve their contested roll this way. If no action is
used before the character's next turn, the reserved action is considered forfeited."

`reserve` spends one of the turn's two actions and marks the character `reserved` until the
start of its next turn (B16: one reservation at a time). On another's turn it may then take
one non-contested action (move, reload, equip or put away a shield, a sure crossbow or
firearm shot); the mark goes with it. It comes between other actions, except for blocking a
mover (rules/blocking.py) and dodging an attack (rules/dodging.py), which cut into the action
under way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fracas.core.actions import Action
from fracas.core.conditions import Condition, Expiry
from fracas.core.errors import IllegalAction
from fracas.core.events import ConditionApplied
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Reserve
from fracas.rulesets.tiers.events import RESERVED, ActionSpent, ReservationUsed
from fracas.rulesets.tiers.rules.common import fighter, require_action

Verify = Callable[[EncounterState, Any], None]
Resolve = Callable[[Transaction, Any], None]


def verify(state: EncounterState, action: Reserve) -> None:
    actor = fighter(state, action.actor)
    require_action(actor, contested=False)
    if actor.has(RESERVED):
        raise IllegalAction(f"{actor.id} already holds a reserved action")


def resolve(tx: Transaction, action: Reserve) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action="reserve", contested=False))
    held = Condition(name=RESERVED, expiry=Expiry.START_OF_TURN, anchor=action.actor)
    tx.emit(ConditionApplied(target=action.actor, condition=held))


def on_reservation(state: EncounterState, action: Action) -> bool:
    """Whether `action` is taken out of turn on a reserved action."""
    if state.actor == action.actor:
        return False
    who = state.find(action.actor)
    return who is not None and who.has(RESERVED)


def _as_reserved(state: EncounterState, actor: str) -> EncounterState:
    return ReservationUsed(combatant=actor).apply(state)


def reservable(rule: tuple[Verify, Resolve]) -> tuple[Verify, Resolve]:
    """A non-contested action's rule, made usable on a reservation out of turn: checked as if
    the character had one non-contested action left, and taking the reservation with it."""
    check, act = rule

    def verify_any_turn(state: EncounterState, action: Any) -> None:
        if not on_reservation(state, action):
            check(state, action)
            return
        try:
            check(_as_reserved(state, action.actor), action)
        except IllegalAction as error:
            raise IllegalAction(f"on a reserved (non-contested) action: {error}") from None

    def resolve_any_turn(tx: Transaction, action: Any) -> None:
        if on_reservation(tx.state, action):
            tx.emit(ReservationUsed(combatant=action.actor))
        act(tx, action)

    return verify_any_turn, resolve_any_turn
