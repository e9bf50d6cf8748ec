"""Grappling and shoving (seed 002, "Grappling and shoving").

"Instead of attacking, one can decide to either immobilize or move the enemy. In both cases,
one needs to be in melee range and make a Strength or Dexterity roll (their choice) against the
enemy's roll using one of the same two attributes." Dice order: the grappler's (or shover's)
roll, then the target's; on breaking free, the grappled fighter's roll, then the grappler's.
"""

from __future__ import annotations

from fracas.core.conditions import Condition
from fracas.core.errors import IllegalAction
from fracas.core.events import ConditionApplied, ConditionRemoved, StatusSet
from fracas.core.state import EncounterState, Status
from fracas.core.transaction import Transaction
from fracas.rulesets.lines.actions import BreakFree, Grapple, Release, Shove
from fracas.rulesets.lines.events import ActionSpent, Moved, Strained
from fracas.rulesets.lines.fighter import Fighter
from fracas.rulesets.lines.rules.common import (
    EXHAUSTED,
    GRAPPLED,
    distance,
    fighter,
    grappler_of,
    options,
    require_action,
    require_in_reach,
    require_target,
)
from fracas.rulesets.lines.rules.contest import contest

MELEE_RANGE = 1


def _require_standing_target(actor: Fighter, target: Fighter, what: str) -> None:
    require_target(actor, target, what)
    if target.status is Status.DYING:
        raise IllegalAction(f"{target.id} is dying")
    require_in_reach(actor, target, MELEE_RANGE, f"a {what}")


def verify_grapple(state: EncounterState, action: Grapple) -> None:
    actor = fighter(state, action.actor)
    target = fighter(state, action.target)
    require_action(actor)
    _require_standing_target(actor, target, "grapple")
    holder = grappler_of(target)
    if holder is not None:
        raise IllegalAction(f"{target.id} is already grappled by {holder}")


def resolve_grapple(tx: Transaction, action: Grapple) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action="grapple"))
    actor = fighter(tx.state, action.actor)
    target = fighter(tx.state, action.target)
    if contest(tx, "grapple", actor, target, action.attribute, action.defender_attribute):
        held = Condition(name=GRAPPLED, source=actor.id)
        tx.emit(ConditionApplied(target=target.id, condition=held))


def verify_break_free(state: EncounterState, action: BreakFree) -> None:
    actor = fighter(state, action.actor)
    require_action(actor)
    if grappler_of(actor) is None:
        raise IllegalAction(f"{actor.id} is not grappled")


def resolve_break_free(tx: Transaction, action: BreakFree) -> None:
    """ "With each failed roll, their Constitution temporarily drops by 1. Should it fall to 0
    in such a way, the target is exhausted or loses consciousness." """
    tx.emit(ActionSpent(combatant=action.actor, action="break_free"))
    actor = fighter(tx.state, action.actor)
    holder_id = grappler_of(actor)
    assert holder_id is not None
    holder = fighter(tx.state, holder_id)
    if contest(tx, "break free", actor, holder, action.attribute, action.defender_attribute):
        tx.emit(ConditionRemoved(target=actor.id, name=GRAPPLED, why="broke free"))
        return
    strain = actor.strain + 1
    left = actor.constitution - strain
    tx.emit(Strained(target=actor.id, strain=strain, constitution=left))
    if left <= 0:
        tx.emit(ConditionApplied(target=actor.id, condition=Condition(name=EXHAUSTED)))
        tx.emit(StatusSet(target=actor.id, status=Status.UNCONSCIOUS, why="Constitution fell to 0"))


def verify_release(state: EncounterState, action: Release) -> None:
    target = fighter(state, action.target)
    if grappler_of(target) != action.actor:
        raise IllegalAction(f"{action.actor} is not grappling {target.id}")


def resolve_release(tx: Transaction, action: Release) -> None:
    tx.emit(ConditionRemoved(target=action.target, name=GRAPPLED, why="released"))


def release_broken_holds(tx: Transaction) -> None:
    """A hold ends when the grappler is down or the two are out of melee range (C9)."""
    for combatant in tx.state.bearers(GRAPPLED):
        target = fighter(tx.state, combatant.id)
        holder_id = grappler_of(target)
        if holder_id is None:
            continue
        holder = fighter(tx.state, holder_id)
        if not holder.is_active:
            why = f"{holder.id} is {holder.status}"
        elif distance(holder, target) > MELEE_RANGE:
            why = f"{holder.id} is out of reach"
        elif target.status in (Status.DYING, Status.DEAD):
            why = f"{target.id} is {target.status}"
        else:
            continue
        tx.emit(ConditionRemoved(target=target.id, name=GRAPPLED, why=why))


def shove_direction(
    state: EncounterState, actor: Fighter, target: Fighter, asked: int | None
) -> int:
    """Away from the shover; the shover's choice on a shared line (default: towards the
    target's own back line, which is line 1 for the first side and line 6 for the other)."""
    if target.line != actor.line:
        away = 1 if target.line > actor.line else -1
        if asked is not None and asked != away:
            raise IllegalAction(
                "direction is a choice only when both stand on the same line; "
                f"a shove from line {actor.line} pushes line {target.line} towards "
                f"line {target.line + away}"
            )
        return away
    if asked is not None:
        return asked
    first_side = state.combatants[0].side
    return -1 if target.side == first_side else 1


def verify_shove(state: EncounterState, action: Shove) -> None:
    actor = fighter(state, action.actor)
    target = fighter(state, action.target)
    require_action(actor)
    _require_standing_target(actor, target, "shove")
    step = shove_direction(state, actor, target, action.direction)
    if not 1 <= target.line + step <= 6 and options(state).shove_at_edge == "refuse":
        raise IllegalAction(
            f"{target.id} is on line {target.line}, the edge; there is no line "
            f"{target.line + step} to push it to (option shove_at_edge: refuse)"
        )


def resolve_shove(tx: Transaction, action: Shove) -> None:
    """ "a successful roll pushes the entity by 1 line away from the one pushing (their choice
    if the two of them are in the same line)." """
    tx.emit(ActionSpent(combatant=action.actor, action="shove"))
    actor = fighter(tx.state, action.actor)
    target = fighter(tx.state, action.target)
    step = shove_direction(tx.state, actor, target, action.direction)
    won = contest(tx, "shove", actor, target, action.attribute, action.defender_attribute)
    destination = target.line + step
    if won and 1 <= destination <= 6:
        tx.emit(Moved(target=target.id, from_line=target.line, to_line=destination, forced=True))
