"""The layered search of `grid._layered` over tile numbers alone, in a module of its own so
the compiled build (fracas/compiled.py) can take it: nwo's tactics search a new board of
bodies a few times a new decision, and as plain Python this loop was about a sixth of a
simulated firefight. It reads and writes lists of small whole numbers only, which compiled
code handles without the interpreter; `grid._layered` says why its answer is Dijkstra's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")


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
    found = _layers(len(tiles), moves, bodies, first, budget)
    return {tiles[t]: (cost, tiles[came]) for t, (cost, came) in found.items()}


def layered_reach(
    tiles: list[T], moves: list[list[int]], bodies: list[int], first: int, budget: int
) -> tuple[dict[T, int], list[T], dict[T, tuple[int, T]]]:
    """`layered_search`'s answer with the two readings the nwo fast path keeps of it
    (`fastpath_tables.Reach`), made in the same pass: each tile's cost and the tiles in
    order of cost, both without the start. Tiles are found a cost at a time, so the order
    found is already the order of cost, ties as found, which a stable sort by cost would
    leave as it is."""
    found = _layers(len(tiles), moves, bodies, first, budget)
    costs: dict[T, int] = {}
    order: list[T] = []
    search: dict[T, tuple[int, T]] = {}
    for t, (cost, came) in found.items():
        tile = tiles[t]
        search[tile] = (cost, tiles[came])
        if t != first:
            costs[tile] = cost
            order.append(tile)
    return costs, order, search


def _layers(
    size: int, moves: list[list[int]], bodies: list[int], first: int, budget: int
) -> dict[int, tuple[int, int]]:
    """The search itself over tile numbers: each number found, with its cost and the number
    it is entered from, in the order found (a cost at a time)."""
    kept = [False] * (2 * size)  # (tile, parity) entries pushed, and both for a body
    for body in bodies:
        kept[2 * body] = kept[2 * body + 1] = True
    kept[2 * first] = True
    found: dict[int, tuple[int, int]] = {first: (0, first)}
    reached = [-1] * size  # the cost each tile is first found at
    reached[first] = 0
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
                    found[other] = (cost, tile)
                elif at != cost:
                    continue  # a late entry (grid._layered says why it finds nothing)
                kept[key] = True
                following.append(count * size + other)  # sorts as (diagonals, tile)
        if not following:
            break
        following.sort()
        layer = following
    return found


def chain(search: Mapping[T, tuple[int, T]], start: T, goal: T) -> list[T]:
    """The path from `start` to `goal` (both ends included) through a search's tile each
    one is entered from: `Grid.path_to`'s and the nwo fast path's `Tables.path`'s walk."""
    path = [goal]
    while path[-1] != start:
        path.append(search[path[-1]][1])
    path.reverse()
    return path
