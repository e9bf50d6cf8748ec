"""Melee combat (Dramatic Scenes, "Melee Combat", "Melee Combat Range", "Unarmed vs Armed
Combat", L1614-1671) and the attack maneuvers of the melee and unarmed tables.

Every pair of combatants in a fight stands at a melee range on a ladder of six: Long (6),
Medium (5), Short (4), Contact (3), Grapple (2), Clinch (1). "Combat always begins at maximum
range" (gap 17: Long when either is armed, Medium, "the default unarmed combat range", when
neither is; option `start_range`). The range penalises attacks by the size of what strikes
("The penalties apply to all offensive maneuvers performed"), and evasions at the grappling
ranges. Only Engage/Disengage and Step Inside change it so far (grapples and takedowns wait).

`plan` is what the strike flow asks of this module: for a strike-like action, the maneuver's
row, the profile it strikes with (the weapon, or the unarmed maneuver's own damage), the
attack pool with every modifier, and the tick cost.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.rulesets.fatewalker.actions import UNARMED, CalledShot, Strike
from fracas.rulesets.fatewalker.rules import roll
from fracas.rulesets.fatewalker.rules.common import clock, options, walker
from fracas.rulesets.fatewalker.rules.damage import DamagePool
from fracas.rulesets.fatewalker.rules.maneuvers import MELEE, Maneuver, Size, shortfall
from fracas.rulesets.fatewalker.rules.maneuvers import UNARMED as UNARMED_TABLE
from fracas.rulesets.fatewalker.sheet import Weapon
from fracas.rulesets.fatewalker.walker import Walker

LONG, MEDIUM, SHORT, CONTACT, GRAPPLE, CLINCH = 6, 5, 4, 3, 2, 1
RANGE_NAMES = {
    LONG: "long",
    MEDIUM: "medium",
    SHORT: "short",
    CONTACT: "contact",
    GRAPPLE: "grapple",
    CLINCH: "clinch",
}
UNUSABLE = None
SIZE_PENALTY: dict[int, dict[Size, int | None]] = {
    LONG: {"S": -1, "XS": -2},
    MEDIUM: {},
    SHORT: {"XL": -2, "L": -1},
    CONTACT: {"XL": -4, "L": -2, "M": -1},
    GRAPPLE: {"XL": UNUSABLE, "L": -4, "M": -2, "S": -1},
    CLINCH: {"XL": UNUSABLE, "L": UNUSABLE, "M": -4, "S": -2},
}
"""The range chart (L1641-1653) by size class; a size missing from a row has no penalty."""
EVASION_PENALTY = {CONTACT: -1, GRAPPLE: -2, CLINCH: -3}
"""The chart's "Evasions: -1", "Evasion: -2", "Evasion: -3" (gap 17: applied to evasions)."""
UNARMED_AGAINST_ARMED = -2
"""L1671: "All defensive or counter maneuvers by unarmed combatants are at a flat -2 penalty
when performed against an armed attacker"."""
CALLED = {"limb": (-1, 0, 0), "vitals": (-3, 1, 1)}
"""Called Shot: "-1 for Limbs or small objects, -3 for Vitals/Face (Damage +1, TN: +1)":
(dice, damage, damage TN)."""
GUT_BONUS = {SHORT: 1, CONTACT: 2, GRAPPLE: 3, CLINCH: 3}
"""Gut: "+1 for Engage: 2, +2 for Engage: 3 or Grapple: 1, and + for Grapple: 2" with
Engage e = 6 - range and Grapple g = 4 - range; the missing number is read as +3 (gap 19),
and the clinch keeps it."""


def chart_modifier(
    *,
    attacker_prone: bool = False,
    attacker_running: bool = False,
    target_prone: bool = False,
    target_speed: float = 0.0,
    target_leaping: bool = False,
) -> int:
    """The melee modifier chart (L1617-1630; mis-titled "Ranged", gap 28). Target speed is
    metres per 6 ticks; "Every 20+ beyond 20" adds -1 for each full 20 past 20 (gap 29)."""
    total = -2 * attacker_prone - attacker_running + target_prone
    if target_speed >= 20 or target_leaping:
        total -= 2 + max(0, int(target_speed - 20) // 20)
    elif target_speed >= 14:
        total -= 1
    return total


def situation(state: EncounterState, attacker: Walker, target: Walker) -> int:
    """The chart for this pair as the state stands: the moving, running and charging rows
    (fw-shields, rules/pace.py) and the prone rows (fw-grapple, rules/ground.py)."""
    from fracas.rulesets.fatewalker.rules import ground, pace

    prone = chart_modifier(**ground.prone_rows(state, attacker, target))
    return prone + pace.melee_situation(state, attacker, target)


def is_armed(person: Walker) -> bool:
    return bool(person.weapons)


def melee_range(state: EncounterState, a: str, b: str) -> int:
    """The range between `a` and `b`: as last changed, else where "combat always begins"."""
    first = walker(state, a)
    for other, distance in first.ranges:
        if other == b:
            return distance
    if options(state).start_range == "long":
        return LONG
    return LONG if is_armed(first) or is_armed(walker(state, b)) else MEDIUM


def size_penalty(size: Size, distance: int) -> int | None:
    """Dice the range takes from an attack of this size; None where it is unusable."""
    return SIZE_PENALTY[distance].get(size, 0)


def range_label(distance: int) -> str:
    return f"{RANGE_NAMES[distance]} ({distance})"


@dataclass(frozen=True, slots=True)
class Plan:
    """One strike as a maneuver: what the strike flow rolls, deals and pays."""

    maneuver: Maneuver
    weapon: Weapon
    pool: roll.Pool
    damage: DamagePool
    ticks: int
    extra_damage: int
    reach: float


def maneuver_of(action: Strike, armed: bool) -> Maneuver:
    """The row an action names: `strike` is the melee Attack with a weapon in hand, the
    unarmed Strike without; `called_shot` follows the hand likewise."""
    if action.do in ("strike", "righteous_strike"):  # fw-finish: Righteous Strike strikes
        return MELEE["attack"] if armed else UNARMED_TABLE["strike"]
    if action.do == "called_shot":
        return MELEE["called_shot"] if armed else UNARMED_TABLE["strike"]
    return MELEE.get(action.do) or UNARMED_TABLE[action.do]


def profile(attacker: Walker, action: Strike, maneuver: Maneuver) -> Weapon | None:
    """What the maneuver strikes with: the weapon in hand for the melee table, the unarmed
    maneuver's own damage and size otherwise (the plain Strike keeps the `unarmed` id)."""
    from fracas.rulesets.fatewalker.rules.strike import weapon_of

    if maneuver.table == "melee" or action.weapon != UNARMED:
        return weapon_of(attacker, action.weapon)
    if maneuver.name == "strike":
        return weapon_of(attacker, UNARMED)
    assert maneuver.damage is not None and maneuver.size is not None
    return Weapon(
        id=maneuver.name,
        damage=maneuver.damage,
        size=maneuver.size,
        speed=maneuver.ticks or 6,
        reach=2.0,
    )


def check(state: EncounterState, action: Strike) -> None:
    """The maneuver's own refusals (the strike flow checks target, weapon and reach)."""
    own = own_plan(action.do)  # fw-shields: Shield Bash and Charge check themselves
    if own is not None:
        own[0](state, action)
        return
    attacker = walker(state, action.actor)
    armed = action.weapon != UNARMED
    maneuver = maneuver_of(action, armed)
    plain = ("strike", "called_shot", "righteous_strike")
    if maneuver.table == "melee" and not armed and action.do not in plain:
        raise IllegalAction(f"{action.do} needs a weapon in hand (weapon: one of its weapons)")
    if maneuver.table == "unarmed" and armed and action.do not in plain:
        raise IllegalAction(f"{action.do} is an unarmed maneuver; leave `weapon` out")
    weapon = profile(attacker, action, maneuver)
    if weapon is None:
        return  # the strike flow names the missing weapon
    if action.do in ("gut", "engage_and_gut") and weapon.size not in ("S", "XS"):  # fw-shields
        raise IllegalAction(f"{action.do} needs an S or XS weapon; {weapon.id} is {weapon.size}")
    distance = melee_range(state, attacker.id, action.target)
    if size_penalty(weapon.size, distance) is UNUSABLE:
        raise IllegalAction(
            f"{weapon.id} ({weapon.size}) cannot be used at {range_label(distance)} range"
        )
    from fracas.rulesets.fatewalker.rules import brawl

    brawl.check(state, action)  # fw-grapple: headbutt, trip kick, leap kick
    if action.do == "backstab":
        target = walker(state, action.target)
        if clock(state).next_tick(target.id) is not None:
            raise IllegalAction(
                f"backstab needs a target completely unaware of the attacker; {target.id} is "
                "aware of the fight"
            )
        from fracas.rulesets.fatewalker.rules.senses import in_front  # fw-finish

        attacker_at = walker(state, action.actor)
        if target.facing is not None and in_front(target, attacker_at.x, attacker_at.y):
            raise IllegalAction(
                f"backstab needs the attacker behind {target.id}, outside the 270 degrees it "
                f"faces ({target.facing:g} degrees)"
            )


def plan(state: EncounterState, action: Strike) -> Plan:
    own = own_plan(action.do)  # fw-shields: Shield Bash and Charge plan themselves
    if own is not None:
        return own[1](state, action)
    attacker = walker(state, action.actor)
    target = walker(state, action.target)
    maneuver = maneuver_of(action, action.weapon != UNARMED)
    weapon = profile(attacker, action, maneuver)
    assert weapon is not None
    distance = melee_range(state, attacker.id, target.id)
    bonus = maneuver.bonus - shortfall(maneuver, attacker.skills)
    bonus += size_penalty(weapon.size, distance) or 0
    bonus += situation(state, attacker, target)
    bonus -= 1 if "faterunner_iv" in target.powers else 0  # fw-ranged: Faterunner IV
    damage = weapon.pool
    extra = maneuver.extra_damage
    tn_up = maneuver.damage_tn
    if isinstance(action, CalledShot):
        dice, more, up = CALLED[action.aim]
        bonus, extra, tn_up = bonus + dice, extra + more, tn_up + up
    if action.do in ("gut", "engage_and_gut"):  # fw-shields: Engage and Gut guts too
        bonus += GUT_BONUS.get(distance, 0)
    from fracas.rulesets.fatewalker.rules import brawl

    more_dice, more_damage, more_reach = brawl.adjust(state, action, attacker)  # fw-grapple
    bonus, extra = bonus + more_dice, extra + more_damage
    if tn_up:
        damage = dataclasses.replace(damage, tn=min(10, damage.tn + tn_up))
    dice = getattr(attacker.attributes, maneuver.attribute or "prowess")
    skill = getattr(attacker.skills, maneuver.skill or "weaponry")
    pool = roll.pool(
        dice, skill, bonus=bonus, wounds=attacker.wound_penalty, cap=options(state).tn_cap
    )
    reach = weapon.reach + more_reach
    if action.do == "lunge":
        reach += attacker.attributes.speed / 2  # "covers up to Speed/2 meters + Weapon Length"
    return Plan(maneuver, weapon, pool, damage, tick_cost(maneuver, weapon), extra, reach)


def tick_cost(maneuver: Maneuver, weapon: Weapon) -> int:
    """The row's cost: absolute, or an offset from the weapon's speed; at least 1 tick.
    Parry/Riposte is "Parry + Strike: -2", Block/Strike "Block + Strike: -3" (8)."""
    if maneuver.name == "parry_riposte":
        cost = (weapon.speed - 2) + weapon.speed - 2
    elif maneuver.relative:
        cost = weapon.speed + (maneuver.ticks or 0)
    else:
        cost = maneuver.ticks or weapon.speed
    return max(1, cost)


def expected(pool: roll.Pool) -> float:
    """A pool's expected successes (a TN of n succeeds on n faces of 10): rough odds for the
    deciders and tactics."""
    return (pool.full * pool.tn + pool.wounded * pool.wounded_tn) / 10


# -- fw-shields: maneuvers that plan themselves (rules/handshield.py, rules/charge.py) ---------


Checker = Callable[[EncounterState, Strike], None]
Planner = Callable[[EncounterState, Strike], Plan]


def own_plan(do: str) -> tuple[Checker, Planner] | None:
    """The refusals and the plan of a maneuver that does not strike with a weapon of the
    sheet as the others do: Shield Bash (the shield) and Charge (armed or not)."""
    if do not in ("shield_bash", "charge"):
        return None
    from fracas.rulesets.fatewalker.rules import charge, handshield

    if do == "shield_bash":
        return handshield.check_bash, handshield.plan_bash
    return charge.check, charge.plan
