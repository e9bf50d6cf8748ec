"""Crit effects of every weapon row (seed 000: the Crit Effect columns). Filled in by its own
change; until then a crit deals its crit damage and no effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fracas.core.transaction import Transaction

if TYPE_CHECKING:
    from fracas.rulesets.nwo.actions import Attack, DualAttack
    from fracas.rulesets.nwo.rules.attack import Strike


def apply(tx: Transaction, strike: Strike, action: Attack | DualAttack | None) -> None:
    return None


RULES: dict[type, tuple] = {}  # type: ignore[type-arg]
