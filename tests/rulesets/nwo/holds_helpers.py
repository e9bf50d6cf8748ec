"""Builders for the grappling, shoving and posture tests: a grappler and its mark side by
side, and short readers for conditions.

Strength check modifiers are half the skill (A5): the grappler `ada` (STR 8) rolls +4, the
mark `rex` (STR 4) +2, so a test can script a contest with two pairs and know both totals.
"""

from __future__ import annotations

from typing import Any

from fracas.core.conditions import Condition
from tests.rulesets.nwo.core_helpers import Fight, op

__all__ = ["Fight", "condition", "grappled", "op", "pair"]


def pair(
    *extra: dict[str, Any],
    ada: dict[str, Any] | None = None,
    rex: dict[str, Any] | None = None,
    **kwargs: Any,
) -> Fight:
    """ada (crew, STR 8, empty hands) at (2, 2) and rex (gang, STR 4) at (3, 2), turn order
    ada, rex, then any `extra` combatants."""
    ada_sheet = op("ada", "crew", 2, 2, skills={"strength": 8})
    rex_sheet = op("rex", "gang", 3, 2, skills={"strength": 4}, weapons=["short_blade"])
    ada_sheet.update(ada or {})
    rex_sheet.update(rex or {})
    return Fight(ada_sheet, rex_sheet, *extra, **kwargs)


def grappled(*extra: dict[str, Any], dice: tuple[int, ...] = (), **kwargs: Any) -> Fight:
    """A fight in which ada has just grappled rex (ada 5+5+4 = 14 beats rex 1+1+2 = 4);
    `dice` follow for the rest of the test. ada's action is spent."""
    fight = pair(*extra, dice=[5, 5, 1, 1, *dice], **kwargs)
    fight.act("ada", "grapple", target="rex")
    return fight


def condition(fight: Fight, who: str, name: str) -> Condition | None:
    return fight.get(who).condition(name)
