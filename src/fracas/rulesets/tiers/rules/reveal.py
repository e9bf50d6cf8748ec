"""A stealth attack gives the attacker away (seed 001, "Stealth attacks", TIERS-73).

"Attacking once with stealth, whether with a bow or with a melee weapon, will automatically
reveal the location of the attacker to everyone." The seed reveals a location, so the
attacker is known to every viewer (tiers/view.py) where it struck from, even a viewer who
could not otherwise see that tile, and stops being known once it leaves it: a revealed
location is not a light that follows it. Only an attack made reveals: a lost stealth check
means the sneaker "failed to find an opportunity", so nothing was attacked.

The seed then lets the stealth attack repeat: "The opponent will be aware of their existence
after the attack occurs, & may turn toward them on their next turn. However, if they ignore
them (perhaps to face other opponents), the sneaking character may again declare a Stealth
skill contested roll against them." Being revealed changes no rule of the next check; only
standing behind the opponent does (rules/stealth.py).
"""

from __future__ import annotations

from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.events import Revealed
from fracas.rulesets.tiers.rules.common import fighter
from fracas.rulesets.tiers.warrior import Warrior


def reveal(tx: Transaction, attacker: str) -> None:
    """Make the attacker's place known to all, as its stealth attack lands."""
    tx.emit(Revealed(combatant=attacker, at=fighter(tx.state, attacker).tile))


def revealed(state: EncounterState, who: Warrior) -> bool:
    """Whether everyone knows where `who` stands: it has not moved since a stealth attack."""
    return who.revealed_at == who.tile
