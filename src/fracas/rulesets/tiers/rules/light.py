"""Light and sight (seed 001, "Lighting Conditions": "Low Light Conditions", "Light Sources").

A tile's light is a number: 0 is absolute darkness, 1-100 a Low Light level ("These numbers
reflect how far you can identify a target in tiles"), and `BRIGHT` full light. The room has a
level of its own (`map.light.level`); each torch, campfire or candle "will project a 5-tile
radius of bright light and a secondary 10-tile radius of Low Light 1"; a tile takes the
brightest light that reaches it (B29), and walls stop a source's light unless the option
`light_through_walls` says otherwise. The zones are squares around the source, as the seed's
diagram draws them (B13).

Seeing is per pair (B40): A identifies B when A has dark vision, or B stands in light that
reaches A: bright, or Low Light no fainter than the distance between them (a race immune to
Low Light sees any lit tile). A character who cannot see B is Blind towards B: it may attack B
only within unarmed reach (rules/blindness.py). Ranged attacks see no penalty up to twice the
Low Light level on the target's tile; beyond, the defender adds 1 to its roll per tile.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import cast

from fracas.core.errors import ScenarioError
from fracas.core.grid import Grid
from fracas.core.state import EncounterState
from fracas.rulesets.tiers.options import TiersOptions
from fracas.rulesets.tiers.rules.common import body, distance, nearest
from fracas.rulesets.tiers.sheet import Arena
from fracas.rulesets.tiers.warrior import GroundItem, Tile, Warrior

DARK = 0
"""'“Low Light 0” on this scale is treated as total Darkness.'"""
BRIGHT = 10_000
"""Full light: farther than any map, so "identify within the level" holds for any distance."""
BRIGHT_RADIUS = 5
RING_RADIUS = 10
"""A source's Low Light 1 ring reaches 10 tiles from it (B13, `light_ring: from_source`)."""
RING_LEVEL = 1


@dataclass(frozen=True, slots=True)
class LitGrid(Grid):
    """The tiers map: the core grid plus its light. The light of every tile is worked out once
    per map (lights do not move yet) and kept, since sight is asked for every attack."""

    level: int = BRIGHT
    """The room's own light."""
    sources: tuple[tuple[int, int, str], ...] = ()
    """(x, y, kind) of each light source."""
    carried: tuple[tuple[str, str], ...] = ()
    """(carrier id, kind) of each light a combatant carries (B44): it moves with them."""
    ring: int = RING_RADIUS
    through_walls: bool = False
    unlit: tuple[tuple[str, str], ...] = ()
    """(carrier id, kind) of each light carried unlit, until lit (rules/torches.py)."""
    ground: tuple[GroundItem, ...] = ()
    """The weapons lying on the map (rules/dropping.py): a dropped weapon stays where it fell."""
    _lit: dict[Tile, int] = field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    def light(self, tile: Tile) -> int:
        """The light on `tile` from the room and the sources standing on the map."""
        known = self._lit.get(tile)
        if known is not None:
            return known
        best = self.level
        for x, y, _ in self.sources:
            if best >= BRIGHT:
                break
            best = max(best, self.shed((x, y), tile))
        self._lit[tile] = best
        return best

    def shed(self, source: Tile, tile: Tile) -> int:
        """What one source on `source` sheds on `tile`: bright within 5, Low Light 1 in the
        ring, darkness (0) beyond or behind a wall."""
        gap = distance(source, tile)
        if gap > self.ring or (not self.through_walls and self.sight_blocked(source, tile)):
            return DARK
        return BRIGHT if gap <= BRIGHT_RADIUS else RING_LEVEL


def lit_grid(arena: Arena, opts: TiersOptions) -> LitGrid:
    """The map of a scenario file, light included."""
    level = arena.light.level
    return LitGrid(
        width=arena.width,
        height=arena.height,
        walls=frozenset(arena.walls) | frozenset(arena.terrain),
        level=BRIGHT if level == "bright" else level,
        sources=tuple(
            (s.x, s.y, s.kind) for s in arena.lights if s.x is not None and s.y is not None
        ),
        carried=tuple(
            (s.carried_by, s.kind) for s in arena.lights if s.carried_by is not None and s.lit
        ),
        unlit=tuple(
            (s.carried_by, s.kind) for s in arena.lights if s.carried_by is not None and not s.lit
        ),
        ring=RING_RADIUS if opts.light_ring == "from_source" else RING_RADIUS + BRIGHT_RADIUS,
        through_walls=opts.light_through_walls,
        diagonal=opts.diagonal,  # B39: what a move's diagonal step costs
    )


def light_at(state: EncounterState, tile: Tile) -> int:
    """The light on a tile, carried lights included; a map without light (a state built by
    hand) is bright."""
    board = state.arena
    if not isinstance(board, LitGrid):
        return BRIGHT
    best = board.light(tile)
    for carrier, _ in board.carried:
        if best >= BRIGHT:
            break
        found = state.find(carrier)
        if found is not None:
            best = max(best, board.shed(cast(Warrior, found).tile, tile))
    return best


def check_carriers(arena: Arena, ids: Iterable[str]) -> None:
    """A carried light names a combatant of the scenario."""
    known = set(ids)
    for index, source in enumerate(arena.lights):
        if source.carried_by is not None and source.carried_by not in known:
            raise ScenarioError(
                f"map.lights[{index}].carried_by: {source.carried_by!r} is not a combatant; "
                f"combatants: {', '.join(sorted(known))}"
            )


def describe(level: int) -> str:
    if level >= BRIGHT:
        return "bright light"
    return "absolute darkness" if level == DARK else f"Low Light {level}"


def identifies(state: EncounterState, viewer: Warrior, other: Warrior) -> bool:
    """Whether `viewer` can see and identify `other` (B40). Dark vision sees everything
    ("Races that have Dark Vision are immune to Low Light effects", and are not Blind); a
    Low Light immune race sees every lit tile; others see a tile in Low Light L only within
    L tiles ("how far you can identify a target in tiles"). A large body is seen when any
    tile of it is (B54)."""
    if viewer.race.dark_vision or viewer.id == other.id:
        return True
    return any(_sees_tile(state, viewer, tile) for tile in sorted(body(other)))


def _sees_tile(state: EncounterState, viewer: Warrior, tile: Tile) -> bool:
    level = light_at(state, tile)
    if level == DARK:
        return False
    if level >= BRIGHT or viewer.race.low_light_immune:
        return True
    return distance(nearest(viewer, tile), tile) <= level


def blind(state: EncounterState, who: Warrior) -> bool:
    """ "When any character is in absolute darkness, they get the Blind status applied to
    them", unless "dark vision as a racial bonus". A large body is in absolute darkness when
    every tile of it is (B54)."""
    return not who.race.dark_vision and _all_dark(state, who)


def _all_dark(state: EncounterState, who: Warrior) -> bool:
    return all(light_at(state, tile) == DARK for tile in body(who))


def blind_towards(state: EncounterState, viewer: Warrior, other: Warrior) -> bool:
    """ "If any character is inside an illuminated area, they are still treated as being under
    the Blind status versus any character or object completely in the darkness." A large
    body is "completely in the darkness" when every tile of it is (B54)."""
    return not viewer.race.dark_vision and _all_dark(state, other)


def low_light_penalty(state: EncounterState, attacker: Warrior, defender: Warrior) -> int:
    """What the defender adds to its roll against an attack from afar in Low Light: "You can
    make range & projectile attacks at twice (2x) the declared Low Light level without
    penalty ... The defending character will get a bonus added to their roll of 1 for each
    tile past the threshold they are." The level is the defender's tile's (B29); an attacker
    immune to Low Light (or with dark vision) takes no penalty. Darkness is not Low Light:
    there the Blind rules apply instead. The rule is applied by distance to every attack: a
    long 2H melee reach counts as "ranged" ("Cover & Terrain"), and a blow at 1 or 2 tiles is
    never past twice a level of 1 or more."""
    if attacker.race.dark_vision or attacker.race.low_light_immune:
        return 0
    level = light_at(state, defender.tile)
    if level == DARK or level >= BRIGHT:
        return 0
    return max(0, distance(attacker.tile, defender.tile) - 2 * level)


def stealth_bonus(state: EncounterState, sneaker: Warrior, target: Warrior) -> int:
    """ "The bonus for characters rolling stealth in low light is: +1 added to their roll for
    each tile beyond the Low Light value they are versus their target." The level is the
    sneaker's tile's (B29: it is the sneaker the target must make out); a target immune to
    Low Light grants none. For the stealth check of rules that roll one."""
    if target.race.dark_vision or target.race.low_light_immune:
        return 0
    level = light_at(state, sneaker.tile)
    if level == DARK or level >= BRIGHT:
        return 0
    return max(0, distance(sneaker.tile, target.tile) - level)
