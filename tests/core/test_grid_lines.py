"""core/grid_lines.py: the drawing of a line of fire, compiled in the build, held to the
segment's crossing of each tile worked out afresh in fractions, and to the drawing it
replaced in core/grid.py."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from fracas.core.grid import _line
from fracas.core.grid_lines import drawn

Tile = tuple[int, int]

TILES = st.tuples(st.integers(-6, 20), st.integers(-6, 20))


def _crossing(a: Tile, b: Tile, tile: Tile) -> Fraction | None:
    """Where, as a share of the way from a's centre to b's, the segment enters the open
    square of `tile` (its centre at the tile's numbers, its edges half a tile away), or
    None if it never passes through the square's inside."""
    low, high = Fraction(0), Fraction(1)
    for start, end, centre in ((a[0], b[0], tile[0]), (a[1], b[1], tile[1])):
        delta = end - start
        if delta == 0:
            if abs(centre - start) >= Fraction(1, 2):
                return None
            continue
        t1 = (centre - Fraction(1, 2) - start) / delta
        t2 = (centre + Fraction(1, 2) - start) / delta
        low, high = max(low, min(t1, t2)), min(high, max(t1, t2))
    return low if low < high else None


def _reference(a: Tile, b: Tile) -> tuple[Tile, ...]:
    """The tiles other than the ends whose inside the segment crosses, by where it enters
    them (ties by the tile), from the definition."""
    crossed = []
    for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
        for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
            if (x, y) in (a, b):
                continue
            entry = _crossing(a, b, (x, y))
            if entry is not None:
                crossed.append((entry, (x, y)))
    return tuple(tile for _, tile in sorted(crossed))


@given(TILES, TILES)
def test_a_line_is_the_tiles_the_segment_crosses_by_where_it_enters_them(a: Tile, b: Tile) -> None:
    assert drawn(a, b) == _reference(a, b)


def test_lines_of_every_offset_on_the_firefights_map_and_a_corner_grazed() -> None:
    """Every offset a 16 x 10 map holds, from the origin and moved (as `grid._line` moves
    it); a diagonal passes corners only between its tiles, so it crosses none but them."""
    for dx in range(-15, 16):
        for dy in range(-9, 10):
            assert drawn((0, 0), (dx, dy)) == _reference((0, 0), (dx, dy))
            assert _line((3, 2), (3 + dx, 2 + dy)) == _reference((3, 2), (3 + dx, 2 + dy))
    assert drawn((0, 0), (3, 3)) == ((1, 1), (2, 2))
    assert drawn((0, 0), (4, 2)) == ((1, 0), (1, 1), (2, 1), (3, 1), (3, 2))
