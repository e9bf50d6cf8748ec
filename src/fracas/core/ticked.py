"""`TickedRuleset`: a `BaseRuleset` whose turns run on the tick timeline (core/ticks.py).

It routes every action through the timeline (which may resolve it at once, or hold it as a
declaration until its simultaneous group and any preempting holders have had their say) and
gives the timeline the hooks it asks for. A ruleset on ticks subclasses it, sets each
combatant's first action tick in `roll_initiative`, and has its action rules pay their tick
costs with `ticks.spend`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from fracas.core.actions import Action
from fracas.core.dice import Dice
from fracas.core.ruleset import BaseRuleset, Resolution
from fracas.core.state import EncounterState
from fracas.core.ticks import Declaration, TickClock, TickTimeline
from fracas.core.transaction import Transaction


class TickedRuleset(BaseRuleset):
    """The shared half of every ruleset on ticks; see the module docstring."""

    turn_model: ClassVar[TickTimeline] = TickTimeline()
    hold_action: ClassVar[type[Action] | None] = None
    """The action that holds (resolves at once, is never answered, and lets its actor
    preempt later declarations)."""

    @property
    def ticks(self) -> TickTimeline:
        return self.turn_model

    # -- hooks a subclass may refine -----------------------------------------------------

    def tie_rank(self, state: EncounterState, combatant: str) -> int:
        """Who declares first among those due at one tick; equals act simultaneously."""
        return 0

    def on_tick(self, tx: Transaction, tick: int) -> None:
        return None

    def alarms(self, state: EncounterState) -> Iterable[int]:
        return ()

    def may_preempt(
        self, state: EncounterState, holder: str, declared: tuple[Declaration, ...]
    ) -> bool:
        return True

    # -- what the timeline asks ----------------------------------------------------------

    def is_hold(self, action: Action) -> bool:
        return self.hold_action is not None and isinstance(action, self.hold_action)

    def check_declared(self, state: EncounterState, action: Action) -> None:
        self._rules[type(action)][0](state, action)

    def perform(self, tx: Transaction, action: Action) -> None:
        self._rules[type(action)][1](tx, action)

    # -- the protocol --------------------------------------------------------------------

    def verify(self, state: EncounterState, action: Action) -> None:
        super().verify(state, action)
        if isinstance(state.turns, TickClock) and not action.by_gm:
            self.ticks.verify(state, self, action)

    def resolve(self, state: EncounterState, action: Action, dice: Dice | None) -> Resolution:
        tx = Transaction(self, state, dice)
        if action.by_gm:
            self.perform(tx, action)
        else:
            self.ticks.submit(tx, self, action)
        if tx.state.outcome is None:
            self.after_action(tx)
        self._check_outcome(tx)
        return Resolution(tx.events, tx.state)
