"""Plain tactics for autoplay, first that is legal: Serum for a bleeding friend within touch;
a shot at a foe in short or medium range; a strike at the nearest foe in reach with the
weapon of the biggest damage pool (a holder asked about a foe's declared action strikes that
foe first if it can); else reload an empty gun and close in (walk to a gun's medium range,
run to a weapon's reach), shooting at long range only when closing cannot be done. A target
answers a strike with the strike flow's default reaction: a parry when it pays, else a dodge
(rules/strike.py, `default_reaction`).
"""

from __future__ import annotations

from collections.abc import Iterable

from fracas.core.actions import Action, EndTurn
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState
from fracas.rulesets.fatewalker.actions import (
    GRAPPLES,
    UNARMED,
    ApplySerum,
    Charge,
    Draw,
    Hold,
    Move,
    Reload,
    Shoot,
    StopMove,
    Strike,
    Throw,
)
from fracas.rulesets.fatewalker.rules import ranged, roll
from fracas.rulesets.fatewalker.rules.common import clock, walker
from fracas.rulesets.fatewalker.rules.healing import TOUCH
from fracas.rulesets.fatewalker.rules.strike import UNARMED_STRIKE
from fracas.rulesets.fatewalker.sheet import Weapon
from fracas.rulesets.fatewalker.walker import Walker


def _weapons(me: Walker) -> list[str]:
    """Weapon ids, biggest damage pool first, bare hands last."""
    armed = sorted(me.weapons, key=lambda w: -w.pool.maximum)
    if not armed or UNARMED_STRIKE.pool.maximum > armed[0].pool.maximum:
        return [UNARMED, *(w.id for w in armed)]
    return [*(w.id for w in armed), UNARMED]


def _foes(state: EncounterState, me: Walker) -> list[Walker]:
    foes = [walker(state, c.id) for c in state.combatants if c.side != me.side and c.is_active]
    return sorted(foes, key=lambda f: (round(me.distance_to(f), 3), f.hp))


def candidates(state: EncounterState, actor: str) -> Iterable[Action]:
    me = walker(state, actor)
    actions: list[Action] = [EndTurn(actor=actor), Hold(actor=actor)]
    for foe in _foes(state, me):
        actions += [Strike(actor=actor, target=foe.id, weapon=w) for w in _weapons(me)]
        actions += [cls(actor=actor, target=foe.id) for cls in GRAPPLES]  # fw-grapple
    return actions


def suggest(ruleset: BaseRuleset, state: EncounterState) -> Action:
    actor = state.actor
    assert actor is not None
    me = walker(state, actor)
    now = clock(state)
    if now.responders:
        declarers = [d.combatant for d in now.declared]
        foes = [f for f in _foes(state, me) if f.id in declarers]
    else:
        foes = _foes(state, me)
    wishes: list[Action] = [] if now.responders else _wrestle(state, me, foes)  # fw-grapple
    if not now.responders:  # fw-finish: a Boon for the party, a bomb on a cluster
        wishes += _boon(state, me) + _bombs(state, me, foes, crowd=2)
        wishes += _cover(state, me, foes)
    wishes += _righteous(me, foes)  # fw-finish
    wishes += _shots(state, me, foes, far=False)  # fw-move
    wishes += _charges(me, foes)  # fw-shields: a runner charges what its run reaches
    wishes += [Strike(actor=actor, target=foe.id, weapon=w) for foe in foes for w in _weapons(me)]
    wishes += _throws(state, me, foes)  # fw-shields: thrown weapons at short or medium range
    wishes += [] if now.responders else _bombs(state, me, foes, crowd=1)  # fw-finish
    if not now.responders:
        wishes += [Draw(actor=actor, weapon=w) for w in me.holstered]  # fw-ranged
        wishes += _closing(state, me, foes)  # fw-move
    else:
        wishes += _shots(state, me, foes, far=True)  # fw-move
    if now.simultaneous and not now.responders:
        if me.motion is not None:
            wishes.append(StopMove(actor=actor))  # fw-move: a mover cannot hold
        wishes.append(Hold(actor=actor))
    return ruleset.first_legal(state, _first_aid(state, me) + wishes)


# -- fw-move: shoot what is in range, reload, close in ------------------------------------------


def _loaded(me: Walker) -> list[Weapon]:
    return [
        w
        for w in me.weapons
        if w.ranges is not None
        and w.blast is None  # fw-finish: explosives are thrown (`_bombs`), never shot
        and (w.magazine is None or me.rounds_fired(w.id) < w.magazine)
    ]


def _reloadable(me: Walker) -> list[Weapon]:
    """Empty guns its Focus can reload at all (a pool of some dice). Thrown weapons are not
    reloaded: once they are all thrown, the thrower closes in with what it has in hand."""
    if roll.pool(me.attributes.focus, me.skills.agility, wounds=me.wound_penalty).dice == 0:
        return []
    return [
        w
        for w in me.weapons
        if w.magazine is not None
        and w.ranges is not None
        and w.launcher != "thrown"  # nor are thrown weapons, explosives among them
        and me.rounds_fired(w.id) >= w.magazine
    ]


def _shots(state: EncounterState, me: Walker, foes: list[Walker], *, far: bool) -> list[Action]:
    """Shots with every loaded gun, nearest foes first: at short or medium range, or (`far`)
    at long or extreme range. A mover with a shot stops first (a free action), so the shot
    is not at the moving penalty."""
    shots: list[Action] = []
    for foe in foes:
        for gun in _loaded(me):
            found = ranged.band(state, me, foe, gun)
            if found is not None and (found >= 2) == far:
                shots.append(Shoot(actor=me.id, target=foe.id, weapon=gun.id))
    return [StopMove(actor=me.id), *shots] if shots and me.motion is not None else shots


def _closing(state: EncounterState, me: Walker, foes: list[Walker]) -> list[Action]:
    """Reload an empty gun; else head for the nearest foe: a shooter walks to within its
    weapon's medium range, one with no gun to use runs to within its reach. Shots at long
    range come only when moving closer cannot be done."""
    wishes: list[Action] = [Reload(actor=me.id, weapon=w.id) for w in _reloadable(me)]
    if not foes:
        return wishes
    guns = _loaded(me) or _reloadable(me)
    if guns:
        within = float(max(w.ranges[1] for w in guns if w.ranges is not None))
        wishes.append(Move(actor=me.id, mode="walk", toward=foes[0].id, within=within))
    else:
        reach = max([UNARMED_STRIKE.reach, *(w.reach for w in me.weapons)])
        wishes.append(Move(actor=me.id, mode="run", toward=foes[0].id, within=0.9 * reach))
    return wishes + _shots(state, me, foes, far=True)


# -- fw-harm: first aid ------------------------------------------------------------------------


def _first_aid(state: EncounterState, me: Walker) -> list[Action]:
    """fw-harm: Serum for a bleeding friend within touch (oneself too), before any blow."""
    if me.aid.serum < 1:
        return []
    friends = (walker(state, c.id) for c in state.combatants if c.side == me.side)
    return [
        ApplySerum(actor=me.id, target=f.id)
        for f in friends
        if f.bleeds_at is not None and me.distance_to(f) <= TOUCH
    ]


# -- fw-grapple: grapple and take down when it pays ----------------------------------------------

TAKEDOWN_ODDS = 3.0
"""A takedown is tried when its pool expects the 3 net successes it needs (a tactic)."""
GRAPPLE_ODDS = 2.0
HOLD_ODDS = 3.0


def _wrestle(state: EncounterState, me: Walker, foes: list[Walker]) -> list[Action]:
    """Out of a hold, slip; on the bottom, sweep; on top, hold when the hold expects a hit;
    prone and free, stand up. Standing, a grappler (unarmed, meeting the Takedown's
    requisites) takes the nearest foe down when the takedown expects its 3 net, else
    grapples it closer. Every wish is checked for legality by `first_legal`."""
    from fracas.rulesets.fatewalker.actions import Grapple, Lock, Slip, StandUp, Sweep, Takedown
    from fracas.rulesets.fatewalker.rules import grappling, ground, melee
    from fracas.rulesets.fatewalker.rules.maneuvers import UNARMED as UNARMED_TABLE
    from fracas.rulesets.fatewalker.rules.maneuvers import shortfall

    held_by = ground.holder(state, me)
    if held_by is not None:
        return [Slip(actor=me.id, target=held_by.id)]
    found = ground.partner(state, me)
    if found is not None:
        other, top = found
        if not top:
            return [Sweep(actor=me.id, target=other.id)]
        lock = Lock(actor=me.id, target=other.id)
        return [lock] if melee.expected(grappling.attack_pool(state, lock)) >= HOLD_ODDS else []
    if me.prone:
        return [StandUp(actor=me.id)]
    if me.weapons or shortfall(UNARMED_TABLE["takedown"], me.skills) or not foes:
        return []
    foe = foes[0]
    takedown = Takedown(actor=me.id, target=foe.id)
    grapple = Grapple(actor=me.id, target=foe.id)
    wishes: list[Action] = []
    if melee.expected(grappling.attack_pool(state, takedown)) >= TAKEDOWN_ODDS:
        wishes.append(takedown)
    if melee.expected(grappling.attack_pool(state, grapple)) >= GRAPPLE_ODDS:
        wishes.append(grapple)
    return wishes


# -- fw-shields: charges and throws (a shield block is the target's default reaction) ----------


def _charges(me: Walker, foes: list[Walker]) -> list[Action]:
    """A runner charges the nearest foes with its weapons (the verifier says which its run
    reaches): the run's ticks add damage, and the charge ends the run at the foe."""
    if me.motion is None or me.motion.mode != "run":
        return []
    return [Charge(actor=me.id, target=f.id, weapon=w) for f in foes for w in _weapons(me)]


def _throws(state: EncounterState, me: Walker, foes: list[Walker]) -> list[Action]:
    """Thrown weapons left to throw, at foes in their short or medium range."""
    throws: list[Action] = []
    for foe in foes:
        for w in me.weapons:
            if w.launcher != "thrown" or w.ranges is None:
                continue
            if w.magazine is not None and me.rounds_fired(w.id) >= w.magazine:
                continue
            found = ranged.band(state, me, foe, w)
            if found is not None and found < 2:
                throws.append(Throw(actor=me.id, target=foe.id, weapon=w.id))
    return throws


# -- fw-finish: explosives, Boon, Righteous Strike ----------------------------------------------


def _bombs(state: EncounterState, me: Walker, foes: list[Walker], *, crowd: int) -> list[Action]:
    """An explosive at the foe whose blast would catch at least `crowd` foes and no friend
    (itself included), in short or medium range: first for a cluster of two or more, else
    as a thrown weapon when no blow reaches."""
    from fracas.rulesets.fatewalker.actions import ThrowExplosive

    bombs = [
        w
        for w in me.weapons
        if w.blast is not None and (w.magazine is None or me.rounds_fired(w.id) < w.magazine)
    ]
    friends = [walker(state, c.id) for c in state.combatants if c.side == me.side and c.is_active]
    wishes: list[Action] = []
    for bomb in bombs:
        assert bomb.blast is not None
        radius = bomb.blast.radius + 1.0  # room for the margin of a short throw
        for foe in foes:
            found = ranged.band(state, me, foe, bomb)
            if found is None or found >= 2:
                continue
            if any(f.distance_to(foe) <= radius for f in friends):
                continue
            caught = sum(1 for other in foes if other.distance_to(foe) <= bomb.blast.radius)
            if caught >= crowd:
                wishes.append(ThrowExplosive(actor=me.id, weapon=bomb.id, target=foe.id))
    return wishes


BOON_RESERVE = 3
"""A Boon is granted only from a Fate track this full, leaving points for the rest."""


def _boon(state: EncounterState, me: Walker) -> list[Action]:
    """Boon when two or more allies are up, none holds one yet, and `BOON_RESERVE` Fate is
    left (a free action)."""
    from fracas.rulesets.fatewalker.actions import Boon

    if "boon" not in me.powers or me.fate_left < BOON_RESERVE:
        return []
    allies = [
        walker(state, c.id)
        for c in state.combatants
        if c.side == me.side and c.id != me.id and c.is_active
    ]
    if len(allies) < 2 or any(a.boon_until is not None for a in allies):
        return []
    return [Boon(actor=me.id)]


def _righteous(me: Walker, foes: list[Walker]) -> list[Action]:
    """Righteous Strike at a transgressor with what Fate allows: a sure hit first, then the
    +6, then no defence; a point is kept for Righteous Shield when it has it."""
    from fracas.rulesets.fatewalker.actions import Righteous, RighteousStrike

    spare = me.fate_left - (1 if "righteous_shield" in me.powers else 0)
    if "righteous_strike" not in me.powers or spare < 1:
        return []
    order: tuple[Righteous, ...] = ("sure", "damage", "undefended")
    effects = order[: min(3, spare)]
    return [
        RighteousStrike(actor=me.id, target=f.id, weapon=w, effects=effects)
        for f in foes
        if f.id in me.transgressors
        for w in _weapons(me)
    ]


COVER_RADIUS = 3.0
"""The area covering fire is laid on: the nearest foe and whoever stands within 3 m of it."""


def _cover(state: EncounterState, me: Walker, foes: list[Walker]) -> list[Action]:
    """Full Auto (Cover) on a foe with two or more foes within 3 m of it, in the gun's short
    or medium range, when no cover is laid already (12 ticks of free shots at -2)."""
    from fracas.rulesets.fatewalker.actions import CoverFire

    now = clock(state).tick
    if me.covering is not None and me.covering.until >= now:
        return []
    wishes: list[Action] = []
    for gun in _loaded(me):
        if gun.fire != "auto" or (
            gun.magazine is not None and gun.magazine - me.rounds_fired(gun.id) < 20
        ):
            continue
        for foe in foes:
            found = ranged.band(state, me, foe, gun)
            near = sum(1 for f in foes if f.distance_to(foe) <= COVER_RADIUS)
            if found is not None and found < 2 and near >= 2:
                wishes.append(
                    CoverFire(actor=me.id, weapon=gun.id, x=foe.x, y=foe.y, radius=COVER_RADIUS)
                )
    return wishes
