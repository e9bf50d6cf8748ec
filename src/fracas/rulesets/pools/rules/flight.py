"""Flight, altitude and falling (seed 004, "Some characters can fly").

"Some characters can fly for one reason or another. When they start flying, their positions
are determined through "altitude" units." "Everyone is at altitude 0 by default, and this does
not change unless they can get off the ground somehow. You need to occupy the same distance
and altitude in order to attack someone in melee." "When falling, you fall 1 altitude at
first, increasing by 1 with every subsequent turn of falling. Once you hit the ground —
reaching altitude 0 — you take [speed] × 3 damage."

Readings (docs/rulesets/pools.md P40, P41, P11):
- Who flies: a combatant with the `flight` perk (the seed's "one reason or another" is a
  perk or a body the sheet names; the perk list is missing, P20). A rider goes up only on a
  flying mount (rules/riding.py).
- `fly` is the turn's action, like a step along the line: 1 altitude up or down
  (`flight_step: speed`: up to the flyer's speed). Going down to 0 is a safe landing, into the
  cover there as a mover would. Flying up or down leaves distance 0, so the enemies there take
  their free attacks first (POOLS-22); a fall does not (nobody chooses it).
- A fall begins when someone in the air cannot stay up: a flyer knocked out (0 HP or dead),
  anyone without flight left aloft (a rider thrown or dismounting in the air, a GM's move),
  or a flyer that chooses `fly: {stop: true}` (its action). A conscious flyer may `fly` again
  while falling, which ends the fall where it is.
- The fall is counted in the faller's own turns: at the start of each, it drops its falling
  speed, 1 the first time and 1 more each later time (altitude 3: turn 1 to 2, turn 2 to 0,
  checklist example 9). Nothing goes below altitude 0. Landing deals [speed] × 3, where
  [speed] is the falling speed of the landing turn (`fall_speed_mode: creature`: the faller's
  own `speed`); it is not an attack, so armor does not stop it and a speed of 0 deals 0.
"""

from __future__ import annotations

from typing import cast

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.actions import Fly
from fracas.rulesets.pools.events import ActionSpent, FallBegan, FallEnded, Fell
from fracas.rulesets.pools.rules import travel
from fracas.rulesets.pools.rules.common import options, require_action, soldier
from fracas.rulesets.pools.rules.harm import deal
from fracas.rulesets.pools.rules.travel import Leg
from fracas.rulesets.pools.sheet import ALTITUDE_MAX
from fracas.rulesets.pools.soldier import Soldier

FLIGHT = "flight"
"""The perk that lets a combatant fly."""


def can_fly(who: Soldier) -> bool:
    return FLIGHT in who.perks


def flight_step(state: EncounterState, flyer: Soldier) -> int:
    """Altitudes one `fly` may cover (P40)."""
    return max(1, flyer.speed) if options(state).flight_step == "speed" else 1


def check_altitude(state: EncounterState, flyer: Soldier, altitude: int, step: int) -> None:
    """Refuse an altitude that is where `flyer` already is, or more than `step` away."""
    if altitude == flyer.altitude:
        raise IllegalAction(f"{flyer.id} is already at altitude {altitude}")
    if abs(altitude - flyer.altitude) > step:
        low, high = max(0, flyer.altitude - step), min(ALTITUDE_MAX, flyer.altitude + step)
        raise IllegalAction(
            f"{flyer.id} flies {step} altitude a turn: to {low}-{high}, not {altitude}"
        )


def verify(state: EncounterState, action: Fly) -> None:
    flyer = soldier(state, action.actor)
    require_action(flyer)
    if not can_fly(flyer):
        raise IllegalAction(
            f"{flyer.id} cannot fly: its perks have no `{FLIGHT}` (a rider flies only on a "
            "flying mount)"
        )
    if action.stop == (action.altitude is not None):
        raise IllegalAction("fly takes either `altitude: N` (1 up or down) or `stop: true`")
    if action.stop:
        if flyer.altitude == 0:
            raise IllegalAction(f"{flyer.id} is on the ground; there is no flight to stop")
        if flyer.fall_speed is not None:
            raise IllegalAction(f"{flyer.id} is already falling")
        return
    assert action.altitude is not None
    check_altitude(state, flyer, action.altitude, flight_step(state, flyer))


def resolve(tx: Transaction, action: Fly) -> None:
    flyer = soldier(tx.state, action.actor)
    if action.stop:
        tx.emit(ActionSpent(combatant=flyer.id, action="stop flying"))
        tx.emit(FallBegan(target=flyer.id, why="stops flying"))
        return
    assert action.altitude is not None
    tx.emit(ActionSpent(combatant=flyer.id, action=f"fly to altitude {action.altitude}"))
    travel.go(tx, [Leg(flyer.id, flyer.distance, action.altitude)], leaver=flyer.id)


def held_up(state: EncounterState, who: Soldier) -> bool:
    """Whether someone off the ground stays there: a conscious flyer that has not stopped, or
    a rider on its mount (the mount's own flight holds both)."""
    if who.riding is not None:
        return True
    return who.is_active and can_fly(who) and who.fall_speed is None


def start_falls(tx: Transaction) -> None:
    """After every action: whoever is aloft and can no longer stay up begins to fall."""
    for who in tx.state.combatants:
        # the tuple is the one from before any fall below, and a fall beginning changes no
        # altitude: whoever stood on the ground then stands on it now, without a look-up
        if cast(Soldier, who).altitude == 0:
            continue
        faller = soldier(tx.state, who.id)
        if faller.altitude == 0 or faller.fall_speed is not None or held_up(tx.state, faller):
            continue
        why = f"{faller.status} in the air" if not faller.is_active else "cannot fly"
        tx.emit(FallBegan(target=faller.id, why=why))


def on_turn_start(tx: Transaction, combatant_id: str) -> None:
    """A faller's turn: it drops its falling speed, and lands for [speed] x 3."""
    faller = soldier(tx.state, combatant_id)
    if faller.fall_speed is None:
        return
    speed = faller.fall_speed + 1
    altitude = max(0, faller.altitude - speed)
    tx.emit(Fell(target=faller.id, speed=speed, altitude=altitude))
    if altitude:
        travel.arrived(tx, [(faller.id, faller.distance)])
        return
    tx.emit(FallEnded(target=faller.id, why="hits the ground"))
    if options(tx.state).fall_speed_mode == "falling":
        impact, named = speed, "falling speed"
    else:
        impact, named = faller.speed, "speed"
    deal(tx, faller.id, "the fall", impact * 3, f"{named} {impact} x 3 = {impact * 3}")
    travel.arrived(tx, [(faller.id, faller.distance)])  # a trap where it lands (P51)
