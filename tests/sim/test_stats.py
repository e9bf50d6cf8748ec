"""The Wilson interval against values worked out by hand, and the summaries."""

from __future__ import annotations

import pytest

from fracas.sim.stats import quantile, summary, wilson


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # p = 0, z²/n = 0.38415: centre = half = 0.19207 / 1.38415 = 0.13876
        (0, 10, 0.0, 0.27753),
        # p = 0.5: half = 1.95996·√(0.025 + 0.0096037) / 1.38415 = 0.26342
        (5, 10, 0.23659, 0.76341),
        # p = 0.8: centre = 0.99207 / 1.38415 = 0.71674, half = 0.22658
        (8, 10, 0.49016, 0.94332),
        # p = 1 mirrors p = 0
        (10, 10, 0.72247, 1.0),
        # p = 0.3, n = 1000: centre = 0.30192 / 1.00384 = 0.30077, half = 0.02836
        (300, 1000, 0.27241, 0.32912),
    ],
)
def test_wilson_interval_matches_hand_computed_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    got = wilson(successes, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_stays_inside_zero_and_one_and_contains_the_estimate() -> None:
    for n in (1, 2, 7, 50):
        for k in range(n + 1):
            low, high = wilson(k, n)
            assert 0.0 <= low <= k / n <= high <= 1.0


def test_wilson_refuses_what_is_not_a_proportion() -> None:
    with pytest.raises(ValueError):
        wilson(0, 0)
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_summary_uses_nearest_rank_quartiles() -> None:
    assert quantile([1, 2, 3, 4], 0.5) == 2
    assert summary([5, 1, 3, 2, 4]) == {
        "mean": 3.0,
        "min": 1,
        "p25": 2,
        "median": 3,
        "p75": 4,
        "max": 5,
    }
