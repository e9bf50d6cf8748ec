"""Medical gear (seed 002, "Healing and resuscitating").

"If equipped with any medical gear, players can use up their action to heal themselves or
another entity. The amount of healed HP can be no greater than the healer's Mind (unless
stimpacks are used, which always heal the maximum amount they can)."
A heal on a dying fighter is the revival of "Dying" (harm.revive).
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.notation import parse
from fracas.core.state import EncounterState, Status
from fracas.core.transaction import Transaction
from fracas.rulesets.lines.actions import Heal
from fracas.rulesets.lines.events import ActionSpent, GearUsed, Healed
from fracas.rulesets.lines.fighter import Fighter
from fracas.rulesets.lines.rules.common import (
    distance,
    fighter,
    options,
    require_action,
)
from fracas.rulesets.lines.rules.harm import revive

REACH = {"melee": 1, "same_line": 0, "any": 5}


def verify(state: EncounterState, action: Heal) -> None:
    actor = fighter(state, action.actor)
    target = fighter(state, action.target)
    require_action(actor)
    index = actor.gear_index(action.item)
    if index is None:
        known = ", ".join(g.id for g in actor.gear) or "none"
        raise IllegalAction(f"{actor.id} has no medical gear {action.item!r}; it carries: {known}")
    if actor.charges[index] <= 0:
        raise IllegalAction(f"{actor.id}'s {action.item} has no charges left")
    if target.status is Status.DEAD:
        raise IllegalAction(f"{target.id} is dead; only the dying can be brought back")
    if target.status is not Status.DYING and target.hp >= target.max_hp:
        raise IllegalAction(f"{target.id} is at full HP ({target.hp}/{target.max_hp})")
    reach_name = options(state).heal_reach
    if distance(actor, target) > REACH[reach_name]:
        raise IllegalAction(
            f"{target.id} is on line {target.line}, {actor.id} on line {actor.line}; medical "
            f"gear reaches {REACH[reach_name]} lines (option heal_reach: {reach_name})"
        )


def heal_amount(tx: Transaction, healer: Fighter, index: int) -> int:
    item = healer.gear[index]
    if item.kind == "stimpack":
        return parse(item.heal).maximum()
    rolled = tx.roll(item.heal, f"heal: {healer.id} with {item.id}")
    return max(0, min(rolled, healer.mind))


def resolve(tx: Transaction, action: Heal) -> None:
    healer = fighter(tx.state, action.actor)
    index = healer.gear_index(action.item)
    assert index is not None
    tx.emit(ActionSpent(combatant=healer.id, action="heal"))
    amount = heal_amount(tx, healer, index)
    tx.emit(GearUsed(combatant=healer.id, item=action.item, charges=healer.charges[index] - 1))
    target = fighter(tx.state, action.target)
    if target.status is Status.DYING:
        if amount > 0:
            revive(tx, healer, target, amount)
        return
    hp = min(target.max_hp, target.hp + amount)
    tx.emit(Healed(target=target.id, healer=healer.id, amount=hp - target.hp, hp=hp))
