"""The events of `fatewalker`. Those that change the state say how themselves (`apply`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

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
