"""The encounter: a state, the log that led to it, and the dice. The one mutable object.

Every change goes through `act`, which verifies first, so a refused action changes nothing.
Undo and redo move whole actions; redo re-applies the logged events instead of rolling again,
so an undone roll cannot be re-rolled into a better one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from fracas.core.actions import Action
from fracas.core.dice import Dice
from fracas.core.errors import IllegalAction
from fracas.core.events import Event
from fracas.core.ruleset import Ruleset
from fracas.core.state import EncounterState


@dataclass(frozen=True, slots=True)
class Step:
    """One acted action and the events it produced."""

    action: Action
    events: tuple[Event, ...]
    before: EncounterState


@dataclass(frozen=True, slots=True)
class EncounterParts:
    """An encounter's own data: its set-up, opening, state, and undo and redo stacks."""

    setup: EncounterState
    opening: tuple[Event, ...]
    state: EncounterState
    done: tuple[Step, ...]
    undone: tuple[Step, ...]
    """The next redo last."""


class Encounter:
    def __init__(
        self,
        ruleset: Ruleset,
        setup: EncounterState,
        dice: Dice,
        *,
        order: tuple[str, ...] | None = None,
    ) -> None:
        """Start a fight from its set-up state: roll initiative (unless `order` is fixed)."""
        self.ruleset = ruleset
        self.dice = dice
        self.setup = setup
        self.opening: tuple[Event, ...] = tuple(ruleset.start(setup, dice, order))
        self.state = replay(ruleset, setup, self.opening)
        self._done: list[Step] = []
        self._undone: list[Step] = []

    @classmethod
    def resumed(
        cls, ruleset: Ruleset, setup: EncounterState, opening: Iterable[Event], dice: Dice
    ) -> Encounter:
        """A fight rebuilt from its set-up and its logged opening events, rolling nothing:
        how a stored encounter comes back (initiative was rolled once, when it began)."""
        encounter = cls.__new__(cls)
        encounter.ruleset = ruleset
        encounter.dice = dice
        encounter.setup = setup
        encounter.opening = tuple(opening)
        encounter.state = replay(ruleset, setup, encounter.opening)
        encounter._done = []
        encounter._undone = []
        return encounter

    def record(self, action: Action, events: Iterable[Event]) -> None:
        """Take `action` as acted with the logged `events`, rolling nothing: a stored
        action comes back exactly as it was resolved, whatever the dice would say now."""
        step = Step(action, tuple(events), self.state)
        self.state = replay(self.ruleset, self.state, step.events)
        self._done.append(step)
        self._undone.clear()

    @classmethod
    def restored(
        cls,
        ruleset: Ruleset,
        parts: EncounterParts,
        dice: Dice,
    ) -> Encounter:
        """A fight put back from the `parts` it was saved as (a store's snapshot); the parts
        are trusted, so nothing is replayed."""
        encounter = cls.resumed(ruleset, parts.setup, (), dice)
        encounter.opening, encounter.state = parts.opening, parts.state
        encounter._done, encounter._undone = list(parts.done), list(parts.undone)
        return encounter

    @property
    def parts(self) -> EncounterParts:
        """Everything but the ruleset and the dice, to be saved and `restored` later."""
        return EncounterParts(
            self.setup, self.opening, self.state, tuple(self._done), tuple(self._undone)
        )

    def copy(self) -> Encounter:
        """An independent encounter at the same point, sharing the immutable steps."""
        return Encounter.restored(self.ruleset, self.parts, self.dice)

    @property
    def steps(self) -> tuple[Step, ...]:
        """The acted actions that stand (not undone), oldest first."""
        return tuple(self._done)

    @property
    def undoable(self) -> bool:
        return bool(self._done)

    @property
    def redoable(self) -> bool:
        return bool(self._undone)

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event since the set-up, in order: the encounter's source of truth."""
        return self.opening + tuple(e for step in self._done for e in step.events)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(step.action for step in self._done)

    def verify(self, action: Action) -> None:
        """Raise IllegalAction saying why, if `action` is not legal now."""
        self.ruleset.verify(self.state, action)

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def act(self, action: Action, *, verified: bool = False) -> list[Event]:
        """Verify, resolve and apply `action`; on any refusal the encounter is unchanged.

        `verified=True` says the caller has just verified this very action against the
        current state (autoplay's tactics do, to pick it), so it is not verified twice; a
        resolution that finds it illegal after all still changes nothing.
        """
        if not verified:
            self.verify(action)
        before = self.state
        resolution = self.ruleset.resolve(before, action, self.dice)
        self.state = resolution.state
        self._done.append(Step(action, tuple(resolution.events), before))
        self._undone.clear()
        return resolution.events

    def undo(self) -> Action:
        if not self._done:
            raise IllegalAction("nothing to undo")
        step = self._done.pop()
        self.state = step.before
        self._undone.append(step)
        return step.action

    def redo(self) -> Action:
        if not self._undone:
            raise IllegalAction("nothing to redo")
        step = self._undone.pop()
        self.state = replay(self.ruleset, self.state, step.events)
        self._done.append(step)
        return step.action

    def legal_actions(self) -> list[Action]:
        return self.ruleset.legal_actions(self.state)


def replay(ruleset: Ruleset, state: EncounterState, events: Iterable[Event]) -> EncounterState:
    """Fold events into a state; rolls nothing, so it rebuilds exactly what was played."""
    for event in events:
        state = ruleset.evolve(state, event)
    return state
