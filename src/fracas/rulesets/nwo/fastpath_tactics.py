"""The nwo fast path's restatement of the tactics (`tactics._wishes` down to the first wish
`Ruleset.first_legal` accepts) over a trial's lists. Each function names the tactic it
restates; the costly geometry (lines of fire, threat zones, cover counts, walking distances,
reachable tiles and paths) is asked of the fork's tables (`fastpath_tables.Tables`,
`Compiled.sight`), which give the answers the tactics' own caches give (`appraisal`'s and
`grid._search`'s) in the same order, tests holding each to them. A wish that is not
restated hands the fight back. See nwo/fastpath.py for what is modelled and why."""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

from fracas.rulesets.nwo.appraisal import _CLEAR, _RULED_OUT, _SCREENED
from fracas.rulesets.nwo.fastpath_fork import (
    ACTIVE,
    BRACE,
    DASH,
    DEAD,
    DRAW,
    ESCAPE,
    MOVE,
    RELOAD,
    SWAP,
    Arm,
    Choice,
    Compiled,
    half,
)
from fracas.rulesets.nwo.fastpath_tables import Reach, picked
from fracas.rulesets.nwo.grid import Tile
from fracas.rulesets.nwo.rules.attack import MOVE_PENALTY
from fracas.rulesets.nwo.tactics import (
    BETTER_BY,
    FLANK_STEPS,
    GOOD_CHANCE,
    NEAREST,
)

if TYPE_CHECKING:
    from fracas.rulesets.nwo.fastpath_fight import Fight


NOBODY: Final[frozenset[Tile]] = frozenset()
NOWHERE: Final[Reach] = (MappingProxyType({}), [], [])


class Handback(Exception):
    """The fight reached what the fast path does not model: the engine plays it instead."""


_Option = tuple[float, int, int, Arm, int, float, float]
"""tactics._Option: the bound, its place in the listing, the weapon's place in hand, the
weapon, the foe; then the share of the foe's health a hit takes and the open chance
(`appraisal.worth` is their product), kept so that a tile's strike multiplies once."""

BOUND: Final = itemgetter(0)
"""An option's bound, its sort key (made once: the compiled build calls the type to make one)."""

_Best = tuple[float, float, int, int]
"""tactics._Strike: its value, its chance, the foe and the weapon's place in hand."""


BODY: Final = 1
SHIELD: Final = 2
"""`View.marks`: someone stands there (a shot past screens), or a friend or the helpless
does (no shot past)."""

UNKNOWN_SHELTER: Final = 255
"""`View.sheltered` of a tile not asked yet (more shooters than this are not kept there)."""


class View:
    """What `Look` reads of where everyone stands (`see`), the same for every board of one
    scene and kept with it (`Fight.view`): the foes and their tiles, the bodies, the foes'
    threat zone and whether the fighter stands in it, and the bodies and shields marked by
    tile number for the lines of fire. It also keeps what the decisions of
    the scene's boards work out from the scene alone, for the next board of it (two
    decisions in three meet a scene met before, with other health): the tile searches by
    allowance (`reachable`), the walk toward the foes and their distances (`_nearer`),
    and the cover each tile has against the foes' guns (`sheltered`)."""

    __slots__ = (
        "away",
        "blocked",
        "engaged",
        "foe_tiles",
        "foes",
        "marks",
        "reach",
        "sheltered",
        "shooters",
        "straight",
        "threat",
    )

    def __init__(
        self,
        foes: tuple[int, ...],
        foe_tiles: tuple[Tile, ...],
        blocked: frozenset[Tile],
        threat: frozenset[Tile],
        engaged: bool,
        marks: bytearray,
        shooters: tuple[Tile, ...],
    ) -> None:
        self.foes = foes
        self.foe_tiles = foe_tiles
        self.blocked = blocked
        self.threat = threat
        self.engaged = engaged
        self.marks = marks
        """By tile number (x x height + y): `SHIELD`, `BODY` or 0, read along a line of fire
        (`Sight.numbers`) by `_best_strike` instead of asking a set of tiles of a set."""
        self.shooters = shooters
        """appraisal.sheltered's shooters: the foes with a gun in hand."""
        self.reach: dict[int, Reach] = {}
        """`reachable`'s answers by allowance (the scene fixes the start and the bodies), and
        the one `Fight.move` reads its path from."""
        self.away: list[int] | None = None
        """The walk toward the foes by tile number (`Tables.walking`), once asked."""
        self.straight: dict[Tile, int] | None = None
        """The foes' distances as the crow flies (`Compiled.straight`), once asked."""
        self.sheltered: bytearray | None = None
        """`shelter`'s answers by tile number, `UNKNOWN_SHELTER` until asked; made when
        first asked (a byte a tile: a view is dropped with thousands of others when the
        table of views starts over, and a list's every item would be let go one by one)."""


def see(f: Fight, n: int) -> View:
    """tactics._look's reading of the scene (everyone's tile, status, dash and arms, and
    nobody's health): the same for every board of one scene (`Fight.view` keeps it)."""
    c = f.c
    status, side, tiles = f.status, c.side, f.tile
    mine = side[n]
    marks = bytearray(c.width * c.height)
    others: list[int] = []
    foes: list[int] = []
    for m, s in enumerate(status):
        if s == DEAD or m == n:
            continue
        others.append(m)
        if side[m] != mine and s == ACTIVE:
            foes.append(m)
            marks[c.number(tiles[m])] = BODY
        else:  # a friend, or the helpless: no shot through
            marks[c.number(tiles[m])] = SHIELD
    arms = f.arms
    threat = c.tables.zone(tuple((tiles[m], arms[m].reach) for m in foes if arms[m].holds_melee))
    dashing = f.dashing
    # Fight.engaged, unless a foe dashes: within an armed foe's reach, the zone's very test
    engaged = f.engaged(n) if any(dashing[m] for m in foes) else tiles[n] in threat
    return View(
        tuple(foes),
        tuple(picked(tiles, foes)),
        frozenset(picked(tiles, others)),
        threat,
        engaged,
        marks,
        tuple(picked(tiles, [m for m in foes if arms[m].shoots])),
    )


class Look:
    """tactics._look: what the fighter sees at the start of a decision, worked out once
    per board: the scene's part (`see`) kept per scene, its own health and movement, and
    the options and walks it weighs."""

    __slots__ = (
        "aimed",
        "blocked",
        "engaged",
        "f",
        "foe_tiles",
        "foes",
        "hurt",
        "mobile",
        "n",
        "options",
        "reach",
        "threat",
        "tile",
        "view",
    )

    def __init__(self, f: Fight, n: int, view: View) -> None:
        self.f = f
        self.n = n
        self.tile = f.tile[n]
        self.view = view
        self.foes, self.foe_tiles, self.engaged = view.foes, view.foe_tiles, view.engaged
        self.blocked, self.threat = view.blocked, view.threat
        self.mobile = mobile(f, n)
        self.hurt = f.hurt(n)
        self.aimed = f.c.aimed[n]
        self.options: dict[tuple[tuple[int, ...], bool, bool], list[_Option]] = {}
        self.reach = view.reach
        """`reachable`'s answers by allowance, the scene's (`View.reach`): the tile search
        and the walk toward the foes ask the same one, and so do other boards of the scene."""

    def backed(self) -> bool:
        """tactics._look's `backed`: an active, unhurt friend stands (asked only of a hurt,
        engaged fighter weighing the brace)."""
        f, n = self.f, self.n
        side = f.c.side
        mine = side[n]
        return any(
            s == ACTIVE and m != n and side[m] == mine and not f.hurt(m)
            for m, s in enumerate(f.status)
        )


def decide(f: Fight, n: int) -> Choice | None:
    """tactics._wishes, then `first_legal`: the first wish `verify` accepts, or None to end
    the turn."""
    if idle(f, n):
        return None
    if f.grips is not None and restrained(f, n):
        return None
    look = f.look(n)
    if not look.foes:
        return None
    if f.grips is not None and _escapes(f, n):
        return (ESCAPE, 0, 0)
    if f.acted:
        return _after_acting(look)
    arms = f.arms[n]
    moved = f.moved[n] > 0
    options = _options(look, arms.places, moved, False)
    here = _best_strike(look, look.tile, look.engaged, options, moved)
    if here is None:
        reload = _reloads(f, n)
        if reload is not None:
            return reload
    weak = here is None or here[1] < GOOD_CHANCE
    if look.hurt and look.engaged and weak and arms.braces and look.backed():
        return (BRACE, 0, 0)  # posture.verify_brace: a melee weapon in hand, the action
    if here is None or (weak and not look.engaged):
        better = _strike_after_moving(look, FLANK_STEPS if here else None)
        if better is not None and (here is None or better[0] > here[0] * BETTER_BY):
            return (MOVE, *better[2])
    if here is not None:
        foe, w = here[2], here[3]
        weapon = arms.wielded[w]
        if f.may_strike(n, foe, weapon, look.engaged) and not held_back(f, n, weapon):
            return (foe, w, 0)
    reload = _reloads(f, n)
    if reload is not None:
        return reload
    draw = _draws(look, moved)
    if draw is not None:
        return draw
    bare = _bare_strike(look, moved)
    if bare is not None:
        return bare
    if look.mobile and not f.moved[n]:
        target = _nearer(look, _dash_target(look))
        if target is not None:
            return (DASH, *target)
    return _approach(look)


def idle(f: Fight, n: int) -> bool:
    """Whether the fighter can only end its turn, read without the board: it has fallen
    (BaseRuleset.verify: the fallen may only end the turn), or it acted with nothing left
    to move (`_after_acting`'s first test). `Fight.choose` asks it before it makes a key."""
    if f.status[n] != ACTIVE:
        return True
    return f.acted and (f.spent[n] or (f.shot and not f.moved[n]))


def mobile(f: Fight, n: int) -> bool:
    """`Look.mobile`: the movement not spent, and not grappled (movement.why_cannot_move);
    a stunned fighter never decides (`Fight.choose`)."""
    return not f.spent[n] and not f.grappled(n)


def _escapes(f: Fight, n: int) -> bool:
    """tactics._wishes' first wish, an escape for the grappled, as holds.verify_escape
    allows it: the action unused and the spearman's ban on escaping lapsed."""
    grips = f.grips
    return grips is not None and grips.held[n] >= 0 and not f.acted and not grips.no_escape[n]


def _draws(look: Look, moved: bool) -> Choice | None:
    """tactics._draws: the first holstered weapon (most damaging first) that could strike
    from here (its line of fire asked with nobody standing about), or any when the hands
    are empty: drawn beside what is held if the hands are free for it, else swapped for
    it (both accepted by `verify` with the action unused)."""
    f = look.f
    arms = f.arms[look.n]
    for k, arm in enumerate(arms.spare):
        if arms.wielded and not any(
            _hit_chance(look, look.tile, foe, arm, moved, look.engaged) > 0 for foe in look.foes
        ):
            continue
        return (DRAW if arm.hands <= arms.free_hands else SWAP, k, 0)
    return None


def _bare_strike(look: Look, moved: bool) -> Choice | None:
    """tactics._bare_strikes: fists, and the stock of a gun in hand, the better first (of
    equals the fists); `verify` accepts whichever is found (in reach, the action unused)."""
    arms = look.f.arms[look.n]
    kinds = (arms.fists, arms.stock) if arms.shoots else (arms.fists,)
    strikes = [
        s
        for kind in kinds
        if (
            s := _best_strike(
                look, look.tile, look.engaged, _options(look, (kind,), moved, False), moved
            )
        )
    ]
    if not strikes:
        return None
    best = max(strikes, key=lambda s: s[0])  # the first of the best, as a stable sort has it
    return (best[2], best[3], 0)


def _reloads(f: Fight, n: int) -> Choice | None:
    """tactics._reloads: an empty gun in hand, in the arsenal's order."""
    arms = f.arms[n]
    for w in arms.reload_order:
        if f.dry[n] & arms.wielded[w].slot:
            return (RELOAD, w, 0)
    return None


def _options(look: Look, weapons: tuple[int, ...], moved: bool, nearest: bool) -> list[_Option]:
    """tactics._options with appraisal.open_chance for the bound."""
    key = (weapons, moved, nearest)
    found = look.options.get(key)
    if found is not None:
        return found
    f = look.f
    c = f.c
    n = look.n
    foes = look.foes
    if nearest and len(foes) > NEAREST:
        here = look.tile
        closest = sorted(foes, key=lambda m: c.gap(here, f.tile[m]))[:NEAREST]
        foes = tuple(m for m in foes if m in closest)
    mine = f.arms[n].by_place
    aim = c.aiming[n] - (MOVE_PENALTY if moved else 0)
    found = []
    hp, ahp, arms = f.hp, f.ahp, f.arms
    health = [max(1, hp[foe] + ahp[foe]) for foe in foes]
    for w in weapons:
        arm = mine[w]
        damage = arm.damage
        for i in range(len(foes)):  # indexes, not zip: the compiled build's zip is generic
            foe, left = foes[i], health[i]
            chance = c.beats(aim) if arm.ranged else c.beats(arm.swing - arms[foe].guard)
            share = damage / left
            if share > 1.0:
                share = 1.0
            found.append((chance * share, len(found), w, arm, foe, share, chance))
    # best first; the sort is stable, reversed too, so equals keep the listing's order
    found.sort(key=BOUND, reverse=True)
    look.options[key] = found
    return found


def _best_strike(
    look: Look,
    tile: Tile,
    engaged: bool,
    options: list[_Option],
    moved: bool,
    floor: float = 0.0,
) -> _Best | None:
    """tactics._best_strike over `_options`: the most worthwhile strike from `tile` worth
    more than `floor`, of equals the first listed. A shot's chance is appraisal.hit_chance's,
    its line of fire judged as `verdict` does, inline (the tile search asks it a few hundred
    times a decision), and its two chances (open, screened) worked out once per fork.
    `engaged`: whether a foe's reach holds the tile (`Look.engaged` where the fighter
    stands, else the tile in `Look.threat`), which the caller knows already."""
    f = look.f
    c, tiles = f.c, f.tile
    dry = f.dry[look.n]
    marks = look.view.marks
    chances = look.aimed[moved]
    best: _Best | None = None
    best_value = 0.0
    best_index = -1
    for bound, index, w, arm, foe, share, open_chance in options:
        if bound <= floor:
            break
        if best is not None and (
            bound < best_value or (bound == best_value and index > best_index)
        ):
            if bound < best_value:
                break
            continue
        target = tiles[foe]
        if not arm.ranged:  # appraisal.hit_chance: the open chance within reach
            chance = open_chance if c.gap(tile, target) <= arm.reach else 0.0
        elif (
            (arm.range is not None and c.gap(tile, target) > arm.range)
            or (engaged and arm.hands == 2)
            or dry & arm.slot
        ):
            chance = 0.0
        else:  # appraisal._line_of_fire: ruled out, screened or clear (`verdict`)
            seen = c.sight(tile, target)  # a method called, not kept: it takes the tiles
            mark = 0
            for number in seen.numbers:  # who stands on the line: the most a mark says
                if marks[number] > mark:
                    mark = marks[number]
            if seen.walled or mark == SHIELD:
                chance = 0.0
            else:
                screened = seen.covered or mark == BODY
                chance = chances[arm.screened and screened]
        value = chance * share  # appraisal.worth
        if chance > 0 and (
            best is None or value > best_value or (value == best_value and index < best_index)
        ):
            best = (value, chance, foe, w)
            best_value = value
            best_index = index
    return best


def verdict(
    c: Compiled, tile: Tile, target: Tile, occupied: frozenset[Tile], shields: frozenset[Tile]
) -> str:
    """appraisal._line_of_fire over the fork's answers about the line (`Compiled.sight`),
    as `_best_strike` reads them: a wall on the line or a shield on it rules the shot out
    (`_between` only spares the drawing of the line: whatever is on the line lies in its
    box), someone else on it or cover next to the target (`_screened`, which is
    `cover_between`) screens it. tests/rulesets/nwo/test_grid_tables.py holds it to the
    engine's."""
    seen = c.sight(tile, target)
    if seen.walled or not shields.isdisjoint(seen.tiles):
        return _RULED_OUT
    return _SCREENED if seen.covered or not occupied.isdisjoint(seen.tiles) else _CLEAR


def _hit_chance(look: Look, tile: Tile, foe: int, arm: Arm, moved: bool, engaged: bool) -> float:
    """appraisal.hit_chance with nobody standing about (its default `occupied` and
    `shields`) and the magazine read from the rounds (the weapon may be holstered):
    `_draws`' question."""
    f = look.f
    target = f.tile[foe]
    gap = f.c.gap(tile, target)
    if not arm.ranged:
        return f.c.beats(arm.swing - f.arms[foe].guard) if gap <= arm.reach else 0.0
    if (arm.range is not None and gap > arm.range) or (engaged and arm.hands == 2):
        return 0.0
    rounds = f.ammo[look.n].get(arm.id)
    if rounds is not None and rounds <= 0:
        return 0.0
    found = verdict(f.c, tile, target, NOBODY, NOBODY)
    if found == _RULED_OUT:
        return 0.0
    return look.aimed[moved][arm.screened and found == _SCREENED]


def reachable(look: Look, dash: bool = False) -> Reach:
    """queries.reachable over `grid.reachable` (the same cached search) with
    movement.budget: a dash doubles the movement, a turn that shot has half of it; with
    the tiles by cost (`Tables.reachable`)."""
    f = look.f
    n = look.n
    if f.spent[n] or f.stunned[n]:
        return NOWHERE
    c = f.c
    if dash:
        allowance = c.dash[n]
    else:
        base = half(c.movement[n]) if f.shot else c.movement[n]
        allowance = base - f.moved[n]
    if allowance <= 0:
        return NOWHERE
    found = look.reach.get(allowance)
    if found is None:
        found = look.reach[allowance] = c.tables.reachable(look.tile, allowance, look.blocked)
    return found


def _strike_after_moving(look: Look, steps: int | None) -> tuple[float, float, Tile] | None:
    """tactics._strike_after_moving: the nearest tile in reach with a likely strike, else
    the best; a hurt fighter favours tiles behind cover."""
    if not look.mobile:
        return None
    f = look.f
    arms = f.arms[look.n]
    melee = _options(look, arms.melee, True, True)
    everything = _options(look, arms.places, True, True)
    shoots = any(option[3].ranged for option in everything)
    if not shoots:  # only blows count: is any foe's reach within a walk, as the crow flies?
        c, here, tiles, limit = f.c, look.tile, f.tile, f.c.movement[look.n]
        if all(c.gap(here, tiles[option[4]]) - option[3].reach > limit for option in melee):
            return None  # every tile in reach is farther from each foe than the blow reaches
    closing = _within_reach(look, melee)
    hurt = look.hurt
    best: tuple[float, float, Tile] | None = None
    top = everything[0][0] if everything else 0.0  # no strike is worth more than its bound
    reach, by_cost, _ = reachable(look)
    threat = look.threat
    far = False
    for tile in by_cost:
        floor = 0.0 if best is None else best[0] / (BETTER_BY if hurt else 1.0)
        if top <= floor:
            break  # `_best_strike` finds nothing above the floor from any tile left
        if not far and steps is not None and reach[tile] > steps:
            far = True  # the tiles come by cost: every one after this is farther too
        if far or tile in threat:
            if tile not in closing:
                continue  # no blow reaches a foe from here: `_best_strike` finds none
            options = melee
            engaged = True  # read for a gun only, and `melee` holds none
        elif shoots or tile in closing:  # blows only: one is found within reach alone
            options = everything
            engaged = False  # the tile is not in `threat`
        else:
            continue
        strike = _best_strike(look, tile, engaged, options, True, floor)
        if strike is None:
            continue
        value = strike[0]
        if hurt and shelter(look, tile):
            value *= BETTER_BY
        if best is None or value > best[0]:
            best = (value, strike[1], tile)
        if best[1] >= GOOD_CHANCE and not hurt:
            break
    return best


def _within_reach(look: Look, options: list[_Option]) -> frozenset[Tile]:
    """The tiles from which some of these melee `options` reaches its foe (`appraisal._zone`
    of each foe's tile with the longest reach weighed at it): from any other, every one of
    their chances is 0."""
    longest: dict[int, int] = {}
    for _, _, _, arm, foe, _, _ in options:
        longest[foe] = max(longest.get(foe, 0), arm.reach)
    tiles = look.f.tile
    return look.f.c.tables.zone(tuple((tiles[foe], reach) for foe, reach in longest.items()))


def shelter(look: Look, tile: Tile) -> int:
    """appraisal._shelter against the foes' guns (`View.shooters`), kept by the scene by
    tile number (`View.sheltered`); a tile off the map (`cover_within` names some) is
    counted each time."""
    view = look.view
    c = look.f.c
    if not c.on_map(tile):
        return shelter_count(c, tile, view.shooters)
    counts = view.sheltered
    if counts is None:
        counts = view.sheltered = bytearray([UNKNOWN_SHELTER]) * (c.width * c.height)
    number = c.number(tile)
    found = counts[number]
    if found == UNKNOWN_SHELTER:
        found = shelter_count(c, tile, view.shooters)
        if found < UNKNOWN_SHELTER:
            counts[number] = found
    return found


def shelter_count(c: Compiled, tile: Tile, shooters: tuple[Tile, ...]) -> int:
    """appraisal._shelter over the fork's own lines of fire: none without cover next to the
    tile (`Compiled.beside_cover`), else the shooters whose line to it cover screens
    (`Sight.covered`, `cover_between`'s test; `_screened` asks `_between` first, which
    every cover tile on the line passes, for it lies strictly between the two ends).
    tests/rulesets/nwo/test_grid_tables.py holds it to `_shelter`."""
    if tile not in c.beside_cover:
        return 0
    found = 0
    for shooter in shooters:
        if c.sight(shooter, tile).covered:
            found += 1
    return found


def _dash_target(look: Look) -> Mapping[Tile, int]:
    """tactics._dash_target's tiles: a dash's reach, out of the foes' melee reach for a
    shooter (`_nearer` then picks)."""
    tiles = reachable(look, dash=True)[0]
    if look.f.arms[look.n].shoots:
        tiles = {t: cost for t, cost in tiles.items() if t not in look.threat}
    return tiles


def _approach(look: Look) -> Choice | None:
    """tactics._approach: walk toward the nearest foe, not away from an engagement."""
    if look.mobile and not look.engaged:
        tile = _nearer(look, reachable(look)[0])
        if tile is not None:
            return (MOVE, *tile)
    return None


def _nearer(look: Look, tiles: Mapping[Tile, int]) -> Tile | None:
    """tactics._nearer: of `tiles`, the one nearest a foe on foot, if nearer than here: the
    least (walk, distance as the crow flies, cost), the first of equals. Loops rather than
    `min` with a key, which the compiled build calls through the interpreter."""
    if not tiles:
        return None
    f = look.f
    c = f.c
    view = look.view
    away = view.away
    if away is None:  # by number, UNREACHED if none: the scene's, asked again by its boards
        away = view.away = c.tables.walking(look.foe_tiles, look.blocked)
    nearest = -1
    for tile in tiles:
        walked = away[c.number(tile)]
        if nearest < 0 or walked < nearest:
            nearest = walked
    best = look.tile
    best_straight = _straight(look, best)
    best_walked, best_cost = away[c.number(best)], tiles.get(best, 0)
    first, first_straight, first_cost = best, 0, 0
    found = False  # some tile walks `nearest`: the first of them is found
    for tile, cost in tiles.items():
        if away[c.number(tile)] != nearest:
            continue
        straight = _straight(look, tile)
        if not found or (straight, cost) < (first_straight, first_cost):
            first, first_straight, first_cost = tile, straight, cost
            found = True
    if (nearest, first_straight, first_cost) < (best_walked, best_straight, best_cost):
        return first
    return None


def _straight(look: Look, tile: Tile) -> int:
    """The distance as the crow flies from `tile` to the nearest foe, kept by the foes' tiles
    (`Compiled.straight`)."""
    view = look.view
    known = view.straight
    if known is None:
        known = view.straight = look.f.c.straight(look.foe_tiles)
    found = known.get(tile)
    if found is None:
        c = look.f.c
        found = -1
        for foe in look.foe_tiles:
            gap = c.gap(tile, foe)
            if found < 0 or gap < found:
                found = gap
        known[tile] = found
    return found


def _after_acting(look: Look) -> Choice | None:
    """tactics._after_acting: a shooter steps behind cover that screens it from more
    shooters; a fighter in melee stays; others close in. A standing shot that was not
    declared as shoot-and-move ends the moving (movement.may_move_after_shooting)."""
    f = look.f
    n = look.n
    if not look.mobile or look.engaged or (f.shot and not f.moved[n]):
        return None
    c = f.c
    if f.arms[n].shoots:
        reach = c.movement[n] + 1
        if all(c.gap(look.tile, t) > reach for t in c.board.cover):
            return None
        here = shelter(look, look.tile)
        threat = look.threat
        if not any(
            shelter(look, t) > here and t not in threat
            for t in c.cover_within(look.tile, c.movement[n])
        ):
            return None  # no tile a walk could reach is better sheltered: no search needed
        tiles = reachable(look)[0]
        near = c.beside_cover  # `_shelter` is 0 elsewhere
        cover = {t: shelter(look, t) for t in tiles if t in near}
        safe = [t for t in tiles if cover.get(t) and t not in threat]
        if safe:
            best = max(safe, key=lambda t: (cover[t], -tiles[t]))
            if cover[best] > here:
                return (MOVE, *best)
        return None
    return _approach(look)


def restrained(f: Fight, n: int) -> bool:
    """The restrained's turn ends at once, for `verify` refuses every wish the tactics
    have for it: no escape (holds.verify_escape: not from a restraint, even where a
    spear's crit grappled it again), no attack (common.require_target), no draw or swap
    (arms._refuse_if_restrained), no brace (posture.verify_brace: it was disarmed), no
    step (movement.why_cannot_move), and its reload and strike wishes find nothing in
    hand."""
    grips = f.grips
    return grips is not None and grips.restrained[n] >= 0


def held_back(f: Fight, n: int, weapon: Arm) -> bool:
    """attack.verify: one who holds a restraint "can make one-handed attacks", so its
    two-handed weapon's attack is refused and the tactics' next wish is weighed (its
    bare hands take none, a gun's stock one)."""
    grips = f.grips
    return grips is not None and weapon.hands == 2 and n in grips.restrained
