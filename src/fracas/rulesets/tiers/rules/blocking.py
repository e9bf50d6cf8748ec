"""Blocking a mover (seed 001, "Tactical Actions").

"You can block a moving creature this way. If you do, they move up to the tile next to your
new position and lose part of their movement distance from that action. They still get to
move at least 1 tile before they can be blocked while using a move action." "If the enemy
moves in a path that would be inside the move range of your hero, your hero may move to any
tile that blocks their path. The enemy cannot go through your hero, they may not change
directions after they are intercepted, & lose any remaining tiles of movement for that
action."

Whether to block is the blocker's choice, yet it interrupts the mover's action under way, so
it is written on that `move` as `block: {by, at}`, the way the defender's choice rides on the
attack (`defend_with`). `at` is a tile of the mover's path past its first step; the blocker
reaches it within its own race's move, around everyone standing where they stood (the mover
too: the block is "preemptive in nature", so the blocker goes first). The mover then walks
its path up to the tile before `at`, in the same direction, and its action ends there.

What the block spends (B16, option `block_with`): "a reserved or unused non-contested
action". A reservation (rules/reserve.py) is used up; failing one, and by default, a blocker
whose own turn is still to come this round spends one of that turn's actions ahead
(`SpentAhead`: the turn starts with it spent). `block_with: reserved` allows only the
reservation. A Blind blocker cannot see the path it would cut, so it does not block.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Block
from fracas.rulesets.tiers.events import RESERVED, ActionSpent, Moved, ReservationUsed, SpentAhead
from fracas.rulesets.tiers.rules import falling, light, overweight
from fracas.rulesets.tiers.rules.common import fighter, grid, options, standing
from fracas.rulesets.tiers.warrior import ACTIONS_PER_TURN, Tile, Warrior

FREE_STEPS = 1
"""Tiles a mover always walks before it can be blocked: "at least 1 tile"."""


def _check_unused(state: EncounterState, blocker: Warrior) -> None:
    """Without a reservation, a block takes one of the blocker's actions from a turn still
    to come this round, as far as `block_with` allows and that turn keeps one for itself."""
    if options(state).block_with == "reserved":
        raise IllegalAction(
            f"{blocker.id} holds no reserved action; with block_with: reserved only a "
            "non-contested action held with reserve may block"
        )
    turns = state.rounds
    coming = turns.this_round[turns.index + 1 :]
    if blocker.id not in coming:
        raise IllegalAction(
            f"{blocker.id} holds no reserved action and its turn this round is not still to "
            "come; a block needs a reserved or an unused non-contested action"
        )
    if blocker.spent_ahead >= ACTIONS_PER_TURN - 1:
        raise IllegalAction(
            f"{blocker.id} has already spent its coming turn's non-contested action on a block"
        )


def _blocker_path(
    state: EncounterState, mover: Warrior, path: list[Tile], block: Block
) -> list[Tile]:
    """The blocker's walk to `at`, after every check a block must pass."""
    blocker = fighter(state, block.by)
    if blocker.id == mover.id:
        raise IllegalAction(f"{mover.id} cannot block its own move")
    if not blocker.is_active:
        raise IllegalAction(f"{blocker.id} is {blocker.status} and cannot block")
    if light.blind(state, blocker):
        raise IllegalAction(f"{blocker.id} is Blind and cannot see a path to block")
    falling.require_ground(blocker)
    overweight.require_mobile(state, blocker)
    if not blocker.has(RESERVED):
        _check_unused(state, blocker)
    blockable = path[FREE_STEPS + 1 :]
    if block.at not in blockable:
        tiles = ", ".join(str(t) for t in blockable) or "none"
        raise IllegalAction(
            f"{block.at} is not on {mover.id}'s path beyond its first tile; a mover walks at "
            f"least 1 tile before a block (tiles that may be blocked: {tiles})"
        )
    taken = standing(state)
    around = frozenset(tile for tile in taken if tile != blocker.tile)
    walk = grid(state).path_to(blocker.tile, block.at, blocker.race.move, around)
    if walk is None:
        raise IllegalAction(
            f"{block.at} is not within {blocker.id}'s move of {blocker.race.move} tiles from "
            f"{blocker.tile}"
        )
    return walk


def verify(state: EncounterState, mover: Warrior, path: list[Tile], block: Block) -> None:
    _blocker_path(state, mover, path, block)


def resolve(tx: Transaction, mover: Warrior, path: list[Tile], block: Block) -> list[Tile]:
    """Spend the blocker's action, move it, and return the part of the path the mover still
    walks (up to the tile before the blocker)."""
    walk = _blocker_path(tx.state, mover, path, block)
    what = f"block {mover.id}"
    if fighter(tx.state, block.by).has(RESERVED):
        tx.emit(ReservationUsed(combatant=block.by))
        tx.emit(ActionSpent(combatant=block.by, action=what, contested=False))
    else:
        tx.emit(SpentAhead(combatant=block.by, action=what))
    tx.emit(Moved(target=block.by, path=tuple(walk)))
    return path[: path.index(block.at)]
