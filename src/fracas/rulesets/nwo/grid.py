"""nwo's map is the core square grid; this name stays so existing imports keep working."""

from fracas.core.grid import NEIGHBOURS, Grid, Tile

__all__ = ["NEIGHBOURS", "Grid", "Tile"]
