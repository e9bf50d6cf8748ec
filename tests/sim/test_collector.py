"""sim/collector.py: the caches frozen during a range of trials, and thawed after it; the
collector paused over a range but for the engine's trials, for a fast path's trials make no
cycle; what a process that kept a fork holds, frozen at its exit."""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from fracas.scenario import load_scenario
from fracas.sim.collector import caches_frozen, collecting
from fracas.sim.job import build_fork, fight_dice, make_job
from fracas.sim.trial import play_fast

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_a_range_freezes_what_is_held_and_thaws_it_at_the_end() -> None:
    """What the process holds is frozen on entry and every `every` trials; at the end the
    collector sees all of it again (nothing frozen is left behind)."""
    assert gc.get_freeze_count() == 0
    with caches_frozen(every=2) as played:
        frozen_at_entry = gc.get_freeze_count()
        assert frozen_at_entry > 0
        kept = [[n] for n in range(1000)]  # a cache's growth: tracked, long-lived
        played()
        assert gc.get_freeze_count() == frozen_at_entry  # the first trial: no freeze yet
        played()
        assert gc.get_freeze_count() >= frozen_at_entry + len(kept)
    assert gc.get_freeze_count() == 0


def test_a_range_pauses_the_collector_but_for_the_engines_trials() -> None:
    """Paused within the range, running within `collecting`, as it was after both."""
    assert gc.isenabled()
    with caches_frozen():
        assert not gc.isenabled()
        with collecting():
            assert gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with collecting():  # outside a range: left as it is
        assert gc.isenabled()
    assert gc.isenabled()


def test_a_collector_paused_by_the_process_itself_stays_paused() -> None:
    """Something else turned the collector off: neither the range nor `collecting` turns
    it on."""
    gc.disable()
    try:
        with caches_frozen(), collecting():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize(
    "example",
    [
        "lines-skirmish.yaml",
        "nwo-firefight.yaml",
        "nwo-ambush-at-the-pump.yaml",
        "tiers-duel.yaml",
        "pools-squad-assault.yaml",
        "pools-brawl.yaml",
        "fatewalker-duel.yaml",
    ],
)
def test_a_fast_paths_trials_leave_nothing_for_the_collector(example: str) -> None:
    """Why the range may pause the collector: whatever a fast path's trial let go of,
    reference counting freed. The fork is built and one trial played first (what they
    keep is kept for good); then forty trials with the collector off leave no cycle."""
    job = make_job(load_scenario(EXAMPLES / example), 1, {}, None)
    fork = build_fork(job)
    assert fork.fast is not None
    play_fast(fork, 0, fight_dice(job.seed, 0), job.max_rounds)
    gc.collect()
    gc.disable()
    try:
        finished = [
            play_fast(fork, index, fight_dice(job.seed, index), job.max_rounds)
            for index in range(1, 41)
        ]
        assert any(trial is not None for trial in finished)
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_range_thaws_even_when_a_trial_fails() -> None:
    """An exception out of the body still ends with nothing frozen."""
    try:
        with caches_frozen():
            raise RuntimeError("a trial failed")
    except RuntimeError:
        pass
    assert gc.get_freeze_count() == 0


def test_a_process_that_froze_objects_itself_is_left_alone() -> None:
    """Something else froze objects first (a server after its start-up): the range neither
    freezes more nor thaws theirs."""
    gc.freeze()
    try:
        before = gc.get_freeze_count()
        with caches_frozen(every=1) as played:
            extra = [[n] for n in range(100)]
            played()
            assert gc.get_freeze_count() == before
        assert gc.get_freeze_count() == before
        assert len(extra) == 100
    finally:
        gc.unfreeze()


def test_a_process_that_kept_a_fork_freezes_what_it_holds_at_its_exit() -> None:
    """`fork_of` keeps the fork for the process's next range and asks for the freeze at
    the exit (`frozen_at_exit`), once however many forks it keeps: nothing is frozen
    while the process runs, and everything is by the time the exit's own handlers that
    were registered before it run (atexit runs them last registered first)."""
    script = textwrap.dedent(
        """
        import atexit, gc, sys
        from pathlib import Path
        atexit.register(lambda: print("at exit", gc.get_freeze_count() > 0))
        from fracas.scenario import load_scenario
        from fracas.sim.job import fork_of, make_job
        spec = load_scenario(Path(sys.argv[1]))
        for seed in (1, 2):
            fork_of(make_job(spec, seed, {}, None))
        print("running", gc.get_freeze_count())
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(EXAMPLES / "lines-skirmish.yaml")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split("\n")[:2] == ["running 0", "at exit True"]
