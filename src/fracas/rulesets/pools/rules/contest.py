"""Contested checks: two pools, the more successes wins (D3, P3).

Melee is "a contested Strength check"; stealth, search, grappling and its follow-ups are
contests too, so this is the one place a tie is settled: by default the responder holds
(`tie: defender`), `attacker` gives it to the initiator, `reroll` rolls both again,
initiator first, up to 20 times (then the responder holds).
"""

from __future__ import annotations

from fracas.core.transaction import Transaction
from fracas.rulesets.pools.events import Contested
from fracas.rulesets.pools.rules.common import options
from fracas.rulesets.pools.rules.dice import blind_die, pool

MAX_REROLLS = 20


def contest(
    tx: Transaction,
    check: str,
    initiator: str,
    responder: str,
    initiator_dice: int,
    responder_dice: int,
    *,
    initiator_blind: bool = False,
    initiator_rolls: int = 1,
) -> str:
    """Roll the initiator's pool, then the responder's; the winner's id (a tie is the
    responder's unless `tie` says otherwise). `initiator_blind`: the initiator cannot see
    the responder and rolls the one die (POOLS-57). `initiator_rolls`: the initiator rolls
    its pool that many times and keeps the fewest successes (a pinned character breaking
    free "roll[s] twice, always taking the worse roll")."""
    tie = options(tx.state).tie
    for attempt in range(MAX_REROLLS + 1):
        again = " (re-roll)" if attempt else ""
        if initiator_blind:
            mine = blind_die(tx, f"{check}{again}: {initiator}, unseen target")
        else:
            mine = min(
                pool(tx, initiator_dice, f"{check}{again}: {initiator}" + _nth(n, initiator_rolls))
                for n in range(initiator_rolls)
            )
        theirs = pool(tx, responder_dice, f"{check}{again}: {responder}")
        if mine != theirs or tie != "reroll" or attempt == MAX_REROLLS:
            break
    held = mine < theirs or (mine == theirs and tie != "attacker")
    winner = responder if held else initiator
    tx.emit(
        Contested(
            check=check,
            initiator=initiator,
            responder=responder,
            initiator_successes=mine,
            responder_successes=theirs,
            winner=winner,
        )
    )
    return winner


def _nth(n: int, of: int) -> str:
    return f" (roll {n + 1} of {of})" if of > 1 else ""
