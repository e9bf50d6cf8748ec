"""What a holder may do with the one it holds (seed 004, "Grappling"): "After a target is
grappled, you may do one of several things as an action on your subsequent turns".

"You may drag them alongside you, moving them however many distances you can also move."
"You may pin them, putting them onto the ground and holding them there." "You may eat them,
which is a contested Strength check. The one who initiated the grapple still adds the
difference in Strengths. On a success, the target is devoured. See the vore rules for more."
"You may use them as a human shield ... You must hold them with at least one hand." (Its
effects: rules/shield.py; disarming: rules/disarm.py.)

Readings (P32-P35): each is the turn's one action, and one action a turn already puts it on a
turn after the grapple. A drag goes where a move could (one distance), the holder meeting the
free attacks of the other enemies at distance 0 as any leaver does; the one dragged does not
walk into cover. A pin or a shield needs no roll (the seed gives none) and changes how the
target is held; a shield needs a hand free. Devouring puts the target out of the fight with
the status the `devoured` option gives (the vore rules are missing).

Dice order: drag: the free attacks as for `move`; devour: the holder's Strength + the
difference, then the target's Strength.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.actions import Devour, Drag, HumanShield, Pin
from fracas.rulesets.pools.events import ActionSpent, Devoured, Gripped
from fracas.rulesets.pools.rules import travel
from fracas.rulesets.pools.rules.common import options, require_action, soldier
from fracas.rulesets.pools.rules.contest import contest
from fracas.rulesets.pools.rules.grappling import (
    holder_pool,
    holding,
    require_free_to_move,
)
from fracas.rulesets.pools.rules.hands import busy_hands, free_hands
from fracas.rulesets.pools.rules.movement import require_one_step
from fracas.rulesets.pools.rules.travel import Leg
from fracas.rulesets.pools.soldier import Soldier


def held_target(state: EncounterState, actor_id: str, what: str) -> tuple[Soldier, Soldier]:
    """The holder and the one it holds, for a follow-up that needs both standing."""
    actor = soldier(state, actor_id)
    require_action(actor)
    target_id = holding(actor)
    if target_id is None:
        raise IllegalAction(f"{actor.id} holds nobody; {what} needs a grapple first (grapple)")
    target = soldier(state, target_id)
    if not target.is_active:
        raise IllegalAction(f"{target.id} is {target.status}; {what} needs it in the fight")
    return actor, target


def verify_drag(state: EncounterState, action: Drag) -> None:
    actor, _ = held_target(state, action.actor, "drag")
    require_free_to_move(actor)
    require_one_step(actor, action.to)


def resolve_drag(tx: Transaction, action: Drag) -> None:
    holder, target = held_target(tx.state, action.actor, "drag")
    tx.emit(ActionSpent(combatant=holder.id, action=f"drag {target.id} to {action.to}"))
    legs = [
        Leg(holder.id, action.to, holder.altitude),
        Leg(target.id, action.to, holder.altitude, into_cover=False),
    ]
    travel.go(tx, legs, leaver=holder.id)


def verify_pin(state: EncounterState, action: Pin) -> None:
    _, target = held_target(state, action.actor, "pin")
    if target.has("pinned"):
        raise IllegalAction(f"{target.id} is already pinned")


def resolve_pin(tx: Transaction, action: Pin) -> None:
    holder, target = held_target(tx.state, action.actor, "pin")
    tx.emit(ActionSpent(combatant=holder.id, action=f"pin {target.id}"))
    tx.emit(Gripped(holder=holder.id, target=target.id, hold="pinned"))


def verify_human_shield(state: EncounterState, action: HumanShield) -> None:
    holder, target = held_target(state, action.actor, "human_shield")
    if target.has("human_shield"):
        raise IllegalAction(f"{target.id} is already {holder.id}'s human shield")
    if free_hands(holder, busy_hands(state, holder)) < 1:
        raise IllegalAction(
            f"{holder.id} has no hand to hold {target.id} up with ({holder.hands} hands); "
            "a human shield is held with at least one hand"
        )


def resolve_human_shield(tx: Transaction, action: HumanShield) -> None:
    holder, target = held_target(tx.state, action.actor, "human_shield")
    tx.emit(ActionSpent(combatant=holder.id, action=f"hold {target.id} up as a shield"))
    tx.emit(Gripped(holder=holder.id, target=target.id, hold="human_shield"))


def verify_devour(state: EncounterState, action: Devour) -> None:
    held_target(state, action.actor, "devour")


def resolve_devour(tx: Transaction, action: Devour) -> None:
    holder, target = held_target(tx.state, action.actor, "devour")
    tx.emit(ActionSpent(combatant=holder.id, action=f"devour {target.id}"))
    dice = holder_pool(tx.state, holder, target)
    if contest(tx, "devour", holder.id, target.id, dice, target.strength) == holder.id:
        status = options(tx.state).devoured
        tx.emit(Devoured(holder=holder.id, target=target.id, status=status))
