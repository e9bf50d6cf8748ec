"""Falling (seed 001, "Climbing and Falling").

"Falling 5 feet (1 vertical tile) will deal 0 damage. Falling 10 feet will deal 1 damage. For
each consecutive 5 feet, double that damage. This damage ignores armor and shields." The
table stops at 8 tiles (64); past it the doubling goes on (B15). fracas has no heights on
its map yet, so a fall is the GM's ruling (`fall`, with the tiles fallen).
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Fall
from fracas.rulesets.tiers.rules.common import fighter
from fracas.rulesets.tiers.rules.harm import deal


def fall_damage(tiles: int) -> int:
    """0 for one tile, then 1, doubling with each tile: 2 ** (tiles - 2)."""
    return 0 if tiles < 2 else 2 ** (tiles - 2)


def verify_fall(state: EncounterState, action: Fall) -> None:
    target = fighter(state, action.target)
    if target.status == "dead":
        raise IllegalAction(f"{target.id} is dead")


def resolve_fall(tx: Transaction, action: Fall) -> None:
    amount = fall_damage(action.tiles)
    formula = f"a fall of {action.tiles} tiles, armor and shields ignored"
    deal(tx, action.target, "a fall", amount, formula)
