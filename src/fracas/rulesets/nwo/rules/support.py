"""Help, Focus and Overwatch (seed 000: "Help", "Focus", "Overwatch")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.nwo.operative import Operative

if TYPE_CHECKING:
    from fracas.rulesets.nwo.rules.attack import Strike


def help_bonus(state: EncounterState, who: Operative) -> int:
    return 0


def spend_help(tx: Transaction, who: str) -> None:
    return None


def after_attacked(tx: Transaction, strike: Strike) -> None:
    return None


RULES: dict[type, tuple] = {}  # type: ignore[type-arg]


def on_turn_start(tx: Transaction, combatant_id: str) -> None:
    return None


def after_action(tx: Transaction) -> None:
    return None


def may_act_out_of_turn(state: EncounterState, action: object) -> bool:
    return False
