"""Margin of failure and critical failure (Dramatic Scenes, "Attack Resolution"; the digest's
section 2.1 and gaps 12-13).

"Attacks completely miss if they do not generate 2 successes on the roll and can critically
fail if they generate less than 1 (GM discretion using Margin of Failure)." The seed never says
what the margin is (gap 12): by default how far the roll fell short of the 2 successes a pass
needs, or (option `margin: failed_dice`) how many of its dice failed. A critical failure is
logged with its margin; what it does is the GM's (gap 13), so the engine adds nothing.
"""

from __future__ import annotations

from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.events import CriticalFailure
from fracas.rulesets.fatewalker.rules import roll
from fracas.rulesets.fatewalker.rules.common import options


def margin_of_failure(successes: int, dice: int, reading: str) -> int:
    """How badly a roll failed; 0 for a roll that passed (2 or more successes)."""
    if successes >= roll.HIT:
        return 0
    if reading == "failed_dice":
        return dice - successes
    return roll.HIT - successes


def note_critical(tx: Transaction, who: str, what: str, successes: int, rolled: roll.Pool) -> None:
    """Log an attack that rolled no success at all ("less than 1") for the GM's ruling."""
    if successes >= 1:
        return
    margin = margin_of_failure(successes, rolled.dice, options(tx.state).margin)
    tx.emit(CriticalFailure(combatant=who, what=what, margin=margin))
