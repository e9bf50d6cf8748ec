"""Armor categories and damage per hit (seed 004, "Armor"; "Ranged"; "Melee").

"Light: can only be pierced by weapons with light armor piercing or higher. Immune to
weapons with lower armor piercing." (Medium and Heavy alike.) "Melee attacks cannot damage
light armor or above." "Damage reductions apply to each shot individually." "Every attack
... deals at minimum 1 damage." D8/P8: the minimum applies per hit after reductions, but an
immunity gives 0: a melee blow on light armor does nothing (checklist example 12).
"""

from __future__ import annotations

from fracas.rulesets.pools.sheet import PIERCING, PersonalArmor

PROOF = ("light", "medium", "heavy")
"""The categories that make their wearer immune to weaker piercing (and to melee)."""


def per_hit(damage: int, piercing: str, melee: bool, armor: PersonalArmor) -> tuple[int, str]:
    """The damage one hit deals through `armor`, and the sum written out for the log."""
    category = armor.category
    if category in PROOF:
        if melee:
            return 0, f"melee cannot damage {category} armor"
        if PIERCING.index(piercing) < PIERCING.index(category):
            return 0, f"{category} armor is immune to {piercing} armor piercing"
    if armor.reduction:
        amount = max(1, damage - armor.reduction)
        return amount, f"{damage} - {armor.reduction} reduction, at least 1 = {amount}"
    amount = max(1, damage)
    return amount, f"{damage}" if amount == damage else f"{damage}, at least 1 = 1"
