"""Initiative (seed 002, "Initiative").

"At the start of the fight, everyone participating in the fight rolls a d6 and adds their
Perception to it. The result decides the order in which all entities on the combat area will
move." Ties (C4): the higher Perception first, then the tied re-roll among themselves until
the tie breaks. Dice order: one d6 per combatant in the order the scenario lists them, then
the tie re-rolls, group by group from the top of the order.
"""

from __future__ import annotations

from fracas.core.initiative import rank
from fracas.core.transaction import Transaction
from fracas.rulesets.lines.rules.common import fighter, options


def roll_initiative(tx: Transaction) -> tuple[str, ...]:
    by_perception = options(tx.state).initiative_ties == "perception_then_reroll"

    def key(cid: str, depth: int) -> tuple[int, ...]:
        perception = fighter(tx.state, cid).perception
        reason = "initiative" if depth == 0 else "initiative tie re-roll"
        total = tx.roll(f"1d6+{perception}", f"{reason}: {cid}")
        return (total, perception if by_perception and depth == 0 else 0)

    return tuple(rank([c.id for c in tx.state.combatants], key))
