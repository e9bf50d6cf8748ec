"""Climbing and falling (seed 001, "Climbing and Falling").

"Climbing terrain should be allowed when it makes sense ... It would make sense to require a
“non-contested action” as a “move action” to climb terrain in most situations where that
action is allowed. Additional move actions may be used to climb higher." "Falling 5 feet (1
vertical tile) will deal 0 damage. Falling 10 feet will deal 1 damage. For each consecutive 5
feet, double that damage. This damage ignores armor and shields." The table stops at 8 tiles
(64); past it the doubling goes on (B15).

Height is the combatant's `z`, in tiles above the ground (B37). `climb` is a non-contested
move action that goes `climb_per_action` tiles up, or down, a wall or terrain tile beside the
climber; whether that wall can really be climbed is the GM's call at the table ("when it makes
sense"), which fracas leaves to the scenario. Off the ground a character walks nowhere: it
climbs down, or lets go with `jump` (also a move action: "jump out of a window 15 feet above
the ground for a quick escape") and falls its whole height by the table. Reach, lines of fire
and sight stay on the map's plane: height changes only where one may walk and the fall.

A fall the GM rules from elsewhere (a push, a collapsing floor) is `fall`, with the tiles
fallen; it leaves `z` alone.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.grid import NEIGHBOURS
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Climb, Fall, Jump
from fracas.rulesets.tiers.events import ActionSpent, Climbed
from fracas.rulesets.tiers.rules import overweight
from fracas.rulesets.tiers.rules.common import fighter, grid, options, require_action
from fracas.rulesets.tiers.rules.harm import deal
from fracas.rulesets.tiers.warrior import Warrior


def fall_damage(tiles: int) -> int:
    """0 for one tile, then 1, doubling with each tile: 2 ** (tiles - 2)."""
    return 0 if tiles < 2 else 2 ** (tiles - 2)


def _fall(tx: Transaction, who: str, tiles: int, source: str) -> None:
    formula = f"a fall of {tiles} tiles ({5 * tiles} feet), armor and shields ignored"
    deal(tx, who, source, fall_damage(tiles), formula)


def verify_fall(state: EncounterState, action: Fall) -> None:
    target = fighter(state, action.target)
    if target.status == "dead":
        raise IllegalAction(f"{target.id} is dead")


def resolve_fall(tx: Transaction, action: Fall) -> None:
    _fall(tx, action.target, action.tiles, "a fall")


def require_ground(actor: Warrior) -> None:
    """Walking (and stepping into a mover's path) starts from the ground."""
    if actor.z > 0:
        raise IllegalAction(
            f"{actor.id} is {actor.z} tiles up; it climbs down (climb, direction: down) or "
            "lets go (jump) before it walks"
        )


def verify_climb(state: EncounterState, action: Climb) -> None:
    actor = fighter(state, action.actor)
    require_action(actor, contested=False)
    overweight.require_mobile(state, actor)
    if actor.large:
        raise IllegalAction(
            f"{actor.id} is a large creature ({actor.width}x{actor.length}): whether a body "
            "that size can climb is the GM's call, which fracas does not model (B55); "
            "`climb` is for one-tile characters"
        )
    if action.direction == "down":
        if actor.z == 0:
            raise IllegalAction(f"{actor.id} is on the ground already")
        return
    walls = grid(state).walls
    x, y = actor.tile
    if not any((x + dx, y + dy) in walls for dx, dy in NEIGHBOURS):
        raise IllegalAction(
            f"{actor.id} at {actor.tile} has no wall or terrain beside it to climb; it must "
            "stand next to one"
        )


def resolve_climb(tx: Transaction, action: Climb) -> None:
    actor = fighter(tx.state, action.actor)
    step = options(tx.state).climb_per_action
    z = actor.z + step if action.direction == "up" else max(0, actor.z - step)
    tx.emit(ActionSpent(combatant=actor.id, action=f"climb {action.direction}", contested=False))
    tx.emit(Climbed(combatant=actor.id, z=z))


def verify_jump(state: EncounterState, action: Jump) -> None:
    actor = fighter(state, action.actor)
    require_action(actor, contested=False)
    if actor.z == 0:
        raise IllegalAction(f"{actor.id} is on the ground; there is nothing to jump down from")


def resolve_jump(tx: Transaction, action: Jump) -> None:
    actor = fighter(tx.state, action.actor)
    tx.emit(ActionSpent(combatant=actor.id, action="jump down", contested=False))
    tx.emit(Climbed(combatant=actor.id, z=0, jumped=True))
    _fall(tx, actor.id, actor.z, "the jump")
