"""What a ruleset's simulation fast path is given and what it answers (`BaseRuleset.fast_path`).

The simulator (`sim/trial.py`) plays a fight through the engine: every rule emits events,
`evolve` applies them, the tactics verify their wishes. That keeps one definition of each
rule, but costs a hundred times the fight's dice. A ruleset may add a fast path: its rules
and its tactics restated over plain numbers, rolling from the same seeded generator in the
same order, so that it plays **exactly** the fight the engine plays, seed for seed, only
without the events. It is an optimisation, never a second opinion: wherever it meets
something it does not model (an option, a condition, a policy) it must answer None, and the
engine plays that trial instead. A test per ruleset holds it to the engine's trials.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from fracas.core.dice import Dice
    from fracas.core.state import EncounterState


@dataclass(frozen=True, slots=True)
class ForkPoint:
    """Where every trial of a simulation starts: the state after the file's scripted part
    (`state`), or, when nothing is scripted, the set-up before initiative (`state` is None:
    each trial rolls initiative as `Ruleset.start` does, with `order` when the file fixes it)."""

    setup: EncounterState
    state: EncounterState | None
    order: tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class FastTrial:
    """What one fight played by a fast path came to, in the terms the engine's loop reports.

    Every per-combatant tuple follows the set-up's order of combatants."""

    end: str
    """`outcome` (the fight has one: `outcome`) or `round limit`."""
    outcome: str | None
    """The state's outcome as the ruleset words it (`guards won`, `draw`)."""
    round: int
    """The round the state stood in at the end (`turns.round`), uncapped."""
    hp: tuple[int, ...]
    standing: tuple[bool, ...]
    """Active at the end (`Combatant.is_active`)."""
    dealt: tuple[int, ...]
    """HP enemies lost during the combatant's own actions (ending a turn deals nothing)."""
    taken: tuple[int, ...]
    """Every HP the combatant lost."""
    tick: int | None = None
    """The tick the fight ended on (`TickClock.tick`) for a ruleset on the tick timeline,
    whose `round` is then the clock's span of ticks; None under rounds."""

    @classmethod
    def ended(
        cls,
        outcome: str | None,
        round: int,
        hp: Sequence[int],
        standing: Iterable[bool],
        dealt: Sequence[int],
        taken: Sequence[int],
    ) -> FastTrial:
        """A fight a round-based fast path played to its end: an outcome, or else the round
        limit; its working lists frozen into the report's tuples."""
        return cls(
            end="outcome" if outcome is not None else "round limit",
            outcome=outcome,
            round=round,
            hp=tuple(hp),
            standing=tuple(standing),
            dealt=tuple(dealt),
            taken=tuple(taken),
        )


FastPath: TypeAlias = Callable[["Dice", int], FastTrial | None]
"""One compiled fork: `(dice, max_rounds)` plays a whole fight, or returns None when the fight
reached something the fast path does not model; the dice it drew are then spent, and the
simulator plays the trial through the engine with fresh dice of the same seed."""
