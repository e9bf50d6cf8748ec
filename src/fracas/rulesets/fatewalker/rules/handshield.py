"""The hand-held shield's maneuvers (the melee table: Shield Block L3434/L3489, Shield Cover
L3444/L3504, Shield Bash L3456/L3522).

- **Shield Block** (a reaction, "Weaponry: 1, per shield"): "Add the shield's Deflection +
  Absorb as bonus to the maneuver. Use the shield's block value and block speed to resolve
  the parry." It is a parry: Prowess(Weaponry) plus the shield's Deflection against the
  blow's damage type and its Absorb; 2 successes stop the blow and the shield's `block`
  damage cancels the blow's (gap 7, as every parry); it costs the shield's `speed`.
- **Shield Bash** (an action, "Weaponry: 3, per shield", cost "Special"): "It suffers offhand
  penalties, but otherwise use the shield's stats for the maneuver. Shield bashes cannot be
  parried (though they can be shield blocked)." The shield strikes with its `block` damage,
  its `size` on the range ladder and its `speed` as the cost, at the offhand penalty (option
  `shield_offhand`: the seed gives no number).
- **Shield Cover** (an action, 2/3 ticks): "Depending on the size of the shield the cover can
  be either 50/90% (or both). The barrier value of the shield is equal to Deflection +
  Absorb. Shield cover can be maintained while moving but any actions suffer an additional
  -2 ... The shield cannot be used for any other actions while maintaining cover ... nor does
  it count towards the character's armor". A shield of `cover: 90` gives 90% or 50%, one of
  `cover: 50` gives 50%. Shots meet it as they meet cover taken (around -2/-4, through -1/-2
  and the Barrier), its Barrier being the shield's Deflection for the shot's damage type plus
  its Absorb. It lasts until lowered (`cover: 0`, 1 tick: ours, the seed gives no cost).

"Per shield" requisites: the seed has no shield table (gap 27), so only the Weaponry
requisite is checked.

Dice order: as a parry's (the attack, the shield block, the block's damage, the attack's
damage); a bash as a strike's.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import ShieldCover, Strike
from fracas.rulesets.fatewalker.events import ShieldCovered
from fracas.rulesets.fatewalker.rules import melee, roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, options, walker
from fracas.rulesets.fatewalker.rules.maneuvers import MELEE, shortfall
from fracas.rulesets.fatewalker.sheet import DamageType, HandShield, Weapon
from fracas.rulesets.fatewalker.walker import Walker

COVER_TICKS = {50: 2, 90: 3}
"""Shield Cover "2/3": 2 ticks for 50%, 3 for 90%."""
LOWER_TICKS = 1
"""Lowering the shield: the seed gives no cost; ours, Drop Object's 1."""
MOVING_PENALTY = -2
"""Shield Cover while moving: "any actions suffer an additional -2"."""
BASH_REACH = 2.0
"""A shield reaches as far as an arm: the unarmed Strike's 2 m (ours)."""


def shield_of(person: Walker, what: str) -> HandShield:
    """The shield a maneuver needs, refused when there is none, it has no `block`, or it is
    held as cover ("cannot both get shield cover bonuses AND use it to block or bash")."""
    shield = person.shield
    if shield is None:
        raise IllegalAction(f"{person.id} cannot {what}: it has no hand-held shield (`shield`)")
    if shield.block is None:
        raise IllegalAction(
            f"{person.id} cannot {what}: its shield {shield.id} has no `block` damage on the "
            "sheet (say `block: 4x1`, say)"
        )
    if person.shield_cover:
        raise IllegalAction(
            f"{person.id} cannot {what}: its shield is held as cover (lower it with "
            "shield_cover {cover: 0})"
        )
    return shield


def as_weapon(shield: HandShield) -> Weapon:
    """The shield as what strikes or blocks: its block damage, size and speed."""
    assert shield.block is not None
    return Weapon(
        id=shield.id, damage=shield.block, size=shield.size, speed=shield.speed, reach=BASH_REACH
    )


def block_bonus(shield: HandShield, kind: DamageType) -> int:
    """ "Add the shield's Deflection + Absorb as bonus to the maneuver"."""
    return int(getattr(shield.deflection, kind)) + shield.absorb


def counts_as_armor(person: Walker) -> bool:
    """A shield held as cover "does [not] count towards the character's armor"."""
    return not person.shield_cover


def moving_penalty(person: Walker) -> int:
    """-2 to a shield-coverer's actions while it moves."""
    return MOVING_PENALTY if person.shield_cover and person.motion is not None else 0


# -- Shield Bash --------------------------------------------------------------------------------


def check_bash(state: EncounterState, action: Strike) -> None:
    attacker = walker(state, action.actor)
    weapon = as_weapon(shield_of(attacker, "shield_bash"))
    distance = melee.melee_range(state, attacker.id, action.target)
    if melee.size_penalty(weapon.size, distance) is melee.UNUSABLE:
        raise IllegalAction(
            f"{weapon.id} ({weapon.size}) cannot be used at {melee.range_label(distance)} range"
        )


def plan_bash(state: EncounterState, action: Strike) -> melee.Plan:
    """Prowess(Weaponry) with the shield's stats, at the offhand penalty."""
    attacker = walker(state, action.actor)
    target = walker(state, action.target)
    shield = attacker.shield
    assert shield is not None and shield.block is not None
    weapon = as_weapon(shield)
    row = MELEE["shield_bash"]
    distance = melee.melee_range(state, attacker.id, target.id)
    bonus = row.bonus - shortfall(row, attacker.skills) - options(state).shield_offhand
    bonus += (melee.size_penalty(weapon.size, distance) or 0) + melee.situation(
        state, attacker, target
    )
    pool = roll.pool(
        attacker.attributes.prowess,
        attacker.skills.weaponry,
        bonus=bonus,
        wounds=attacker.wound_penalty,
        cap=options(state).tn_cap,
    )
    return melee.Plan(row, weapon, pool, weapon.pool, weapon.speed, 0, weapon.reach)


# -- Shield Block (the reaction; rules/reactions.py rolls it) ------------------------------------


def block_pool(state: EncounterState, defender: Walker, kind: DamageType, bonus: int) -> roll.Pool:
    """Prowess(Weaponry) + Deflection + Absorb, with what the attack gives its defences."""
    shield = defender.shield
    assert shield is not None
    row = MELEE["shield_block"]
    total = bonus + row.bonus - shortfall(row, defender.skills) + block_bonus(shield, kind)
    return roll.pool(
        defender.attributes.prowess,
        defender.skills.weaponry,
        bonus=total,
        wounds=defender.wound_penalty,
        cap=options(state).tn_cap,
    )


# -- Shield Cover -------------------------------------------------------------------------------


def verify_cover(state: EncounterState, action: ShieldCover) -> None:
    person = walker(state, action.actor)
    if person.shield is None:
        raise IllegalAction(f"{person.id} has no hand-held shield (`shield`) to take cover behind")
    if action.cover == 0:
        if not person.shield_cover:
            raise IllegalAction(f"{person.id}'s shield is not held as cover")
        return
    if action.cover > person.shield.cover:
        raise IllegalAction(
            f"{person.id}'s shield {person.shield.id} gives {person.shield.cover}% cover at most"
        )
    if person.shield_cover == action.cover:
        raise IllegalAction(f"{person.id} holds {action.cover}% shield cover already")


def resolve_cover(tx: Transaction, action: ShieldCover) -> None:
    tx.emit(ShieldCovered(combatant=action.actor, cover=action.cover))
    ticks = COVER_TICKS.get(action.cover, LOWER_TICKS)
    what = f"{action.cover}% shield cover" if action.cover else "lowering the shield"
    TIMELINE.spend(tx, action.actor, ticks, what)


def shot_rows(target: Walker, around: bool) -> list[tuple[str, int]]:
    """The ranged chart's cover rows for a shield held as cover (when no better cover is
    taken): around it -2/-4, through it -1/-2."""
    cover = target.shield_cover
    if not cover or target.cover >= cover:
        return []
    heavy = cover == 90
    if around:
        return [(f"around {cover}% shield cover", -4 if heavy else -2)]
    return [(f"through {cover}% shield cover", -2 if heavy else -1)]


def barrier(target: Walker, kind: DamageType, around: bool) -> int:
    """The Barrier a shot through the shield meets: "Deflection + Absorb" (the shot's type)."""
    shield = target.shield
    if around or shield is None or not target.shield_cover or target.cover >= target.shield_cover:
        return 0
    return block_bonus(shield, kind)
