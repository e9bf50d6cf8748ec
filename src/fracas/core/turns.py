"""Turn models: who acts next.

The encounter never decides turn order itself; it asks the ruleset's turn model. Initiative
rounds are one model; the tick timeline (core/ticks.py) is the other, with the same two
duties: say who acts now, and pass the turn on by emitting events. Each model keeps its
position in `EncounterState.turns` (`InitiativeTurns` here, `TickClock` there); both answer
`current`, `round`, `to_json` and `standing`, which is all the encounter and the front ends ask.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from fracas.core.conditions import Expiry, Moment
from fracas.core.events import (
    ConditionCounted,
    ConditionRemoved,
    Event,
    RoundEnded,
    RoundOrderSet,
    RoundStarted,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
)
from fracas.core.records import replace

if TYPE_CHECKING:
    from fracas.core.transaction import Transaction


@dataclass(frozen=True, slots=True)
class InitiativeTurns:
    """Position in the initiative order: round number and whose turn.

    `order` is the standing order from initiative; a rule may give one round a different
    order (an ambush round, someone moved to the top of the next round): `next_round` holds
    it until that round starts, `this_round` is the order being played.
    """

    order: tuple[str, ...] = ()
    round: int = 0
    index: int = 0
    this_round: tuple[str, ...] = ()
    next_round: tuple[str, ...] | None = None

    @property
    def current(self) -> str | None:
        if self.round == 0 or not self.this_round:
            return None
        return self.this_round[self.index]

    def advanced(self, event: Event) -> InitiativeTurns:
        """The turn bookkeeping that a core turn event implies."""
        return advance_turns(self, event)

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round}

    def standing(self, combatant: str) -> str | None:
        """A combatant's place in the turn flow for a display; rounds have nothing to add."""
        return None

    def describe(self) -> str:
        return f"round {self.round}"


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
        turns = tx.state.rounds
        actor = turns.current
        assert actor is not None
        lapse_conditions(tx, Moment(Expiry.END_OF_TURN, actor))
        tx.emit(TurnEnded(combatant=actor))
        self._advance(tx, hooks, skipped=0)

    def _advance(self, tx: Transaction, hooks: TurnHooks, skipped: int) -> None:
        turns = tx.state.rounds
        following = turns.index + 1
        if following >= len(turns.this_round):
            hooks.on_round_end(tx)
            lapse_conditions(tx, Moment(Expiry.END_OF_ROUND))
            tx.emit(RoundEnded(round=turns.round))
            tx.emit(RoundStarted(round=turns.round + 1))
            following = 0
        self._start_turn(tx, hooks, following, skipped)

    def _start_turn(self, tx: Transaction, hooks: TurnHooks, index: int, skipped: int) -> None:
        turns = tx.state.rounds
        combatant = turns.this_round[index]
        tx.emit(TurnStarted(combatant=combatant, round=tx.state.turns.round))
        lapse_conditions(tx, Moment(Expiry.START_OF_TURN, combatant))
        why_not = hooks.on_turn_start(tx, combatant)
        if why_not is None or tx.state.outcome is not None:
            return
        tx.emit(TurnSkipped(combatant=combatant, why=why_not))
        lapse_conditions(tx, Moment(Expiry.END_OF_TURN, combatant))
        tx.emit(TurnEnded(combatant=combatant))
        if skipped + 1 >= 3 * len(turns.this_round):
            # Nobody can act for three whole rounds and nobody has won: a stalemate the
            # ruleset's outcome check should have caught; stop rather than spin forever.
            return
        self._advance(tx, hooks, skipped + 1)


def advance_turns(turns: InitiativeTurns, event: Event) -> InitiativeTurns:
    """The turn bookkeeping that a core turn event implies."""
    if isinstance(event, RoundStarted):
        this_round = turns.next_round if turns.next_round is not None else turns.order
        return replace(turns, round=event.round, index=0, this_round=this_round, next_round=None)
    if isinstance(event, TurnStarted):
        return replace(turns, index=turns.this_round.index(event.combatant))
    if isinstance(event, RoundOrderSet):
        return replace(turns, next_round=event.order)
    return turns
