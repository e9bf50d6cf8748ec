"""The `tiers` map: the core square grid plus its light (seed 001, "Low Light Conditions",
"Light Sources").

"Low Light ... a scale of 1-100. These numbers reflect how far you can identify a target in
tiles." "A lit campfire, torch, or candle will project a 5-tile radius of bright light and a
secondary 10-tile radius of Low Light 1" (checklist 2.3 #8 and B13: Chebyshev distance, the
Low Light 1 ring reaching 10 tiles from the source). A tile's light is the brightest that
reaches it; `None` is bright light (no low-light effects).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fracas.core.grid import Grid, Tile

BRIGHT_RADIUS = 5
DIM_RADIUS = 10
DIM_LEVEL = 1


@dataclass(frozen=True, slots=True)
class Board(Grid):
    light: int | None = None
    """The room's Low Light level (1-100), or None for bright light."""
    lights: tuple[Tile, ...] = field(default_factory=tuple)
    """Where a campfire, torch or candle burns."""

    def level_at(self, tile: Tile) -> int | None:
        """The Low Light level on `tile`, or None where it is bright."""
        if self.light is None:
            return None
        level = self.light
        for x, y in self.lights:
            near = max(abs(tile[0] - x), abs(tile[1] - y))
            if near <= BRIGHT_RADIUS:
                return None
            if near <= DIM_RADIUS:
                level = max(level, DIM_LEVEL)
        return level
