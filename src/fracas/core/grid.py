"""A square-tile map shared by the grid rulesets (nwo, tiers): distances, walls, cover,
lines of fire and reachable tiles.

Positions are (x, y), 0-based, y growing downward. Walls block sight and movement; a cover
tile is a walkable low barrier. The line of fire between two tiles is the set of tiles a
straight line between their centres passes through (a supercover line, so a shot cannot slip
diagonally between two walls).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from heapq import heappop, heappush
from itertools import pairwise
from types import MappingProxyType
from typing import Annotated, Any

from pydantic import BeforeValidator

from fracas.core.grid_layers import chain, layered_search, numbered_ends
from fracas.core.grid_lines import beside, line
from fracas.core.validation import Int

Tile = tuple[int, int]
NEIGHBOURS: tuple[Tile, ...] = (
    (-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1),
)  # fmt: skip


def _as_point(value: Any) -> Any:
    """Scenario files write tiles as {x: 3, y: 4} (the contract) or [3, 4]; both are read."""
    if isinstance(value, dict):
        if set(value) != {"x", "y"}:
            raise ValueError(
                f"a tile is {{x, y}} or [x, y], not a mapping of {', '.join(map(str, value))}"
            )
        return (value["x"], value["y"])
    return value


Point = Annotated[tuple[Int, Int], BeforeValidator(_as_point)]
"""A tile in an action's fields."""


def check_on_map(width: int, height: int, places: Mapping[str, Iterable[Tile]]) -> None:
    """Refuse a listed tile off a `width` x `height` map (a typo; dropping it quietly would
    change the fight), naming the list and the index: `walls[2]: (9, 0) is off ...`."""
    for place, tiles in places.items():
        for index, (x, y) in enumerate(tiles):
            if not (0 <= x < width and 0 <= y < height):
                raise ValueError(
                    f"{place}[{index}]: ({x}, {y}) is off the {width}x{height} map "
                    f"(x 0-{width - 1}, y 0-{height - 1})"
                )


@dataclass(frozen=True, slots=True)
class Grid:
    width: int
    height: int
    walls: frozenset[Tile] = field(default_factory=frozenset)
    cover: frozenset[Tile] = field(default_factory=frozenset)
    diagonal: str = "one"
    """How a diagonal step is counted: one, alternate (1, 2, 1, ...) or two."""
    _steps: dict[Tile, tuple[Tile, ...]] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )
    """Each walkable tile's legal steps, filled on first use: a move's path search asks
    for the same neighbours thousands of times a fight."""

    def inside(self, tile: Tile) -> bool:
        return 0 <= tile[0] < self.width and 0 <= tile[1] < self.height

    def walkable(self, tile: Tile) -> bool:
        return self.inside(tile) and tile not in self.walls

    def distance(self, a: Tile, b: Tile) -> int:
        dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
        diagonal, straight = min(dx, dy), abs(dx - dy)
        if self.diagonal == "two":
            return straight + 2 * diagonal
        if self.diagonal == "alternate":
            return straight + diagonal + diagonal // 2
        return straight + diagonal

    def step_cost(self, diagonals_so_far: int, dx: int, dy: int) -> int:
        if dx == 0 or dy == 0:
            return 1
        if self.diagonal == "two":
            return 2
        if self.diagonal == "alternate":
            return 2 if diagonals_so_far % 2 == 1 else 1
        return 1

    def line(self, a: Tile, b: Tile) -> list[Tile]:
        """Tiles strictly between a and b whose inside a straight line between their centres
        crosses (touching only a corner does not count), nearest to `a` first."""
        return list(_line(a, b))

    def sight_blocked(self, a: Tile, b: Tile) -> bool:
        walls = self.walls
        return any(tile in walls for tile in _line(a, b))

    def cover_between(self, shooter: Tile, target: Tile) -> bool:
        """A cover tile next to the target lies on the line of fire (the contract's reading)."""
        return any(tile in self.cover and beside(tile, target) for tile in _line(shooter, target))

    def neighbours(self, tile: Tile) -> tuple[Tile, ...]:
        """The tiles one legal step away: walkable, and not a diagonal squeeze between walls."""
        steps = self._steps.get(tile)
        if steps is None:
            steps = tuple(
                (tile[0] + dx, tile[1] + dy)
                for dx, dy in NEIGHBOURS
                if self.walkable((tile[0] + dx, tile[1] + dy))
                and not self._cuts_corner(tile, dx, dy)
            )
            self._steps[tile] = steps
        return steps

    def _cuts_corner(self, tile: Tile, dx: int, dy: int) -> bool:
        """No diagonal squeeze between two walls."""
        if dx == 0 or dy == 0:
            return False
        return (tile[0] + dx, tile[1]) in self.walls and (tile[0], tile[1] + dy) in self.walls

    def reachable(self, start: Tile, budget: int, blocked: Iterable[Tile] = ()) -> dict[Tile, int]:
        """Every tile within `budget` movement of `start`, with its cost; `blocked` tiles
        (other combatants) can be neither entered nor passed through."""
        return dict(_costs(self, start, budget, frozenset(blocked)))

    def path_to(
        self, start: Tile, goal: Tile, budget: int, blocked: Iterable[Tile] = ()
    ) -> list[Tile] | None:
        """A cheapest path from start to goal within budget (both ends included), or None."""
        found = self._search(start, budget, blocked)
        if goal not in found:
            return None
        return chain(found, start, goal)

    def _search(
        self, start: Tile, budget: int, blocked: Iterable[Tile]
    ) -> Mapping[Tile, tuple[int, Tile]]:
        """One search serves every question about the same start, budget and blockers: the
        tactics' reachable map, the move's verification and its resolution all ask it."""
        return _search(self, start, budget, frozenset(blocked))

    def path_cost(self, path: list[Tile]) -> int | None:
        """The movement a path of adjacent tiles costs, or None if a step is not a legal one."""
        cost = diagonals = 0
        for here, there in pairwise(path):
            dx, dy = there[0] - here[0], there[1] - here[1]
            if max(abs(dx), abs(dy)) != 1 or not self.walkable(there):
                return None
            if self._cuts_corner(here, dx, dy):
                return None
            cost += self.step_cost(diagonals, dx, dy)
            diagonals += dx != 0 and dy != 0
        return cost


@lru_cache(maxsize=4096)
def _search(
    board: Grid, start: Tile, budget: int, blocked: frozenset[Tile]
) -> Mapping[Tile, tuple[int, Tile]]:
    """Every tile within `budget` of `start` with its cost and the tile it is entered from.
    Read-only once cached (a `MappingProxyType`)."""
    if board.diagonal == "one":
        return _layered(board, start, budget, blocked)
    return _dijkstra(board, start, budget, blocked)


def _dijkstra(
    board: Grid, start: Tile, budget: int, blocked: frozenset[Tile]
) -> Mapping[Tile, tuple[int, Tile]]:
    """Dijkstra over (tile, diagonal parity): the alternate rule makes a step's cost depend on
    how many diagonals came before it."""
    best: dict[tuple[Tile, int], int] = {(start, 0): 0}
    found: dict[Tile, tuple[int, Tile]] = {start: (0, start)}
    queue: list[tuple[int, int, Tile]] = [(0, 0, start)]
    uniform = board.diagonal == "one"
    while queue:
        cost, diagonals, tile = heappop(queue)
        if best.get((tile, diagonals % 2), cost) < cost:
            continue  # a cheaper way here was already expanded
        for other in board.neighbours(tile):
            if other in blocked:
                continue
            dx, dy = other[0] - tile[0], other[1] - tile[1]
            total = cost + (1 if uniform else board.step_cost(diagonals, dx, dy))
            if total > budget:
                continue
            count = diagonals + (dx != 0 and dy != 0)
            key = (other, count % 2)
            if best.get(key, budget + 1) <= total:
                continue
            best[key] = total
            if other not in found or found[other][0] > total:
                found[other] = (total, tile)
            heappush(queue, (total, count, other))
    return MappingProxyType(found)


def _layered(
    board: Grid, start: Tile, budget: int, blocked: frozenset[Tile]
) -> Mapping[Tile, tuple[int, Tile]]:
    """`_dijkstra`'s very answer where every step costs one, without its heap: the nwo
    tactics search a new board of bodies several times a decision, and the search was a
    quarter of a simulated firefight.

    Why it is the same answer (the tiles, their costs, the tile each is entered from and
    the order they are found in, which the tactics' tile order and a move's path read):
    with steps of one, Dijkstra pops its entries a cost at a time, and each (tile,
    diagonal parity) it keeps is pushed once, at its least cost, by the first entry popped
    next to it that gives it that parity; so no entry is ever skipped, and within one cost
    the heap pops them in order of (diagonals so far, tile), which is unique there (the
    same tile twice has two parities). Here each cost's entries are gathered, sorted so and
    expanded in turn, with the same tests in the same order, over tile numbers
    (`Numbered`) whose order is the tiles' own (tests/rulesets/nwo/test_grid_tables.py
    compares both searches).

    One kind of entry is left out, a third of the work: a tile entered again at a cost
    above the one it was first found at (its other parity, a step or more later). Such a
    "late" entry finds nothing: its neighbours were all found by the tile's first entry, a
    cost earlier, so the late one and all it would push are late too; and each (tile,
    parity) it would have kept was, if ever pushed otherwise, pushed at an earlier cost.
    The entries it leaves out of a layer change neither the others' order nor the tiles
    found. The loop is `grid_layers.layered_search`, which the compiled build takes."""
    plan = numbered(board)
    bodies, first = numbered_ends(plan.height, board.width, start, blocked)
    return MappingProxyType(layered_search(plan.tiles, plan.moves, bodies, first, budget))


class Numbered:
    """A map's walkable tiles numbered x * height + y (so numbers sort as the tiles do),
    with each one's legal steps as (number, 1 if diagonal else 0)."""

    __slots__ = ("height", "moves", "size", "steps", "tiles")

    def __init__(self, board: Grid) -> None:
        self.height = board.height
        self.size = board.width * board.height
        self.tiles = [(n // self.height, n % self.height) for n in range(self.size)]
        self.steps: list[tuple[tuple[int, int], ...]] = [
            tuple(
                (x * self.height + y, int(x != tile[0] and y != tile[1]))
                for x, y in board.neighbours(tile)
            )
            if board.walkable(tile)
            else ()
            for tile in self.tiles
        ]
        self.moves = [[2 * other + diagonal for other, diagonal in step] for step in self.steps]
        """`steps` coded for `grid_layers.layered_search`: 2 x the number, plus 1 if diagonal."""


@lru_cache(maxsize=64)
def numbered(board: Grid) -> Numbered:
    """The map's tiles numbered, once per map (the searches over numbers share it)."""
    return Numbered(board)


@lru_cache(maxsize=4096)
def _costs(board: Grid, start: Tile, budget: int, blocked: frozenset[Tile]) -> Mapping[Tile, int]:
    """The cost of each tile of one search, kept beside it: the tactics ask for the same
    reachable map several times a turn, and copying a ready dict is several times cheaper
    than unpacking the search's (cost, previous tile) pairs again."""
    found = _search(board, start, budget, blocked)
    return MappingProxyType({tile: cost for tile, (cost, _) in found.items()})


@lru_cache(maxsize=65536)
def _line(a: Tile, b: Tile) -> tuple[Tile, ...]:
    """The geometry of a line of fire depends on its ends only, and the same lines are asked
    for again and again (every target, every turn): `grid_lines.line`, cached by its ends."""
    return line(a, b)
