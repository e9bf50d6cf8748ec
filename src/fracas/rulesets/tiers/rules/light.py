"""Low light (seed 001, "Low Light Conditions").

"You can make range & projectile attacks at twice (2x) the declared Low Light level without
penalty." "The penalty for attacking a target greater than 2x the Low Light [Level] will be:
The defending character will get a bonus added to their roll of 1 for each tile past the
threshold they are." "The bonus for characters rolling stealth in low light is: +1 added to
their roll for each tile beyond the Low Light value they are versus their target."
"Races that have Dark Vision are immune to Low Light effects", as are races with Low Light
immunity.

Where light differs from tile to tile (a torch in a dim room), the level that counts is the
one on the tile of whoever must be made out: the target of a shot, the sneaking character.
"""

from __future__ import annotations

from fracas.core.state import EncounterState
from fracas.rulesets.tiers.rules.common import distance, grid
from fracas.rulesets.tiers.warrior import Warrior


def _immune(who: Warrior) -> bool:
    return who.race.dark_vision or who.race.low_light_immune


def shot_penalty(state: EncounterState, shooter: Warrior, target: Warrior) -> int:
    """The defender's bonus against a ranged or projectile attack: 1 a tile past 2 x Low
    Light, unless the shooter is immune."""
    level = grid(state).level_at(target.tile)
    if level is None or _immune(shooter):
        return 0
    return max(0, distance(shooter.tile, target.tile) - 2 * level)


def stealth_bonus(state: EncounterState, sneak: Warrior, target: Warrior) -> int:
    """The sneaking character's bonus: 1 a tile beyond the Low Light level, unless the one
    it sneaks on is immune."""
    level = grid(state).level_at(sneak.tile)
    if level is None or _immune(target):
        return 0
    return max(0, distance(sneak.tile, target.tile) - level)
