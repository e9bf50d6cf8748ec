"""The events of grappling and ground combat (fw-grapple: rules/ground.py, rules/grappling.py,
rules/brawl.py), kept apart from events.py so the branches merge cleanly. The melee range of
a pair changes by `events.RangeChanged`, posture by `events.PostureSet`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fracas.core.events import Event, StateEvent
from fracas.core.state import EncounterState, update


@dataclass(frozen=True, slots=True, kw_only=True)
class Grappled(Event):
    """A grapple maneuver read against its counter: the successes of each, the net, and
    whether it succeeded (what it changed follows as range, posture and hold events)."""

    kind: ClassVar[str] = "grappled"
    actor: str
    target: str
    maneuver: str
    successes: int
    counter: str | None
    against: int
    net: int
    success: bool

    def describe(self) -> str:
        against = f" against {self.counter} ({self.against})" if self.counter else ""
        verdict = "succeeds" if self.success else "fails"
        return (
            f"{self.actor}'s {self.maneuver.replace('_', ' ')} on {self.target} {verdict}: "
            f"{self.successes} successes{against}, net {self.net}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class GroundSet(StateEvent):
    """Ground combat begins: `top` over `bottom` (the level is the pair's melee range)."""

    kind: ClassVar[str] = "ground_set"
    top: str
    bottom: str

    def apply(self, state: EncounterState) -> EncounterState:
        state = update(state, self.top, ground=(self.bottom, True))
        return update(state, self.bottom, ground=(self.top, False))

    def describe(self) -> str:
        return f"{self.top} is on top of {self.bottom} in ground combat"


@dataclass(frozen=True, slots=True, kw_only=True)
class GroundEnded(StateEvent):
    kind: ClassVar[str] = "ground_ended"
    first: str
    second: str
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        state = update(state, self.first, ground=None)
        return update(state, self.second, ground=None)

    def describe(self) -> str:
        return f"{self.first} and {self.second} leave ground combat ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class HoldSet(StateEvent):
    """The Hold value `holder` has on `held` (0: the hold is broken)."""

    kind: ClassVar[str] = "hold_set"
    holder: str
    held: str
    value: int

    def apply(self, state: EncounterState) -> EncounterState:
        held = (self.holder, self.value) if self.value > 0 else None
        return update(state, self.held, held=held)

    def describe(self) -> str:
        if self.value <= 0:
            return f"{self.held} is out of {self.holder}'s hold"
        return f"{self.holder} holds {self.held}: hold value {self.value}"


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponDropped(StateEvent):
    """A weapon lost to a disarm: off the sheet for the rest of the fight."""

    kind: ClassVar[str] = "weapon_dropped"
    combatant: str
    weapon: str

    def apply(self, state: EncounterState) -> EncounterState:
        person = state.get(self.combatant)
        kept = tuple(w for w in getattr(person, "weapons", ()) if w.id != self.weapon)
        return update(state, self.combatant, weapons=kept)

    def describe(self) -> str:
        return f"{self.combatant} is disarmed of {self.weapon}"
