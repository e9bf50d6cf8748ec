"""Whole-number counts of dice totals, and the two operations exact odds are built from.

`distribution.py` gets single dice and keep-highest pools from icepool, but adds dice up
here. icepool sums n identical dice one die at a time, recursively: the work grows with the
square of n and past about a thousand dice Python's recursion limit ends it. The power of a
polynomial has a recurrence that produces each coefficient from the few before it, so n
dice cost (number of totals) x (faces of one die) steps instead, and nothing recurses.

Counts are plain integers (ways out of `total()` equally likely rolls), so nothing is
rounded; the fractions are made once, at the end.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Counts:
    """``ways[i]`` is how many of the equally likely rolls give the total ``low + i``."""

    low: int
    ways: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.ways or self.ways[0] <= 0 or self.ways[-1] <= 0:
            raise ValueError("counts start and end on a total that can happen")
        if any(w < 0 for w in self.ways):
            raise ValueError("a count of ways is never negative")

    @classmethod
    def constant(cls, value: int) -> Counts:
        return cls(value, (1,))

    @classmethod
    def die(cls, sides: int) -> Counts:
        return cls(1, (1,) * sides)

    @classmethod
    def exploding(cls, sides: int, depth: int) -> Counts:
        """One die that explodes on its maximum at most `depth` times.

        A chain that stops after j < depth explosions ends on one of the sides-1 faces that
        do not explode: chance sides**-(j+1) each. The chance sides**-depth of reaching the
        cut-off is spread evenly over the sides-1 ways to stop right there, so every total
        listed is one a roller can stop at. Out of sides**depth * (sides-1) rolls, that is
        sides**(depth-j-1) * (sides-1) ways per total below the cut-off and 1 way at it.
        """
        if sides < 2 or depth < 1:
            raise ValueError("an exploding die needs two sides and may explode at least once")
        ways: list[int] = []
        for level in range(depth + 1):
            each = 1 if level == depth else sides ** (depth - level - 1) * (sides - 1)
            ways += [each] * (sides - 1)
            if level < depth:
                ways.append(0)  # a chain never stops on a face that explodes
        return cls(1, tuple(ways))

    @classmethod
    def from_pairs(cls, pairs: list[tuple[int, int]]) -> Counts:
        """From (total, ways) pairs in any order; totals with no ways are left out."""
        kept = {total: ways for total, ways in pairs if ways}
        low, high = min(kept), max(kept)
        return cls(low, tuple(kept.get(total, 0) for total in range(low, high + 1)))

    @property
    def high(self) -> int:
        return self.low + len(self.ways) - 1

    def total(self) -> int:
        """How many equally likely rolls the counts are out of."""
        return sum(self.ways)

    def pairs(self) -> list[tuple[int, int]]:
        """(total, ways) for every total that can happen, lowest first."""
        return [(self.low + i, w) for i, w in enumerate(self.ways) if w]

    def negated(self) -> Counts:
        return Counts(-self.high, self.ways[::-1])

    def plus(self, other: Counts) -> Counts:
        """The counts of the sum of two independent rolls (a convolution)."""
        theirs = [(j, w) for j, w in enumerate(other.ways) if w]
        ways = [0] * (len(self.ways) + len(other.ways) - 1)
        for i, mine in enumerate(self.ways):
            if mine:
                for j, w in theirs:
                    ways[i + j] += mine * w
        return Counts(self.low + other.low, tuple(ways))

    def power(self, n: int) -> Counts:
        """The counts of the sum of `n` independent copies of this roll.

        With P = Q**n, the identity Q P' = n Q' P compared coefficient by coefficient gives
        k q0 p[k] = sum over i >= 1 of ((n + 1) i - k) q[i] p[k - i]; the division is exact
        because every p[k] is a whole number.
        """
        if n < 1:
            raise ValueError("a power of counts needs at least one copy")
        if n == 1:
            return self
        q = self.ways
        q0 = q[0]
        terms = [(i, w) for i, w in enumerate(q) if i and w]
        size = n * (len(q) - 1) + 1
        p = [0] * size
        p[0] = q0**n
        for k in range(1, size):
            acc = 0
            for i, w in terms:
                if i > k:
                    break
                acc += ((n + 1) * i - k) * w * p[k - i]
            p[k] = acc // (k * q0)
        return Counts(n * self.low, tuple(p))


def power_steps(span: int, faces: int, n: int) -> int:
    """Steps `Counts.power` takes: each of the n*(span-1)+1 totals looks at `faces`-1 terms."""
    return (n * (span - 1) + 1) * max(faces - 1, 1) if n > 1 else 0
