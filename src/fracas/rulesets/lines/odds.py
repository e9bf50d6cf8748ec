"""How the odds of a `lines` action are read (docs/architecture.md, "Odds of an action").

Every `lines` rule reads only the totals of its rolls (attack card, Dexterity, damage), so the
real resolver is walked over each roll's exact distribution of totals: an attack is at most
a few hundred resolutions. The outcome is the strike's result as the rules name it (`miss`,
`hit`, `critical`); a dual-wield attack names both strikes in order (`hit, miss`).
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.core.actions import Action
from fracas.core.events import Event
from fracas.core.odds import OddsModel, generic_reading
from fracas.core.state import EncounterState
from fracas.rulesets.lines.events import AttackRolled


def reading(
    before: EncounterState, action: Action, events: Sequence[Event]
) -> tuple[str, frozenset[str]]:
    mine = action.actor
    results = [e.result for e in events if isinstance(e, AttackRolled) and e.attacker == mine]
    if not results:
        return generic_reading(before, action, events)
    return ", ".join(results), frozenset()


ODDS = OddsModel(reads="totals", reader=reading)
