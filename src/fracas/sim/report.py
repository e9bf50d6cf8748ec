"""From trials to the answer: win probabilities with intervals, rounds, survivors, damage.

Trials are folded in index order, so floating sums come out bit for bit the same whichever
back end and however many workers played them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from fracas.sim.stats import histogram, summary, wilson
from fracas.sim.trial import Trial


@dataclass(frozen=True, slots=True)
class Report:
    ruleset: str
    seed: int
    trials: int
    max_rounds: int
    policies: dict[str, str]
    clock: str
    """`rounds`, or `ticks` for a tick-timed ruleset (whose length is told in ticks)."""
    sides: dict[str, dict[str, Any]]
    ends: dict[str, dict[str, Any]]
    length: dict[str, Any]
    combatants: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON, field by field (the fields are already numbers, strings, lists)."""
        return asdict(self)


def _share(count: int, trials: int) -> dict[str, Any]:
    low, high = wilson(count, trials)
    return {"count": count, "probability": count / trials, "interval": [low, high]}


def summarize(
    trials: list[Trial],
    *,
    ruleset: str,
    seed: int,
    max_rounds: int,
    policies: dict[str, str],
    ids: tuple[str, ...],
    names: tuple[str, ...],
    sides: tuple[str, ...],
) -> Report:
    ordered = sorted(trials, key=lambda t: t.index)
    n = len(ordered)
    if n == 0:
        raise ValueError("no trials to summarize")
    wins = {side: 0 for side in dict.fromkeys(sides)}
    ends = {"draw": 0, "round limit": 0, "stalled": 0}
    for trial in ordered:
        if trial.winner is not None:
            wins[trial.winner] += 1
        else:
            ends[trial.end] += 1
    side_rows: dict[str, dict[str, Any]] = {}
    for side, count in wins.items():
        members = [k for k, s in enumerate(sides) if s == side]
        standing = sum(sum(t.standing[k] for k in members) for t in ordered)
        side_rows[side] = {
            "policy": policies[side],
            "wins": _share(count, n),
            "mean_survivors": standing / n,
            "members": len(members),
        }
    ticked = ordered[0].ticks is not None
    lengths = [t.ticks if t.ticks is not None else t.rounds for t in ordered]
    length = {**summary(lengths), "histogram": {str(k): v for k, v in histogram(lengths).items()}}
    rows = []
    for k, cid in enumerate(ids):
        survived = [t.hp[k] for t in ordered if t.standing[k]]
        rows.append(
            {
                "id": cid,
                "name": names[k],
                "side": sides[k],
                "survived": _share(len(survived), n),
                "mean_hp": sum(t.hp[k] for t in ordered) / n,
                "mean_hp_if_standing": sum(survived) / len(survived) if survived else None,
                "mean_damage_dealt": sum(t.dealt[k] for t in ordered) / n,
                "mean_damage_taken": sum(t.taken[k] for t in ordered) / n,
            }
        )
    return Report(
        ruleset=ruleset,
        seed=seed,
        trials=n,
        max_rounds=max_rounds,
        policies=policies,
        clock="ticks" if ticked else "rounds",
        sides=side_rows,
        ends={end: _share(count, n) for end, count in ends.items()},
        length=length,
        combatants=rows,
    )
