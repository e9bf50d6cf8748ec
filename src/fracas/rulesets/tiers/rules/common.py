"""Pieces every `tiers` rule needs: typed access, the map, who stands where, facing arcs and
the turn's two actions."""

from __future__ import annotations

import math
from typing import cast

from fracas.core.errors import IllegalAction
from fracas.core.grid import Grid
from fracas.core.state import EncounterState
from fracas.rulesets.tiers.options import TiersOptions
from fracas.rulesets.tiers.rules import arcs
from fracas.rulesets.tiers.sheet import FACINGS
from fracas.rulesets.tiers.warrior import ACTIONS_PER_TURN, Tile, Warrior

STEP: dict[str, Tile] = {
    "n": (0, -1),
    "ne": (1, -1),
    "e": (1, 0),
    "se": (1, 1),
    "s": (0, 1),
    "sw": (-1, 1),
    "w": (-1, 0),
    "nw": (-1, -1),
}
"""One square in each direction; y grows downward (south), as on nwo's map."""
FRONT_SPAN = 2
"""Octants either side of the facing that are still front under `arc: octant`: F, FL, FR, L,
R (5 squares)."""


def fighter(state: EncounterState, combatant_id: str) -> Warrior:
    found = state.find(combatant_id)
    if found is None:
        raise IllegalAction(f"there is no combatant {combatant_id!r}")
    return cast(Warrior, found)


def options(state: EncounterState) -> TiersOptions:
    return cast(TiersOptions, state.options)


def grid(state: EncounterState) -> Grid:
    return cast(Grid, state.arena)


def distance(a: Tile, b: Tile) -> int:
    """Squares between two tiles on a chess board: diagonals count one ("including diagonal
    squares touching it")."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def body(who: Warrior, at: Tile | None = None, facing: str | None = None) -> frozenset[Tile]:
    """The tiles `who` takes, or would take with its front-left tile `at` and `facing`: one for
    an ordinary character, width x length for a large creature (B21)."""
    tile = who.tile if at is None else at
    if not who.large:
        return frozenset((tile,))
    return arcs.body_tiles(tile, who.width, who.length, STEP[facing or who.facing])


def nearest(who: Warrior, toward: Tile) -> Tile:
    """The tile of `who`'s body nearest `toward` (then the smallest): where a large creature is
    reached in melee and aimed at. An ordinary character's one tile."""
    if not who.large:
        return who.tile
    return min(body(who), key=lambda t: (distance(t, toward), t))


def bounds(who: Warrior) -> tuple[int, int, int, int]:
    """The corners of `who`'s body, (west x, north y, east x, south y): a body lies along the
    grid's rows (B21), so it fills exactly this rectangle."""
    if not who.large:
        return (who.x, who.y, who.x, who.y)
    fx, fy = STEP[who.facing]
    # the far corner: width - 1 squares to the body's right (-fy, fx), length - 1 back
    far = (
        who.x - fy * (who.width - 1) - fx * (who.length - 1),
        who.y + fx * (who.width - 1) - fy * (who.length - 1),
    )
    return (min(who.x, far[0]), min(who.y, far[1]), max(who.x, far[0]), max(who.y, far[1]))


def gap_between(a: Warrior, b: Warrior) -> int:
    """Squares between two bodies, nearest tile to nearest tile: the distance every reach and
    range is measured over. For two one-tile characters, the distance of their tiles. Bodies
    are rectangles, so the gap is the larger of the gaps along x and along y (the same as
    the least distance over every pair of tiles, without trying every pair: the tactics ask
    it of every foe on every action). A pair that bumped into each other in the dark this
    turn is 1 apart wherever their moves ended: the exchanges "occur" where their lines
    crossed (B32)."""
    if b.id in a.bumped:
        return 1
    if not (a.large or b.large):
        return distance(a.tile, b.tile)
    aw, an, ae, as_ = bounds(a)
    bw, bn, be, bs = bounds(b)
    return max(0, bw - ae, aw - be, bn - as_, an - bs)


def standing(state: EncounterState) -> dict[Tile, str]:
    """Who stands on each tile: "Only 1 character is allowed to take up a square at any
    time, so long as they are alive & fighting"; the fallen take no square, and a large
    creature takes every tile of its body. Kept per state."""

    def compute() -> dict[Tile, str]:
        taken: dict[Tile, str] = {}
        for c in cast(tuple[Warrior, ...], state.combatants):
            if c.is_active:
                taken.update(dict.fromkeys(body(c), c.id))
        return taken

    return state.derived("tiers.standing", compute)


def direction(source: Tile, toward: Tile) -> str:
    """The compass octant from `source` toward `toward`: where a facing kept on someone
    points, and (B21 `arc: octant`) which arc a far attacker stands in. The same tile gives
    "n"."""
    dx, dy = toward[0] - source[0], toward[1] - source[1]
    if dx == 0 and dy == 0:
        return "n"
    # angle clockwise from north, with y growing southward
    angle = math.degrees(math.atan2(dx, -dy)) % 360
    return FACINGS[round(angle / 45) % 8]


def facing_of(state: EncounterState, who: Warrior) -> str:
    """The facing now: a facing locked on someone turns to keep them in front (B5). A large
    body never locks on (rules/movement.py refuses it), so its facing is the declared one."""
    if who.facing_on is not None and not who.large:
        other = state.find(who.facing_on)
        if other is not None:
            there = cast(Warrior, other).tile
            if there != who.tile:
                return direction(who.tile, there)
    return who.facing


def in_front(state: EncounterState, defender: Warrior, attacker_tile: Tile) -> bool:
    """Whether the attacker stands in the defender's front arc: "each square forward facing
    for the character (forward, left, right, diagonal left, & diagonal right) is the front";
    "behind, diagonal left, & diagonal right" is the rear. Shields, stealth attacks "from
    behind" and the free stealth attack all ask this. Beyond the neighbours, B21: on or ahead
    of the defender's centre line (`arc: center_line`, rules/arcs.py), or the compass octant
    of the attacker's direction (`arc: octant`); both give the seed's 5 and 3 next to it. A
    large creature's centre line runs through the middle of its body: "The front arc that a
    shield protects for large creatures includes all tiles from it's center-line forward"."""
    if options(state).arc == "center_line" or defender.large:  # the seed's own rule for bodies
        step = STEP[facing_of(state, defender)]
        centre2 = arcs.body_centre2(defender.tile, defender.width, defender.length, step)
        return arcs.ahead(centre2, step, attacker_tile)
    facing = FACINGS.index(facing_of(state, defender))
    toward = FACINGS.index(direction(defender.tile, attacker_tile))
    apart = abs(facing - toward) % 8
    return min(apart, 8 - apart) <= FRONT_SPAN


def armor_bonus(state: EncounterState, who: Warrior) -> int:
    """The "armor bonus" before any shield: worn armor, natural armor and, unless the table
    reads cloaks as warmth that stops no blow (`cloaks_add_to_armor: false`, B12), the
    cloaks' Tiers. With `natural_armor_under_worn: covered` (B34) worn armor above T0 covers
    the natural armor, which counts again once crits bring the worn armor to T0 ("if they
    have worn armor covering it until the worn armor is reduced to T0"). Every blow's armor
    comes from here, so the options reach them all."""
    opts = options(state)
    cloaks = who.cloaks if opts.cloaks_add_to_armor else 0
    covered = opts.natural_armor_under_worn == "covered" and who.armor > 0
    return who.armor + cloaks + (0 if covered else who.natural_armor)


def shield_against(state: EncounterState, defender: Warrior, attacker_tile: Tile) -> int:
    """The shield's Tier when it is in hand and the blow comes from the front arc, else 0
    ("only reduces damage when receiving attacks from the front", TIERS-10, TIERS-77)."""
    if defender.shield_equipped and in_front(state, defender, attacker_tile):
        return defender.shield
    return 0


def require_action(actor: Warrior, *, contested: bool) -> None:
    """ "Each turn a character may perform 2 actions ... only declare 1 contested action." """
    if actor.actions >= ACTIONS_PER_TURN:
        raise IllegalAction(
            f"{actor.id} has used both of this turn's actions; end the turn (end_turn)"
        )
    if contested and actor.contested:
        raise IllegalAction(
            f"{actor.id} has already declared this turn's one contested action; a "
            "non-contested one (move) is still allowed"
        )


def require_target(actor: Warrior, target: Warrior) -> None:
    if target.id == actor.id:
        raise IllegalAction(f"{actor.id} cannot attack itself")
    if target.status == "dead":
        raise IllegalAction(f"{target.id} is dead")


def is_ally(a: Warrior, b: Warrior) -> bool:
    return a.side == b.side
