"""Armor above Body (seed 001, "The Gist", B35, TIERS-80).

"If a character's gear exceeds their body stat, they cannot move it ... If the armor tier is
too high, they cannot move in it. Their move becomes 0. This may be the case when adding
cloaks, to survive the cold, to a armor set that is already on the cusp of being overweight."

By default (`overweight_armor: refuse`) such a sheet is refused at load (setup.py), the
reading that keeps a fight from starting with a character it cannot use. With
`overweight_armor: immobile` the sheet loads and the seed's sentence is applied instead:
while worn armor and cloaks together are above Body, the character walks no tile, so it
cannot `move`, block a mover, dodge with a reserved move or `climb`; it still fights, swaps
and acts otherwise. Crits lower the armor's Tier, so a character can come back within its
Body mid-fight and walk again. Weapons and shields above Body stay refused at load under both
readings: "They cannot wield nor sheath weapons or shields that are too heavy" leaves nothing
such gear could do in a fight.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.rulesets.tiers.rules.common import options
from fracas.rulesets.tiers.warrior import Warrior


def worn(who: Warrior) -> int:
    """The worn armor's Tier with its cloaks: what Body must carry (natural armor is no
    gear)."""
    return who.armor + who.cloaks


def require_mobile(state: EncounterState, who: Warrior) -> None:
    """Refuse any walk of a character whose armor is above its Body ("Their move becomes
    0"); under the default reading such a character never loads."""
    if options(state).overweight_armor == "immobile" and worn(who) > who.body:
        raise IllegalAction(
            f"{who.id}'s armor with its cloaks is T{worn(who)}, above its Body {who.body}: "
            "it cannot move in it (its move is 0)"
        )
