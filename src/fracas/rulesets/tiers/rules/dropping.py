"""Dropping a weapon (seed 001, "Turns & Actions").

"Free actions can be done at any time simply through declaration ... Free actions can be
used to: ... drop a weapon (or any other object) ... As such, these things can be done at
any time, on anyone's turn, as many times as desired." So `drop` spends no action and is
allowed out of turn, like `swap`.

The sheet tracks weapons only, so a weapon is what can be dropped; bare hands cannot be.
The weapon leaves both hands (a two-handed one too) and the carried gear, so it can no longer
be swapped to or fought with, and it stays on the map where it fell (`LitGrid.ground`), with
its Tier and load.

"Non-contested actions include: ... grabbing a weapon (or any object) from anywhere other than
a worn weapon slot": `grab` picks a lying weapon up, from the grabber's own tile or one next to
it (the reach of a hand), into its carried gear; a `swap` (free) then puts it in hand. Gear
above Body is refused as at load: "If a character's gear exceeds their body stat, they cannot
move it". Grabbing from another character's hands (B36) is not implemented.
"""

from __future__ import annotations

from typing import cast

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Drop, Grab
from fracas.rulesets.tiers.events import ActionSpent, Dropped, Grabbed
from fracas.rulesets.tiers.rules.common import distance, fighter, require_action
from fracas.rulesets.tiers.sheet import UNARMED
from fracas.rulesets.tiers.warrior import GroundItem


def verify(state: EncounterState, action: Drop) -> None:
    actor = fighter(state, action.actor)
    if action.weapon == UNARMED:
        raise IllegalAction("bare hands cannot be dropped; drop a carried weapon")
    if actor.weapon(action.weapon) is None:
        carried = ", ".join(w.id for w in actor.weapons) or "nothing"
        raise IllegalAction(f"{actor.id} carries no weapon {action.weapon!r}; it has: {carried}")


def resolve(tx: Transaction, action: Drop) -> None:
    actor = fighter(tx.state, action.actor)
    tx.emit(Dropped(combatant=actor.id, item=action.weapon, at=actor.tile))


def _lying(state: EncounterState, action: Grab) -> GroundItem:
    """The weapon the grab picks up, or a refusal saying why none."""
    actor = fighter(state, action.actor)
    ground = cast(tuple[GroundItem, ...], state.arena.ground)
    near = [g for g in ground if g.weapon.id == action.weapon and distance(g.at, actor.tile) <= 1]
    if action.at is not None:
        near = [g for g in near if g.at == action.at]
    if not near:
        where = "there" if action.at is not None else f"on or next to {actor.tile}"
        raise IllegalAction(f"no weapon {action.weapon!r} lies {where}; grab reaches one tile")
    if len({g.at for g in near}) > 1:
        tiles = ", ".join(str(g.at) for g in near)
        raise IllegalAction(f"{action.weapon!r} lies on {tiles}; say which with `at`")
    return near[0]


def verify_grab(state: EncounterState, action: Grab) -> None:
    actor = fighter(state, action.actor)
    lying = _lying(state, action)
    if actor.weapon(action.weapon) is not None:
        raise IllegalAction(f"{actor.id} already carries a weapon {action.weapon!r}")
    if lying.tier > actor.body:
        raise IllegalAction(
            f"{action.weapon} is T{lying.tier}, above {actor.id}'s Body {actor.body}: gear "
            "that exceeds the Body stat cannot be moved"
        )
    require_action(actor, contested=False)


def resolve_grab(tx: Transaction, action: Grab) -> None:
    lying = _lying(tx.state, action)
    tx.emit(ActionSpent(combatant=action.actor, action=f"grab {action.weapon}", contested=False))
    tx.emit(Grabbed(combatant=action.actor, item=action.weapon, at=lying.at))
