"""A simulation job: what every worker needs to play any range of its trials alike.

A job travels to worker processes (and Dask workers) as plain data: the validated scenario,
the seed, the policy per side and the round limit. Each worker builds the fork point from it
once and keeps it, so a thousand chunks cost one set-up per process. Trial `i` rolls with
`Dice.seeded(f"{seed}:{i}")`, whoever plays it: that is what makes a result independent of
the number of workers and of where they run.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from fracas.core.dice import Dice
from fracas.core.errors import ScenarioError
from fracas.core.fastpath import ForkPoint
from fracas.core.registry import get_ruleset
from fracas.runner import run_scenario
from fracas.scenario import ScenarioSpec
from fracas.sim.collector import caches_frozen, collecting, frozen_at_exit
from fracas.sim.policies import POLICIES
from fracas.sim.tally import Tally, tally
from fracas.sim.trial import Fork, Trial, play, play_fast

DEFAULT_MAX_ROUNDS = 100
"""The round limit when the file sets no `autoplay: {max_rounds: ...}`, as autoplay's."""


@dataclass(frozen=True, slots=True)
class Job:
    spec: ScenarioSpec
    seed: int
    policies: tuple[tuple[str, str], ...]
    """(side, policy name) for every side, in the fork's order of sides."""
    max_rounds: int
    key: str = field(default="", compare=False)
    """A digest naming the fork point, for the per-process cache of forks."""


def make_job(
    spec: ScenarioSpec, seed: int, policies: dict[str, str], max_rounds: int | None
) -> Job:
    """Check the policies against the file's sides and name the job's fork."""
    sides = list(dict.fromkeys(c.side for c in spec.combatants))
    for side, name in policies.items():
        if side not in sides:
            raise ScenarioError(
                f"--policy {side}={name}: there is no side {side!r}; the sides are "
                f"{', '.join(sides)}"
            )
        if name not in POLICIES:
            raise ScenarioError(
                f"--policy {side}={name}: unknown policy {name!r}; accepted: {', '.join(POLICIES)}"
            )
    rounds = max_rounds if max_rounds is not None else spec.autoplay_rounds or DEFAULT_MAX_ROUNDS
    if rounds < 1:
        raise ScenarioError(f"--max-rounds must be at least 1, not {rounds}")
    chosen = tuple((side, policies.get(side, "tactics")) for side in sides)
    digest = hashlib.sha256(
        # the policies too: the fork holds the ruleset's fast path for them
        json.dumps([spec.model_dump(mode="json"), seed, chosen], sort_keys=True).encode()
    ).hexdigest()
    return Job(spec, seed, chosen, rounds, digest)


_FORKS: dict[str, Fork] = {}
"""Forks built in this process, by job key (workers play many chunks of one job)."""


def fork_of(job: Job) -> Fork:
    cached = _FORKS.get(job.key) if job.key else None
    if cached is not None:
        return cached
    fork = build_fork(job)
    if job.key:
        _FORKS.clear()  # one job at a time per process; keep memory flat over many runs
        _FORKS[job.key] = fork
        frozen_at_exit()  # what the fork keeps is not walked again at the exit
    return fork


def build_fork(job: Job) -> Fork:
    """Play the file's scripted part once (its actions, with its dice or the job's seed);
    with nothing scripted, keep the set-up so each trial rolls its own initiative. The
    ruleset's fast path for the job's policies, if it has one, is compiled here once."""
    spec = job.spec
    ruleset = get_ruleset(spec.ruleset)
    order = tuple(spec.order) if spec.order is not None else None
    setup = ruleset.setup(spec)
    state = None
    if spec.actions or spec.dice is not None:
        scripted = spec.model_copy(update={"autoplay": False})
        result = run_scenario(scripted, job.seed)
        if result.error is not None:
            raise ScenarioError(f"the file's scripted part: {result.error}")
        state = result.encounter.state
    ids = tuple(c.id for c in setup.combatants)
    sides = tuple(c.side for c in setup.combatants)
    fast = ruleset.fast_path(ForkPoint(setup, state, order), dict(job.policies))
    return Fork(ruleset, setup, state, order, ids, sides, fast)


def trial_dice(seed: int, index: int) -> tuple[Dice, Dice]:
    """Trial `index`'s dice for the fight, and its policies' own for their appraisals."""
    return fight_dice(seed, index), Dice.seeded(f"{seed}:{index}:policy")


def fight_dice(seed: int, index: int) -> Dice:
    """Trial `index`'s dice for the fight alone (a fast path rolls no appraisals)."""
    return Dice.seeded(f"{seed}:{index}")


def play_range(job: Job, start: int, stop: int) -> list[Trial]:
    """Trials `start` to `stop - 1` of `job`, in order: the unit of work every back end
    hands out. Each goes through the ruleset's fast path where the fork has one, else (or
    when the fast path declines that fight) through the engine, with fresh dice."""
    fork = fork_of(job)
    policies = {side: POLICIES[name] for side, name in job.policies}
    played = []
    with caches_frozen() as settle:  # the fork's caches outlive the trials (sim/collector.py)
        for index in range(start, stop):
            settle()
            if fork.fast is not None:
                trial = play_fast(fork, index, fight_dice(job.seed, index), job.max_rounds)
                if trial is not None:
                    played.append(trial)
                    continue
            with collecting():  # the engine may leave cycles: the collector runs for it
                dice, policy_dice = trial_dice(job.seed, index)
                played.append(play(fork, index, dice, policy_dice, policies, job.max_rounds))
    return played


def tally_range(job: Job, start: int, stop: int) -> Tally:
    """`play_range` folded into its tally: what a worker sends back, a few hundred bytes
    for the whole range rather than a `Trial` per fight for the parent to unpickle."""
    return tally(play_range(job, start, stop))
