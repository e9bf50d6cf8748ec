"""Moving and facing (seed 001, "Cover & Terrain", "Being Attacked & Shields", "Turns &
Actions").

"No character may move through occupied squares (& terrain)." "Each character may only move
the distance associated with their race each time they declare move action." Moving is a
non-contested action. A square holding only fallen characters may be entered and crossed.
"At the end of each character's turn, the player may declare the direction their character
faces. Or they may choose to maintain facing an opponent ... This is not a action."
"""

from __future__ import annotations

from heapq import heappop, heappush

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Face, Move
from fracas.rulesets.tiers.events import ActionSpent, Faced, Moved
from fracas.rulesets.tiers.rules import blindness, blocking, falling, overweight, reserved_shot
from fracas.rulesets.tiers.rules.common import (
    STEP,
    body,
    direction,
    facing_of,
    fighter,
    grid,
    require_action,
    standing,
)
from fracas.rulesets.tiers.warrior import Tile, Warrior


def body_walks(state: EncounterState, actor: Warrior) -> dict[Tile, tuple[Tile, ...]]:
    """Where a large creature's front-left tile can go within its move, each with the walk
    there (its start included): the body moves as one, each step one square in any of the 8
    directions, every tile of it stepping as a character would (no wall, terrain or diagonal
    squeeze) onto a tile nobody else stands on. A step costs 1, or under `diagonal:
    alternate` (B39) every second diagonal 2, so the search keeps the parity of the
    diagonals taken as the map's own search does; with equal costs it is a breadth-first
    search in the order of `STEP`. Kept per state, like the map's own searches."""

    def compute() -> dict[Tile, tuple[Tile, ...]]:
        board, taken = grid(state), standing(state)
        alternate = board.diagonal == "alternate"
        start = (actor.tile, 0)
        best: dict[tuple[Tile, int], tuple[int, tuple[Tile, int] | None]] = {start: (0, None)}
        queue: list[tuple[int, int, tuple[Tile, int]]] = [(0, 0, start)]
        pushed = 0
        while queue:
            spent, _, (here, odd) = heappop(queue)
            if best[(here, odd)][0] < spent:
                continue
            tiles = body(actor, here)
            for dx, dy in STEP.values():
                slant = dx != 0 and dy != 0
                cost = spent + (2 if alternate and slant and odd else 1)
                key = ((here[0] + dx, here[1] + dy), (odd + slant) % 2 if alternate else 0)
                if cost > actor.race.move or best.get(key, (cost + 1, None))[0] <= cost:
                    continue
                if all(
                    (t[0] + dx, t[1] + dy) in board.neighbours(t)
                    and taken.get((t[0] + dx, t[1] + dy), actor.id) == actor.id
                    for t in tiles
                ):
                    best[key] = (cost, (here, odd))
                    pushed += 1
                    heappush(queue, (cost, pushed, key))
        walks: dict[Tile, tuple[Tile, ...]] = {}
        for key in sorted(best, key=lambda k: best[k][0]):
            if key[0] not in walks:
                walks[key[0]] = _walk_to(best, key)
        return walks

    return state.derived(f"tiers.body_walks.{actor.id}", compute)


def _walk_to(
    best: dict[tuple[Tile, int], tuple[int, tuple[Tile, int] | None]], key: tuple[Tile, int]
) -> tuple[Tile, ...]:
    """The tiles of the walk the search found to `key`, from the start."""
    walk: list[Tile] = []
    step: tuple[Tile, int] | None = key
    while step is not None:
        walk.append(step[0])
        step = best[step][1]
    return tuple(walk[::-1])


def _body_path(state: EncounterState, actor: Warrior, to: Tile) -> list[Tile]:
    """A large creature's walk to put its front-left tile on `to` (B21)."""
    walks = body_walks(state, actor)
    if to == actor.tile:
        raise IllegalAction(f"{actor.id} is already on {to}")
    if to not in walks:
        raise IllegalAction(
            f"{actor.id}'s {actor.width}x{actor.length} body cannot be brought to {to} within "
            f"its move of {actor.race.move} tiles: every tile of it must stay on the map, off "
            "walls and terrain, and off squares others stand on"
        )
    return list(walks[to])


def walk_path(state: EncounterState, actor: Warrior, to: Tile) -> list[Tile]:
    """A sighted walk to `to` within the race's move, around walls, terrain and everyone
    standing; refused with the reason otherwise. A dodge walks it too (rules/dodging.py). A
    large creature moves as a body (`_body_path`), `to` naming its front-left tile."""
    if actor.large:
        return _body_path(state, actor, to)
    board = grid(state)
    if not board.inside(to):
        raise IllegalAction(
            f"{to} is off the {board.width}x{board.height} map (x 0-{board.width - 1}, "
            f"y 0-{board.height - 1})"
        )
    if to in board.walls:
        raise IllegalAction(f"{to} is a wall or terrain; no character may move onto it")
    if to == actor.tile:
        raise IllegalAction(f"{actor.id} is already on {to}")
    taken = standing(state)
    if to in taken:
        raise IllegalAction(f"{to} is taken by {taken[to]}; one living character a square")
    overweight.require_mobile(state, actor)
    blocked = frozenset(tile for tile in taken if tile != actor.tile)
    path = board.path_to(actor.tile, to, actor.race.move, blocked)
    if path is None:
        raise IllegalAction(
            f"{to} is not within {actor.id}'s move of {actor.race.move} tiles without passing "
            "through an occupied square, a wall or terrain"
        )
    return path


def verify_move(state: EncounterState, action: Move) -> None:
    actor = fighter(state, action.actor)
    require_action(actor, contested=False)
    falling.require_ground(actor)
    overweight.require_mobile(state, actor)
    if blindness.groping(state, actor, action):
        if action.block is not None:
            raise IllegalAction(
                "a Blind move goes by distance and direction, with no path to block; its "
                "crossings are bumps (TIERS-23)"
            )
        if action.bump:
            raise IllegalAction(
                f"{actor.id} moves Blind: every line its move crosses is a bump already; "
                "`bump` is the sighted mover's choice (B53)"
            )
        reserved_shot.refuse_blind(action)
        blindness.verify_blind_move(state, actor, action)
        return
    assert action.to is not None
    path = walk_path(state, actor, action.to)
    if action.block is not None:
        if actor.large:
            raise IllegalAction(
                f"{actor.id} is a large creature: a block stops a one-tile mover next to the "
                "blocker, and the seed says nothing of where a body stops (B55); move it "
                "without `block`"
            )
        blocking.verify(state, actor, path, action.block)
    if action.shot is not None:
        reserved_shot.verify(state, actor, path, action)
    blindness.verify_chosen_bumps(state, actor, path, action.bump)


def resolve_move(tx: Transaction, action: Move) -> None:
    actor = fighter(tx.state, action.actor)
    if blindness.groping(tx.state, actor, action):
        blindness.resolve_blind_move(tx, actor, action)
        return
    assert action.to is not None
    path = walk_path(tx.state, actor, action.to)
    tx.emit(ActionSpent(combatant=actor.id, action="move", contested=False))
    if action.block is not None:
        path = blocking.resolve(tx, actor, path, action.block)
    walk = path
    if action.shot is not None:  # the mover walks to the shot's tile, is shot, walks on
        path = reserved_shot.resolve(tx, actor, path, action.shot)
    if len(path) > 1:
        tx.emit(Moved(target=actor.id, path=tuple(path)))
    if fighter(tx.state, actor.id).is_active:  # the crossings of the way it walked (B53)
        blindness.resolve_chosen_bumps(tx, actor, walk[: walk.index(path[-1]) + 1], action.bump)


def verify_face(state: EncounterState, action: Face) -> None:
    if (action.facing is None) == (action.target is None):
        raise IllegalAction(
            "face takes either a facing (n, ne, e, se, s, sw, w, nw) or a target to keep in "
            "front, not both or neither"
        )
    turner = fighter(state, action.actor)
    if turner.large:
        _verify_body_turn(state, turner, action)
    if action.target is not None:
        actor = fighter(state, action.actor)
        other = fighter(state, action.target)
        if other.id == actor.id:
            raise IllegalAction(f"{actor.id} cannot face itself")
        blindness.check_face(state, actor, other)


def _verify_body_turn(state: EncounterState, actor: Warrior, action: Face) -> None:
    """A large body faces n, e, s or w and turns about its front-left tile, so the tiles it
    turns onto must be free as for a move (B21). Keeping a foe in front would turn it on every
    step, through diagonals its body cannot take: not allowed."""
    if action.target is not None or action.facing not in ("n", "e", "s", "w"):
        raise IllegalAction(
            f"{actor.id}'s {actor.width}x{actor.length} body faces n, e, s or w; it cannot "
            "face a diagonal nor keep a target in front"
        )
    board, taken = grid(state), standing(state)
    for tile in sorted(body(actor, facing=action.facing)):
        if not board.walkable(tile) or taken.get(tile, actor.id) != actor.id:
            raise IllegalAction(
                f"{actor.id} cannot turn {action.facing}: its body would take {tile}, which is "
                "off the map, a wall, terrain or someone else's square"
            )


def resolve_face(tx: Transaction, action: Face) -> None:
    if action.facing is not None:
        tx.emit(Faced(combatant=action.actor, facing=action.facing))
        return
    assert action.target is not None
    actor, other = fighter(tx.state, action.actor), fighter(tx.state, action.target)
    toward = direction(actor.tile, other.tile) if other.tile != actor.tile else actor.facing
    tx.emit(Faced(combatant=actor.id, facing=toward, on=other.id))


def keep_facings(tx: Transaction, movers: set[str]) -> None:
    """A facing kept on someone turns as either of them moves (B5), logged as `faced`, so
    the state always holds the facing in force."""
    for who in tx.state.combatants:
        keeper = fighter(tx.state, who.id)
        if keeper.facing_on is None or not (movers & {keeper.id, keeper.facing_on}):
            continue
        now = facing_of(tx.state, keeper)
        if now != keeper.facing:
            tx.emit(Faced(combatant=keeper.id, facing=now, on=keeper.facing_on))
