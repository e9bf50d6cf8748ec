"""A combatant under `nwo`: the sheet plus what the fight changes.

Timed states (prone, braced, focused, stunned, suppressed, grappled, restrained ...) are core
conditions with their expiry; this class holds numbers and the turn's bookkeeping.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fracas.core.state import Combatant
from fracas.rulesets.nwo.catalog import UNARMED, Weapon, catalog
from fracas.rulesets.nwo.grid import Tile

ARMOR_HP = {"none": 0, "light": 2, "medium": 4, "heavy": 8}
"""seed: "== Armor ==" table: Armor Hitpoints."""
ARMOR_PENALTY = {"none": 0, "light": 0, "medium": 1, "heavy": 2}
"""seed: "== Armor ==" table: -N Initiative, -N Movement."""
BASE_MOVEMENT = 6
"""seed: "double their movement speed from 6 to 12 tiles"."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Operative(Combatant):
    x: int
    y: int
    melee: int = 0
    aiming: int = 0
    nimble: int = 0
    strength: int = 0
    fitness: int = 0
    resolve: int = 0
    perception: int = 0
    hiding: int = 0
    robustness: int = 0
    initiative_bonus: int = 0
    armor: str = "none"
    ahp: int = 0
    max_ahp: int = 0
    arsenal: tuple[Weapon, ...] = ()
    """Every weapon carried: in hand, holstered, stowed or dropped."""
    wielded: tuple[str, ...] = ()
    """In hand, primary hand first."""
    holstered: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    ammo: tuple[tuple[str, int], ...] = ()
    """Rounds left in each magazine-fed weapon."""
    acted: bool = False
    moved: int = 0
    """Tiles of movement used this turn."""
    movement_spent: bool = False
    """The turn's movement is gone (dash, disengage, dual attack, a failed reload ...)."""
    dashing: bool = False
    disengaging: bool = False
    shot: bool = False
    """Made a ranged attack this turn (shooting and moving reduces movement)."""
    aoo_used: bool = False
    grapple_fails: int = 0
    """Failed grapple checks in a row (three make a restraint)."""
    ambusher: bool = False
    """Tried to hide before the fight for an ambush round."""

    @property
    def tile(self) -> Tile:
        return (self.x, self.y)

    @property
    def movement(self) -> int:
        """This turn's base movement: 6 tiles, less the armor's penalty."""
        return BASE_MOVEMENT - ARMOR_PENALTY[self.armor]

    def weapon(self, weapon_id: str) -> Weapon | None:
        if weapon_id == UNARMED:
            return catalog()[UNARMED]
        return next((w for w in self.arsenal if w.id == weapon_id), None)

    @property
    def in_hand(self) -> tuple[Weapon, ...]:
        return tuple(w for w in self.arsenal if w.id in self.wielded)

    @property
    def free_hands(self) -> int:
        return 2 - sum(w.hands for w in self.in_hand)

    @property
    def holds_melee(self) -> bool:
        """Engagement needs a melee weapon in hand (unarmed counts when nothing ranged is)."""
        hand = self.in_hand
        if any(not w.is_ranged for w in hand):
            return True
        return not any(w.is_ranged for w in hand)

    @property
    def reach(self) -> int:
        melee = [w.reach for w in self.in_hand if not w.is_ranged]
        return max(melee, default=1)

    def rounds(self, weapon_id: str) -> int | None:
        return next((n for wid, n in self.ammo if wid == weapon_id), None)

    def skill(self, name: str) -> int:
        value: int = getattr(self, name)
        return value

    def position_json(self) -> Any:
        return {"x": self.x, "y": self.y}

    def state_json(self) -> dict[str, Any]:
        return {
            "armor": self.armor,
            "ahp": self.ahp,
            "max_ahp": self.max_ahp,
            "wielded": list(self.wielded),
            "holstered": list(self.holstered),
            "dropped": list(self.dropped),
            "ammo": dict(self.ammo),
            "acted": self.acted,
            "moved": self.moved,
            "movement_spent": self.movement_spent,
            "aoo_used": self.aoo_used,
            "grapple_fails": self.grapple_fails,
        }
