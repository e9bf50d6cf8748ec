"""Attribute rolls and contests: "a d6 and adds" the attribute (C1).

Seed 002 rolls every attribute the way it rolls initiative: one d6 plus the attribute.
A contest rolls the initiator first, then the responder (the dice order every ruleset keeps).
"""

from __future__ import annotations

from fracas.core.transaction import Transaction
from fracas.rulesets.lines.events import ContestRolled
from fracas.rulesets.lines.fighter import Fighter
from fracas.rulesets.lines.rules.common import options


def better_attribute(fighter: Fighter) -> str:
    """The documented default between Strength and Dexterity: the higher, Strength on ties."""
    return "dexterity" if fighter.dexterity > fighter.strength else "strength"


def roll_attribute(tx: Transaction, fighter: Fighter, attribute: str, why: str) -> int:
    return tx.roll(f"1d6+{fighter.attribute(attribute)}", f"{why}: {fighter.id} {attribute}")


def contest(
    tx: Transaction,
    name: str,
    initiator: Fighter,
    responder: Fighter,
    initiator_attribute: str | None,
    responder_attribute: str | None,
) -> bool:
    """Roll a Strength-or-Dexterity contest; True when the initiator wins."""
    mine = roll_attribute(tx, initiator, initiator_attribute or better_attribute(initiator), name)
    theirs = roll_attribute(tx, responder, responder_attribute or better_attribute(responder), name)
    tie_to_initiator = options(tx.state).contest_tie == "attacker"
    won = mine > theirs or (mine == theirs and tie_to_initiator)
    tx.emit(
        ContestRolled(
            contest=name,
            initiator=initiator.id,
            responder=responder.id,
            initiator_total=mine,
            responder_total=theirs,
            succeeded=won,
        )
    )
    return won
