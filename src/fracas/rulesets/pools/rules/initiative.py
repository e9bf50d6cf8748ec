"""Turn order (seed 004, "Initiative").

"Initiative is ordered from highest Dexterity to lowest. In case of ties, all tied parties
roll their Dexterities; whoever has more successes goes first among them. Roll off multiple
times if needed." No dice are rolled unless Dexterities tie. Perks that change initiative
are data the seed does not give (D20).

Dice order: for each group of tied Dexterities, from the highest, each member's Dexterity
pool in listing order; a group still tied rolls again before the next group.
"""

from __future__ import annotations

from fracas.core.initiative import rank
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.rules.common import soldier
from fracas.rulesets.pools.rules.dice import pool


def roll_initiative(tx: Transaction) -> tuple[str, ...]:
    def key(cid: str, depth: int) -> tuple[int, ...]:
        dexterity = soldier(tx.state, cid).dexterity
        if depth == 0:
            return (dexterity,)
        return (pool(tx, dexterity, f"initiative roll-off {depth}: {cid}"),)

    return tuple(rank([c.id for c in tx.state.combatants], key))
