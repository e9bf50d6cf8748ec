"""The events of `fatewalker`. Those that change the state say how themselves (`apply`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from fracas.core.events import StateEvent
from fracas.core.state import EncounterState, Status, update


@dataclass(frozen=True, slots=True, kw_only=True)
class PoolRolled(StateEvent):
    """One roll of a pool read: how many dice at which TN, how many wounded, successes."""

    kind: ClassVar[str] = "pool_rolled"
    combatant: str
    what: str
    dice: int
    tn: int
    wounded: int
    lost: int
    successes: int

    def describe(self) -> str:
        wounded = f" ({self.wounded} wounded)" if self.wounded else ""
        lost = f", {self.lost} lost to wounds" if self.lost else ""
        return (
            f"{self.combatant}'s {self.what}: {self.dice} dice at TN {self.tn}{wounded}{lost}: "
            f"{_successes(self.successes)}"
        )


def _successes(n: int) -> str:
    return f"{n} success" if n == 1 else f"{n} successes"


@dataclass(frozen=True, slots=True, kw_only=True)
class Struck(StateEvent):
    """A strike's outcome: the attack's and the reaction's successes, the net, and whether
    it hit; `pool` is the damage pool after promotion and deflection."""

    kind: ClassVar[str] = "struck"
    attacker: str
    target: str
    weapon: str
    successes: int
    reaction: str | None
    defence: int
    net: int
    hit: bool
    pool: str

    def describe(self) -> str:
        against = f" against {self.reaction} ({self.defence})" if self.reaction else ""
        if not self.hit:
            return (
                f"{self.attacker} misses {self.target} with {self.weapon}: "
                f"{_successes(self.successes)}{against}"
            )
        return (
            f"{self.attacker} hits {self.target} with {self.weapon}: "
            f"{_successes(self.successes)}{against}, net {self.net}; damage pool {self.pool}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageRolled(StateEvent):
    """The damage dice read: points from dice showing 0 (`penetrating`, which armor does not
    absorb) and the rest (`normal`), what Absorb took, and what is left to wound."""

    kind: ClassVar[str] = "damage_rolled"
    target: str
    normal: int
    penetrating: int
    absorbed: int
    total: int

    def describe(self) -> str:
        zeros = f" + {self.penetrating} through armor" if self.penetrating else ""
        absorbed = f", {self.absorbed} absorbed" if self.absorbed else ""
        return f"damage to {self.target}: {self.normal}{zeros}{absorbed} = {self.total}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Wounded(StateEvent):
    """Damage from one source marked on the wound chart: the sections' new filled totals."""

    kind: ClassVar[str] = "wounded"
    target: str
    amount: int
    temporary: int
    normal: int
    mortal: int
    hp: int
    """Boxes left on the whole chart, shown as HP."""

    def apply(self, state: EncounterState) -> EncounterState:
        return update(
            state,
            self.target,
            temporary=self.temporary,
            normal=self.normal,
            mortal=self.mortal,
            hp=self.hp,
        )

    def describe(self) -> str:
        return (
            f"{self.target} takes {self.amount}: chart {self.temporary} temporary, "
            f"{self.normal} normal, {self.mortal} mortal"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Expired(StateEvent):
    """ "A character expires the moment they run out of Mortal Wounds"."""

    kind: ClassVar[str] = "expired"
    target: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, status=Status.DEAD)

    def describe(self) -> str:
        return f"{self.target} has run out of mortal wounds and dies"


# -- fw-melee: melee range, defences, footwork, critical failures ------------------------------


def _with_range(ranges: tuple[tuple[str, int], ...], other: str, distance: int) -> Any:
    return (*((o, d) for o, d in ranges if o != other), (other, distance))


@dataclass(frozen=True, slots=True, kw_only=True)
class RangeChanged(StateEvent):
    """The melee range between two combatants moved on the ladder (6 Long ... 1 Clinch)."""

    kind: ClassVar[str] = "range_changed"
    first: str
    second: str
    was: int
    range: int
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        for me, other in ((self.first, self.second), (self.second, self.first)):
            ranges = getattr(state.get(me), "ranges", ())
            state = update(state, me, ranges=_with_range(ranges, other, self.range))
        return state

    def describe(self) -> str:
        return (
            f"{self.first} and {self.second}: melee range {self.was} -> {self.range} ({self.why})"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Defended(StateEvent):
    """A parry or block read: whether it stops the blow (2 successes, "resolved as an
    Attack") and the damage pool whose points will cancel the attack's (rules/damage.py)."""

    kind: ClassVar[str] = "defended"
    defender: str
    attacker: str
    maneuver: str
    successes: int
    stops: bool
    pool: str

    def describe(self) -> str:
        if not self.stops:
            return f"{self.defender}'s {self.maneuver} fails ({_successes(self.successes)})"
        return (
            f"{self.defender}'s {self.maneuver} meets the blow ({_successes(self.successes)}); "
            f"its {self.pool} cancels damage"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ReactionTaken(StateEvent):
    """A reaction to one of a simultaneous group's actions: the reactor may answer no other
    action of that group (L1431)."""

    kind: ClassVar[str] = "reaction_taken"
    combatant: str
    tick: int
    group: tuple[str, ...]

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, reacted=(self.tick, self.group))

    def describe(self) -> str:
        return f"{self.combatant} has reacted to the simultaneous {', '.join(self.group)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class FootworkSet(StateEvent):
    """Footwork's bonus dice: rolled (or spent on a parry or evasion), lasting until `until`."""

    kind: ClassVar[str] = "footwork_set"
    combatant: str
    dice: int
    until: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, footwork=(self.dice, self.until))

    def describe(self) -> str:
        return f"{self.combatant} has {self.dice} footwork dice until tick {self.until}"


@dataclass(frozen=True, slots=True, kw_only=True)
class CriticalFailure(StateEvent):
    """An attack with no success at all "can critically fail ... (GM discretion using Margin
    of Failure)": logged with its margin for the GM; the engine adds no effect (gap 13)."""

    kind: ClassVar[str] = "critical_failure"
    combatant: str
    what: str
    margin: int

    def describe(self) -> str:
        return (
            f"{self.combatant}'s {self.what} fails critically (margin of failure {self.margin}; "
            "the GM may rule an effect)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class DamageCancelled(StateEvent):
    """The points a stopping parry or block rolled, to be taken from the blow's damage."""

    kind: ClassVar[str] = "damage_cancelled"
    defender: str
    points: int

    def describe(self) -> str:
        return f"{self.defender}'s defence cancels {self.points} damage"
