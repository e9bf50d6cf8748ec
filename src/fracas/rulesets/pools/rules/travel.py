"""Every change of place, through one path (seed 004: "Distance", traps, stealth, flight,
mounts, grappling).

The seed attaches three things to a change of place, each in its own section, and none of
them to one kind of movement only:

- "If someone tries to leave distance 0, they may be freely melee-attacked as a free
  action" (POOLS-22): whoever leaves of its own will (a step, a flight, a drag's holder, a
  rider steering its mount away) draws the free attacks of the enemies it leaves.
- A trap's hiding is "the amount of successes prey needs to spot it": prey entering a
  trap's distance on the ground rolls for it (P30), however it got there.
- Stealth: "no further perception checks may be made unless you do something they can
  reasonably spot, like walking by them" (P26): any hidden body that changes place may be
  spotted.

So `move`, `drag`, `fly`, a rider's steps and a landing fall all come here (`go` for the
deliberate ones, `arrived` for a fall), and nothing that changes a place runs its own copy of
these rules. Readings (docs/rulesets/pools.md P48-P51): the one dragged and the mount under a
rider leave no more willingly than a faller, so they draw no free attacks; a rider is in the
saddle, not on the ground, so the mount is the prey of a trap (`mounted_prey: both` makes
the rider prey too); a GM's `override` of a position places, it does not move (no rules
run); a disarmed weapon thrown onto the line is not prey.

Dice order: the free attacks (per attacker in initiative order: its Strength pool, then the
leaver's); then, per body that moved, its trap rolls (rules/traps.py); then, per hidden body
that moved, the spotting contests (rules/stealth.py).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from fracas.core.transaction import Transaction
from fracas.rulesets.pools.events import FallEnded, FreeAttackTaken, Moved
from fracas.rulesets.pools.rules import stealth, traps
from fracas.rulesets.pools.rules.common import enemies_at_zero, field, options, soldier
from fracas.rulesets.pools.rules.grappling import is_pinned
from fracas.rulesets.pools.rules.hands import usable_melee
from fracas.rulesets.pools.rules.melee import strike
from fracas.rulesets.pools.soldier import Soldier


@dataclass(frozen=True, slots=True)
class Leg:
    """One body going to one place; `into_cover`: it takes the cover there (POOLS-16)."""

    who: str
    distance: int
    altitude: int
    into_cover: bool = True


def free_attackers(tx: Transaction, leaver: Soldier) -> list[Soldier]:
    """The enemies at distance 0 that strike at `leaver` as it goes (P9, P49): standing,
    knowing where it is, not pinned ("may do nothing but try to break free"), and not hidden
    from it (a blow from hiding is an ambush, which needs its own check: POOLS-30)."""
    state = tx.state
    found = [
        c
        for c in enemies_at_zero(state, leaver)
        if stealth.knows_where(c, leaver) and leaver.id not in c.hidden_from and not is_pinned(c)
    ]
    if options(state).free_attack == "per_round":
        found = [c for c in found if c.free_attack_round != state.turns.round]
    return found


def leave(tx: Transaction, leaver_id: str, party: Collection[str] = ()) -> bool:
    """Every free attack on `leaver_id` leaving distance 0, except from those going with it
    (`party`: the one it drags); False when a blow put it out of the fight."""
    for enemy in free_attackers(tx, soldier(tx.state, leaver_id)):
        attacker = soldier(tx.state, enemy.id)
        if attacker.id in party or not attacker.is_active:
            continue
        weapon = usable_melee(tx.state, attacker)
        tx.emit(FreeAttackTaken(attacker=enemy.id, leaver=leaver_id, round=tx.state.turns.round))
        strike(tx, enemy.id, leaver_id, weapon.id, "free attack")
        stealth.after_attack(tx, enemy.id, weapon)
        if not soldier(tx.state, leaver_id).is_active:
            return False
    return True


def go(tx: Transaction, legs: Sequence[Leg], *, leaver: str | None) -> bool:
    """Move every body of `legs` after the free attacks on `leaver` (None: nobody leaves of
    its own will), then run what arriving sets off. False when a blow stopped the leaver."""
    if leaver is not None and not leave(tx, leaver, {leg.who for leg in legs}):
        return False
    came_from: list[tuple[str, int]] = []
    for leg in legs:
        body = soldier(tx.state, leg.who)
        came_from.append((leg.who, body.distance))
        if body.fall_speed is not None:
            tx.emit(FallEnded(target=leg.who, why="flies again"))
        covered = leg.altitude == 0 and field(tx.state).cover_at(leg.distance) is not None
        tx.emit(
            Moved(
                target=leg.who,
                distance=leg.distance,
                altitude=leg.altitude,
                in_cover=covered and leg.into_cover,
            )
        )
    arrived(tx, came_from)
    return True


def arrived(tx: Transaction, moved: Sequence[tuple[str, int]]) -> None:
    """After bodies changed place (each with the distance it came from): the traps where
    they stand, then the chance of being spotted."""
    for who, _ in moved:
        if _treads(tx, soldier(tx.state, who)):
            traps.after_move(tx, who)
    for who, came_from in moved:
        stealth.after_move(tx, who, came_from=came_from)


def _treads(tx: Transaction, body: Soldier) -> bool:
    """Whether `body` stands on the ground itself: a rider sits on its mount (P50)."""
    return body.riding is None or options(tx.state).mounted_prey == "both"
