"""A plain way to play `nwo` for autoplay, the way a sensible player would.

`candidates` lists actions worth checking for `legal_actions` (the map queries in
`queries.py` keep the list short). `suggest` picks one: break a grapple, steady oneself
against suppressive fire, stand up, take a good shot or blow from where one stands, else
step to where one is better (round cover, clear of friends in the line of fire, next to a
foe); reload an empty gun (a success costs nothing), draw or swap to a weapon that can be
used, dash toward the foes when nothing is in reach. A badly hurt fighter braces or ends in
cover. Whatever it picks has passed the ruleset's `verify`; its judgement of tiles and odds
(`appraisal.py`) is rough on purpose, so a fight of many turns stays cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, cast

from fracas.core.actions import Action, EndTurn
from fracas.core.state import EncounterState, Status
from fracas.rulesets.nwo import queries
from fracas.rulesets.nwo.actions import (
    Attack,
    Brace,
    Crawl,
    Dash,
    Disarm,
    Disengage,
    Draw,
    Drop,
    DualAttack,
    Escape,
    Focus,
    ForceProne,
    Free,
    Grapple,
    Help,
    HumanShield,
    Move,
    Overwatch,
    Prone,
    Release,
    Reload,
    ResolveCheck,
    Restrain,
    Shove,
    Stand,
    Stow,
    Suppress,
    Swap,
)
from fracas.rulesets.nwo.appraisal import (
    distances_to,
    hit_chance,
    open_chance,
    sheltered,
    threat_zone,
    worth,
)
from fracas.rulesets.nwo.catalog import IMPROVISED, UNARMED, Weapon, catalog
from fracas.rulesets.nwo.grid import Tile
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules.common import (
    GRAPPLED,
    PRONE,
    SUPPRESSED,
    engagers,
    fighter,
    grid,
    occupied,
)
from fracas.rulesets.nwo.rules.movement import may_move_after_shooting, why_cannot_move

if TYPE_CHECKING:
    from fracas.core.ruleset import BaseRuleset

UNREACHED: Final = 10**6
"""The walking distance of a tile from which no foe can be reached at all."""


def candidates(state: EncounterState, actor_id: str) -> Iterator[Action]:
    """Every action worth checking now; the map queries keep moves and attacks to the tiles
    and targets that can be right, the ruleset's verify filters the rest."""
    actor = fighter(state, actor_id)
    others = [c.id for c in state.combatants if c.id != actor_id and c.is_active]
    yield EndTurn(actor=actor_id)
    for tile in queries.reachable(state, actor_id):
        yield Move(actor=actor_id, to=tile)
        yield Disengage(actor=actor_id, to=tile)
    for tile in queries.reachable(state, actor_id, "dash"):
        yield Dash(actor=actor_id, to=tile)
    for tile in queries.reachable(state, actor_id, "crawl"):
        yield Crawl(actor=actor_id, to=tile)
    for weapon_id, targets in queries.targets(state, actor_id).items():
        for target in targets:
            yield Attack(actor=actor_id, target=target, weapon=weapon_id)
            yield Suppress(actor=actor_id, target=target, weapon=weapon_id)
            yield Disarm(actor=actor_id, target=target, weapon=weapon_id)
    for target in others:
        yield DualAttack(actor=actor_id, target=target)
        yield Help(actor=actor_id, target=target)
        yield Grapple(actor=actor_id, target=target)
        yield Restrain(actor=actor_id, target=target)
        yield ForceProne(actor=actor_id, target=target)
        yield Release(actor=actor_id, target=target)
        yield Free(actor=actor_id, target=target)
        yield HumanShield(actor=actor_id, shield=target)
        yield Shove(actor=actor_id, target=target, result="prone")
        yield Shove(actor=actor_id, target=target, result="away")
        yield Overwatch(actor=actor_id, trigger=f"moves:{target}")
    yield from (Focus(actor=actor_id), Brace(actor=actor_id), Escape(actor=actor_id))
    yield from (Prone(actor=actor_id), ResolveCheck(actor=actor_id))
    yield Stand(actor=actor_id, using="movement")
    yield Stand(actor=actor_id, using="action")
    for weapon in actor.arsenal:
        yield Reload(actor=actor_id, weapon=weapon.id)
        yield Draw(actor=actor_id, weapons=(weapon.id,))
        yield Swap(actor=actor_id, weapons=(weapon.id,))
        yield Drop(actor=actor_id, weapon=weapon.id)
        yield Stow(actor=actor_id, weapon=weapon.id)


def suggest(ruleset: BaseRuleset, state: EncounterState) -> Action:
    """The first wish that the ruleset accepts: only verified actions leave here."""
    actor_id = state.actor
    assert actor_id is not None
    return ruleset.first_legal(state, _wishes(state, actor_id))


GOOD_CHANCE: Final = 0.45
"""A strike at least this likely is made from where one stands, without moving first."""
BETTER_BY: Final = 1.3
"""Moving first (and shooting at -2) must promise this much more than staying put."""
FLANK_STEPS: Final = 3
"""How far a shooter who has a poor shot looks for a better one (to get round cover)."""
HURT_SHARE: Final = 3
"""Badly hurt: no armor hitpoints left and at most a third of the HP."""
NEAREST: Final = 4
"""A fighter looking for a better tile weighs strikes at the nearest few foes only, as a
player would: in a big fight, weighing every tile against every foe made each decision cost
more the more foes there were."""


@dataclass(frozen=True, slots=True)
class _Look:
    """What one fighter sees at the start of a decision, worked out once."""

    me: Operative
    foes: list[Operative]
    blocked: frozenset[Tile]
    """Tiles others stand or lie on."""
    shields: frozenset[Tile]
    """Tiles no shot should cross: friends, and the helpless who would stop it (standing
    in the line of fire, so not prone, not dead)."""
    engaged: bool
    mobile: bool
    backed: bool
    """Another of the side still fights unhurt: only then may a hurt fighter hold back
    (were everyone to, the fight would never end)."""
    threat: frozenset[Tile]
    """Tiles on which a foe's melee weapon would engage the fighter."""
    options: dict[tuple[tuple[str, ...], bool, bool], list[_Option]] = field(default_factory=dict)
    """The strikes to weigh, by weapons and whether the fighter moved (see `_options`)."""

    @property
    def hurt(self) -> bool:
        return _hurt(self.me)


def _hurt(who: Operative) -> bool:
    return who.ahp == 0 and who.hp * HURT_SHARE <= who.max_hp


@dataclass(frozen=True, slots=True)
class _Strike:
    value: float
    chance: float
    tile: Tile
    action: Attack


def _look(state: EncounterState, actor_id: str) -> _Look:
    """One pass over everyone (asked at every decision, so a pass rather than one per list):
    the combatants of a state are the operatives `fighter` finds."""
    me = fighter(state, actor_id)
    foes: list[Operative] = []
    shields: list[Tile] = []
    backed = False
    for other in cast(tuple[Operative, ...], state.combatants):
        if other.side != me.side:
            if other.is_active:
                foes.append(other)
            elif other.status is Status.UNCONSCIOUS and not other.has(PRONE):
                shields.append((other.x, other.y))
        elif other.id != me.id:
            if (other.is_active or other.status is Status.UNCONSCIOUS) and not other.has(PRONE):
                shields.append((other.x, other.y))  # a friend, or the helpless: no shot through
            backed = backed or (other.is_active and not _hurt(other))
    mobile = not (me.movement_spent or why_cannot_move(me))
    engaged = any(True for _ in engagers(state, me))
    blocked = frozenset(occupied(state, besides=me.id))
    zone = threat_zone(state, foes)
    return _Look(me, foes, blocked, frozenset(shields), engaged, mobile, backed, zone)


def _wishes(state: EncounterState, actor_id: str) -> Iterator[Action]:
    look = _look(state, actor_id)
    me = look.me
    if not look.foes:
        return
    if me.has(GRAPPLED):
        yield Escape(actor=me.id)
    if me.has(SUPPRESSED):  # the free Resolve check first: passed, nothing holds one back
        yield ResolveCheck(actor=me.id)
    if me.has(PRONE) and look.mobile:
        yield Stand(actor=me.id, using="movement")
    if me.acted:
        yield from _after_acting(state, look)
        return
    here = _best_strike(state, look, me.tile, me.wielded, moved=me.moved > 0)
    if here is None:
        yield from _reloads(me)
    if look.hurt and look.backed and look.engaged and (here is None or here.chance < GOOD_CHANCE):
        yield Brace(actor=me.id)
    if here is None or (here.chance < GOOD_CHANCE and not look.engaged):
        moved = _strike_after_moving(state, look, FLANK_STEPS if here else None)
        if moved is not None and (here is None or moved.value > here.value * BETTER_BY):
            yield Move(actor=me.id, to=moved.tile)
    if here is not None:
        yield here.action
    yield from _reloads(me)
    yield from _draws(state, look)
    yield from _bare_strikes(state, look)
    if look.mobile and not me.moved:
        tile = _dash_target(state, look)
        if tile is not None:
            yield Dash(actor=me.id, to=tile)
    yield from _approach(state, look)


_Option = tuple[float, int, str, Weapon, Operative]
"""A strike to weigh: its value with nothing in the way (an upper bound on what it is
worth from any tile), its place in the listing order, the weapon's id, weapon and foe."""


def _options(
    state: EncounterState, look: _Look, weapon_ids: tuple[str, ...], moved: bool, nearest: bool
) -> list[_Option]:
    """Every weapon against every foe (or the `NEAREST` foes), most promising first (ties in
    listing order): worked out once per decision, for the bound does not depend on the tile."""
    key = (weapon_ids, moved, nearest)
    found = look.options.get(key)
    if found is not None:
        return found
    me = look.me
    foes = look.foes
    if nearest and len(foes) > NEAREST:
        board = grid(state)
        closest = sorted(foes, key=lambda f: board.distance(me.tile, f.tile))[:NEAREST]
        kept = {f.id for f in closest}
        foes = [f for f in foes if f.id in kept]
    found = []
    for weapon_id in weapon_ids:
        weapon = me.weapon(weapon_id) if weapon_id != IMPROVISED else catalog()[IMPROVISED]
        if weapon is None:
            continue
        for foe in foes:
            bound = worth(foe, weapon, open_chance(state, me, foe, weapon, moved))
            found.append((bound, len(found), weapon_id, weapon, foe))
    found.sort(key=lambda option: (-option[0], option[1]))
    look.options[key] = found
    return found


def _best_strike(
    state: EncounterState,
    look: _Look,
    tile: Tile,
    weapon_ids: Iterable[str],
    *,
    moved: bool,
    floor: float = 0.0,
    nearest: bool = False,
) -> _Strike | None:
    """The most worthwhile attack from `tile` with these weapons (in hand, or the bare
    hands and the stock a fighter always has), if any can be made and is worth more than
    `floor` (what the caller already has: candidates that cannot beat it are not looked
    at closely). Of equally worthwhile ones, the first in the listing order.

    The options come best bound first, so the search stops at the first that could not
    beat (or, listed earlier, tie) the best found: a big fight's many foes cost little."""
    me = look.me
    engaged = look.engaged if tile == me.tile else tile in look.threat
    best: _Strike | None = None
    best_index = -1
    options = _options(state, look, tuple(weapon_ids), moved, nearest)
    for bound, index, weapon_id, weapon, foe in options:
        if bound <= floor:
            break
        if best is not None and (
            bound < best.value or (bound == best.value and index > best_index)
        ):
            if bound < best.value:
                break
            continue
        chance = hit_chance(
            state,
            me,
            tile,
            foe,
            weapon,
            moved=moved,
            engaged=engaged,
            occupied=look.blocked,
            shields=look.shields,
        )
        value = worth(foe, weapon, chance)
        if chance > 0 and (
            best is None or value > best.value or (value == best.value and index < best_index)
        ):
            action = Attack(actor=me.id, target=foe.id, weapon=weapon_id)
            best = _Strike(value, chance, tile, action)
            best_index = index
    return best


def _bare_strikes(state: EncounterState, look: _Look) -> Iterator[Attack]:
    """Strikes with what a fighter always has, best first: fists, and the stock of a gun
    in hand (an improvised weapon only then)."""
    me = look.me
    kinds = [UNARMED, *([IMPROVISED] if any(w.is_ranged for w in me.in_hand) else [])]
    strikes = [
        strike
        for kind in kinds
        if (strike := _best_strike(state, look, me.tile, (kind,), moved=me.moved > 0))
    ]
    for strike in sorted(strikes, key=lambda s: s.value, reverse=True):
        yield strike.action


def _strike_after_moving(state: EncounterState, look: _Look, steps: int | None) -> _Strike | None:
    """The nearest tile this turn's movement reaches from which a strike with what is in
    hand is likely, else the best of the rest. Guns count only within `steps` (if given)
    and out of foes' melee reach; beyond, or next to a foe, only blades and clubs do, so a
    shooter with a hopeless shot and a melee weapon closes in. Nearest first, and guns
    only a few steps out when there is a shot already, and at the `NEAREST` foes: lines of
    fire are what this costs. A hurt fighter favours tiles that cover screens."""
    if not look.mobile:
        return None
    me = look.me
    melee = tuple(w.id for w in me.in_hand if not w.is_ranged)
    best: _Strike | None = None
    reach = queries.reachable(state, me.id)
    for tile in sorted(reach, key=reach.__getitem__):
        far = steps is not None and reach[tile] > steps
        weapon_ids = melee if far or tile in look.threat else me.wielded
        floor = 0.0 if best is None else best.value / (BETTER_BY if look.hurt else 1.0)
        strike = _best_strike(state, look, tile, weapon_ids, moved=True, floor=floor, nearest=True)
        if strike is None:
            continue
        if look.hurt and sheltered(state, tile, look.foes):
            strike = _Strike(strike.value * BETTER_BY, strike.chance, tile, strike.action)
        if best is None or strike.value > best.value:
            best = strike
        if best.chance >= GOOD_CHANCE and not look.hurt:
            break
    return best


def _reloads(me: Operative) -> Iterator[Action]:
    """An empty gun in hand is reloaded first: a passed check costs nothing."""
    for weapon in me.in_hand:
        if me.rounds(weapon.id) == 0:
            yield Reload(actor=me.id, weapon=weapon.id)


def _draws(state: EncounterState, look: _Look) -> Iterator[Action]:
    """Take up a holstered weapon when the hands hold nothing, or when it could strike from
    here and nothing in hand can; into free hands if it fits, else swapped for what is held."""
    me = look.me
    holstered = sorted(
        (w for w in me.arsenal if w.id in me.holstered), key=lambda w: w.damage, reverse=True
    )
    for weapon in holstered:
        usable = not me.in_hand or any(
            hit_chance(state, me, me.tile, foe, weapon, moved=me.moved > 0, engaged=look.engaged)
            > 0
            for foe in look.foes
        )
        if not usable:
            continue
        if weapon.hands <= me.free_hands:
            yield Draw(actor=me.id, weapons=(weapon.id,))
        yield Swap(actor=me.id, weapons=(weapon.id,))


def _dash_target(state: EncounterState, look: _Look) -> Tile | None:
    """Where a dash brings a fighter who can strike nobody this turn: nearest the foes on
    foot; a shooter stops short of their melee reach."""
    me = look.me
    tiles = queries.reachable(state, me.id, "dash")
    if any(w.is_ranged for w in me.in_hand):
        tiles = {t: c for t, c in tiles.items() if t not in look.threat}
    return _nearer(state, look, tiles)


def _approach(state: EncounterState, look: _Look) -> Iterator[Action]:
    """Walk toward the nearest foe with the movement left (not away from an engagement)."""
    if look.mobile and not look.engaged:
        tile = _nearer(state, look, queries.reachable(state, look.me.id))
        if tile is not None:
            yield Move(actor=look.me.id, to=tile)


def _nearer(state: EncounterState, look: _Look, tiles: dict[Tile, int]) -> Tile | None:
    """Of `tiles`, the one nearest a foe on foot (around walls and bodies), if it is nearer
    than where the fighter stands."""
    if not tiles:
        return None
    board = grid(state)
    away = distances_to(state, [f.tile for f in look.foes], look.blocked)

    def key(tile: Tile) -> tuple[int, int, int]:
        straight = min(board.distance(tile, f.tile) for f in look.foes)
        return (away.get(tile, UNREACHED), straight, tiles.get(tile, 0))

    # The walk decides first; only the tiles tied on it need the straight line to every foe.
    nearest = min(away.get(tile, UNREACHED) for tile in tiles)
    best = min((t for t in tiles if away.get(t, UNREACHED) == nearest), key=key)
    return best if key(best) < key(look.me.tile) else None


def _after_acting(state: EncounterState, look: _Look) -> Iterator[Action]:
    """With the action spent and movement left: a shooter steps behind cover if a tile in
    reach screens it from more shooters; a fighter in melee stays put; others close in."""
    me = look.me
    if not look.mobile or look.engaged or not may_move_after_shooting(state, me):
        return  # a standing shot that was not declared as shoot-and-move ends the moving
    if any(w.is_ranged for w in me.in_hand):
        board = grid(state)
        if all(board.distance(me.tile, c) > me.movement + 1 for c in board.cover):
            return  # no cover within a walk: spare the search
        tiles = queries.reachable(state, me.id)
        cover = {t: sheltered(state, t, look.foes) for t in tiles}
        safe = [t for t in tiles if cover[t] and t not in look.threat]
        if safe:
            best = max(safe, key=lambda t: (cover[t], -tiles[t]))
            if cover[best] > sheltered(state, me.tile, look.foes):
                yield Move(actor=me.id, to=best)
        return
    yield from _approach(state, look)
