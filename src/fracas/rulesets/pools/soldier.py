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

    carry: int | None = None
    """A mount's load at full speed; None: it cannot be ridden (P42)."""
    weight: int = 0
    riding: str | None = None
    """The mount it sits on."""
    ridden_by: str | None = None
    """The rider on its back: it gives up its own turns (P43)."""
    saddled_round: int = 0
    """The round it last mounted or dismounted: that takes the whole turn (P43)."""
    ride_round: int = 0
    ridden: int = 0
    """Distances (and altitudes) its mount has carried it in round `ride_round` (P43)."""
    fall_speed: int | None = None
    """Falling: the altitudes of its last drop (0 before the first); None: not falling."""
    trigger: Armed | None = None
    """Its declared "if ... then ..." waiting to fire (P45)."""
    hidden_from: tuple[str, ...] = ()
    """The enemies that do not know where it is: awareness is kept per pair, on the one
    hidden (POOLS-27..29, P24)."""
    unnoticed_by: tuple[str, ...] = ()
    """Of `hidden_from`, those entirely unaware of its presence: they never search for it,
    and only something they can spot gives them a check (POOLS-29)."""
    located_at: tuple[tuple[str, int, bool], ...] = ()
    """Per enemy that has found it, the spot (enemy, distance, in cover) where that enemy
    last did: no stealth against that enemy until it relocates or finds a new hiding spot
    (POOLS-28, P56)."""

    def found_by_at(self, enemy: str) -> tuple[int, bool] | None:
        """Where `enemy` last found it, if it ever did."""
        return next(((d, c) for who, d, c in self.located_at if who == enemy), None)

    ambush_edge: tuple[str, ...] = ()
    """The ambushed its first action succeeds against without a roll (POOLS-31), until the
    end of its turn."""
    traps: tuple[Trap, ...] = ()
    """The traps it has laid and that still wait for prey (POOLS-34)."""
    traps_laid: int = 0
    """How many traps it has laid in all, which names each new one."""

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
            **self._aloft_json(),
            **self.secrets_json(),
        }

    def secrets_json(self) -> dict[str, Any]:
        """Who it is hidden from and its traps: the GM's to know (pools/view.py strips them
        for the enemy's players); only written when there is something to say."""
        out: dict[str, Any] = {}
        if self.hidden_from:
            out["hidden_from"] = list(self.hidden_from)
            out["unnoticed_by"] = list(self.unnoticed_by)
        if self.traps:
            out["traps"] = [t.to_json() for t in self.traps]
        return out

    def _gear_json(self) -> dict[str, Any]:
        """Gear and its charges left, only for a sheet that has any (flat fights read as
        before)."""
        if not self.gear:
            return {}
        return {"gear": {g.id: self.charges_left(g) if g.charges else None for g in self.gear}}

    def _aloft_json(self) -> dict[str, Any]:
        """Riding, falling and triggers, shown only when there are any."""
        shown: dict[str, Any] = {}
        if self.riding is not None:
            shown["riding"] = self.riding
        if self.ridden_by is not None:
            shown["ridden_by"] = self.ridden_by
        if self.fall_speed is not None:
            shown["fall_speed"] = self.fall_speed
        if self.trigger is not None:
            shown["trigger"] = self.trigger.event
        return shown


@dataclass(frozen=True, slots=True)
class Armed:
    """A declared trigger: what to watch for and the action to take, kept as its JSON text
    (parsed when it fires) so the state stays hashable and the log plain."""

    event: str
    who: str | None
    within: int
    then: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Trap:
    """A laid trap (POOLS-34): where it lies, whether it kills or incapacitates, the
    successes prey needs to spot it, and its damage; who has spotted it."""

    id: str
    distance: int
    kind: str
    """`killing` or `incapacitating`."""
    hiding: int
    damage: int
    spotted_by: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "distance": self.distance,
            "kind": self.kind,
            "hiding": self.hiding,
            "damage": self.damage,
            "spotted_by": list(self.spotted_by),
        }
