"""Prone, standing and bracing (seed 000: "Prone", "Brace").

Going prone is free: the seed prices standing ("may use their movement or action to stand")
but not lying down, and dropping flat is the cheap half of the pair. The edges against the
prone live in attack.attack_edge, "cannot Engage" in common.engages, the one-tile crawl in
movement.py; this module adds the stances themselves and the prone-behind-cover limit.
"""

from __future__ import annotations

from fracas.core.conditions import Condition, Expiry
from fracas.core.errors import IllegalAction
from fracas.core.events import ConditionApplied, ConditionRemoved
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.nwo.actions import Brace, Prone, Stand
from fracas.rulesets.nwo.catalog import UNARMED
from fracas.rulesets.nwo.events import ActionSpent, MovementSpent
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules.common import (
    BRACED,
    PRONE,
    RESTRAINED,
    fighter,
    grid,
    require_action,
    require_movement,
)


def verify_prone(state: EncounterState, action: Prone) -> None:
    actor = fighter(state, action.actor)
    if actor.has(PRONE):
        raise IllegalAction(f"{actor.id} is already prone")


def resolve_prone(tx: Transaction, action: Prone) -> None:
    """NWO-37: "one can take a prone stance or be made to take a prone stance willingly"."""
    tx.emit(
        ConditionApplied(target=action.actor, condition=Condition(name=PRONE, source=action.actor))
    )


def verify_stand(state: EncounterState, action: Stand) -> None:
    from fracas.rulesets.nwo.rules import movement

    actor = fighter(state, action.actor)
    if not actor.has(PRONE):
        raise IllegalAction(f"{actor.id} is not prone")
    if actor.has(RESTRAINED):
        raise IllegalAction(f"{actor.id} is restrained and cannot stand up")
    if action.using == "action":
        require_action(actor)
        return
    require_movement(actor)
    blocked = movement.why_cannot_move(actor)
    if blocked:
        raise IllegalAction(f"{blocked}: it has no movement to stand with; stand using the action")


def resolve_stand(tx: Transaction, action: Stand) -> None:
    """NWO-40: "Prone characters may use their movement or action to stand from being
    prone." """
    if action.using == "action":
        tx.emit(ActionSpent(combatant=action.actor, action="stand up"))
    else:
        tx.emit(MovementSpent(combatant=action.actor, why="stood up"))
    tx.emit(ConditionRemoved(target=action.actor, name=PRONE, why="stood up"))


def verify_brace(state: EncounterState, action: Brace) -> None:
    actor = fighter(state, action.actor)
    require_action(actor)
    if not any(not w.is_ranged and w.id != UNARMED for w in actor.in_hand):
        held = ", ".join(actor.wielded) or "nothing"
        raise IllegalAction(
            f"{actor.id} holds no melee weapon (in hand: {held}); bracing needs one wielded"
        )


def resolve_brace(tx: Transaction, action: Brace) -> None:
    """NWO-36: "When wielding a melee weapon, a character can use their action to make melee
    defense rolls with advantage until the start of their next turn." """
    tx.emit(ActionSpent(combatant=action.actor, action="brace"))
    braced = Condition(
        name=BRACED, source=action.actor, expiry=Expiry.START_OF_TURN, anchor=action.actor
    )
    tx.emit(ConditionApplied(target=action.actor, condition=braced))


def prone_cover_block(state: EncounterState, attacker: Operative, target: Operative) -> str | None:
    """NWO-38: "If a character is prone and behind cover, they cannot make an attack unless
    their target is adjacent and not on the opposite side of said cover."

    "Behind cover" is lying next to a cover tile (any of the 8 around). A cover tile beside
    the attacker screens the whole side it lies on (the 3 tiles of that row or column), a
    corner cover tile only its corner: a target there is "on the opposite side"."""
    if not attacker.has(PRONE):
        return None
    board = grid(state)
    ax, ay = attacker.tile
    around = [(cx - ax, cy - ay) for cx, cy in board.cover if max(abs(cx - ax), abs(cy - ay)) == 1]
    if not around:
        return None
    gap = board.distance(attacker.tile, target.tile)
    if gap > 1:
        return (
            f"{attacker.id} is prone behind cover and can attack only an adjacent target on "
            f"its side of the cover; {target.id} is {gap} tiles away"
        )
    ox, oy = target.x - ax, target.y - ay
    for dx, dy in around:
        if (dx == 0 or ox == dx) and (dy == 0 or oy == dy):
            return (
                f"{attacker.id} is prone behind the cover at {(ax + dx, ay + dy)} and "
                f"{target.id} is on its far side"
            )
    return None


RULES = {
    Prone: (verify_prone, resolve_prone),
    Stand: (verify_stand, resolve_stand),
    Brace: (verify_brace, resolve_brace),
}
