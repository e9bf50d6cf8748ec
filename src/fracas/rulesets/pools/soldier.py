"""A combatant under `pools`: the sheet plus what the fight changes (place, cover, the
turn's one action, free attacks spent)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fracas.core.state import Combatant
from fracas.rulesets.pools.sheet import BUILT_IN, UNARMED, Gear, Limb, PersonalArmor, Weapon

NO_ARMOR = PersonalArmor(category="none", id="none")


@dataclass(frozen=True, slots=True, kw_only=True)
class Soldier(Combatant):
    distance: int
    altitude: int = 0
    in_cover: bool = False
    """Sheltering in the cover of its distance (taken by moving in, or `take_cover`)."""
    strength: int
    dexterity: int
    intelligence: int
    speed: int = 1
    perks: tuple[str, ...] = ()
    armor: PersonalArmor = NO_ARMOR
    weapons: tuple[Weapon, ...] = ()
    acted: bool = False
    """This turn's one action is spent ("Moving is considered your action for the turn")."""
    free_attack_round: int = 0
    """The round of its last free attack on someone leaving distance 0 (P9, per_round)."""
    hands: int = 2
    limbs: tuple[Limb, ...] = ()
    """Additional members that hold items (a tail); some may manipulate them (POOLS-36)."""
    gear: tuple[Gear, ...] = ()
    spent: tuple[str, ...] = ()
    """The gear ids of the charges used this scene, one entry a charge (POOLS-13)."""

    def charges_left(self, item: Gear) -> int:
        return (item.charges or 0) - self.spent.count(item.id)

    @property
    def place(self) -> tuple[int, int]:
        return (self.distance, self.altitude)

    def weapon(self, weapon_id: str) -> Weapon | None:
        """A carried weapon by id; bare hands (`unarmed`) are always there."""
        if weapon_id == UNARMED:
            return BUILT_IN[UNARMED]
        return next((w for w in self.weapons if w.id == weapon_id), None)

    @property
    def melee_weapon(self) -> Weapon:
        """The hardest-hitting melee weapon carried, else bare hands."""
        melee = [w for w in self.weapons if w.kind == "melee"]
        return max(melee, key=lambda w: w.damage) if melee else BUILT_IN[UNARMED]

    def position_json(self) -> Any:
        return {"distance": self.distance, "altitude": self.altitude}

    def state_json(self) -> dict[str, Any]:
        return {
            "in_cover": self.in_cover,
            "acted": self.acted,
            "armor": self.armor.category,
            "weapons": [w.id for w in self.weapons],
            **self._gear_json(),
        }

    def _gear_json(self) -> dict[str, Any]:
        """Gear and its charges left, only for a sheet that has any (flat fights read as
        before)."""
        if not self.gear:
            return {}
        return {"gear": {g.id: self.charges_left(g) if g.charges else None for g in self.gear}}
