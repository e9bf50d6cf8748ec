"""Misc gear and its charges (seed 004, after "Melee").

"The consumables listed there are charges: you get an X amount of uses per scene, and they
regenerate afterwards." "Every piece of misc gear has a flat 1 weight unless stated
otherwise. You start with 3 free pieces of gear, but you may need to justify how you got
them". "You can only use one item or weapon in a turn". "every kit requires both hands to be
used properly".

Readings (P39): an encounter is one scene, so a sheet starts every fight with full charges and
none come back during it; `use` is the turn's one action and spends one charge of a
consumable (gear without `charges` is never used up). What an item does is the missing
equipment wiki's: the log says it was used, on whom, and the GM rules the effect (an
`override`). The three free pieces are a matter of character creation the GM judges (how
rare the gear is for that character): the engine cannot price gear it has no list of.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.actions import Use
from fracas.rulesets.pools.events import ActionSpent, ChargeUsed
from fracas.rulesets.pools.rules.common import require_action, soldier
from fracas.rulesets.pools.rules.hands import require_hands
from fracas.rulesets.pools.sheet import Gear
from fracas.rulesets.pools.soldier import Soldier


def item_of(actor: Soldier, item_id: str) -> Gear:
    item = next((g for g in actor.gear if g.id == item_id), None)
    if item is None:
        carried = ", ".join(g.id for g in actor.gear) or "none"
        raise IllegalAction(f"{actor.id} has no gear {item_id!r}; its gear: {carried}")
    return item


def verify(state: EncounterState, action: Use) -> None:
    actor = soldier(state, action.actor)
    require_action(actor)
    item = item_of(actor, action.item)
    if item.charges is not None and actor.charges_left(item) < 1:
        raise IllegalAction(
            f"{item.id} has no charges left this scene ({item.charges} a scene, all used)"
        )
    require_hands(state, actor, item.hands_needed, item.id)
    if action.target is not None:
        soldier(state, action.target)


def resolve(tx: Transaction, action: Use) -> None:
    actor = soldier(tx.state, action.actor)
    item = item_of(actor, action.item)
    tx.emit(ActionSpent(combatant=actor.id, action=f"use {item.id}"))
    left = None if item.charges is None else actor.charges_left(item) - 1
    tx.emit(ChargeUsed(combatant=actor.id, item=item.id, left=left, target=action.target))
