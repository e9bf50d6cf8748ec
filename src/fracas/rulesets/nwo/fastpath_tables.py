"""The nwo fast path's tables of the tactics' geometry for one fork: the answers of the
shared cache of threat zones (`appraisal._zone`) kept again by exactly what it reads of a
trial, without the map (the fork's own) in the key, for the shared cache hashes the map
with every question; and the tactics' tile searches and walks toward the foes
(`grid.reachable`, `appraisal._walking_distances`) worked out here by tile number
(`grid_layers.layered_reach`, `appraisal.walked_numbers`, each held by a test to the tactics'
own), kept as lists of numbers, a reachable map with its tiles already sorted by cost.
Every table is bounded (it starts over when full), so a long `fracas sim` run keeps at
most some tens of megabytes. See nwo/fastpath.py for what the fast path models."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final, TypeVar

from fracas.core.grid import Grid, Numbered, _search, numbered
from fracas.core.grid_layers import chain_of_numbers, layered_reach, numbered_ends
from fracas.rulesets.nwo.appraisal import _zone, walked_numbers
from fracas.rulesets.nwo.grid import Tile
from fracas.rulesets.nwo.tactics import UNREACHED

WALKS_KEPT: Final = 4096
"""Walking distances kept, each a list of a map's numbers (at 1,024, with a dictionary of
its tiles each, a firefight walked again a quarter of the boards it had walked)."""

REACHES_KEPT: Final = 16384
"""Reachable tiles kept, each up to a map's worth with a list of a map's numbers. At 4,096
a firefight's table started over every thousand trials or so and searched again a third
of what it had kept (15,300 searches over 5,000 trials, of 9,500 boards of bodies); a
search kept weighs about half what it did with its tiles in a dictionary (`Reach`), so
twice as many fit in the memory it took. At 8,192 (some 5 KB each in the firefight: its
costs 2.3 KB, the tiles by cost 0.6, where each is entered from 1.3) a 10,000-trial run
still started over six times; at 16,384 it runs 5-8% faster for some 40 MB more, about
what the views' unused sets of shields and the unstored answers to "nothing to do" freed."""

ZONES_KEPT: Final = 2048
"""Threat zones kept, by the armed foes' tiles and reaches (each up to a few dozen tiles)."""

K = TypeVar("K")
V = TypeVar("V")

Reach = tuple[Mapping[Tile, int], list[Tile], list[int]]
"""`queries.reachable`'s tiles with their costs (the start left out), the same tiles by
cost, ties in the search's order (`tactics._strike_after_moving`'s sort), and by tile
number (`grid.Numbered`) the number of the tile the search entered it from (-1: not
found), which a move's path is read from (`Tables.path`). Kept and shared by every
decision that asks: read, never changed."""


class Tables:
    """One fork's tables, filled as its trials ask."""

    __slots__ = ("board", "near", "plan", "reach", "walks", "zones")

    def __init__(self, board: Grid) -> None:
        self.board = board
        self.plan = numbered(board)
        self.reach: dict[tuple[Tile, int, frozenset[Tile]], Reach] = {}
        self.near: dict[tuple[Tile, int, frozenset[Tile]], frozenset[Tile]] = {}
        self.walks: dict[tuple[tuple[Tile, ...], frozenset[Tile]], list[int]] = {}
        self.zones: dict[tuple[tuple[Tile, int], ...], frozenset[Tile]] = {}

    def reachable(self, start: Tile, allowance: int, blocked: frozenset[Tile]) -> Reach:
        """`grid.reachable` from `start` within `allowance` around `blocked`, less the start
        (`queries.reachable`), and its tiles by cost."""

        key = (start, allowance, self.bodies(start, allowance, blocked))
        found = self.reach.get(key)  # asked at most decisions: looked up before any call
        if found is None:
            found = kept(
                self.reach, REACHES_KEPT, key, lambda: _by_cost(self.board, self.plan, *key)
            )
        return found

    def path(self, came: list[int], start: Tile, goal: Tile) -> list[Tile]:
        """`grid.path_to` over a search `reachable` made (`came`, the one the tactics chose
        the goal from, so it is found without a second look-up in `grid._search`'s cache,
        whose key hashes the map): the goal's chain of tiles entered from, start first,
        followed over tile numbers. The goal is one the tactics found in reach, so the
        chain is there."""
        plan = self.plan
        height = plan.height
        first, last = start[0] * height + start[1], goal[0] * height + goal[1]
        return [plan.tiles[t] for t in chain_of_numbers(came, first, last)]

    def bodies(self, start: Tile, allowance: int, blocked: frozenset[Tile]) -> frozenset[Tile]:
        """`in_reach`, kept: a walk and the search it follows ask it of the same bodies."""
        key = (start, allowance, blocked)
        found = self.near.get(key)
        if found is None:
            found = kept(self.near, REACHES_KEPT, key, lambda: in_reach(*key))
        return found

    def walking(self, goals: tuple[Tile, ...], blocked: frozenset[Tile]) -> list[int]:
        """`appraisal._walking_distances` to `goals` around `blocked` by tile number (x x
        height + y), `UNREACHED` where no walk arrives (`appraisal.walked_numbers`)."""
        key = (goals, blocked)
        found = self.walks.get(key)  # looked up before a closure is made for `kept`
        if found is None:
            found = kept(
                self.walks,
                WALKS_KEPT,
                key,
                lambda: walked_numbers(self.board, goals, blocked, UNREACHED),
            )
        return found

    def zone(self, reaches: tuple[tuple[Tile, int], ...]) -> frozenset[Tile]:
        """`appraisal._zone` of these armed foes' tiles and reaches."""
        found = self.zones.get(reaches)  # asked at every decision: looked up before any call
        if found is None:
            found = kept(self.zones, ZONES_KEPT, reaches, lambda: _zone(self.board, reaches))
        return found


def in_reach(start: Tile, allowance: int, blocked: frozenset[Tile]) -> frozenset[Tile]:
    """The bodies a search from `start` within `allowance` can meet: those at most that many
    steps away as the crow flies (any step moves one tile at most, and costs one at
    least). The search never asks about a farther one (it asks only about the neighbours
    of tiles it reached within the allowance, less one), so leaving them out changes
    nothing but how often a board of bodies is met again: about a third fewer searches in
    the firefight."""
    x, y = start
    near = frozenset(
        t for t in blocked if abs(t[0] - x) <= allowance and abs(t[1] - y) <= allowance
    )
    return blocked if len(near) == len(blocked) else near


def _by_cost(
    board: Grid, plan: Numbered, start: Tile, allowance: int, blocked: frozenset[Tile]
) -> Reach:
    """Grid.reachable's search, less the start, its tiles by cost, and where each tile is
    entered from (`Reach`): where every step costs one, made in one compiled pass over the
    map's tile numbers (`grid_layers.layered_reach`, the ends numbered by
    `grid_layers.numbered_ends`, both compiled), else read from the map's own search. Not
    kept in `grid._search`'s cache (this table keeps it)."""
    height = plan.height
    if board.diagonal == "one":
        bodies, first = numbered_ends(height, board.width, start, blocked)
        return layered_reach(plan.tiles, plan.moves, bodies, first, allowance)
    search = _search(board, start, allowance, blocked)
    costs = {tile: cost for tile, (cost, _) in search.items() if tile != start}
    came = [-1] * plan.size
    for (x, y), (_, (from_x, from_y)) in search.items():
        came[x * height + y] = from_x * height + from_y
    return costs, sorted(costs, key=costs.__getitem__), came


def picked(items: Sequence[V], places: list[int]) -> list[V]:
    """The items at these places, as they are: its type left open so that the compiled
    build hands each tile on as the object it is, where code that names the tiles' type
    takes each one apart and makes it anew as a tuple to put it in a set or a list."""
    return [items[place] for place in places]


def kept(table: dict[K, V], limit: int, key: K, make: Callable[[], V]) -> V:
    """The answer kept in `table` under `key`, made and kept if new; a full table starts
    over. The fork's and the fight's bounded tables keep theirs so too (`Compiled.straight`,
    `fastpath_fight.numbered`), but for the decisions, the views and the lines of fire,
    asked on paths where one call more shows."""
    found = table.get(key)
    if found is None:
        if len(table) >= limit:
            table.clear()
        found = table[key] = make()
    return found
