"""Plain tactics for autoplay: strike a foe at distance 0 when a blow can hurt it (else step
away), shoot the foe the rough odds favour with every round of the rate of fire, take the
cover of one's own distance when out of it and shot at, and otherwise walk one distance
toward the nearest foe (a shooter only while its shot is poor, and only from cover into
cover: "Each distance may have usable cover so as to approach gunners with relative safety").

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
from fracas.rulesets.pools.actions import Aim, Attack, Move, Shoot, TakeCover
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
    close = enemies_at_zero(state, me)
    blade = me.melee_weapon
    if close:
        for foe in sorted(close, key=lambda f: (f.hp, f.id)):
            if _hurts(blade, foe):
                yield Attack(actor=actor, target=foe.id, weapon=blade.id)
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
    if there and not any(_hurts(me.melee_weapon, f) for f in there):
        return False
    if not there and not shooting and not any(_hurts(me.melee_weapon, f) for f in foes):
        return False  # nothing of mine hurts anyone: walking up only feeds their guns
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
