"""Turn order (seed 001, "Turn Order & Initiative").

"the turn order will be determined by 1d20 + reflex bonus rolled by each combatant. With the
highest total roll going first and the lowest going last. Any tie will be rerolled to
determine turn order placement as a tie-breaker." The "reflex bonus" is the Reflex stat
(B10). Each combatant rolls on its own (the seed lets the GM group NPCs; a scenario's
`order:` gives any order at all, including the default around-the-table one, B17).
Dice order: one d20 per combatant in the order the scenario lists them, then the tie
re-rolls, group by group from the top.
"""

from __future__ import annotations

from fracas.core.initiative import rank
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.rules.common import fighter


def roll_initiative(tx: Transaction) -> tuple[str, ...]:
    def key(cid: str, depth: int) -> tuple[int, ...]:
        reflex = fighter(tx.state, cid).reflex
        reason = "initiative" if depth == 0 else "initiative tie re-roll"
        return (tx.roll(f"1d20+{reflex}", f"{reason}: {cid}"),)

    return tuple(rank([c.id for c in tx.state.combatants], key))
