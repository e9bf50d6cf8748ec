"""Plain tactics for autoplay: strike the nearest standing foe in reach (with both weapons
when two are in hand, or with a stealth attack from behind a foe whose Presence + Stealth is
no higher than one's own, so the check is at least even), reload a spent crossbow or
firearm, else walk toward the foe, keep it in front, and end the turn.

Every wish is checked by the ruleset's `verify` before it is handed out, so autoplay may act
on it without checking again. The wishes are few and cheap: the walk asks one search of the
reachable tiles (cached on the map by start, budget and blockers).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from fracas.core.actions import Action, EndTurn
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState
from fracas.rulesets.tiers.actions import Attack, Face, Move, Reload, StealthAttack
from fracas.rulesets.tiers.dark_tactics import blind_wishes
from fracas.rulesets.tiers.rules.common import (
    body,
    direction,
    distance,
    fighter,
    gap_between,
    grid,
    standing,
)
from fracas.rulesets.tiers.rules.common import nearest as nearest_tile
from fracas.rulesets.tiers.rules.free_stealth import FreeStealthAttack
from fracas.rulesets.tiers.rules.light import blind
from fracas.rulesets.tiers.rules.movement import body_walks
from fracas.rulesets.tiers.sheet import UNARMED, Facing
from fracas.rulesets.tiers.warrior import ACTIONS_PER_TURN, Tile, Warrior


def _foes(state: EncounterState, me: Warrior) -> list[Warrior]:
    """Standing foes, nearest first, then the most hurt."""
    foes = [cast(Warrior, c) for c in state.combatants if c.side != me.side and c.is_active]
    foes.sort(key=lambda f: (gap_between(me, f), f.hp, f.id))
    return foes


def _best_tile(state: EncounterState, me: Warrior, foe: Warrior) -> Tile | None:
    """The reachable tile nearest the foe (then the cheapest to reach), if nearer than now. A
    large creature's tiles are where its front-left tile may go, judged by its whole body's
    nearest tile to the foe's (B21)."""
    if me.large:
        walks = body_walks(state, me)
        goal = body(foe)
        best_body: tuple[int, Tile] | None = None
        for tile in walks:
            near = min(distance(t, g) for t in body(me, tile) for g in goal)
            if best_body is None or (near, tile) < best_body:
                best_body = (near, tile)
        if best_body is None or best_body[0] >= gap_between(me, foe):
            return None
        return best_body[1]
    taken = standing(state)
    blocked = frozenset(t for t in taken if t != me.tile)
    reach = grid(state).reachable(me.tile, me.race.move, blocked)
    best: tuple[int, int, Tile] | None = None
    aim = body(foe)
    for tile, cost in reach.items():
        if tile in taken:
            continue
        near = distance(tile, foe.tile) if not foe.large else min(distance(tile, g) for g in aim)
        key = (near, cost, tile)
        if best is None or key < best:
            best = key
    if best is None or best[0] >= gap_between(me, foe):
        return None
    return best[2]


def _wishes(state: EncounterState, actor: str) -> Iterator[Action]:
    me = fighter(state, actor)
    foes = _foes(state, me)
    if not foes:
        return
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
                yield Attack(actor=actor, target=foe.id, weapon=weapon, also=pair)
            yield Attack(actor=actor, target=foe.id, weapon=weapon)
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
    if me.large:  # a body faces n, e, s or w, turning toward the foe's nearest tile
        mine, theirs = nearest_tile(me, nearest.tile), nearest_tile(nearest, me.tile)
        toward = _straight(direction(mine, theirs))
        if me.facing != toward:
            yield Face(actor=actor, facing=toward)
    elif me.facing_on != nearest.id:
        yield Face(actor=actor, target=nearest.id)


def _straight(facing: str) -> Facing:
    """The straight facing nearest a compass one, diagonals rounded clockwise."""
    straight: dict[str, Facing] = {"n": "n", "ne": "e", "e": "e", "se": "s", "s": "s", "sw": "w"}
    return straight.get(facing, "n")


def candidates(state: EncounterState, actor: str) -> list[Action]:
    return [*_wishes(state, actor), EndTurn(actor=actor)]


def suggest(ruleset: BaseRuleset, state: EncounterState) -> Action:
    """The first wish that the ruleset accepts: only verified actions leave here."""
    actor = state.actor
    assert actor is not None
    return ruleset.first_legal(state, _wishes(state, actor))
