"""How the odds of an `nwo` action are read (docs/architecture.md, "Odds of an action").

The panel reads a roll's faces only as a pair: its sum and whether it is a double (A1, A2;
advantage keeps the better pair by total, then by crit). Neither depends on which die shows
which face, so the walk branches over the 21 bags of 2d6 with their weights, not the 36
ordered pairs. The outcome is the first strike's result as `attack.defend` names it (`hit`,
`critical`, `parry`, `defense_critical`, `miss`), or `stray` when a character in the line
of fire was hit instead; each crit effect that took effect is an effect (`stun`,
`extra_attack_same_target`, `canister` ...).
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.core.actions import Action
from fracas.core.events import Event
from fracas.core.odds import OddsModel, generic_reading
from fracas.core.state import EncounterState
from fracas.rulesets.nwo.events import AttackResolved
from fracas.rulesets.nwo.rules.crits import WeaponEffect


def reading(
    before: EncounterState, action: Action, events: Sequence[Event]
) -> tuple[str, frozenset[str]]:
    first = next(
        (e for e in events if isinstance(e, AttackResolved) and e.attacker == action.actor), None
    )
    if first is None:
        return generic_reading(before, action, events)
    aimed = getattr(action, "target", None)
    outcome = first.result if first.target == aimed else "stray"
    effects = frozenset(e.effect for e in events if isinstance(e, WeaponEffect) and e.performed)
    return outcome, effects


ODDS = OddsModel(reads="multisets", reader=reading)
