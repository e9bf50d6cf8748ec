"""Explosives and Evade AoE (Actions and Maneuvers: the melee table's Throw and Careful
Throw, L3430/L3452; Evasions' Evade AoE, L3280/L3303).

"Evade AoE ... Every success increases distance between the point of impact and the
character by one meter. Can automatically gain +2 meters by going prone as part of the
action (the action takes one more tick). Useful only for dodging grenades and other
explosives, AoE attacks from projectile weapons cannot usually be dodged." The seed gives no
explosive: no radius, no damage, no fall-off. So an explosive is sheet data, a thrown weapon
with `blast: {radius, falloff}`, and the rest is our reading (docs/rulesets/fatewalker.md):

- **The throw** (`throw_explosive`) is the melee table's Throw (Careful Throw with
  `careful`), Prowess(Weaponry), at a combatant or a point: the thrower's rows of the ranged
  chart (prone -2, high ground, its own cover, walking -1, running -3) and the band of the
  distance (weapon bands; at a combatant, the worse of weapon and eyesight as for any shot).
  The target's rows (moving, cover, prone) are not taken: the bomb goes to the ground there.
- **Where it lands**: with the 2 successes a hit needs, at the point aimed at; short of them,
  the margin of failure (2 - successes, gap 12) in metres short, along the line of the
  throw (the seed's one distance measured by a margin of failure is the fumbled quick-draw's
  "(margin of failure) meters away").
- **Who is caught**: everyone standing within `radius` metres of where it lands, friend,
  foe or thrower. Each may answer with Evade AoE (one reaction per simultaneous group, and
  not a simultaneous actor: the general rules), Prowess(Agility) with the requisite's
  shortfall (Agility 2) and footwork dice, 7 ticks (8 going prone, which leaves it prone):
  it is moved that many metres straight away from the point (away from the thrower if it
  stands on it). Dice order: the throw, each evader's roll in listing order, then each
  caught one's damage in listing order.
- **Damage**: the weapon's pool, demoted one die per full `falloff` metres from the point
  (`falloff: 0`, none), then against each one's Deflection for the damage type, through the
  one pipeline (rules/harm.py; Absorb, energy shields, Tough). The throw's successes do not
  promote it (option `blast_promotions: net` promotes by the throw's successes beyond the 2
  it needs, as a hit's). Someone carried beyond the radius by Evade AoE takes nothing.
"""

from __future__ import annotations

import math

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import ThrowExplosive
from fracas.rulesets.fatewalker.events import (
    Moved,
    PostureSet,
    ReactionTaken,
    ShotTaken,
    Struck,
)
from fracas.rulesets.fatewalker.finish_events import BlastLanded
from fracas.rulesets.fatewalker.rules import (
    arms,
    defence,
    harm,
    missiles,
    ranged,
    roll,
    visibility,
)
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, walker
from fracas.rulesets.fatewalker.rules.maneuvers import EVASIONS, MELEE, shortfall
from fracas.rulesets.fatewalker.rules.melee import expected
from fracas.rulesets.fatewalker.rules.reactions import footwork_dice, spend_footwork
from fracas.rulesets.fatewalker.sheet import Weapon
from fracas.rulesets.fatewalker.walker import Walker

EVADE_TICKS = 7
PRONE_METRES = 2
"""Evade AoE: "Can automatically gain +2 meters by going prone ... (the action takes one more
tick)"."""


def _explosive(person: Walker, weapon_id: str) -> Weapon:
    weapon = person.weapon(weapon_id)
    if weapon is None or weapon.blast is None or weapon.ranges is None:
        names = [w.id for w in person.weapons if w.blast is not None]
        raise IllegalAction(
            f"{person.id} has no explosive {weapon_id!r} (a thrown weapon with `blast` and "
            f"`ranges`); it has: {', '.join(names) or 'none'}"
        )
    return weapon


def aim_point(state: EncounterState, action: ThrowExplosive) -> tuple[float, float]:
    if action.target is not None:
        target = walker(state, action.target)
        return target.x, target.y
    assert action.x is not None and action.y is not None
    return float(action.x), float(action.y)


def _band(
    state: EncounterState, thrower: Walker, action: ThrowExplosive, weapon: Weapon
) -> int | None:
    if action.target is not None:
        return ranged.band(state, thrower, walker(state, action.target), weapon)
    x, y = aim_point(state, action)
    metres = math.hypot(thrower.x - x, thrower.y - y)
    by_weapon = visibility.weapon_band(metres, weapon)
    by_sight = visibility.sight_band(metres, thrower.visible_range)
    if by_weapon is None or by_sight is None:
        return None
    return max(by_weapon, by_sight)


def verify(state: EncounterState, action: ThrowExplosive) -> None:
    thrower = walker(state, action.actor)
    weapon = _explosive(thrower, action.weapon)
    arms.check_in_hand(thrower, weapon.id)
    if (action.target is None) == (action.x is None or action.y is None):
        raise IllegalAction("throw_explosive aims at a `target` or at a point `x`, `y`: one")
    if action.target is not None:
        from fracas.rulesets.fatewalker.rules.common import target_of

        target_of(state, thrower.id, action.target, "throw at")
    if weapon.magazine is not None and thrower.rounds_fired(weapon.id) >= weapon.magazine:
        raise IllegalAction(f"{thrower.id} has thrown every {weapon.id} it had")
    if _band(state, thrower, action, weapon) is None:
        assert weapon.ranges is not None
        raise IllegalAction(
            f"{weapon.id} flies {2 * weapon.ranges[2]} m (2 x Long) at most, within sight"
        )
    for who in (*(action.evade or ()), *action.evade_prone):
        if state.find(who) is None:
            raise IllegalAction(f"evade: there is no combatant {who!r}")


def _modifiers(
    state: EncounterState, thrower: Walker, action: ThrowExplosive, weapon: Weapon
) -> list[tuple[str, int]]:
    """The thrower's rows of the ranged chart and the band (see the module docstring)."""
    mods: list[tuple[str, int]] = []
    if thrower.prone:
        mods.append(("attacker prone", -2))
    if thrower.cover:
        mods.append((f"attacker in {thrower.cover}% cover", 1 if thrower.cover == 50 else 2))
    if thrower.motion is not None and thrower.motion.mode in ("walk", "run"):
        mode = thrower.motion.mode
        mods.append((f"attacker {mode}ing", -1 if mode == "walk" else -3))
    found = _band(state, thrower, action, weapon)
    assert found is not None
    if ranged.BAND_DICE[found]:
        mods.append((f"{visibility.BANDS[found]} range", ranged.BAND_DICE[found]))
    row = MELEE["careful_throw"] if action.careful else MELEE["throw"]
    short = shortfall(row, thrower.skills)
    if short:
        mods.append(("below the requisite", -short))
    if row.bonus:
        mods.append((row.name.replace("_", " "), row.bonus))
    return mods


def landing(
    start: tuple[float, float], aim: tuple[float, float], short: int
) -> tuple[float, float]:
    """On the point with 2 successes (no margin); else `short`, the margin of failure, in
    metres short of it."""
    dx, dy = aim[0] - start[0], aim[1] - start[1]
    length = math.hypot(dx, dy)
    if short == 0 or length == 0:
        return aim
    kept = max(0.0, length - short) / length
    return start[0] + dx * kept, start[1] + dy * kept


def resolve(tx: Transaction, action: ThrowExplosive) -> None:
    opts = options(tx.state)
    thrower = walker(tx.state, action.actor)
    weapon = _explosive(thrower, action.weapon)
    blast = weapon.blast
    assert blast is not None
    aim = aim_point(tx.state, action)
    mods = _modifiers(tx.state, thrower, action, weapon)
    found = _band(tx.state, thrower, action, weapon)
    assert found is not None
    tx.emit(
        ShotTaken(
            shooter=thrower.id,
            target=action.target or f"({aim[0]:g}, {aim[1]:g})",
            weapon=weapon.id,
            metres=round(math.hypot(thrower.x - aim[0], thrower.y - aim[1]), 2),
            band=visibility.BANDS[found],
            modifiers=tuple(mods),
        )
    )
    what = f"{'careful ' if action.careful else ''}throw of {weapon.id}"
    stakes = roll.Stakes(offensive=True, against=action.target) if action.target else None
    successes, margin = missiles.thrown_roll(tx, thrower, weapon, mods, what, stakes)
    x, y = landing((thrower.x, thrower.y), aim, margin)
    caught = [p for p in _people(tx.state) if math.hypot(p.x - x, p.y - y) <= blast.radius]
    tx.emit(
        BlastLanded(
            thrower=thrower.id,
            weapon=weapon.id,
            aim_x=aim[0],
            aim_y=aim[1],
            x=x,
            y=y,
            radius=blast.radius,
            caught=tuple(p.id for p in caught),
        )
    )
    evaded = {p.id: _evade(tx, action, thrower, p, (x, y), weapon) for p in caught}
    promoted = max(0, successes - roll.HIT) if opts.blast_promotions == "net" else 0
    for person in caught:
        _hit(tx, thrower, walker(tx.state, person.id), weapon, (x, y), successes, evaded, promoted)
    row = MELEE["careful_throw"] if action.careful else MELEE["throw"]
    cost = weapon.speed + (row.ticks or 0) if row.relative else weapon.speed
    TIMELINE.spend(tx, thrower.id, max(1, cost), what)


def _people(state: EncounterState) -> list[Walker]:
    return [walker(state, c.id) for c in state.combatants if c.is_active]


def wants_evasion(
    state: EncounterState, thrower: str, person: Walker, point: tuple[float, float], radius: float
) -> str:
    """The default decider (a tactic, not a rule): evade when one may and the expected
    metres carry one out of the blast; go prone when only the prone +2 m does."""
    from fracas.rulesets.fatewalker.rules.strike import may_react

    if person.id == thrower or may_react(state, thrower, person.id) is not None:
        return "none"
    room = radius - math.hypot(person.x - point[0], person.y - point[1])
    gain = expected(_pool(state, person))
    if gain > room:
        return "evade_aoe"
    return "evade_aoe_prone" if gain + PRONE_METRES > room else "none"


def _pool(state: EncounterState, person: Walker) -> roll.Pool:
    row = EVASIONS["evade_aoe"]
    return roll.pool(
        person.attributes.prowess,
        person.skills.agility,
        bonus=row.bonus - shortfall(row, person.skills) + footwork_dice(state, person),
        wounds=person.wound_penalty,
        cap=options(state).tn_cap,
    )


def _choice(
    state: EncounterState, action: ThrowExplosive, person: Walker, point: tuple[float, float]
) -> str:
    if action.evade is None and not action.evade_prone:
        weapon = walker(state, action.actor).weapon(action.weapon)
        assert weapon is not None and weapon.blast is not None
        return wants_evasion(state, action.actor, person, point, weapon.blast.radius)
    if person.id in action.evade_prone:
        return "evade_aoe_prone"
    return "evade_aoe" if person.id in (action.evade or ()) else "none"


def _evade(
    tx: Transaction,
    action: ThrowExplosive,
    thrower: Walker,
    person: Walker,
    point: tuple[float, float],
    weapon: Weapon,
) -> str | None:
    """Evade AoE, if chosen and allowed: the roll, the metres, the cost. The reaction's
    name, or None."""
    from fracas.rulesets.fatewalker.rules.strike import may_react

    choice = _choice(tx.state, action, person, point)
    if choice == "none" or person.id == thrower.id:
        return None
    if may_react(tx.state, thrower.id, person.id) is not None:
        return None  # cannot react (unaware, simultaneous, its one reaction spent): no evasion
    group = defence.group_now(tx.state)
    if thrower.id in group and person.id not in group:
        tx.emit(ReactionTaken(combatant=person.id, tick=clock(tx.state).tick, group=group))
    opts = options(tx.state)
    prone = choice == "evade_aoe_prone"
    guard = roll.Stakes(offensive=False, against=thrower.id)
    got = roll.roll(tx, person.id, "evade AoE", _pool(tx.state, person), opts, stakes=guard)
    spend_footwork(tx, person, footwork_dice(tx.state, person))
    metres = got + (PRONE_METRES if prone else 0)
    if metres:
        x, y = _away(person, point, thrower, metres)
        tx.emit(Moved(combatant=person.id, x=x, y=y, metres=float(metres), why="evade AoE"))
    if prone and not walker(tx.state, person.id).prone:
        tx.emit(PostureSet(combatant=person.id, prone=True))
    TIMELINE.spend(tx, person.id, EVADE_TICKS + (1 if prone else 0), choice.replace("_", " "))
    return choice


def _away(
    person: Walker, point: tuple[float, float], thrower: Walker, metres: float
) -> tuple[float, float]:
    dx, dy = person.x - point[0], person.y - point[1]
    length = math.hypot(dx, dy)
    if length == 0:  # on the point: away from the thrower, along the throw
        dx, dy = point[0] - thrower.x, point[1] - thrower.y
        length = math.hypot(dx, dy) or 1.0
        dx, dy = (dx, dy) if (dx, dy) != (0.0, 0.0) else (1.0, 0.0)
    return person.x + dx / length * metres, person.y + dy / length * metres


def _hit(
    tx: Transaction,
    thrower: Walker,
    person: Walker,
    weapon: Weapon,
    point: tuple[float, float],
    successes: int,
    evaded: dict[str, str | None],
    promoted: int,
) -> None:
    blast = weapon.blast
    assert blast is not None
    if not person.is_active:
        return
    metres = math.hypot(person.x - point[0], person.y - point[1])
    inside = metres <= blast.radius
    pool = weapon.pool
    if inside:
        fall = int(metres // blast.falloff) if blast.falloff else 0
        pool = pool.shifted(-fall)
        pool = harm.against(person, pool, weapon.type, promoted, options(tx.state))
    tx.emit(
        Struck(
            attacker=thrower.id,
            target=person.id,
            weapon=weapon.id,
            successes=successes,
            reaction=evaded.get(person.id),
            defence=0,
            net=successes,
            hit=inside,
            pool=str(pool),
        )
    )
    if inside and pool.dice:
        harm.deal(tx, harm.Blow(target=person.id, pool=pool, by=thrower.id, stun=weapon.stun))
