"""Righteous Strike (Powers, Protector, Master, L369): "This power can only be used against an
adversary the Protector believes has overstepped the boundaries of natural law ... For every
point of Fate spent the protector can have the single strike take on one of the following
effects (each can be chosen only once ...): Attack cannot miss (add 2 successes to the
attack), Attack cannot be defended (reduce defense roll successes to 0), Attack does +6
damage."

The strike is the melee Attack (the unarmed Strike bare-handed) through the strike flow
(rules/strike.py), with `effects` chosen on the action; whom the Protector believes a
transgressor is the sheet's `transgressors`. The Fate is spent as the strike resolves,
before its roll; being an active power, it is the one power of the attack roll (L208).
"Cannot be defended": the target's reaction is rolled and paid for, but its successes count
as 0, so it cancels nothing and no parry stops the blow. "+6 damage" is the pipeline's flat
bonus (step 7, gap 9's reading).
"""

from __future__ import annotations

import dataclasses

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import RighteousStrike, Strike
from fracas.rulesets.fatewalker.events import FateSpent
from fracas.rulesets.fatewalker.rules.common import walker
from fracas.rulesets.fatewalker.rules.defence import Outcome

SURE_SUCCESSES = 2
DAMAGE = 6


def effects(action: Strike) -> tuple[str, ...]:
    return action.effects if isinstance(action, RighteousStrike) else ()


def check(state: EncounterState, action: Strike) -> None:
    if not isinstance(action, RighteousStrike):
        return
    person = walker(state, action.actor)
    if "righteous_strike" not in person.powers:
        raise IllegalAction(f"{person.id} lacks the power `righteous_strike`")
    if action.target not in person.transgressors:
        listed = ", ".join(person.transgressors) or "nobody"
        raise IllegalAction(
            f"{action.target} is not among {person.id}'s transgressors (the sheet's "
            f"`transgressors`: {listed})"
        )
    if not action.effects or len(set(action.effects)) != len(action.effects):
        raise IllegalAction(
            "effects: one to three of sure, undefended, damage, each chosen only once"
        )
    if person.fate_left < len(action.effects):
        raise IllegalAction(
            f"{person.id} has {person.fate_left} Fate; {len(action.effects)} effects cost as many"
        )


def pay(tx: Transaction, action: Strike) -> None:
    chosen = effects(action)
    if not chosen:
        return
    person = walker(tx.state, action.actor)
    tx.emit(
        FateSpent(
            combatant=person.id,
            amount=len(chosen),
            spent=person.fate_spent + len(chosen),
            why=f"Righteous Strike on {action.target}: {', '.join(chosen)}",
        )
    )


def sure(action: Strike) -> int:
    """ "Attack cannot miss (add 2 successes to the attack)"."""
    return SURE_SUCCESSES if "sure" in effects(action) else 0


def undefended(action: Strike, answer: Outcome) -> Outcome:
    """ "reduce defense roll successes to 0": nothing cancelled, nothing stopped."""
    if "undefended" not in effects(action) or answer.reaction is None:
        return answer
    return dataclasses.replace(answer, cancels=0, stop=None)


def bonus(action: Strike) -> int:
    return DAMAGE if "damage" in effects(action) else 0
