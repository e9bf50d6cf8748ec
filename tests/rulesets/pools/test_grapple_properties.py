"""A pinned character's break-free roll is never better than the same character's unpinned
one, whatever the Strengths and the dice ("they roll twice, always taking the worse roll")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rulesets.pools.helpers import HIT, Fight, soldier


def break_free(holder: int, breaker: int, pinned: bool, faces: list[int]) -> tuple[int, str]:
    """The breaker's kept successes and the winner, after a grapple won on all successes."""
    grapple = [HIT] * (holder + max(0, holder - breaker)) + [1] * max(1, breaker)
    fight = Fight(
        soldier("ox", "a", 2, strength=holder),
        soldier("rat", "b", 2, strength=breaker),
        dice=grapple + faces,
    )
    fight.act("ox", "grapple", target="rat")
    fight.end("ox", "rat")
    fight.act("ox", "pin" if pinned else "end_turn")
    if pinned:
        fight.end("ox")
    fight.act("rat", "break_free")
    last = fight.contests()[-1]
    return last.initiator_successes, last.winner


@settings(max_examples=120, deadline=None)
@given(
    holder=st.integers(1, 6),
    breaker=st.integers(0, 6),
    first=st.lists(st.integers(1, 6), min_size=6, max_size=6),
    second=st.lists(st.integers(1, 6), min_size=6, max_size=6),
    theirs=st.lists(st.integers(1, 6), min_size=12, max_size=12),
)
def test_a_pin_never_helps_the_one_breaking_free(
    holder: int, breaker: int, first: list[int], second: list[int], theirs: list[int]
) -> None:
    mine = max(1, breaker)
    own = holder + max(0, holder - breaker)
    free, free_winner = break_free(holder, breaker, False, first[:mine] + theirs[:own])
    pinned, pinned_winner = break_free(
        holder, breaker, True, first[:mine] + second[:mine] + theirs[:own]
    )
    assert pinned <= free
    if free_winner == "ox":
        assert pinned_winner == "ox"
