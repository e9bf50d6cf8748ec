"""Mounts (seed 004, "It takes one turn to mount or dismount a creature").

"When mounting a mountable creature, you cannot move — it is the creature that does the
moving instead. It uses their speed values, and your weight plus your gear's weight affects
it. Carrying a lot of stuff, or having the Heavy perk, will affect your mount." "Whilst
mounted, moving becomes free, as it is your mount that is moving, not you. You may perform
attacks at any point during movement: at the start, in the middle, or after." "If the
mounted creature is a player, they give up their actions and let you take control instead,
provided they are willing. The mounted player cannot act on their own anymore".

Readings (docs/rulesets/pools.md P18, P42, P43, P47):
- A creature can be ridden when its sheet gives `carry` (the load it bears at full speed);
  only one of the rider's own side is willing. `mount` needs distance 0 (same place) and is
  the whole turn: neither the turn's action nor a ride is left after it (P43); `dismount`
  the same. A fight may start mounted (`riding: <mount id>`).
- A mounted rider's `move` (and `fly`, on a flying mount) is the mount's: free, any number
  of steps a turn, up to the mount's speed in distances plus altitudes, so the rider may
  strike or shoot before, between or after them. The mount's speed that turn is its `speed`
  less 1 for each point of load over its `carry`, at least 0 (P42, `mount_load`); the load
  is the rider's `weight` plus its weapons' weight plus `heavy_weight` for the Heavy perk.
- The ridden creature gives up its turns while its rider is up (they are skipped, P43); the
  rider steers it. Enemies the pair leaves at distance 0 each take one free attack, at the
  rider. A rider or mount out of the fight ends the riding (the rider is thrown; in the air
  it falls, rules/flight.py; P47).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from fracas.core.actions import Action
from fracas.core.errors import IllegalAction, ScenarioError
from fracas.core.records import replace
from fracas.core.ruleset import Resolver, Verifier
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.actions import Dismount, Fly, Mount, Move
from fracas.rulesets.pools.events import ActionSpent, Dismounted, Mounted, Rode
from fracas.rulesets.pools.rules import flight, movement, travel
from fracas.rulesets.pools.rules.common import options, require_action, soldier, together
from fracas.rulesets.pools.rules.travel import Leg
from fracas.rulesets.pools.soldier import Soldier

HEAVY = "heavy"
"""The perk that weighs on a mount ("having the Heavy perk, will affect your mount")."""


def load(state: EncounterState, rider: Soldier) -> int:
    """The rider's weight, its gear's, and the Heavy perk's (P42)."""
    heavy = options(state).heavy_weight if HEAVY in rider.perks else 0
    return rider.weight + sum(w.weight for w in rider.weapons) + heavy


def mount_speed(state: EncounterState, rider: Soldier, mount: Soldier) -> tuple[int, str]:
    """The distances the mount carries this rider a turn, and the sum written out."""
    if options(state).mount_load == "ignore":
        return mount.speed, f"speed {mount.speed}"
    weight, carry = load(state, rider), mount.carry or 0
    over = max(0, weight - carry)
    speed = max(0, mount.speed - over)
    return speed, f"speed {mount.speed} - (load {weight} - carry {carry}, at least 0) = {speed}"


def verify_mount(state: EncounterState, action: Mount) -> None:
    rider = soldier(state, action.actor)
    require_action(rider)
    if rider.riding is not None:
        raise IllegalAction(f"{rider.id} already rides {rider.riding}")
    if rider.ridden_by is not None:
        raise IllegalAction(f"{rider.id} carries {rider.ridden_by} and cannot mount")
    mount = soldier(state, action.target)
    if mount.id == rider.id:
        raise IllegalAction(f"{rider.id} cannot mount itself")
    if not mount.is_active:
        raise IllegalAction(f"{mount.id} is {mount.status} and carries nobody")
    if mount.carry is None:
        raise IllegalAction(f"{mount.id} cannot be ridden: its sheet gives no `carry`")
    if mount.side != rider.side:
        raise IllegalAction(
            f"{mount.id} is on side {mount.side}: only a willing creature of {rider.id}'s side "
            f"({rider.side}) lets itself be mounted"
        )
    if mount.ridden_by is not None or mount.riding is not None:
        taken = mount.ridden_by or mount.riding
        raise IllegalAction(f"{mount.id} is already riding or ridden ({taken})")
    if not together(rider, mount):
        raise IllegalAction(
            f"{mount.id} is not at distance 0 from {rider.id}; mounting needs the same "
            "distance and altitude"
        )


def resolve_mount(tx: Transaction, action: Mount) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action=f"mount {action.target}"))
    tx.emit(Mounted(rider=action.actor, mount=action.target, round=tx.state.turns.round))


def verify_dismount(state: EncounterState, action: Dismount) -> None:
    rider = soldier(state, action.actor)
    require_action(rider)
    if rider.riding is None:
        raise IllegalAction(f"{rider.id} rides nothing; dismount needs a mount")


def resolve_dismount(tx: Transaction, action: Dismount) -> None:
    rider = soldier(tx.state, action.actor)
    assert rider.riding is not None
    tx.emit(ActionSpent(combatant=rider.id, action=f"dismount {rider.riding}"))
    round_ = tx.state.turns.round
    tx.emit(Dismounted(rider=rider.id, mount=rider.riding, round=round_, why="dismounts"))


def _not_ridden(who: Soldier, what: str) -> None:
    if who.ridden_by is not None:
        raise IllegalAction(f"{who.id} carries {who.ridden_by}: it {what} only as its rider steers")


def verify_move(state: EncounterState, action: Move) -> None:
    who = soldier(state, action.actor)
    _not_ridden(who, "moves")
    if who.riding is None:
        movement.verify_move(state, action)
        return
    verify_ride(state, who, action.to, who.altitude)


def resolve_move(tx: Transaction, action: Move) -> None:
    if soldier(tx.state, action.actor).riding is None:
        movement.resolve_move(tx, action)
        return
    ride(tx, action.actor, action.to, soldier(tx.state, action.actor).altitude, action.into_cover)


def verify_fly(state: EncounterState, action: Fly) -> None:
    who = soldier(state, action.actor)
    _not_ridden(who, "flies")
    if who.riding is None:
        flight.verify(state, action)
        return
    if action.altitude is None or action.stop:
        raise IllegalAction(
            f"{who.id} rides {who.riding}: give the mount's `altitude: N`, or `dismount`"
        )
    if not flight.can_fly(soldier(state, who.riding)):
        raise IllegalAction(f"{who.riding} cannot fly: its perks have no `{flight.FLIGHT}`")
    verify_ride(state, who, who.distance, action.altitude)


def resolve_fly(tx: Transaction, action: Fly) -> None:
    who = soldier(tx.state, action.actor)
    if who.riding is None:
        flight.resolve(tx, action)
        return
    assert action.altitude is not None
    ride(tx, who.id, who.distance, action.altitude, True)


def ridden_so_far(state: EncounterState, rider: Soldier) -> int:
    return rider.ridden if rider.ride_round == state.turns.round else 0


def verify_ride(state: EncounterState, rider: Soldier, distance: int, altitude: int) -> None:
    """A mounted step: free, within what the mount has left this turn."""
    assert rider.riding is not None
    if rider.saddled_round == state.turns.round:
        raise IllegalAction(
            f"{rider.id} mounted {rider.riding} this turn; mounting takes the whole turn"
        )
    mount = soldier(state, rider.riding)
    speed, formula = mount_speed(state, rider, mount)
    used = ridden_so_far(state, rider)
    steps = abs(distance - rider.distance) + abs(altitude - rider.altitude)
    if steps == 0:
        raise IllegalAction(f"{rider.id} is already at distance {distance}, altitude {altitude}")
    if used + steps > speed:
        raise IllegalAction(
            f"{mount.id} carries {rider.id} {speed} a turn ({formula}); {used} used, so at most "
            f"{speed - used} more, not {steps}"
        )


def ride(tx: Transaction, rider_id: str, distance: int, altitude: int, into_cover: bool) -> None:
    """The mount carries its rider: the free attacks of the enemies left at distance 0 go at
    the rider, then both arrive."""
    rider = soldier(tx.state, rider_id)
    assert rider.riding is not None
    mount = soldier(tx.state, rider.riding)
    speed, _ = mount_speed(tx.state, rider, mount)
    steps = abs(distance - rider.distance) + abs(altitude - rider.altitude)
    round_, used = tx.state.turns.round, ridden_so_far(tx.state, rider)
    tx.emit(Rode(rider=rider.id, mount=mount.id, round=round_, ridden=used + steps, speed=speed))
    legs = [
        Leg(rider.id, distance, altitude, into_cover),
        Leg(mount.id, distance, altitude, into_cover),
    ]
    travel.go(tx, legs, leaver=rider.id)


def turn_given_up(state: EncounterState, combatant_id: str) -> str | None:
    """Why a ridden creature's turn is skipped: it has given its actions to its rider."""
    who = soldier(state, combatant_id)
    if who.ridden_by is None:
        return None
    return f"{who.id} carries {who.ridden_by} and has given up its actions"


def unseat(tx: Transaction) -> None:
    """After every action: a rider or mount out of the fight ends the riding."""
    for who in tx.state.combatants:
        # the tuple is the one from before any dismount below, and a dismount only clears
        # `riding`: whoever rode nobody then rides nobody now, without a look-up
        if cast(Soldier, who).riding is None:
            continue
        rider = soldier(tx.state, who.id)
        if rider.riding is None:
            continue
        mount = soldier(tx.state, rider.riding)
        down = rider if not rider.is_active else mount if not mount.is_active else None
        if down is not None:
            why = f"{down.id} is {down.status}"
            tx.emit(Dismounted(rider=rider.id, mount=mount.id, round=tx.state.turns.round, why=why))


def seat(people: Sequence[Soldier]) -> tuple[Soldier, ...]:
    """At set-up: each `riding` names a mount of its side at its place, ridden once; the
    mounts learn their riders. Then nobody starts in the air who cannot stay there."""
    by_id = {p.id: index for index, p in enumerate(people)}
    seated = list(people)
    for index, rider in enumerate(people):
        if rider.riding is None:
            continue
        where = f"combatants[{index}].riding"
        at = by_id.get(rider.riding)
        if at is None:
            raise ScenarioError(f"{where}: there is no combatant {rider.riding!r}")
        mount = seated[at]
        why = _unfit(rider, mount)
        if why:
            raise ScenarioError(f"{where}: {why}")
        seated[at] = replace(mount, ridden_by=rider.id)
    for index, who in enumerate(seated):
        if who.altitude and who.riding is None and not flight.can_fly(who):
            raise ScenarioError(
                f"combatants[{index}].position.altitude: {who.id} cannot fly (no "
                f"`{flight.FLIGHT}` perk) and rides no flyer; give altitude 0, the perk, or "
                "`riding`"
            )
        if (
            who.riding is not None
            and who.altitude
            and not flight.can_fly(seated[by_id[who.riding]])
        ):
            raise ScenarioError(
                f"combatants[{index}].position.altitude: {who.riding} cannot fly (no "
                f"`{flight.FLIGHT}` perk), so its rider starts on the ground"
            )
    return tuple(seated)


def _unfit(rider: Soldier, mount: Soldier) -> str | None:
    if mount.id == rider.id:
        return f"{rider.id} cannot ride itself"
    if mount.carry is None:
        return f"{mount.id} cannot be ridden: its sheet gives no `carry`"
    if mount.side != rider.side:
        return f"{mount.id} is on side {mount.side}, {rider.id} on {rider.side}; a mount is willing"
    if mount.ridden_by is not None or mount.riding is not None:
        return f"{mount.id} is already riding or ridden"
    if not together(rider, mount):
        return f"{mount.id} stands elsewhere; a rider starts at its mount's distance and altitude"
    return None


RULES: dict[type[Action], tuple[Verifier, Resolver]] = {
    Move: (verify_move, resolve_move),
    Fly: (verify_fly, resolve_fly),
    Mount: (verify_mount, resolve_mount),
    Dismount: (verify_dismount, resolve_dismount),
}
"""The actions this module answers for (a rider's `move` and `fly` are its mount's)."""
