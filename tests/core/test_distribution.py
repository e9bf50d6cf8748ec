"""Exact odds, checked against brute-force enumeration through the roller's own arithmetic."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fracas.core.dice import Dice
from fracas.core.distribution import EXPLOSION_DEPTH, Distribution, compare, distribution
from fracas.core.notation import DiceExpr, DiceTerm, parse

from .test_notation import expressions


def brute_force(expr: DiceExpr) -> Distribution:
    """Every face combination, totalled by `Dice.evaluate`: slow, obviously right."""
    dice = [t.sides for _, t in expr.dice_terms() for _ in range(t.count)]
    totals = Counter(
        Dice.evaluate(expr, faces)
        for faces in itertools.product(*(range(1, sides + 1) for sides in dice))
    )
    combos = sum(totals.values())
    return Distribution(tuple((o, Fraction(n, combos)) for o, n in sorted(totals.items())))


@pytest.mark.parametrize(
    "text",
    [
        "2d6+3",
        "1d8-1d4",
        "-1d6+2",
        "3d4kh2",
        "3d4kl2",
        "4d4dh1",
        "4d4dl1",
        "2d20kh1",
        "2d20kl1",
        "4d6>=5",
        "4d6>4",
        "4d6<3",
        "4d6<=2+1",
        "3d6>=7",
        "5",
    ],
)
def test_matches_brute_force(text: str) -> None:
    assert distribution(text) == brute_force(parse(text))


def small_plain() -> st.SearchStrategy[DiceExpr]:
    """Non-exploding expressions with at most 4 dice of at most 6 sides (1296 combinations)."""

    def small(expr: DiceExpr) -> bool:
        dice = expr.dice_terms()
        return sum(t.count for _, t in dice) <= 4 and all(t.sides <= 6 for _, t in dice)

    return expressions(explode=False).filter(small)


@given(small_plain())
def test_matches_brute_force_for_generated_expressions(expr: DiceExpr) -> None:
    assert distribution(expr) == brute_force(expr)


@given(expressions(explode=False), st.integers(0, 2**32))
def test_rolled_totals_are_possible(expr: DiceExpr, seed: int) -> None:
    dist = distribution(expr)
    total = Dice.seeded(seed).roll(expr, reason="").total
    assert total in dist.support()
    assert dist.probability(total) > 0
    assert (dist.support()[0], dist.support()[-1]) == (expr.minimum(), expr.maximum())


@given(expressions(), st.integers(0, 2**32))
def test_exploding_totals_respect_the_minimum(expr: DiceExpr, seed: int) -> None:
    total = Dice.seeded(seed).roll(expr, reason="").total
    if all(sign == 1 for sign, t in expr.dice_terms() if t.explode):
        assert total >= expr.minimum()


# -- exploding ----------------------------------------------------------------------------


def test_exploding_die_odds() -> None:
    dist = distribution("1d6!")
    assert dist.probability(3) == Fraction(1, 6)
    assert dist.probability(6) == 0
    assert dist.probability(7) == Fraction(1, 36)
    assert dist.probability(15) == Fraction(1, 216)
    top = 6 * (EXPLOSION_DEPTH + 1)
    assert dist.support()[-1] == top
    assert dist.probability(top) == Fraction(1, 6 ** (EXPLOSION_DEPTH + 1))
    assert abs(float(dist.mean()) - 4.2) < 1e-6


def test_exploding_success_count() -> None:
    # a 6 explodes into 7 or more, which still passes >=5, so each die passes on 5 or 6
    assert distribution("2d6!>=5") == distribution("2d6>=5")


# -- the Distribution type ----------------------------------------------------------------


def test_queries() -> None:
    dist = distribution("2d6")
    assert dist.support() == tuple(range(2, 13))
    assert dist.probability(7) == Fraction(1, 6)
    assert dist.probability(lambda total: total % 2 == 0) == Fraction(1, 2)
    assert dist.probability(1) == 0
    assert dist.at_least(10) == Fraction(6, 36)
    assert dist.at_most(4) == Fraction(6, 36)
    assert dist.at_least(2) == 1
    assert dist.at_most(1) == 0
    assert dist.below(3) == Fraction(1, 36)
    assert dist.mean() == 7
    assert dist.variance() == Fraction(35, 6)
    assert dist.stdev() == pytest.approx((35 / 6) ** 0.5)


def test_distribution_refuses_malformed_tables() -> None:
    with pytest.raises(ValueError):
        Distribution(((2, Fraction(1, 2)), (1, Fraction(1, 2))))
    with pytest.raises(ValueError):
        Distribution(((1, Fraction(1, 2)),))


def test_accepts_trees_and_caches() -> None:
    expr = DiceExpr(((1, DiceTerm(3, 6)),))
    assert distribution(expr) is distribution("3d6")


# -- compare ------------------------------------------------------------------------------


def test_compare_attack_against_defence() -> None:
    greater, equal, less = compare("1d20+5", "1d20")
    assert (greater, equal, less) == (Fraction(7, 10), Fraction(3, 80), Fraction(21, 80))


@given(small_plain(), small_plain())
def test_compare_matches_brute_force(a: DiceExpr, b: DiceExpr) -> None:
    first, second = distribution(a), distribution(b)
    expected = [Fraction(0)] * 3
    for x, px in first.probabilities:
        for y, py in second.probabilities:
            expected[0 if x > y else 1 if x == y else 2] += px * py
    assert compare(a, b) == tuple(expected)


def test_seeded_rolls_follow_the_odds_roughly() -> None:
    dice = Dice(random.Random(2024))
    rolls = [dice.roll("2d6", reason="").total for _ in range(6000)]
    assert abs(rolls.count(7) / 6000 - 1 / 6) < 0.02
