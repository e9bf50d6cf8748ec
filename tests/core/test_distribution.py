"""Exact odds, checked against brute-force enumeration through the roller's own arithmetic."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fracas.core import distribution as distribution_module
from fracas.core.dice import Dice
from fracas.core.distribution import (
    EXPLOSION_DEPTH,
    MAX_WORK,
    Distribution,
    compare,
    distribution,
    estimate,
)
from fracas.core.errors import TooLargeToCompute
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
    top = 6 * EXPLOSION_DEPTH + 5
    assert dist.support()[-1] == top
    # the chance of reaching the cut-off is spread over the five faces that stop a chain there
    reach = Fraction(1, 6**EXPLOSION_DEPTH)
    assert [dist.probability(6 * EXPLOSION_DEPTH + r) for r in range(1, 6)] == [reach / 5] * 5
    assert abs(float(dist.mean()) - 4.2) < 1e-6


@pytest.mark.parametrize("sides", [2, 3, 6, 20])
def test_every_exploding_total_is_one_the_roller_can_stop_at(sides: int) -> None:
    """1d2! used to list 20, a chain of ten 2s cut off, where no roll ever stops."""
    text = f"1d{sides}!"
    dist = distribution(text)
    for total in dist.support():
        chain, last = divmod(total, sides)
        assert last != 0, f"{total} ends on a face that explodes"
        assert Dice.evaluate(text, [sides] * chain + [last]) == total
        if chain < EXPLOSION_DEPTH:
            assert dist.probability(total) == Fraction(1, sides ** (chain + 1))


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


# -- sizes the notation allows but exact odds cannot afford -------------------------------


def test_a_thousand_dice_are_summed_exactly() -> None:
    dist = distribution("1000d6")
    assert dist.support() == tuple(range(1000, 6001))
    assert dist.probability(1000) == dist.probability(6000) == Fraction(1, 6**1000)
    assert dist.probability(1001) == Fraction(1000, 6**1000)
    assert sum(p for _, p in dist.probabilities) == 1
    assert (dist.mean(), dist.variance()) == (3500, Fraction(35 * 1000, 12))


def test_eight_hundred_dice_match_the_textbook_formula() -> None:
    """Ways to roll t on n d6: sum over j of (-1)^j C(n, j) C(t - 6j - 1, n - 1)."""
    n = 800
    dist = distribution(f"{n}d6")
    for total in (n, n + 7, 3 * n, 3 * n + 1, 6 * n - 3):
        ways = sum(
            (-1) ** j * math.comb(n, j) * math.comb(total - 6 * j - 1, n - 1)
            for j in range((total - n) // 6 + 1)
        )
        assert dist.probability(total) == Fraction(ways, 6**n)


def test_keeping_the_highest_of_two_big_dice() -> None:
    dist = distribution("2d1000kh1")
    assert dist.probabilities == tuple((k, Fraction(2 * k - 1, 1000**2)) for k in range(1, 1001))


def test_keeping_a_few_of_a_thousand_dice() -> None:
    dist = distribution("1000d6kh3")
    assert dist.support() == tuple(range(3, 19))
    assert dist.probability(3) == Fraction(1, 6**1000)  # every die a 1
    fewer_than_three_sixes = sum(math.comb(1000, j) * 5 ** (1000 - j) for j in range(3))
    assert dist.probability(18) == 1 - Fraction(fewer_than_three_sixes, 6**1000)
    assert sum(p for _, p in dist.probabilities) == 1


def test_keeping_one_exploding_die_of_one_is_that_die() -> None:
    assert distribution("1d100!kh1") == distribution("1d100!")
    assert sum(p for _, p in distribution("1d100!kh1").probabilities) == 1


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("10d10000kh5", "49,996 possible totals, above the bound of 20,000 totals"),
        ("1000d6kh500", f"units of work, above the bound of {MAX_WORK:,}"),
        ("100d10000!", "9,999,801 possible totals, above the bound of 20,000"),
        ("1000d10000>=5000", "4,215-digit denominators, above the bound of 4,000"),
        ("500d6+500d6", f"units of work, above the bound of {MAX_WORK:,}"),
    ],
)
def test_too_large_is_refused_before_any_work(
    text: str, says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_work(term: DiceTerm) -> None:
        raise AssertionError(f"{term} was computed before the size check")

    monkeypatch.setattr(distribution_module, "_term_counts", no_work)
    with pytest.raises(TooLargeToCompute) as caught:
        distribution(text)
    assert str(caught.value).startswith(f"'{text}' is too large to compute exactly: ")
    assert says in str(caught.value)


def test_the_estimate_is_the_gate() -> None:
    cost = estimate("1000d6")
    assert cost.totals == 5001
    assert cost.steps == 6 + 5001 * 5 + 5001  # the die, the power, adding it to zero
    assert cost.work <= MAX_WORK < estimate("1000d6kh500").work


def test_a_long_expression_is_named_by_its_start_in_the_refusal() -> None:
    text = "1000d6kh500" + "+1" * 200
    with pytest.raises(TooLargeToCompute) as caught:
        distribution(text)
    assert str(caught.value).startswith("'1000d6kh500+1+1+1+1+1+1+1+1+1+1+1+1+1...' is too large")
