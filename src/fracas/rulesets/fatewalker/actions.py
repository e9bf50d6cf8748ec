"""The actions of `fatewalker`, named after the seed's maneuvers. Each says its tick cost."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from fracas.core.actions import Action
from fracas.core.validation import Int

Reaction = Literal[
    "none",
    "dodge",
    "sidestep",
    "parry",
    "quick_parry",
    "power_parry",
    "block",
    "quick_block",
    "martial_block",
    "leg_check",
    "unbalance",
    "step_inside",
    "parry_riposte",
    "block_strike",
    "catch_strike",  # fw-grapple: rules/brawl.py
    "defensive_throw",  # fw-grapple: against leaping maneuvers
    # fw-shields: the shield block, charge counters, the missile defences, moving evasions
    "shield_block",
    "stop_charge",
    "redirect",
    "leaping_dodge",
    "dodge_missile",
    "parry_projectile",
    "block_projectile",
    "friendly_fire",
]
"""The reactions and counterattacks a strike's target may answer with (rules/defence.py)."""

BARRIER_MAX = 20
Barrier = Annotated[Int, Field(ge=0, le=BARRIER_MAX)]
"""A Barrier rating from the Barrier Chart (L1590-1612: light construction 1 ... reinforced
steel "10+"); whatever a blow or a shot goes through demotes its damage by this much, like
Deflection of any type (rules/harm.py, `against`)."""

UNARMED = "unarmed"
"""Bare hands wherever a weapon id is asked for: the unarmed Strike, 6 ticks, 5x1 @5."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Strike(Action):
    """The basic attack: the melee table's Attack with a weapon in hand (its speed in ticks),
    or the unarmed Strike (6 ticks). `reaction` is the target's choice against it: `dodge`
    (8 ticks onto its next tick), `none`, or left out for the target's default (a dodge
    whenever the target may react)."""

    do: ClassVar[str] = "strike"
    target: str
    weapon: str = UNARMED
    reaction: Reaction | None = None
    barrier: Barrier = 0
    """The Barrier rating of what the blow goes through (the GM's call from the Barrier
    Chart, L1590-1612): it demotes the damage like Deflection, whatever the damage type."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Hold(Action):
    """Hold Action, 2 ticks: "Cost is minimum time spent Held"; after 2 ticks held, the
    holder may act before any declared action resolves."""

    do: ClassVar[str] = "hold"


# -- fw-melee: the attack maneuvers of the melee and unarmed tables (rules/melee.py) ----------
# Each is a strike with the row's roll, cost and effects; `reaction` is the target's answer.


@dataclass(frozen=True, slots=True, kw_only=True)
class Hack(Strike):
    do: ClassVar[str] = "hack"


@dataclass(frozen=True, slots=True, kw_only=True)
class Thrust(Strike):
    do: ClassVar[str] = "thrust"


@dataclass(frozen=True, slots=True, kw_only=True)
class SpinSlash(Strike):
    do: ClassVar[str] = "spin_slash"


@dataclass(frozen=True, slots=True, kw_only=True)
class Lunge(Strike):
    do: ClassVar[str] = "lunge"


@dataclass(frozen=True, slots=True, kw_only=True)
class Gut(Strike):
    do: ClassVar[str] = "gut"


@dataclass(frozen=True, slots=True, kw_only=True)
class Backstab(Strike):
    do: ClassVar[str] = "backstab"


@dataclass(frozen=True, slots=True, kw_only=True)
class CalledShot(Strike):
    """`aim`: `limb` (-1) or `vitals` (-3, Damage +1, damage TN +1)."""

    do: ClassVar[str] = "called_shot"
    aim: Literal["limb", "vitals"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Kick(Strike):
    do: ClassVar[str] = "kick"


@dataclass(frozen=True, slots=True, kw_only=True)
class ElbowStrike(Strike):
    do: ClassVar[str] = "elbow_strike"


@dataclass(frozen=True, slots=True, kw_only=True)
class KneeStrike(Strike):
    do: ClassVar[str] = "knee_strike"


@dataclass(frozen=True, slots=True, kw_only=True)
class MartialKick(Strike):
    do: ClassVar[str] = "martial_kick"


@dataclass(frozen=True, slots=True, kw_only=True)
class MartialStrike(Strike):
    do: ClassVar[str] = "martial_strike"


@dataclass(frozen=True, slots=True, kw_only=True)
class LightningStrike(Strike):
    do: ClassVar[str] = "lightning_strike"


@dataclass(frozen=True, slots=True, kw_only=True)
class SpinningKick(Strike):
    do: ClassVar[str] = "spinning_kick"


@dataclass(frozen=True, slots=True, kw_only=True)
class PowerStrike(Strike):
    do: ClassVar[str] = "power_strike"


MANEUVER_STRIKES: tuple[type[Strike], ...] = (
    Hack,
    Thrust,
    SpinSlash,
    Lunge,
    Gut,
    Backstab,
    CalledShot,
    Kick,
    ElbowStrike,
    KneeStrike,
    MartialKick,
    MartialStrike,
    LightningStrike,
    SpinningKick,
    PowerStrike,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Engage(Action):
    """Engage, 5 ticks, Awareness(Weaponry): every 2 net successes close the range with
    `target` one step. `counter`: the target's Disengage (5 ticks), `none`, or left out for
    its default."""

    do: ClassVar[str] = "engage"
    target: str
    counter: Literal["disengage", "none"] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Disengage(Action):
    """Disengage, 5 ticks: as Engage, opening the range; `counter`: the target's Engage."""

    do: ClassVar[str] = "disengage"
    target: str
    counter: Literal["engage", "none"] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Footwork(Action):
    """Footwork, 2 ticks, Awareness(Agility): -1: its successes are bonus dice for parries
    and evasions over the next 20 ticks, at most 2 on one maneuver."""

    do: ClassVar[str] = "footwork"


# -- movement, ranged combat, cover (fw-move) ------------------------------------------------

Mode = Literal["walk", "run", "crawl", "climb", "swim"]
"""The basic movement types of "Begin Movement" (riding has no rules yet)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Heading(Action):
    """Where a movement goes: a point (`x`, `y` in metres) or a combatant (`toward`), stopping
    `within` metres of it (a weapon's reach, say); the way to it is re-aimed at every
    segment's end."""

    x: float | None = None
    y: float | None = None
    toward: str | None = None
    within: float = 1.0


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Heading):
    """Begin Movement, 2 ticks: start walking, running, crawling (from prone), climbing or
    swimming; the metres are credited at the end of each 6-tick segment."""

    do: ClassVar[str] = "begin_moving"
    mode: Mode = "walk"


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangeMove(Heading):
    """Change Movement, 0 ticks (option `change_ticks`), at any tick: a new type, or a new
    heading, from now on; what the old one covered so far is credited first."""

    do: ClassVar[str] = "change_move"
    free: ClassVar[bool] = True
    mode: Mode | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StopMove(Action):
    """Stop Movement, 0 ticks (option `change_ticks`), at any tick."""

    do: ClassVar[str] = "stop"
    free: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Sprint(Heading):
    """Sprint, 3 ticks and 1 Will: Prowess(Agility), 2 x (Speed + successes) metres per
    segment; exclusive (nothing else is initiated while sprinting)."""

    do: ClassVar[str] = "sprint"


@dataclass(frozen=True, slots=True, kw_only=True)
class Jump(Heading):
    """Jump (3 ticks, Speed/3 m) or running leap (4 ticks, Speed/2 + 1 m), Speed raised by
    the successes of Prowess(Strength)."""

    do: ClassVar[str] = "jump"
    kind: Literal["standing", "leap"] = "standing"


@dataclass(frozen=True, slots=True, kw_only=True)
class GoProne(Action):
    do: ClassVar[str] = "go_prone"


@dataclass(frozen=True, slots=True, kw_only=True)
class StandUp(Action):
    do: ClassVar[str] = "stand_up"


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeCover(Action):
    """Take Cover, 3 ticks (50%) or 4 (90%); `barrier` is the cover's material rating (the
    Barrier chart), which a shot through it meets as Deflection."""

    do: ClassVar[str] = "take_cover"
    cover: Literal[50, 90] = 50
    barrier: Barrier = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Shoot(Action):
    """Shoot (the weapon's speed in ticks): Prowess(Ranged) with the ranged modifier chart.
    `cover`: shoot `around` the target's cover or `through` it. `marksman`: the Marksman
    Shot, +1 die and 2 ticks more, no aims."""

    do: ClassVar[str] = "shoot"
    target: str
    weapon: str
    cover: Literal["around", "through"] = "around"
    marksman: bool = False
    # fw-ranged: the shot's maneuvers, combined as the seed allows (rules/shots.py)
    called: Literal["limb", "heart", "face"] | None = None
    """Called Shot (Weapon +2): a limb or small object -2; the heart -4 or the face -5,
    Damage +3."""
    vitals: Literal["center", "head"] | None = None
    """Vitals Shot (Weapon +1): center mass -2 or head -4, Damage +3."""
    burst: Literal["short", "long", "auto"] | None = None
    """Short Burst (3 rounds, 2 x recoil), Long Burst (6, 3 x), Full Auto (20, 4 x)."""
    fire: Literal["searching", "mdk"] = "searching"
    """A burst searching (+1/+2/+4 to hit) or MDK (-1/-2/-3 to hit, +1/+3/+6 damage)."""
    reaction: MissileReaction | None = None  # fw-shields: the target's missile defence


@dataclass(frozen=True, slots=True, kw_only=True)
class Aim(Action):
    """Aim, 4 ticks, +1 a time up to the Observe skill; or Basic Aim (`basic`), 6 ticks, +1
    once. The shot must be the aimer's next action."""

    do: ClassVar[str] = "aim"
    basic: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Reload(Action):
    """Reload (Focus(Agility)) or Quick Reload (`quick`, Focus(Agility): -1); `extra` ticks
    taken on purpose give +1 die per 2."""

    do: ClassVar[str] = "reload"
    weapon: str
    quick: bool = False
    extra: int = 0


# -- fw-harm: in-fight healing (rules/healing.py) ------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ApplySerum(Action):
    """Apply Serum, 10 ticks, no roll: "Serum immediately heals 3 wounds"; a patient left
    with fewer than 3 Mortal wounds is stabilized. Needs a hypo (`aid: {serum: n}`) and the
    patient within touch (2 m; oneself counts)."""

    do: ClassVar[str] = "apply_serum"
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Stabilize(Action):
    """Stabilize, 20 ticks a roll: Awareness(Survival), an extended roll whose net successes
    (successes - 2) add up until they reach the patient's Mortal boxes, which stops the
    bleeding. Only on a patient with Mortal wounds, within touch (2 m)."""

    do: ClassVar[str] = "stabilize"
    target: str


# -- fw-ranged: twin pistols, weapons in hand, the free metre, common actions ------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TwinPistols(Action):
    """Twin Pistols (Ranged 5, Agility 4): two pistols fired as one action, each shot at
    Prowess(Ranged): -1, the `offhand` one at the off-hand penalty too, both -1 more when
    the targets differ; "Weapon + Weapon - 4" ticks."""

    do: ClassVar[str] = "twin_pistols"
    target: str
    weapon: str
    offhand: str
    offhand_target: str | None = None
    cover: Literal["around", "through"] = "around"


@dataclass(frozen=True, slots=True, kw_only=True)
class Draw(Action):
    """Ready/Draw Weapon (XS 2, S 3, M 4, L 5, XL 6 ticks, plus the weapon's `draw`), from
    its holster or from the ground at the drawer's feet; `quick`: Quick-draw, Prowess(Agility)
    changing the time."""

    do: ClassVar[str] = "draw"
    weapon: str
    quick: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Drop(Action):
    """Drop (1 tick: at the feet), toss (2: to `x`, `y`) or place (3: within arm's reach) a
    weapon in hand; or `holster` it (its draw time: putting it back as it came out)."""

    do: ClassVar[str] = "drop"
    weapon: str
    how: Literal["drop", "toss", "place", "holster"] = "drop"
    x: float | None = None
    y: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PickUp(Action):
    """Pickup Object: a weapon lying within reach, at hand or chest level 2 ticks, above the
    head 3, below the knees 4; +1 for an L or XL weapon ("requires 2 hands")."""

    do: ClassVar[str] = "pick_up"
    weapon: str
    level: Literal["hand", "above", "below"] = "below"


@dataclass(frozen=True, slots=True, kw_only=True)
class Step(Action):
    """The free metre: "characters can always alter their position by a meter as part of
    another action for free", once at each of one's action ticks, before the action."""

    do: ClassVar[str] = "step"
    free: ClassVar[bool] = True
    x: float
    y: float


@dataclass(frozen=True, slots=True, kw_only=True)
class Observe(Action):
    """Quick Look (5 ticks, Awareness(Search), a yes/no `question`), Detailed Search (9,
    Focus(Search)) or Observe in Detail (`ticks` 2-16, Awareness(Observe))."""

    do: ClassVar[str] = "observe"
    kind: Literal["look", "search", "detail"] = "look"
    question: str = ""
    ticks: int = 6


@dataclass(frozen=True, slots=True, kw_only=True)
class Acrobatics(Action):
    """Other Acrobatics, 4-14 ticks ("common sense time ... + 2"): Prowess(Agility) with the
    GM's `modifier`; what it achieves is the GM's."""

    do: ClassVar[str] = "acrobatics"
    ticks: int = 6
    modifier: int = 0
    feat: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class UseSkill(Action):
    """Use non-Action Skill, 7 ticks or more: `attribute`(`skill`) at the chaos of combat's
    -1 (option `combat_chaos`) and the GM's `modifier`."""

    do: ClassVar[str] = "use_skill"
    skill: str
    attribute: Literal["prowess", "awareness", "focus", "will", "fate"] = "focus"
    ticks: int = 7
    modifier: int = 0
    task: str = ""


# -- fw-grapple: the unarmed table's grapples and the strikes that need them ------------------
# (rules/grappling.py, rules/brawl.py). `counter` is the target's answer: a counter listed
# on the action, `none`, or left out for the target's default.

GrappleCounter = Literal["none", "slip", "sprawl", "dodge", "grapple", "lock", "parry"]


@dataclass(frozen=True, slots=True, kw_only=True)
class GrappleMove(Action):
    """A maneuver of the grapple family against `target`."""

    target: str
    counter: GrappleCounter | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Grapple(GrappleMove):
    """Grapple, 8 ticks, Prowess(Unarmed): locks a standing grapple or tightens it; on a
    prone target it starts ground combat on top. Counters: slip, dodge."""

    do: ClassVar[str] = "grapple"


@dataclass(frozen=True, slots=True, kw_only=True)
class Slip(GrappleMove):
    """Slip, 6 ticks, Prowess(Unarmed): net successes loosen the grapple, the ground combat
    (towards escape at 4) or the hold `target` has. Counter: grapple (lock against a hold)."""

    do: ClassVar[str] = "slip"


@dataclass(frozen=True, slots=True, kw_only=True)
class Takedown(GrappleMove):
    """Takedown, 10 ticks, Prowess(Unarmed) + grapple bonus: 3 net successes put both on the
    ground, the attacker on top, and deal (net)x1 @5. Counters: slip, sprawl, dodge."""

    do: ClassVar[str] = "takedown"


@dataclass(frozen=True, slots=True, kw_only=True)
class Sweep(GrappleMove):
    """Sweep, 8 ticks, Focus(Unarmed): the bottom's way up; net successes raise the ground
    level, 4 standing both. Counter: grapple."""

    do: ClassVar[str] = "sweep"


@dataclass(frozen=True, slots=True, kw_only=True)
class BodyThrow(GrappleMove):
    """The unarmed Throw (`throw` is the melee table's thrown weapon), 11 ticks,
    Prowess(Strength): the target flies net/2 m, takes (net)x1 @5 and is prone on 3 net.
    Counters (each +2): slip, sprawl, dodge."""

    do: ClassVar[str] = "body_throw"


@dataclass(frozen=True, slots=True, kw_only=True)
class Lock(GrappleMove):
    """The unarmed Hold (`hold` is the timeline's Hold Action), 8 ticks, Focus(Unarmed) +
    the Hold value: 3x1 against halved Deflection; the Hold value grows by ceil(net/2).
    Needs a grapple, ground combat or hold. Counter: slip."""

    do: ClassVar[str] = "lock"


@dataclass(frozen=True, slots=True, kw_only=True)
class ChokeHold(Lock):
    """Choke Hold, 10 ticks: a Hold whose every 2 points through armor are 1 fatigue (Will);
    out of Will, the target passes out."""

    do: ClassVar[str] = "choke_hold"


@dataclass(frozen=True, slots=True, kw_only=True)
class Disarm(GrappleMove):
    """The unarmed Disarm, 8 ticks, Prowess(Unarmed): -1 and the weapon's size (XS -3, S -1,
    L +1, XL +3); needs a grapple, ground combat or hold. Counters: parry, dodge."""

    do: ClassVar[str] = "disarm"


@dataclass(frozen=True, slots=True, kw_only=True)
class Headbutt(Strike):
    do: ClassVar[str] = "headbutt"


@dataclass(frozen=True, slots=True, kw_only=True)
class TripKick(Strike):
    do: ClassVar[str] = "trip_kick"


@dataclass(frozen=True, slots=True, kw_only=True)
class LeapKick(Strike):
    do: ClassVar[str] = "leap_kick"


@dataclass(frozen=True, slots=True, kw_only=True)
class NerveStrike(Strike):
    do: ClassVar[str] = "nerve_strike"


GRAPPLES: tuple[type[GrappleMove], ...] = (
    Grapple,
    Slip,
    Takedown,
    Sweep,
    BodyThrow,
    Lock,
    ChokeHold,
    Disarm,
)
BRAWL_STRIKES: tuple[type[Strike], ...] = (Headbutt, TripKick, LeapKick, NerveStrike)


# -- fw-shields: shield maneuvers, charges, thrown weapons, moving evasions ---------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ShieldBash(Strike):
    """Shield Bash (Weaponry 3): an attack with the hand-held shield (its `block` damage, its
    `speed`, its `size`), at the offhand penalty; it cannot be parried, only shield-blocked.
    `weapon` is not used."""

    do: ClassVar[str] = "shield_bash"


@dataclass(frozen=True, slots=True, kw_only=True)
class Charge(Strike):
    """Charge, from a run toward `target`: the melee table's (with `weapon`: -1, +1 damage
    per 2 ticks run, at most +3) or the unarmed table's (no `weapon`: 4x1, +1 per tick run,
    at most +4, 8 ticks, and both may be knocked prone). Evasions get +2 against it."""

    do: ClassVar[str] = "charge"


@dataclass(frozen=True, slots=True, kw_only=True)
class EngageAndGut(Strike):
    """Engage and Gut (Weaponry 5, Unarmed 3): an Engage, then a Gut, each at -1; the target
    may answer both (`counter` the engage, `reaction` the gut). Costs Engage + Gut - 2."""

    do: ClassVar[str] = "engage_and_gut"
    counter: Literal["disengage", "none"] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ShieldCover(Action):
    """Shield Cover, 2 ticks (50%) or 3 (90%, a shield of `cover: 90`): cover behind the
    hand-held shield, kept while moving (the coverer's actions at -2 then); the shield then
    blocks, bashes and counts as armor no more. `cover: 0` lowers it (1 tick)."""

    do: ClassVar[str] = "shield_cover"
    cover: Literal[0, 50, 90] = 50


MissileReaction = Literal[
    "none", "sidestep", "dodge_missile", "parry_projectile", "block_projectile"
]
"""The defences against a thrown weapon or a shot: Sidestep (thrown only, -3), Dodge Missile,
Parry Projectile, Block Projectile (thrown and arrows)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Throw(Action):
    """Throw (the weapon's speed): Prowess(Weaponry) with the ranged chart, a weapon with
    `launcher: thrown` and `ranges`. `careful`: Careful Throw, +1 and 2 ticks more;
    `cobra`: Cobra Strike, draw and throw at -1. `reaction`: the target's missile defence."""

    do: ClassVar[str] = "throw"
    target: str
    weapon: str
    cover: Literal["around", "through"] = "around"
    careful: bool = False
    cobra: bool = False
    reaction: MissileReaction | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EvasiveRun(Heading):
    """Evasive Running (Agility 3, Stamina 3), 6 ticks: (2 x Speed) - 1 metres a segment,
    Prowess(Agility) rerolled each segment; shots at the runner take -(successes - 1) in
    place of the target-moving row, blows half that. Exclusive, like a sprint."""

    do: ClassVar[str] = "evasive_run"


# -- fw-finish: theme powers, explosives, suppressive fire -------------------------------------

Righteous = Literal["sure", "undefended", "damage"]
"""Righteous Strike's effects, a point of Fate each: "Attack cannot miss (add 2 successes to
the attack)", "Attack cannot be defended (reduce defense roll successes to 0)", "Attack does
+6 damage"."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RighteousStrike(Strike):
    """Righteous Strike (Protector, Master): the melee Attack (or the unarmed Strike) with
    `effects` bought for a point of Fate each, "each can be chosen only once", against a
    foe the sheet lists in `transgressors`."""

    do: ClassVar[str] = "righteous_strike"
    effects: tuple[Righteous, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Boon(Action):
    """Boon (Protector): a point of Fate gives every ally "two dice to the next action they
    each take" within 40 ticks. A power "can be used at any time": a free action at one's
    own tick, as the free metre is."""

    do: ClassVar[str] = "boon"
    free: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrowExplosive(Action):
    """The melee table's Throw with an explosive (a weapon with `blast`): at a combatant
    (`target`) or a point (`x`, `y`). Everyone within the blast of where it lands is hit.
    `evade` and `evade_prone` name who answers with Evade AoE (standing, or going prone for
    +2 m and a tick more); left out, each caught combatant's default decides."""

    do: ClassVar[str] = "throw_explosive"
    weapon: str
    target: str | None = None
    x: float | None = None
    y: float | None = None
    careful: bool = False
    evade: tuple[str, ...] | None = None
    evade_prone: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class CoverFire(Action):
    """Full Auto (Cover): 20 rounds (4 x recoil) laid over a circle of `radius` metres
    about (`x`, `y`); for the next 12 ticks anyone acting in it draws a free preemptive shot
    at -2."""

    do: ClassVar[str] = "cover_fire"
    weapon: str
    x: float
    y: float
    radius: float = 2.0


@dataclass(frozen=True, slots=True, kw_only=True)
class MeleeDisarm(GrappleMove):
    """The melee table's Disarm (Weaponry 5, Observe 3; Prowess(Weaponry): -2, weapon speed
    +2), whose text the seed never wrote ("I have no ... idea", gap 20): read as the unarmed
    Disarm with `weapon` in hand and no grapple (option `melee_disarm`). Counters: parry,
    dodge."""

    do: ClassVar[str] = "melee_disarm"
    weapon: str
