"""Workers send tallies of their ranges, not trials: merged in any order, the tallies must give
the report that counting every trial one by one gives."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest

from fracas.sim.backends import run_here, run_pool
from fracas.sim.job import Job, build_fork, make_job, tally_range
from fracas.sim.report import Report, summarize
from fracas.sim.stats import quantile, summary_of_counts
from fracas.sim.tally import merge, merge_all, tally
from fracas.sim.trial import Trial
from tests.sim.helpers import example


def _report(job: Job, tallied: Any) -> Report:
    fork = build_fork(job)
    return summarize(
        tallied,
        ruleset=job.spec.ruleset,
        seed=job.seed,
        max_rounds=job.max_rounds,
        policies=dict(job.policies),
        ids=fork.ids,
        names=tuple(fork.setup.get(cid).name for cid in fork.ids),
        sides=fork.sides,
    )


def _recount(trials: list[Trial], sides: tuple[str, ...]) -> dict[str, Any]:
    """The report's numbers counted straight from the list of trials, one field at a time."""
    n = len(trials)
    lengths = sorted(t.ticks if t.ticks is not None else t.rounds for t in trials)
    return {
        "wins": {s: sum(t.winner == s for t in trials) for s in dict.fromkeys(sides)},
        "draws": sum(t.end == "draw" for t in trials),
        "length": [
            sum(lengths) / n,
            lengths[0],
            quantile(lengths, 0.25),
            quantile(lengths, 0.5),
            quantile(lengths, 0.75),
            lengths[-1],
        ],
        "survived": [sum(t.standing[k] for t in trials) for k in range(len(sides))],
        "mean_hp": [sum(t.hp[k] for t in trials) / n for k in range(len(sides))],
        "mean_hp_if_standing": [
            (sum(t.hp[k] for t in trials if t.standing[k]) / count if count else None)
            for k, count in enumerate(sum(t.standing[k] for t in trials) for k in range(len(sides)))
        ],
        "dealt": [sum(t.dealt[k] for t in trials) / n for k in range(len(sides))],
        "taken": [sum(t.taken[k] for t in trials) / n for k in range(len(sides))],
    }


def _read(report: Report) -> dict[str, Any]:
    """The same numbers read off a report."""
    rows = report.combatants
    length = report.length
    return {
        "wins": {side: row["wins"]["count"] for side, row in report.sides.items()},
        "draws": report.ends["draw"]["count"],
        "length": [length[k] for k in ("mean", "min", "p25", "median", "p75", "max")],
        "survived": [row["survived"]["count"] for row in rows],
        "mean_hp": [row["mean_hp"] for row in rows],
        "mean_hp_if_standing": [row["mean_hp_if_standing"] for row in rows],
        "dealt": [row["mean_damage_dealt"] for row in rows],
        "taken": [row["mean_damage_taken"] for row in rows],
    }


@pytest.mark.parametrize(
    "name", ["lines-skirmish.yaml", "fatewalker-duel.yaml", "tiers-duel.yaml"]
)  # rounds, ticks, and HP below zero
def test_merged_tallies_of_uneven_ranges_give_the_report_of_all_the_trials(name: str) -> None:
    job = make_job(example(name), 5, {}, None)
    trials = run_here(job, 90)
    cuts = [0, 1, 7, 30, 31, 64, 90]
    parts = [tally_range(job, a, b) for a, b in pairwise(cuts)]
    random.Random(2).shuffle(parts)  # the order ranges come back in from a pool
    merged = merge_all(parts)
    assert merged == tally(trials)
    report = _report(job, merged)
    assert _read(report) == _recount(trials, build_fork(job).sides)
    assert report.clock == ("ticks" if trials[0].ticks is not None else "rounds")
    assert len(set(report.length["histogram"].values())) > 1  # the lengths vary: a real check


def test_merging_is_associative_and_commutative() -> None:
    job = make_job(example("lines-skirmish.yaml"), 8, {}, None)
    a, b, c = (tally_range(job, s, s + 10) for s in (0, 10, 20))
    assert merge(merge(a, b), c) == merge(a, merge(b, c)) == merge(c, merge(b, a))
    assert merge(a, b).first == 0 and merge(b, c).trials == 20


def test_the_pool_returns_the_tally_of_every_trial() -> None:
    job = make_job(example("lines-skirmish.yaml"), 3, {}, None)
    assert run_pool(job, 70, 2) == tally(run_here(job, 70))


def test_a_summary_from_counts_reads_the_nearest_rank_quartiles() -> None:
    """1, 2, 2, 9 listed: p25 is the 1st value, the median the 2nd, p75 the 3rd."""
    assert summary_of_counts({9: 1, 2: 2, 1: 1}) == {
        "mean": 3.5,
        "min": 1,
        "p25": 1,
        "median": 2,
        "p75": 2,
        "max": 9,
    }


def test_nothing_to_tally_is_refused() -> None:
    with pytest.raises(ValueError, match="no trials to tally"):
        tally([])
    with pytest.raises(ValueError, match="no tallies to merge"):
        merge_all([])
