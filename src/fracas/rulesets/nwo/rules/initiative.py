"""Initiative and the ambush round (seed 000: "Initiative and Turn Order", "Stealth &
Ambushing").

Initiative is the panel roll (2d6, A1) plus the initiative bonus, less the armor's penalty.
"In the event of a tie, the character with higher initiative bonus will go first. If both
characters have the same bonus, their initiatives are re-rolled." Dice order: the ambushers'
Hiding rolls and the defenders' Perception rolls (listing order) when anyone tries an ambush,
then one initiative roll per combatant in listing order, then tie re-rolls.
"""

from __future__ import annotations

from fracas.core.events import RoundOrderSet
from fracas.core.initiative import rank
from fracas.core.transaction import Transaction
from fracas.rulesets.nwo.events import WeaponsChanged
from fracas.rulesets.nwo.operative import ARMOR_PENALTY, Operative
from fracas.rulesets.nwo.rules import panel
from fracas.rulesets.nwo.rules.common import check_modifier, fighter, options


def bonus(who: Operative) -> int:
    return who.initiative_bonus - ARMOR_PENALTY[who.armor]


def roll_initiative(tx: Transaction, ambushers: tuple[str, ...]) -> tuple[str, ...]:
    ambush = ambush_round(tx, ambushers) if ambushers else ()

    def key(cid: str, depth: int) -> tuple[int, ...]:
        who = fighter(tx.state, cid)
        purpose = "initiative" if depth == 0 else "initiative re-roll"
        return (panel.roll(tx, cid, purpose, bonus(who)).total, bonus(who))

    order = tuple(rank([c.id for c in tx.state.combatants], key))
    if ambush:
        tx.emit(RoundOrderSet(order=ambush, reason="ambush round"))
        if options(tx.state).ambush_catches_unready:
            _caught_unready(tx, ambush)
    return order


def _caught_unready(tx: Transaction, ambush: tuple[str, ...]) -> None:
    """ "characters are generally allowed to begin already wielding their weapons, except in
    cases such as being ambushed": the ambushed side starts with its weapons holstered."""
    sides = {fighter(tx.state, cid).side for cid in ambush}
    for combatant in tx.state.combatants:
        who = fighter(tx.state, combatant.id)
        if who.side in sides or not who.wielded:
            continue
        tx.emit(
            WeaponsChanged(
                combatant=who.id,
                wielded=(),
                holstered=(*who.wielded, *who.holstered),
                dropped=who.dropped,
                why="is caught by the ambush with weapons holstered",
            )
        )


def ambush_round(tx: Transaction, ambushers: tuple[str, ...]) -> tuple[str, ...]:
    """NWO-8/9: only attackers who roll above the highest Perception roll get the ambush
    round; they act in the order of their Hiding rolls (A20)."""
    hiding: dict[str, int] = {}
    for cid in ambushers:
        who = fighter(tx.state, cid)
        hiding[cid] = panel.roll(tx, cid, "hiding", check_modifier(tx.state, who.hiding)).total
    sides = {fighter(tx.state, cid).side for cid in ambushers}
    watch = [c.id for c in tx.state.combatants if c.side not in sides]
    best = max(
        (
            panel.roll(
                tx, cid, "perception", check_modifier(tx.state, fighter(tx.state, cid).perception)
            ).total
            for cid in watch
        ),
        default=0,
    )
    hidden = [cid for cid in ambushers if hiding[cid] > best]
    return tuple(sorted(hidden, key=lambda cid: -hiding[cid]))
