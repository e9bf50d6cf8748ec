"""The tactics' geometry is kept across states (`appraisal._line_of_fire`,
`appraisal._walking_distances`): a fork's trials ask the same lines of fire and walks again
and again. These tests hold the keys to everything the answers read, by asking the same
question about two arrangements that differ in one thing only, in turn, and checking each
answer against the uncached computation: a key that left that one thing out would hand the
first arrangement's answer to the second."""

from __future__ import annotations

from dataclasses import replace

from fracas.core.actions import Action
from fracas.core.state import EncounterState
from fracas.rulesets.nwo import RULESET
from fracas.rulesets.nwo.actions import Attack
from fracas.rulesets.nwo.appraisal import (
    _CLEAR,
    _RULED_OUT,
    _SCREENED,
    _line_of_fire,
    _shelter,
    _walking_distances,
    _zone,
    distances_to,
)
from fracas.rulesets.nwo.grid import Grid, Tile
from fracas.rulesets.nwo.operative import Operative
from tests.rulesets.nwo.core_helpers import Fight, op

SHOOTER, TARGET, MIDWAY = (1, 4), (7, 4), (4, 4)
NOBODY: frozenset[Tile] = frozenset()


def test_a_line_of_fire_is_kept_apart_for_each_arrangement_of_bodies_and_walls() -> None:
    """Seed, Line of Sight: "If a target is obscured by cover, or another character, they
    are considered in 'Cover' ... giving a +6 to ranged defense rolls"; a wall blocks the
    line; the tactics never shoot through a friend. Arrangements that differ each in one
    thing (the map's walls, the shooter's tile, the target's tile, a stranger, a friend) get
    their own answers."""
    open_map = Grid(10, 10)
    walled = Grid(10, 10, walls=frozenset({MIDWAY}))
    beside = (1, 6)
    cases = [
        (open_map, SHOOTER, TARGET, NOBODY, NOBODY, _CLEAR),
        (walled, SHOOTER, TARGET, NOBODY, NOBODY, _RULED_OUT),
        (walled, beside, TARGET, NOBODY, NOBODY, _CLEAR),
        (walled, SHOOTER, (7, 6), NOBODY, NOBODY, _CLEAR),
        (open_map, SHOOTER, TARGET, frozenset({MIDWAY}), NOBODY, _SCREENED),
        (open_map, SHOOTER, TARGET, NOBODY, frozenset({MIDWAY}), _RULED_OUT),
    ]
    _line_of_fire.cache_clear()
    for _ in range(2):  # the second round answers from the cache
        for board, shooter, target, occupied, shields, expected in cases:
            assert _line_of_fire.__wrapped__(board, shooter, target, occupied, shields) == expected
            assert _line_of_fire(board, shooter, target, occupied, shields) == expected
    assert _line_of_fire.cache_info().hits == len(cases)


def test_walking_distances_are_kept_apart_for_each_arrangement_of_bodies() -> None:
    """Each of the map, the goals and the bodies changes the answer. Bodies block a walk as
    walls do (the tactics walk round them): with a row of them across the way (x 5, y 0-8)
    the walk goes round by (5, 9), 5 + 5 steps rather than 7, and the cache must not hand
    the open map's distance to the blocked one."""
    board = Grid(10, 10)
    goal = ((8, 4),)
    wall_of_bodies = frozenset((5, y) for y in range(0, 9))
    _walking_distances.cache_clear()
    for _ in range(2):
        assert _walking_distances(board, goal, NOBODY)[(1, 4)] == 7
        assert _walking_distances(board, goal, wall_of_bodies)[(1, 4)] == 10
        walled = Grid(10, 10, walls=wall_of_bodies)
        assert _walking_distances(walled, goal, NOBODY)[(1, 4)] == 10
        assert _walking_distances(board, ((3, 4),), wall_of_bodies)[(1, 4)] == 2
    assert _walking_distances.cache_info().hits == 4


def _moved(state: EncounterState, oid: str, tile: Tile) -> EncounterState:
    who = state.get(oid)
    assert isinstance(who, Operative)
    return state.with_combatant(replace(who, x=tile[0], y=tile[1]))


def test_the_tactics_choice_follows_a_friend_who_steps_into_the_line() -> None:
    """Two states that differ only in where one friend stands: in the open, Ines shoots the
    wounded Sil; with Tobin on that line (the tactics never fire through a friend), she
    shoots the tough Gorm instead. Were Tobin a stranger he would only be cover, and a
    screened shot at Sil still beats one at Gorm: so a cache that took the friend for a mere
    body, or kept the open line's answer, would shoot Sil both times."""
    fight = Fight(
        op("ines", "scav", 1, 4, weapons=["submachine_gun"], skills={"aiming": 6}),
        op("tobin", "scav", 1, 0, weapons=["two_handed_axe"]),
        op("sil", "ash", 7, 4, weapons=["revolver"], hp=3),
        op("gorm", "ash", 7, 6, weapons=["shotgun"], hp=30, armor="heavy"),
    )
    open_line = fight.state
    blocked_line = _moved(open_line, "tobin", MIDWAY)
    expected: list[tuple[EncounterState, Action]] = [
        (open_line, Attack(actor="ines", target="sil", weapon="submachine_gun")),
        (blocked_line, Attack(actor="ines", target="gorm", weapon="submachine_gun")),
    ]
    _line_of_fire.cache_clear()
    for _ in range(2):
        for state, action in expected:
            assert RULESET.suggest(state) == action
    assert distances_to(open_line, [(7, 4)], NOBODY)[(1, 4)] == 6


def test_a_threat_zone_is_kept_apart_for_each_foe_tile_reach_and_diagonal_count() -> None:
    """A foe with a melee weapon engages whoever stands within its reach: the zone moves
    with the foe, grows with the reach, and on a map that counts diagonals as two it is a
    diamond rather than a square (so (3, 3), two diagonal steps from (5, 5), drops out)."""
    square, diamond = Grid(10, 10), Grid(10, 10, diagonal="two")
    cases = [
        (square, (((5, 5), 1),), 9, (4, 4)),
        (square, (((6, 5), 1),), 9, (7, 4)),
        (square, (((5, 5), 2),), 25, (3, 3)),
        (diamond, (((5, 5), 2),), 13, (5, 3)),
    ]
    _zone.cache_clear()
    for _ in range(2):
        for board, reaches, size, inside in cases:
            zone = _zone(board, reaches)
            assert (len(zone), inside in zone) == (size, True)
            assert zone == _zone.__wrapped__(board, reaches)
    assert (3, 3) not in _zone(diamond, (((5, 5), 2),))
    assert _zone.cache_info().hits == len(cases) + 1


def test_shelter_is_kept_apart_for_each_tile_and_each_set_of_shooters() -> None:
    """Seed, Line of Sight: cover on the line of fire gives +6 to ranged defense. Cover at
    (5, 4) screens (6, 4) from a shooter to the west, not from one to the east, nor a tile
    with no cover beside it; on a map without the cover, from nobody."""
    board, bare = Grid(10, 10, cover=frozenset({(5, 4)})), Grid(10, 10)
    west, east = (1, 4), (9, 4)
    cases = [
        (board, (6, 4), (west,), 1),
        (board, (6, 4), (east,), 0),
        (board, (6, 4), (west, east), 1),
        (board, (8, 8), (west,), 0),
        (bare, (6, 4), (west,), 0),
    ]
    _shelter.cache_clear()
    for _ in range(2):
        for grid_, tile, shooters, expected in cases:
            assert _shelter.__wrapped__(grid_, tile, shooters) == expected
            assert _shelter(grid_, tile, shooters) == expected
    assert _shelter.cache_info().hits == len(cases)
