"""The nwo fast path's tables of the tactics' geometry for one fork: the answers of the
shared caches (`appraisal._zone`, `_shelter`, `_walking_distances`, `grid.reachable`),
kept again by exactly what they read of a trial, without the map (the fork's own) in the
key: the shared caches hash the map with every question, and a reachable map is kept
here with its tiles already sorted by cost. Every table is bounded (it starts over when
full), so a long `fracas sim` run keeps at most some tens of megabytes. See
nwo/fastpath.py for what the fast path models."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TypeVar

from fracas.core.grid import Grid, _search
from fracas.rulesets.nwo.appraisal import _shelter, _walking_distances, _zone
from fracas.rulesets.nwo.grid import Tile

WALKS_KEPT = 1024
"""Searches kept (reachable tiles and walking distances), each a map's worth of tiles."""

SHELTERS_KEPT = 1 << 14
"""Cover counts kept (by tile and the shooters' tiles), and threat zones."""

K = TypeVar("K")
V = TypeVar("V")

Reach = tuple[Mapping[Tile, int], tuple[Tile, ...]]
"""`queries.reachable`'s tiles with their costs (the start left out), and the same tiles
by cost, ties in the search's order (`tactics._strike_after_moving`'s sort)."""


class Tables:
    """One fork's tables, filled as its trials ask."""

    __slots__ = ("board", "reach", "shelters", "walks", "zones")

    def __init__(self, board: Grid) -> None:
        self.board = board
        self.reach: dict[tuple[Tile, int, frozenset[Tile]], Reach] = {}
        self.walks: dict[tuple[tuple[Tile, ...], frozenset[Tile]], Mapping[Tile, int]] = {}
        self.zones: dict[tuple[tuple[Tile, int], ...], frozenset[Tile]] = {}
        self.shelters: dict[tuple[Tile, tuple[Tile, ...]], int] = {}

    def reachable(self, start: Tile, allowance: int, blocked: frozenset[Tile]) -> Reach:
        """`grid.reachable` from `start` within `allowance` around `blocked`, less the start
        (`queries.reachable`), and its tiles by cost."""

        bodies = in_reach(start, allowance, blocked)

        def search() -> Reach:
            found = _search(self.board, start, allowance, bodies)  # Grid.reachable's
            costs = {tile: cost for tile, (cost, _) in found.items() if tile != start}
            return MappingProxyType(costs), tuple(sorted(costs, key=costs.__getitem__))

        return _kept(self.reach, WALKS_KEPT, (start, allowance, bodies), search)

    def walking(self, goals: tuple[Tile, ...], blocked: frozenset[Tile]) -> Mapping[Tile, int]:
        """`appraisal._walking_distances` to `goals` around `blocked`."""
        return _kept(
            self.walks,
            WALKS_KEPT,
            (goals, blocked),
            lambda: _walking_distances(self.board, goals, blocked),
        )

    def zone(self, reaches: tuple[tuple[Tile, int], ...]) -> frozenset[Tile]:
        """`appraisal._zone` of these armed foes' tiles and reaches."""
        return _kept(self.zones, SHELTERS_KEPT, reaches, lambda: _zone(self.board, reaches))

    def shelter(self, tile: Tile, shooters: tuple[Tile, ...]) -> int:
        """`appraisal._shelter`: how many of `shooters` cover next to `tile` screens."""
        return _kept(
            self.shelters,
            SHELTERS_KEPT,
            (tile, shooters),
            lambda: _shelter(self.board, tile, shooters),
        )


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


def _kept(table: dict[K, V], limit: int, key: K, make: Callable[[], V]) -> V:
    """The answer kept in `table` under `key`, made and kept if new; a full table starts
    over."""
    found = table.get(key)
    if found is None:
        if len(table) >= limit:
            table.clear()
        found = table[key] = make()
    return found
