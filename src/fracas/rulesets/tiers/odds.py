"""How the odds of a `tiers` action are read (docs/architecture.md, "Odds of an action").

The exchange reads only totals: the natural 20 or 1 is the total less the modifier, which
the rules know (rules/exchange.py), so the walk branches over each roll's distribution of
totals (a d20, or the kept die of a pair). Outcomes: `attacker wins`, `defender wins` (a
counterattack's damage to the attacker is in `taken`), `tie`, `sure shot` (a crossbow or
firearm shot that rolls nothing) and `dodged`. Each piece of gear a crit wears down is an
effect, `worn: <owner> <item>`.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.core.actions import Action
from fracas.core.events import Event
from fracas.core.odds import OddsModel, generic_reading
from fracas.core.state import EncounterState
from fracas.rulesets.tiers.events import ExchangeRolled, GearWorn, Moved

WINNERS = {"attacker": "attacker wins", "defender": "defender wins", "none": "tie"}


def reading(
    before: EncounterState, action: Action, events: Sequence[Event]
) -> tuple[str, frozenset[str]]:
    worn = frozenset(f"worn: {e.owner} {e.item}" for e in events if isinstance(e, GearWorn))
    exchange = next((e for e in events if isinstance(e, ExchangeRolled)), None)
    if exchange is not None:
        return WINNERS.get(exchange.winner, exchange.winner), worn
    if action.do == "attack":
        dodged = any(isinstance(e, Moved) for e in events)
        return ("dodged" if dodged else "sure shot"), worn
    return generic_reading(before, action, events)


ODDS = OddsModel(reads="totals", reader=reading)
