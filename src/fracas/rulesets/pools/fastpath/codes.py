"""The numbers the pools fast path writes its fight in: status, holds, choices, weapons."""

from __future__ import annotations

from fracas.rulesets.pools.sheet import BUILT_IN, PIERCING, UNARMED, Weapon

ACTIVE, UNCONSCIOUS, DEAD = 0, 1, 2

NOT_HELD, GRAPPLED, PINNED, SHIELD = 0, 1, 2, 3

PROOF = {"light": 1, "medium": 2, "heavy": 3}
"""armor.PROOF with each category's rank among the piercings (`PIERCING.index`)."""

END, MOVE, TAKE_COVER, ATTACK, SHOOT, GRAPPLE, BREAK_FREE, SHIELD_UP, PIN, DEVOUR = range(10)
TAKE, DROP, DRAG, FLY = 10, 11, 12, 13
Choice = tuple[int, int, "Arm | None"]
"""What the tactics chose: (kind, target or distance, weapon)."""
ENDING: Choice = (END, -1, None)


class Arm:
    """A weapon compiled: what the rules read of it, as plain numbers."""

    __slots__ = ("bypasses", "damage", "hands", "id", "loads", "melee", "pierce", "rof", "thrown")

    def __init__(self, weapon: Weapon) -> None:
        self.id = weapon.id
        self.melee = weapon.kind == "melee"
        self.thrown = weapon.kind == "thrown"
        self.damage = weapon.damage
        self.pierce = PIERCING.index(weapon.piercing)
        self.hands = weapon.hands
        self.rof = weapon.rate_of_fire
        self.bypasses = weapon.bypasses_shield
        # shooting._round / _damage: each shot's damage and piercing, in the load order
        self.loads = [
            (
                weapon.damage if a.damage is None else a.damage,
                self.pierce if a.piercing is None else PIERCING.index(a.piercing),
            )
            for a in weapon.loads
        ] or [(weapon.damage, self.pierce)]


BARE = Arm(BUILT_IN[UNARMED])

SHOT_VALUES_KEPT = 100_000
"""Shot values remembered per fork before the memory starts over."""


class Handback(Exception):
    """The fight reached what the fast path does not model: the engine plays it instead."""
