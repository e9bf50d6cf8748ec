"""A combatant under `fatewalker`: the sheet plus what the fight changes (the wound chart)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from fracas.core.state import Combatant
from fracas.rulesets.fatewalker.sheet import Armor, Attributes, Skills, Weapon, Wounds


@dataclass(frozen=True, slots=True, kw_only=True)
class Walker(Combatant):
    x: float
    y: float
    attributes: Attributes
    skills: Skills
    weapons: tuple[Weapon, ...] = ()
    armor: Armor | None = None
    chart: Wounds
    temporary: int = 0
    normal: int = 0
    mortal: int = 0
    aware_at: int | None = None
    start_tick: int | None = None
    # -- fw-melee ------------------------------------------------------------------------
    ranges: tuple[tuple[str, int], ...] = ()
    """The melee range to each opponent it has changed it with (rules/melee.py); others
    stand where combat begins."""
    reacted: tuple[int, tuple[str, ...]] | None = None
    """The tick and simultaneous group it last reacted to: one reaction per group (L1431)."""
    footwork: tuple[int, int] | None = None
    """Footwork's bonus dice left and the tick they last until."""

    def weapon(self, weapon_id: str) -> Weapon | None:
        return next((w for w in self.weapons if w.id == weapon_id), None)

    @property
    def wound_penalty(self) -> int:
        """Each Normal column with damage in it carries its penalty; "Each Mortal point adds
        one more wound penalty"."""
        started = math.ceil(self.normal / self.chart.column_height)
        return started * self.chart.penalty_per_column + self.mortal

    def distance_to(self, other: Walker) -> float:
        return math.hypot(self.x - other.x, self.y - other.y)

    def position_json(self) -> Any:
        return {"x": self.x, "y": self.y}

    def state_json(self) -> dict[str, Any]:
        return {
            "wounds": {
                "temporary": f"{self.temporary}/{self.chart.temporary}",
                "normal": f"{self.normal}/{self.chart.columns * self.chart.column_height}",
                "mortal": f"{self.mortal}/{self.chart.mortal}",
                "penalty": self.wound_penalty,
            }
        }


def capacity(chart: Wounds) -> int:
    return chart.temporary + chart.columns * chart.column_height + chart.mortal
