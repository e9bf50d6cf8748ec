"""A combatant under `fatewalker`: the sheet plus what the fight changes (the wound chart)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from fracas.core.state import Combatant
from fracas.rulesets.fatewalker.sheet import (
    Aid,
    Armor,
    Attributes,
    EnergyShield,
    HandShield,
    Power,
    Skills,
    Weapon,
    Wounds,
)


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
    # -- harm: the full wound chart, shields, Will (rules/wounds.py, rules/shields.py) --
    stun: int = 0
    """Boxes of the Normal section marked as stun ("/"); `normal` counts those marked "X"."""
    will_spent: int = 0
    bleeds_at: int | None = None
    """The tick of the next point of bleeding, while Mortal wounds bleed (L1693)."""
    temporary_since: int | None = None
    """The tick the Temporary section began to fill; it empties 600 ticks later (L1687)."""
    stabilized: int | None = None
    """Net successes of Stabilize rolls so far (None: no Stabilize begun)."""
    energy_shield: EnergyShield | None = None
    energy: int = 0
    """The energy shield's current Energy Pool."""
    shield: HandShield | None = None
    aid: Aid = field(default_factory=Aid)
    powers: tuple[Power, ...] = ()
    spend_will: str = "mortal"

    def weapon(self, weapon_id: str) -> Weapon | None:
        return next((w for w in self.weapons if w.id == weapon_id), None)

    @property
    def wound_penalty(self) -> int:
        """Each Normal column with damage in it carries its penalty; "Each Mortal point adds
        one more wound penalty"."""
        started = math.ceil((self.normal + self.stun) / self.chart.column_height)
        penalty = started * self.chart.penalty_per_column + self.mortal
        # Painless: "Suffer 2 less wound penalties" (L261)
        return max(0, penalty - 2) if "painless" in self.powers else penalty

    @property
    def will_left(self) -> int:
        return max(0, self.attributes.will - self.will_spent)

    def distance_to(self, other: Walker) -> float:
        return math.hypot(self.x - other.x, self.y - other.y)

    def position_json(self) -> Any:
        return {"x": self.x, "y": self.y}

    def state_json(self) -> dict[str, Any]:
        return {
            "wounds": {
                "temporary": f"{self.temporary}/{self.chart.temporary}",
                "normal": f"{self.normal}/{self.chart.columns * self.chart.column_height}",
                "stun": self.stun,
                "mortal": f"{self.mortal}/{self.chart.mortal}",
                "penalty": self.wound_penalty,
            },
            **self._harm_json(),
        }

    def _harm_json(self) -> dict[str, Any]:
        extra: dict[str, Any] = {"will": f"{self.will_left}/{self.attributes.will}"}
        if self.energy_shield is not None:
            extra["energy"] = f"{self.energy}/{self.energy_shield.reserve}"
        if self.bleeds_at is not None:
            extra["bleeds_at"] = self.bleeds_at
        return extra

    def state_note(self) -> str | None:
        """The wound chart in a line for `fracas run`'s table (see rules/chart.py)."""
        from fracas.rulesets.fatewalker.rules.chart import compact

        return compact(self)


def capacity(chart: Wounds) -> int:
    return chart.temporary + chart.columns * chart.column_height + chart.mortal
