"""The events of fw-finish: theme powers (rules/themes.py), the sprint's Will and forced
spends (rules/willpower.py), explosives and Evade AoE (rules/blast.py), and Full Auto's
Cover (rules/suppress.py). Kept apart from events.py, as grapple_events.py is, so the
branches merge cleanly; a position change is `events.Moved`, Will and Fate `events.WillSpent`
and `events.FateSpent`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fracas.core.events import Event, StateEvent
from fracas.core.state import EncounterState, update
from fracas.rulesets.fatewalker.walker import Covering


@dataclass(frozen=True, slots=True, kw_only=True)
class BerserkSet(StateEvent):
    """Berserker's window opened by a Normal wound (`until` its last tick), or closed."""

    kind: ClassVar[str] = "berserk_set"
    combatant: str
    until: int | None
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, berserk_until=self.until)

    def describe(self) -> str:
        if self.until is None:
            return f"{self.combatant}'s berserk fury is spent ({self.why})"
        return f"{self.combatant} goes berserk until tick {self.until} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class BoonSet(StateEvent):
    """Boon's +2 dice waiting for the combatant's next action until tick `until`, or used."""

    kind: ClassVar[str] = "boon_set"
    combatant: str
    until: int | None
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, boon_until=self.until)

    def describe(self) -> str:
        if self.until is None:
            return f"{self.combatant}'s boon is gone ({self.why})"
        return f"{self.combatant} holds a boon of 2 dice until tick {self.until} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class SprintPaid(StateEvent):
    """The Will of a sprint paid up to tick `until` (None: the sprint is over)."""

    kind: ClassVar[str] = "sprint_paid"
    combatant: str
    until: int | None

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, sprint_paid=self.until)

    def describe(self) -> str:
        if self.until is None:
            return f"{self.combatant}'s sprint no longer costs Will"
        return f"{self.combatant}'s sprint is paid until tick {self.until}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Intervened(Event):
    """Divine Intervention: the blow that would have killed `ally` fails."""

    kind: ClassVar[str] = "intervened"
    protector: str
    ally: str
    damage: int

    def describe(self) -> str:
        return (
            f"{self.protector} intervenes: the blow of {self.damage} that would have killed "
            f"{self.ally} fails"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class BlastLanded(Event):
    """An explosive lands at (x, y), aimed at (`aim_x`, `aim_y`), and reaches `radius` m."""

    kind: ClassVar[str] = "blast_landed"
    thrower: str
    weapon: str
    aim_x: float
    aim_y: float
    x: float
    y: float
    radius: float
    caught: tuple[str, ...]

    def describe(self) -> str:
        off = ((self.x - self.aim_x) ** 2 + (self.y - self.aim_y) ** 2) ** 0.5
        where = "on target" if off < 0.05 else f"{off:.1f} m short"
        who = ", ".join(self.caught) or "nobody"
        return (
            f"{self.thrower}'s {self.weapon} lands {where} at ({self.x:.1f}, {self.y:.1f}); "
            f"within {self.radius:g} m: {who}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class CoverSet(StateEvent):
    """Full Auto (Cover) laid over a circle of `radius` m about (x, y) until tick `until`,
    or lifted (`until` None); the fields are `walker.Covering`'s, flat so the log replays."""

    kind: ClassVar[str] = "cover_set"
    combatant: str
    weapon: str = ""
    x: float = 0.0
    y: float = 0.0
    radius: float = 0.0
    until: int | None = None

    def apply(self, state: EncounterState) -> EncounterState:
        if self.until is None:
            return update(state, self.combatant, covering=None)
        area = Covering(
            x=self.x, y=self.y, radius=self.radius, weapon=self.weapon, until=self.until
        )
        return update(state, self.combatant, covering=area)

    def describe(self) -> str:
        if self.until is None:
            return f"{self.combatant}'s covering fire ends"
        return (
            f"{self.combatant} covers {self.radius:g} m about ({self.x:.1f}, {self.y:.1f}) "
            f"with {self.weapon} until tick {self.until}"
        )
