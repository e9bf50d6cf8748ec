"""Exact odds of a dice expression, so rules and tools can quote chances, not estimates.

This is the only module that talks to icepool. It takes keep-highest/lowest from icepool,
which has a closed form for keeping one die and a pool evaluator for keeping several; single
dice, sums of many dice and success counts are plain counting (`counting.Counts`, where
icepool would sum many identical dice slowly, see that module). It hands back our own small
`Distribution`, so the rest of fracas depends on neither icepool's API nor its types, and a
future swap touches one file.

**Exploding dice** are infinite, so they are cut off: here a die explodes at most
`EXPLOSION_DEPTH` times, and the roll after the last allowed explosion is taken as one of the
faces that stop a chain (1 to sides-1, equally likely). So the whole tail of longer chains
(1 in sides**depth per die, 1 in 10 million for a d6) is spread over the totals that end a
chain of exactly `depth` explosions, and every total listed is one the roller can stop at:
``1d2!`` shows only odd totals. Every other probability is exact. The roller's cap
(`EXPLOSION_CAP`) is far higher, so a rolled total may, very rarely, land outside the
support shown here.

**Size.** The notation allows a thousand d10000s, far more than exact odds can afford. Before
any work is done, `estimate` counts the steps (big-integer multiply-adds) the chosen methods
will take, the totals the answer will list and the size of its numbers; above `MAX_WORK`,
`MAX_TOTALS` or `MAX_DIGITS` the expression is refused at once with `TooLargeToCompute`,
naming the figure and the bound.
The methods, each chosen because its cost is known in advance:

* n identical dice added up: the power recurrence of `counting`, (totals x faces) steps;
* success counting: a binomial, n steps once each die's chance is known;
* keeping the single highest or lowest die: icepool's closed form, (faces) steps;
* keeping k of n dice otherwise: icepool's pool evaluator, faces**2 x n x k x `POOL_WEIGHT`
  (its share of the work, not steps);
* terms joined by + and -: one convolution each, (totals so far x totals of the term) steps;
* building one die, exploding or not: one step per face.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

import icepool

from fracas.core.counting import Counts, power_steps
from fracas.core.errors import TooLargeToCompute
from fracas.core.notation import DiceExpr, DiceTerm, as_expr

EXPLOSION_DEPTH = 9


@dataclass(frozen=True, slots=True)
class Distribution:
    """Each possible total with its exact probability, sorted by total.

    Inside, the chances are whole-number counts over one shared denominator: with a thousand
    dice the denominators have thousands of digits, and adding such fractions one by one
    (each addition a gcd) would cost far more than computing them did.
    """

    probabilities: tuple[tuple[int, Fraction], ...]
    _outcomes: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)
    _ways: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)
    _below: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)
    _denominator: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        outcomes = [o for o, _ in self.probabilities]
        if outcomes != sorted(set(outcomes)):
            raise ValueError("outcomes must be distinct and sorted")
        denominator = math.lcm(*(p.denominator for _, p in self.probabilities))
        ways = [p.numerator * (denominator // p.denominator) for _, p in self.probabilities]
        if sum(ways) != denominator or any(w < 0 for w in ways):
            raise ValueError("probabilities must not be negative and must add up to 1")
        self._index(outcomes, ways, denominator)

    @classmethod
    def from_counts(cls, pairs: list[tuple[int, int]]) -> Distribution:
        """From (total, ways) pairs sorted by total, each with at least one way."""
        denominator = sum(w for _, w in pairs)
        dist = object.__new__(cls)
        probabilities = tuple((o, Fraction(w, denominator)) for o, w in pairs)
        object.__setattr__(dist, "probabilities", probabilities)
        dist._index([o for o, _ in pairs], [w for _, w in pairs], denominator)
        return dist

    def _index(self, outcomes: list[int], ways: list[int], denominator: int) -> None:
        below = [0]  # below[i]: ways to get a total under outcomes[i]
        for w in ways:
            below.append(below[-1] + w)
        object.__setattr__(self, "_outcomes", tuple(outcomes))
        object.__setattr__(self, "_ways", tuple(ways))
        object.__setattr__(self, "_below", tuple(below))
        object.__setattr__(self, "_denominator", denominator)

    def support(self) -> tuple[int, ...]:
        """The totals that can happen."""
        return self._outcomes

    def mean(self) -> Fraction:
        return Fraction(self._moment(1), self._denominator)

    def variance(self) -> Fraction:
        return Fraction(self._moment(2), self._denominator) - self.mean() ** 2

    def _moment(self, power: int) -> int:
        return sum(o**power * w for o, w in zip(self._outcomes, self._ways, strict=True))

    def stdev(self) -> float:
        return math.sqrt(self.variance())

    def probability(self, outcome: int | Callable[[int], bool]) -> Fraction:
        """The chance of one total, or of any total the predicate accepts."""
        if callable(outcome):
            test = outcome
            ways = sum(w for o, w in zip(self._outcomes, self._ways, strict=True) if test(o))
            return Fraction(ways, self._denominator)
        return self.at_most(outcome) - self.below(outcome)

    def below(self, n: int) -> Fraction:
        """P(total < n)."""
        return Fraction(self._below[bisect_left(self._outcomes, n)], self._denominator)

    def at_most(self, n: int) -> Fraction:
        """P(total <= n)."""
        return Fraction(self._below[bisect_right(self._outcomes, n)], self._denominator)

    def at_least(self, n: int) -> Fraction:
        """P(total >= n): "roll 15 or better" is what rules ask most."""
        return 1 - self.below(n)

    def _versus(self, other: Distribution) -> tuple[Fraction, Fraction, Fraction]:
        """`compare` in whole numbers, so a thousand dice cost one fraction, not thousands."""
        greater = equal = 0
        for outcome, ways in zip(self._outcomes, self._ways, strict=True):
            below = bisect_left(other._outcomes, outcome)
            greater += ways * other._below[below]
            if below < len(other._outcomes) and other._outcomes[below] == outcome:
                equal += ways * other._ways[below]
        pairs = self._denominator * other._denominator
        return (
            Fraction(greater, pairs),
            Fraction(equal, pairs),
            Fraction(pairs - greater - equal, pairs),
        )

    def table(self) -> list[tuple[int, float, float]]:
        """(total, P(total), P(at least total)) as floats, for printing long tables quickly."""
        den, top = self._denominator, self._below[-1]
        return [
            (o, w / den, (top - below) / den)
            for o, w, below in zip(self._outcomes, self._ways, self._below, strict=False)
        ]


MAX_WORK = 100_000_000
"""Most work (machine-word operations, see `Estimate.work`) one distribution may take: about
a second here. 1000d6 needs 10 million."""
MAX_TOTALS = 20_000
"""Most distinct totals one distribution may list: a table longer than anyone reads."""
MAX_DIGITS = 4_000
"""Most decimal digits in the shared denominator: Python refuses to print integers past
4,300 digits, and exact odds nobody can print are no use."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """What computing a distribution will cost, known before any of it is done."""

    steps: int
    """Big-integer multiply-adds the chosen methods take (see the module doc)."""
    totals: int
    """Distinct totals the answer can list (an upper bound: exploding dice leave gaps)."""
    bits: int
    """Size of the shared denominator, and so of every number on the way."""
    pooled: int = 0
    """Work of icepool's pool evaluator, already in the units of `work` (see `POOL_WEIGHT`)."""

    @property
    def words(self) -> int:
        return -(-self.bits // 64)

    @property
    def digits(self) -> int:
        return math.ceil(self.bits * math.log10(2))

    @property
    def work(self) -> int:
        """Steps times the words each number spans, plus one gcd (words squared) per total
        to put each probability in lowest terms (with a thousand dice this part dominates),
        plus the pool evaluator's own share."""
        return self.steps * self.words + self.totals * self.words**2 + self.pooled


def estimate(expr: str | DiceExpr) -> Estimate:
    """The cost `distribution` would have for `expr`: its gate, cheap to ask at any size."""
    parsed = as_expr(expr)
    steps, span, bits, pooled = 0, 1, 1, 0
    for _, term in parsed.terms:
        if isinstance(term, DiceTerm):
            term_steps, term_span = _term_cost(term)
            steps += term_steps + span * term_span
            span += term_span - 1
            bits += term.count * _die_bits(term)
            pooled += _pool_cost(term)
    return Estimate(steps, span, bits, pooled)


def distribution(expr: str | DiceExpr) -> Distribution:
    """The exact distribution of an expression's total (explosions cut off, see module doc).

    Cached per expression. Raises `TooLargeToCompute` at once, before doing the work, when
    `estimate` goes over `MAX_WORK`, `MAX_TOTALS` or `MAX_DIGITS`.
    """
    return _distribution(as_expr(expr))


@lru_cache(maxsize=256)
def _distribution(expr: DiceExpr) -> Distribution:
    _check_size(expr)
    total = Counts.constant(0)
    for sign, term in expr.terms:
        part = _term_counts(term) if isinstance(term, DiceTerm) else Counts.constant(term.value)
        total = total.plus(part if sign == 1 else part.negated())
    return Distribution.from_counts(total.pairs())


def _check_size(expr: DiceExpr) -> None:
    cost = estimate(expr)
    if cost.totals > MAX_TOTALS:
        found, bound = f"{cost.totals:,} possible totals", f"{MAX_TOTALS:,} totals"
    elif cost.digits > MAX_DIGITS:
        found, bound = f"chances with {cost.digits:,}-digit denominators", f"{MAX_DIGITS:,}"
    elif cost.work > MAX_WORK:
        found, bound = f"about {cost.work:,} units of work", f"{MAX_WORK:,}"
    else:
        return
    text = str(expr) if len(str(expr)) <= 40 else f"{str(expr)[:37]}..."
    raise TooLargeToCompute(
        f"'{text}' is too large to compute exactly: {found}, above the bound of {bound}; "
        "fewer dice, fewer sides or keeping fewer dice would fit"
    )


_Method = Literal["count", "single", "pool", "sum"]


def _method(term: DiceTerm) -> tuple[_Method, int]:
    """How a term is computed, and how many of its dice count toward the total."""
    if term.count_if is not None:
        return "count", term.count
    kept = term.count if term.keep is None else term.keep.kept(term.count)
    if kept == term.count:
        return "sum", kept
    return ("single" if kept == 1 else "pool"), kept


def _die_shape(term: DiceTerm) -> tuple[int, int]:
    """(faces, span) of one die: how many totals it can show and how far apart its ends are."""
    if not term.explode:
        return term.sides, term.sides
    return (EXPLOSION_DEPTH + 1) * (term.sides - 1), (EXPLOSION_DEPTH + 1) * term.sides - 1


def _die_bits(term: DiceTerm) -> int:
    """Bits of one die's denominator: sides, or sides**depth * (sides-1) when it explodes."""
    bits = math.log2(term.sides)
    if term.explode:
        bits = EXPLOSION_DEPTH * bits + math.log2(term.sides - 1)
    return math.ceil(bits)


POOL_WEIGHT = 100
"""Work per (faces**2 x dice x kept) of icepool's pool evaluator, in the units of
`Estimate.work`. Measured here: 1000d6kh3 0.2 s, 200d6kh100 1.3 s, 400d6kh200 4.7 s,
1000d6kh500 155 s; its time hardly follows the size of the numbers, so unlike the other
steps it is not multiplied by words. With `MAX_WORK` this also keeps pooled dice under about
400 faces, well inside the Python recursion limit the evaluator runs into near a thousand."""


def _pool_cost(term: DiceTerm) -> int:
    faces, _ = _die_shape(term)
    method, kept = _method(term)
    return faces * faces * term.count * kept * POOL_WEIGHT if method == "pool" else 0


def _term_cost(term: DiceTerm) -> tuple[int, int]:
    """(steps, span of totals) of one dice term, by the method `_term_counts` will use.

    Building the die, exploding or not, is one step per face and counted in every branch;
    the pool evaluator's own work is `_pool_cost`.
    """
    faces, span = _die_shape(term)
    method, kept = _method(term)
    if method == "count":
        return faces + term.count, term.count + 1
    if method == "single":
        return faces * 2, span
    if method == "pool":
        return faces, kept * (span - 1) + 1
    return faces + power_steps(span, faces, kept), kept * (span - 1) + 1


def _term_counts(term: DiceTerm) -> Counts:
    die = Counts.exploding(term.sides, EXPLOSION_DEPTH) if term.explode else Counts.die(term.sides)
    method, kept = _method(term)
    if method == "sum":
        return die.power(term.count)
    if method == "count":
        assert term.count_if is not None
        passing = sum(w for total, w in die.pairs() if term.count_if.test(total))
        return Counts.from_pairs([(0, die.total() - passing), (1, passing)]).power(term.count)
    assert term.keep is not None
    pool: Any = icepool.Die(dict(die.pairs()))
    if method == "single":
        high = term.keep.highest()
        return _counts(pool.highest(term.count, 1) if high else pool.lowest(term.count, 1))
    pool = pool.pool(term.count)
    return _counts((pool.highest(kept) if term.keep.highest() else pool.lowest(kept)).sum())


def _counts(die: Any) -> Counts:
    return Counts.from_pairs(
        [(int(o), int(q)) for o, q in zip(die.outcomes(), die.quantities(), strict=True)]
    )


def compare(a: str | DiceExpr, b: str | DiceExpr) -> tuple[Fraction, Fraction, Fraction]:
    """P(a > b), P(a == b), P(a < b) for two independent rolls, e.g. attack against defence."""
    first, second = distribution(a), distribution(b)
    return first._versus(second)
