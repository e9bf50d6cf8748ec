"""Full Auto (Cover), the suppressive mode of the ranged table's Full Auto (Ranged 4, 20
rounds, 4 x recoil; L3345, L3399): "Free preemptive shot at -2 for next 12 ticks on anyone
acting in cover area."

`cover_fire {weapon, x, y, radius}` lays the 20 rounds over a circle (the seed names a
"cover area" with no shape or size: a circle about a point, 2 m by default, is the action's
choice). For the next 12 ticks, whenever a combatant standing in the circle acts (any action
but a free one), before the action resolves ("preemptive": it may interdict it), the
coverer takes a shot at it as `shoot` would, at -2, with its Ranged 4 shortfall as a penalty,
"free": no ticks, and no rounds beyond the 20 the cover fired. A coverer fires on its foes
(option `cover_fire: anyone` fires on anyone), once per action, only while it is up and its
gun still reaches (2 x Long, within sight). A target felled by the shot does not act.
"""

from __future__ import annotations

import math

from fracas.core.actions import Action
from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import CoverFire, Shoot
from fracas.rulesets.fatewalker.events import RoundsCounted
from fracas.rulesets.fatewalker.finish_events import CoverSet
from fracas.rulesets.fatewalker.rules import arms, ranged, shots
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, walker

ROUNDS = shots.BURSTS["auto"].rounds
COVER_TICKS = 12
PENALTY = -2
RADIUS_MAX = 20.0


def verify(state: EncounterState, action: CoverFire) -> None:
    shooter = walker(state, action.actor)
    weapon = ranged.gun(shooter, action.weapon)
    arms.check_in_hand(shooter, weapon.id)
    if weapon.fire != "auto":
        raise IllegalAction(f"{weapon.id} does not fire full auto (`fire: auto` on the sheet)")
    left = (weapon.magazine or 0) - shooter.rounds_fired(weapon.id)
    if weapon.magazine is not None and left < ROUNDS:
        raise IllegalAction(f"covering fire takes {ROUNDS} rounds; {weapon.id} has {left}")
    if not 0.5 <= action.radius <= RADIUS_MAX:
        raise IllegalAction(f"radius {action.radius:g}: a cover area of 0.5-{RADIUS_MAX:g} m")
    assert weapon.ranges is not None
    metres = math.hypot(shooter.x - action.x, shooter.y - action.y)
    if metres > 2 * weapon.ranges[2]:
        raise IllegalAction(
            f"({action.x:g}, {action.y:g}) is {metres:.1f} m away; {weapon.id} reaches "
            f"{2 * weapon.ranges[2]} m (2 x Long)"
        )


def resolve(tx: Transaction, action: CoverFire) -> None:
    shooter = walker(tx.state, action.actor)
    weapon = ranged.gun(shooter, action.weapon)
    if weapon.magazine is not None:
        fired = shooter.rounds_fired(weapon.id) + ROUNDS
        tx.emit(RoundsCounted(combatant=shooter.id, weapon=weapon.id, fired=fired, why="cover"))
    until = clock(tx.state).tick + COVER_TICKS
    tx.emit(
        CoverSet(
            combatant=shooter.id,
            weapon=weapon.id,
            x=float(action.x),
            y=float(action.y),
            radius=float(action.radius),
            until=until,
        )
    )
    assert weapon.recoil is not None
    cost = shots.BURSTS["auto"].recoils * weapon.recoil
    TIMELINE.spend(tx, shooter.id, cost, "full auto (cover)")


def before_acting(tx: Transaction, action: Action) -> bool:
    """The coverers' free shots at `action`'s actor, if it acts in their areas; True when
    they felled it (the action then does not happen). One already down (felled by a
    simultaneous group-mate, who acts all the same) draws no fire."""
    if action.free or not walker(tx.state, action.actor).is_active:
        return False
    now = clock(tx.state).tick
    for combatant in tx.state.combatants:
        coverer = walker(tx.state, combatant.id)
        area = coverer.covering
        if area is None:
            continue
        if area.until < now or not coverer.is_active:
            tx.emit(CoverSet(combatant=coverer.id))
            continue
        actor = walker(tx.state, action.actor)
        if coverer.id == actor.id or not actor.is_active:
            continue
        if options(tx.state).cover_fire == "foes" and coverer.side == actor.side:
            continue
        if math.hypot(actor.x - area.x, actor.y - area.y) > area.radius:
            continue
        weapon = ranged.gun(coverer, area.weapon)
        if ranged.band(tx.state, coverer, actor, weapon) is None:
            continue
        shot = Shoot(actor=coverer.id, target=actor.id, weapon=weapon.id)
        needs = {"ranged": shots.BURSTS["auto"].requisite}
        ranged.fire(tx, shot, extra=[("covering fire", PENALTY)], needs=needs, counted=False)
        if not walker(tx.state, action.actor).is_active:
            return True
    return False
