"""The tile map (grid.py): distances, lines of fire, sight, cover, reachable tiles, paths.

Positions are (x, y), y growing downward; the line of fire is the set of tiles strictly
between two tiles whose inside a straight line between their centres crosses.
"""

from __future__ import annotations

import pytest

from fracas.rulesets.nwo.grid import Grid


@pytest.mark.parametrize(
    ("rule", "a", "b", "distance"),
    [
        ("one", (0, 0), (3, 0), 3),
        ("one", (0, 0), (3, 3), 3),
        ("one", (0, 0), (4, 2), 4),
        ("two", (0, 0), (3, 3), 6),
        ("two", (0, 0), (4, 2), 6),
        ("alternate", (0, 0), (3, 3), 4),
        ("alternate", (0, 0), (4, 4), 6),
        ("alternate", (2, 2), (0, 2), 2),
    ],
)
def test_distance_follows_the_diagonal_rule(
    rule: str, a: tuple[int, int], b: tuple[int, int], distance: int
) -> None:
    """Seed: "Movement during initiative is tile based"; melee range "one tile" counts the
    eight neighbours; the contract's `diagonal` option prices diagonal steps 1, 2 or 1-2."""
    assert Grid(10, 10, diagonal=rule).distance(a, b) == distance


def test_adjacent_tiles_including_diagonals_are_one_apart() -> None:
    """Seed: melee range is "one tile"; a diagonal neighbour is in reach."""
    board = Grid(5, 5)
    assert {board.distance((2, 2), (2 + dx, 2 + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} == {
        0,
        1,
    }


@pytest.mark.parametrize(
    ("a", "b", "tiles"),
    [
        ((0, 0), (4, 0), [(1, 0), (2, 0), (3, 0)]),
        ((0, 0), (3, 3), [(1, 1), (2, 2)]),
        ((3, 3), (0, 0), [(2, 2), (1, 1)]),
        ((0, 0), (2, 1), [(1, 0), (1, 1)]),
        ((0, 0), (4, 2), [(1, 0), (1, 1), (2, 1), (3, 1), (3, 2)]),
        ((0, 0), (1, 1), []),
    ],
)
def test_the_line_of_fire_lists_crossed_tiles_nearest_first(
    a: tuple[int, int], b: tuple[int, int], tiles: list[tuple[int, int]]
) -> None:
    """Seed: "Whether there is a clear line of fire from attacker to defender"; a line through
    a tile's edge counts both tiles it runs between, so no shot slips past a corner."""
    assert Grid(10, 10).line(a, b) == tiles


def test_walls_on_the_line_block_sight_and_corners_do_not_leak() -> None:
    """Seed: "The range of a ranged weapon is dictated by in-game line-of-sight"; a wall on a
    crossed tile blocks it, and a shot cannot slip between two diagonal walls."""
    board = Grid(10, 10, walls=frozenset({(2, 0), (1, 2), (2, 1)}))
    assert board.sight_blocked((0, 0), (4, 0))
    assert not board.sight_blocked((0, 0), (0, 4))
    assert board.sight_blocked((1, 1), (3, 3)) is False
    diagonal = Grid(10, 10, walls=frozenset({(1, 0), (0, 1)}))
    assert diagonal.line((0, 0), (1, 1)) == []
    assert not diagonal.sight_blocked((0, 0), (1, 1))
    assert diagonal.sight_blocked((0, 0), (2, 1))


def test_cover_counts_only_next_to_the_target_on_the_line() -> None:
    """Seed: "If a target is obscured by cover ... they are considered in 'Cover'" (the
    contract's reading: a cover tile adjacent to the target on the line of fire)."""
    board = Grid(10, 10, cover=frozenset({(5, 0), (2, 0), (6, 1)}))
    assert board.cover_between((0, 0), (6, 0))
    assert not board.cover_between((0, 0), (3, 3))
    assert not Grid(10, 10, cover=frozenset({(2, 0)})).cover_between((0, 0), (6, 0))
    assert not Grid(10, 10, cover=frozenset({(6, 1)})).cover_between((0, 0), (6, 0))


def test_reachable_tiles_respect_budget_walls_and_blockers() -> None:
    """Seed: "Characters can only move to tiles within the highlighted green space"."""
    board = Grid(5, 5, walls=frozenset({(1, 0), (1, 1)}))
    found = board.reachable((0, 0), 2, blocked={(0, 2)})
    assert found == {(0, 0): 0, (0, 1): 1, (1, 2): 2}


def test_no_diagonal_squeeze_between_two_walls() -> None:
    """Walls are solid: a step may not pass between two walls that touch at a corner."""
    board = Grid(3, 3, walls=frozenset({(1, 0), (0, 1)}))
    assert board.path_cost([(0, 0), (1, 1)]) is None
    assert (1, 1) not in board.reachable((0, 0), 5)


def test_path_to_finds_a_cheapest_path_within_budget() -> None:
    """Movement is tile based: a path steps through neighbours and costs what its steps do."""
    board = Grid(6, 6, walls=frozenset({(2, y) for y in range(5)}))
    path = board.path_to((0, 0), (4, 0), 12)
    assert path is not None and path[0] == (0, 0) and path[-1] == (4, 0)
    assert board.path_cost(path) == 10
    assert (2, 5) in path
    assert board.path_to((0, 0), (4, 0), 9) is None


@pytest.mark.parametrize(("rule", "cost"), [("one", 3), ("two", 6), ("alternate", 4)])
def test_path_cost_counts_diagonals_by_the_rule(rule: str, cost: int) -> None:
    """Contract option `diagonal`: one, two, or alternately 1 and 2 per diagonal step."""
    assert Grid(5, 5, diagonal=rule).path_cost([(0, 0), (1, 1), (2, 2), (3, 3)]) == cost
    assert Grid(5, 5, diagonal=rule).path_cost([(0, 0), (2, 0)]) is None
