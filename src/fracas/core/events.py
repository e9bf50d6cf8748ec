"""Events: the immutable record of everything that happened in an encounter.

The event log is the source of truth. Replaying it through a ruleset's `evolve` rebuilds the
state with no dice, so every event carries all the numbers needed to apply it. Event classes
register themselves by `kind`, which is their stable JSON tag.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from fracas.core.conditions import Condition, Expiry

if TYPE_CHECKING:
    from fracas.core.state import EncounterState


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Something that happened. Past tense; never mutated or removed."""

    kind: ClassVar[str] = "event"

    def describe(self) -> str:
        """One line for a person reading the log; events override it with a sentence."""
        fields = ", ".join(f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self))
        return f"{self.kind}: {fields}"

    def to_json(self) -> dict[str, Any]:
        """A plain-JSON dict: the `kind` tag first, then the fields in declaration order."""
        out: dict[str, Any] = {"kind": self.kind}
        for field in dataclasses.fields(self):
            out[field.name] = _to_json(getattr(self, field.name))
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class StateEvent(Event):
    """A ruleset's event that says itself how it changes the state, so a rule module can add
    events without a central switch; `BaseRuleset.evolve` applies it after the core's own
    reading. Informational events keep this `apply`, which changes nothing."""

    kind: ClassVar[str] = "state_event"

    def apply(self, state: EncounterState) -> EncounterState:
        return state


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_to_json(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def event_types(ruleset: str | None = None) -> dict[str, type[Event]]:
    """Every event class by kind: the core's, plus one ruleset's when `ruleset` is given.

    Kinds are unique within a ruleset, not across them (both `lines` and `nwo` have a
    `moved`), so decoding a log needs to know whose log it is. Walking the subclasses rather
    than registering in `__init_subclass__` matters because `dataclass(slots=True)` replaces
    the class after it is created.
    """
    found: dict[str, type[Event]] = {}
    pending: list[type[Event]] = list(Event.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if "__slots__" not in cls.__dict__:
            continue  # the pre-slots twin dataclass() left behind
        owner = _owner(cls)
        if owner is None or owner == ruleset:
            found[cls.kind] = cls
    return found


def _owner(cls: type[Event]) -> str | None:
    """The ruleset id an event class belongs to, or None for the core's."""
    parts = cls.__module__.split(".")
    if len(parts) > 2 and parts[:2] == ["fracas", "rulesets"]:
        return parts[2]
    return None


_KNOWN: dict[str | None, dict[str, type[Event]]] = {}
"""`event_types` per ruleset as last walked: decoding a log reads every event of it, and the
walk costs far more than the decoding. A kind not found walks again (a ruleset's module
imported since), so the table only ever grows."""


def event_from_json(data: dict[str, Any], ruleset: str | None = None) -> Event:
    """The inverse of `Event.to_json` within one ruleset's log."""
    known = _KNOWN.get(ruleset)
    if known is None or data["kind"] not in known:
        known = _KNOWN[ruleset] = event_types(ruleset)
    cls = known[data["kind"]]
    values = {f.name: _from_json(data[f.name]) for f in dataclasses.fields(cls) if f.name in data}
    return cls(**values)


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    if isinstance(value, dict) and "expiry" in value:
        return Condition(**{**value, "expiry": Expiry(value["expiry"])})
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(Event):
    """One roll of one dice expression: the faces in the order they were rolled, and the total."""

    kind: ClassVar[str] = "dice_rolled"
    expr: str
    faces: tuple[int, ...]
    total: int
    reason: str

    def describe(self) -> str:
        faces = ", ".join(map(str, self.faces))
        return f"{self.reason}: {self.expr} rolled [{faces}] = {self.total}"


@dataclass(frozen=True, slots=True, kw_only=True)
class OrderSet(Event):
    """The turn order for the fight, from initiative or fixed by the scenario."""

    kind: ClassVar[str] = "order_set"
    order: tuple[str, ...]
    reason: str

    def describe(self) -> str:
        return f"turn order ({self.reason}): {', '.join(self.order)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundOrderSet(Event):
    """The next round alone is played in this order (an ambush round, a turn moved up)."""

    kind: ClassVar[str] = "round_order_set"
    order: tuple[str, ...]
    reason: str

    def describe(self) -> str:
        return f"next round's order ({self.reason}): {', '.join(self.order)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "round_started"
    round: int

    def describe(self) -> str:
        return f"round {self.round}"


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundEnded(Event):
    kind: ClassVar[str] = "round_ended"
    round: int

    def describe(self) -> str:
        return f"end of round {self.round}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    combatant: str
    round: int

    def describe(self) -> str:
        return f"{self.combatant}'s turn"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded(Event):
    kind: ClassVar[str] = "turn_ended"
    combatant: str

    def describe(self) -> str:
        return f"{self.combatant} ends the turn"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnSkipped(Event):
    """A combatant whose turn came up but who cannot act (dying, unconscious)."""

    kind: ClassVar[str] = "turn_skipped"
    combatant: str
    why: str

    def describe(self) -> str:
        return f"{self.combatant} cannot act: {self.why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ConditionApplied(Event):
    kind: ClassVar[str] = "condition_applied"
    target: str
    condition: Condition

    def describe(self) -> str:
        return f"{self.target} is now {self.condition}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ConditionRemoved(Event):
    kind: ClassVar[str] = "condition_removed"
    target: str
    name: str
    why: str

    def describe(self) -> str:
        return f"{self.target} is no longer {self.name} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class ConditionCounted(Event):
    """One of several moments a condition waits for has passed."""

    kind: ClassVar[str] = "condition_counted"
    target: str
    name: str
    remaining: int

    def describe(self) -> str:
        return f"{self.target}: {self.name} lasts {self.remaining} more"


@dataclass(frozen=True, slots=True, kw_only=True)
class HpSet(Event):
    """A GM override of hit points."""

    kind: ClassVar[str] = "hp_set"
    target: str
    hp: int
    why: str

    def describe(self) -> str:
        return f"{self.target}'s HP set to {self.hp} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class MaxHpSet(Event):
    """A GM override of maximum hit points (a blessing, a lasting wound)."""

    kind: ClassVar[str] = "max_hp_set"
    target: str
    max_hp: int
    why: str

    def describe(self) -> str:
        return f"{self.target}'s maximum HP set to {self.max_hp} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class StatusSet(Event):
    kind: ClassVar[str] = "status_set"
    target: str
    status: str
    why: str

    def describe(self) -> str:
        return f"{self.target} is now {self.status} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Said(Event):
    """Talk is a free action; it is logged so the table's words sit beside the rolls."""

    kind: ClassVar[str] = "said"
    combatant: str
    text: str

    def describe(self) -> str:
        return f"{self.combatant} says: {self.text}"


@dataclass(frozen=True, slots=True, kw_only=True)
class FightEnded(Event):
    kind: ClassVar[str] = "fight_ended"
    outcome: str

    def describe(self) -> str:
        return f"the fight is over: {self.outcome}"


class Harm:
    """Mixed into a ruleset's event that takes HP: after it `target` stands at `hp`, and
    `dealt_by` names the combatant whose action caused the loss (None: nobody's, as the
    clock's bleeding). Whoever acts is not always who hurts: a simultaneous group resolves
    in one action, a covering fire shoots on another's turn, a parry strikes back. So the
    simulator credits the damage such an event takes to `dealt_by`, and only the HP lost
    without one to the actor (sim/trial.py)."""

    __slots__ = ()
    target: str
    hp: int
    dealt_by: str | None
