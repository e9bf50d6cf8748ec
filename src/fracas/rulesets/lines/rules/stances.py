"""Turns spent on something other than an attack (seed 002, "Defensive stance", "Taking aim").

"Players can decide to not take any action during their turn and instead focus on defense. In
such a case, they can add the second d6 to their defense roll." "...the players can focus on
aiming during their turn. In the next turn, they can add the second d6 to their attack roll."
Both spend the turn's action; neither stops the fighter's movement (C12). So does `use`, the
catch-all for "using abilities, using gear, or using the items in the environment" (seed 002,
"Actions"), whose effects the seed leaves to the GM.
"""

from __future__ import annotations

from fracas.core.conditions import Condition, Expiry
from fracas.core.events import ConditionApplied
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.lines.actions import Aim, Defend, Use
from fracas.rulesets.lines.events import ActionSpent
from fracas.rulesets.lines.rules.common import AIMING, DEFENDING, fighter, options, require_action


def verify_defend(state: EncounterState, action: Defend) -> None:
    require_action(fighter(state, action.actor))


def resolve_defend(tx: Transaction, action: Defend) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action="defend"))
    until_end = options(tx.state).defend_lasts == "next_turn_end"
    # Until the start of the next turn; or through the next turn, which is the second end of
    # one of the fighter's turns counted from now (this turn's end is the first).
    condition = Condition(
        name=DEFENDING,
        source=action.actor,
        expiry=Expiry.END_OF_TURN if until_end else Expiry.START_OF_TURN,
        anchor=action.actor,
        count=2 if until_end else 1,
    )
    tx.emit(ConditionApplied(target=action.actor, condition=condition))


def verify_aim(state: EncounterState, action: Aim) -> None:
    require_action(fighter(state, action.actor))


def resolve_aim(tx: Transaction, action: Aim) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action="aim"))
    # "In the next turn": lapses at the end of the fighter's next turn, the second turn end
    # from now; the first attack that uses it removes it earlier (aim_applies_to).
    condition = Condition(
        name=AIMING, source=action.actor, expiry=Expiry.END_OF_TURN, anchor=action.actor, count=2
    )
    tx.emit(ConditionApplied(target=action.actor, condition=condition))


def verify_use(state: EncounterState, action: Use) -> None:
    require_action(fighter(state, action.actor))


def resolve_use(tx: Transaction, action: Use) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action=f"use: {action.what}"))
