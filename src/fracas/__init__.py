"""fracas: runs tabletop-RPG fights exactly as their rules say."""

__version__ = "0.1.0"
