"""Grappling, restraint, human shields and shoving (seed 000: "Grappling", "Restrained",
"Human Shield", "Shoving")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fracas.core.transaction import Transaction

if TYPE_CHECKING:
    from fracas.rulesets.nwo.rules.attack import Strike


def after_hit(tx: Transaction, strike: Strike) -> None:
    return None


def after_miss(tx: Transaction, strike: Strike) -> None:
    return None


RULES: dict[type, tuple] = {}  # type: ignore[type-arg]


def after_action(tx: Transaction) -> None:
    return None
