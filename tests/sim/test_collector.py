"""sim/collector.py: the caches frozen during a range of trials, and thawed after it."""

from __future__ import annotations

import gc

from fracas.sim.collector import caches_frozen


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
