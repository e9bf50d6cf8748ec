"""The `tiers` character sheet and map as a scenario file writes them, validated with pydantic.

Seed 001 gives no scales for stats, skills, HP or race movement (B10, B9); the ranges below
are ours, wide enough for any sheet a table writes and narrow enough that a typo is caught.
Gear Tiers run T0-T10 (B2: "a Tier 10 armor & a Tier 10 shield"). Whether gear fits the
character's Body is checked by the ruleset's set-up, which names the field (`weapons[1].tier`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from fracas.core.grid import check_on_map
from fracas.core.validation import NOT_BOOL, Int, repeated

ID = r"^[A-Za-z0-9_-]+$"
STAT_MAX = 20
"""The highest Body, Reflex, Presence or skill a sheet may give (B10: no scale is printed)."""
TIER_MAX = 10
LOW_LIGHT_MAX = 100
"""Low Light runs "on a gradient. Generally it will be represented as a scale of 1-100"."""
HP_MAX = 1000
"""The seed's own example is a character with 100 HP; ten times that leaves room."""
FACINGS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
Facing = Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]
Kind = Literal["melee", "bow", "thrown", "crossbow", "firearm"]
RANGED: frozenset[str] = frozenset({"bow", "thrown", "crossbow", "firearm"})
RELOADED: frozenset[str] = frozenset({"crossbow", "firearm"})
UNARMED = "unarmed"
"""The name of bare hands wherever a weapon id is asked for (T0, reach 1, Unarmed skill)."""


class Weapon(BaseModel):
    """A weapon as an inline table. Melee weapons have a `reach` (1 by default, 2 for
    two-handed ones: B9); the others a `range` in tiles. A firearm also has its guaranteed-hit
    zone (`sure`, in tiles, within `range`) and its ammunition's Tier (`ammo`); crossbows and
    firearms start the fight `loaded` unless the sheet says not (B9: the seed gives no data)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=ID)
    kind: Kind
    tier: Int = Field(ge=0, le=TIER_MAX)
    hands: Annotated[Literal[1, 2], NOT_BOOL] = 1
    reach: Int | None = Field(default=None, ge=1, le=5)
    range: Int | None = Field(default=None, ge=1, le=200)
    sure: Int | None = Field(default=None, ge=0, le=200)
    ammo: Int | None = Field(default=None, ge=0, le=TIER_MAX)
    loaded: bool | None = None

    @model_validator(mode="after")
    def _reach_or_range(self) -> Weapon:
        if self.kind == "melee":
            if self.range is not None:
                raise ValueError("a melee weapon has a reach, not a range")
            if self.reach is None:
                object.__setattr__(self, "reach", self.hands)
        elif self.range is None:
            raise ValueError(f"a {self.kind} needs a range in tiles")
        elif self.reach is not None:
            raise ValueError(f"a {self.kind} has a range, not a reach")
        if self.kind == "firearm":
            if self.sure is None:
                raise ValueError("a firearm needs `sure`: its guaranteed-hit zone in tiles")
            if self.range is not None and self.sure > self.range:
                raise ValueError(f"the guaranteed-hit zone ({self.sure}) lies within the range")
        else:
            for name in ("sure", "ammo"):
                if getattr(self, name) is not None:
                    raise ValueError(f"only a firearm has `{name}`")
        if self.loaded is not None and self.kind not in RELOADED:
            raise ValueError("only crossbows and firearms are loaded")
        return self

    @property
    def reloads(self) -> bool:
        return self.kind in RELOADED

    @property
    def is_melee(self) -> bool:
        return self.kind == "melee"


class Stats(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    body: Int = Field(default=0, ge=0, le=STAT_MAX)
    reflex: Int = Field(default=0, ge=0, le=STAT_MAX)
    presence: Int = Field(default=0, ge=0, le=STAT_MAX)


class Skills(BaseModel):
    """Weapon skills and Stealth; a missing skill is 0."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    main_hand: Int = Field(default=0, ge=0, le=STAT_MAX)
    off_hand: Int = Field(default=0, ge=0, le=STAT_MAX)
    unarmed: Int = Field(default=0, ge=0, le=STAT_MAX)
    two_handed: Int = Field(default=0, ge=0, le=STAT_MAX)
    bow: Int = Field(default=0, ge=0, le=STAT_MAX)
    crossbow: Int = Field(default=0, ge=0, le=STAT_MAX)
    firearm: Int = Field(default=0, ge=0, le=STAT_MAX)
    thrown: Int = Field(default=0, ge=0, le=STAT_MAX)
    stealth: Int = Field(default=0, ge=0, le=STAT_MAX)

    def best_weapon_skill(self) -> int:
        """Against a projectile "defender may add any weapon skill bonus"."""
        return max(
            self.main_hand,
            self.off_hand,
            self.unarmed,
            self.two_handed,
            self.bow,
            self.crossbow,
            self.firearm,
            self.thrown,
        )


Size = Literal["XS", "S", "M", "L", "XL"]
SIZES: tuple[Size, ...] = ("XS", "S", "M", "L", "XL")
"""Size categories of creatures and items, smallest first (B10)."""


class Race(BaseModel):
    """What a race gives; the seed names these traits but no values (B9)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    move: Int = Field(default=5, ge=0, le=30)
    """Tiles a move action covers ("the distance associated with their race")."""
    size_category: Size = "M"
    range_bonus: Int = Field(default=0, ge=0, le=2)
    dark_vision: bool = False
    low_light_immune: bool = False
    natural_weapon: Int = Field(default=0, ge=0, le=TIER_MAX)
    """The Tier of the race's claws, fangs or fists ("natural weapon bonus"); bare hands are
    T0. Natural weapons roll Unarmed and stand in for bare hands (`unarmed`)."""
    natural_reach: Int = Field(default=1, ge=1, le=5)
    """An extended-reach natural weapon reaches further; it keeps its reach at T0."""
    natural_armor: Int = Field(default=0, ge=0, le=TIER_MAX)
    """Hide or scales, under any worn armor (B21: their Tiers add)."""


class Item(BaseModel):
    """An object carried other than a weapon (B62): `kind` `object` (a rope, a potion),
    `ammo` (ammunition, kept in the ammo pouch while carried) or `enchanted` (a worn
    enchanted item, used as a free action). Items are dropped (free) and grabbed
    (non-contested) as weapons are; the seed gives none of them a number."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=ID)
    kind: Literal["object", "ammo", "enchanted"] = "object"
    size: Size = "XS"


class Armor(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(default="armor", pattern=ID)
    tier: Int = Field(ge=0, le=TIER_MAX)


class Shield(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(default="shield", pattern=ID)
    tier: Int = Field(ge=0, le=TIER_MAX)
    equipped: bool = True
    """In hand when the fight starts; a shield only works "equipped in hand"."""


class Position(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    x: Int = Field(ge=0)
    y: Int = Field(ge=0)
    facing: Facing = "n"
    z: Int = Field(default=0, ge=0, le=100)
    """Tiles above the ground (B37): someone who starts up a wall or on a ledge."""


STRAIGHT = ("n", "e", "s", "w")
"""The facings a large body may take (B21): its rows stay on the grid's rows."""
BODY_MAX = 20
"""The widest or longest body a sheet may give, in tiles; the seed's dragon is 3x5."""


class BodySize(BaseModel):
    """`size: {width, length}`: a large creature's tiles across its facing and along it (the
    seed's "3x5 draconic creature" is width 3, length 5). 1x1 is an ordinary character."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    width: Int = Field(default=1, ge=1, le=BODY_MAX)
    length: Int = Field(default=1, ge=1, le=BODY_MAX)

    @property
    def large(self) -> bool:
        return self.width > 1 or self.length > 1


class Sheet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    name: str | None = None
    side: str
    hp: Int = Field(ge=1, le=HP_MAX)
    """Seed 001 gives no formula for maximum HP (B10), so every sheet states it."""
    position: Position
    stats: Stats = Field(default_factory=Stats)
    skills: Skills = Field(default_factory=Skills)
    race: Race = Field(default_factory=Race)
    weapons: list[Weapon] = Field(default_factory=list)
    wielding: list[str] | None = None
    """The weapon ids in hand at the start; by default the first weapon listed."""
    armor: Armor | None = None
    """One suit: "A character may not stack armor"."""
    cloaks: list[Armor] = Field(default_factory=list)
    """Cloaks "can stack" over the armor; B12: their Tiers add to the armor's, and armor and
    cloaks together need that much Body."""
    shield: Shield | None = None
    size: BodySize = Field(default_factory=BodySize)
    """A large creature's body; `position` is then its front-left tile (B21)."""
    items: list[Item] = Field(default_factory=list)
    """Objects carried besides the weapons (B62): dropped and grabbed by their ids."""

    @model_validator(mode="after")
    def _items_named_apart(self) -> Sheet:
        """An item's id names it alone, apart from every weapon and bare hands."""
        names = [w.id for w in self.weapons] + [UNARMED]
        twice = repeated([*names, *(i.id for i in self.items)])
        if twice is not None:
            raise ValueError(f"item id {twice!r} is used twice (weapons, items, or bare hands)")
        return self

    @model_validator(mode="after")
    def _straight(self) -> Sheet:
        """A body of several tiles lies along the grid, so it faces n, e, s or w (B21)."""
        if self.size.large and self.position.facing not in STRAIGHT:
            raise ValueError(
                f"a {self.size.width}x{self.size.length} body faces n, e, s or w, not "
                f"{self.position.facing!r}"
            )
        return self

    @field_validator("weapons")
    @classmethod
    def _unique(cls, weapons: list[Weapon]) -> list[Weapon]:
        twice = repeated(w.id for w in weapons)
        if twice is not None:
            raise ValueError(f"weapon id {twice!r} is used twice")
        if any(w.id == UNARMED for w in weapons):
            raise ValueError(f"{UNARMED!r} names bare hands; give the weapon another id")
        return weapons


class Light(BaseModel):
    """`map.light`: the room's own light. `bright`, or a Low Light level 0-100 ("These
    numbers reflect how far you can identify a target in tiles"; "Low Light 0 ... is treated
    as total Darkness")."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    level: Literal["bright"] | Int = "bright"

    @field_validator("level")
    @classmethod
    def _level(cls, level: str | int) -> str | int:
        if isinstance(level, int) and not 0 <= level <= LOW_LIGHT_MAX:
            raise ValueError(f"a Low Light level is 0-{LOW_LIGHT_MAX} or 'bright', not {level}")
        return level


class LightSource(BaseModel):
    """`map.lights[]`: a lit campfire, torch or candle standing on a tile (`x`, `y`), or
    carried by a combatant (`carried_by`, B44): then it lights round its carrier."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    x: Int | None = Field(default=None, ge=0)
    y: Int | None = Field(default=None, ge=0)
    carried_by: str | None = None
    kind: Literal["torch", "campfire", "candle", "hurricane_lamp"] = "torch"
    """A `candle` is bare; a `hurricane_lamp` is a flame housed in one ("much more difficult to
    put out"): both light as a torch does (rules/torches.py, B56)."""
    lit: bool = True
    """False: an unlit light its carrier may light with `light_torch` (rules/torches.py);
    only a carried light starts unlit."""

    @model_validator(mode="after")
    def _placed(self) -> LightSource:
        on_tile = self.x is not None and self.y is not None
        if on_tile == (self.carried_by is not None) or (self.x is None) != (self.y is None):
            raise ValueError("a light stands on a tile (x and y) or is carried (carried_by)")
        if not self.lit and self.carried_by is None:
            raise ValueError("only a carried light starts unlit (lit: false)")
        return self


class Arena(BaseModel):
    """`map:` for tiers. Walls block sight, attacks and movement; terrain (a pile of bodies
    the GM declared, a boulder) cannot be "occupied or traveled through" and blocks shots
    as cover does."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    width: Int = Field(default=12, ge=1, le=200)
    height: Int = Field(default=12, ge=1, le=200)
    walls: list[tuple[Int, Int]] = Field(default_factory=list)
    terrain: list[tuple[Int, Int]] = Field(default_factory=list)
    light: Light = Field(default_factory=Light)
    """The room's light; bright unless the map says otherwise (rules/light.py)."""
    lights: list[LightSource] = Field(default_factory=list)

    @model_validator(mode="after")
    def _on_the_map(self) -> Arena:
        """A wall or terrain tile off the map is a typo; dropping it would change the fight."""
        check_on_map(self.width, self.height, {"walls": self.walls, "terrain": self.terrain})
        placed = [(s.x or 0, s.y or 0) for s in self.lights]
        check_on_map(self.width, self.height, {"lights": placed})
        return self
