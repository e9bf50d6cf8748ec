"""Look-ups every rule shares."""

from __future__ import annotations

from typing import cast

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.ticks import TickClock, TickTimeline
from fracas.rulesets.fatewalker.options import FatewalkerOptions
from fracas.rulesets.fatewalker.walker import Walker

TIMELINE = TickTimeline()
"""fatewalker's turn model; it keeps no state of its own, so the rules share this one."""


def walker(state: EncounterState, who: str) -> Walker:
    return cast(Walker, state.get(who))


def options(state: EncounterState) -> FatewalkerOptions:
    return cast(FatewalkerOptions, state.options)


def clock(state: EncounterState) -> TickClock:
    turns = state.turns
    assert isinstance(turns, TickClock)
    return turns


def target_of(state: EncounterState, actor: str, target: str, verb: str) -> Walker:
    """The target of an attack, refused if missing, the attacker itself, or down (fw-move;
    the strike's own checks say the same)."""
    other = state.find(target)
    if other is None:
        raise IllegalAction(f"there is no combatant {target!r}")
    if other.id == actor:
        raise IllegalAction(f"{actor} cannot {verb} itself")
    if not other.is_active:
        raise IllegalAction(f"{other.id} is {other.status}")
    return walker(state, other.id)
