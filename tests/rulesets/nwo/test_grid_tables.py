"""Cheaper ways to the same geometry, held to the ways they replace.

The nwo tactics search a new board of bodies, draw lines of fire and walk distances to the
foes several times a decision; the simulator's fast path asks the same questions a few
hundred times a decision. Each cheaper way below must give exactly the answer of the way it
replaces, down to the order in which tiles are found (the tactics' tile order and a move's
path read it): `grid._layered` against `grid._dijkstra`, a line drawn from its offset
(`grid._line`) against one drawn where it stands (`grid_lines.drawn`), the breadth-first walking
distances against Dijkstra's (`appraisal._walked_in_steps`, `_walked_by_cost`), and the fast
path's line of fire (`fastpath_tactics.verdict`) against `appraisal._line_of_fire`."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.core.grid import _dijkstra, _layered, _line, _search, numbered
from fracas.core.grid_lines import drawn
from fracas.rulesets.nwo.appraisal import (
    _line_of_fire,
    _shelter,
    _walked_by_cost,
    _walked_in_steps,
    _walking_distances,
    beats,
    walked_numbers,
)
from fracas.rulesets.nwo.fastpath import _FastPath
from fracas.rulesets.nwo.fastpath_fork import Compiled
from fracas.rulesets.nwo.fastpath_tables import REACHES_KEPT, Tables, _by_cost, in_reach
from fracas.rulesets.nwo.fastpath_tactics import shelter_count, verdict
from fracas.rulesets.nwo.grid import Grid, Tile
from fracas.sim.job import build_fork, make_job
from tests.sim.helpers import example


@st.composite
def boards(draw: st.DrawFn, diagonal: str = "one") -> tuple[Grid, Tile, frozenset[Tile]]:
    """A map of up to 12x12 with walls on up to a third of it, a start on a free tile and up
    to eight bodies elsewhere (off the map too, as `blocked` may name anything)."""
    width = draw(st.integers(1, 12))
    height = draw(st.integers(1, 12))
    tiles = [(x, y) for x in range(width) for y in range(height)]
    walls = draw(st.sets(st.sampled_from(tiles), max_size=len(tiles) // 3))
    free = [t for t in tiles if t not in walls] or [(0, 0)]
    start = draw(st.sampled_from(free))
    bodies = draw(st.sets(st.sampled_from([*free, (-1, 0), (width, height)]), max_size=8))
    return (
        Grid(width, height, walls=frozenset(walls), diagonal=diagonal),
        start,
        frozenset(bodies - {start}),
    )


@settings(max_examples=400, deadline=None)
@given(boards(), st.integers(0, 14))
def test_the_layered_search_finds_what_dijkstra_finds_in_its_order(
    board_start_bodies: tuple[Grid, Tile, frozenset[Tile]], budget: int
) -> None:
    """Rules, movement: a step costs one tile, a diagonal one too (the map's `diagonal:
    one`); bodies and walls cannot be entered and no diagonal squeezes between two walls.
    Every tile within the budget, its cost, the tile it is entered from, and the order they
    are found in: the same."""
    board, start, bodies = board_start_bodies
    layered = list(_layered(board, start, budget, bodies).items())
    assert layered == list(_dijkstra(board, start, budget, bodies).items())


@settings(max_examples=300, deadline=None)
@given(boards(), st.integers(0, 14))
def test_the_reach_made_in_one_pass_is_the_search_read_three_ways(
    board_start_bodies: tuple[Grid, Tile, frozenset[Tile]], budget: int
) -> None:
    """What the nwo fast path keeps of a search (`fastpath_tables._by_cost`, made with it
    in one pass by `grid_layers.layered_reach`): each tile's cost less the start, the tiles
    as a stable sort by cost orders them, and by tile number the number each is entered
    from, all read from Dijkstra's answer."""
    board, start, bodies = board_start_bodies
    costs, by_cost, came = _by_cost(board, numbered(board), start, budget, bodies)
    expected = _dijkstra(board, start, budget, bodies)
    assert costs == {tile: cost for tile, (cost, _) in expected.items() if tile != start}
    assert by_cost == sorted(costs, key=costs.__getitem__)
    assert list(costs) == by_cost
    assert came == _entered_from(board, expected)


def _entered_from(board: Grid, search: Mapping[Tile, tuple[int, Tile]]) -> list[int]:
    """A search's tile each is entered from, as `layered_reach` numbers them (x x height +
    y; -1 where a tile is not found)."""
    came = [-1] * (board.width * board.height)
    for (x, y), (_, (from_x, from_y)) in search.items():
        came[x * board.height + y] = from_x * board.height + from_y
    return came


def test_the_layered_search_keeps_dijkstras_order_among_tiles_of_one_cost() -> None:
    """A fixed case where the order is not the map's: from the middle of an open 5x5 map
    the neighbours are found in the map's order of steps, but expanded as Dijkstra pops
    them, those reached straight first (fewer diagonals so far), then by tile; so the tiles
    two steps out are found from (1, 2), (2, 1), (2, 3), (3, 2) in turn before any from a
    diagonal neighbour, and each is entered from the first of those next to it (a walk's
    path, which decides where an attack of opportunity falls, is the engine's)."""
    board = Grid(5, 5)
    found = _layered(board, (2, 2), 2, frozenset())
    assert list(found)[:9] == [
        (2, 2), (1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3), (2, 3), (3, 3),
    ]  # fmt: skip
    assert [found[t][1] for t in list(found)[9:]] == [
        *[(1, 2)] * 3, *[(2, 1)] * 3, *[(2, 3)] * 3, *[(3, 2)] * 3,
        (1, 1), (1, 3), (3, 1), (3, 3),
    ]  # fmt: skip
    assert found[(1, 0)] == (2, (2, 1))  # next to (1, 1) too, but (2, 1) is popped first
    assert list(found.items()) == list(_dijkstra(board, (2, 2), 2, frozenset()).items())


def test_the_alternate_and_double_diagonals_are_priced_by_their_rule() -> None:
    """The map's `diagonal` option prices a diagonal step 1, 1-2 alternately, or 2: the
    layered search, which counts every step one, answers for `one` only."""
    assert Grid(6, 6).reachable((0, 0), 3)[(2, 2)] == 2
    assert Grid(6, 6, diagonal="alternate").reachable((0, 0), 3)[(2, 2)] == 3
    assert (2, 2) not in Grid(6, 6, diagonal="two").reachable((0, 0), 3)


def test_a_line_drawn_from_its_offset_is_the_line_drawn_where_it_stands() -> None:
    """Seed, Line of Sight, as the contract reads it: the tiles a straight line between the
    two centres crosses. Every pair of tiles of a 17x11 map (each offset many times over)."""
    tiles = [(x, y) for x in range(17) for y in range(11)]
    for a in tiles:
        for b in tiles:
            assert _line(a, b) == drawn(a, b), (a, b)


@settings(max_examples=300, deadline=None)
@given(boards("one"), st.sampled_from(["one", "alternate"]), st.integers(1, 3))
def test_walking_distances_in_steps_are_dijkstras(
    board_start_bodies: tuple[Grid, Tile, frozenset[Tile]], rule: str, goals: int
) -> None:
    """tactics._nearer's walk to the nearest foe: a first step costs one under `one` and
    `alternate`, so a breadth-first walk finds every tile's distance as Dijkstra does."""
    board, start, bodies = board_start_bodies
    board = Grid(board.width, board.height, walls=board.walls, diagonal=rule)
    free = sorted(t for t in bodies if board.walkable(t))
    targets = tuple([start, *free][:goals])
    assert _walked_in_steps(board, targets, bodies) == _walked_by_cost(board, targets, bodies)


@settings(max_examples=300, deadline=None)
@given(boards("one"), st.sampled_from(["one", "alternate", "two"]), st.integers(1, 3))
def test_walking_distances_by_number_are_the_tactics(
    board_start_bodies: tuple[Grid, Tile, frozenset[Tile]], rule: str, goals: int
) -> None:
    """The nwo fast path's walk to the nearest foe (`appraisal.walked_numbers`, a list by
    tile number) gives every tile of the map the distance the tactics' walk gives it
    (`_walking_distances`), and `far` to the tiles it never reaches, under each diagonal
    rule; goals include a body off the map, whose steps onto it count."""
    board, start, bodies = board_start_bodies
    board = Grid(board.width, board.height, walls=board.walls, diagonal=rule)
    free = sorted(t for t in bodies if board.walkable(t))
    targets = tuple([start, *free, (-1, 0)][:goals])
    expected = _walking_distances.__wrapped__(board, targets, bodies)
    found = walked_numbers(board, targets, bodies, 999)
    assert len(found) == board.width * board.height
    for x in range(board.width):
        for y in range(board.height):
            assert found[x * board.height + y] == expected.get((x, y), 999), (x, y)


def _firefight() -> Compiled:
    fast = build_fork(make_job(example("nwo-firefight.yaml"), 1, {}, None)).fast
    assert isinstance(fast, _FastPath)
    return fast.compiled


FIREFIGHT = _firefight()
DEPOT = [
    (x, y)
    for x in range(FIREFIGHT.board.width)
    for y in range(FIREFIGHT.board.height)
    if (x, y) not in FIREFIGHT.board.walls
]


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(DEPOT),
    st.sampled_from(DEPOT),
    st.sets(st.sampled_from(DEPOT), max_size=6),
    st.sets(st.sampled_from(DEPOT), max_size=4),
)
def test_the_fast_paths_line_of_fire_is_the_tactics(
    tile: Tile, target: Tile, occupied: set[Tile], shields: set[Tile]
) -> None:
    """Seed, Line of Sight: "If a target is obscured by cover, or another character, they
    are considered in 'Cover'"; a wall blocks the shot, and the tactics never shoot through
    a friend or the helpless. On the firefight's depot (its pillars and crates), with
    bodies anywhere: ruled out, screened or clear, as `appraisal._line_of_fire` says."""
    bodies, helpless = frozenset(occupied), frozenset(shields)
    expected = _line_of_fire.__wrapped__(FIREFIGHT.board, tile, target, bodies, helpless)
    assert verdict(FIREFIGHT, tile, target, bodies, helpless) == expected


@settings(max_examples=400, deadline=None)
@given(
    st.integers(-1, FIREFIGHT.board.width),
    st.integers(-1, FIREFIGHT.board.height),
    st.sets(st.sampled_from(DEPOT), max_size=4),
)
def test_the_fast_paths_cover_count_is_the_tactics(x: int, y: int, shooters: set[Tile]) -> None:
    """Seed, Line of Sight: "If a target is obscured by cover, or another character, they
    are considered in 'Cover'". A hurt fighter weighs how many of the foes' guns the cover
    next to a tile screens: on the firefight's depot, from any of its tiles, and for a tile
    just off the map's edge too (cover on the edge names such tiles), the fast path's count
    over its own lines of fire (`shelter_count`) is `appraisal._shelter`'s."""
    guns = tuple(sorted(s for s in shooters if s != (x, y)))
    expected = _shelter.__wrapped__(FIREFIGHT.board, (x, y), guns)
    assert shelter_count(FIREFIGHT, (x, y), guns) == expected


def test_each_pair_of_tiles_has_its_own_place_in_the_listed_lines() -> None:
    """`Compiled.sight` keeps a small map's lines in a list, a place per pair of tiles: every
    pair of the depot's tiles, asked in turn, gets the map's own line, cover and walls, and
    asked again the very answer it got (so no two pairs share a place); a tile off the map
    is answered from the pairs' table instead."""
    board = FIREFIGHT.board
    assert FIREFIGHT.listed
    tiles = [(x, y) for x in range(board.width) for y in range(board.height)]
    answers = {(a, b): FIREFIGHT.sight(a, b) for a in tiles for b in tiles}
    for (a, b), sight in answers.items():
        assert FIREFIGHT.sight(a, b) is sight
        assert sight.line == tuple(board.line(a, b))
        assert sight.tiles == frozenset(sight.line)
        assert sight.covered == board.cover_between(a, b)
        assert sight.walled == any(t in board.walls for t in sight.line)
    assert len({id(sight) for sight in answers.values()}) == len(tiles) ** 2
    off = FIREFIGHT.sight((2, 2), (board.width, 3))
    assert off.line == tuple(board.line((2, 2), (board.width, 3)))
    assert FIREFIGHT.lines[((2, 2), (board.width, 3))] is off


def test_the_fast_paths_tables_answer_as_the_shared_caches_and_start_over_when_full() -> None:
    """`Tables` keeps a reachable map by start, allowance and bodies, with its tiles by cost
    (ties in the search's order); asked more than `REACHES_KEPT` questions it starts over,
    so a long run's memory is bounded."""
    board = FIREFIGHT.board
    tables = Tables(board)
    bodies = frozenset({(3, 3)})
    costs, by_cost, came = tables.reachable((2, 2), 2, bodies)
    expected = board.reachable((2, 2), 2, bodies)
    del expected[(2, 2)]
    assert dict(costs) == expected
    assert list(by_cost) == sorted(expected, key=expected.__getitem__)
    assert came == _entered_from(board, _search(board, (2, 2), 2, bodies))
    assert tables.reachable((2, 2), 2, bodies)[0] is costs  # kept
    assert tables.reachable((2, 2), 2, frozenset())[0] != costs  # the bodies are in the key
    for n in range(REACHES_KEPT):
        tables.reachable((n % 16, 0), 1 + n // 16, bodies)
    assert len(tables.reach) <= REACHES_KEPT
    assert tables.reachable((2, 2), 2, bodies)[0] is not costs  # started over


@pytest.mark.parametrize("diagonal", ["one", "alternate"])
def test_a_moves_path_is_the_maps_own_path_through_the_kept_search(diagonal: str) -> None:
    """`Tables.path` reads a move's path from the search `reachable` keeps, where the engine
    asks `grid.path_to` (movement.resolve_move): the same tiles in the same order, for every
    tile in reach of the firefight's fighters, a body on the way or not; on the depot as it
    is (searched in layers) and with the alternate diagonal rule (the map's own search)."""
    depot = FIREFIGHT.board
    board = Grid(depot.width, depot.height, walls=depot.walls, cover=depot.cover, diagonal=diagonal)
    tables = Tables(board)
    for start, others in (((2, 2), frozenset({(3, 3)})), ((5, 4), frozenset({(6, 4), (4, 5)}))):
        for allowance in (1, 3, 6):
            reach, _, came = tables.reachable(start, allowance, others)
            assert reach  # the walk has somewhere to go
            bodies = tables.bodies(start, allowance, others)
            for goal in reach:
                path = tables.path(came, start, goal)
                assert path == board.path_to(start, goal, allowance, bodies)
                assert path[0] == start and path[-1] == goal


@settings(max_examples=300, deadline=None)
@given(boards(), st.sampled_from(["one", "alternate", "two"]), st.integers(0, 8))
def test_bodies_out_of_reach_change_no_search(
    board_start_bodies: tuple[Grid, Tile, frozenset[Tile]], rule: str, budget: int
) -> None:
    """The fast path searches around the bodies within the allowance as the crow flies
    (`fastpath_tables.in_reach`), so that boards differing only farther away share a search:
    the tiles, costs, entries and order are those of the search around every body, under
    each diagonal rule."""
    board, start, bodies = board_start_bodies
    board = Grid(board.width, board.height, walls=board.walls, diagonal=rule)
    near = in_reach(start, budget, bodies)
    assert all(max(abs(x - start[0]), abs(y - start[1])) <= budget for x, y in near)
    every = _search.__wrapped__(board, start, budget, bodies)
    assert list(_search.__wrapped__(board, start, budget, near).items()) == list(every.items())


def test_the_forks_list_of_chances_is_beats_at_every_margin() -> None:
    """Seed, Parrying: "If an attacker and defender roll the same result [...] By default,
    parries go in favor of the defender": a panel roll (2d6) plus the margin must beat the
    other's to hit (appraisal.beats). The fork lists those chances once, and past a margin
    of 11 either way the roll always wins (2 + 11 beats 12) or never does (12 - 11 loses
    to 2): every margin from -40 to 40 reads the very chance `beats` works out."""
    assert FIREFIGHT.beats(11) == 1.0 and FIREFIGHT.beats(-11) == 0.0
    for margin in range(-40, 41):
        assert FIREFIGHT.beats(margin) == beats(margin), margin
