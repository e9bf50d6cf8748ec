"""Thrown weapons and the defences against missiles (the melee table's Throw L3430, Careful
Throw L3452/L3516, Cobra Strike L3458/L3525, Parry Projectile L3476/L3552; the unarmed
table's Block Projectile L3622/L3724; the Evasions' Sidestep L3306 and Dodge Missile L3324).

"Melee maneuver require a weapon to be in hand. This includes maneuver for thrown weapons as
well." A throw is Prowess(Weaponry) with a weapon of `launcher: thrown` and `ranges`, and it
flies like a shot: the ranged chart entire (bands, prone, moving, cover, in melee; not aims,
which are for "any subsequent shoot action"; Careful Throw is "the equivalent of an aimed
throw"), the same landing and strays into a melee, the one damage pipeline (rules/harm.py).

- **Throw**: the weapon's speed; **Careful Throw** (Weaponry 3, Observe 2): +1, speed + 2;
  **Cobra Strike** (Weaponry 4, Agility 3): -1, "Ready + Weapon: -2", "Cannot make the attack
  faster than the base weapon speed (but can reduce the ready weapon cost to 0)": the speed
  plus the Ready/Draw time of the weapon's size (XS 2 ... XL 6) less 2, never below the
  speed. Nothing is drawn yet (no draw state), so the Cobra Strike is its cost and roll.
- A thrown weapon with `magazine: n` is n of them: each throw spends one, and one with none
  left cannot throw (they are picked up after the fight; Reload refuses thrown weapons, as
  fetching them is Pickup Object's work). Without a magazine nothing is counted.

**Missile defences**, the target's `reaction` to a throw or a shot (gap 33: the Dodge is for
"Melee/Fight attacks" only). The kind of missile comes from the weapon: `thrown`, a `bow`'s
arrows, a `crossbow`'s bolts, a `firearm`'s bullets, or lasers for a firearm dealing energy.

| defence | roll, ticks | thrown | arrows | bolts | bullets | lasers |
|---|---|---|---|---|---|---|
| sidestep | Prowess(Agility), 5 | -3 | - | - | - | - |
| dodge_missile | Awareness(Agility), 5 | 0 | -2 | -4 | -4 | -6 |
| parry_projectile | Prowess(Weaponry), speed - 4 | -2 | -4 | -4 | -5 | -5 |
| block_projectile | Prowess(Unarmed) -2, 5 | 0 | -2 | - | - | - |

("-": refused.) The evasions cancel successes, the defender winning ties (option
`dodge_tie`); a projectile parry or block is "resolved as an Attack": 2 successes stop the
missile, and the parry's weapon (the block's 5x1 @5) cancels its damage (gap 7). Unarmed
blocks against a weapon take no further -2 here: the row prices the projectile itself.

Dice order: the thrower's (shooter's) pool, the defence's, a stopping parry's damage, the
missile's damage.
"""

from __future__ import annotations

import dataclasses

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import Shoot, Throw
from fracas.rulesets.fatewalker.events import ReactionTaken, RoundsCounted, Struck
from fracas.rulesets.fatewalker.rules import defence, failure, harm, ranged, roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, target_of, walker
from fracas.rulesets.fatewalker.rules.maneuvers import EVASIONS, MELEE, Maneuver, shortfall
from fracas.rulesets.fatewalker.rules.maneuvers import UNARMED as UNARMED_TABLE
from fracas.rulesets.fatewalker.rules.reactions import (
    footwork_dice,
    parried,
    row_pool,
    spend_footwork,
)
from fracas.rulesets.fatewalker.sheet import Weapon
from fracas.rulesets.fatewalker.walker import Walker

READY_TICKS = {"XS": 2, "S": 3, "M": 4, "L": 5, "XL": 6}
"""Ready/Draw Weapon by size (L3255-3259)."""
CAREFUL_TICKS = 2
KINDS = ("thrown", "arrow", "bolt", "bullet", "laser")
DEFENCE_DICE: dict[str, dict[str, int]] = {
    "sidestep": {"thrown": -3},
    "dodge_missile": {"thrown": 0, "arrow": -2, "bolt": -4, "bullet": -4, "laser": -6},
    "parry_projectile": {"thrown": -2, "arrow": -4, "bolt": -4, "bullet": -5, "laser": -5},
    "block_projectile": {"thrown": 0, "arrow": -2},
}
"""Sidestep "can be used against thrown weapons with a -3"; Dodge Missile "No penalty for
thrown weapons, -2 for arrows, -4 for bullets/bolts, -6 for Lasers/Photons"; Parry Projectile
"-2 for thrown weapons, -4 for arrows/bolts, -5 for bullets/lasers"; Block Projectile blocks
"thrown projectiles or even arrows ... an additional -2"."""
DROPPED_ROWS = ("below the requisite", "aim")
"""The ranged chart's rows a throw does not take: the Ranged requisite, and aims."""


def kind(weapon: Weapon) -> str:
    if weapon.launcher == "thrown":
        return "thrown"
    if weapon.launcher == "bow":
        return "arrow"
    if weapon.launcher == "crossbow":
        return "bolt"
    return "laser" if weapon.type == "energy" else "bullet"


def _row(action: Throw) -> Maneuver:
    if action.cobra:
        return MELEE["cobra_strike"]
    return MELEE["careful_throw"] if action.careful else MELEE["throw"]


def _thrown(person: Walker, weapon_id: str) -> Weapon:
    weapon = person.weapon(weapon_id)
    if weapon is None or weapon.ranges is None or weapon.launcher != "thrown":
        names = [w.id for w in person.weapons if w.launcher == "thrown" and w.ranges is not None]
        raise IllegalAction(
            f"{person.id} has no thrown weapon {weapon_id!r} (one with `launcher: thrown` and "
            f"`ranges`); it has: {', '.join(names) or 'none'}"
        )
    return weapon


def ticks(action: Throw, weapon: Weapon) -> int:
    if action.cobra:
        return max(weapon.speed, weapon.speed + READY_TICKS[weapon.size] - 2)
    return weapon.speed + (CAREFUL_TICKS if action.careful else 0)


def verify_throw(state: EncounterState, action: Throw) -> None:
    thrower = walker(state, action.actor)
    target = target_of(state, thrower.id, action.target, "throw at")
    weapon = _thrown(thrower, action.weapon)
    if weapon.blast is not None:  # fw-finish: an explosive hits an area (rules/blast.py)
        raise IllegalAction(f"{weapon.id} is an explosive: throw_explosive it")
    if action.careful and action.cobra:
        raise IllegalAction("a throw is careful or a cobra strike, not both")
    if weapon.magazine is not None and thrower.rounds_fired(weapon.id) >= weapon.magazine:
        raise IllegalAction(f"{thrower.id} has thrown every {weapon.id} it had")
    if ranged.band(state, thrower, target, weapon) is None:
        assert weapon.ranges is not None
        raise IllegalAction(
            f"{target.id} is {thrower.distance3(target):.1f} m away: {weapon.id} flies "
            f"{2 * weapon.ranges[2]} m (2 x Long) at most, within sight"
        )
    check_reaction(state, thrower.id, target.id, weapon, action.reaction)


def refuse_shot(weapon: Weapon) -> None:
    """A thrown weapon is thrown (the melee table's Throw, Prowess(Weaponry)), not shot."""
    if weapon.launcher == "thrown":
        raise IllegalAction(
            f"{weapon.id} is a thrown weapon: throw it (do: throw, Prowess(Weaponry))"
        )


def check_reaction(
    state: EncounterState, attacker: str, target: str, weapon: Weapon, reaction: str | None
) -> None:
    """Refuse a missile defence the target cannot make against this missile."""
    if reaction in (None, "none"):
        return
    from fracas.rulesets.fatewalker.rules.strike import may_react

    assert reaction is not None
    why_not = may_react(state, attacker, target)
    if why_not is not None:
        raise IllegalAction(f"{target} cannot {reaction}: {why_not}")
    missile = kind(weapon)
    if missile not in DEFENCE_DICE[reaction]:
        allowed = ", ".join(DEFENCE_DICE[reaction])
        raise IllegalAction(f"{reaction} cannot answer {missile}s; it answers: {allowed}")
    if reaction == "parry_projectile" and defence.in_hand(walker(state, target)) is None:
        raise IllegalAction(f"{target} cannot parry_projectile: it has no weapon in hand")


def resolve_throw(tx: Transaction, action: Throw) -> None:
    opts = options(tx.state)
    thrower = walker(tx.state, action.actor)
    target = walker(tx.state, action.target)
    weapon = _thrown(thrower, action.weapon)
    as_shot = Shoot(actor=action.actor, target=action.target, weapon=weapon.id, cover=action.cover)
    mods = [m for m in ranged.modifiers(tx.state, thrower, target, weapon, as_shot)]
    mods = [m for m in mods if m[0] not in DROPPED_ROWS]
    row = _row(action)
    short = shortfall(row, thrower.skills)
    if short:
        mods.append(("below the requisite", -short))
    if row.bonus:
        mods.append((row.name.replace("_", " "), row.bonus))
    ranged.announce_shot(tx, thrower, target, weapon, mods)
    what = f"{row.name.replace('_', ' ')} with {weapon.id}"
    stakes = roll.Stakes(offensive=True, against=target.id)  # fw-finish: theme powers
    successes, margin = thrown_roll(tx, thrower, weapon, mods, what, stakes)
    from fracas.rulesets.fatewalker.rules import handshield

    barrier = target.barrier if target.cover and action.cover == "through" else 0
    barrier = max(barrier, handshield.barrier(target, weapon.type, action.cover == "around"))
    if not answer(tx, thrower, target, weapon, successes, action.reaction, barrier, margin=margin):
        promoted = harm.promotions(successes, opts)
        ranged._land(tx, thrower, target, weapon, successes, promoted=promoted, barrier=barrier)
        ranged.stray(tx, thrower, target, weapon, margin)
    TIMELINE.spend(tx, thrower.id, ticks(action, weapon), row.name.replace("_", " "))


def thrown_roll(
    tx: Transaction,
    thrower: Walker,
    weapon: Weapon,
    mods: list[tuple[str, int]],
    what: str,
    stakes: roll.Stakes | None,
) -> tuple[int, int]:
    """One of a counted stock is thrown, then Prowess(Weaponry) with `mods` is rolled (a
    throw, fw-shields, or an explosive's, fw-finish): its successes and its margin of
    failure (option `margin`, rules/failure.py)."""
    if weapon.magazine is not None:
        thrown = thrower.rounds_fired(weapon.id) + 1
        tx.emit(RoundsCounted(combatant=thrower.id, weapon=weapon.id, fired=thrown, why="thrown"))
    opts = options(tx.state)
    dice = roll.pool(
        thrower.attributes.prowess,
        thrower.skills.weaponry,
        bonus=sum(n for _, n in mods),
        wounds=thrower.wound_penalty,
        cap=opts.tn_cap,
    )
    successes = roll.roll(tx, thrower.id, what, dice, opts, stakes=stakes)
    return successes, failure.margin_of_failure(successes, dice.dice, opts.margin)


def answer(
    tx: Transaction,
    attacker: Walker,
    target: Walker,
    weapon: Weapon,
    successes: int,
    reaction: str | None,
    barrier: int,
    *,
    margin: int,
) -> bool:
    """Roll the target's missile defence and land what is left of the missile; False when
    there is no defence (the caller lands it as it is). `margin` is the attack roll's margin
    of failure, for a miss that strays."""
    if reaction in (None, "none"):
        return False
    assert reaction is not None
    if defence.reacted_elsewhere(tx.state, attacker.id, target.id) is not None:
        return False  # its one reaction to this simultaneous group is spent (L1431)
    group = defence.group_now(tx.state)
    if attacker.id in group and target.id not in group:
        tx.emit(ReactionTaken(combatant=target.id, tick=clock(tx.state).tick, group=group))
    opts = options(tx.state)
    pool, cost, stopper = _defence(tx.state, target, weapon, reaction)
    guard = roll.Stakes(offensive=False, against=attacker.id)  # fw-finish: theme powers
    got = roll.roll(tx, target.id, reaction.replace("_", " "), pool, opts, stakes=guard)
    spend_footwork(tx, target, footwork_dice(tx.state, target))
    TIMELINE.spend(tx, target.id, cost, reaction.replace("_", " "))
    cancelled = 0
    if stopper is None:
        net = successes - got
        wins = net > 0 if opts.dodge_tie == "defender" else net >= 0
        hit = successes >= roll.HIT and wins
    else:
        stops = parried(tx, target.id, attacker.id, reaction, got, str(stopper.pool))
        net = successes - (got if opts.parry == "successes" else 0)
        hit = successes >= roll.HIT and net >= 0
        outcome = defence.Outcome(reaction, stop=stopper.pool if stops else None)
        if hit:
            cancelled = defence.stopped_damage(tx, target.id, outcome)
    pool_dealt = weapon.pool
    if hit:
        promoted = harm.promotions(max(0, net), opts)
        pool_dealt = harm.against(target, weapon.pool, weapon.type, promoted, opts, barrier=barrier)
    tx.emit(
        Struck(
            attacker=attacker.id,
            target=target.id,
            weapon=weapon.id,
            successes=successes,
            reaction=reaction,
            defence=got,
            net=net,
            hit=hit,
            pool=str(pool_dealt),
        )
    )
    if hit:
        blow = harm.Blow(target=target.id, pool=pool_dealt, by=attacker.id, stun=weapon.stun)
        harm.deal(tx, dataclasses.replace(blow, cancelled=cancelled))
    else:
        ranged.stray(tx, attacker, target, weapon, margin)
    return True


def _defence(
    state: EncounterState, target: Walker, weapon: Weapon, reaction: str
) -> tuple[roll.Pool, int, Weapon | None]:
    """The defence's pool, its cost, and what a parry or block cancels with (None for an
    evasion)."""
    missile = kind(weapon)
    stopper: Weapon | None = None
    if reaction in ("sidestep", "dodge_missile"):
        row = EVASIONS[reaction]
        cost = row.ticks or 5
    elif reaction == "parry_projectile":
        row = MELEE[reaction]
        stopper = defence.in_hand(target)
        assert stopper is not None
        cost = max(1, stopper.speed + (row.ticks or 0))
    else:
        row = UNARMED_TABLE[reaction]
        cost = row.ticks or 5
        assert row.damage is not None
        stopper = Weapon(id=reaction, damage=row.damage, size="S", speed=cost)
    bonus = DEFENCE_DICE[reaction][missile] + footwork_dice(state, target)
    return row_pool(state, target, row, bonus), cost, stopper
