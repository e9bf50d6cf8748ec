"""What happens in an `nwo` fight. Each event knows how it changes the state (`apply`), so a
rule module can add events without a central switch; the ruleset's `apply` just calls it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, cast

from fracas.core.events import StateEvent
from fracas.core.state import EncounterState, Status
from fracas.core.state import update as update
from fracas.rulesets.nwo.operative import Operative


def operative(state: EncounterState, combatant_id: str) -> Operative:
    return cast(Operative, state.get(combatant_id))


@dataclass(frozen=True, slots=True, kw_only=True)
class NwoEvent(StateEvent):
    kind: ClassVar[str] = "nwo_event"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionSpent(NwoEvent):
    kind: ClassVar[str] = "action_spent"
    combatant: str
    action: str
    movement_too: bool = False

    def apply(self, state: EncounterState) -> EncounterState:
        if self.movement_too:
            return update(state, self.combatant, acted=True, movement_spent=True)
        return update(state, self.combatant, acted=True)

    def describe(self) -> str:
        both = " (and the movement)" if self.movement_too else ""
        return f"{self.combatant} uses the action{both}: {self.action}"


@dataclass(frozen=True, slots=True, kw_only=True)
class MovementSpent(NwoEvent):
    kind: ClassVar[str] = "movement_spent"
    combatant: str
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, movement_spent=True)

    def describe(self) -> str:
        return f"{self.combatant} uses the movement: {self.why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(NwoEvent):
    kind: ClassVar[str] = "moved"
    target: str
    path: tuple[tuple[int, int], ...]
    cost: int
    forced: bool = False

    def apply(self, state: EncounterState) -> EncounterState:
        mover = operative(state, self.target)
        x, y = self.path[-1]
        moved = mover.moved if self.forced else mover.moved + self.cost
        return update(state, self.target, x=x, y=y, moved=moved)

    def describe(self) -> str:
        how = "is moved" if self.forced else "moves"
        return f"{self.target} {how} to {self.path[-1]} ({self.cost} tiles)"


@dataclass(frozen=True, slots=True, kw_only=True)
class FlagSet(NwoEvent):
    """A per-turn flag (dashing, disengaging, shot, aoo_used) set or cleared."""

    kind: ClassVar[str] = "flag_set"
    target: str
    flag: str
    value: bool

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, **{self.flag: self.value})

    def describe(self) -> str:
        return f"{self.target}: {self.flag} {'on' if self.value else 'off'}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rolled(NwoEvent):
    """One side's panel roll in a contest or check: the kept pair and the total."""

    kind: ClassVar[str] = "rolled"
    combatant: str
    purpose: str
    pair: tuple[int, int]
    modifier: int
    total: int
    edge: int = 0
    """+1 advantage, -1 disadvantage, 0 neither."""
    crit: bool = False

    def describe(self) -> str:
        edge = {1: " with advantage", -1: " with disadvantage"}.get(self.edge, "")
        crit = " (critical)" if self.crit else ""
        return (
            f"{self.combatant} {self.purpose}{edge}: {self.pair[0]}+{self.pair[1]}"
            f"{self.modifier:+d} = {self.total}{crit}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackResolved(NwoEvent):
    kind: ClassVar[str] = "attack_resolved"
    attacker: str
    target: str
    weapon: str
    result: str
    """hit, critical, miss, parry (defender wins a tie) or defense_critical."""

    def describe(self) -> str:
        return f"{self.attacker} attacks {self.target} with {self.weapon}: {self.result}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Damaged(NwoEvent):
    """Damage after armor: armor hitpoints are spent first."""

    kind: ClassVar[str] = "damaged"
    target: str
    amount: int
    ahp: int
    hp: int
    source: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        changes: dict[str, Any] = {"ahp": self.ahp, "hp": self.hp}
        if self.hp == 0:
            changes["status"] = Status.UNCONSCIOUS
        return update(state, self.target, **changes)

    def describe(self) -> str:
        down = ", down" if self.hp == 0 else ""
        return (
            f"{self.target} takes {self.amount} damage{f' ({self.source})' if self.source else ''}"
            f": {self.ahp} AHP, {self.hp} HP{down}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class AmmoSet(NwoEvent):
    kind: ClassVar[str] = "ammo_set"
    combatant: str
    weapon: str
    rounds: int

    def apply(self, state: EncounterState) -> EncounterState:
        owner = operative(state, self.combatant)
        ammo = tuple((w, self.rounds if w == self.weapon else n) for w, n in owner.ammo)
        return update(state, self.combatant, ammo=ammo)

    def describe(self) -> str:
        return f"{self.combatant}'s {self.weapon}: {self.rounds} rounds left"


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponsChanged(NwoEvent):
    """Where a combatant's weapons are now: in hand, holstered, dropped (and the arsenal)."""

    kind: ClassVar[str] = "weapons_changed"
    combatant: str
    wielded: tuple[str, ...]
    holstered: tuple[str, ...]
    dropped: tuple[str, ...]
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(
            state,
            self.combatant,
            wielded=self.wielded,
            holstered=self.holstered,
            dropped=self.dropped,
        )

    def describe(self) -> str:
        hand = ", ".join(self.wielded) or "nothing"
        return f"{self.combatant} {self.why}: in hand {hand}"
