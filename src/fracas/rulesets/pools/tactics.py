"""Plain tactics for autoplay: strike a foe at distance 0 when a blow can hurt it (else step
away), shoot the foe the rough odds favour with every round of the rate of fire, take the
cover of one's own distance when out of it and shot at, and otherwise walk one distance
toward the nearest foe (a shooter only while its shot is poor, and only from cover into
cover: "Each distance may have usable cover so as to approach gunners with relative safety").
A flyer fights from the air (melee cannot reach it there) and comes down a step only when none
of its weapons can hurt anyone; a rider's steps are free, so it closes in before it strikes.

The odds are rough on purpose: the expected successes of a pool are dice x the chance of one
die, and a shot is worth its expected net successes over the cover's, times the damage that
gets through the armor. Every wish is checked by the ruleset's `verify` before it is handed
out, so autoplay may act on it without checking again.
"""

from __future__ import annotations

from collections.abc import Iterator

from fracas.core.actions import Action, EndTurn
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState
from fracas.rulesets.pools import lurking
from fracas.rulesets.pools.actions import (
    Aim,
    Attack,
    BreakFree,
    Devour,
    Disarm,
    Drag,
    Fly,
    Grapple,
    HumanShield,
    Move,
    Pin,
    Shoot,
    TakeCover,
)
from fracas.rulesets.pools.rules import armor
from fracas.rulesets.pools.rules.common import (
    apart,
    cover_rating,
    enemies_at_zero,
    field,
    options,
    soldier,
    standing,
)
from fracas.rulesets.pools.rules.flight import can_fly
from fracas.rulesets.pools.rules.grappling import held_by, holder_pool, holding, is_pinned
from fracas.rulesets.pools.rules.hands import usable_melee
from fracas.rulesets.pools.rules.shooting import accuracy
from fracas.rulesets.pools.rules.sight import sees
from fracas.rulesets.pools.sheet import COVER_DICE, Weapon
from fracas.rulesets.pools.soldier import Soldier

GOOD_SHOT = 0.6
"""Expected damage a turn below which a shooter would rather close in (if it can)."""


def _chance(state: EncounterState, blind: bool = False) -> float:
    opts = options(state)
    face = opts.blind_success_on if blind else opts.success_on
    return (7 - face) / 6


def _foes(state: EncounterState, me: Soldier) -> list[Soldier]:
    """The standing enemies whose place `me` knows (P24)."""
    foes = [c for c in standing(state) if c.side != me.side and me.id not in c.hidden_from]
    foes.sort(key=lambda f: (apart(state, me, f), f.hp, f.id))
    return foes


def _hurts(weapon: Weapon, foe: Soldier) -> bool:
    return armor.per_hit(weapon.damage, weapon.piercing, weapon.kind == "melee", foe.armor)[0] > 0


def _shot_value(state: EncounterState, me: Soldier, foe: Soldier, weapon: Weapon) -> float:
    """Rough expected damage of putting every round into `foe`."""
    shots = weapon.rate_of_fire
    if sees(state, me, foe):
        dice = accuracy(state, me, foe, shots - 1)
        mine = dice * _chance(state)
    else:
        mine = _chance(state, blind=True)
    rating = cover_rating(state, foe)
    theirs = COVER_DICE[rating] * _chance(state) if rating else 0.0
    net = min(float(shots), max(0.05, mine - theirs))
    damage = armor.per_hit(weapon.damage, weapon.piercing, False, foe.armor)[0]
    return net * damage


def _step(me: Soldier, toward: int) -> int:
    return me.distance + (1 if toward > me.distance else -1)


def _wishes(state: EncounterState, actor: str) -> Iterator[Action]:
    me = soldier(state, actor)
    if me.acted:
        return
    foes = _foes(state, me)
    yield from lurking.wishes(state, me, foes)
    if not foes:
        return
    yield from _grip_wishes(state, me)
    close = enemies_at_zero(state, me)
    blade = usable_melee(state, me)
    if close:
        for foe in sorted(close, key=lambda f: (f.hp, f.id)):
            if _hurts(blade, foe):
                yield Attack(actor=actor, target=foe.id, weapon=blade.id)
        if holding(me) is not None:
            return  # keep the hold: walking off would let go
        for foe in close:
            if _grapples(state, me, foe):
                yield Grapple(actor=actor, target=foe.id)
        # nothing here can be hurt with a blade: get clear, away from the nearest other foe
        away = max(0, me.distance - 1) if me.distance else 1
        yield Move(actor=actor, to=away)
        yield Move(actor=actor, to=me.distance + 1)
        return
    guns = [w for w in me.weapons if w.shoots]
    best: tuple[float, Soldier, Weapon] | None = None
    for gun in guns:
        for foe in foes:
            if not _hurts(gun, foe):
                continue
            value = _shot_value(state, me, foe, gun)
            if best is None or value > best[0]:
                best = (value, foe, gun)
    nearest = foes[0]
    here_cover = field(state).cover_at(me.distance)
    if me.riding is not None and nearest.distance != me.distance:
        ahead = _step(me, nearest.distance)  # the mount's steps are free: close in first
        if _worth_stepping(state, me, foes, ahead, shooting=False):
            yield Move(actor=actor, to=ahead)
    if best is None and me.altitude and can_fly(me):
        yield Fly(actor=actor, altitude=me.altitude - 1)  # nothing to hit from up here: descend
    if best is not None and best[0] >= GOOD_SHOT:
        yield _shoot(actor, best)
    if best is not None and not me.in_cover and here_cover and me.altitude == 0:
        yield TakeCover(actor=actor)
    if nearest.distance != me.distance and (best is None or best[0] < GOOD_SHOT):
        ahead = _step(me, nearest.distance)
        if _worth_stepping(state, me, foes, ahead, shooting=best is not None):
            yield Move(actor=actor, to=ahead)
    if best is not None:
        yield _shoot(actor, best)
    elif not me.in_cover and here_cover and me.altitude == 0:
        yield TakeCover(actor=actor)


def _worth_stepping(
    state: EncounterState, me: Soldier, foes: list[Soldier], ahead: int, *, shooting: bool
) -> bool:
    """Whether to step to `ahead`: never into the distance of foes no blow of mine can hurt
    (there I could neither strike nor shoot); a shooter only from cover into cover ("Each
    distance may have usable cover so as to approach gunners with relative safety")."""
    there = [f for f in foes if f.distance == ahead and f.altitude == me.altitude]
    if there and not any(_reaches(state, me, f) for f in there):
        return False
    if not there and not shooting and not any(_reaches(state, me, f) for f in foes):
        return False  # nothing of mine hurts or holds anyone: walking up only feeds their guns
    return not shooting or not me.in_cover or field(state).cover_at(ahead) is not None


def _shoot(actor: str, best: tuple[float, Soldier, Weapon]) -> Shoot:
    _, foe, gun = best
    return Shoot(actor=actor, weapon=gun.id, targets=[Aim(target=foe.id, shots=gun.rate_of_fire)])


def candidates(state: EncounterState, actor: str) -> list[Action]:
    return [*_wishes(state, actor), EndTurn(actor=actor)]


def suggest(ruleset: BaseRuleset, state: EncounterState) -> Action:
    """The first wish that the ruleset accepts: only verified actions leave here."""
    actor = state.actor
    assert actor is not None
    return ruleset.first_legal(state, _wishes(state, actor))


def _grapples(state: EncounterState, me: Soldier, foe: Soldier) -> bool:
    """Whether a grapple is worth trying: at least as many dice as the foe's, when no blow
    of mine hurts it (the trench gunner in light armor) and neither of us is held. A soldier
    whose own guns hurt it leaves the grabbing to friends whose guns do not, and keeps its gun
    on it (a grapple would put it at distance 0, where nobody shoots); alone, it grabs."""
    if _hurts(usable_melee(state, me), foe) or holding(me) or held_by(me) or held_by(foe):
        return False
    if _shoots_it(me, foe) and any(
        f.side == me.side and f.id != me.id and not _shoots_it(f, foe) for f in standing(state)
    ):
        return False
    return holder_pool(state, me, foe) >= max(1, foe.strength)


def _shoots_it(me: Soldier, foe: Soldier) -> bool:
    return any(w.shoots and _hurts(w, foe) for w in me.weapons)


def _reaches(state: EncounterState, me: Soldier, foe: Soldier) -> bool:
    """A blow of mine hurts `foe`, or I could grapple it."""
    return _hurts(usable_melee(state, me), foe) or _grapples(state, me, foe)


def _grip_wishes(state: EncounterState, me: Soldier) -> Iterator[Action]:
    """Holds first. Held: break free when pinned or when no blow hurts the holder. Holding a
    foe that no blow of mine hurts: raise it as a shield against foes that shoot at me, take
    or drop the weapons it would hurt my side with, pin it while a friend can still hurt it,
    and otherwise devour it: the seed's only end for a foe nothing can hurt."""
    holder = held_by(me)
    if holder is not None:
        if is_pinned(me) or not _hurts(me.melee_weapon, soldier(state, holder)):
            yield BreakFree(actor=me.id)
        return
    held_id = holding(me)
    if held_id is None:
        return
    held = soldier(state, held_id)
    if not held.is_active or _hurts(me.melee_weapon, held):
        return
    friends = [c for c in standing(state) if c.side == me.side]
    gunners = [
        f
        for f in standing(state)
        if f.side != me.side
        and f.distance != me.distance
        and any(w.shoots and _hurts(w, me) for w in f.weapons)
    ]
    if gunners and not held.has("human_shield") and me.hands:
        yield HumanShield(actor=me.id)
    for weapon in held.weapons:
        if any(_hurts(weapon, f) for f in friends):
            if me.weapon(weapon.id) is None:
                yield Disarm(actor=me.id, weapon=weapon.id, then="take")
            yield Disarm(actor=me.id, weapon=weapon.id, then="drop")
    others = [f for f in friends if f.id != me.id]
    finishers = [f for f in others if _shoots_it(f, held)]
    if finishers:
        if held.in_cover and not held.has("pinned"):
            yield from _drag_into_the_open(state, me, finishers)
        if not held.has("pinned"):
            yield Pin(actor=me.id)
        return
    if any(_hurts(f.melee_weapon, held) for f in others):
        if not held.has("pinned"):
            yield Pin(actor=me.id)
        return
    yield Devour(actor=me.id)  # nobody left who could hurt it: the seed's last resort


def _drag_into_the_open(
    state: EncounterState, me: Soldier, finishers: list[Soldier]
) -> Iterator[Action]:
    """Drag the one held out of its cover (one dragged never walks into cover) to a distance
    next door where none of the friends who can shoot it stands, so that they may."""
    taken = {f.distance for f in finishers}
    for step in (me.distance + 1, me.distance - 1):
        if step >= 0 and step not in taken:
            yield Drag(actor=me.id, to=step)
