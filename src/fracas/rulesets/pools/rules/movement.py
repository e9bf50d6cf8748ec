"""Moving along the line and taking cover (seed 004, "Distance", cover).

"Each character can only move 1 distance per turn. Moving is considered your action for the
turn; it is not free." "You automatically take cover when you move into it, unless
specifically stated otherwise due to special conditions" (`into_cover: false`). "If someone
tries to leave distance 0, they may be freely melee-attacked as a free action. Such an
attack can only be done once per character. You may defend yourself from such attacks.
There is no safe disengagement."

Readings: every standing enemy at distance 0 takes its free attack (the attacker's choice,
which the engine makes for it: a free blow costs nothing), in initiative order, with the
hardest-hitting melee weapon it has the hands for, before the mover leaves; the mover still
goes unless a blow leaves it out of the fight (P9: once per leave, or `free_attack:
per_round`). The free attacks, traps and spotting of every change of place live in
rules/travel.py. Cover shelters
only on the ground (altitude 0). `take_cover` is the action for someone at a covered
distance but out of the cover (it started out of it, or walked in with `into_cover: false`).

Dice order: per free attack, the attacker's Strength pool, then the mover's.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.actions import Move, TakeCover
from fracas.rulesets.pools.events import ActionSpent, CoverTaken
from fracas.rulesets.pools.rules import travel
from fracas.rulesets.pools.rules.common import field, require_action, soldier
from fracas.rulesets.pools.rules.grappling import require_free_to_move
from fracas.rulesets.pools.rules.travel import Leg
from fracas.rulesets.pools.soldier import Soldier


def verify_move(state: EncounterState, action: Move) -> None:
    actor = soldier(state, action.actor)
    require_action(actor)
    require_free_to_move(actor)
    require_one_step(actor, action.to)


def require_one_step(actor: Soldier, to: int) -> None:
    """A move (or a drag) goes one distance along the line."""
    if abs(to - actor.distance) != 1:
        raise IllegalAction(
            f"{actor.id} stands at distance {actor.distance} and moves 1 distance a turn: "
            f"to {actor.distance - 1 if actor.distance else actor.distance + 1}"
            + (f" or {actor.distance + 1}" if actor.distance else "")
            + f", not {to}"
        )


def resolve_move(tx: Transaction, action: Move) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action=f"move to {action.to}"))
    mover = soldier(tx.state, action.actor)
    leg = Leg(mover.id, action.to, mover.altitude, action.into_cover)
    travel.go(tx, [leg], leaver=mover.id)


def verify_take_cover(state: EncounterState, action: TakeCover) -> None:
    actor = soldier(state, action.actor)
    require_action(actor)
    rating = field(state).cover_at(actor.distance)
    if rating is None:
        covered = ", ".join(str(c.distance) for c in field(state).cover) or "none"
        raise IllegalAction(
            f"there is no cover at distance {actor.distance}; cover lies at: {covered}"
        )
    if actor.altitude:
        raise IllegalAction(
            f"{actor.id} is at altitude {actor.altitude}; cover shelters on the ground"
        )
    if actor.in_cover:
        raise IllegalAction(f"{actor.id} is already in the {rating} cover")


def resolve_take_cover(tx: Transaction, action: TakeCover) -> None:
    actor = soldier(tx.state, action.actor)
    rating = field(tx.state).cover_at(actor.distance)
    assert rating is not None
    tx.emit(ActionSpent(combatant=actor.id, action="take cover"))
    tx.emit(CoverTaken(target=actor.id, rating=rating))
