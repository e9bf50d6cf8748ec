"""Turn models: who acts next.

The encounter never decides turn order itself; it asks the ruleset's turn model. Initiative
rounds are the first model; a tick timeline (fatewalker) will be a second one with the same
two duties: say who acts now, and pass the turn on by emitting events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from fracas.core.conditions import Expiry, Moment
from fracas.core.events import (
    ConditionCounted,
    ConditionRemoved,
    Event,
    RoundEnded,
    RoundStarted,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
)

if TYPE_CHECKING:
    from fracas.core.transaction import Transaction


@dataclass(frozen=True, slots=True)
class InitiativeTurns:
    """Position in a fixed initiative order: round number and whose turn."""

    order: tuple[str, ...] = ()
    round: int = 0
    index: int = 0

    @property
    def current(self) -> str | None:
        if self.round == 0 or not self.order:
            return None
        return self.order[self.index]


class TurnHooks(Protocol):
    """What a turn model asks of the ruleset while passing the turn on."""

    def on_turn_start(self, tx: Transaction, combatant_id: str) -> str | None:
        """Run start-of-turn rules; return why the combatant cannot act, or None if it can."""
        ...

    def on_round_end(self, tx: Transaction) -> None:
        """Run end-of-round rules (before the round's conditions lapse)."""
        ...


def lapse_conditions(tx: Transaction, moment: Moment) -> None:
    """Emit the events by which conditions reach (or count down towards) their end."""
    for combatant in tx.state.combatants:
        for condition in combatant.conditions:
            if not moment.matches(condition):
                continue
            if condition.count > 1:
                tx.emit(
                    ConditionCounted(
                        target=combatant.id, name=condition.name, remaining=condition.count - 1
                    )
                )
            else:
                tx.emit(
                    ConditionRemoved(target=combatant.id, name=condition.name, why=moment.expiry)
                )


class TurnModel(Protocol):
    """How turns pass: the encounter calls `begin` once and `end_turn` on each end of turn."""

    def begin(self, tx: Transaction, hooks: TurnHooks) -> None: ...

    def end_turn(self, tx: Transaction, hooks: TurnHooks) -> None: ...


class InitiativeRounds:
    """Rounds in a fixed order; the order is set once, at the start of the fight."""

    def begin(self, tx: Transaction, hooks: TurnHooks) -> None:
        tx.emit(RoundStarted(round=1))
        self._start_turn(tx, hooks, 0, skipped=0)

    def end_turn(self, tx: Transaction, hooks: TurnHooks) -> None:
        """End the current turn and start the next one that someone can act in."""
        turns = tx.state.turns
        actor = turns.current
        assert actor is not None
        lapse_conditions(tx, Moment(Expiry.END_OF_TURN, actor))
        tx.emit(TurnEnded(combatant=actor))
        self._advance(tx, hooks, skipped=0)

    def _advance(self, tx: Transaction, hooks: TurnHooks, skipped: int) -> None:
        turns = tx.state.turns
        following = turns.index + 1
        if following >= len(turns.order):
            hooks.on_round_end(tx)
            lapse_conditions(tx, Moment(Expiry.END_OF_ROUND))
            tx.emit(RoundEnded(round=turns.round))
            tx.emit(RoundStarted(round=turns.round + 1))
            following = 0
        self._start_turn(tx, hooks, following, skipped)

    def _start_turn(self, tx: Transaction, hooks: TurnHooks, index: int, skipped: int) -> None:
        turns = tx.state.turns
        combatant = turns.order[index]
        tx.emit(TurnStarted(combatant=combatant, round=tx.state.turns.round))
        lapse_conditions(tx, Moment(Expiry.START_OF_TURN, combatant))
        why_not = hooks.on_turn_start(tx, combatant)
        if why_not is None or tx.state.outcome is not None:
            return
        tx.emit(TurnSkipped(combatant=combatant, why=why_not))
        lapse_conditions(tx, Moment(Expiry.END_OF_TURN, combatant))
        tx.emit(TurnEnded(combatant=combatant))
        if skipped + 1 >= 3 * len(turns.order):
            # Nobody can act for three whole rounds and nobody has won: a stalemate the
            # ruleset's outcome check should have caught; stop rather than spin forever.
            return
        self._advance(tx, hooks, skipped + 1)


def advance_turns(turns: InitiativeTurns, event: Event) -> InitiativeTurns:
    """The turn bookkeeping that a core turn event implies."""
    if isinstance(event, RoundStarted):
        return InitiativeTurns(order=turns.order, round=event.round, index=turns.index)
    if isinstance(event, TurnStarted):
        return InitiativeTurns(
            order=turns.order, round=turns.round, index=turns.order.index(event.combatant)
        )
    return turns
