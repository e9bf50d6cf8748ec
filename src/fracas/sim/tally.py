"""A range of trials folded into the few numbers the report reads, so that a worker sends
back one small tally per range instead of a `Trial` per fight.

Everything kept is a count or a sum of whole numbers (HP, damage, rounds, ticks), and the
lengths are kept as a histogram, from which the quartiles are read exactly. Whole-number
sums do not depend on the order they are added in, so `merge` is associative and
commutative and the report is the same for any cut of the trials into ranges, any number
of workers, and any order the ranges come back in. The one thing that does depend on order,
whether the report counts ticks or rounds, is taken from the lowest-numbered trial.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from fracas.sim.trial import Trial


@dataclass(frozen=True, slots=True)
class Tally:
    trials: int
    first: int
    """The lowest trial index in the tally."""
    ticked: bool
    """Whether trial `first` counted its length in ticks."""
    wins: dict[str, int]
    """Trials won, by side (sides that won none are absent)."""
    ends: dict[str, int]
    """Trials nobody won, by how they ended (`draw`, `round limit`, `stalled`)."""
    lengths: dict[int, int]
    """How many trials lasted each number of ticks (or rounds, under rounds)."""
    standing: tuple[int, ...]
    """Per combatant, in the fork's order: trials it ended standing."""
    hp: tuple[int, ...]
    """Per combatant: its final HP summed over every trial."""
    hp_standing: tuple[int, ...]
    """Per combatant: its final HP summed over the trials it ended standing."""
    dealt: tuple[int, ...]
    taken: tuple[int, ...]


def tally(trials: Iterable[Trial]) -> Tally:
    """The tally of some trials (at least one)."""
    wins: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    lengths: Counter[int] = Counter()
    first: Trial | None = None
    count = 0
    standing: list[int] = []
    hp: list[int] = []
    hp_standing: list[int] = []
    dealt: list[int] = []
    taken: list[int] = []
    for trial in trials:
        if first is None:
            width = len(trial.hp)
            standing, hp, hp_standing, dealt, taken = ([0] * width for _ in range(5))
        if first is None or trial.index < first.index:
            first = trial
        count += 1
        if trial.winner is not None:
            wins[trial.winner] += 1
        else:
            ends[trial.end] += 1
        lengths[trial.ticks if trial.ticks is not None else trial.rounds] += 1
        for k, points in enumerate(trial.hp):
            hp[k] += points
            if trial.standing[k]:
                standing[k] += 1
                hp_standing[k] += points
            dealt[k] += trial.dealt[k]
            taken[k] += trial.taken[k]
    if first is None:
        raise ValueError("no trials to tally")
    return Tally(
        trials=count,
        first=first.index,
        ticked=first.ticks is not None,
        wins=dict(wins),
        ends=dict(ends),
        lengths=dict(lengths),
        standing=tuple(standing),
        hp=tuple(hp),
        hp_standing=tuple(hp_standing),
        dealt=tuple(dealt),
        taken=tuple(taken),
    )


def merge(a: Tally, b: Tally) -> Tally:
    """Two tallies of disjoint sets of trials as one."""
    return Tally(
        trials=a.trials + b.trials,
        first=min(a.first, b.first),
        ticked=a.ticked if a.first <= b.first else b.ticked,
        wins=dict(Counter(a.wins) + Counter(b.wins)),
        ends=dict(Counter(a.ends) + Counter(b.ends)),
        lengths=dict(Counter(a.lengths) + Counter(b.lengths)),
        standing=_add(a.standing, b.standing),
        hp=_add(a.hp, b.hp),
        hp_standing=_add(a.hp_standing, b.hp_standing),
        dealt=_add(a.dealt, b.dealt),
        taken=_add(a.taken, b.taken),
    )


def merge_all(tallies: Iterable[Tally]) -> Tally:
    """Many tallies as one (at least one)."""
    merged: Tally | None = None
    for part in tallies:
        merged = part if merged is None else merge(merged, part)
    if merged is None:
        raise ValueError("no tallies to merge")
    return merged


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))
