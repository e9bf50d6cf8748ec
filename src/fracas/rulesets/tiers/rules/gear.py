"""What is in hand (seed 001, "Turns & Actions", "Shield", "Combat Gear Basics").

"Free actions can be done at any time simply through declaration ... equip or switch between
worn weapons." A shield in hand holds the off hand, so a two-handed weapon needs it put away
first (unequipping a shield is a non-contested action).

"Equipping a shield takes 1 round to complete (2 consecutive non-contested actions)": two
`equip_shield` actions in a row, in one turn or across the turn's end; any other action of
the character in between starts it over. Under `shield_equip: one_turn` (B23) they are the
two actions of one turn: the first must open the turn, and a half-equipped shield is put back
when the next turn starts (ruleset.apply).
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import EquipShield, Swap, UnequipShield
from fracas.rulesets.tiers.events import EQUIP_SHIELD, ActionSpent, ShieldHandled, Swapped
from fracas.rulesets.tiers.rules.common import fighter, options, require_action
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


SHIELD_ACTIONS = 2
"""'Equipping a shield takes 1 round to complete (2 consecutive non-contested actions).'"""


def verify_equip_shield(state: EncounterState, action: EquipShield) -> None:
    """Seed: "Equipping a shield has no Skill requirement"; the Body requirement is checked
    at load. The off hand must be free, and no two-handed weapon in the main one."""
    actor = fighter(state, action.actor)
    if actor.shield_id is None:
        raise IllegalAction(f"{actor.id} has no shield")
    if actor.shield_equipped:
        raise IllegalAction(f"{actor.id}'s shield is already in hand")
    if actor.off is not None:
        raise IllegalAction(
            f"{actor.id}'s off hand holds {actor.off}; free it first (swap weapon: unarmed, "
            "hand: off, a free action)"
        )
    require_action(actor, contested=False)
    # one_turn: every action of the turn so far went into this shield (none, or the first)
    if options(state).shield_equip == "one_turn" and actor.actions != actor.shield_progress:
        raise IllegalAction(
            f"{actor.id} has one action left this turn; under shield_equip: one_turn the "
            "shield takes both actions of one turn, starting with the first"
        )


def resolve_equip_shield(tx: Transaction, action: EquipShield) -> None:
    actor = fighter(tx.state, action.actor)
    progress = actor.shield_progress + 1
    tx.emit(ActionSpent(combatant=actor.id, action=EQUIP_SHIELD, contested=False))
    done = progress >= SHIELD_ACTIONS
    tx.emit(ShieldHandled(combatant=actor.id, progress=0 if done else progress, equipped=done))


def verify_unequip_shield(state: EncounterState, action: UnequipShield) -> None:
    """Seed: "Non-contested actions include: moving, unequipping a shield ..."."""
    actor = fighter(state, action.actor)
    if not actor.shield_equipped:
        raise IllegalAction(f"{actor.id} has no shield in hand")
    require_action(actor, contested=False)


def resolve_unequip_shield(tx: Transaction, action: UnequipShield) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action="unequip shield", contested=False))
    tx.emit(ShieldHandled(combatant=action.actor, progress=0, equipped=False))
