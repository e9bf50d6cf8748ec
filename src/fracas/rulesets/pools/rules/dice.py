"""Pools of d6 counted for successes (checklist D1, D2).

"you roll Strength", "you roll your Dexterity": a pool is as many d6 as the attribute, each
die at or above the success face (P1, `success_on`, default 5) a success. "Every attack ...
always has a 1d6 chance to hit": a pool never shrinks below one die (POOLS-15). An unseen
target is rolled for with one die that succeeds "only ... on a 6 or higher"
(`blind_success_on`).
"""

from __future__ import annotations

from fracas.core.transaction import Transaction
from fracas.rulesets.pools.rules.common import options


def pool(tx: Transaction, dice: int, reason: str, *, minimum: int = 1) -> int:
    """Roll `dice` d6 (at least `minimum`) and return the successes."""
    count = max(minimum, dice)
    if count == 0:
        return 0
    face = options(tx.state).success_on
    return tx.roll(f"{count}d6>={face}", reason)


def blind_die(tx: Transaction, reason: str) -> int:
    """The one die against a target one cannot see: 1 success on the blind face, else 0."""
    face = options(tx.state).blind_success_on
    return tx.roll(f"1d6>={face}", reason)
