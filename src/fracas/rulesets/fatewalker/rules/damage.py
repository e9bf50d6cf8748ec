"""Damage dice (Dramatic Scenes, "Damage Dice", "Promoting/Demoting Damage Dice", "Armor").

"a fairly average knife may list its damage as: 3x3/3x1 ... three dice whose successes will
each represent 3 damage, and 3 dice whose successes will each represent 1 damage, for a
maximum of 12. There can only ever be 2 types of damage dice for an individual damage roll."
The unarmed tables add the damage TN: "Damage is in the format of Damage @TN" (`5x1 @5`).

Promotion and demotion move one die at a time by one odd step ("1s promote to 3s, and 3s
promote to 5s and likewise in reverse"); promotions take the lower dice first, demotions the
higher ones first, as the seed's worked example shows ("6x1/6x3 ... deflection of 4 ...
demoted to 10x1/2x3"); a pool of nothing but 1s loses a die per further demotion.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_DAMAGE_DICE = 60
"""Most dice one damage pool may hold; the seed's largest is 6x1/6x3 (12 dice)."""
MAX_VALUE = 21
DEFAULT_TN = 5
"""The damage TN of a weapon whose notation gives none: every unarmed entry of the seed that
has a TN but the headbutt and the heavy kicks uses 5, and no weapon table exists."""
_NOTATION = re.compile(
    r"^\s*(\d{1,3})x(\d{1,2})(?:\s*/\s*(\d{1,3})x(\d{1,2}))?\s*(?:@\s*(\d{1,2}))?\s*$"
)
NOTATION_HELP = "damage as AxV or AxV/BxW with odd point values, optionally @TN (3x3/3x1, 5x1 @5)"


@dataclass(frozen=True, slots=True)
class DamagePool:
    """Groups of (count, value), highest value first, never more than two; empty when every
    die has been demoted away."""

    groups: tuple[tuple[int, int], ...]
    tn: int = DEFAULT_TN

    def __str__(self) -> str:
        if not self.groups:
            return "no dice"
        return "/".join(f"{count}x{value}" for count, value in self.groups)

    @property
    def dice(self) -> int:
        return sum(count for count, _ in self.groups)

    @property
    def maximum(self) -> int:
        """The damage if every die succeeds: 3x3/3x1 is "a maximum of 12"."""
        return sum(count * value for count, value in self.groups)

    def promoted(self, times: int) -> DamagePool:
        pool = self
        for _ in range(times):
            pool = pool._promote_once()
        return pool

    def demoted(self, times: int) -> DamagePool:
        pool = self
        for _ in range(times):
            pool = pool._demote_once()
        return pool

    def shifted(self, by: int) -> DamagePool:
        """Promoted `by` times, or demoted `-by` times."""
        return self.promoted(by) if by >= 0 else self.demoted(-by)

    def _promote_once(self) -> DamagePool:
        if not self.groups:
            return self
        *higher, (count, value) = self.groups  # the lowest value is last
        return self._with(higher, count, value, value + 2)

    def _demote_once(self) -> DamagePool:
        if not self.groups:
            return self
        (count, value), *lower = self.groups
        if value == 1:  # all 1s: "further demotions simply remove a damage die"
            rest = ((count - 1, 1),) if count > 1 else ()
            return DamagePool(rest, self.tn)
        moved = _merge([(count - 1, value), (1, value - 2), *lower])
        return DamagePool(moved, self.tn)

    def _with(self, higher: list[tuple[int, int]], count: int, value: int, up: int) -> DamagePool:
        return DamagePool(_merge([*higher, (1, up), (count - 1, value)]), self.tn)


def _merge(groups: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Same-valued groups joined, empty ones dropped, highest value first."""
    totals: dict[int, int] = {}
    for count, value in groups:
        if count > 0:
            totals[value] = totals.get(value, 0) + count
    return tuple((totals[v], v) for v in sorted(totals, reverse=True))


def parse_damage(text: str) -> DamagePool:
    """`3x3/3x1`, `4x1/1x3 @5`, `5x1 @5` -> a pool; ValueError saying what is accepted."""
    found = _NOTATION.match(text)
    if found is None:
        raise ValueError(f"{text!r} is not {NOTATION_HELP}")
    a, v, b, w, tn = found.groups()
    groups = [(int(a), int(v))] + ([(int(b), int(w))] if b is not None else [])
    for count, value in groups:
        if count < 1:
            raise ValueError(f"{text!r}: a pool needs at least one die, not {count}")
        if value % 2 == 0 or not 1 <= value <= MAX_VALUE:
            raise ValueError(
                f"{text!r}: damage dice are worth odd points from 1 to {MAX_VALUE} "
                f'("damage dice come only in odd numbers"), not {value}'
            )
    if len(groups) == 2 and abs(groups[0][1] - groups[1][1]) != 2:
        raise ValueError(
            f"{text!r}: the two kinds of dice must be one step apart (1 and 3, 3 and 5), so "
            "promotion never makes a third kind"
        )
    if sum(c for c, _ in groups) > MAX_DAMAGE_DICE:
        raise ValueError(f"{text!r}: at most {MAX_DAMAGE_DICE} damage dice")
    damage_tn = int(tn) if tn is not None else DEFAULT_TN
    if not 1 <= damage_tn <= 10:
        raise ValueError(f"{text!r}: a damage TN runs from 1 to 10, not {damage_tn}")
    return DamagePool(_merge(groups), damage_tn)
