"""The shared loop of the per-ruleset tactics playouts: let `suggest` play, and insist that
everything it hands out passes `verify` (autoplay may act on it without checking again)."""

from __future__ import annotations

from collections.abc import Callable

from fracas.core.encounter import Encounter, replay
from fracas.core.events import Event
from fracas.core.state import EncounterState

Check = Callable[[EncounterState, list[Event]], None]
"""Called after each action with the state before it and the events it made."""


def play_suggestions(enc: Encounter, actions: int, check: Check) -> None:
    ruleset = enc.ruleset
    for _ in range(actions):
        if enc.state.outcome is not None:
            break
        before = enc.state
        suggestion = ruleset.suggest(before)
        ruleset.verify(before, suggestion)  # raises IllegalAction if it is not legal
        check(before, enc.act(suggestion))
    assert replay(ruleset, enc.setup, enc.log) == enc.state
