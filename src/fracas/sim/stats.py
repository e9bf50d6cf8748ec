"""Intervals and summaries for simulated proportions and counts.

The Wilson score interval, not the textbook p ± z·se: with a side that wins 0 or 998 of
1,000 fights the textbook interval collapses to a point or leaves [0, 1], while Wilson's stays
inside [0, 1] and keeps close to its stated 95% coverage even for small counts.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for `successes` out of `trials`."""
    if trials < 1:
        raise ValueError("an interval needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes do not fit {trials} trials")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # at 0 or n the bound is exactly 0 or 1; floating point would leave 1e-16 of a gap
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def quantile(ordered: Sequence[int], q: float) -> int:
    """The nearest-rank quantile of a sorted list (a whole round, as the counts are)."""
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def summary(values: Sequence[int]) -> dict[str, float | int]:
    """Mean, minimum, quartiles and maximum of whole-number results."""
    return summary_of_counts(Counter(values))


def summary_of_counts(counts: Mapping[int, int]) -> dict[str, float | int]:
    """`summary` of the values a histogram counts, read from the histogram itself, so that
    a tally of many trials need not list every trial's length."""
    ordered = sorted(counts.items())
    total = sum(counts.values())
    if total < 1:
        raise ValueError("a summary needs at least one value")

    def at(q: float) -> int:
        rank = max(1, math.ceil(q * total))  # the nearest rank, as `quantile` takes it
        seen = 0
        for value, count in ordered:
            seen += count
            if seen >= rank:
                return value
        return ordered[-1][0]  # pragma: no cover - rank never exceeds the total

    return {
        "mean": sum(value * count for value, count in ordered) / total,
        "min": ordered[0][0],
        "p25": at(0.25),
        "median": at(0.5),
        "p75": at(0.75),
        "max": ordered[-1][0],
    }
