"""The `fatewalker` character sheet as a scenario file writes it, validated with pydantic.

The seed has no scales for attributes, no weapon table and no wound chart dimensions (digest
gaps 3, 21, 22, 27); the ranges below are ours, wide enough for any sheet a table writes and
narrow enough that a typo is caught. Skills are target numbers (0-8: 7 is the cap, 8 needs
Perfection). Positions are metres on an open floor.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    Strict,
    StrictBool,
    ValidationInfo,
    field_validator,
)

from fracas.core.validation import NOT_BOOL, Int
from fracas.rulesets.fatewalker.rules.damage import DamagePool, parse_damage

ID = r"^[A-Za-z0-9_-]+$"
ATTRIBUTE_MAX = 20
SKILL_MAX = 8
METRES_MAX = 10_000.0
Metres = Annotated[float, Strict(), Field(ge=-METRES_MAX, le=METRES_MAX, allow_inf_nan=False)]
"""Strict, so `true` is refused; an integer is a whole number of metres."""
Range = Annotated[float, Strict(), Field(ge=0, le=METRES_MAX, allow_inf_nan=False)]
"""A distance in metres, 0 or more (fw-move)."""
Size = Literal["XS", "S", "M", "L", "XL"]
DamageType = Literal["physical", "slug", "energy"]
Launcher = Literal["firearm", "crossbow", "bow", "thrown"]
"""Armor writes Deflection as "(P/S/E)": physical, slug (ballistic), energy."""


class Position(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    x: Metres
    y: Metres
    z: Metres = 0.0
    """Height above the ground in metres: the ranged chart's high ground (fw-move)."""


class Attributes(BaseModel):
    """Prowess and the others as dice; Speed in metres walked per 6 ticks ("The average is
    5"); Size on the range chart's scale (9-11 a human). Missing ones take these middles."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    prowess: Int = Field(default=3, ge=0, le=ATTRIBUTE_MAX)
    awareness: Int = Field(default=3, ge=0, le=ATTRIBUTE_MAX)
    focus: Int = Field(default=3, ge=0, le=ATTRIBUTE_MAX)
    will: Int = Field(default=3, ge=0, le=ATTRIBUTE_MAX)
    fate: Int = Field(default=0, ge=0, le=ATTRIBUTE_MAX)
    speed: Int = Field(default=5, ge=0, le=ATTRIBUTE_MAX)
    resilience: Int = Field(default=3, ge=0, le=ATTRIBUTE_MAX)
    size: Int = Field(default=10, ge=0, le=40)


class Skills(BaseModel):
    """Skill ratings used as target numbers; a missing skill is 0 (no die can succeed)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    weaponry: Int = Field(default=0, ge=0, le=SKILL_MAX)
    ranged: Int = Field(default=0, ge=0, le=SKILL_MAX)
    unarmed: Int = Field(default=0, ge=0, le=SKILL_MAX)
    agility: Int = Field(default=0, ge=0, le=SKILL_MAX)
    strength: Int = Field(default=0, ge=0, le=SKILL_MAX)
    stamina: Int = Field(default=0, ge=0, le=SKILL_MAX)
    observe: Int = Field(default=0, ge=0, le=SKILL_MAX)
    search: Int = Field(default=0, ge=0, le=SKILL_MAX)
    survival: Int = Field(default=0, ge=0, le=SKILL_MAX)
    medical: Int = Field(default=0, ge=0, le=SKILL_MAX)
    physick: Int = Field(default=0, ge=0, le=SKILL_MAX)
    resilience: Int = Field(default=0, ge=0, le=SKILL_MAX)
    deception: Int = Field(default=0, ge=0, le=SKILL_MAX)
    impress: Int = Field(default=0, ge=0, le=SKILL_MAX)
    introspect: Int = Field(default=0, ge=0, le=SKILL_MAX)


class Blast(BaseModel):
    """fw-finish: an explosive's area (sheet data; the seed gives no numbers): `radius` in
    metres from the point of impact, and `falloff`, the metres per damage die demoted
    beyond the point of impact (0: the whole area takes the full pool)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    radius: Annotated[float, Strict(), Field(gt=0, le=100, allow_inf_nan=False)]
    falloff: Annotated[float, Strict(), Field(ge=0, le=100, allow_inf_nan=False)] = 0.0


class Weapon(BaseModel):
    """A weapon inline on the sheet (the seed has no weapon table). `speed` is its tick cost
    for a strike ("-" in the melee tables: gap 21, 6 like an unarmed Strike when not given);
    `reach` the metres it strikes across (ours: the seed gives none)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=ID)
    damage: str
    type: DamageType = "physical"
    size: Size = "M"
    speed: Int = Field(default=6, ge=1, le=30)
    reach: Metres = 2.0
    ranges: tuple[Int, Int, Int] | None = None
    """Upper limits of Short, Medium and Long in metres, for ranged weapons: a weapon with
    ranges shoots (`shoot`), out to 2 x Long."""
    launcher: Launcher = "firearm"
    """What kind of ranged weapon: a prone shooter gains with a firearm or crossbow, loses
    with a bow or a thrown weapon (fw-move)."""
    magazine: Int | None = Field(default=None, ge=1, le=1000)
    """Rounds a load holds; left out, ammunition is not counted (fw-move)."""
    reload: Int = Field(default=6, ge=1, le=100)
    """The base reload time in ticks (the seed gives none; ours) (fw-move)."""
    stun: StrictBool = False
    """Whether its damage is Stun (a stunner, a club pulled); bare hands always are."""
    # -- fw-ranged: bursts, drawing (rules/shots.py, rules/arms.py) --
    fire: Literal["single", "burst", "auto"] = "single"
    """What the gun fires: single shots, bursts (Short and Long Burst) too, or full auto
    as well. The seed names no weapon's modes; a gun that bursts needs a `recoil`."""
    recoil: Int | None = Field(default=None, ge=1, le=30)
    """Ticks of recoil: a Short Burst costs 2 x recoil, a Long Burst 3 x, Full Auto 4 x."""
    drawn: StrictBool = True
    """In hand when the fight starts; otherwise in its sheath, sling or holster (`draw`)."""
    draw: Int = Field(default=0, ge=-1, le=10)
    """Ticks added to the size's draw time (XS 2 ... XL 6): -1 for a weapon "roughly at
    hand level", 1-10 for one "stowed away securely or hidden" (the GM's number)."""

    blast: Blast | None = None
    """fw-finish: an explosive (a grenade): everyone within `blast.radius` metres of where
    it lands takes its damage. The seed gives no explosive's numbers: they are the sheet's
    (example data). Thrown weapons only (Evade AoE is for "grenades and other explosives")."""

    @field_validator("blast")
    @classmethod
    def _thrown_blast(cls, blast: Blast | None, info: ValidationInfo) -> Blast | None:
        if blast is not None and info.data.get("launcher") != "thrown":
            raise ValueError("a weapon with `blast` is an explosive to throw: `launcher: thrown`")
        return blast

    @field_validator("recoil")
    @classmethod
    def _recoil_needed(cls, recoil: int | None, info: ValidationInfo) -> int | None:
        fire = info.data.get("fire", "single")
        if fire != "single" and recoil is None:
            raise ValueError(f"a weapon that fires {fire} needs `recoil` (ticks, 1-30)")
        return recoil

    @field_validator("ranges")
    @classmethod
    def _ordered(cls, ranges: tuple[int, int, int] | None) -> tuple[int, int, int] | None:
        if ranges is not None and not 0 < ranges[0] <= ranges[1] <= ranges[2]:
            raise ValueError(
                f"ranges {list(ranges)}: [short, medium, long] are metres, above 0 and in order"
            )
        return ranges

    @field_validator("damage")
    @classmethod
    def _notation(cls, value: str) -> str:
        parse_damage(value)
        return value

    @property
    def pool(self) -> DamagePool:
        return parse_damage(self.damage)


class Deflection(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    physical: Int = Field(default=0, ge=0, le=20)
    slug: Int = Field(default=0, ge=0, le=20)
    energy: Int = Field(default=0, ge=0, le=20)


class Armor(BaseModel):
    """Absorb "flat out reduces the damage of all attacks"; Deflection "demotes a number of
    damage dice equal to the value for the given damage type"."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(default="armor", pattern=ID)
    absorb: Int = Field(default=0, ge=0, le=20)
    deflection: Deflection = Field(default_factory=Deflection)
    under_shield: StrictBool = False
    """Whether an energy shield may be worn over it: the seed's rows say "Functions under a
    shield" (gap 26); inline armor says so itself."""


class Wounds(BaseModel):
    """The wound chart's shape: the seed gives none (gap 22); 8 normal columns follow from its
    healing times, the other numbers are ours."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    temporary: Int = Field(default=6, ge=0, le=100)
    columns: Int = Field(default=8, ge=1, le=20)
    column_height: Int = Field(default=3, ge=1, le=20)
    penalty_per_column: Int = Field(default=1, ge=0, le=10)
    mortal: Int = Field(default=5, ge=1, le=100)


class Optics(BaseModel):
    """Image magnification multiplies Visible Range; IR imaging caps darkness at -25%."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    magnification: Annotated[float, Strict(), Field(ge=1, le=1000, allow_inf_nan=False)] = 1.0
    infrared: bool = False


class EnergyShield(BaseModel):
    """An energy shield (Armor, "Energy Shields"; Dramatic Scenes, "Energy Shields"): attacks
    whose pool could do at least `min_activation` lose dice worth up to `max_absorb` (or half
    the energy left, whichever is lower); `recharge` energy comes back every 6 ticks, up to
    `reserve`. Inline, or the id of a row of data/energy_shields.toml."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(default="shield", pattern=ID)
    min_activation: Int = Field(default=0, ge=0, le=200)
    max_absorb: Int = Field(ge=0, le=200)
    recharge: Int = Field(default=0, ge=0, le=100)
    reserve: Int = Field(ge=0, le=200)


class HandShield(BaseModel):
    """A hand-held shield. The seed names its stats (Deflection, Absorb, "block value and
    block speed", a size giving 50% or 90% cover: L3489, L3504) but has no table (gap 27), so
    every number is the sheet's. While it is not held as cover it counts as armor (option
    `hand_shield`); `block` is the damage a shield block deals, `speed` its tick cost."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(default="shield", pattern=ID)
    absorb: Int = Field(default=0, ge=0, le=20)
    deflection: Deflection = Field(default_factory=Deflection)
    block: str | None = None
    speed: Int = Field(default=6, ge=1, le=30)
    size: Size = "M"
    cover: Annotated[Literal[50, 90], NOT_BOOL] = 50

    @field_validator("block")
    @classmethod
    def _block_notation(cls, value: str | None) -> str | None:
        if value is not None:
            parse_damage(value)
        return value


class Aid(BaseModel):
    """What a combatant carries to treat wounds in a fight (Environmental Scenes, "Healing
    Wounds"): hypos of Serum, and a medkit's rating (0: none, the roll's -2)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    serum: Int = Field(default=0, ge=0, le=20)
    medkit: Int = Field(default=0, ge=0, le=10)


Power = Literal[
    "painless",
    # fw-ranged: powers played through the roll's decider (rules/powers.py, `spend`)
    "driven",
    "hardened",
    "refuse_to_lose",
    "unbreakable",
    "iron_will",
    "unstoppable",
    "aint_got_time_to_bleed",
    "intrepid",
    "intrepid_iii",
    "intrepid_iv",
    "faterunner",
    "faterunner_iv",
    "mastery",
    "predestined",
    # fw-finish: theme powers that change combat (rules/themes.py)
    "intrepid_ii",
    "berserker",
    "wrath",
    "fates_end",
    "righteous_shield",
    "boon",
    "righteous_strike",
    "divine_intervention",
]
"""Powers the engine plays; Tough (Tier 0) everyone has, see `spend_will`."""


class Spend(BaseModel):
    """fw-ranged: when a combatant spends Will or Fate on its own rolls (a decider, not a
    rule): `never`, `always` (every roll it can), or `short` (before a roll whose pool
    expects fewer than the 2 successes a pass needs; after a roll that got fewer than 2).
    Only the powers on the sheet are ever spent; one power a roll (L208)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    driven: Literal["never", "always", "short"] = "short"
    mastery: Literal["never", "always", "short"] = "short"
    painless: Literal["never", "always", "short"] = "short"
    """Painless's "A point of Will can be spent to ignore all wound penalties for a single
    action": only on a roll with wounded or lost dice."""
    predestined: Literal["never", "always", "short"] = "short"
    intrepid: Literal["never", "always", "short"] = "short"
    """After the roll: a reroll (Intrepid, III or IV, the best the sheet has)."""
    bleed: Literal["never", "always"] = "always"
    """Ain't Got Time To Bleed, at the first Mortal wound."""
    # fw-finish: the theme powers' deciders (rules/themes.py)
    wrath: Literal["never", "always", "short"] = "short"
    """Wrath, after an attack roll on the `malcontent`: a Fate(3) roll added to it."""
    intrepid_ii: Literal["never", "always", "hits"] = "hits"
    """Intrepid II, after a roll an opponent made against this one: force the reroll
    always, or only when the roll reached the 2 successes a hit needs (`hits`)."""
    righteous_shield: Literal["never", "always", "short"] = "short"
    """Righteous Shield, before a defensive roll of this one or an ally: +Fate rating dice
    (`short`: when the defence expects fewer than 2 successes)."""
    divine_intervention: Literal["never", "always"] = "always"
    """Divine Intervention: a blow that would kill an ally fails, for 2 Fate and 2 Will."""


class Sheet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str
    name: str | None = None
    side: str
    position: Position
    attributes: Attributes = Field(default_factory=Attributes)
    skills: Skills = Field(default_factory=Skills)
    weapons: tuple[Weapon, ...] = ()
    armor: Armor | None = None
    """Inline, or the id of a row of the seed's armor tables (data/armor.toml)."""
    wounds: Wounds = Field(default_factory=Wounds)
    start_tick: Int | None = Field(default=None, ge=1, le=100_000)
    """A starting action tick fixed by the scenario instead of rolled (a GM's ruling, and
    what scripted tests use to keep their dice to the rule they test)."""
    aware_at: Int | None = Field(default=None, ge=1, le=100_000)
    """The tick at which a combatant who is not aware when the fight starts becomes aware:
    it rolls initiative then and joins at that tick plus the roll ("Late to the Party")."""
    visible_range: Range = 25.0
    """Metres seen unimpeded: the seed lists one per character with no formula (gap 27);
    25 is ours (fw-move)."""
    optics: Optics = Field(default_factory=Optics)
    illumination: Literal["none", "some", "well"] = "none"
    """How well lit this combatant is as a target in the dark (fw-move)."""
    energy_shield: EnergyShield | None = None
    shield: HandShield | None = None
    aid: Aid = Field(default_factory=Aid)
    powers: tuple[Power, ...] = ()
    spend_will: Literal["never", "mortal", "wounds"] = "mortal"
    """Tough ("spend a point of Will to ignore a point of damage"), the combatant's choice:
    never, only to keep damage out of the Mortal section (mortal), or out of the Normal and
    Mortal sections (wounds). A decider, not a rule."""
    spend: Spend = Field(default_factory=Spend)
    """fw-ranged: the deciders of the powers spent on a roll (rules/powers.py)."""
    bracers: StrictBool = False
    """fw-finish: metal bracers or guards: "Metal bracers/guards add +1 damage" to a block."""
    facing: Annotated[float, Strict(), Field(ge=-360, le=360, allow_inf_nan=False)] | None = None
    """fw-finish: the way a combatant not yet aware of the fight looks, in degrees (0 along
    +x, 90 along +y): its sight covers the 270 degrees in front, its hearing all round
    (rules/senses.py), and Backstab needs its attacker behind it. Left out: all round."""
    # fw-finish: the named foes of the theme powers (rules/themes.py)
    malcontent: str | None = Field(default=None, pattern=ID)
    """Wrath's "object of their malcontent": the foe whose pursuit Wrath serves."""
    fates_end: str | None = Field(default=None, pattern=ID)
    """Fate's End, invoked as the fight begins: the target "that must be Destroyed"."""
    transgressors: tuple[Annotated[str, Field(pattern=ID)], ...] = ()
    """Righteous Strike: the adversaries the Protector believes have "overstepped the
    boundaries of natural law" (only they can be struck so)."""
    helmet: Int = Field(default=0, ge=0, le=3)
    """fw-grapple: a helmet's headbutt bonus, "+1-3 damage (depends on the helmet)"; 0 is
    no helmet. Headbutts read it (rules/brawl.py); the seed's armor rows have no helmets."""

    @field_validator("armor", mode="before")
    @classmethod
    def _armor_by_id(cls, value: object) -> object:
        from fracas.rulesets.fatewalker.catalog import armor_named

        return armor_named(value) if isinstance(value, str) else value

    @field_validator("energy_shield", mode="before")
    @classmethod
    def _shield_by_id(cls, value: object) -> object:
        from fracas.rulesets.fatewalker.catalog import energy_shield_named

        return energy_shield_named(value) if isinstance(value, str) else value

    @field_validator("weapons")
    @classmethod
    def _unique(cls, weapons: tuple[Weapon, ...]) -> tuple[Weapon, ...]:
        seen: set[str] = set()
        for weapon in weapons:
            if weapon.id in seen or weapon.id == "unarmed":
                raise ValueError(
                    f"weapon id {weapon.id!r} is used twice or names bare hands (`unarmed`)"
                )
            seen.add(weapon.id)
        return weapons
