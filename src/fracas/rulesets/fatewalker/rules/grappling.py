"""The grapple family of the unarmed table (L3574-3612, L3650-3706): Grapple, Slip, Takedown,
Sweep, Throw (`body_throw`), Hold (`lock`), Choke Hold, Disarm, and the counters among them
(Slip, Sprawl, a reactive Grapple or Hold, Dodge, Parry).

Each is rolled by its row (rules/maneuvers.py): the row's bonus, the requisite shortfall, the
range chart's penalty for an XS maneuver ("all grapple/close maneuvers XS", L1636), the
position's burden (bottom -1, held -3: rules/ground.py), -3 with one hand free for Grapple,
Slip and Sprawl ("requires the attacker to have both hands free": a combatant with a weapon
has one), and what the row says. A counter's successes are taken from the maneuver's (a
counter only cancels, as Engage's does); a dodge wins ties (option `dodge_tie`), a dodging
top yields its ground combat.

- Grapple (hit: 2 successes, net >= 0): standing, the grapple tightens by max(1, net - 1)
  levels (option `grapple_steps`) from Short at the loosest; on a prone target it starts
  ground combat at 3 with the grappler on top; on the ground the top's grapple lowers the
  level the same way.
- Slip and Sweep: every net success loosens one level: a hold's value first, else the
  ground level (4 escapes, standing both), else the standing grapple (to Short at most).
- Takedown: "It takes 3 net successes to succeed"; (net)x1 @5; both prone, the attacker on
  top, at level 6 - net (option `takedown_level`).
- Throw: +2 to any defence; thrown net/2 m from the thrower; (net)x1 @5; prone at 3 net;
  the grapple is broken.
- Hold and Choke Hold: a bonus of the current Hold value; 3x1 promoted by net against
  halved Deflection; the Hold value grows by ceil(net/2) (worked example 19). A failed hold
  frees the defender (both at Short), but a bottom fighter's failure tightens its ground
  combat by the defender's net. A choke turns each 2 points through armor into 1 fatigue.
- Disarm: the weapon in hand drops.

Damage from these is unarmed, so Stun, and goes through the one pipeline (rules/harm.py):
their pools are "(net)x1", so net successes are not promoted again; Deflection demotes.

Dice order: the maneuver's pool, the counter's, then damage (then a choke's nothing more).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import GrappleMove
from fracas.rulesets.fatewalker.events import ReactionTaken
from fracas.rulesets.fatewalker.grapple_events import Grappled, HoldSet, WeaponDropped
from fracas.rulesets.fatewalker.rules import defence, ground, harm, melee, roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, target_of, walker
from fracas.rulesets.fatewalker.rules.damage import DamagePool, parse_damage
from fracas.rulesets.fatewalker.rules.maneuvers import EVASIONS, MELEE, Maneuver, shortfall
from fracas.rulesets.fatewalker.rules.maneuvers import UNARMED as UNARMED_TABLE
from fracas.rulesets.fatewalker.sheet import Weapon
from fracas.rulesets.fatewalker.walker import Walker

REACH = 2.0
"""Metres within which one can lay hands on another (the unarmed strike's reach)."""
ROWS = {"body_throw": "throw", "lock": "hold"}
"""Action names whose row is named otherwise in the table."""
COUNTERS: dict[str, tuple[str, ...]] = {
    "grapple": ("slip", "dodge"),
    "slip": ("grapple", "lock"),
    "takedown": ("slip", "sprawl", "dodge"),
    "sweep": ("grapple",),
    "body_throw": ("slip", "sprawl", "dodge"),
    "lock": ("slip",),
    "choke_hold": ("slip",),
    "disarm": ("parry", "dodge"),
    "melee_disarm": ("parry", "dodge"),  # fw-finish: gap 20
}
TWO_HANDS = frozenset({"grapple", "slip", "sprawl"})
ONE_HAND = -3
THROW_DEFENCE = 2
"""Throw: "+2 to any defense/evasion against a throw"."""
TAKEDOWN_NET = 3
DISARM_SIZE = {"XS": -3, "S": -1, "M": 0, "L": 1, "XL": 3}
HOLD_DAMAGE = "3x1 @5"
"""Hold: "The base damage of the Hold Maneuver is 3x1" (the TN is the table's usual 5)."""
COUNTER_THREAT = 1.0
"""The default counter is taken when it expects this many successes (a tactic, not a rule)."""


def row(name: str) -> Maneuver:
    if name == "dodge":
        return EVASIONS["dodge"]
    if name == "parry":
        return MELEE["parry"]
    if name == "melee_disarm":  # fw-finish: the melee table's Disarm (gap 20)
        return MELEE["disarm"]
    return UNARMED_TABLE[ROWS.get(name, name)]


# -- pools -------------------------------------------------------------------------------------


def _pool(state: EncounterState, person: Walker, name: str, other: str, extra: int) -> roll.Pool:
    m = row(name)
    bonus = m.bonus - shortfall(m, person.skills) + extra + ground.burden(state, person, name)
    if name in TWO_HANDS and melee.is_armed(person):
        bonus += ONE_HAND
    if m.table == "unarmed":
        distance = melee.melee_range(state, person.id, other)
        bonus += melee.size_penalty(m.size or "XS", distance) or 0
    dice = getattr(person.attributes, m.attribute or "prowess")
    skill = getattr(person.skills, m.skill or "unarmed")
    return roll.pool(
        dice, skill, bonus=bonus, wounds=person.wound_penalty, cap=options(state).tn_cap
    )


def attack_pool(state: EncounterState, action: GrappleMove) -> roll.Pool:
    me = walker(state, action.actor)
    extra = 0
    if action.do == "takedown":
        extra += ground.grapple_bonus(state, me, action.target)
    if action.do in ("lock", "choke_hold"):
        extra += ground.hold_value(state, me.id, action.target)
    if action.do in ("disarm", "melee_disarm"):
        weapon = defence.in_hand(walker(state, action.target))
        extra += DISARM_SIZE[weapon.size] if weapon is not None else 0
    own = _melee_weapon(me, action)
    if own is not None:  # fw-finish: the melee Disarm strikes at its weapon's range penalty
        distance = melee.melee_range(state, me.id, action.target)
        extra += melee.size_penalty(own.size, distance) or 0
    return _pool(state, me, action.do, action.target, extra)


def cost(state: EncounterState, action: GrappleMove) -> int:
    """The maneuver's ticks: the row's, or (fw-finish) the melee Disarm's weapon speed + 2."""
    own = _melee_weapon(walker(state, action.actor), action)
    return melee.tick_cost(row(action.do), own) if own else row(action.do).ticks or 8


def _melee_weapon(person: Walker, action: GrappleMove) -> Weapon | None:
    """fw-finish: the weapon in hand a melee Disarm is made with (None for the others)."""
    from fracas.rulesets.fatewalker.actions import MeleeDisarm

    return person.weapon(action.weapon) if isinstance(action, MeleeDisarm) else None


def counter_pool(state: EncounterState, action: GrappleMove, counter: str) -> roll.Pool:
    them = walker(state, action.target)
    extra = THROW_DEFENCE if action.do == "body_throw" else 0
    if counter in ("dodge", "parry"):
        # Disarm: "neither is particularly effective within the confines of a grapple"
        distance = melee.melee_range(state, action.actor, them.id)
        extra += melee.EVASION_PENALTY.get(distance, 0)
    if counter == "lock":
        extra += ground.hold_value(state, them.id, action.actor)
    return _pool(state, them, counter, action.actor, extra)


def _counter_cost(person: Walker, counter: str) -> int:
    m = row(counter)
    weapon = defence.in_hand(person)
    if m.table == "melee" and weapon is not None:
        return melee.tick_cost(m, weapon)
    return max(1, m.ticks or 1)


# -- refusals ---------------------------------------------------------------------------------


def verify(state: EncounterState, action: GrappleMove) -> None:
    me = walker(state, action.actor)
    them = target_of(state, me.id, action.target, action.do.replace("_", " "))
    apart = me.distance_to(them)
    reach = _melee_disarm_reach(state, me, action)  # fw-finish: gap 20
    if apart > reach:
        raise IllegalAction(f"{them.id} is {apart:.1f} m away; a {action.do} reaches {reach:g} m")
    problem = REQUIRES[action.do](state, me, them)
    if problem is not None:
        raise IllegalAction(problem)
    allowed = COUNTERS[action.do]
    if action.counter not in (None, "none"):
        if action.counter not in allowed:
            raise IllegalAction(
                f"a {action.do} is countered by {', '.join(allowed)} or none, not {action.counter}"
            )
        from fracas.rulesets.fatewalker.rules.strike import may_react

        why_not = may_react(state, me.id, them.id) or _cannot(state, action, action.counter)
        if why_not is not None:
            raise IllegalAction(f"{them.id} cannot {action.counter}: {why_not}")


def _melee_disarm_reach(state: EncounterState, me: Walker, action: GrappleMove) -> float:
    """The reach of a grapple-family maneuver: hands' length, or (fw-finish) the melee
    Disarm's weapon, refused when the option leaves the row unplayed or the weapon is not
    one in hand."""
    if action.do != "melee_disarm":
        return REACH
    if options(state).melee_disarm == "none":
        raise IllegalAction(
            "the melee table's Disarm has no rules in the seed (gap 20); this table plays "
            "none (option melee_disarm: none): use the unarmed `disarm` from a grapple"
        )
    weapon = _melee_weapon(me, action)
    if weapon is None or weapon.ranges is not None or not me.in_hand(weapon.id):
        held = [w.id for w in me.weapons if w.ranges is None and me.in_hand(w.id)]
        raise IllegalAction(
            f"melee_disarm needs a melee weapon in hand (weapon: one of "
            f"{', '.join(held) or 'none'})"
        )
    return weapon.reach


def _cannot(state: EncounterState, action: GrappleMove, counter: str) -> str | None:
    them = walker(state, action.target)
    if counter == "parry" and defence.in_hand(them) is None:
        return "it has no weapon in hand"
    if counter == "lock" and ground.hold_value(state, them.id, action.actor) == 0:
        return f"it does not hold {action.actor}"
    return None


def _need_standing(me: Walker, them: Walker, what: str) -> str | None:
    if me.prone:
        return f"{me.id} is prone: stand_up (or sweep) before a {what}"
    if them.prone:
        return f"{them.id} is prone already: grapple it to start ground combat"
    return None


def _grapple_ok(state: EncounterState, me: Walker, them: Walker) -> str | None:
    found = ground.partner(state, me)
    if found is not None:
        other, top = found
        if other.id != them.id:
            return f"{me.id} is in ground combat with {other.id}"
        if not top:
            return f"{me.id} is on the bottom: sweep or slip, the top grapples"
        if melee.melee_range(state, me.id, them.id) <= melee.CLINCH:
            return f"{me.id} and {them.id} are at ground level 1 already, the tightest"
        return None
    if me.prone:
        return f"{me.id} is prone: stand_up first"
    if not them.prone and melee.melee_range(state, me.id, them.id) <= melee.CLINCH:
        return f"{me.id} and {them.id} are at clinch (1) already, the tightest grapple"
    return None


def _slip_ok(state: EncounterState, me: Walker, them: Walker) -> str | None:
    if ground.hold_value(state, them.id, me.id) or ground.on_ground_with(state, me, them.id):
        return None
    if melee.melee_range(state, me.id, them.id) <= melee.CONTACT:
        return None
    return f"{me.id} is not grappled by {them.id}: nothing to slip"


def _sweep_ok(state: EncounterState, me: Walker, them: Walker) -> str | None:
    found = ground.partner(state, me)
    if found is None or found[0].id != them.id or found[1]:
        return f"a sweep is the bottom's, under {them.id} in ground combat"
    return None


def _hold_ok(state: EncounterState, me: Walker, them: Walker) -> str | None:
    if ground.grappling(state, me, them.id):
        return None
    return f"a hold needs a grapple, ground combat or hold with {them.id}"


def _disarm_ok(state: EncounterState, me: Walker, them: Walker) -> str | None:
    if defence.in_hand(them) is None:
        return f"{them.id} has no weapon to lose"
    return _hold_ok(state, me, them)


REQUIRES: dict[str, Callable[[EncounterState, Walker, Walker], str | None]] = {
    "grapple": _grapple_ok,
    "slip": _slip_ok,
    "takedown": lambda s, me, them: _need_standing(me, them, "takedown"),
    "sweep": _sweep_ok,
    "body_throw": lambda s, me, them: _need_standing(me, them, "throw"),
    "lock": _hold_ok,
    "choke_hold": _hold_ok,
    "disarm": _disarm_ok,
    "melee_disarm": lambda s, me, them: (  # fw-finish: no grapple needed (gap 20)
        None if defence.in_hand(them) is not None else f"{them.id} has no weapon to lose"
    ),
}


# -- the decider ------------------------------------------------------------------------------


def default_counter(state: EncounterState, action: GrappleMove) -> str:
    """The target's choice (a decider, not a rule): the allowed counter it rolls best, when
    that expects at least `COUNTER_THREAT` successes and still lets the target act before
    the maneuver's maker acts again (so answering every sweep with a grapple, 8 ticks
    against 8, does not keep it from ever acting); else none."""
    from fracas.rulesets.fatewalker.rules.strike import may_react

    if may_react(state, action.actor, action.target) is not None:
        return "none"
    now = clock(state)
    them = walker(state, action.target)
    waiting = (now.next_tick(them.id) or now.tick) - now.tick
    best, name = COUNTER_THREAT, "none"
    for counter in COUNTERS[action.do]:
        if waiting + _counter_cost(them, counter) > cost(state, action):
            continue
        if _cannot(state, action, counter) is None:
            expected = melee.expected(counter_pool(state, action, counter))
            if expected >= best:
                best, name = expected, counter
    return name


# -- resolution -------------------------------------------------------------------------------


def resolve(tx: Transaction, action: GrappleMove) -> None:
    opts = options(tx.state)
    stakes = roll.Stakes(offensive=True, against=action.target)  # fw-finish: theme powers
    what = action.do.replace("_", " ")
    successes = roll.roll(
        tx, action.actor, what, attack_pool(tx.state, action), opts, stakes=stakes
    )
    counter = action.counter or default_counter(tx.state, action)
    against = _answer(tx, action, counter)
    net = successes - against
    if action.do in ("slip", "sweep"):
        success = net > 0
    elif action.do == "takedown":
        success = successes >= roll.HIT and net >= TAKEDOWN_NET
    else:
        tie = counter == "dodge" and opts.dodge_tie == "defender"
        success = successes >= roll.HIT and (net > 0 if tie else net >= 0)
    tx.emit(
        Grappled(
            actor=action.actor,
            target=action.target,
            maneuver=action.do,
            successes=successes,
            counter=None if counter == "none" else counter,
            against=against,
            net=net,
            success=success,
        )
    )
    EFFECTS[action.do](tx, action, net, success)
    ticks = cost(tx.state, action)
    TIMELINE.spend(tx, action.actor, ticks, action.do.replace("_", " "))


def _answer(tx: Transaction, action: GrappleMove, counter: str) -> int:
    """Roll the counter and pay its cost; its successes cancel the maneuver's."""
    if counter == "none":
        return 0
    state = tx.state
    group = defence.group_now(state)
    if action.actor in group and action.target not in group:
        tx.emit(ReactionTaken(combatant=action.target, tick=clock(state).tick, group=group))
    pool = counter_pool(state, action, counter)
    guard = roll.Stakes(offensive=False, against=action.actor)  # fw-finish: theme powers
    against = roll.roll(tx, action.target, counter, pool, options(state), stakes=guard)
    them = walker(tx.state, action.target)
    TIMELINE.spend(tx, them.id, _counter_cost(them, counter), counter)
    if counter == "dodge":
        ground.yield_top(tx, them.id, action.actor)
    return against


def _steps(net: int, tx: Transaction) -> int:
    if options(tx.state).grapple_steps == "per_two":
        return max(1, net // 2)
    return max(1, net - 1)


def _grapple(tx: Transaction, action: GrappleMove, net: int, success: bool) -> None:
    if not success:
        return
    state = tx.state
    me, them = walker(state, action.actor), walker(state, action.target)
    distance = melee.melee_range(state, me.id, them.id)
    steps = _steps(net, tx)
    if ground.on_ground_with(state, me, them.id):
        ground.set_range(tx, me.id, them.id, max(melee.CLINCH, distance - steps), "grapple")
    elif them.prone:
        ground.start_ground(tx, me.id, them.id, melee.CONTACT, "grapple on a prone target")
    else:
        tighter = max(melee.CLINCH, min(distance, ground.ESCAPE) - steps)
        ground.set_range(tx, me.id, them.id, tighter, "grapple")


def _loosen(tx: Transaction, action: GrappleMove, net: int, success: bool) -> None:
    """Slip and Sweep: each net success loosens a level, the hold first."""
    if not success:
        return
    state = tx.state
    me, other = action.actor, action.target
    value = ground.hold_value(state, other, me)
    if value > 0 and action.do == "slip":
        tx.emit(HoldSet(holder=other, held=me, value=max(0, value - net)))
        return
    level = melee.melee_range(state, me, other) + net
    if ground.on_ground_with(state, walker(state, me), other):
        if level >= ground.ESCAPE:
            ground.end_ground(tx, me, other, f"{action.do} to level 4", stand=True)
        ground.set_range(tx, me, other, min(level, ground.ESCAPE), action.do)
        return
    ground.set_range(tx, me, other, min(level, ground.ESCAPE), action.do)


def _unarmed_blow(tx: Transaction, by: str, target: str, pool: DamagePool) -> int:
    if not pool.dice:
        return 0
    return harm.deal(tx, harm.Blow(target=target, pool=pool, by=by, stun=True))


def _net_pool(tx: Transaction, target: str, net: int) -> DamagePool:
    """(net)x1 @5 against the target's Deflection (no promotion: the net is in the pool)."""
    opts = options(tx.state)
    base = parse_damage(f"{net}x1 @5")
    return harm.against(walker(tx.state, target), base, "physical", 0, opts)


def _takedown(tx: Transaction, action: GrappleMove, net: int, success: bool) -> None:
    if not success:
        return
    level = melee.CONTACT
    if options(tx.state).takedown_level == "tighter":
        level = max(melee.CLINCH, 2 * melee.CONTACT - net)
    ground.start_ground(tx, action.actor, action.target, level, "takedown")
    _unarmed_blow(tx, action.actor, action.target, _net_pool(tx, action.target, net))


def _throw(tx: Transaction, action: GrappleMove, net: int, success: bool) -> None:
    if not success:
        return
    ground.escape(tx, action.actor, action.target, "thrown")
    ground.thrown(tx, action.actor, action.target, net / 2, "thrown")
    if net >= 3:
        ground.fall(tx, action.target, "thrown")
    if net > 0:
        _unarmed_blow(tx, action.actor, action.target, _net_pool(tx, action.target, net))


def _hold(tx: Transaction, action: GrappleMove, net: int, success: bool) -> None:
    state = tx.state
    me = walker(state, action.actor)
    found = ground.partner(state, me)
    bottom = found is not None and found[0].id == action.target and not found[1]
    if not success:
        if bottom:
            worse = max(0, -net)
            distance = melee.melee_range(state, me.id, action.target)
            ground.set_range(tx, me.id, action.target, max(melee.CLINCH, distance - worse), "hold")
        else:
            ground.escape(tx, me.id, action.target, "the hold fails")
        return
    value = ground.hold_value(state, me.id, action.target) + math.ceil(net / 2)
    if value > 0:
        tx.emit(HoldSet(holder=me.id, held=action.target, value=value))
    top = found is not None and found[0].id == action.target and found[1]
    if top and options(state).hold_position == "yields":
        ground.end_ground(tx, me.id, action.target, "the hold yields the position", stand=False)
    opts = options(tx.state)
    target = walker(tx.state, action.target)
    base = parse_damage(HOLD_DAMAGE)
    half = harm.deflection(target, "physical", opts) // 2
    pool = base.shifted(harm.promotions(net, opts) - half)
    dealt = _unarmed_blow(tx, me.id, target.id, pool)
    if action.do == "choke_hold":
        ground.fatigue(tx, target.id, dealt // 2, "choke hold")


def _disarm(tx: Transaction, action: GrappleMove, net: int, success: bool) -> None:
    weapon = defence.in_hand(walker(tx.state, action.target))
    if success and weapon is not None:
        tx.emit(WeaponDropped(combatant=action.target, weapon=weapon.id))


EFFECTS: dict[str, Callable[[Transaction, GrappleMove, int, bool], None]] = {
    "grapple": _grapple,
    "slip": _loosen,
    "sweep": _loosen,
    "takedown": _takedown,
    "body_throw": _throw,
    "lock": _hold,
    "choke_hold": _hold,
    "disarm": _disarm,
    "melee_disarm": _disarm,  # fw-finish
}
