"""What is in hand (seed 001, "Turns & Actions", "Shield", "Combat Gear Basics").

"Free actions can be done at any time simply through declaration ... equip or switch between
worn weapons." A shield in hand holds the off hand, so a two-handed weapon needs it put away
first (unequipping a shield is a non-contested action, not yet an action of fracas).
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Swap
from fracas.rulesets.tiers.events import Swapped
from fracas.rulesets.tiers.rules.common import fighter
from fracas.rulesets.tiers.sheet import UNARMED
from fracas.rulesets.tiers.warrior import Warrior


def _hands(actor: Warrior, action: Swap) -> tuple[str | None, str | None]:
    """The main and off hand after the swap, or a refusal saying why not."""
    main, off = actor.main, actor.off
    if main is not None and main == off:  # a two-handed weapon leaves both hands
        main = off = None
    if action.weapon == UNARMED:
        return (None, off) if action.hand == "main" else (main, None)
    weapon = actor.weapon(action.weapon)
    if weapon is None:
        carried = ", ".join([w.id for w in actor.weapons] + [UNARMED])
        raise IllegalAction(f"{actor.id} carries no weapon {action.weapon!r}; it has: {carried}")
    if weapon.hands == 2:
        if actor.shield_equipped:
            raise IllegalAction(
                f"{weapon.id} needs both hands and {actor.id}'s shield is in one; a shield "
                "is put away with a non-contested action"
            )
        return (weapon.id, weapon.id)
    if action.hand == "off":
        if actor.shield_equipped:
            raise IllegalAction(f"{actor.id}'s off hand holds its shield")
        return (None if main == weapon.id else main, weapon.id)
    return (weapon.id, None if off == weapon.id else off)


def verify_swap(state: EncounterState, action: Swap) -> None:
    _hands(fighter(state, action.actor), action)


def resolve_swap(tx: Transaction, action: Swap) -> None:
    main, off = _hands(fighter(tx.state, action.actor), action)
    tx.emit(Swapped(combatant=action.actor, main=main, off=off))
