"""What happens in a `lines` fight, beyond the core's turn, condition and dice events.

Each event carries the resulting numbers (HP after, Constitution after), not only the change,
so the log reads on its own and replay needs no arithmetic that could drift.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fracas.core.events import Event


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionSpent(Event):
    kind: ClassVar[str] = "action_spent"
    combatant: str
    action: str

    def describe(self) -> str:
        return f"{self.combatant} uses the action: {self.action}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    target: str
    from_line: int
    to_line: int
    forced: bool = False
    """Pushed by someone else; does not use the target's own movement."""

    def describe(self) -> str:
        how = "is pushed" if self.forced else "moves"
        return f"{self.target} {how} from line {self.from_line} to line {self.to_line}"


@dataclass(frozen=True, slots=True, kw_only=True)
class MovementGranted(Event):
    """Dashing: this turn the combatant may move two lines instead of one."""

    kind: ClassVar[str] = "movement_granted"
    target: str
    allowance: int

    def describe(self) -> str:
        return f"{self.target} dashes: may move {self.allowance} lines this turn"


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackRolled(Event):
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
class AttackForgone(Event):
    """The second attack of a dual-wield had no legal target left."""

    kind: ClassVar[str] = "attack_forgone"
    attacker: str
    weapon: str
    why: str

    def describe(self) -> str:
        return f"{self.attacker} does not attack with {self.weapon}: {self.why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestRolled(Event):
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
class Damaged(Event):
    kind: ClassVar[str] = "damaged"
    target: str
    amount: int
    hp: int

    def describe(self) -> str:
        return f"{self.target} takes {self.amount} damage, {self.hp} HP left"


@dataclass(frozen=True, slots=True, kw_only=True)
class StartedDying(Event):
    kind: ClassVar[str] = "started_dying"
    target: str
    left: int

    def describe(self) -> str:
        return f"{self.target} is dying: {self.left} turns to be healed"


@dataclass(frozen=True, slots=True, kw_only=True)
class DyingCounted(Event):
    kind: ClassVar[str] = "dying_counted"
    target: str
    left: int

    def describe(self) -> str:
        return f"{self.target} is still dying: {self.left} left"


@dataclass(frozen=True, slots=True, kw_only=True)
class Died(Event):
    kind: ClassVar[str] = "died"
    target: str
    why: str

    def describe(self) -> str:
        return f"{self.target} dies ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class GearUsed(Event):
    kind: ClassVar[str] = "gear_used"
    combatant: str
    item: str
    charges: int

    def describe(self) -> str:
        return f"{self.combatant} uses {self.item} ({self.charges} charges left)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Healed(Event):
    kind: ClassVar[str] = "healed"
    target: str
    healer: str
    amount: int
    hp: int

    def describe(self) -> str:
        return f"{self.healer} heals {self.target} for {self.amount}: {self.hp} HP"


@dataclass(frozen=True, slots=True, kw_only=True)
class Revived(Event):
    kind: ClassVar[str] = "revived"
    target: str
    healer: str
    constitution: int
    max_hp: int
    hp: int

    def describe(self) -> str:
        return (
            f"{self.healer} revives {self.target}: Constitution {self.constitution}, "
            f"{self.hp}/{self.max_hp} HP"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Strained(Event):
    """A failed break-free roll: Constitution temporarily drops by one."""

    kind: ClassVar[str] = "strained"
    target: str
    strain: int
    constitution: int

    def describe(self) -> str:
        return f"{self.target} strains: Constitution {self.constitution} for now"
