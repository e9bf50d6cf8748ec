"""The damage formulas of seed 001's "Damage Cheatsheet", as plain arithmetic on numbers, so
each can be checked against the seed's own lines and used by every kind of attack alike.

    Melee damage  = (roll difference + body + weapon bonus) - (armor bonus)
    Bow damage    = (roll difference + weapon bonus) - (armor bonus)
    Thrown damage = (roll difference + weapon bonus + body) - (armor bonus)
    1H crossbow damage = (weapon bonus) - (armor bonus - weapon bonus)
    2H Crossbow damage = (weapon bonus) - (armor bonus - weapon bonus x2)
    Firearm damage = (weapon bonus x2) + (ammo bonus x2)        (no armor)

"*Armor bonus cannot be reduced below 0 (zero)." A result below 0 is no damage (B3; the
option `min_damage: 1` lifts a landed blow to 1, in rules/harm.land). A firearm ignores the
shield too unless `firearm_ignores_shield: false` (B4). A
crossbow shot beyond its sure range, where `crossbow_beyond: contested` allows one, deals
bow damage (B9). Each returns the amount and the formula with its numbers, for the log.
"""

from __future__ import annotations


def contested(kind: str, difference: int, body: int, tier: int, armor: int) -> tuple[int, str]:
    """The winner's damage in a contested exchange, by the kind of weapon it won with."""
    if kind in ("bow", "crossbow"):
        return max(0, difference + tier - armor), f"{difference} + T{tier} - {armor}"
    return (
        max(0, difference + body + tier - armor),
        f"{difference} + {body} + T{tier} - {armor}",
    )


def crossbow(tier: int, hands: int, armor: int, whole: int = 0) -> tuple[int, str]:
    """A sure crossbow hit: the armor, reduced by the Tier (twice it for a 2H crossbow) but
    not below 0, comes off the Tier. `whole` is armor the bolt does not pierce, taken off
    after (a shield under `crossbow_pierces: armor_only`, B27); shown only when there is
    some, so the usual formula reads as the seed's."""
    cut = tier * hands
    left = max(0, armor - cut) + whole
    times = " x2" if hands == 2 else ""
    rest = f" - {whole}" if whole else ""
    return max(0, tier - left), f"T{tier} - max(0, {armor} - T{tier}{times}){rest}"


def firearm(tier: int, ammo: int, shield: int = 0) -> tuple[int, str]:
    """No armor; a shield only where the table lets it stop a bullet
    (`firearm_ignores_shield: false`, B4), taken off like armor, never below 0."""
    shot = 2 * tier + 2 * ammo
    if shield:
        return max(0, shot - shield), f"2 x T{tier} + 2 x ammo T{ammo} - shield {shield}, no armor"
    return shot, f"2 x T{tier} + 2 x ammo T{ammo}, no armor"
