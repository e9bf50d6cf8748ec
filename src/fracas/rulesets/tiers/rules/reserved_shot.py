"""A reserved shot that cuts into a move (seed 001, "Tactical Actions", B61).

"All actions are generally “first in / first out”, but this interruption is considered
preemptive in nature. The act of reserving an action grants priority to respond to other's
actions with a non-contested action. They may even use this action at odd timings where it
makes sense. Such as: “I fire my crossbow on them when they get in range”, may mean you fire
when they are in the middle of their movement action before they reach their destination
tile."

Whether and where to shoot is the shooter's choice, yet it lands inside the mover's action,
so it rides on that `move` as `shot: {by, weapon, at}`, the way a block (rules/blocking.py)
does. The shooter must hold a reservation (rules/reserve.py) and the shot must be one a
reservation may hold: a sure shot, non-contested (a loaded crossbow within the crossbow skill
in tiles, a loaded firearm within `sure`). It lands on the first tile of the mover's path,
past the tile it starts from, where that shot is legal from the shooter's place (range,
lines of fire, cover, sight, all judged with the mover standing there), or on `at` if the
shooter names a later tile. The mover walks there, is shot, and walks on unless the shot
leaves it unable to (then its move ends on that tile). A move carries one interruption: a
block or a shot, not both, and a Blind move has no path to shoot into.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Attack, Move, Shot
from fracas.rulesets.tiers.events import RESERVED, Moved, ReservationUsed
from fracas.rulesets.tiers.rules import exchange
from fracas.rulesets.tiers.rules.common import fighter
from fracas.rulesets.tiers.warrior import Tile, Warrior


def refuse_blind(action: Move) -> None:
    if action.shot is not None:
        raise IllegalAction(
            "a Blind move goes by distance and direction, with no path to shoot into; shoot "
            "once it has moved"
        )


def _attack(shot: Shot, mover: Warrior) -> Attack:
    return Attack(actor=shot.by, target=mover.id, weapon=shot.weapon)


def _landing(state: EncounterState, mover: Warrior, path: list[Tile], shot: Shot) -> int:
    """The index on `path` where the shot lands, after every check it must pass."""
    shooter = fighter(state, shot.by)
    if shooter.id == mover.id:
        raise IllegalAction(f"{mover.id} cannot shoot at its own move")
    if not shooter.has(RESERVED):
        raise IllegalAction(
            f"{shooter.id} holds no reserved action; only a sure shot held with reserve cuts "
            "into another's move"
        )
    weapon = shooter.weapon(shot.weapon or shooter.main or "")
    if weapon is None or not weapon.reloads:
        raise IllegalAction(
            f"{shooter.id} names no crossbow or firearm to shoot with (weapon: "
            f"{shot.weapon or shooter.main or 'bare hands'}); only a sure shot is a "
            "non-contested action a reservation holds"
        )
    steps = path[1:]
    if shot.at is not None and shot.at not in steps:
        tiles = ", ".join(str(t) for t in steps)
        raise IllegalAction(
            f"{shot.at} is not on {mover.id}'s path past its start (its path: {tiles})"
        )
    tried = [path.index(shot.at)] if shot.at is not None else range(1, len(path))
    ready = ReservationUsed(combatant=shooter.id).apply(state)
    error = IllegalAction("no tile")
    for index in tried:
        there = Moved(target=mover.id, path=tuple(path[: index + 1])).apply(ready)
        try:
            exchange.verify(there, _attack(shot, mover))
        except IllegalAction as why:
            error = why
            continue
        return index  # on a reservation only a sure (non-contested) shot passes
    where = f"on {shot.at}" if shot.at is not None else f"on any tile of its path to {path[-1]}"
    raise IllegalAction(
        f"{shooter.id} has no sure shot with {weapon.id} at {mover.id} {where} (a loaded "
        f"crossbow within the crossbow skill, a firearm within `sure`): {error}"
    )


def verify(state: EncounterState, mover: Warrior, path: list[Tile], action: Move) -> None:
    if action.block is not None:
        raise IllegalAction("a move takes one interruption: a block or a reserved shot, not both")
    assert action.shot is not None
    _landing(state, mover, path, action.shot)


def resolve(tx: Transaction, mover: Warrior, path: list[Tile], shot: Shot) -> list[Tile]:
    """Walk the mover to the shot's tile, fire, and return the path it still walks from
    there (only that tile when the shot has felled it)."""
    index = _landing(tx.state, mover, path, shot)
    tx.emit(Moved(target=mover.id, path=tuple(path[: index + 1])))
    tx.emit(ReservationUsed(combatant=shot.by))
    exchange.resolve(tx, _attack(shot, mover))
    if not fighter(tx.state, mover.id).is_active:
        return path[index : index + 1]
    return path[index:]
