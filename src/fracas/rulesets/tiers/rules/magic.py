"""Magic (seed 001, "Damage Cheatsheet", "Turns & Actions").

"Unless stated in the spell, no dice are thrown & the damage from the spell caster is
immediately removed from the total HP of the receiver, and/or the effect is immediately
applied." Casting a spell is one of the free actions, which "can be done at any time, on
anyone's turn, as many times as desired".

The seed holds no spell list, so `cast` carries what the caster's spell states (B42): its
damage comes off the target's HP whole, with no die and no armor or shield between, and any
other effect is logged by name for the GM to rule on. A spell that does roll ("unless stated
in the spell") is the GM's: `override` or a scripted `damage`.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Cast
from fracas.rulesets.tiers.events import SpellCast
from fracas.rulesets.tiers.rules.common import fighter
from fracas.rulesets.tiers.rules.harm import deal


def verify(state: EncounterState, action: Cast) -> None:
    fighter(state, action.actor)
    target = fighter(state, action.target)
    if target.status == "dead":
        raise IllegalAction(f"{target.id} is dead; spells are cast on the living")


def resolve(tx: Transaction, action: Cast) -> None:
    tx.emit(
        SpellCast(
            caster=action.actor, target=action.target, spell=action.spell, effect=action.effect
        )
    )
    formula = f"{action.damage} from the spell, no dice, armor and shields not counted"
    deal(tx, action.target, f"{action.actor}'s {action.spell}", action.damage, formula)
