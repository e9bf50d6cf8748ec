"""The `pools` character sheet and map as a scenario file writes them (seed 004).

The seed prints no scales for its stats, HP or weapons (checklist D20: the weapons wiki is
missing), so the ranges below are ours: wide enough for any sheet a table writes, narrow
enough that a typo is caught. Every number is strict, so a YAML `true` is never a stat.
The contract is issue 8's: `stats: {strength, dexterity, intelligence}`, `hp`, `speed`,
`perks`, `armor` (a category, or personal armor as an inline table), inline weapons and
`position: {distance, altitude}` on one shared line.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from fracas.core.validation import NOT_BOOL, Int, repeated

ID = r"^[A-Za-z0-9_-]+$"
STAT_MAX = 20
"""The highest Strength, Dexterity or Intelligence: a pool of 20 dice is already huge."""
HP_MAX = 1000
DAMAGE_MAX = 100
RATE_MAX = 50
TRACK_MAX = 10_000
"""The farthest distance on the line: 50 km of 5-metre units, past any view range (an
Intelligence of 20 sees 440 distances)."""
ALTITUDE_MAX = 1000

Piercing = Literal["none", "light", "medium", "heavy"]
PIERCING: tuple[Piercing, ...] = ("none", "light", "medium", "heavy")
"""Armor piercing, weakest first (D16): a weapon pierces armor of its level or below."""
Category = Literal["none", "personal", "light", "medium", "heavy"]
Rating = Literal["weak", "middling", "strong", "fortified"]
COVER_DICE: dict[str, int] = {"weak": 2, "middling": 4, "strong": 6, "fortified": 8}
"""The seed's cover table: "weak (2d6), middling (4d6), strong (6d6), and fortified (8d6)"."""
Kind = Literal["melee", "ranged", "thrown"]

UNARMED = "unarmed"
"""Fists, slaps and biting: always at hand, 1 damage, no weight ("they are a part of you")."""
MAKESHIFT = "makeshift"
"""A random object swung as a weapon: 2 damage, one-handed (`makeshift_2h`: two-handed)."""
MAKESHIFT_2H = "makeshift_2h"
THROWN_OBJECT = "thrown_object"
"""A chair, rock or brick thrown: 2 damage, Dexterity against cover like any shot."""


class Ammo(BaseModel):
    """One ammunition type in a weapon's declared load order. Its damage and piercing stand
    in for the weapon's when given (the wiki that would list them is missing, D20)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=ID)
    damage: Int | None = Field(default=None, ge=0, le=DAMAGE_MAX)
    piercing: Piercing | None = None


class Weapon(BaseModel):
    """A weapon as an inline table: `{id, damage, rate_of_fire, piercing, hands, ammo,
    suppressed}`, plus `kind` (melee, ranged or thrown; ranged by default). `ammo` is the
    declared load order; shots leave in that order (POOLS-6)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=ID)
    kind: Kind = "ranged"
    damage: Int = Field(ge=0, le=DAMAGE_MAX)
    rate_of_fire: Int = Field(default=1, ge=1, le=RATE_MAX)
    piercing: Piercing = "none"
    hands: Annotated[Literal[1, 2], NOT_BOOL] = 1
    ammo: list[Ammo | str] = Field(default_factory=list)
    suppressed: bool = False
    weight: Int = Field(default=1, ge=0, le=100)
    bypasses_shield: bool = False
    """Hits that reach the holder past a human shield ("unless they have an effect that
    would circumvent this", POOLS-51); the seed names no such effect, so a sheet says it."""

    @model_validator(mode="after")
    def _melee_fires_once(self) -> Weapon:
        if self.kind == "melee" and (self.rate_of_fire != 1 or self.ammo):
            raise ValueError("a melee weapon has no rate_of_fire or ammo")
        return self

    @property
    def loads(self) -> tuple[Ammo, ...]:
        """The load order with plain names made into ammo of the weapon's own numbers."""
        return tuple(Ammo(id=a) if isinstance(a, str) else a for a in self.ammo)

    @property
    def shoots(self) -> bool:
        return self.kind != "melee"


BUILT_IN: dict[str, Weapon] = {
    UNARMED: Weapon(id=UNARMED, kind="melee", damage=1, weight=0),
    MAKESHIFT: Weapon(id=MAKESHIFT, kind="melee", damage=2),
    MAKESHIFT_2H: Weapon(id=MAKESHIFT_2H, kind="melee", damage=2, hands=2),
    THROWN_OBJECT: Weapon(id=THROWN_OBJECT, kind="thrown", damage=2),
}
"""The seed's general weapons (POOLS-4, 11, 12), written by name in `weapons:`."""


class PersonalArmor(BaseModel):
    """Armor as an inline table: `{category, id, reduction}`. Personal armor's traits are
    per piece (POOLS-55); the one every piece can have here is a damage reduction, taken
    off each shot separately (POOLS-10)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    category: Category = "personal"
    id: str = Field(default="armor", pattern=ID)
    reduction: Int = Field(default=0, ge=0, le=DAMAGE_MAX)


class Limb(BaseModel):
    """An additional member that can hold items: "Additional members (such as a tail) can
    also hold items." It uses them only with a perk that lets it manipulate items
    (`manipulates: true`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=ID)
    manipulates: bool = False


class Gear(BaseModel):
    """A piece of misc gear: "Every piece of misc gear has a flat 1 weight unless stated
    otherwise." A consumable has `charges` (uses per scene); a kit needs both hands "unless
    specifically stated otherwise" (`hands` defaults to 2 for a kit, 1 for anything else)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=ID)
    kit: bool = False
    charges: Int | None = Field(default=None, ge=1, le=100)
    """Uses per scene for a consumable; none for gear that is not used up."""
    weight: Int = Field(default=1, ge=0, le=100)
    hands: Annotated[Literal[0, 1, 2], NOT_BOOL] | None = None

    @property
    def hands_needed(self) -> int:
        if self.hands is not None:
            return self.hands
        return 2 if self.kit else 1


class Stats(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    strength: Int = Field(default=0, ge=0, le=STAT_MAX)
    dexterity: Int = Field(default=0, ge=0, le=STAT_MAX)
    intelligence: Int = Field(default=0, ge=0, le=STAT_MAX)


class Position(BaseModel):
    """A place on the shared line: `distance` from its start, `altitude` above the ground.
    Two combatants at the same distance (and altitude) are at distance 0 from each other."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    distance: Int = Field(ge=0, le=TRACK_MAX)
    altitude: Int = Field(default=0, ge=0, le=ALTITUDE_MAX)
    in_cover: bool | None = None
    """Whether it starts in the cover of its distance; by default it does when there is
    cover there, as a mover would (POOLS-16)."""


TRAPS_MAX = 50
TRAP_SUCCESSES_MAX = STAT_MAX
"""A trap's checks are Intelligence pools, so neither count passes the largest pool."""


class LaidTrap(BaseModel):
    """`traps[]` on a sheet: `{distance, kind: killing|incapacitating, hiding, damage}`:
    hiding = the successes prey needs to spot it, damage = 1 a success (POOLS-34)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    distance: Int = Field(ge=0, le=TRACK_MAX)
    kind: Literal["killing", "incapacitating"]
    hiding: Int = Field(ge=0, le=TRAP_SUCCESSES_MAX)
    damage: Int = Field(ge=0, le=TRAP_SUCCESSES_MAX)


class Sheet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    name: str | None = None
    side: str
    hp: Int = Field(ge=1, le=HP_MAX)
    """Seed 004 gives no maximum HP (D13), so every sheet states it."""
    speed: Int = Field(default=1, ge=0, le=100)
    """Movement speed, read by mounts and falling (D11, D18); a walker moves 1 distance."""
    position: Position
    stats: Stats = Field(default_factory=Stats)
    perks: list[str] = Field(default_factory=list)
    armor: Category | PersonalArmor = "none"
    weapons: list[Weapon | str] = Field(default_factory=list)
    hands: Int = Field(default=2, ge=0, le=2)
    """Hands that hold and use items (POOLS-36): two, unless the sheet says fewer."""
    limbs: list[Limb] = Field(default_factory=list)
    """Additional members that can hold items, such as a tail (POOLS-36)."""
    gear: list[Gear] = Field(default_factory=list)
    """Misc gear from the (missing) equipment wiki (POOLS-13, 14)."""
    carry: Int | None = Field(default=None, ge=0, le=100)
    """A creature that can be ridden: the rider's load it bears at full speed (P42; none:
    it cannot be mounted). Its `speed` is the distances it moves a turn."""
    weight: Int = Field(default=0, ge=0, le=100)
    """Body weight a mount feels beyond an ordinary rider's, in gear units (P42)."""
    riding: str | None = None
    """The id of the mount it starts the fight on (same place, same side)."""
    hidden: bool | list[str] = False
    """Starts hidden (POOLS-27, P24): `true` from every enemy, or from the enemies listed;
    they are entirely unaware of it. GM-only information (pools/view.py)."""
    traps: list[LaidTrap] = Field(default_factory=list, max_length=TRAPS_MAX)
    """Traps it laid before the fight (POOLS-34), their two checks already rolled."""

    @field_validator("weapons")
    @classmethod
    def _known(cls, weapons: list[Weapon | str]) -> list[Weapon | str]:
        for index, weapon in enumerate(weapons):
            if isinstance(weapon, str) and weapon not in BUILT_IN:
                known = ", ".join(BUILT_IN)
                raise ValueError(
                    f"weapons[{index}]: unknown weapon {weapon!r}; write it as an inline table "
                    f"{{id, damage, ...}} or name one of: {known}"
                )
        twice = repeated(_weapon(w).id for w in weapons)
        if twice is not None:
            raise ValueError(f"weapon id {twice!r} is used twice")
        return weapons

    @field_validator("gear", "limbs")
    @classmethod
    def _unique(cls, items: list[Gear] | list[Limb]) -> list[Gear] | list[Limb]:
        twice = repeated(i.id for i in items)
        if twice is not None:
            raise ValueError(f"id {twice!r} is used twice")
        return items

    @property
    def arms(self) -> tuple[Weapon, ...]:
        return tuple(_weapon(w) for w in self.weapons)

    @property
    def armor_table(self) -> PersonalArmor:
        if isinstance(self.armor, PersonalArmor):
            return self.armor
        return PersonalArmor(category=self.armor, id=self.armor)


def _weapon(weapon: Weapon | str) -> Weapon:
    return BUILT_IN[weapon] if isinstance(weapon, str) else weapon


class Cover(BaseModel):
    """`map.cover[]`: usable cover at one distance ("Each distance may have usable cover")."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    distance: Int = Field(ge=0, le=TRACK_MAX)
    rating: Rating


class Battlefield(BaseModel):
    """`map:` for pools: the cover along the line, and the light (`bright`, or `dark`:
    nobody is seen, so every attack is the unseen target's one die, POOLS-57)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    cover: list[Cover] = Field(default_factory=list)
    light: Literal["bright", "dark"] = "bright"
    obscured: list[Int] = Field(default_factory=list)
    """Distances filled with fog or smoke: whoever stands there is not seen (POOLS-57)."""

    @field_validator("cover")
    @classmethod
    def _one_each(cls, cover: list[Cover]) -> list[Cover]:
        twice = repeated(str(c.distance) for c in cover)
        if twice is not None:
            raise ValueError(f"distance {twice} has cover twice; one rating a distance")
        return cover

    def cover_at(self, distance: int) -> str | None:
        return next((c.rating for c in self.cover if c.distance == distance), None)

    ground: list[Lying] = Field(default_factory=list)
    """Weapons lying on the line (dropped or thrown by a disarm, POOLS-52), which anyone on
    the ground at that distance can pick up."""

    def lying_at(self, distance: int) -> list[Lying]:
        return [g for g in self.ground if g.distance == distance]


class Lying(BaseModel):
    """`map.ground[]`: a weapon lying at a distance of the line."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    distance: Int = Field(ge=0, le=TRACK_MAX)
    weapon: Weapon | str

    @field_validator("weapon")
    @classmethod
    def _known(cls, weapon: Weapon | str) -> Weapon | str:
        if isinstance(weapon, str) and weapon not in BUILT_IN:
            known = ", ".join(BUILT_IN)
            raise ValueError(
                f"unknown weapon {weapon!r}; write it as an inline table {{id, damage, ...}} "
                f"or name one of: {known}"
            )
        return weapon

    @property
    def item(self) -> Weapon:
        return _weapon(self.weapon)
