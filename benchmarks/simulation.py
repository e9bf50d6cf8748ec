"""What a simulated fight costs, for each ruleset's example, and how the pool scales.

Printed as ratios measured in this one run (docs/performance.md keeps the figures):

- **fights per second**: `fracas sim`'s own loop (`sim.trial.play`, the tactics policy) in
  this process, by CPU time;
- the **engine overhead factor**: the CPU time of those fights over the time bare
  `random.Random.randint` takes to draw the very same faces (the faces are learnt first by
  playing each trial once with a recording generator);
- for a ruleset with a simulation fast path (`BaseRuleset.fast_path`: lines, pools, and nwo's
  close-quarters one, which the pump example's exchange reaches), the same two
  figures for the fast path (`sim.trial.play_fast`, what `fracas sim` plays), timed in the
  same run against the same faces, and the engine's time over the fast path's; where the
  fast path hands some of the engine-timed trials back, instead the fights per second and
  overhead of what `fracas sim` then plays (the fast path tried, the engine after it),
  against the engine's faces; a trial handed back among the fast path's own is timed so too
  (nwo's firefight, a few in a hundred);
- for nwo's firefight, whose fast path keeps its decisions and searches across trials, the
  overhead over 200 trials new to the process (cold, and after 300 others), the same
  trials replayed, and a whole `fracas sim --trials 10000` run's fights (`long_run`), each
  in a new interpreter (`in_a_new_process`);
- **scaling**: the wall time of one run on 1 worker over the same run on 2 workers
  (`backends.run_pool`, the process pool `fracas sim` uses, start-up included), beside the
  same ratio for bare `randint` calls timed between them: what the machine itself gives
  two processes at that moment (`scaling`'s docstring says why it is needed).

Nothing here asserts; `make bench` runs it after the engine figures.
"""

from __future__ import annotations

import json
import os
import random
import resource
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from overhead import Recorder, best_of

from fracas import compiled
from fracas.core.dice import Dice
from fracas.core.registry import get_ruleset
from fracas.scenario import load_scenario
from fracas.sim.backends import pool_context, run_pool
from fracas.sim.job import Job, build_fork, fight_dice, make_job, play_range
from fracas.sim.policies import POLICIES
from fracas.sim.trial import play, play_fast

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = {
    "lines": ("lines-skirmish.yaml", 60),
    "nwo": ("nwo-firefight.yaml", 12),
    "nwo_pump": ("nwo-ambush-at-the-pump.yaml", 100),  # close quarters: nwo's fast path
    "tiers": ("tiers-duel.yaml", 40),
    "pools": ("pools-squad-assault.yaml", 30),
    "pools-brawl": ("pools-brawl.yaml", 40),  # the other example the pools fast path plays
    "fatewalker": ("fatewalker-duel.yaml", 40),
}
"""Each ruleset's example and how many fights to time (about a second's worth)."""

LONG_RUN = 10_000
"""The trials of `long_run`: the issue's `fracas sim --trials 10000` (some 5 s of nwo's
firefight, and as long again to learn its faces)."""

SHORT_RUN = 1_000
"""A shorter run's trials: most of its decisions are new, so a fight costs more than a long
run's average."""


def _job(name: str) -> Job:
    return make_job(load_scenario(ROOT / "examples" / name), 1, {}, None)


def per_ruleset(name: str, fights: int) -> dict[str, float]:
    job = _job(name)
    fork = build_fork(job)
    tactics = dict.fromkeys(fork.sides, POLICIES["tactics"])

    def engine(index: int, dice: Dice) -> None:
        policy_dice = Dice.seeded(f"{job.seed}:{index}:policy")  # as `trial_dice` makes it
        play(fork, index, dice, policy_dice, tactics, job.max_rounds)

    asked = _faces(job, engine, fights)
    sim_time = best_of(lambda: _each(job, engine, fights), 3)
    dice_time = best_of(lambda: _bare(asked), 9)
    figures = {
        "fights": fights,
        "faces_per_fight": len(asked) / fights,
        "fights_per_second": fights / sim_time,
        "overhead": sim_time / dice_time,
    }
    if fork.fast is not None and any(
        play_fast(fork, i, fight_dice(job.seed, i), job.max_rounds) is None for i in range(fights)
    ):  # some trials go back to the engine (nwo's firefight): time what `fracas sim` does

        def handed(index: int, dice: Dice) -> None:
            if play_fast(fork, index, dice, job.max_rounds) is None:
                engine(index, fight_dice(job.seed, index))

        handed_time = best_of(lambda: _each(job, handed, fights), 3)
        figures.update(
            handed_back=sum(
                play_fast(fork, i, fight_dice(job.seed, i), job.max_rounds) is None
                for i in range(fights)
            ),
            sim_fights_per_second=fights / handed_time,
            sim_overhead=handed_time / dice_time,
        )
    elif fork.fast is not None:
        fast_fights = fights * 10  # ten times as many, for about the same time

        def fast(index: int, dice: Dice) -> None:
            if play_fast(fork, index, dice, job.max_rounds) is None:  # as `fracas sim` does
                engine(index, fight_dice(job.seed, index))

        fast_asked, handed_back = _sim_faces(job, fork, engine, fast_fights)
        if not handed_back:
            assert fast_asked[: len(asked)] == asked, "the fast path drew other faces"
        fast_time = best_of(lambda: _each(job, fast, fast_fights), 3)
        fast_dice_time = best_of(lambda: _bare(fast_asked), 9)
        figures.update(
            fast_fights=fast_fights,
            fast_handed_back=handed_back,
            fast_fights_per_second=fast_fights / fast_time,
            fast_overhead=fast_time / fast_dice_time,
            engine_over_fast=(sim_time / fights) / (fast_time / fast_fights),
        )
    return figures


def unseen(name: str, fights: int, first: int, warm: int) -> dict[str, float]:
    """The overhead factor over trials this process has not played yet (`first` on), each
    timed once, before its faces are learnt: `per_ruleset` takes the best of three runs of
    the same trials, in which whatever a ruleset keeps across states (nwo's lines of fire,
    walks and threat zones) is already there the second time. A `fracas sim` run's trials
    are all different; `warm` other trials played first stand for the long run's earlier
    ones (what a run of thousands sees after its first few hundred). Both go through
    `play_range`, as `fracas sim` plays them (the fast path tried, then the engine; the
    caches frozen out of the cycle collector's way, sim/collector.py). The same trials
    played once more give `replayed_overhead`: what the rest of the fight costs when no
    decision is new, the floor of remembering more."""
    job = _job(name)
    fork = build_fork(job)
    tactics = dict.fromkeys(fork.sides, POLICIES["tactics"])
    own = replace(job, key=f"{job.key}:unseen:{first}")  # `play_range` builds its own fork

    def engine(index: int, dice: Dice) -> None:
        policy_dice = Dice.seeded(f"{job.seed}:{index}:policy")
        play(fork, index, dice, policy_dice, tactics, job.max_rounds)

    def simulated(indexes: range) -> None:
        play_range(own, indexes.start, indexes.stop)  # `fracas sim`'s own unit of work

    simulated(range(first + fights, first + fights + warm))
    indexes = range(first, first + fights)
    start = time.process_time()
    simulated(indexes)
    sim_time = time.process_time() - start
    start = time.process_time()
    simulated(indexes)  # again: every decision and search now remembered
    replayed_time = time.process_time() - start
    asked: list[tuple[int, int]] = []
    for index in indexes:  # the engine's faces, as `per_ruleset` counts them
        recorder = Recorder(0)
        recorder.seed(f"{job.seed}:{index}")
        engine(index, Dice(recorder))
        asked += recorder.asked
    dice_time = best_of(lambda: _bare(asked), 9)
    return {
        "fights": fights,
        "fights_per_second": fights / sim_time,
        "overhead": sim_time / dice_time,
        "replayed_overhead": replayed_time / dice_time,
    }


def long_run(name: str, trials: int) -> dict[str, float]:
    """The overhead factor of a whole `fracas sim --trials N --workers 1` run's fights:
    trials 0 to `trials` - 1 played in order by `play_range` in this process with a fork
    of their own, as the command's one worker plays them, over bare `randint` drawing the
    faces they drew (learnt afterwards, each trial replayed with a recording generator:
    the fast path's faces, the engine's for a trial handed back). `unseen` times a few
    hundred trials at given points of such a run; this is the run's average, where what
    the fork keeps grows as the trials go. The start-up and the exit are left out: the
    ruleset is imported before the clock starts (some 0.4 s without cached bytecode, which
    had counted as 40 us a fight here, and as 80 while every ruleset was imported), and
    the fork, which the run builds, is timed with the fights."""
    job = _job(name)
    get_ruleset(job.spec.ruleset)  # the command's start-up: its one ruleset imported
    own = replace(job, key=f"{job.key}:long")  # `play_range` builds its own fork
    start = time.process_time()
    play_range(own, 0, trials)
    sim_time = time.process_time() - start
    fork = build_fork(job)
    tactics = dict.fromkeys(fork.sides, POLICIES["tactics"])

    def engine(index: int, dice: Dice) -> None:
        policy_dice = Dice.seeded(f"{job.seed}:{index}:policy")  # as `trial_dice` makes it
        play(fork, index, dice, policy_dice, tactics, job.max_rounds)

    asked, handed_back = _sim_faces(job, fork, engine, trials)
    dice_time = best_of(lambda: _bare(asked), 3)
    return {
        "trials_in_order": trials,
        "faces_per_fight": len(asked) / trials,
        "fights_per_second": trials / sim_time,
        "overhead": sim_time / dice_time,
        "handed_back": handed_back,
    }


def in_a_new_process(work: Callable[..., dict[str, float]], *args: Any) -> dict[str, float]:
    """`work(*args)` in a new interpreter, as fresh as `fracas sim`'s: the caches shared by
    every fork of a process (`grid._line`, `appraisal._shelter`, `_zone`) outlive the
    forks, and what the figures before had left in them made a long run 12% cheaper than
    a new process plays it (`unseen` and `long_run` time what the fast path keeps)."""
    with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn")) as pool:
        return pool.submit(work, *args).result()


def _faces(job: Job, fight: Callable[[int, Dice], None], fights: int) -> list[tuple[int, int]]:
    """The dice every trial draws, noted by playing each once with a recording generator."""
    asked: list[tuple[int, int]] = []
    for index in range(fights):
        recorder = Recorder(0)
        recorder.seed(f"{job.seed}:{index}")
        fight(index, Dice(recorder))
        asked += recorder.asked
    return asked


def _sim_faces(
    job: Job, fork: Any, engine: Callable[[int, Dice], None], fights: int
) -> tuple[list[tuple[int, int]], int]:
    """The dice each trial draws as `fracas sim` plays it: the fast path's, or the engine's
    for a trial the fast path hands back (nwo's firefight, where a crit it does not restate
    lands); and how many were handed back."""
    asked: list[tuple[int, int]] = []
    handed_back = 0
    for index in range(fights):
        recorder = Recorder(0)
        recorder.seed(f"{job.seed}:{index}")
        if play_fast(fork, index, Dice(recorder), job.max_rounds) is None:
            handed_back += 1
            recorder = Recorder(0)
            recorder.seed(f"{job.seed}:{index}")
            engine(index, Dice(recorder))
        asked += recorder.asked
    return asked, handed_back


def _each(job: Job, fight: Callable[[int, Dice], None], fights: int) -> None:
    """Play every trial with its own seeded dice, as `fracas sim` does."""
    for index in range(fights):
        fight(index, fight_dice(job.seed, index))


def _bare(asked: list[tuple[int, int]]) -> None:
    """The same faces from bare `random.Random.randint`: the cost of the chance alone."""
    randint = random.Random(0).randint
    for a, b in asked:
        randint(a, b)


def _cpu_with_children() -> float:
    """CPU seconds of this process and of its finished child processes (the pool's)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


MACHINE_FACES = 2_000_000
"""Bare `randint` calls of the machine's own scaling run: about a second on one core."""


def _bare_faces(count: int) -> None:
    """`count` bare `random.Random.randint(1, 6)` calls: work with no fracas in it."""
    randint = random.Random(count).randint
    for _ in range(count):
        randint(1, 6)


def _machine_run(workers: int) -> None:
    """MACHINE_FACES bare calls, in this process or shared by a pool of `workers` forked
    the way `run_pool` forks its own."""
    if workers <= 1:
        _bare_faces(MACHINE_FACES)
        return
    share = MACHINE_FACES // workers
    with ProcessPoolExecutor(max_workers=workers, mp_context=pool_context()) as pool:
        list(pool.map(_bare_faces, [share] * workers))


def scaling(name: str, trials: int, repeat: int = 3) -> dict[str, float]:
    """1 worker against 2 on this 2-core machine, three ways:

    - `speedup`: wall seconds on 1 worker over wall seconds on 2, the least of `repeat`
      alternating runs each (other programs slow a run, never speed it). It can only reach
      2 on an idle machine: the load average is printed beside it.
    - `projected`: 2 x the CPU on 1 worker over the CPU on 2 (the pool's start-up, the
      shipping of ranges and results, and the parent included): the speedup two free cores
      would give, if the cores ran at the same pace busy or not.
    - `machine`: the same speedup for bare `randint` calls, timed between fracas's runs:
      what the machine itself gave two processes in the same minutes. A virtual machine's
      cores may share the host's with other guests, and then the pace of one core drifts
      from second to second, busy or not (on the development machine the same bare loop
      took 2.5 to 3.9 s of CPU, and two of them against one gave 1.43 to 2.39 within a
      minute, with no steal time reported): the projection cannot correct for that, and
      a `speedup` under 1.8 beside a `machine` under 1.9 says more about the host than
      about the pool.
    """
    job = _job(name)
    wall = {1: float("inf"), 2: float("inf")}
    cpu = {1: float("inf"), 2: float("inf")}
    bare = {1: float("inf"), 2: float("inf")}
    for _ in range(repeat):
        for workers in (1, 2):
            start = time.perf_counter()
            _machine_run(workers)
            bare[workers] = min(bare[workers], time.perf_counter() - start)
            cpu_start, start = _cpu_with_children(), time.perf_counter()
            run_pool(job, trials, workers)
            wall[workers] = min(wall[workers], time.perf_counter() - start)
            cpu[workers] = min(cpu[workers], _cpu_with_children() - cpu_start)
    return {
        "trials": trials,
        "one": wall[1],
        "two": wall[2],
        "speedup": wall[1] / wall[2],
        "projected": 2 * cpu[1] / cpu[2],
        "machine": bare[1] / bare[2],
        "load_average": os.getloadavg()[0],
    }


def main() -> None:
    """All rulesets, or those named on the command line (`simulation.py nwo nwo_pump`)."""
    chosen = sys.argv[1:] or list(EXAMPLES)
    report: dict[str, Any] = {"build": compiled.status()}  # compiled or plain Python
    report.update({name: per_ruleset(*EXAMPLES[name]) for name in chosen})
    if "nwo" in chosen:  # 200 new trials, then 200 after 300 others, then two whole runs
        firefight = EXAMPLES["nwo"][0]
        report["nwo_unseen"] = in_a_new_process(unseen, firefight, 200, 1000, 0)
        report["nwo_unseen_warm"] = in_a_new_process(unseen, firefight, 200, 2000, 300)
        report["nwo_short_run"] = in_a_new_process(long_run, firefight, SHORT_RUN)
        report["nwo_long_run"] = in_a_new_process(long_run, firefight, LONG_RUN)
    if sys.argv[1:]:
        json.dump(report, sys.stdout)
        return
    report["scaling"] = {
        "lines": scaling("lines-skirmish.yaml", 20000),  # the fast path: ~0.1 ms a fight
        # its fast path: ~2 ms a new fight; at 3,000 a repeat replayed much of the one before
        # from the fork's remembered decisions (kept per process) and took ~0.6 ms a fight
        "nwo": scaling("nwo-firefight.yaml", 10000),
        "tiers": scaling("tiers-duel.yaml", 40000),  # its fast path: ~0.07 ms a fight
        # compiled (fracas/compiled.py), their fast paths take ~0.4 ms a fight: 4,000 made rows
        # of 1-2 s, where the pool's fixed costs weigh (docs/performance.md, "Scaling")
        "pools": scaling("pools-squad-assault.yaml", 10000),
        "fatewalker": scaling("fatewalker-duel.yaml", 10000),
    }
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    main()
