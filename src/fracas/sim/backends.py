"""Where trials are played: this process, a local process pool, or a Dask cluster.

Every back end hands out the same unit of work, `job.tally_range(job, start, stop)`, and
merges the ranges' tallies, which come out the same in any order (sim/tally.py), so the
report cannot tell the back ends apart. A back end only decides how the ranges travel;
`progress` hears how many trials each finished range held.
"""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from fracas.core.errors import FracasError
from fracas.sim.job import Job, play_range, tally_range
from fracas.sim.tally import Tally, merge_all
from fracas.sim.trial import Trial

Progress = Callable[[int], None]

RANGES_PER_WORKER = 16
"""Ranges each worker gets on average: enough that an unlucky range of long fights does not
leave the other workers idle at the end, few enough that shipping them costs nothing."""
MAX_RANGE = 500


def ranges(trials: int, workers: int) -> list[tuple[int, int]]:
    """Trials 0 .. trials-1 cut into consecutive ranges for `workers` workers."""
    size = max(1, min(MAX_RANGE, math.ceil(trials / (workers * RANGES_PER_WORKER))))
    return [(start, min(trials, start + size)) for start in range(0, trials, size)]


def _ignore(done: int) -> None:
    return None


def run_here(job: Job, trials: int, progress: Progress = _ignore) -> list[Trial]:
    """Every trial in this process, in order."""
    played: list[Trial] = []
    for start, stop in ranges(trials, 1):
        played += play_range(job, start, stop)
        progress(stop - start)
    return played


def pool_context() -> Any:
    """Fork where the platform has it: workers start in milliseconds and inherit the fork
    point the parent already built; elsewhere spawn, which imports fracas afresh."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def tally_here(job: Job, trials: int, progress: Progress = _ignore) -> Tally:
    """Every trial in this process, tallied range by range."""
    return merge_all(_heard((tally_range(job, a, b) for a, b in ranges(trials, 1)), progress))


def run_pool(job: Job, trials: int, workers: int, progress: Progress = _ignore) -> Tally:
    """The trials over `workers` local processes (1: this process, no pool at all)."""
    if workers <= 1:
        return tally_here(job, trials, progress)
    # every range is submitted before the caller's progress display starts a thread of its
    # own: the workers are forked here, from a process with no other thread running
    with ProcessPoolExecutor(max_workers=workers, mp_context=pool_context()) as pool:
        futures = [pool.submit(tally_range, job, a, b) for a, b in ranges(trials, workers)]
        return merge_all(_heard((future.result() for future in as_completed(futures)), progress))


def _heard(tallies: Iterable[Tally], progress: Progress) -> Iterator[Tally]:
    """The tallies as they come, telling `progress` of each."""
    for part in tallies:
        progress(part.trials)
        yield part


def run_dask(job: Job, trials: int, address: Any, progress: Progress = _ignore) -> Tally:
    """The trials on a Dask distributed cluster: `address` is a scheduler address
    (`tcp://host:8786`) or a `distributed.Client` already connected. The workers need fracas
    installed, as they run the same `tally_range`."""
    try:
        from distributed import Client
        from distributed import as_completed as finished
    except ImportError:  # pragma: no cover - the sim extra is part of dev
        raise FracasError(
            "--dask needs the optional dependencies: pip install 'fracas[sim]'"
        ) from None
    own = not isinstance(address, Client)
    try:
        client = Client(address, timeout="10s") if own else address  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as error:
        raise FracasError(f"--dask {address}: cannot reach the scheduler ({error})") from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        cut = ranges(trials, workers)
        futures = client.map(
            tally_range, [job] * len(cut), [a for a, _ in cut], [b for _, b in cut], pure=False
        )
        finished_tallies = (future.result() for future in finished(futures))  # type: ignore[no-untyped-call]
        return merge_all(_heard(finished_tallies, progress))
    finally:
        if own:
            client.close()
