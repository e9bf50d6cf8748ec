"""`simulate`: check the request, build the fork, play the trials somewhere, report.

Refusals come before any fight is played, each in one sentence saying what is accepted:
a bad trial count, a policy name or side that does not exist, a round limit below 1.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from fracas.core.errors import ScenarioError
from fracas.scenario import ScenarioSpec
from fracas.sim.backends import Progress, run_dask, run_pool
from fracas.sim.job import fork_of, make_job
from fracas.sim.report import Report, summarize

MAX_TRIALS = 10_000_000
"""More fights than any question needs: 10 million put a 95% interval within ±0.0003."""
MAX_WORKERS = 256
"""More local processes than any one machine has cores; a million would fork a million."""


@dataclass(frozen=True, slots=True)
class Options:
    trials: int = 1000
    seed: int | None = None
    """Defaults to the file's seed, else 0: the same command gives the same answer."""
    workers: int | None = None
    """Local processes; None is the number of CPUs."""
    policies: dict[str, str] = field(default_factory=dict)
    """Policy per side; sides not named play `tactics`."""
    max_rounds: int | None = None
    """Defaults to the file's autoplay limit, else 100."""
    dask: Any = None
    """A Dask scheduler address or a connected `distributed.Client`: play there instead."""


def parse_policies(pairs: list[str]) -> dict[str, str]:
    """`SIDE=NAME` pairs from the command line."""
    chosen: dict[str, str] = {}
    for pair in pairs:
        side, sep, name = pair.partition("=")
        if not sep or not side or not name:
            raise ScenarioError(f"--policy {pair}: expected SIDE=NAME, such as raiders=focus")
        if side in chosen:
            raise ScenarioError(f"--policy {pair}: side {side!r} is given a policy twice")
        chosen[side] = name
    return chosen


def simulate(spec: ScenarioSpec, options: Options, progress: Progress | None = None) -> Report:
    if not 1 <= options.trials <= MAX_TRIALS:
        raise ScenarioError(f"--trials must be between 1 and {MAX_TRIALS:,}, not {options.trials}")
    workers = options.workers if options.workers is not None else os.cpu_count() or 1
    if workers < 1:
        raise ScenarioError(f"--workers must be at least 1, not {workers}")
    if workers > MAX_WORKERS:
        raise ScenarioError(f"--workers must be at most {MAX_WORKERS}, not {workers}")
    seed = options.seed if options.seed is not None else spec.seed or 0
    job = make_job(spec, seed, options.policies, options.max_rounds)
    fork = fork_of(job)  # refuses a broken scripted part here, before any worker starts
    hear = progress if progress is not None else (lambda done: None)
    if options.dask is not None:
        tallied = run_dask(job, options.trials, options.dask, hear)
    else:
        tallied = run_pool(job, options.trials, min(workers, options.trials), hear)
    names = tuple(fork.setup.get(cid).name for cid in fork.ids)
    return summarize(
        tallied,
        ruleset=spec.ruleset,
        seed=seed,
        max_rounds=job.max_rounds,
        policies=dict(job.policies),
        ids=fork.ids,
        names=names,
        sides=fork.sides,
    )
