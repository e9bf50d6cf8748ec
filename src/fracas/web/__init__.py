"""The web table: the battle map drawn as SVG (`svg.py`), and the server that serves it."""
