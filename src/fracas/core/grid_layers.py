"""The layered search of `grid._layered` over tile numbers alone, in a module of its own so
the compiled build (fracas/compiled.py) can take it: nwo's tactics search a new board of
bodies a few times a new decision, and as plain Python this loop was about a sixth of a
simulated firefight. It reads and writes lists of small whole numbers only, which compiled
code handles without the interpreter; `grid._layered` says why its answer is Dijkstra's."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

T = TypeVar("T")


def numbered_ends(
    height: int, width: int, start: tuple[int, int], blocked: Iterable[tuple[int, int]]
) -> tuple[list[int], int]:
    """The bodies on the map and the start as tile numbers (x * height + y, `grid.Numbered`'s),
    as the searches below take them: here, so that the nwo fast path, which asks before
    each of its searches, numbers them in compiled code."""
    bodies = [x * height + y for x, y in blocked if 0 <= x < width and 0 <= y < height]
    return bodies, start[0] * height + start[1]


def layered_search(
    tiles: list[T], moves: list[list[int]], bodies: list[int], first: int, budget: int
) -> dict[T, tuple[int, T]]:
    """Each tile found within `budget` of tile number `first` with its cost and the tile it
    is entered from, in the order found. Tile number t is `tiles[t]`, and `moves[t]` holds
    its legal steps, each coded as 2 x the number stepped to, plus 1 for a diagonal;
    `bodies` are numbers no step enters.

    The tiles' type is left open on purpose: compiled code keeps a `tuple[int, int]`
    unboxed and would box each tile anew to put it in the answer (some 30 MB more over a
    10,000-trial firefight, whose searches are kept), where this puts in the map's own."""
    order, costs, came = _layers(len(tiles), moves, bodies, first, budget)
    return {tiles[t]: (costs[t], tiles[came[t]]) for t in order}


def layered_reach(
    tiles: list[T], moves: list[list[int]], bodies: list[int], first: int, budget: int
) -> tuple[dict[T, int], list[T], list[int]]:
    """What the nwo fast path keeps of `layered_search`'s search (`fastpath_tables.Reach`),
    made in the same pass: each tile's cost and the tiles in order of cost, both without the
    start, and the number of the tile each tile number is entered from (-1 where none is),
    which a move's path is read from (`chain_of_numbers`) without a tile or a pair made per
    tile found. Tiles are found a cost at a time, so the order found is already the order
    of cost, ties as found, which a stable sort by cost would leave as it is."""
    order, found, came = _layers(len(tiles), moves, bodies, first, budget)
    costs: dict[T, int] = {}
    by_cost: list[T] = []
    for t in order[1:]:  # the start is found first
        tile = tiles[t]
        costs[tile] = found[t]
        by_cost.append(tile)
    return costs, by_cost, came


def _layers(
    size: int, moves: list[list[int]], bodies: list[int], first: int, budget: int
) -> tuple[list[int], list[int], list[int]]:
    """The search itself over tile numbers: the numbers found, in the order found (a cost at
    a time), and by number the cost each is found at and the number it is entered from
    (-1 for both where a number is not found)."""
    kept = [False] * (2 * size)  # (tile, parity) entries pushed, and both for a body
    for body in bodies:
        kept[2 * body] = kept[2 * body + 1] = True
    kept[2 * first] = True
    order = [first]
    reached = [-1] * size  # the cost each tile is first found at
    reached[first] = 0
    came = [-1] * size
    came[first] = first
    layer = [first]
    for cost in range(1, budget + 1):
        following: list[int] = []
        for entry in layer:
            diagonals = entry // size
            tile = entry - diagonals * size
            for move in moves[tile]:
                other = move >> 1
                count = diagonals + (move & 1)
                key = 2 * other + (count & 1)
                if kept[key]:
                    continue
                at = reached[other]
                if at < 0:
                    reached[other] = cost
                    came[other] = tile
                    order.append(other)
                elif at != cost:
                    continue  # a late entry (grid._layered says why it finds nothing)
                kept[key] = True
                following.append(count * size + other)  # sorts as (diagonals, tile)
        if not following:
            break
        following.sort()
        layer = following
    return order, reached, came


def chain(search: Mapping[T, tuple[int, T]], start: T, goal: T) -> list[T]:
    """The path from `start` to `goal` (both ends included) through a search's tile each
    one is entered from: `Grid.path_to`'s walk (the nwo fast path's is `chain_of_numbers`)."""
    path = [goal]
    while path[-1] != start:
        path.append(search[path[-1]][1])
    path.reverse()
    return path


def chain_of_numbers(came: list[int], start: int, goal: int) -> list[int]:
    """`chain` over tile numbers (`layered_reach`'s entered-from list): the numbers from
    `start` to `goal`, both ends included."""
    path = [goal]
    while path[-1] != start:
        path.append(came[path[-1]])
    path.reverse()
    return path


def walked_in_layers(
    moves: list[list[int]], closed: list[int], goals: list[int], ring: list[int], far: int
) -> list[int]:
    """Walking distances by tile number out from `goals` (0), their first steps `ring` (1,
    unless closed), then a step at a time over `moves` (coded as `layered_search` reads
    them), never into a number in `closed` (the bodies and the goals); `far` where no walk
    arrives. The loop of `appraisal.walked_numbers`, which says whose answer it is."""
    size = len(moves)
    away = [far] * size
    seen = [False] * size
    for number in closed:
        seen[number] = True
    for goal in goals:
        away[goal] = 0
    frontier: list[int] = []
    for number in ring:
        if not seen[number]:
            seen[number] = True
            away[number] = 1
            frontier.append(number)
    cost = 1
    while frontier:
        cost += 1
        following: list[int] = []
        for tile in frontier:
            for move in moves[tile]:
                other = move >> 1
                if not seen[other]:
                    seen[other] = True
                    away[other] = cost
                    following.append(other)
        frontier = following
    return away
