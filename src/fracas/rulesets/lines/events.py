"""What happens in a `lines` fight, beyond the core's turn, condition and dice events.

Each event carries the resulting numbers (HP after, Constitution after), not only the change,
so the log reads on its own and replay needs no arithmetic that could drift; and each says
itself how it changes the state (`apply`), as in `nwo` and `tiers`, so a rule module can add
an event without touching a central switch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, cast

from fracas.core.events import StateEvent
from fracas.core.state import EncounterState, Status, update
from fracas.rulesets.lines.fighter import Fighter


def _fighter(state: EncounterState, combatant_id: str) -> Fighter:
    return cast(Fighter, state.get(combatant_id))


@dataclass(frozen=True, slots=True, kw_only=True)
class LinesEvent(StateEvent):
    kind: ClassVar[str] = "lines_event"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionSpent(LinesEvent):
    kind: ClassVar[str] = "action_spent"
    combatant: str
    action: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, acted=True)

    def describe(self) -> str:
        return f"{self.combatant} uses the action: {self.action}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(LinesEvent):
    kind: ClassVar[str] = "moved"
    target: str
    from_line: int
    to_line: int
    forced: bool = False
    """Pushed by someone else; does not use the target's own movement."""

    def apply(self, state: EncounterState) -> EncounterState:
        mover = _fighter(state, self.target)
        moved = mover.moved if self.forced else mover.moved + abs(self.to_line - mover.line)
        return update(state, self.target, line=self.to_line, moved=moved)

    def describe(self) -> str:
        how = "is pushed" if self.forced else "moves"
        return f"{self.target} {how} from line {self.from_line} to line {self.to_line}"


@dataclass(frozen=True, slots=True, kw_only=True)
class MovementGranted(LinesEvent):
    """Dashing: this turn the combatant may move two lines instead of one."""

    kind: ClassVar[str] = "movement_granted"
    target: str
    allowance: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, move_allowance=self.allowance)

    def describe(self) -> str:
        return f"{self.target} dashes: may move {self.allowance} lines this turn"


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackRolled(LinesEvent):
    kind: ClassVar[str] = "attack_rolled"
    attacker: str
    target: str
    weapon: str
    attack: int
    defense: int
    result: str
    """miss, hit or critical."""
    penalty: int = 0

    def describe(self) -> str:
        penalty = f" (after -{self.penalty})" if self.penalty else ""
        return (
            f"{self.attacker} attacks {self.target} with {self.weapon}: {self.attack}{penalty} "
            f"against {self.defense}: {self.result}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackForgone(LinesEvent):
    """The second attack of a dual-wield had no legal target left."""

    kind: ClassVar[str] = "attack_forgone"
    attacker: str
    weapon: str
    why: str

    def describe(self) -> str:
        return f"{self.attacker} does not attack with {self.weapon}: {self.why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestRolled(LinesEvent):
    kind: ClassVar[str] = "contest_rolled"
    contest: str
    initiator: str
    responder: str
    initiator_total: int
    responder_total: int
    succeeded: bool

    def describe(self) -> str:
        result = "succeeds" if self.succeeded else "fails"
        return (
            f"{self.contest}: {self.initiator} {self.initiator_total} against "
            f"{self.responder} {self.responder_total}: {result}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Damaged(LinesEvent):
    kind: ClassVar[str] = "damaged"
    target: str
    amount: int
    hp: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, hp=self.hp)

    def describe(self) -> str:
        return f"{self.target} takes {self.amount} damage, {self.hp} HP left"


@dataclass(frozen=True, slots=True, kw_only=True)
class StartedDying(LinesEvent):
    kind: ClassVar[str] = "started_dying"
    target: str
    left: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(
            state,
            self.target,
            status=Status.DYING,
            dying_left=self.left,
            dying_since=state.turns.round,
        )

    def describe(self) -> str:
        return f"{self.target} is dying: {self.left} turns to be healed"


@dataclass(frozen=True, slots=True, kw_only=True)
class DyingCounted(LinesEvent):
    kind: ClassVar[str] = "dying_counted"
    target: str
    left: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, dying_left=self.left)

    def describe(self) -> str:
        return f"{self.target} is still dying: {self.left} left"


@dataclass(frozen=True, slots=True, kw_only=True)
class Died(LinesEvent):
    kind: ClassVar[str] = "died"
    target: str
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, status=Status.DEAD, hp=0, dying_left=0)

    def describe(self) -> str:
        return f"{self.target} dies ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class GearUsed(LinesEvent):
    kind: ClassVar[str] = "gear_used"
    combatant: str
    item: str
    charges: int

    def apply(self, state: EncounterState) -> EncounterState:
        owner = _fighter(state, self.combatant)
        index = owner.gear_index(self.item)
        charges = list(owner.charges)
        charges[index or 0] = self.charges
        return update(state, self.combatant, charges=tuple(charges))

    def describe(self) -> str:
        return f"{self.combatant} uses {self.item} ({self.charges} charges left)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Healed(LinesEvent):
    kind: ClassVar[str] = "healed"
    target: str
    healer: str
    amount: int
    hp: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, hp=self.hp)

    def describe(self) -> str:
        return f"{self.healer} heals {self.target} for {self.amount}: {self.hp} HP"


@dataclass(frozen=True, slots=True, kw_only=True)
class Revived(LinesEvent):
    kind: ClassVar[str] = "revived"
    target: str
    healer: str
    constitution: int
    max_hp: int
    hp: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(
            state,
            self.target,
            status=Status.ACTIVE,
            constitution=self.constitution,
            max_hp=self.max_hp,
            hp=self.hp,
            dying_left=0,
        )

    def describe(self) -> str:
        return (
            f"{self.healer} revives {self.target}: Constitution {self.constitution}, "
            f"{self.hp}/{self.max_hp} HP"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Strained(LinesEvent):
    """A failed break-free roll: Constitution temporarily drops by one."""

    kind: ClassVar[str] = "strained"
    target: str
    strain: int
    constitution: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, strain=self.strain)

    def describe(self) -> str:
        return f"{self.target} strains: Constitution {self.constitution} for now"
