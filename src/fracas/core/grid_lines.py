"""The drawing of a line of fire (`grid._line_from_origin`'s), in a module of its own so the
compiled build (fracas/compiled.py) can take it: a simulated run draws each offset's line
once per process, some six hundred on the firefight's map, and as plain Python the drawing
took about a tenth of a 1,000-trial run's fights (under the interpreter, each of a line's
tiles was a call with a tuple of tuples unpacked and a `min` and `max` through the builtins).
It reads whole numbers only, which compiled code handles without the interpreter. The line
between two tiles (`line`) and the cover rule's "next to the target" (`beside`) are here
too, so that `grid.Grid` and the nwo fast path's `Sight` ask one definition of each."""

from __future__ import annotations

from functools import lru_cache

Tile = tuple[int, int]


def line(a: Tile, b: Tile) -> tuple[Tile, ...]:
    """The tiles strictly between a and b that the line of their centres crosses, nearest to
    `a` first: the line from the origin to b's offset, moved to start at `a` (`entered`
    reads differences only, and moving tiles keeps their order)."""
    x, y = a
    return tuple([(x + dx, y + dy) for dx, dy in _from_origin(b[0] - x, b[1] - y)])


@lru_cache(maxsize=16384)
def _from_origin(width: int, height: int) -> tuple[Tile, ...]:
    """The line from (0, 0) to (width, height), drawn once per offset and process."""
    return drawn((0, 0), (width, height))


def beside(tile: Tile, target: Tile) -> bool:
    """Whether `tile` is one of the eight next to `target` (the contract's reading of cover
    "next to the target")."""
    dx, dy = tile[0] - target[0], tile[1] - target[1]
    return -1 <= dx <= 1 and -1 <= dy <= 1 and (dx != 0 or dy != 0)


def drawn(a: Tile, b: Tile) -> tuple[Tile, ...]:
    """The tiles whose inside the segment from a's centre to b's crosses, by where it
    enters them."""
    (x0, y0), (x1, y1) = a, b
    crossed: list[tuple[int, Tile]] = []
    for cx in range(x0 if x0 < x1 else x1, (x1 if x0 < x1 else x0) + 1):
        for cy in range(y0 if y0 < y1 else y1, (y1 if y0 < y1 else y0) + 1):
            if (cx == x0 and cy == y0) or (cx == x1 and cy == y1):
                continue  # an end
            entry = entered(x0, x1, cx, y0, y1, cy)
            if entry >= 0:
                crossed.append((entry, (cx, cy)))
    crossed.sort()
    return tuple([tile for _, tile in crossed])


def entered(x0: int, x1: int, cx: int, y0: int, y1: int, cy: int) -> int:
    """Where the segment from a to b enters the open square of tile (cx, cy), or -1 if it
    never passes through its inside (an entry is never negative).

    The answer is exact in whole numbers: the way along the segment is measured in steps of
    1 / (2 * |dx| * |dy|) (a zero counted as 1), which every square's edge, lying on a half
    tile, falls on; so no fractions are needed to compare entries exactly."""
    dx, dy = x1 - x0, y1 - y0
    low, high = 0, 2 * _at_least_one(dx) * _at_least_one(dy)
    if dx == 0:
        if cx != x0:
            return -1
    else:
        low, high = _narrowed(low, high, cx - x0, dx, dy)
    if dy == 0:
        if cy != y0:
            return -1
    else:
        low, high = _narrowed(low, high, cy - y0, dy, dx)
    return low if low < high else -1


def _narrowed(low: int, high: int, offset: int, delta: int, other: int) -> tuple[int, int]:
    """The part of the way [low, high) within the tile's open band along one axis: the
    band's two edges lie half a tile either side of its centre, `offset` from the start."""
    per_half_tile = _at_least_one(other) if delta > 0 else -_at_least_one(other)
    t1 = (2 * offset - 1) * per_half_tile
    t2 = (2 * offset + 1) * per_half_tile
    if t1 > t2:
        t1, t2 = t2, t1
    return (t1 if t1 > low else low), (t2 if t2 < high else high)


def _at_least_one(value: int) -> int:
    """|value|, a zero counted as 1."""
    if value < 0:
        value = -value
    return value if value > 0 else 1
