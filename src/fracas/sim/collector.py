"""Keeping Python's cycle collector off the simulator's long-lived caches.

Why: a ruleset's fast path keeps what it has worked out across trials (nwo's decisions,
boards, lines of fire, walks), hundreds of thousands of small objects by the end of a long
run. None of them is ever part of a reference cycle, but the collector cannot know that:
each full collection walks all of them again, and in an nwo firefight of 3,000 trials the
collections took about a seventh of the run. Frozen (`gc.freeze`), objects stay out of
every later collection, and reference counting still frees them when a cache starts over.

What is frozen between two thaws is whatever the process holds at that moment, so a cyclic
garbage the engine left (a handed-back trial) would wait for the thaw at the end of the
range to be collected. A process where something else already froze objects (a server that
froze its start-up) is left alone: thawing would undo its choice.

Between two freezes the collector is paused too, and runs only while the engine plays a
trial (`collecting`): a fast path's trial makes no reference cycle (the one it could, a
look naming its fight, it breaks itself), so the young generation's collections found
nothing in it and only walked the new entries of its caches, about a twentieth of a
firefight run; the next freeze moves those out of the way without a walk.
"""

from __future__ import annotations

import atexit
import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

FREEZE_EVERY = 100
"""Trials between two freezes: a range's caches grow by a few thousand objects a hundred
trials, which the young generations' collections handle on their own meanwhile."""


@contextmanager
def caches_frozen(every: int = FREEZE_EVERY) -> Iterator[Callable[[], None]]:
    """Freeze now and then, on the `played` calls the body makes once a trial, and thaw
    at the end; a process with objects frozen before entry is left as it is."""
    if gc.get_freeze_count():
        yield _nothing
        return
    count = 0

    def played() -> None:
        nonlocal count
        count += 1
        if count % every == 0:
            gc.freeze()

    global _paused
    _paused = gc.isenabled()  # one range at a time: a second sees the freeze and returns
    gc.freeze()
    gc.disable()
    try:
        yield played
    finally:
        if _paused:
            gc.enable()
        _paused = False
        gc.unfreeze()


_paused = False
"""Whether the open range (`caches_frozen`) paused the collector, which it did not if the
process had paused it itself."""


@contextmanager
def collecting() -> Iterator[None]:
    """The collector running again for the body (the engine playing a trial, whose events
    and states may make cycles), if the range paused it; paused again after."""
    resume = _paused
    if resume:
        gc.enable()
    try:
        yield
    finally:
        if resume:
            gc.disable()


def _nothing() -> None:
    return None


@cache
def frozen_at_exit() -> None:
    """At the interpreter's exit, freeze what is left rather than have it collected (once
    per process, when the first fork is kept: sim/job.py).

    A process that played a long run still holds its fork's caches when it ends (the
    fork is kept for the next range), and the interpreter's last collections walk every
    one of those objects before their memory goes back to the system anyway: some 0.7 s
    of CPU at the end of a 10,000-trial firefight, about a twelfth of the run. Frozen
    objects are left out of those collections. A pool's workers end without them (the
    pool ends each with `os._exit`), so this is for the process that plays by itself."""
    atexit.register(gc.freeze)
