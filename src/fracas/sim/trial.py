"""One simulated fight: from the fork point to an outcome (or the round limit), measured.

The loop is `runner.autoplay` without the `Encounter` around it: the simulator keeps no event
log, no undo history and no states before each action, only the running state and a few
numbers per combatant. With the `tactics` policy it plays exactly the fight autoplay plays
from the same state with the same dice (tests/sim/test_trial.py holds it to that, seed for
seed), so the loop changes the cost of a fight, never the fight.

A ruleset may go further with a fast path of its own (`BaseRuleset.fast_path`,
core/fastpath.py): its rules and tactics over plain numbers, without events. `play_fast`
plays a trial through it; the fork holds it, compiled once, when the ruleset has one for the
job's policies.
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.core.actions import EndTurn
from fracas.core.dice import Dice
from fracas.core.encounter import replay
from fracas.core.events import Event, Harm
from fracas.core.fastpath import FastPath
from fracas.core.ruleset import Ruleset
from fracas.core.state import EncounterState
from fracas.core.ticks import TickClock
from fracas.runner import STALL_LIMIT
from fracas.sim.policies import Policy


@dataclass(frozen=True, slots=True)
class Fork:
    """Where every trial starts: a state after the file's scripted part (`state`), or, when
    the file scripts nothing, the set-up before initiative, which each trial rolls itself."""

    ruleset: Ruleset
    setup: EncounterState
    state: EncounterState | None
    order: tuple[str, ...] | None
    ids: tuple[str, ...]
    """The combatants in the set-up's order: every per-combatant tuple below follows it."""
    sides: tuple[str, ...]
    """Each combatant's side, in the same order."""
    fast: FastPath | None = None
    """The ruleset's fast path for this fork and the job's policies, if it has one."""


@dataclass(frozen=True, slots=True)
class Trial:
    """What one fight came to; a worker folds its range of them into a `Tally` to send back."""

    index: int
    end: str
    """`won`, `draw`, `round limit` or `stalled`."""
    winner: str | None
    rounds: int
    """Rounds played (under a tick timeline: spans of its ticks)."""
    ticks: int | None
    """The tick the fight ended on, for tick-timed rulesets; None under rounds."""
    hp: tuple[int, ...]
    standing: tuple[bool, ...]
    dealt: tuple[int, ...]
    taken: tuple[int, ...]


def opening(fork: Fork, dice: Dice) -> EncounterState:
    """The trial's first state: the fork's own, or the set-up with initiative rolled now
    (as `Encounter` does it, so a trial and an autoplayed encounter start alike)."""
    if fork.state is not None:
        return fork.state
    events = fork.ruleset.start(fork.setup, dice, fork.order)
    return replay(fork.ruleset, fork.setup, events)


def play(
    fork: Fork,
    index: int,
    dice: Dice,
    policy_dice: Dice,
    policies: dict[str, Policy],
    max_rounds: int,
) -> Trial:
    """Play one fight with `policies` by side, rolling through `dice`; the policies roll
    their own appraisals through `policy_dice`, so they never shift the fight's dice."""
    ruleset = fork.ruleset
    state = opening(fork, dice)
    where = {cid: n for n, cid in enumerate(fork.ids)}
    side_of = dict(zip(fork.ids, fork.sides, strict=True))
    losses = _Losses(where, side_of, [0] * len(fork.ids), [0] * len(fork.ids))
    choosers = {side: p.choose for side, p in policies.items()}
    resolve = ruleset.resolve
    standing_still = 0
    end = "round limit"
    while state.turns.round <= max_rounds:
        if state.outcome is not None:
            end = "outcome"
            break
        actor = state.actor
        if actor is None:
            break
        action = choosers[side_of[actor]](ruleset, state, policy_dice)
        resolution = resolve(state, action, dice)
        after = resolution.state
        if after.combatants is not state.combatants:  # most events leave everyone alone
            losses.count(state, after, resolution.events, actor, isinstance(action, EndTurn))
        standing_still = standing_still + 1 if after.turns == state.turns else 0
        state = after
        if standing_still >= STALL_LIMIT:
            end = "stalled"
            break
    else:
        if state.outcome is not None:
            end = "outcome"
    return _measured(fork, index, state, end, losses.dealt, losses.taken, max_rounds)


def play_fast(fork: Fork, index: int, dice: Dice, max_rounds: int) -> Trial | None:
    """Play one fight through the fork's fast path, or None when it has none or the fight
    met something the fast path does not model (its dice are then spent: play the trial
    with fresh ones). The trial is the one `play` would report with the same dice."""
    if fork.fast is None:
        return None
    fought = fork.fast(dice, max_rounds)
    if fought is None:
        return None
    end, winner = _ending(fork, fought.end, fought.outcome)
    return Trial(
        index=index,
        end=end,
        winner=winner,
        rounds=min(fought.round, max_rounds),
        ticks=fought.tick,
        hp=fought.hp,
        standing=fought.standing,
        dealt=fought.dealt,
        taken=fought.taken,
    )


def _ending(fork: Fork, end: str, outcome: str | None) -> tuple[str, str | None]:
    """The trial's `end` and winner from how the loop stopped and the state's outcome."""
    if end != "outcome":
        return end, None
    side = str(outcome).removesuffix(" won")
    if side != outcome and side in fork.sides:
        return "won", side
    return "draw", None


@dataclass(frozen=True, slots=True)
class _Losses:
    """The per-combatant damage columns of one trial, and how an action adds to them."""

    where: dict[str, int]
    side_of: dict[str, str]
    dealt: list[int]
    taken: list[int]

    def count(
        self,
        state: EncounterState,
        after: EncounterState,
        events: list[Event],
        actor: str,
        ending_turn: bool,
    ) -> None:
        """Add the HP each combatant lost in one action to what it took. What an event
        naming its dealer took (`Harm`) is credited to that dealer when the loser is on
        another side; the rest of the loss to the actor, unless the action ended a turn
        (where start-of-turn rules such as bleeding act)."""
        credited = (
            self._by_dealer(state, events) if any(isinstance(e, Harm) for e in events) else {}
        )
        where, side_of = self.where, self.side_of
        before = state.combatants
        aligned = len(before) == len(after.combatants)
        for n, combatant in enumerate(after.combatants):
            # ids never move (`with_combatant`), so the one at the same place is usually the
            # same combatant, and most of them are the very same record
            earlier = before[n] if aligned else None
            if earlier is combatant:
                continue
            if earlier is None or earlier.id != combatant.id:
                earlier = state.find(combatant.id)
            if earlier is None or earlier is combatant or combatant.id not in where:
                continue
            lost = earlier.hp - combatant.hp
            if lost > 0:
                self.taken[where[combatant.id]] += lost
                rest = lost - credited.get(combatant.id, 0)
                if rest > 0 and not ending_turn and side_of[combatant.id] != side_of[actor]:
                    self.dealt[where[actor]] += rest

    def _by_dealer(self, state: EncounterState, events: list[Event]) -> dict[str, int]:
        """Credit each `Harm` event's loss to its dealer: the HP its target stood at before
        the action or after the last such event, less `hp` (HP raised in between, by a heal
        in the same action, is not seen). Returns the HP so accounted for, by loser."""
        where, side_of = self.where, self.side_of
        standing: dict[str, int] = {}
        accounted: dict[str, int] = {}
        for event in events:
            if not isinstance(event, Harm):
                continue
            target = event.target
            if target not in standing:
                found = state.find(target)
                standing[target] = found.hp if found is not None else event.hp
            lost = standing[target] - event.hp
            standing[target] = event.hp
            if lost <= 0 or target not in where:
                continue
            accounted[target] = accounted.get(target, 0) + lost
            by = event.dealt_by
            if by is not None and by in where and side_of[by] != side_of[target]:
                self.dealt[where[by]] += lost
        return accounted


def _measured(
    fork: Fork,
    index: int,
    state: EncounterState,
    end: str,
    dealt: list[int],
    taken: list[int],
    max_rounds: int,
) -> Trial:
    end, winner = _ending(fork, end, state.outcome)
    finals = [state.find(cid) for cid in fork.ids]
    turns = state.turns
    return Trial(
        index=index,
        end=end,
        winner=winner,
        rounds=min(turns.round, max_rounds),  # a cut-off fight never played the next
        ticks=turns.tick if isinstance(turns, TickClock) else None,
        hp=tuple(c.hp if c is not None else 0 for c in finals),
        standing=tuple(c is not None and c.is_active for c in finals),
        dealt=tuple(dealt),
        taken=tuple(taken),
    )
