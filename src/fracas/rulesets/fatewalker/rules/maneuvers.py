"""The maneuver tables (Actions and Maneuvers: Evasions L3276-3324, Melee Maneuvers L3424-3552,
Unarmed Maneuvers L3557-3730), one row per maneuver as the seed prints it.

The rows are nouns and numbers; what a maneuver does lives in the rule that resolves it
(`melee.py` for attacks and range, `defence.py` for reactions and counterattacks). A row is in
the table even when nothing resolves it yet (`resolved` is False): its requisites and cost are
still the seed's, and the docs' coverage says why it waits.

Tick costs: an unarmed or evasion cost is absolute; a melee cost of "-" is the weapon's speed
and "+n"/"-n" an offset from it (`relative`); the two composite counterattacks say their sums in
`melee.tick_cost`. "Requisites": "If a character does not possess the requisite level of skill
they can of course attempt the maneuver but it will be at a penalty equal to the difference ...
If a skill requires two skills, take the higher penalty" (L3271).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

Table = Literal["evasion", "melee", "unarmed"]
Kind = Literal["action", "reaction", "counterattack", "action_reaction"]
Size = Literal["XS", "S", "M", "L", "XL"]


@dataclass(frozen=True, slots=True)
class Maneuver:
    name: str
    """The action or reaction name, snake_case ("Parry/Riposte" is `parry_riposte`)."""
    table: Table
    kind: Kind
    requisites: tuple[tuple[str, int], ...]
    attribute: str | None
    """The pool's attribute; None where the seed writes "Special" or "-"."""
    skill: str | None
    bonus: int
    ticks: int | None
    """None where the seed writes "Special"."""
    line: int
    relative: bool = False
    damage: str | None = None
    """Unarmed damage as printed (`5x1 @5`); None for "-" or "Special"."""
    size: Size | None = None
    """The size class an unarmed maneuver fights at on the range ladder (L1636, L1671):
    kicks M, strikes S, elbows, knees, headbutts and grapples XS."""
    extra_damage: int = 0
    """"+n damage" (gap 9: flat points added to a hit's total before Absorb)."""
    damage_tn: int = 0
    """"Damage TN: +n" (vitals)."""
    against_defence: int = 0
    """Dice added to every defence or counterattack against it (Power Strike +1, Spin Slash
    +1, Lightning Strike -1)."""
    against_evasion: int = 0
    """Dice added to evasions only (Thrust -1, the charges +2)."""
    resolved: bool = False


def _m(
    name: str,
    table: Table,
    kind: Kind,
    requisites: dict[str, int],
    roll: str | None,
    bonus: int,
    ticks: int | None,
    line: int,
    **more: object,
) -> Maneuver:
    attribute, skill = roll.split("/") if roll else (None, None)
    return Maneuver(
        name,
        table,
        kind,
        tuple(requisites.items()),
        attribute,
        skill,
        bonus,
        ticks,
        line,
        **more,  # type: ignore[arg-type]
    )


A: Kind = "action"
R: Kind = "reaction"
C: Kind = "counterattack"
AR: Kind = "action_reaction"
P_AGI, P_WPN, P_UNA = "prowess/agility", "prowess/weaponry", "prowess/unarmed"

_EVASIONS = (
    _m("dodge", "evasion", R, {"agility": 1}, P_AGI, 3, 8, 3280, resolved=True),
    _m("evade_aoe", "evasion", R, {"agility": 2}, P_AGI, 0, 7, 3282, resolved=True),
    _m("sidestep", "evasion", R, {"observe": 2, "agility": 3}, P_AGI, 0, 5, 3284, resolved=True),
    _m(
        "evasive_running",
        "evasion",
        A,
        {"agility": 3, "stamina": 3},
        P_AGI,
        0,
        6,
        3286,
        resolved=True,
    ),
    _m("leaping_dodge", "evasion", R, {"agility": 4}, P_AGI, 1, 8, 3288, resolved=True),
    _m(
        "redirect",
        "evasion",
        R,
        {"unarmed": 4, "observe": 3, "agility": 3},
        P_UNA,
        0,
        7,
        3290,
        resolved=True,
    ),
    _m("footwork", "evasion", A, {"agility": 4}, "awareness/agility", -1, 2, 3292, resolved=True),
    _m(
        "friendly_fire",
        "evasion",
        R,
        {"agility": 5, "observe": 4},
        None,
        0,
        None,
        3294,
        resolved=True,
    ),
    _m(
        "dodge_missile",
        "evasion",
        R,
        {"agility": 6},
        "awareness/agility",
        0,
        5,
        3296,
        resolved=True,
    ),
)

_ENGAGE = _m(
    "engage",
    "melee",
    AR,
    {"weaponry": 3, "agility": 2},
    "awareness/weaponry",
    0,
    5,
    3454,
    resolved=True,
)
"""L3454 "Engage/Disengage": one row of the seed for two maneuvers, the gap closed or made."""

_MELEE = (
    _m("attack", "melee", A, {}, P_WPN, 0, 0, 3428, relative=True, resolved=True),
    _m("throw", "melee", A, {}, P_WPN, 0, 0, 3430, relative=True, resolved=True),
    _m(
        "parry",
        "melee",
        R,
        {"weaponry": 1, "observe": 2},
        P_WPN,
        0,
        -2,
        3432,
        relative=True,
        resolved=True,
    ),
    _m(
        "shield_block", "melee", R, {"weaponry": 1}, P_WPN, 0, 0, 3434, relative=True, resolved=True
    ),
    _m(
        "hack",
        "melee",
        A,
        {"weaponry": 1, "strength": 2},
        P_WPN,
        -1,
        1,
        3436,
        relative=True,
        extra_damage=1,
        resolved=True,
    ),
    _m(
        "called_shot",
        "melee",
        A,
        {"weaponry": 2, "observe": 2},
        P_WPN,
        0,
        2,
        3438,
        relative=True,
        resolved=True,
    ),
    _m(
        "charge",
        "melee",
        A,
        {"weaponry": 2},
        P_WPN,
        -1,
        None,
        3440,
        against_evasion=2,
        resolved=True,
    ),
    _m(
        "quick_parry",
        "melee",
        R,
        {"weaponry": 2, "observe": 2},
        P_WPN,
        -2,
        -4,
        3442,
        relative=True,
        resolved=True,
    ),
    _m("shield_cover", "melee", A, {"weaponry": 2}, None, 0, 2, 3444, resolved=True),
    _m(
        "stop_charge", "melee", C, {"weaponry": 2}, P_WPN, -2, 0, 3446, relative=True, resolved=True
    ),
    _m(
        "thrust",
        "melee",
        A,
        {"weaponry": 2},
        P_WPN,
        -1,
        -1,
        3448,
        relative=True,
        against_evasion=-1,
        resolved=True,
    ),
    _m(
        "backstab",
        "melee",
        A,
        {"weaponry": 3, "observe": 2},
        "focus/weaponry",
        -1,
        2,
        3450,
        relative=True,
        extra_damage=1,
        damage_tn=1,
        resolved=True,
    ),
    _m(
        "careful_throw",
        "melee",
        A,
        {"weaponry": 3, "observe": 2},
        P_WPN,
        1,
        2,
        3452,
        relative=True,
        resolved=True,
    ),
    _ENGAGE,
    replace(_ENGAGE, name="disengage"),  # the seed's one row, "Engage/Disengage"
    _m("shield_bash", "melee", A, {"weaponry": 3}, P_WPN, 0, None, 3456, resolved=True),
    _m(
        "cobra_strike",
        "melee",
        A,
        {"weaponry": 4, "agility": 3},
        P_WPN,
        -1,
        None,
        3458,
        resolved=True,
    ),
    _m(
        "gut",
        "melee",
        A,
        {"weaponry": 4, "unarmed": 2},
        P_WPN,
        0,
        0,
        3460,
        relative=True,
        resolved=True,
    ),
    _m(
        "lunge",
        "melee",
        A,
        {"weaponry": 4, "agility": 3},
        P_WPN,
        -2,
        1,
        3462,
        relative=True,
        resolved=True,
    ),
    _m(
        "power_parry",
        "melee",
        R,
        {"weaponry": 4, "observe": 3},
        P_WPN,
        2,
        0,
        3464,
        relative=True,
        resolved=True,
    ),
    _m(
        "step_inside",
        "melee",
        C,
        {"weaponry": 4, "agility": 3},
        "awareness/weaponry",
        -1,
        6,
        3466,
        resolved=True,
    ),
    _m(
        "spin_slash",
        "melee",
        A,
        {"weaponry": 5, "strength": 3},
        P_WPN,
        -2,
        2,
        3468,
        relative=True,
        extra_damage=4,
        against_defence=1,
        resolved=True,
    ),
    _m(
        "disarm",
        "melee",
        A,
        {"weaponry": 5, "observe": 3},
        P_WPN,
        -2,
        2,
        3470,
        relative=True,
        resolved=True,
    ),
    _m(
        "engage_and_gut",
        "melee",
        A,
        {"weaponry": 5, "unarmed": 3},
        P_WPN,
        -1,
        None,
        3472,
        resolved=True,
    ),
    _m(
        "parry_riposte",
        "melee",
        C,
        {"weaponry": 5, "observe": 3},
        P_WPN,
        -2,
        None,
        3474,
        resolved=True,
    ),
    _m(
        "parry_projectile",
        "melee",
        R,
        {"weaponry": 6, "observe": 4},
        P_WPN,
        0,
        -4,
        3476,
        relative=True,
        resolved=True,
    ),
)

_UNARMED = (
    _m("strike", "unarmed", A, {}, P_UNA, 0, 6, 3562, damage="5x1 @5", size="S", resolved=True),
    _m(
        "kick",
        "unarmed",
        A,
        {"unarmed": 1, "agility": 2},
        P_UNA,
        0,
        7,
        3564,
        damage="4x1/1x3 @5",
        size="M",
        resolved=True,
    ),
    _m(
        "block",
        "unarmed",
        R,
        {"unarmed": 1, "observe": 2},
        P_UNA,
        0,
        5,
        3566,
        damage="5x1 @5",
        size="S",
        resolved=True,
    ),
    _m(
        "charge",
        "unarmed",
        A,
        {"unarmed": 1},
        P_UNA,
        -1,
        None,
        3568,
        against_evasion=2,
        resolved=True,
    ),
    _m("called_shot", "unarmed", A, {"unarmed": 2, "observe": 2}, P_UNA, 0, 2, 3570, resolved=True),
    _m(
        "elbow_strike",
        "unarmed",
        A,
        {"unarmed": 2},
        P_UNA,
        -2,
        5,
        3572,
        damage="5x1 @5",
        size="XS",
        resolved=True,
    ),
    _m(
        "grapple",
        "unarmed",
        AR,
        {"unarmed": 2, "strength": 2},
        P_UNA,
        0,
        8,
        3574,
        size="XS",
        resolved=True,  # fw-grapple
    ),
    _m(
        "knee_strike",
        "unarmed",
        A,
        {"unarmed": 2, "agility": 2},
        P_UNA,
        -2,
        6,
        3576,
        damage="4x1/1x3 @5",
        size="XS",
        resolved=True,
    ),
    _m(
        "quick_block",
        "unarmed",
        R,
        {"unarmed": 2, "observe": 2},
        P_UNA,
        -2,
        3,
        3578,
        damage="5x1 @5",
        size="S",
        resolved=True,
    ),
    _m(
        "slip",
        "unarmed",
        AR,
        {"unarmed": 2, "agility": 2},
        P_UNA,
        0,
        6,
        3580,
        size="XS",
        resolved=True,  # fw-grapple
    ),
    _m(
        "defensive_throw",
        "unarmed",
        C,
        {"unarmed": 3, "strength": 2},
        P_UNA,
        0,
        8,
        3582,
        resolved=True,  # fw-grapple
    ),
    _m(
        "headbutt",
        "unarmed",
        A,
        {"unarmed": 3, "stamina": 2},
        P_UNA,
        -2,
        5,
        3584,
        damage="5x1 @6",
        size="XS",
        resolved=True,  # fw-grapple
    ),
    _m(
        "leg_check",
        "unarmed",
        R,
        {"unarmed": 3, "agility": 2},
        P_UNA,
        -1,
        3,
        3586,
        damage="4x1/1x3 @5",
        size="M",
        resolved=True,
    ),
    # fw-grapple: the grapple family is resolved by rules/grappling.py, the rest by brawl.py
    _m(
        "sweep",
        "unarmed",
        A,
        {"unarmed": 3, "agility": 3},
        "focus/unarmed",
        0,
        8,
        3588,
        resolved=True,
    ),
    _m(
        "takedown",
        "unarmed",
        A,
        {"unarmed": 3, "strength": 3},
        P_UNA,
        0,
        10,
        3590,
        size="XS",
        resolved=True,
    ),
    _m(
        "throw",
        "unarmed",
        A,
        {"unarmed": 3, "strength": 4},
        "prowess/strength",
        0,
        11,
        3592,
        resolved=True,
    ),
    _m(
        "trip_kick",
        "unarmed",
        A,
        {"unarmed": 3, "agility": 1},
        P_UNA,
        0,
        8,
        3594,
        damage="4x1/1x3 @5",  # "executed as normal": a kick's
        size="M",
        resolved=True,
    ),
    _m(
        "catch_strike", "unarmed", C, {"unarmed": 4, "agility": 2}, P_UNA, 0, 7, 3596, resolved=True
    ),
    _m(
        "hold",
        "unarmed",
        AR,
        {"unarmed": 4, "observe": 3},
        "focus/unarmed",
        0,
        8,
        3598,
        resolved=True,
    ),
    _m(
        "martial_block",
        "unarmed",
        R,
        {"unarmed": 4, "stamina": 3},
        P_UNA,
        1,
        5,
        3600,
        damage="5x1 @5",
        size="S",
        resolved=True,
    ),
    _m(
        "martial_kick",
        "unarmed",
        A,
        {"unarmed": 4, "agility": 3},
        P_UNA,
        1,
        7,
        3602,
        damage="4x1/1x3 @5",
        size="M",
        resolved=True,
    ),
    _m(
        "martial_strike",
        "unarmed",
        A,
        {"unarmed": 4},
        P_UNA,
        1,
        6,
        3604,
        damage="5x1 @5",
        size="S",
        resolved=True,
    ),
    _m("sprawl", "unarmed", R, {"unarmed": 4, "agility": 2}, P_AGI, 2, 6, 3606, resolved=True),
    _m(
        "block_strike",
        "unarmed",
        C,
        {"unarmed": 5, "observe": 3},
        P_UNA,
        -2,
        8,
        3608,
        damage="5x1 @5",
        size="S",
        resolved=True,
    ),
    _m(
        "choke_hold",
        "unarmed",
        A,
        {"unarmed": 5, "observe": 3},
        "focus/unarmed",
        0,
        10,
        3610,
        resolved=True,  # fw-grapple
    ),
    _m(
        "disarm",
        "unarmed",
        A,
        {"unarmed": 5, "observe": 3},
        P_UNA,
        -1,
        8,
        3612,
        resolved=True,  # fw-grapple
    ),
    _m(
        "leap_kick",
        "unarmed",
        A,
        {"unarmed": 5, "agility": 4},
        P_AGI,
        -2,
        11,
        3614,
        damage="2x1/4x3 @6",
        size="M",
        resolved=True,  # fw-grapple
    ),
    _m(
        "lightning_strike",
        "unarmed",
        A,
        {"unarmed": 5, "agility": 3},
        P_UNA,
        -2,
        4,
        3616,
        damage="5x1 @5",
        size="S",
        against_defence=-1,
        resolved=True,
    ),
    _m(
        "spinning_kick",
        "unarmed",
        A,
        {"unarmed": 5, "agility": 3},
        P_UNA,
        -2,
        9,
        3618,
        damage="2x1/4x3 @6",
        size="M",
        resolved=True,
    ),
    _m(
        "unbalance",
        "unarmed",
        R,
        {"unarmed": 5, "observe": 3},
        P_UNA,
        -1,
        6,
        3620,
        size="S",
        resolved=True,
    ),
    _m(
        "block_projectile",
        "unarmed",
        R,
        {"unarmed": 6, "observe": 4},
        P_UNA,
        -2,
        5,
        3622,
        damage="5x1 @5",
        resolved=True,
    ),
    _m(
        "nerve_strike",
        "unarmed",
        A,
        {"unarmed": 6, "physick": 3},
        "focus/unarmed",
        -3,
        8,
        3624,
        damage="5x1 @5",
        size="S",
        resolved=True,  # fw-grapple
    ),
    _m(
        "power_strike",
        "unarmed",
        A,
        {"unarmed": 6},
        P_UNA,
        -2,
        8,
        3626,
        damage="2x1/4x3 @6",
        size="S",
        against_defence=1,
        resolved=True,
    ),
)

EVASIONS = {m.name: m for m in _EVASIONS}
MELEE = {m.name: m for m in _MELEE}
UNARMED = {m.name: m for m in _UNARMED}
TABLES: dict[Table, dict[str, Maneuver]] = {
    "evasion": EVASIONS,
    "melee": MELEE,
    "unarmed": UNARMED,
}

KICKS = frozenset({"kick", "knee_strike", "martial_kick", "spinning_kick", "leap_kick"})
"""Kicks for Block ("all strikes and kicks") and Leg Check ("anything but a leaping or
spinning kick"); a knee is "a faster, harder to defend kick"."""
UNBLOCKABLE = frozenset({"headbutt"})
"""Headbutt: "Cannot be blocked (can be evaded)"."""


def shortfall(maneuver: Maneuver, skills: object) -> int:
    """The requisite penalty: the largest gap between a requisite and the skill (L3271)."""
    gaps = [level - int(getattr(skills, skill)) for skill, level in maneuver.requisites]
    return max([0, *gaps])
