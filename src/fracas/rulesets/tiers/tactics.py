"""Plain tactics for autoplay: renew an ending effect when that costs no blow, take a weapon
back when left with bare hands, strike the nearest standing foe in reach (with both weapons
when two are in hand, or with a stealth attack from behind a foe whose Presence + Stealth is
no higher than one's own, so the check is at least even) naming the crit picks the odds
favour, reload a spent crossbow or firearm, else walk toward the foe (stopping beyond its
reach when one's own reaches further), keep it in front, and end the turn.

Every wish is checked by the ruleset's `verify` before it is handed out, so autoplay may act
on it without checking again. The wishes are few and cheap: the walk asks one search of the
reachable tiles (cached on the map by start, budget and blockers), the crit picks one rough
chance per attack (crit_tactics.py), and nothing is verified per tile.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import cast

from fracas.core.actions import Action, EndTurn
from fracas.core.errors import FracasError
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState
from fracas.rulesets.tiers import crit_tactics
from fracas.rulesets.tiers.actions import Attack, Face, Grab, Move, Reload, StealthAttack, Swap
from fracas.rulesets.tiers.dark_tactics import blind_wishes
from fracas.rulesets.tiers.rules import arcs, effects
from fracas.rulesets.tiers.rules.arms import arm, default_defense, dual_defense, melee_choices
from fracas.rulesets.tiers.rules.common import (
    STEP,
    body,
    bounds,
    direction,
    distance,
    fighter,
    gap_between,
    grid,
    options,
    standing,
)
from fracas.rulesets.tiers.rules.common import nearest as nearest_tile
from fracas.rulesets.tiers.rules.exchange import attacking_arm
from fracas.rulesets.tiers.rules.free_stealth import FreeStealthAttack
from fracas.rulesets.tiers.rules.light import blind
from fracas.rulesets.tiers.rules.movement import body_walks
from fracas.rulesets.tiers.sheet import UNARMED, Facing
from fracas.rulesets.tiers.warrior import ACTIONS_PER_TURN, GroundItem, Tile, Warrior

STRAIGHT: tuple[Facing, ...] = ("n", "e", "s", "w")
"""The facings of a large body (B21)."""


def _foes(state: EncounterState, me: Warrior) -> list[Warrior]:
    """Standing foes, nearest first, then the most hurt."""
    foes = [cast(Warrior, c) for c in state.combatants if c.side != me.side and c.is_active]
    foes.sort(key=lambda f: (gap_between(me, f), f.hp, f.id))
    return foes


def _reach(me: Warrior) -> int:
    """How far `me` strikes in melee with what it holds (a pair reaches where both do)."""
    reach = arm(me, me.main or UNARMED).reach
    if me.off is not None and me.off != me.main:
        reach = min(reach, arm(me, me.off).reach)
    return reach


def _reach_or_range(me: Warrior) -> int:
    """How far a blow from `me` goes now: a loaded ranged weapon's range, else the reach."""
    weapon = me.weapon(me.main) if me.main is not None else None
    if weapon is not None and weapon.range is not None:
        return 0 if weapon.id in me.unloaded else weapon.range + me.race.range_bonus
    return _reach(me)


def _best_tile(state: EncounterState, me: Warrior, foe: Warrior) -> Tile | None:
    """Where to walk toward `foe`, if anywhere beats standing still: the reachable tile
    nearest the foe (then the cheapest to reach). A fighter that reaches further than any
    answer the foe may swap to stops within its own reach and beyond the foe's, in sight of
    it, so the blow that follows meets no counterattack ("If they are in melee range ... they
    will counterattack ... If they are outside melee range, they will simply dodge"). A large
    creature's tiles are where its front-left tile may go (B21); every gap is measured
    between the bodies' rectangles, one subtraction per tile rather than every pair of
    tiles."""
    mine, theirs = _reach(me), max(a.reach for a in melee_choices(foe))
    board = grid(state)
    aim = nearest_tile(foe, me.tile)
    west, north, east, south = bounds(foe)
    my_w, my_n, my_e, my_s = bounds(me)
    here = gap_between(me, foe)
    stand_off = mine > theirs and here > mine

    def gap_from(tile: Tile) -> int:
        dx, dy = tile[0] - me.x, tile[1] - me.y
        return max(0, west - my_e - dx, my_w + dx - east, north - my_s - dy, my_n + dy - south)

    def poor(tile: Tile, near: int) -> bool:
        """Not a stand-off tile: none is sought, or this one is in the foe's reach, out of
        one's own, or cut off from the foe by a wall."""
        return not (stand_off and theirs < near <= mine) or board.sight_blocked(tile, aim)

    if me.large:
        walks: dict[Tile, int] = dict.fromkeys(body_walks(state, me), 0)
    else:
        taken = standing(state)
        blocked = frozenset(t for t in taken if t != me.tile)
        walks = {
            t: cost
            for t, cost in board.reachable(me.tile, me.race.move, blocked).items()
            if t not in taken
        }
    best: tuple[bool, int, int, Tile] | None = None
    for tile, cost in walks.items():
        near = gap_from(tile)
        key = (poor(tile, near), near, cost, tile)
        if best is None or key < best:
            best = key
    if best is None or best[:2] >= (poor(me.tile, here), here):
        return None
    return best[3]


def _extend(state: EncounterState, me: Warrior, foe: Warrior) -> Iterator[Action]:
    """Renew an effect that ends now, when that costs no blow. The seed leaves extending to
    the bearer ("they may declare an action to extend those effects"), so an effect worth the
    choice is one the bearer wants; `extend` must be the turn's first action and is
    non-contested, so it costs nothing only when the foe is already in reach and the
    contested blow follows without a walk (TIERS-54)."""
    if me.actions or gap_between(me, foe) > _reach_or_range(me):
        return
    for effect in effects.ending(state, me.id):
        yield effects.Extend(actor=me.id, effect=effect.name)


def _rearm(state: EncounterState, me: Warrior, foe: Warrior) -> Iterator[Action]:
    """A fighter left with bare hands (its weapon dropped) takes a weapon back: a carried one
    into the main hand (`swap`, free), else one lying on or next to its tile (`grab`, one
    non-contested action, so the blow may still follow this turn), else, with the foe out of
    its reach, it walks onto the nearest one lying within its move, to grab it next. Only a
    weapon above its natural weapon's Tier and within its Body (rules/dropping.py) is worth
    it. A large creature fights with its body's natural weapons and grabs nothing."""
    if me.main is not None or me.large:
        return
    carried = [w for w in me.weapons if me.tier_of(w.id) > me.natural_weapon]
    if carried:
        best = max(carried, key=lambda w: me.tier_of(w.id))
        yield Swap(actor=me.id, weapon=best.id)
        return
    ground: tuple[GroundItem, ...] = getattr(state.arena, "ground", ())
    lying = [
        g
        for g in ground
        if me.natural_weapon < g.tier <= me.body and me.weapon(g.weapon.id) is None
    ]
    if not lying or me.actions >= ACTIONS_PER_TURN:
        return
    first = min(lying, key=lambda g: (distance(g.at, me.tile), -g.tier, g.at))
    if distance(first.at, me.tile) <= 1:
        yield Grab(actor=me.id, weapon=first.weapon.id, at=first.at)
    elif gap_between(me, foe) > _reach(me) and first.at not in standing(state):
        yield Move(actor=me.id, to=first.at)


def _strike(
    state: EncounterState, me: Warrior, foe: Warrior, also: str | None = None
) -> Iterator[Attack]:
    """The attack on `foe` naming the crit picks the rough odds favour (crit_tactics.py),
    then the same attack with the documented defaults, should a pick be refused."""
    plain = Attack(actor=me.id, target=foe.id, weapon=me.main or UNARMED, also=also)
    try:
        used = attacking_arm(me, plain)
    except FracasError:
        return
    gap = gap_between(me, foe)
    answer = dual_defense(foe, gap) or default_defense(foe, gap)
    odds = crit_tactics.chance(me, used, foe, gap)
    forced = options(state).natural_crit_fail == "used_weapon"
    hit = crit_tactics.hit_pick(foe, answer, odds)
    fail = crit_tactics.fail_pick(me, used, odds, forced=forced)
    if hit is not None or fail is not None:
        yield replace(plain, crit_item=hit, fumble_item=fail)
    yield plain


def _wishes(state: EncounterState, actor: str) -> Iterator[Action]:
    me = fighter(state, actor)
    foes = _foes(state, me)
    if not foes:
        return
    yield from _extend(state, me, foes[0])
    yield from _rearm(state, me, foes[0])
    weapon = me.main or UNARMED
    if not me.stealth_spent:
        for foe in foes[:2]:  # the free stealth attack on the Blind costs no action
            if gap_between(me, foe) == 1:
                yield FreeStealthAttack(actor=actor, target=foe.id, weapon=weapon)
    pair = me.off if me.off not in (None, me.main) else None
    if me.actions < ACTIONS_PER_TURN and not me.contested:
        sneak = me.presence + me.skills.stealth
        for foe in foes:
            if me.skills.stealth and sneak >= foe.presence + foe.skills.stealth:
                # from behind (verify checks it), an even or better check buys a blow the foe
                # cannot roll against
                yield StealthAttack(actor=actor, target=foe.id, weapon=weapon)
            if pair is not None:  # two weapons in hand: both dice (refused unless both melee)
                yield from _strike(state, me, foe, also=pair)
            yield from _strike(state, me, foe)
    if me.actions < ACTIONS_PER_TURN and weapon in me.unloaded:
        yield Reload(actor=actor, weapon=weapon)
    nearest = foes[0]
    if blind(state, me):
        if me.actions < ACTIONS_PER_TURN:
            yield from blind_wishes(state, me, nearest)
        elif me.facing != direction(me.tile, nearest.tile):
            yield Face(actor=actor, facing=cast(Facing, direction(me.tile, nearest.tile)))
        return
    if me.actions < ACTIONS_PER_TURN:
        tile = _best_tile(state, me, nearest)
        if tile is not None:
            yield Move(actor=actor, to=tile)
    if me.large:  # a body faces n, e, s or w, turning about its front-left tile
        turn = _body_facing(state, me, foes)
        if turn is not None:
            yield Face(actor=actor, facing=turn)
    elif me.facing_on != nearest.id:
        yield Face(actor=actor, target=nearest.id)


def _body_facing(state: EncounterState, me: Warrior, foes: list[Warrior]) -> Facing | None:
    """The straight facing a large body turns to, or None to stay as it is: the one that
    best keeps a foe in its reach, then the nearest foe in front of its centre line (where
    its shield covers), then nearest. A turn swings the whole body about its front-left tile,
    so which tile is nearest, and which foe, change with it; turning "toward the nearest foe"
    from where it stood pointed a drake n, then (another foe now nearest) w, n, w ... without
    end, a `face` being free. Each facing is judged by where the body would then lie, against
    every foe, and a turn is made only to a strictly better one: after it none is better."""
    reach = max(a.reach for a in melee_choices(me))
    board, taken = grid(state), standing(state)

    def worth(facing: str) -> tuple[bool, bool, int]:
        tiles = body(me, facing=facing)
        xs, ys = [t[0] for t in tiles], [t[1] for t in tiles]
        west, north, east, south = min(xs), min(ys), max(xs), max(ys)

        def gap(foe: Warrior) -> tuple[int, int, str]:
            fw, fn, fe, fs = bounds(foe)
            return (max(0, fw - east, west - fe, fn - south, north - fs), foe.hp, foe.id)

        near, _, closest = min(gap(f) for f in foes)
        step = STEP[facing]
        aim = nearest_tile(fighter(state, closest), me.tile)
        front = arcs.ahead(arcs.body_centre2(me.tile, me.width, me.length, step), step, aim)
        return (near > reach, not front, near)

    best: tuple[tuple[bool, bool, int], Facing] | None = None
    now = worth(me.facing)
    for facing in STRAIGHT:
        if facing == me.facing:
            continue
        tiles = body(me, facing=facing)
        if any(not board.walkable(t) or taken.get(t, me.id) != me.id for t in tiles):
            continue
        key = worth(facing)
        if key < now and (best is None or key < best[0]):
            best = (key, facing)
    return None if best is None else best[1]


def candidates(state: EncounterState, actor: str) -> list[Action]:
    return [*_wishes(state, actor), EndTurn(actor=actor)]


def suggest(ruleset: BaseRuleset, state: EncounterState) -> Action:
    """The first wish that the ruleset accepts: only verified actions leave here."""
    actor = state.actor
    assert actor is not None
    return ruleset.first_legal(state, _wishes(state, actor))
