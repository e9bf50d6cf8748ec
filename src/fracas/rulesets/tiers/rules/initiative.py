"""Turn order (seed 001, "Turn Order & Initiative").

"the turn order will be determined by 1d20 + reflex bonus rolled by each combatant. With the
highest total roll going first and the lowest going last. Any tie will be rerolled to
determine turn order placement as a tie-breaker." The "reflex bonus" is the Reflex stat
(B10). Each combatant rolls on its own (the seed lets the GM group NPCs; a scenario's
`order:` gives any order at all). B17: with `turn_order: table` no dice are rolled and the
order goes "around the room ... starting with players going first": the scenario's listing,
the first listed combatant's side first.
Dice order: one d20 per combatant in the order the scenario lists them, then the tie
re-rolls, group by group from the top.
"""

from __future__ import annotations

from fracas.core.initiative import rank
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.rules.common import fighter, options


def roll_initiative(tx: Transaction) -> tuple[str, ...]:
    everyone = [c.id for c in tx.state.combatants]
    if options(tx.state).turn_order == "table":
        players = tx.state.combatants[0].side
        return tuple(sorted(everyone, key=lambda cid: tx.state.get(cid).side != players))

    def key(cid: str, depth: int) -> tuple[int, ...]:
        reflex = fighter(tx.state, cid).reflex
        reason = "initiative" if depth == 0 else "initiative tie re-roll"
        return (tx.roll(f"1d20+{reflex}", f"{reason}: {cid}"),)

    return tuple(rank(everyone, key))
