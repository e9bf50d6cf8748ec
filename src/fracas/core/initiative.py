"""Ordering by rolled totals with tie re-rolls, which most initiative rules share.

The ruleset says what a combatant rolls and what breaks a tie before any re-roll (a bonus,
an attribute); this module does the sorting and the re-rolls among the still tied, group by
group from the top, so the dice are consumed in the same order whatever the ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

MAX_REROLLS: Final = 20
"""Past this many re-rolls of one tie (only scripted dice get there) listing order decides."""

RollKey = Callable[[str, int], tuple[int, ...]]
"""(combatant id, re-roll depth) -> sort key, highest first; depth 0 is the first roll."""


def rank(ids: Sequence[str], roll_key: RollKey, depth: int = 0) -> list[str]:
    keys = {cid: roll_key(cid, depth) for cid in ids}
    ordered: list[str] = []
    for key in sorted(set(keys.values()), reverse=True):
        tied = [cid for cid in ids if keys[cid] == key]
        if len(tied) > 1 and depth < MAX_REROLLS:
            ordered.extend(rank(tied, roll_key, depth + 1))
        else:
            ordered.extend(tied)
    return ordered
