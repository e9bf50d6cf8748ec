"""Grappling (seed 004, "Grappling").

"Grappling is a contested Strength check, where the one initiating the grapple adds the
difference in Strength to their dice pool." "A grappled target can still fight back. They
can attack you or someone else, put away or pull out items, and so on. The only thing a
grappled target cannot do is move." "The target may try to break free from the grapple,
which is a contested Strength vs Strength check, in which the one holding the grapple still
applies the difference between Strengths to their dice pool." "In a pin, a character may do
nothing but try to break free, which is a contested Strength check where they roll twice,
always taking the worse roll."

Readings (docs/rulesets/pools.md): the difference is the holder's Strength less the other's,
added when above 0 (P14, `grapple_bonus`); a grapple needs distance 0, like melee; one holds
one character at a time and is held by one (P32); the one trying to break free is the
initiator, so a tie keeps the hold (`tie`); a hold ends when either side is out of the fight
or they are no longer at distance 0, and a holder may let go for free (P33). The grip is a
pair of conditions: the held one bears `grappled`, `pinned` or `human_shield` from its holder,
the holder `holding` (its detail is whom).

Grappling is a contest of Strength, not an attack, so by default it rolls its whole pool in
the dark too; `blind_grapple: true` reads the grab as an attack on an unseen target (POOLS-57:
the one die on 6, no difference added). Only the grab: once in hand, nobody needs eyes (P54).

Dice order: grapple: the grappler's pool (Strength + the difference; the one die when
`blind_grapple` and it cannot see the target), then the target's Strength. Break free: the
breaker's Strength (twice when pinned), then the holder's Strength + the difference.
"""

from __future__ import annotations

from fracas.core.actions import Action, EndTurn, Say
from fracas.core.conditions import Condition
from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.actions import BreakFree, Grapple, Release
from fracas.rulesets.pools.events import HOLDING, HOLDS, ActionSpent, Gripped, Released
from fracas.rulesets.pools.rules import stealth
from fracas.rulesets.pools.rules.common import (
    options,
    require_action,
    require_target,
    soldier,
    together,
)
from fracas.rulesets.pools.rules.contest import contest
from fracas.rulesets.pools.rules.sight import sees
from fracas.rulesets.pools.soldier import Soldier


def hold_on(who: Soldier) -> Condition | None:
    """The hold `who` is in (grappled, pinned or human_shield, with its holder as source)."""
    return next((c for c in who.conditions if c.name in HOLDS), None)


def held_by(who: Soldier) -> str | None:
    hold = hold_on(who)
    return None if hold is None else hold.source


def holding(who: Soldier) -> str | None:
    """Whom `who` holds, if anyone."""
    grip = who.condition(HOLDING)
    return None if grip is None else grip.detail


def is_pinned(who: Soldier) -> bool:
    return who.has("pinned")


def bonus(state: EncounterState, holder: Soldier, other: Soldier) -> int:
    """The Strength difference the holder adds to its pool (P14, `grapple_bonus`)."""
    gap = holder.strength - other.strength
    return gap if options(state).grapple_bonus == "signed" else max(0, gap)


def holder_pool(state: EncounterState, holder: Soldier, other: Soldier) -> int:
    """Strength plus the difference: Str 5 against Str 3 rolls 7 dice (checklist example 7)."""
    return holder.strength + bonus(state, holder, other)


def verify_grapple(state: EncounterState, action: Grapple) -> None:
    actor = soldier(state, action.actor)
    require_action(actor)
    target = soldier(state, action.target)
    require_target(actor, target)
    stealth.require_known(state, actor, target)  # grabbing from hiding is an ambush too
    if not together(actor, target):
        raise IllegalAction(
            f"{target.id} is not at distance 0 from {actor.id} (grappling needs the same "
            f"distance and altitude: {actor.place} against {target.place})"
        )
    already = holding(actor)
    if already is not None:
        raise IllegalAction(f"{actor.id} already holds {already}; one hold at a time")
    if held_by(actor) == target.id:
        raise IllegalAction(
            f"{target.id} holds {actor.id}; to get out of its grip, break free (break_free)"
        )
    other = held_by(target)
    if other is not None:
        raise IllegalAction(f"{target.id} is already held by {other}")


def resolve_grapple(tx: Transaction, action: Grapple) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action=f"grapple {action.target}"))
    actor, target = soldier(tx.state, action.actor), soldier(tx.state, action.target)
    dice = holder_pool(tx.state, actor, target)
    blind = options(tx.state).blind_grapple and not sees(tx.state, actor, target)
    winner = contest(
        tx, "grapple", actor.id, target.id, dice, target.strength, initiator_blind=blind
    )
    if winner == actor.id:
        tx.emit(Gripped(holder=actor.id, target=target.id, hold="grappled"))


def verify_break_free(state: EncounterState, action: BreakFree) -> None:
    actor = soldier(state, action.actor)
    require_action(actor)
    if held_by(actor) is None:
        raise IllegalAction(f"{actor.id} is not held by anyone")


def resolve_break_free(tx: Transaction, action: BreakFree) -> None:
    actor = soldier(tx.state, action.actor)
    holder_id = held_by(actor)
    assert holder_id is not None
    holder = soldier(tx.state, holder_id)
    tx.emit(ActionSpent(combatant=actor.id, action=f"break free from {holder.id}"))
    winner = contest(
        tx,
        "break free",
        actor.id,
        holder.id,
        actor.strength,
        holder_pool(tx.state, holder, actor),
        initiator_rolls=2 if is_pinned(actor) else 1,
    )
    if winner == actor.id:
        tx.emit(Released(holder=holder.id, target=actor.id, why="broke free"))


def verify_release(state: EncounterState, action: Release) -> None:
    if holding(soldier(state, action.actor)) is None:
        raise IllegalAction(f"{action.actor} holds nobody")


def resolve_release(tx: Transaction, action: Release) -> None:
    target = holding(soldier(tx.state, action.actor))
    assert target is not None
    tx.emit(Released(holder=action.actor, target=target, why="let go"))


def require_free_to_move(actor: Soldier) -> None:
    """ "The only thing a grappled target cannot do is move." """
    holder = held_by(actor)
    if holder is not None:
        raise IllegalAction(
            f"{actor.id} is held by {holder} and cannot move; try to break free (break_free)"
        )


PINNED_MAY = (BreakFree, EndTurn, Say)


def require_not_pinned(state: EncounterState, action: Action) -> None:
    """ "In a pin, a character may do nothing but try to break free." (Talking is no deed.)"""
    if isinstance(action, PINNED_MAY):
        return
    actor = state.find(action.actor)
    hold = None if actor is None else actor.condition("pinned")
    if actor is None or hold is None:
        return
    raise IllegalAction(
        f"{actor.id} is pinned by {hold.source} and may do nothing but try to break free "
        "(break_free) or end the turn"
    )


def loosen(tx: Transaction) -> None:
    """After every action: a hold whose holder or target is out of the fight, or whose two
    are no longer at distance 0 (a GM's override moved one), ends (P33)."""
    for holder in tx.state.bearers(HOLDING):
        target_id = holding(soldier(tx.state, holder.id))
        if target_id is None:
            continue
        me, them = soldier(tx.state, holder.id), soldier(tx.state, target_id)
        why = None
        if not me.is_active:
            why = f"{me.id} is {me.status}"
        elif not them.is_active and not them.has("human_shield"):
            why = f"{them.id} is {them.status}"
        elif not together(me, them):
            why = "no longer at distance 0"
        if why is not None:
            tx.emit(Released(holder=me.id, target=them.id, why=why))
