"""fracas: runs tabletop-RPG fights exactly as their rules say."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fracas import compiled

compiled.install()  # the compiled build of the fast paths, where a fresh one exists

if TYPE_CHECKING:
    from fracas.core.odds import ActionOdds

__version__ = "0.1.0"


def odds(where: Any, action: Any, **options: Any) -> ActionOdds:
    """The odds of an action before it is taken: `fracas.odds(encounter, {"do": "attack",
    ...})`. The engine loads on first call, so `import fracas` stays quick (odds_api.odds)."""
    from fracas.odds_api import odds as ask

    return ask(where, action, **options)
