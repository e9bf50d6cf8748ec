"""Exact odds of a dice expression, so rules and tools can quote chances, not estimates.

This is the only module that talks to icepool. It turns our syntax tree into icepool dice
and hands back our own small `Distribution`, so the rest of fracas depends on neither
icepool's API nor its types, and a future swap touches one file.

Exploding dice are infinite, so they are cut off: each die explodes at most
`EXPLOSION_DEPTH` times here. A die showing its maximum on all of those rolls is then taken
at face value, as if its last maximum had not exploded; that lumps the chain's tail (1 in
sides**(depth+1) per die, about 1 in 60 million for a d6) into the single outcome
(depth+1)*sides. Every other probability is exact. The roller's cap (`EXPLOSION_CAP`) is far
higher, so a rolled total may, very rarely, land outside the support shown here.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

import icepool

from fracas.core.notation import DiceExpr, DiceTerm, as_expr

EXPLOSION_DEPTH = 9


@dataclass(frozen=True, slots=True)
class Distribution:
    """Each possible total with its exact probability, sorted by total."""

    probabilities: tuple[tuple[int, Fraction], ...]
    _outcomes: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)
    _below: tuple[Fraction, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        outcomes = tuple(o for o, _ in self.probabilities)
        if list(outcomes) != sorted(set(outcomes)):
            raise ValueError("outcomes must be distinct and sorted")
        if sum(p for _, p in self.probabilities) != 1:
            raise ValueError("probabilities must add up to 1")
        below = [Fraction(0)]  # below[i]: chance of a total under outcomes[i]
        for _, p in self.probabilities:
            below.append(below[-1] + p)
        object.__setattr__(self, "_outcomes", outcomes)
        object.__setattr__(self, "_below", tuple(below))

    def support(self) -> tuple[int, ...]:
        """The totals that can happen."""
        return self._outcomes

    def mean(self) -> Fraction:
        return sum((o * p for o, p in self.probabilities), Fraction(0))

    def variance(self) -> Fraction:
        mean = self.mean()
        return sum(((o - mean) ** 2 * p for o, p in self.probabilities), Fraction(0))

    def stdev(self) -> float:
        return math.sqrt(self.variance())

    def probability(self, outcome: int | Callable[[int], bool]) -> Fraction:
        """The chance of one total, or of any total the predicate accepts."""
        if callable(outcome):
            test = outcome
            return sum((p for o, p in self.probabilities if test(o)), Fraction(0))
        return self.at_most(outcome) - self.below(outcome)

    def below(self, n: int) -> Fraction:
        """P(total < n)."""
        return self._below[bisect_left(self._outcomes, n)]

    def at_most(self, n: int) -> Fraction:
        """P(total <= n)."""
        return self._below[bisect_right(self._outcomes, n)]

    def at_least(self, n: int) -> Fraction:
        """P(total >= n): "roll 15 or better" is what rules ask most."""
        return 1 - self.below(n)


def distribution(expr: str | DiceExpr) -> Distribution:
    """The exact distribution of an expression's total (explosions cut off, see module doc).

    Cached per expression. The cost grows with dice times sides, so this is for the sizes
    rules actually use, not for the notation's limits (1000 dice of 10000 sides).
    """
    return _distribution(as_expr(expr))


@lru_cache(maxsize=256)
def _distribution(expr: DiceExpr) -> Distribution:
    total: Any = icepool.Die([0])
    for sign, term in expr.terms:
        part = _term_die(term) if isinstance(term, DiceTerm) else icepool.Die([term.value])
        total = total + part if sign == 1 else total - part
    denominator = total.denominator()
    return Distribution(
        tuple(
            (int(o), Fraction(q, denominator))
            for o, q in zip(total.outcomes(), total.quantities(), strict=True)
            if q  # icepool may keep outcomes that cannot happen
        )
    )


def _term_die(term: DiceTerm) -> Any:
    die: Any = icepool.d(term.sides)
    if term.explode:
        die = die.explode(depth=EXPLOSION_DEPTH)
    if term.count_if is not None:
        test = term.count_if.test
        return term.count @ die.map(lambda v: 1 if test(v) else 0)
    if term.keep is None:
        return term.count @ die
    pool = die.pool(term.count)
    kept = term.keep.kept(term.count)
    return (pool.highest(kept) if term.keep.highest() else pool.lowest(kept)).sum()


def compare(a: str | DiceExpr, b: str | DiceExpr) -> tuple[Fraction, Fraction, Fraction]:
    """P(a > b), P(a == b), P(a < b) for two independent rolls, e.g. attack against defence."""
    first, second = distribution(a), distribution(b)
    greater = equal = Fraction(0)
    for outcome, p in first.probabilities:
        greater += p * second.below(outcome)
        equal += p * second.probability(outcome)
    return greater, equal, 1 - greater - equal
