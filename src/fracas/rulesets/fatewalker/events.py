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
    stun: int = 0
    """Boxes of the Normal section marked stun; `amount` was stun if `stunning`."""
    stunning: bool = False
    temporary_since: int | None = None

    def apply(self, state: EncounterState) -> EncounterState:
        return update(
            state,
            self.target,
            temporary=self.temporary,
            normal=self.normal,
            mortal=self.mortal,
            hp=self.hp,
            stun=self.stun,
            temporary_since=self.temporary_since,
        )

    def describe(self) -> str:
        stun = f", {self.stun} stun" if self.stun else ""
        kind = " stun" if self.stunning else ""
        return (
            f"{self.target} takes {self.amount}{kind}: chart {self.temporary} temporary, "
            f"{self.normal} normal{stun}, {self.mortal} mortal"
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


# -- harm: shields, Will, the wound chart over time, healing ---------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ShieldScreened(StateEvent):
    """An energy shield met an attack: the dice it took out of the pool (`removed`, worth
    `prevented` points) and the energy left; `triggered` is False for a pool under the
    shield's minimum ("it simply doesn't trigger at all")."""

    kind: ClassVar[str] = "shield_screened"
    target: str
    shield: str
    triggered: bool
    removed: str
    prevented: int
    energy: int
    pool: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, energy=self.energy)

    def describe(self) -> str:
        if not self.triggered:
            return f"{self.target}'s {self.shield} shield does not trigger ({self.pool})"
        return (
            f"{self.target}'s {self.shield} shield takes {self.removed} ({self.prevented} "
            f"points): pool {self.pool}, energy {self.energy}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ShieldRecharged(StateEvent):
    """ "The shield will regenerate Energy (up to the maximum) every 6 ticks"."""

    kind: ClassVar[str] = "shield_recharged"
    combatant: str
    energy: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, energy=self.energy)

    def describe(self) -> str:
        return f"{self.combatant}'s shield recharges to {self.energy}"


@dataclass(frozen=True, slots=True, kw_only=True)
class WillSpent(StateEvent):
    """Will spent (Tough: "spend a point of Will to ignore a point of damage")."""

    kind: ClassVar[str] = "will_spent"
    combatant: str
    amount: int
    spent: int
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, will_spent=self.spent)

    def describe(self) -> str:
        return f"{self.combatant} spends {self.amount} Will {self.why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class KnockedOut(StateEvent):
    """A consciousness roll failed after stun damage."""

    kind: ClassVar[str] = "knocked_out"
    target: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, status=Status.UNCONSCIOUS)

    def describe(self) -> str:
        return f"{self.target} falls unconscious"


@dataclass(frozen=True, slots=True, kw_only=True)
class BleedingScheduled(StateEvent):
    """The next point of bleeding out is due at `tick` (None: the bleeding has stopped)."""

    kind: ClassVar[str] = "bleeding_scheduled"
    target: str
    tick: int | None
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, bleeds_at=self.tick)

    def describe(self) -> str:
        if self.tick is None:
            return f"{self.target} stops bleeding ({self.why})"
        return f"{self.target} bleeds again at tick {self.tick} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class TemporaryFaded(StateEvent):
    """ "Temporary Wounds completely disappear ... ~600 ticks (5 minutes)"."""

    kind: ClassVar[str] = "temporary_faded"
    target: str
    hp: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, temporary=0, temporary_since=None, hp=self.hp)

    def describe(self) -> str:
        return f"{self.target}'s temporary wounds fade"


@dataclass(frozen=True, slots=True, kw_only=True)
class Healed(StateEvent):
    """Boxes cleared by treatment: the chart's new totals, as in `Wounded`."""

    kind: ClassVar[str] = "healed"
    target: str
    amount: int
    how: str
    normal: int
    stun: int
    mortal: int
    hp: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(
            state, self.target, normal=self.normal, stun=self.stun, mortal=self.mortal, hp=self.hp
        )

    def describe(self) -> str:
        return f"{self.how} heals {self.target} of {self.amount}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Stabilizing(StateEvent):
    """The running net total of an extended Stabilize roll on `target`."""

    kind: ClassVar[str] = "stabilizing"
    target: str
    total: int | None

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, stabilized=self.total)

    def describe(self) -> str:
        return f"stabilizing {self.target}: {self.total} net so far"


@dataclass(frozen=True, slots=True, kw_only=True)
class SerumUsed(StateEvent):
    kind: ClassVar[str] = "serum_used"
    combatant: str
    left: int

    def apply(self, state: EncounterState) -> EncounterState:
        person = state.get(self.combatant)
        aid = person.aid.model_copy(update={"serum": self.left})  # type: ignore[attr-defined]
        return update(state, self.combatant, aid=aid)

    def describe(self) -> str:
        return f"{self.combatant} uses a hypo of Serum ({self.left} left)"
