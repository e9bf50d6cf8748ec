"""From trials to the answer: win probabilities with intervals, rounds, survivors, damage.

The report reads a `Tally` (sim/tally.py): whole-number counts and sums, merged from the
workers' ranges in any order, so it comes out bit for bit the same whichever back end and
however many workers played the trials.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from fracas.sim.stats import summary_of_counts, wilson
from fracas.sim.tally import Tally


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
    tallied: Tally,
    *,
    ruleset: str,
    seed: int,
    max_rounds: int,
    policies: dict[str, str],
    ids: tuple[str, ...],
    names: tuple[str, ...],
    sides: tuple[str, ...],
) -> Report:
    n = tallied.trials
    wins = {side: tallied.wins.get(side, 0) for side in dict.fromkeys(sides)}
    ends = {end: tallied.ends.get(end, 0) for end in ("draw", "round limit", "stalled")}
    side_rows: dict[str, dict[str, Any]] = {}
    for side, count in wins.items():
        members = [k for k, s in enumerate(sides) if s == side]
        standing = sum(tallied.standing[k] for k in members)
        side_rows[side] = {
            "policy": policies[side],
            "wins": _share(count, n),
            "mean_survivors": standing / n,
            "members": len(members),
        }
    lengths = tallied.lengths
    length = {
        **summary_of_counts(lengths),
        "histogram": {str(k): lengths[k] for k in sorted(lengths)},
    }
    rows = []
    for k, cid in enumerate(ids):
        survived = tallied.standing[k]
        rows.append(
            {
                "id": cid,
                "name": names[k],
                "side": sides[k],
                "survived": _share(survived, n),
                "mean_hp": tallied.hp[k] / n,
                "mean_hp_if_standing": tallied.hp_standing[k] / survived if survived else None,
                "mean_damage_dealt": tallied.dealt[k] / n,
                "mean_damage_taken": tallied.taken[k] / n,
            }
        )
    return Report(
        ruleset=ruleset,
        seed=seed,
        trials=n,
        max_rounds=max_rounds,
        policies=policies,
        clock="ticks" if tallied.ticked else "rounds",
        sides=side_rows,
        ends={end: _share(count, n) for end, count in ends.items()},
        length=length,
        combatants=rows,
    )
