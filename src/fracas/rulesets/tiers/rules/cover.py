"""Cover, judged from the shooter (seed 001, "Cover & Terrain").

"The intent of the rules for Cover is from the perspective of the shooter. If their target is
obscured in any way from terrain, objects, or people, they will not be allowed make the
shot." To shoot from behind cover, "the character must be occupying a tile next to the object
used as cover; the cover must be between them & their opponent; they must be at one of the
objects edges", and "While behind cover; a character cannot receive any projectile attacks".

The line between two tile centres cannot give both halves: it lets the one behind cover shoot
out, but it equally lets the target shoot back along the same line. B38's reading
(`line_of_fire: whole_tile`, the default) asks what the shooter sees from the centre of its
tile: a projectile needs every part of the target's tile in view, with no wall, terrain or
standing character (friend or foe) in front of any of it. From the edge of cover the shooter
sees past the corner; the target, looking back, finds a slice of the shooter's tile behind
that corner. So the sheltered one shoots and is not shot, and the two bowmen either side of a
tree shoot neither. A blocker that only touches the view along a line hides nothing.
`centre_line` keeps the exchange's check alone (rules/exchange.py). Melee blows, 2H sniping
included, are judged by the exchange's walls-only check either way.

The geometry is exact where it decides: coordinates are doubled, so every corner seen from a
tile centre is a pair of whole numbers and the angular bounds compare by integer cross
products. Only the order of the two tiles along one ray inside the shared view is a float.
"""

from __future__ import annotations

import math

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.rulesets.tiers.rules.common import grid, nearest, options, standing
from fracas.rulesets.tiers.warrior import Tile, Warrior

Ray = tuple[int, int]


def _turn(a: Ray, b: Ray) -> int:
    """Positive when `b` lies counterclockwise of `a` (less than half a turn away)."""
    return a[0] * b[1] - a[1] * b[0]


def _view(eye: Tile, tile: Tile) -> tuple[Ray, Ray]:
    """The two corners of `tile` that bound it as seen from the centre of `eye`: the most
    clockwise and the most counterclockwise, in doubled coordinates."""
    cx, cy = 2 * (tile[0] - eye[0]), 2 * (tile[1] - eye[1])
    corners = [(cx + dx, cy + dy) for dx in (-1, 1) for dy in (-1, 1)]
    first = next(c for c in corners if all(_turn(c, o) >= 0 for o in corners))
    last = next(c for c in corners if all(_turn(o, c) >= 0 for o in corners))
    return first, last


def _entry(eye: Tile, tile: Tile, ray: tuple[float, float]) -> float:
    """How far along `ray` from the centre of `eye` it enters `tile` (slab by slab)."""
    enter = 0.0
    for step, offset in ((ray[0], tile[0] - eye[0]), (ray[1], tile[1] - eye[1])):
        if step != 0:
            enter = max(enter, min((offset - 0.5) / step, (offset + 0.5) / step))
    return enter


def hides(eye: Tile, blocker: Tile, target: Tile) -> bool:
    """Whether `blocker` stands in front of some part of `target`, seen from `eye`.

    The caller passes only blockers ahead of the eye (see `_ahead`), so both views lie within
    less than half a turn and "more counterclockwise" is a plain order on them.
    """
    seen, shade = _view(eye, target), _view(eye, blocker)
    start = shade[0] if _turn(seen[0], shade[0]) > 0 else seen[0]
    end = shade[1] if _turn(shade[1], seen[1]) > 0 else seen[1]
    if _turn(start, end) <= 0:
        return False  # the views meet along a line at most, or not at all
    # the ray halfway through the shared view crosses both tiles; disjoint squares keep one
    # order along every such ray, so this one tells which is in front
    near, far = math.hypot(*start), math.hypot(*end)
    middle = (start[0] / near + end[0] / far, start[1] / near + end[1] / far)
    return _entry(eye, blocker, middle) < _entry(eye, target, middle)


def _ahead(eye: Tile, target: Tile, tile: Tile) -> bool:
    """A tile whose centre lies ahead of the eye toward the target. One level with the eye
    or behind it is seen at least 45 degrees off the target's side, where no target tile
    reaches, so it cannot hide anything."""
    return (tile[0] - eye[0]) * (target[0] - eye[0]) + (tile[1] - eye[1]) * (target[1] - eye[1]) > 0


def require_whole_view(state: EncounterState, shooter: Warrior, target: Warrior) -> None:
    """Refuse a projectile at a target any part of which walls, terrain or people hide."""
    if options(state).line_of_fire != "whole_tile":
        return
    eye = shooter.tile
    aim = nearest(target, eye)  # a large target is aimed at its nearest tile (B21)
    walls = grid(state).walls
    taken = standing(state)
    for x in range(min(eye[0], aim[0]) - 1, max(eye[0], aim[0]) + 2):
        for y in range(min(eye[1], aim[1]) - 1, max(eye[1], aim[1]) + 2):
            tile = (x, y)
            what = "a wall or terrain" if tile in walls else taken.get(tile)
            if what in (shooter.id, target.id):
                continue  # one's own body, or the rest of the target's, hides nothing
            if what is None or tile in (eye, aim) or not _ahead(eye, aim, tile):
                continue
            if hides(eye, tile, aim):
                raise IllegalAction(
                    f"{what} at {tile} hides part of {target.id} from {shooter.id}; a "
                    "projectile needs its whole target in view (shoot from the edge of "
                    "cover, or move)"
                )
