"""A rules refusal as a player may read it.

The rules explain a refusal in words written for the GM: "it is wren's turn, not grunt's"
names whose turn it is, which a Blind player's map does not show. A player's refusal is
therefore redacted as its events are (core/secrecy.py): every combatant the acting
combatant's map does not name becomes "someone".
"""

from __future__ import annotations

import secrets
from typing import Any

from fracas.core.mapview import MapView
from fracas.core.ruleset import BaseRuleset
from fracas.core.secrecy import SOMEONE, scrub_json
from fracas.core.state import EncounterState
from fracas.web.seat import Seat


def kept_secret(
    ruleset: BaseRuleset, state: EncounterState, seat: Seat, actor: str, error: Exception
) -> str:
    """`error`'s words with whom `actor`'s map of `state` leaves out (or shows
    unidentified) called "someone"; the GM's seat reads them whole."""
    words = str(error)
    if seat.is_gm:
        return words
    viewer = actor if actor in seat.combatants else seat.viewer(state)
    known = {t.id for t in ruleset.map_view(state, viewer).tokens if t.id is not None}
    hidden = {c.id: SOMEONE for c in state.combatants if c.id not in known}
    return str(scrub_json(words, hidden))


FREE_TEXT = ("actor", "do", "text", "note")
"""Fields that never name a target: who acts, what it does, and words said or noted."""


def absent_for_hidden(
    state: EncounterState, raw: dict[str, Any], seen: MapView
) -> tuple[dict[str, Any], dict[str, str]]:
    """`raw` with every combatant its map does not show (named in a target field) swapped
    for an id nobody has, and the swaps made. The rules then refuse it in the very words
    they use for a made-up name: a rule that looks up its target before checking the rest
    would otherwise answer "no weapon 'x'" for someone hidden there and "no combatant" for
    nobody, telling the player who is there. `seen`: the acting combatant's map of
    `state`."""
    known = {t.id for t in seen.tokens if t.id is not None}
    hidden = {c.id for c in state.combatants if c.id not in known}
    swaps: dict[str, str] = {}

    def swapped(value: Any) -> Any:
        if isinstance(value, str) and value in hidden:
            return swaps.setdefault(value, f"{value}-{secrets.token_hex(8)}")
        if isinstance(value, list):
            return [swapped(v) for v in value]
        if isinstance(value, dict):
            return {k: swapped(v) for k, v in value.items()}
        return value

    out = {k: v if k in FREE_TEXT else swapped(v) for k, v in raw.items()}
    return out, swaps


def restored(words: str, swaps: dict[str, str]) -> str:
    """A refusal of a swapped action in the names the player gave."""
    for typed, absent in swaps.items():
        words = words.replace(absent, typed)
    return words
