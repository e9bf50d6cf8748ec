"""Initiative (seed 002, "Initiative").

"At the start of the fight, everyone participating in the fight rolls a d6 and adds their
Perception to it. The result decides the order in which all entities on the combat area will
move." Ties (C4): the higher Perception first, then the tied re-roll among themselves until
the tie breaks. Dice order: one d6 per combatant in the order the scenario lists them, then
the tie re-rolls, group by group from the top of the order.
"""

from __future__ import annotations

from fracas.core.transaction import Transaction
from fracas.rulesets.lines.rules.common import fighter, options

MAX_REROLLS = 20


def roll_initiative(tx: Transaction) -> tuple[str, ...]:
    ids = [c.id for c in tx.state.combatants]
    return tuple(_order(tx, ids, depth=0))


def _order(tx: Transaction, ids: list[str], depth: int) -> list[str]:
    use_perception = depth == 0 and options(tx.state).initiative_ties == "perception_then_reroll"
    totals = {}
    for cid in ids:
        perception = fighter(tx.state, cid).perception
        reason = "initiative" if depth == 0 else "initiative tie re-roll"
        roll = tx.roll(f"1d6+{perception}", f"{reason}: {cid}")
        totals[cid] = (roll, perception if use_perception else 0)
    ordered: list[str] = []
    for key in sorted(set(totals.values()), reverse=True):
        tied = [cid for cid in ids if totals[cid] == key]
        if len(tied) > 1 and depth < MAX_REROLLS:
            ordered.extend(_order(tx, tied, depth + 1))
        else:
            ordered.extend(tied)
    return ordered
