"""Immutable encounter state.

State is a tree of frozen dataclasses changed only with `dataclasses.replace`, so any state
can be kept, compared and shared (undo, replay, the simulator's forks) without copying.
A ruleset subclasses `Combatant` to add its own sheet and bookkeeping fields.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from fracas.core.conditions import Condition
from fracas.core.records import replace as replace
from fracas.core.ticks import TickClock
from fracas.core.turns import InitiativeTurns


class Status(StrEnum):
    """How a combatant stands in the fight; a ruleset may read more into it."""

    ACTIVE = "active"
    DYING = "dying"
    UNCONSCIOUS = "unconscious"
    DEAD = "dead"


@dataclass(frozen=True, slots=True, kw_only=True)
class Combatant:
    """What every ruleset tracks about a combatant."""

    id: str
    name: str
    side: str
    hp: int
    max_hp: int
    status: Status = Status.ACTIVE
    conditions: tuple[Condition, ...] = ()

    @property
    def is_active(self) -> bool:
        """Able to take actions at all (not dying, unconscious or dead)."""
        return self.status is Status.ACTIVE

    def has(self, condition_name: str) -> bool:
        # a plain loop: most combatants bear nothing, and the rules ask this thousands of
        # times a fight, where a generator costs more than the answer
        for condition in self.conditions:  # noqa: SIM110 - see above
            if condition.name == condition_name:
                return True
        return False

    def condition(self, condition_name: str) -> Condition | None:
        for condition in self.conditions:
            if condition.name == condition_name:
                return condition
        return None

    def position_json(self) -> Any:
        """The position in the scenario contract's shape; rulesets with a map override it."""
        return None

    def state_json(self) -> dict[str, Any]:
        """Ruleset-specific fields for the JSON report."""
        return {}

    def state_note(self) -> str | None:
        """Ruleset-specific state in one short line for a table (`fracas run` gives it a
        `state` column); None for rulesets whose HP says it all."""
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "side": self.side,
            "hp": self.hp,
            "max_hp": self.max_hp,
            "status": str(self.status),
            "position": self.position_json(),
            "conditions": [str(c) for c in self.conditions],
            "state": self.state_json(),
        }


T = TypeVar("T")


@dataclass(frozen=True, slots=True, kw_only=True)
class EncounterState:
    """Everything about a fight at one moment."""

    ruleset: str
    combatants: tuple[Combatant, ...]
    turns: InitiativeTurns | TickClock = dataclasses.field(default_factory=InitiativeTurns)
    """The turn model's position: rounds, or a tick clock (core/turns.py, core/ticks.py)."""
    options: Any = None
    """The ruleset's validated options model (frozen)."""
    arena: Any = None
    """The ruleset's map or battlefield description (frozen), if it has one."""
    outcome: str | None = None
    _index: dict[str, int] | None = dataclasses.field(
        default=None, init=False, repr=False, compare=False
    )
    """Where each id sits in `combatants`, built on first use and handed on by
    `with_combatant` (ids never move), so finding a combatant does not scan the tuple."""
    _marks: dict[str, frozenset[str]] | None = dataclasses.field(
        default=None, init=False, repr=False, compare=False
    )
    """Who bears each condition, built on first use and kept up by `with_combatant`, so the
    rules that look after every action for holds, shields or watches do not ask everyone."""
    _memo: dict[Hashable, Any] | None = dataclasses.field(
        default=None, init=False, repr=False, compare=False
    )
    """Facts derived from this one state (see `derived`)."""

    def derived(self, key: Hashable, compute: Callable[[], T]) -> T:
        """A fact worked out from this state alone (who engages whom, which tiles are taken),
        computed once per state: the state never changes, so neither does the answer, and
        the rules and tactics ask the same questions many times between two events."""
        memo = self._memo
        if memo is None:
            memo = {}
            object.__setattr__(self, "_memo", memo)
        if key in memo:
            value: T = memo[key]
            return value
        value = memo[key] = compute()
        return value

    def _positions(self) -> dict[str, int]:
        index = self._index
        if index is None:
            index = {c.id: n for n, c in enumerate(self.combatants)}
            object.__setattr__(self, "_index", index)
        return index

    def get(self, combatant_id: str) -> Combatant:
        # the index is read inline: these two are the most called functions of a fight
        index = self._index
        if index is None:
            index = self._positions()
        return self.combatants[index[combatant_id]]

    def find(self, combatant_id: str) -> Combatant | None:
        index = self._index
        if index is None:
            index = self._positions()
        at = index.get(combatant_id)
        return None if at is None else self.combatants[at]

    def bearers(self, condition_name: str) -> tuple[Combatant, ...]:
        """Everyone who bears the condition now, in the scenario's order."""
        marks = self._marks
        if marks is None:
            marks = {}
            for combatant in self.combatants:
                for condition in combatant.conditions:
                    marks[condition.name] = marks.get(condition.name, frozenset()) | {combatant.id}
            object.__setattr__(self, "_marks", marks)
        ids = marks.get(condition_name)
        if not ids:
            return ()
        index = self._positions()
        return tuple(self.combatants[n] for n in sorted(index[i] for i in ids))

    def but(self, **changes: Any) -> EncounterState:
        """This state with other turns, outcome, options or arena; the look-ups about the
        combatants stay valid when the combatants do not change, so they are handed on."""
        unknown = changes.keys() - _STATE_FIELD_SET
        if unknown:
            raise TypeError(f"EncounterState has no field {', '.join(sorted(unknown))}")
        get = changes.get
        keep = "combatants" not in changes
        return self._copy(
            get("combatants", self.combatants),
            get("turns", self.turns),
            get("outcome", self.outcome),
            get("options", self.options),
            get("arena", self.arena),
            self._index if keep else None,
            self._marks if keep else None,
        )

    def _copy(
        self,
        combatants: tuple[Combatant, ...],
        turns: InitiativeTurns | TickClock,
        outcome: str | None,
        options: Any,
        arena: Any,
        index: dict[str, int] | None,
        marks: dict[str, frozenset[str]] | None,
    ) -> EncounterState:
        """A new state from its fields, every one stored by hand: every event makes one, and
        this is several times cheaper than a loop over the field names (the module checks
        at import that the fields stored here are all there are)."""
        changed = _new(EncounterState)
        _set_ruleset(changed, self.ruleset)
        _set_combatants(changed, combatants)
        _set_turns(changed, turns)
        _set_options(changed, options)
        _set_arena(changed, arena)
        _set_outcome(changed, outcome)
        _set_index(changed, index)
        _set_marks(changed, marks)
        _set_memo(changed, None)
        return changed

    def with_combatant(self, updated: Combatant) -> EncounterState:
        index = self._index
        if index is None:
            index = self._positions()
        at = index[updated.id]
        people = self.combatants
        marks = self._marks
        if marks is not None:
            before = people[at].conditions
            if before is not updated.conditions:
                marks = _remarked(marks, updated.id, before, updated.conditions)
        combatants = (*people[:at], updated, *people[at + 1 :])
        # ids never move, so the index is handed on as it is
        return self._copy(
            combatants, self.turns, self.outcome, self.options, self.arena, index, marks
        )

    @property
    def rounds(self) -> InitiativeTurns:
        """The round position, for rules that only run on initiative rounds."""
        turns = self.turns
        if not isinstance(turns, InitiativeTurns):
            raise TypeError(f"{self.ruleset} does not play in initiative rounds")
        return turns

    @property
    def actor(self) -> str | None:
        """Whose turn it is; None before the fight starts or after it ends."""
        return None if self.outcome is not None else self.turns.current

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            **self.turns.to_json(),
            "turn": self.actor,
            "outcome": self.outcome,
            "combatants": [c.to_json() for c in self.combatants],
        }


_STATE_FIELDS = tuple(f.name for f in dataclasses.fields(EncounterState) if f.init)
_STATE_FIELD_SET = frozenset(_STATE_FIELDS)
_ALL_FIELDS: tuple[str, ...] = ("ruleset", "combatants", "turns", "options", "arena", "outcome")
_ALL_FIELDS += ("_index", "_marks", "_memo")
assert tuple(f.name for f in dataclasses.fields(EncounterState)) == _ALL_FIELDS, (
    "EncounterState._copy stores these fields by hand: add a new one there too"
)
_new = object.__new__
_SETTERS: list[Callable[[EncounterState, Any], None]] = [
    getattr(EncounterState, name).__set__ for name in _ALL_FIELDS
]
(
    _set_ruleset,
    _set_combatants,
    _set_turns,
    _set_options,
    _set_arena,
    _set_outcome,
    _set_index,
    _set_marks,
    _set_memo,
) = _SETTERS


def _remarked(
    marks: dict[str, frozenset[str]],
    who: str,
    before: tuple[Condition, ...],
    after: tuple[Condition, ...],
) -> dict[str, frozenset[str]]:
    """The condition index after one combatant's conditions changed (a fresh dict: the old
    state keeps its own)."""
    gone = {c.name for c in before} - {c.name for c in after}
    came = {c.name for c in after} - {c.name for c in before}
    if not gone and not came:
        return marks
    changed = dict(marks)
    for name in gone:
        changed[name] = changed.get(name, frozenset()) - {who}
    for name in came:
        changed[name] = changed.get(name, frozenset()) | {who}
    return changed


def update(state: EncounterState, combatant_id: str, **changes: Any) -> EncounterState:
    """The state with one combatant's fields changed: the step most events take."""
    return state.with_combatant(replace(state.get(combatant_id), **changes))
