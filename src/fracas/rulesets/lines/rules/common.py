"""Small pieces every `lines` rule needs: typed access, distances, the one-action check."""

from __future__ import annotations

from typing import cast

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState, Status
from fracas.rulesets.lines.fighter import Fighter
from fracas.rulesets.lines.options import LinesOptions

GRAPPLED = "grappled"
DEFENDING = "defending"
AIMING = "aiming"
EXHAUSTED = "exhausted"


def fighter(state: EncounterState, combatant_id: str) -> Fighter:
    found = state.find(combatant_id)
    if found is None:
        raise IllegalAction(f"there is no combatant {combatant_id!r}")
    return cast(Fighter, found)


def options(state: EncounterState) -> LinesOptions:
    return cast(LinesOptions, state.options)


def distance(a: Fighter, b: Fighter) -> int:
    """Lines between two fighters (C6: the difference of their line numbers)."""
    return abs(a.line - b.line)


def require_action(actor: Fighter) -> None:
    """ "All entities partaking in combat can make 1 action during their turn." """
    if actor.acted:
        raise IllegalAction(f"{actor.id} has already used this turn's action")


def require_target(actor: Fighter, target: Fighter, what: str) -> None:
    if target.id == actor.id:
        raise IllegalAction(f"{actor.id} cannot {what} itself")
    if target.status is Status.DEAD:
        raise IllegalAction(f"{target.id} is dead")


def require_in_reach(actor: Fighter, target: Fighter, reach: int, what: str) -> None:
    gap = distance(actor, target)
    if gap > reach:
        lines = "line" if gap == 1 else "lines"
        raise IllegalAction(
            f"{target.id} is {gap} {lines} away (line {target.line}, {actor.id} on line "
            f"{actor.line}); {what} reaches {reach}"
        )


def grappler_of(target: Fighter) -> str | None:
    condition = target.condition(GRAPPLED)
    return None if condition is None else condition.source
