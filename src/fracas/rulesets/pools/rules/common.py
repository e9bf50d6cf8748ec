"""Pieces every `pools` rule needs: typed access, the line, distances and the turn's one
action."""

from __future__ import annotations

from typing import cast

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.rulesets.pools.options import PoolsOptions
from fracas.rulesets.pools.sheet import Battlefield
from fracas.rulesets.pools.soldier import Soldier


def soldier(state: EncounterState, combatant_id: str) -> Soldier:
    found = state.find(combatant_id)
    if found is None:  # only those hidden from nobody are listed (rules/naming.py)
        known = ", ".join(c.id for c in state.combatants if not cast(Soldier, c).unnoticed_by)
        raise IllegalAction(f"there is no combatant {combatant_id!r}; combatants: {known}")
    return cast(Soldier, found)


def options(state: EncounterState) -> PoolsOptions:
    return cast(PoolsOptions, state.options)


def field(state: EncounterState) -> Battlefield:
    return cast(Battlefield, state.arena)


def apart(state: EncounterState, a: Soldier, b: Soldier) -> int:
    """The distance between two combatants on the shared line (D10: |difference|); with
    altitude, the larger of the two gaps or their sum (P7, `range_measure`)."""
    along, up = abs(a.distance - b.distance), abs(a.altitude - b.altitude)
    if options(state).range_measure == "sum":
        return along + up
    return max(along, up)


def together(a: Soldier, b: Soldier) -> bool:
    """Distance 0: the same distance and the same altitude ("You need to occupy the same
    distance and altitude in order to attack someone in melee")."""
    return a.distance == b.distance and a.altitude == b.altitude


def standing(state: EncounterState) -> tuple[Soldier, ...]:
    """Everyone still in the fight, in the scenario's order; kept per state, since the
    tactics and the rules after every action ask it many times of one state."""
    return state.derived("pools.standing", lambda: _standing(state))


def _standing(state: EncounterState) -> tuple[Soldier, ...]:
    return cast(tuple[Soldier, ...], tuple(c for c in state.combatants if c.is_active))


def enemies_at_zero(state: EncounterState, who: Soldier) -> list[Soldier]:
    """Standing enemies at distance 0 from `who`, in initiative order."""
    order = {cid: n for n, cid in enumerate(state.turns.order)}
    found = [c for c in standing(state) if c.side != who.side and together(c, who)]
    return sorted(found, key=lambda c: order.get(c.id, len(order)))


def require_action(actor: Soldier) -> None:
    if actor.acted:
        raise IllegalAction(f"{actor.id} has used this turn's one action; end the turn (end_turn)")


def require_target(actor: Soldier, target: Soldier) -> None:
    if target.id == actor.id:
        raise IllegalAction(f"{actor.id} cannot attack itself")
    if not target.is_active:
        raise IllegalAction(f"{target.id} is {target.status} and out of the fight")
    if target.side == actor.side:
        raise IllegalAction(f"{target.id} is on {actor.id}'s side ({actor.side})")


def cover_rating(state: EncounterState, who: Soldier) -> str | None:
    """The cover sheltering `who`: its distance's cover, if it is in it and on the ground
    (a wall does not shelter a flyer above it)."""
    if not who.in_cover or who.altitude != 0:
        return None
    return field(state).cover_at(who.distance)
