"""Dropping, grabbing and the other handling of gear (seed 001, "Turns & Actions").

"Free actions can be done at any time simply through declaration ... Free actions can be
used to: equip or switch between worn weapons, sheath or holster a weapon, speak or scream in
pain, drop a weapon (or any other object), cast a spell, or use a worn enchanted item. As
such, these things can be done at any time, on anyone's turn, as many times as desired." So
`drop`, `sheathe` and `use_item` spend no action and are allowed out of turn, like `swap`.

A weapon dropped leaves both hands (a two-handed one too) and the carried gear, so it can no
longer be swapped to or fought with, and it stays on the map where it fell (`LitGrid.ground`),
with its Tier and load. Any other object the sheet lists under `items` (B62: a rope, a potion,
ammunition, an enchanted ring) drops the same way; bare hands cannot be dropped. `sheathe`
puts a weapon in hand away; it stays carried (a `swap` to bare hands does the same by hand).

"Non-contested actions include: ... grabbing a weapon (or any object) from anywhere other than
a worn weapon slot (including from other character's hands), grabbing ammunition from
anywhere other than a ammo pouch": `grab` picks a lying weapon or object up, from the
grabber's own tile or one next to it (the reach of a hand), into its carried gear (a weapon
then goes in hand with a free `swap`); ammunition grabbed goes into the pouch, from which
reloading draws with no further action. With `holder` it takes a weapon out of a neighbour's
hands (B36): a non-contested action, so no roll, even from a foe unless `grab_from_enemy:
false`. Gear above Body is refused as at load: "If a character's gear exceeds their body
stat, they cannot move it".

"use a worn enchanted item": the seed gives no item's powers, so `use_item` logs the use of
an `enchanted` item by name with the effect its user states, for the GM to apply (B63).
"""

from __future__ import annotations

from typing import cast

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Drop, Grab, Sheathe, UseItem
from fracas.rulesets.tiers.events import (
    ActionSpent,
    Dropped,
    Grabbed,
    ItemUsed,
    Snatched,
    Swapped,
)
from fracas.rulesets.tiers.rules.common import (
    distance,
    fighter,
    gap_between,
    is_ally,
    options,
    require_action,
)
from fracas.rulesets.tiers.sheet import UNARMED, Weapon
from fracas.rulesets.tiers.warrior import GroundItem, Warrior


def _one_name(action: Drop | Grab) -> str:
    """The weapon or the object the action names: exactly one of the two."""
    if (action.weapon is None) == (action.item is None):
        raise IllegalAction(
            f"{action.do} names either a weapon (weapon: <id>) or another object (item: <id>), "
            "not both or neither"
        )
    return cast(str, action.weapon or action.item)


def _carried(actor: Warrior) -> str:
    return ", ".join([w.id for w in actor.weapons] + [i.id for i in actor.items]) or "nothing"


def verify(state: EncounterState, action: Drop) -> None:
    actor = fighter(state, action.actor)
    name = _one_name(action)
    if name == UNARMED:
        raise IllegalAction("bare hands cannot be dropped; drop a carried weapon")
    found = actor.weapon(name) if action.weapon is not None else actor.item(name)
    if found is None:
        what = "weapon" if action.weapon is not None else "item"
        raise IllegalAction(f"{actor.id} carries no {what} {name!r}; it has: {_carried(actor)}")


def resolve(tx: Transaction, action: Drop) -> None:
    actor = fighter(tx.state, action.actor)
    tx.emit(Dropped(combatant=actor.id, item=_one_name(action), at=actor.tile))


def _lying(state: EncounterState, action: Grab) -> GroundItem:
    """The weapon or object the grab picks up, or a refusal saying why none."""
    actor = fighter(state, action.actor)
    name, weapon = _one_name(action), action.weapon is not None
    what = "weapon" if weapon else "item"
    ground = cast(tuple[GroundItem, ...], state.arena.ground)
    near = [
        g
        for g in ground
        if g.weapon.id == name
        and isinstance(g.weapon, Weapon) == weapon
        and distance(g.at, actor.tile) <= 1
    ]
    if action.at is not None:
        near = [g for g in near if g.at == action.at]
    if not near:
        where = "there" if action.at is not None else f"on or next to {actor.tile}"
        raise IllegalAction(f"no {what} {name!r} lies {where}; grab reaches one tile")
    if len({g.at for g in near}) > 1:
        tiles = ", ".join(str(g.at) for g in near)
        raise IllegalAction(f"{name!r} lies on {tiles}; say which with `at`")
    return near[0]


def _in_hands(state: EncounterState, actor: Warrior, action: Grab) -> Warrior:
    """The neighbour holding the weapon the grab takes from its hands (B36), after every
    check that grab must pass."""
    assert action.holder is not None
    if action.weapon is None:
        raise IllegalAction(
            "grab from another's hands takes a weapon in hand (weapon: <id>); other objects "
            "are carried, not held, and are grabbed once dropped"
        )
    if action.at is not None:
        raise IllegalAction("grab takes from the ground (at) or from a holder's hands, not both")
    holder = fighter(state, action.holder)
    if holder.id == actor.id:
        raise IllegalAction(f"{actor.id} cannot grab from its own hands; swap is free")
    if gap_between(actor, holder) > 1:
        raise IllegalAction(
            f"{holder.id} is {gap_between(actor, holder)} squares from {actor.id}; grab reaches "
            "one tile"
        )
    if not holder.in_hand(action.weapon) or action.weapon == UNARMED:
        held = ", ".join(holder.wielded) or "nothing"
        raise IllegalAction(
            f"{holder.id} holds no {action.weapon!r} in its hands (it holds {held}); a worn "
            "weapon slot is not grabbed from"
        )
    if not options(state).grab_from_enemy and holder.is_active and not is_ally(actor, holder):
        raise IllegalAction(
            f"{holder.id} is a standing foe; with grab_from_enemy: false only an ally's or a "
            "fallen character's hands may be grabbed from (the GM rules a struggle)"
        )
    return holder


def verify_grab(state: EncounterState, action: Grab) -> None:
    actor = fighter(state, action.actor)
    name = _one_name(action)
    if action.holder is not None:
        holder = _in_hands(state, actor, action)
        tier: int | None = holder.tier_of(name)
    else:
        lying = _lying(state, action)
        tier = lying.tier if isinstance(lying.weapon, Weapon) else None
    for what, found in (("weapon", actor.weapon(name)), ("item", actor.item(name))):
        if found is not None:  # ids name one thing each on a sheet
            raise IllegalAction(f"{actor.id} already carries a {what} {name!r}")
    if tier is not None and tier > actor.body:
        raise IllegalAction(
            f"{name} is T{tier}, above {actor.id}'s Body {actor.body}: gear that exceeds the "
            "Body stat cannot be moved"
        )
    require_action(actor, contested=False)


def resolve_grab(tx: Transaction, action: Grab) -> None:
    name = _one_name(action)
    tx.emit(ActionSpent(combatant=action.actor, action=f"grab {name}", contested=False))
    if action.holder is not None:
        tx.emit(Snatched(combatant=action.actor, holder=action.holder, item=name))
        return
    lying = _lying(tx.state, action)
    tx.emit(Grabbed(combatant=action.actor, item=name, at=lying.at))


def verify_sheathe(state: EncounterState, action: Sheathe) -> None:
    actor = fighter(state, action.actor)
    if action.weapon == UNARMED or not actor.in_hand(action.weapon):
        held = ", ".join(actor.wielded) or "nothing"
        raise IllegalAction(
            f"{actor.id} holds no weapon {action.weapon!r} to sheathe; it holds {held}"
        )


def resolve_sheathe(tx: Transaction, action: Sheathe) -> None:
    actor = fighter(tx.state, action.actor)
    main = None if actor.main == action.weapon else actor.main
    off = None if actor.off == action.weapon else actor.off
    tx.emit(Swapped(combatant=actor.id, main=main, off=off))


def verify_use(state: EncounterState, action: UseItem) -> None:
    actor = fighter(state, action.actor)
    item = actor.item(action.item)
    if item is None or item.kind != "enchanted":
        worn = ", ".join(i.id for i in actor.items if i.kind == "enchanted") or "none"
        raise IllegalAction(
            f"{actor.id} wears no enchanted item {action.item!r}; its enchanted items: {worn}"
        )
    if action.target is not None:
        fighter(state, action.target)


def resolve_use(tx: Transaction, action: UseItem) -> None:
    tx.emit(
        ItemUsed(
            combatant=action.actor, item=action.item, target=action.target, effect=action.effect
        )
    )
