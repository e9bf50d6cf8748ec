"""Front and rear by the centre line (seed 001, "Being Attacked & Shields"; B21).

The seed draws the arcs twice. For one square: "each square forward facing for the character
(forward, left, right, diagonal left, & diagonal right) is the front of that character. Each
square behind the character (behind, diagonal left, & diagonal right) is the rear". For a large
body: "The front arc that a shield protects for large creatures includes all tiles from it's
center-line forward", with a 3x5 "draconic" diagram. Neither says where a distant attacker
stands.

B21 (`arc: center_line`, the default) takes the large-creature sentence as the rule behind
both: a tile is in front when it lies on or ahead of the line through the body's centre at
right angles to its facing, that is when its offset from the centre, dotted with the facing
step, is not negative. One rule then gives the seed's 5 front and 3 rear neighbours in all 8
facings (the two side squares lie on the line, and count as front), the 3x5 diagram's 11
covered and 9 uncovered tiles, and a half plane for a far attacker. `octant` keeps the older
reading: a far attacker is judged by the compass octant its direction falls in.

Positions are doubled so that the centre of an even-sized body still falls on whole numbers.
"""

from __future__ import annotations

from functools import cache

Tile = tuple[int, int]


def ahead(centre2: Tile, step: Tile, tile: Tile) -> bool:
    """Whether `tile` lies on or ahead of the centre line of a body whose doubled centre is
    `centre2` and which faces `step` (one square toward the facing; diagonal steps work too,
    since only the sign of the dot product matters)."""
    dx, dy = 2 * tile[0] - centre2[0], 2 * tile[1] - centre2[1]
    return dx * step[0] + dy * step[1] >= 0


def body_centre2(front_left: Tile, width: int, length: int, step: Tile) -> Tile:
    """The doubled centre of a `width` x `length` body facing the straight `step` (n, e, s or
    w, as B21 has large bodies face), given its front-left tile. A one-square body's doubled
    centre is simply its tile doubled."""
    fx, fy = step
    rx, ry = -fy, fx  # the body's right hand, with y growing southward
    # from the front-left tile's centre: width - 1 squares rightward, length - 1 backward
    return (
        2 * front_left[0] + (width - 1) * rx - (length - 1) * fx,
        2 * front_left[1] + (width - 1) * ry - (length - 1) * fy,
    )


@cache
def body_tiles(front_left: Tile, width: int, length: int, step: Tile) -> frozenset[Tile]:
    """The tiles of a `width` x `length` body facing the straight `step`, from its front-left
    tile (the left end of its front row, as the creature sees it): width across its facing,
    length along it. A one-square body is its one tile. Cached: the rules and tactics ask for
    the same few bodies many times per action, and a map has few places a body can lie."""
    fx, fy = step
    rx, ry = -fy, fx
    return frozenset(
        (front_left[0] + i * rx - j * fx, front_left[1] + i * ry - j * fy)
        for i in range(width)
        for j in range(length)
    )
