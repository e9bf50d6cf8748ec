"""Ranged combat (Dramatic Scenes, "Ranged Combat" L1539-1587 and the melee rules for shots
into a melee L1657-1659; Actions and Maneuvers, "Ranged Actions" L3325-3419 and "Take
Cover" L3233).

A shot is Prowess(Ranged), +1 die per step of the Ranged Combat Modifier Chart, and resolves
like a strike, through the same damage pipeline (rules/harm.py): 2 successes hit, net
successes promote the damage dice, Deflection and the Barrier of cover shot through demote
them, then energy shields, Absorb, Tough and the wound chart. Nothing reacts to a shot yet:
the Dodge is for "Melee/Fight attacks" only (gap 33), and the evasions against missiles
(Sidestep, Dodge Missile, the projectile blocks) are not played yet.

Dice order: the shooter's pool, then the damage dice (the strike's order); a stray hit rolls
its damage dice on the one it strays into.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import BARRIER_MAX, Aim, Reload, Shoot, TakeCover
from fracas.rulesets.fatewalker.events import (
    AimTaken,
    PostureSet,
    RoundsCounted,
    ShotTaken,
    Struck,
)
from fracas.rulesets.fatewalker.rules import arms, failure, harm, roll, shots, visibility
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, target_of, walker
from fracas.rulesets.fatewalker.sheet import Weapon
from fracas.rulesets.fatewalker.walker import Aiming, Walker

BAND_DICE = (1, 0, -2, -4)
"""Short +1, Medium -, Long -2, Extreme -4."""
SHOOT_REQUISITE = 1
MARKSMAN = 5
"""Marksman Shot: "Ranged: 5 || +1 || +2"."""
AIM_TICKS = 4
BASIC_AIM_TICKS = 6
AIM_REQUISITES = {"ranged": 2, "observe": 1}
BASIC_AIM_REQUISITES = {"ranged": 0, "observe": 1}
RELOAD_REQUISITES = {"ranged": 1}
QUICK_RELOAD_REQUISITES = {"ranged": 4, "agility": 3}
COVER_TICKS = {50: 3, 90: 4}


def shortfall(person: Walker, requisites: dict[str, int]) -> int:
    """ "a penalty equal to the difference ... If a skill requires two skills, take the
    higher penalty"."""
    return (
        max((need - getattr(person.skills, skill) for skill, need in requisites.items()), default=0)
        if requisites
        else 0
    )


# -- the chart ---------------------------------------------------------------------------------


def moving_rate(person: Walker) -> float:
    return person.motion.rate if person.motion is not None else 0.0


def target_moving_dice(metres_per_segment: float) -> int:
    """Target Moving 8+ -1, 14+ -2, 20+ -3, and -1 for each full 20 beyond 20 (gap 29)."""
    if metres_per_segment >= 20:
        return -3 - int((metres_per_segment - 20) // 20)
    if metres_per_segment >= 14:
        return -2
    return -1 if metres_per_segment >= 8 else 0


def in_melee(state: EncounterState, target: Walker) -> tuple[str, int] | None:
    """HOOK for fw-melee: whom `target` is in melee with and at which melee range (6 Long to
    1 Clinch). fw-shields: the range ladder answers (rules/pace.py)."""
    from fracas.rulesets.fatewalker.rules import pace  # fw-shields

    return pace.in_melee(state, target)


def band(state: EncounterState, shooter: Walker, target: Walker, weapon: Weapon) -> int | None:
    metres = shooter.distance3(target)
    seen = visibility.visible_range(state, shooter, target, options(state).visibility_mods)
    by_sight = visibility.sight_band(metres, seen)
    by_weapon = visibility.weapon_band(metres, weapon)
    if by_sight is None or by_weapon is None:
        return None
    return max(by_sight, by_weapon)


def announce_shot(
    tx: Transaction,
    shooter: Walker,
    target: Walker,
    weapon: Weapon,
    mods: list[tuple[str, int]],
) -> None:
    """Log a shot or a throw at a combatant before its roll: the distance, the band it flies
    in and every modifier, so the log explains the dice that follow (shots and thrown
    weapons alike; a blast aimed at a point logs its own)."""
    found = band(tx.state, shooter, target, weapon)
    assert found is not None  # verified: out of range or sight is refused
    tx.emit(
        ShotTaken(
            shooter=shooter.id,
            target=target.id,
            weapon=weapon.id,
            metres=round(shooter.distance3(target), 2),
            band=visibility.BANDS[found],
            modifiers=tuple(mods),
        )
    )


def modifiers(
    state: EncounterState,
    shooter: Walker,
    target: Walker,
    weapon: Weapon,
    action: Shoot,
    needs: dict[str, int] | None = None,
) -> list[tuple[str, int]]:
    """Every row of the chart that applies, with its dice, in the chart's order; then the
    melee rows, the requisite and the aim."""
    mods: list[tuple[str, int]] = []
    if shooter.prone:
        gun = weapon.launcher in ("firearm", "crossbow")
        mods.append(("attacker prone", 2 if gun else -2))
    above = shooter.z - target.z
    if above >= 10:
        mods.append(("very high ground", 2))
    elif above >= 3:
        mods.append(("high ground", 1))
    if shooter.cover:
        mods.append((f"attacker in {shooter.cover}% cover", 1 if shooter.cover == 50 else 2))
    if shooter.motion is not None and shooter.motion.mode in ("walk", "run"):
        mods.append(
            (f"attacker {shooter.motion.mode}ing", -1 if shooter.motion.mode == "walk" else -3)
        )
    found = band(state, shooter, target, weapon)
    assert found is not None
    if BAND_DICE[found]:
        mods.append((f"{visibility.BANDS[found]} range", BAND_DICE[found]))
    if target.motion is None and options(state).immobile == "stationary":
        mods.append(("target immobile", 1))
    metres = shooter.distance3(target)
    if target.prone and metres < 5:
        mods.append(("target prone, under 5 m", 2))
    elif target.prone and metres > 15:
        mods.append(("target prone, over 15 m", -1))
    pace = target_moving_dice(moving_rate(target))
    if pace:
        mods.append((f"target moving {moving_rate(target):g}", pace))
    if target.cover:
        heavy = target.cover == 90
        if action.cover == "around":
            mods.append((f"around {target.cover}% cover", -4 if heavy else -2))
        else:
            mods.append((f"through {target.cover}% cover", -2 if heavy else -1))
    if in_melee(state, target) is not None:
        mods.append(("target in melee", -1))
    from fracas.rulesets.fatewalker.rules import ground

    if ground.in_grapple(state, target):  # fw-grapple: L1658, "an additional -1"
        mods.append(("target in a grapple", -1))
    short = shortfall(shooter, needs or shots.requisites(action))  # fw-ranged: combined
    if short > 0:
        mods.append(("below the requisite", -short))
    if action.marksman:
        mods.append(("marksman shot", 1))
    mods += shots.modifiers(target, action)  # fw-ranged: called, vitals, bursts
    aim = ready_aim(state, shooter)
    if aim is not None:
        mods.append(("aim", shots.aim_bonus(action, aim.bonus)))  # fw-ranged: burst caps
    from fracas.rulesets.fatewalker.rules import pace as moving  # fw-shields

    return moving.ranged_rows(state, shooter, target, action, mods)  # fw-shields


def ready_aim(state: EncounterState, shooter: Walker) -> Aiming | None:
    """The aim still good: "The shoot action must immediately follow the aim", so the shot
    comes at the tick the aim led to; anything spent in between (a dodge) loses it."""
    aim = shooter.aim
    return aim if aim is not None and aim.ready == clock(state).tick else None


# -- shoot ---------------------------------------------------------------------------------------


def gun(person: Walker, weapon_id: str) -> Weapon:
    weapon = person.weapon(weapon_id)
    if weapon is None or weapon.ranges is None:
        guns = ", ".join(w.id for w in person.weapons if w.ranges is not None) or "none"
        raise IllegalAction(
            f"{person.id} has no ranged weapon {weapon_id!r} (one with ranges); it has: {guns}"
        )
    return weapon


def verify_shoot(state: EncounterState, action: Shoot) -> None:
    shooter = walker(state, action.actor)
    other = target_of(state, shooter.id, action.target, "shoot")
    weapon = gun(shooter, action.weapon)
    if weapon.magazine is not None and shooter.rounds_fired(weapon.id) >= weapon.magazine:
        raise IllegalAction(f"{shooter.id}'s {weapon.id} is empty: reload")
    arms.check_in_hand(shooter, weapon.id)  # fw-ranged: drawn weapons only
    shots.verify(weapon, action)  # fw-ranged: the maneuvers' combinations
    left = (weapon.magazine or 0) - shooter.rounds_fired(weapon.id)
    if weapon.magazine is not None and shots.rounds(action) > left:
        raise IllegalAction(
            f"a {action.burst} burst fires {shots.rounds(action)} rounds; {shooter.id}'s "
            f"{weapon.id} has {left} left: reload"
        )
    from fracas.rulesets.fatewalker.rules import missiles  # fw-shields

    missiles.refuse_shot(weapon)
    missiles.check_reaction(state, shooter.id, other.id, weapon, action.reaction)
    aimed = ready_aim(state, shooter)
    if action.marksman and aimed is not None:
        raise IllegalAction("a marksman shot is its own aim and takes no other aims")
    if band(state, shooter, other, weapon) is None:
        metres = shooter.distance3(other)
        seen = visibility.visible_range(state, shooter, other, options(state).visibility_mods)
        assert weapon.ranges is not None
        raise IllegalAction(
            f"{other.id} is {metres:.1f} m away: {weapon.id} reaches {2 * weapon.ranges[2]} m "
            f"(2 x Long) and {shooter.id} sees {10 * seen:.1f} m (10 x Visible Range {seen:.1f})"
        )


def resolve_shoot(tx: Transaction, action: Shoot) -> None:
    fire(tx, action)
    weapon = gun(walker(tx.state, action.actor), action.weapon)
    TIMELINE.spend(tx, action.actor, shots.ticks(weapon, action), shots.what(action))  # fw-ranged


def fire(
    tx: Transaction,
    action: Shoot,
    extra: list[tuple[str, int]] | None = None,
    needs: dict[str, int] | None = None,
    *,
    counted: bool = True,
) -> None:
    """One shot from roll to wound, its cost unpaid (fw-ranged: Twin Pistols fires two);
    `extra` are modifiers of the maneuver that fires it, `needs` its requisites; `counted`
    False fires no round of its own (fw-finish: covering fire's free shots)."""
    opts = options(tx.state)
    shooter = walker(tx.state, action.actor)
    target = walker(tx.state, action.target)
    weapon = gun(shooter, action.weapon)
    mods = modifiers(tx.state, shooter, target, weapon, action, needs) + (extra or [])
    announce_shot(tx, shooter, target, weapon, mods)
    if shooter.aim is not None:
        tx.emit(AimTaken(combatant=shooter.id, bonus=None))
    if weapon.magazine is not None and counted:
        fired = shooter.rounds_fired(weapon.id) + shots.rounds(action)  # fw-ranged: bursts
        tx.emit(RoundsCounted(combatant=shooter.id, weapon=weapon.id, fired=fired, why="shot"))
    dice = roll.pool(
        shooter.attributes.prowess,
        shooter.skills.ranged,
        bonus=sum(n for _, n in mods),
        wounds=shooter.wound_penalty,
        cap=opts.tn_cap,
    )
    stakes = roll.Stakes(offensive=True, against=target.id)  # fw-finish: theme powers
    successes = roll.roll(tx, shooter.id, f"shot with {weapon.id}", dice, opts, stakes=stakes)
    barrier = target.barrier if target.cover and action.cover == "through" else 0
    from fracas.rulesets.fatewalker.rules import handshield, missiles  # fw-shields

    barrier = max(barrier, handshield.barrier(target, weapon.type, action.cover == "around"))
    margin = failure.margin_of_failure(successes, dice.dice, opts.margin)
    if not missiles.answer(
        tx, shooter, target, weapon, successes, action.reaction, barrier, margin=margin
    ):
        promoted = harm.promotions(successes, opts)
        bonus = shots.damage_bonus(action)  # fw-ranged: "+N damage", the pipeline's step 7
        _land(
            tx, shooter, target, weapon, successes, promoted=promoted, barrier=barrier, bonus=bonus
        )
        stray(tx, shooter, target, weapon, margin)


def _land(
    tx: Transaction,
    shooter: Walker,
    target: Walker,
    weapon: Weapon,
    successes: int,
    *,
    promoted: int,
    barrier: int,
    bonus: int = 0,
) -> None:
    """A hit's dice are promoted `promoted` times and demoted by Deflection and the Barrier
    of cover shot through ("Barrier simply functions as Armor-Deflection"), as one shift
    (gap 8), then dealt like a strike's (rules/harm.py)."""
    opts = options(tx.state)
    hit = successes >= roll.HIT
    pool = weapon.pool
    if hit:
        pool = harm.against(target, pool, weapon.type, promoted, opts, barrier=barrier)
    tx.emit(
        Struck(
            attacker=shooter.id,
            target=target.id,
            weapon=weapon.id,
            successes=successes,
            reaction=None,
            defence=0,
            net=successes,
            hit=hit,
            pool=str(pool),
        )
    )
    if hit:
        harm.deal(
            tx,
            harm.Blow(target=target.id, pool=pool, by=shooter.id, stun=weapon.stun, bonus=bonus),
        )


def stray(tx: Transaction, shooter: Walker, target: Walker, weapon: Weapon, margin: int) -> None:
    """ "Ranged attacks against someone in melee combat which miss hit the other person if
    margin of failure is equal to current melee range": the stray is a hit with no net
    successes to promote, through no cover. `margin` is the attack roll's, read as option
    `margin` says (rules/failure.py); a roll that passed has none, so never strays."""
    fight = in_melee(tx.state, target)
    if margin == 0 or fight is None or margin != fight[1]:
        return
    other = walker(tx.state, fight[0])
    _land(tx, shooter, other, weapon, roll.HIT, promoted=0, barrier=0)


# -- aim, reload, cover --------------------------------------------------------------------------


def verify_aim(state: EncounterState, action: Aim) -> None:
    person = walker(state, action.actor)
    if not any(w.ranges is not None for w in person.weapons):
        raise IllegalAction(f"{person.id} has no ranged weapon to aim")
    held = ready_aim(state, person)
    if held is not None and (action.basic or held.basic):
        raise IllegalAction("a basic aim combines with no other aim")
    if held is not None and held.bonus >= person.skills.observe:
        raise IllegalAction(
            f"{person.id}'s aim is at +{held.bonus}, the most its Observe "
            f"{person.skills.observe} allows"
        )


def resolve_aim(tx: Transaction, action: Aim) -> None:
    """+1 a time (Aim, capped at Observe) or once (Basic Aim); a requisite's shortfall
    takes dice off the same shot. The aim is good for a shot at the aimer's next tick."""
    person = walker(tx.state, action.actor)
    held = ready_aim(tx.state, person)
    ticks = BASIC_AIM_TICKS if action.basic else AIM_TICKS
    needs = BASIC_AIM_REQUISITES if action.basic else AIM_REQUISITES
    bonus = (held.bonus if held else -max(0, shortfall(person, needs))) + 1
    TIMELINE.spend(tx, person.id, ticks, "basic aim" if action.basic else "aim")
    ready = clock(tx.state).next_tick(person.id)
    assert ready is not None
    tx.emit(AimTaken(combatant=person.id, bonus=bonus, ready=ready, basic=action.basic))


RELOAD_TABLE = {0: None, 1: 5, 2: 3, 3: 1}
"""Reload: 0 successes drop the magazine; 1, 2, 3 add 5, 3, 1 ticks; 4+ the base time."""


def reload_ticks(base: int, successes: int, quick: bool) -> int | None:
    """The reload's ticks after its roll, None when the load is dropped. Quick Reload: 1
    success +3, 2 normal, 3-4 -1, 5+ -2."""
    if successes <= 0:
        return None
    if quick:
        change = {1: 3, 2: 0, 3: -1, 4: -1}.get(successes, -2)
    else:
        change = RELOAD_TABLE.get(successes, 0) or 0
    return max(1, base + change)


def verify_reload(state: EncounterState, action: Reload) -> None:
    person = walker(state, action.actor)
    weapon = gun(person, action.weapon)
    if weapon.launcher == "thrown":
        raise IllegalAction(
            f"{weapon.id} are thrown weapons: those thrown are gone, and Reload replaces only "
            "a gun's or a bow's load (magazines, belts, boxes, shells, cells)"
        )
    if weapon.magazine is None:
        raise IllegalAction(f"{weapon.id} has no `magazine` on the sheet; nothing to reload")
    if person.rounds_fired(weapon.id) == 0:
        raise IllegalAction(f"{person.id}'s {weapon.id} is full")
    if not 0 <= action.extra <= 20:
        raise IllegalAction(f"extra is {action.extra} ticks; it must be 0-20")


def resolve_reload(tx: Transaction, action: Reload) -> None:
    """Focus(Agility) (Quick Reload at -1), +1 die for every 2 extra ticks taken; the
    requisite's shortfall is a penalty. A dropped load leaves the weapon as it was after
    the base time (and the extra)."""
    opts = options(tx.state)
    person = walker(tx.state, action.actor)
    weapon = gun(person, action.weapon)
    needs = QUICK_RELOAD_REQUISITES if action.quick else RELOAD_REQUISITES
    bonus = action.extra // 2 - max(0, shortfall(person, needs)) - (1 if action.quick else 0)
    dice = roll.pool(
        person.attributes.focus,
        person.skills.agility,
        bonus=bonus,
        wounds=person.wound_penalty,
        cap=opts.tn_cap,
    )
    what = "quick reload" if action.quick else "reload"
    successes = roll.roll(tx, person.id, what, dice, opts)
    ticks = reload_ticks(weapon.reload, successes, action.quick)
    if ticks is None:
        TIMELINE.spend(tx, person.id, weapon.reload + action.extra, f"{what}: the load is dropped")
        return
    tx.emit(RoundsCounted(combatant=person.id, weapon=weapon.id, fired=0, why=what))
    TIMELINE.spend(tx, person.id, ticks + action.extra, what)


def verify_cover(state: EncounterState, action: TakeCover) -> None:
    person = walker(state, action.actor)
    if person.motion is not None:
        raise IllegalAction(f"{person.id} is moving: stop first (cover must be within 2 m)")
    if not 0 <= action.barrier <= BARRIER_MAX:
        raise IllegalAction(
            f"barrier is {action.barrier}; the Barrier chart runs 1-10+ (0-{BARRIER_MAX})"
        )


def resolve_cover(tx: Transaction, action: TakeCover) -> None:
    """Take Cover, 3 ticks (50%) or 4 (90%); the cover is the GM's word (no map yet). It
    lasts until its taker moves."""
    person = walker(tx.state, action.actor)
    tx.emit(
        PostureSet(
            combatant=person.id, prone=person.prone, cover=action.cover, barrier=action.barrier
        )
    )
    TIMELINE.spend(tx, person.id, COVER_TICKS[action.cover], f"taking {action.cover}% cover")
