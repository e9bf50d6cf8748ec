"""How good a strike or a tile looks to a plain player, for the tactics.

Autoplay asks this on every turn of thousands of fights, so it stays rough and cheap: the
hit chance ignores advantage, crits and help; a tile is judged by geometry (range, walls,
cover, who stands in the way) instead of verifying a move and a shot for each tile. The
ruleset's `verify` still checks whatever the tactics finally choose.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from heapq import heappop, heappush
from types import MappingProxyType
from typing import Final

from fracas.core.distribution import compare
from fracas.core.grid import numbered
from fracas.core.grid_layers import walked_in_layers
from fracas.core.notation import with_modifier
from fracas.core.state import EncounterState
from fracas.rulesets.nwo.catalog import Weapon
from fracas.rulesets.nwo.grid import NEIGHBOURS, Grid, Tile
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules.attack import (
    COVER_BONUS,
    MOVE_PENALTY,
    defending_weapon,
    melee_modifier,
)
from fracas.rulesets.nwo.rules.common import PRONE, grid, half

PANEL = "2d6"


@cache
def beats(margin: int) -> float:
    """The chance that 2d6 + `margin` beats another 2d6 (a tie is a parry: no hit)."""
    return float(compare(with_modifier(PANEL, margin), PANEL)[0])


def open_chance(
    state: EncounterState, who: Operative, foe: Operative, weapon: Weapon, moved: bool
) -> float:
    """The hit chance with nothing in the way (no cover, in reach): an upper bound on
    `hit_chance` that costs no line of fire, so hopeless candidates are dropped early."""
    if not weapon.is_ranged:
        guard = state.derived(
            ("guard", foe.id), lambda: melee_modifier(state, foe, defending_weapon(foe))
        )
        swing = state.derived(
            ("swing", who.id, weapon.id), lambda: melee_modifier(state, who, weapon)
        )
        return beats(swing - guard)
    return beats(half(state, who.aiming) - (MOVE_PENALTY if moved else 0))


def hit_chance(
    state: EncounterState,
    who: Operative,
    tile: Tile,
    foe: Operative,
    weapon: Weapon,
    *,
    moved: bool,
    engaged: bool,
    occupied: frozenset[Tile] = frozenset(),
    shields: frozenset[Tile] = frozenset(),
) -> float:
    """Roughly how likely a strike from `tile` hits `foe`, or 0.0 when it cannot be made
    (out of reach or range, a wall in the way, an empty magazine, a two-handed gun while
    engaged) or should not be: a shot stops in a helpless body on its line and may hit a
    friend there, so `shields` (those tiles) rule a shot out. Anyone else standing on the
    line counts as cover."""
    board = grid(state)
    gap = board.distance(tile, foe.tile)
    if not weapon.is_ranged:
        return open_chance(state, who, foe, weapon, moved) if gap <= weapon.reach else 0.0
    if (weapon.range is not None and gap > weapon.range) or (engaged and weapon.hands == 2):
        return 0.0
    rounds = who.rounds(weapon.id)
    if rounds is not None and rounds <= 0:
        return 0.0
    verdict = _line_of_fire(board, tile, foe.tile, occupied, shields)
    if verdict == _RULED_OUT:
        return 0.0
    screened = weapon.effect != "flame_area" and verdict == _SCREENED
    modifier = half(state, who.aiming) - (MOVE_PENALTY if moved else 0)
    return beats(modifier - (COVER_BONUS if screened else 0))


_RULED_OUT: Final = "ruled out"
_CLEAR: Final = "clear"
_SCREENED: Final = "screened"
"""What a line of fire between two tiles is, given the walls and who stands where."""


@lru_cache(maxsize=1 << 16)
def _line_of_fire(
    board: Grid, tile: Tile, target: Tile, occupied: frozenset[Tile], shields: frozenset[Tile]
) -> str:
    """Whether a shot from `tile` at `target` is ruled out (a wall, or a helpless body or a
    friend on the line), screened (cover next to the target, or anyone else on the line) or
    clear. It reads the map and these tiles only, and the same pairs come back on every turn
    of every trial of a fork, so the answer is kept across states (the tactics ask it for
    every tile and foe they weigh)."""
    if _between(tile, target, board.walls) and board.sight_blocked(tile, target):
        return _RULED_OUT
    in_the_way = _between(tile, target, occupied | shields)
    on_line = board.line(tile, target) if in_the_way else ()
    if not shields.isdisjoint(on_line):
        return _RULED_OUT
    if not occupied.isdisjoint(on_line) or _screened(board, tile, target):
        return _SCREENED
    return _CLEAR


def worth(foe: Operative, weapon: Weapon, chance: float) -> float:
    """A strike's value: its hit chance times the share of the foe's health it takes, so
    that finishing off the wounded comes first."""
    return chance * min(1.0, weapon.damage / max(1, foe.hp + foe.ahp))


def threat_zone(state: EncounterState, foes: Iterable[Operative]) -> frozenset[Tile]:
    """The tiles on which a foe with a melee weapon in hand would engage someone: drawn once
    per decision from each foe's reach, so that weighing a tile is a look-up rather than a
    question to every foe."""
    reaches = tuple((foe.tile, foe.reach) for foe in foes if foe.holds_melee and not foe.has(PRONE))
    return _zone(grid(state), reaches)


@lru_cache(maxsize=4096)
def _zone(board: Grid, reaches: tuple[tuple[Tile, int], ...]) -> frozenset[Tile]:
    """The zone itself, which reads the map's way of counting diagonals and where each
    armed foe stands with what reach: kept across states, as the foes stand still in many
    of them."""
    zone: set[Tile] = set()
    for (x, y), reach in reaches:
        square = [
            (x + dx, y + dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)
        ]
        if board.diagonal == "one":  # a diagonal step counts one: the square is the reach
            zone.update(square)
        else:
            zone.update(t for t in square if board.distance((x, y), t) <= reach)
    return frozenset(zone)


def sheltered(state: EncounterState, tile: Tile, foes: Iterable[Operative]) -> int:
    """How many shooting foes a cover tile next to `tile` screens it from (asked only of
    tiles with cover next to them: lines of fire are the costly part)."""
    shooters = tuple(f.tile for f in foes if any(w.is_ranged for w in f.in_hand))
    return _shelter(grid(state), tile, shooters)


@lru_cache(maxsize=1 << 14)
def _shelter(board: Grid, tile: Tile, shooters: tuple[Tile, ...]) -> int:
    """The count itself, which reads the map and the shooters' tiles only: kept across
    states, as a shooter weighing where to step asks it of every tile in reach."""
    if not any((tile[0] + dx, tile[1] + dy) in board.cover for dx, dy in NEIGHBOURS):
        return 0
    return sum(1 for shooter in shooters if _screened(board, shooter, tile))


def _between(a: Tile, b: Tile, tiles: Iterable[Tile]) -> bool:
    """Whether any of `tiles` lies in the box spanned by a and b (ends excluded): a cheap
    test that spares most questions the exact line of fire, which costs far more to draw."""
    low_x, high_x = sorted((a[0], b[0]))
    low_y, high_y = sorted((a[1], b[1]))
    return any(
        low_x <= x <= high_x and low_y <= y <= high_y and (x, y) != a and (x, y) != b
        for x, y in tiles
    )


def _screened(board: Grid, shooter: Tile, target: Tile) -> bool:
    """The grid's own cover test, asked only when a cover tile is in the box at all."""
    return _between(shooter, target, board.cover) and board.cover_between(shooter, target)


def distances_to(
    state: EncounterState, goals: Iterable[Tile], blocked: frozenset[Tile]
) -> Mapping[Tile, int]:
    """Walking distance from every reachable tile to the nearest of `goals`, around walls
    and the bodies in `blocked`: the straight-line distance sends a fighter into a pillar."""
    return _walking_distances(grid(state), tuple(goals), blocked)


@lru_cache(maxsize=1024)
def _walking_distances(
    board: Grid, goals: tuple[Tile, ...], blocked: frozenset[Tile]
) -> Mapping[Tile, int]:
    """The search itself, which reads the map, the goals and the bodies only: kept across
    states, for the same arrangement of bodies comes back in many trials of one fork (and a
    dash and a walk of the same turn ask the same question). Read-only once kept; at most
    1,024 kept, each a map's worth of distances."""
    if board.diagonal != "two":
        return MappingProxyType(_walked_in_steps(board, goals, blocked))
    return MappingProxyType(_walked_by_cost(board, goals, blocked))


def _walked_in_steps(
    board: Grid, goals: tuple[Tile, ...], blocked: frozenset[Tile]
) -> dict[Tile, int]:
    """The distances where a first step always costs one (`step_cost(0, ...)`: a diagonal
    counts one or, the first time, one of the alternate rule's): a breadth-first walk out
    from the goals, which finds each tile at its least number of steps, as `_walked_by_cost`
    does without its heap (tests/rulesets/nwo/test_grid_tables.py compares both). Past the
    goals' own steps it walks over tile numbers (`grid.numbered`), a bit per tile seen: a
    new arrangement of bodies costs a whole map's walk, about once a firefight's turn."""
    found = dict.fromkeys(goals, 0)
    plan = numbered(board)
    height, tiles, steps = plan.height, plan.tiles, plan.steps
    seen = bytearray(plan.size)
    for x, y in (*blocked, *goals):
        if board.inside((x, y)):
            seen[x * height + y] = 1
    frontier: list[int] = []
    for goal in tuple(found):  # a goal's steps as the map gives them (it may stand anywhere)
        for x, y in board.neighbours(goal):
            number = x * height + y
            if not seen[number]:
                seen[number] = 1
                found[(x, y)] = 1
                frontier.append(number)
    cost = 1
    while frontier:
        cost += 1
        following = []
        for tile in frontier:
            for other, _ in steps[tile]:
                if not seen[other]:
                    seen[other] = 1
                    found[tiles[other]] = cost
                    following.append(other)
        frontier = following
    return found


def walked_numbers(
    board: Grid, goals: tuple[Tile, ...], blocked: frozenset[Tile], far: int
) -> list[int]:
    """`_walking_distances` by tile number (x x height + y, `grid.numbered`), `far` where
    no walk arrives: what the nwo fast path keeps (a list of the map's numbers instead of
    a dictionary of its tiles, a seventh the memory and no tile hashed to make it). Where
    a first step costs one, `_walked_in_steps`'s walk over numbers alone, in compiled code
    (`grid_layers.walked_in_layers`); else `_walked_by_cost`'s answer, numbered. A goal
    off the map has no number of its own, but its steps onto the map count as ever."""
    plan = numbered(board)
    height = plan.height
    if board.diagonal == "two":
        away = [far] * plan.size
        for (x, y), cost in _walked_by_cost(board, goals, blocked).items():
            if board.inside((x, y)):
                away[x * height + y] = cost
        return away
    on_map = [x * height + y for x, y in goals if board.inside((x, y))]
    closed = [x * height + y for x, y in blocked if board.inside((x, y))] + on_map
    ring = [x * height + y for goal in goals for x, y in board.neighbours(goal)]
    return walked_in_layers(plan.moves, closed, on_map, ring, far)


def _walked_by_cost(
    board: Grid, goals: tuple[Tile, ...], blocked: frozenset[Tile]
) -> dict[Tile, int]:
    """Dijkstra out from the goals, each step at `step_cost(0, ...)`."""
    found: dict[Tile, int] = {}
    queue: list[tuple[int, Tile]] = []
    for goal in goals:
        found[goal] = 0
        heappush(queue, (0, goal))
    while queue:
        cost, tile = heappop(queue)
        if cost > found.get(tile, cost):
            continue
        for other in board.neighbours(tile):
            if other in blocked:
                continue
            step = board.step_cost(0, other[0] - tile[0], other[1] - tile[1])
            if cost + step < found.get(other, cost + step + 1):
                found[other] = cost + step
                heappush(queue, (cost + step, other))
    return found
