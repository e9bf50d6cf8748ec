"""Whole-number counts: the power recurrence against repeated convolution, and the exploding
die against icepool's own explosion with the same cut-off."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from fracas.core.counting import Counts, power_steps


@st.composite
def counts(draw: st.DrawFn) -> Counts:
    ways = draw(st.lists(st.integers(0, 5), min_size=1, max_size=6))
    ends = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    return Counts(draw(st.integers(-5, 5)), (ends[0], *ways[1:-1], ends[1]))


@given(counts(), st.integers(1, 7))
def test_power_is_repeated_convolution(base: Counts, n: int) -> None:
    expected = base
    for _ in range(n - 1):
        expected = expected.plus(base)
    assert base.power(n) == expected
    assert base.power(n).total() == base.total() ** n


def test_power_steps_count_each_total_times_each_face() -> None:
    assert power_steps(span=6, faces=6, n=1000) == 5001 * 5
    assert power_steps(span=6, faces=6, n=1) == 0


def test_negated_mirrors_the_totals() -> None:
    assert Counts(2, (1, 0, 3)).negated() == Counts(-4, (3, 0, 1))


@pytest.mark.parametrize(("sides", "depth"), [(2, 1), (2, 3), (3, 2), (6, 4), (10, 1)])
def test_exploding_die_matches_icepool_rerolling_the_last_maximum(sides: int, depth: int) -> None:
    die = icepool.d(sides).explode(depth=depth, end=icepool.Reroll)
    ours = Counts.exploding(sides, depth)
    theirs = zip(die.outcomes(), die.quantities(), strict=True)
    assert {total: Fraction(ways, ours.total()) for total, ways in ours.pairs()} == {
        int(o): Fraction(q, die.denominator()) for o, q in theirs if q
    }


def test_counts_refuse_impossible_ends_and_negative_ways() -> None:
    with pytest.raises(ValueError):
        Counts(0, (0, 1))
    with pytest.raises(ValueError):
        Counts(0, (1, -1, 1))
    with pytest.raises(ValueError):
        Counts.exploding(1, 3)
    with pytest.raises(ValueError):
        Counts.exploding(6, 0)
    with pytest.raises(ValueError):
        Counts(0, (1,)).power(0)
