"""The nwo fast path's reading of a fork: each fighter's numbers laid out in lists, its
weapons as plain attributes, and the map's answers for every pair of fighters' tiles, read
once per fork so that a trial (`fastpath_fight.Fight`) copies lists and reads numbers.
See nwo/fastpath.py for what the fast path models and why."""

from __future__ import annotations

from itertools import count
from typing import TYPE_CHECKING, Final, cast

from fracas.core.fastpath import ForkPoint
from fracas.core.grid import Grid
from fracas.core.grid_lines import beside, line
from fracas.core.records import replace
from fracas.core.state import EncounterState, Status
from fracas.core.turns import InitiativeTurns
from fracas.rulesets.nwo.appraisal import beats
from fracas.rulesets.nwo.catalog import IMPROVISED, UNARMED, Weapon, catalog
from fracas.rulesets.nwo.fastpath_tables import Tables, kept
from fracas.rulesets.nwo.grid import NEIGHBOURS, Tile
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules import initiative
from fracas.rulesets.nwo.rules.attack import COVER_BONUS, MOVE_PENALTY, strength_bonus
from fracas.rulesets.nwo.rules.common import BLADE_ADVANTAGE
from fracas.rulesets.nwo.rules.movement import SPEAR_REACH

if TYPE_CHECKING:
    from fracas.rulesets.nwo.fastpath_tactics import View

ACTIVE: Final = 0
UNCONSCIOUS: Final = 1
DEAD: Final = 2
STATUSES: Final = {Status.ACTIVE: ACTIVE, Status.UNCONSCIOUS: UNCONSCIOUS, Status.DEAD: DEAD}

Choice = tuple[int, int, int]
"""What the tactics chose: a strike (the foe, the weapon's place in the fighter's hands, 0);
or, with `RELOAD` first, a reload of the gun at that place; `BRACE`, a brace; `MOVE` and
`DASH`, a walk or a dash to the tile (x, y); `ESCAPE`, an escape from a grapple."""

RELOAD: Final = -2
BRACE: Final = -3
MOVE: Final = -4
DASH: Final = -5
DRAW: Final = -6
SWAP: Final = -7
"""With DRAW or SWAP first, the holstered weapon at that place of `Arms.spare`."""
ESCAPE: Final = -8
"""An escape from the grapple that holds the fighter (holds.resolve_escape)."""

STRAIGHTS_KEPT: Final = 4096
"""Sets of foes' tiles whose distances `Compiled.straight` keeps (a map's worth each)."""

LINES_KEPT: Final = 1 << 16
"""Lines between pairs of tiles kept per fork on a map too big to list them
(`Compiled.sight`): a long run starts over rather than grows."""

MOVED_SPAN: Final = 64
"""Movement used in a turn that `decision_number` numbers (a fighter moves a few dozen tiles
at most in a turn; more, and `Fight.choose` keys the situation by a tuple instead)."""

MARGINS: Final = 11
"""The margin past which 2d6 + margin always beats 2d6 (2 + 11 > 12) or never does
(12 - 11 < 2): `Compiled.beats` lists the chances up to it."""

SIGHTS_LISTED: Final = 640
"""The most tiles a map may have for `Compiled.sight` to keep its lines in a list, a place
per pair of tiles (some 400,000 places, 3 MB, on a map of 640 tiles; the firefight's 16x10
has 25,600)."""


def half(value: int) -> int:
    """common.half under the default `halves: down`."""
    return value // 2


def melee_modifier(who: Operative, weapon: Weapon) -> int:
    """attack.melee_modifier."""
    skill = who.nimble if weapon.id == UNARMED else who.melee
    return half(skill) + strength_bonus(who.strength)


class Sight:
    """What the map says of the line of fire from one tile to another (`Compiled.sight`):
    its tiles nearest the shooter first (`Grid.line`), the same as a set, whether cover
    screens the target (`cover_between`) and whether a wall blocks it (`sight_blocked`).
    The set is what the tactics ask of it, at every tile they weigh: whether anybody
    stands on the line, asked of one set by another without hashing a tile again."""

    __slots__ = ("covered", "line", "numbers", "tiles", "walled")

    def __init__(self, board: Grid, a: Tile, b: Tile) -> None:
        # Grid.line's own line, asked of the compiled `grid_lines` straight (Grid.line and its
        # cache `_line` run in the interpreter; the fork keeps this Sight per pair instead)
        self.line = line(a, b)
        self.tiles = frozenset(self.line)
        width, height = board.width, board.height
        self.numbers = [x * height + y for x, y in self.line if 0 <= x < width and 0 <= y < height]
        """The line's tiles on the map by number (x x height + y), for `View.marks`: nobody
        stands off the map, so the tiles left out hold nobody."""
        # board.cover_between and sight_blocked over the line drawn above, in compiled code
        # (those two run in the interpreter and fetch the line again)
        cover, walls = board.cover, board.walls
        covered = walled = False
        for tile in self.line:
            if tile in walls:
                walled = True
            if not covered and tile in cover:
                covered = beside(tile, b)
        self.covered = covered
        self.walled = walled


class Arm:
    """A weapon in hand as the attack reads it: plain attributes instead of the catalog
    row's properties, and its place in the hand for the empty-magazine flags."""

    __slots__ = (
        "blade",
        "crit",
        "crit_damage",
        "damage",
        "effect",
        "extra",
        "hands",
        "id",
        "magazine",
        "range",
        "ranged",
        "reach",
        "screened",
        "slot",
        "swing",
    )

    def __init__(self, weapon: Weapon, slot: int, who: Operative) -> None:
        self.id = weapon.id
        self.swing = 0 if weapon.is_ranged else melee_modifier(who, weapon)
        """attack.melee_modifier with this weapon."""
        self.ranged = weapon.is_ranged
        self.damage = weapon.damage
        self.crit = weapon.crit
        self.crit_damage = weapon.crit_damage
        self.effect = weapon.effect
        self.extra = weapon.effect in ("extra_attack_same_target", "extra_attack")
        self.blade = weapon.effect == "blade_advantage"
        self.screened = weapon.effect != "flame_area"
        """Whether cover screens its target (attack: a flame spreads past cover), asked at
        every tile and foe the tactics weigh (`_best_strike`)."""
        self.hands = weapon.hands
        self.magazine = weapon.magazine
        self.range = weapon.range
        self.reach = weapon.reach
        self.slot = 1 << slot


class Arms:
    """What a fighter holds as the rules read it, read once per fighter and hands
    (`Compiled.hold`: a draw or swap changes them, and so does a restraint's disarming)."""

    __slots__ = (
        "aoo",
        "braces",
        "by_place",
        "dropped",
        "fists",
        "free_hands",
        "guard",
        "guard_crit",
        "holds_melee",
        "ids",
        "improvised",
        "melee",
        "number",
        "places",
        "reach",
        "reload_order",
        "shoots",
        "spare",
        "spear",
        "stock",
        "swing",
        "wielded",
    )

    def __init__(self, who: Operative, number: int, dropped: tuple[str, ...] = ()) -> None:
        self.number = number
        """Unique within the fork (`Compiled.hold`): it names these arms in `Fight.choose`'s
        key, where the object itself would keep the key a container the garbage collector
        scans for as long as it is kept (a key of numbers and tiles only is left alone)."""
        hand = who.in_hand  # in the arsenal's order, as the rules read it
        wielded = [cast(Weapon, who.weapon(w)) for w in who.wielded]  # the tactics' order
        self.wielded = [Arm(w, slot, who) for slot, w in enumerate(wielded)]
        melee = [w for w in hand if not w.is_ranged]
        guard = melee[0] if melee else catalog()[UNARMED]  # attack.defending_weapon
        self.guard = melee_modifier(who, guard)
        self.guard_crit = guard.crit
        self.holds_melee = who.holds_melee
        self.braces = any(not w.is_ranged and w.id != UNARMED for w in hand)
        """posture.verify_brace: a melee weapon (not bare hands) in hand."""
        self.shoots = any(w.is_ranged for w in hand)
        self.reach = who.reach
        self.reload_order = [
            who.wielded.index(w.id)
            for w in hand
            if w.magazine is not None and who.rounds(w.id) is not None
        ]
        """The guns `tactics._reloads` would reload, in its (the arsenal's) order, by their
        place in `wielded` (arms.verify_reload: a magazine, and rounds counted)."""
        self.melee = tuple(who.wielded.index(w.id) for w in melee)
        """The melee weapons in hand by their place in `wielded`, in the arsenal's order
        (`tactics._strike_after_moving`'s `melee`)."""
        self.improvised = Arm(catalog()[IMPROVISED], len(wielded), who)
        self.places = tuple(range(len(wielded)))
        """The weapons in hand by their place (`tactics._wishes`' `me.wielded`)."""
        self.stock = len(wielded)
        """The improvised weapon's place (`by_place`): a gun's stock, swung bare-handed."""
        self.fists = len(wielded) + 1
        """Bare hands' place (`by_place`): `Operative.weapon` always finds them."""
        self.by_place = [
            *self.wielded,
            self.improvised,
            Arm(catalog()[UNARMED], len(wielded) + 1, who),
        ]
        """The weapons in hand by their place, then the stock, then bare hands."""
        self.aoo = self.improvised if self.shoots and not melee else Arm(guard, len(wielded), who)
        """movement._aoo_weapon: the stock of a gun when no melee weapon is in hand, else
        the weapon it parries with."""
        spear = next((w for w in hand if w.reach >= SPEAR_REACH), None)
        sentinel = any(not w.is_ranged and w.reach >= SPEAR_REACH for w in hand)
        self.spear = Arm(spear, len(wielded), who) if spear is not None and sentinel else None
        """movement._sentinels' weapon: the first in hand with a spear's reach, when a
        melee weapon in hand has it (else nobody stands sentinel)."""
        self.ids = tuple(who.wielded)
        self.dropped = dropped
        """What the fighter dropped in this trial (a restraint's disarming, holds._disarm):
        neither in hand nor holstered, and never taken up again (`tactics._draws` looks
        only in the holster)."""
        self.free_hands = who.free_hands
        spare = [w for w in who.arsenal if w.id in who.holstered]
        spare.sort(key=lambda w: w.damage, reverse=True)  # tactics._draws' order
        self.spare = [Arm(w, len(wielded) + 2, who) for w in spare]
        """The holstered weapons, most damaging first (ties in the arsenal's order)."""
        self.swing = [
            0 if w.is_ranged else melee_modifier(who, w) for w in wielded
        ]  # attack.melee_modifier per weapon in hand


class Compiled:
    """One fork read once: the fighters' numbers laid out in lists, for each trial to copy."""

    def __init__(
        self, point: ForkPoint, state: EncounterState, people: tuple[Operative, ...]
    ) -> None:
        self.board = cast(Grid, state.arena)
        self.ids = [p.id for p in people]
        where = {cid: n for n, cid in enumerate(self.ids)}
        sides = list(dict.fromkeys([p.side for p in people]))
        self.side_names = sides
        self.side = [sides.index(p.side) for p in people]
        self.people = people
        self.lines: dict[tuple[Tile, Tile], Sight] = {}
        """`sight`'s answers by the pair of tiles, on a map too big to list them."""
        self.width, self.height = self.board.width, self.board.height
        size = self.width * self.height
        self.listed = size <= SIGHTS_LISTED
        self.sights: list[Sight | None] = [None] * (size * size if self.listed else 0)
        """`sight`'s answers at the place (a's number) x (tiles) + (b's number), where a
        tile's number is x x height + y: found without making or hashing a pair."""
        self.one = self.board.diagonal == "one"
        """A diagonal step counts one (the default): `gap` is the larger offset."""
        self.arms = [Arms(p, n) for n, p in enumerate(people)]
        self.held: dict[tuple[int, tuple[str, ...], tuple[str, ...]], Arms] = {
            (n, a.ids, ()): a for n, a in enumerate(self.arms)
        }
        self.ready = [(*p.wielded, *p.holstered) for p in people]
        """What is in hand or holstered: a draw or a swap moves weapons between the two
        (arms.resolve_draw, resolve_swap), nothing else changes either here."""
        self.dry_span = 1 << max(len(weapons) for weapons in self.ready)
        """More than any fighter's empty guns in hand can number (`Fight.dry`: a bit per
        place in hand, and no more in hand than it has ready), `decision_number`'s base."""
        self.beaten = [beats(margin) for margin in range(-MARGINS, MARGINS + 1)]
        """`beats` of each margin from -`MARGINS` to `MARGINS`, in order."""
        self.aiming = [half(p.aiming) for p in people]  # attack.ranged_modifier, unmoved
        self.strength = [half(p.strength) for p in people]
        """holds.contest's modifier: common.check_modifier of Strength (`half` by default)."""
        self.aimed = [
            (
                (beats(aim), beats(aim - COVER_BONUS)),
                (beats(aim - MOVE_PENALTY), beats(aim - MOVE_PENALTY - COVER_BONUS)),
            )
            for aim in self.aiming
        ]
        """appraisal.hit_chance's chance of a shot, open and screened (`beats` of the
        modifier less the cover bonus), by whether the fighter moved."""
        self.tile = [p.tile for p in people]
        self.max_hp = [p.max_hp for p in people]
        self.hp = [p.hp for p in people]
        self.ahp = [p.ahp for p in people]
        self.health_span = 2 + max(max(p.hp, p.max_hp) + max(p.ahp, p.max_ahp) for p in people)
        """More than any fighter's HP and armor hitpoints together can come to (no hit
        raises them), and more than 1: `Fight.seen_by`'s base."""
        self.healths_span = self.health_span ** len(people)
        """More than `Fight.seen_by`'s healths can number, its scene's digit's base: the
        healths are numbered apart from the scene, in a number small enough for compiled
        code to keep unboxed, and joined to it in one step."""
        self.decision_span = 8 * self.dry_span * MOVED_SPAN * 8 * len(people)
        """More than `fastpath_fight.decision_number`'s parts other than the situation can
        number, the situation's digit's base."""
        self.status = [STATUSES[p.status] for p in people]
        self.ammo = [dict(p.ammo) for p in people]
        self.dry = [
            sum(arm.slot for arm in a.wielded if p.rounds(arm.id) == 0)
            for a, p in zip(self.arms, people, strict=True)
        ]
        self.tables = Tables(self.board)
        """The tactics' geometry for this fork (lines of fire, reaches, walks, zones)."""
        self.beside_cover = frozenset(
            (x + dx, y + dy) for x, y in self.board.cover for dx, dy in NEIGHBOURS
        )
        """The tiles with cover next to them (`appraisal._shelter` counts only there)."""
        self.covers_within: dict[tuple[Tile, int], tuple[Tile, ...]] = {}
        """`cover_within`'s answers by tile and steps (a map's worth at most)."""
        self.straights: dict[tuple[Tile, ...], dict[Tile, int]] = {}
        """`straight`'s distances, by the foes' tiles."""
        self.choices: dict[object, Choice | None] = {}
        """The tactics' answers by situation (see `Fight.choose`)."""
        self.scenes: dict[object, int] = {}
        """Each scene met (everyone's tile, status, dash and arms) by its number, which
        names it in `choices`' keys after the fighter acted and in `views`' (see
        `Fight.choose`)."""
        self.views: dict[int, View] = {}
        """What each fighter saw of each scene (`fastpath_tactics.see`), and what its
        decisions worked out from the scene alone (`View`), by the scene's number times the
        fighters plus the fighter."""
        self.numbers = count()
        """The scenes' numbers, never given twice (one forgotten when its table starts over
        is never confused with a later one, even by a fight still holding its number)."""
        self.dashing = [p.dashing for p in people]
        self.spent = [p.movement_spent for p in people]
        self.blade = [_blade_count(p) for p in people]
        self.initiative = [initiative.bonus(p) for p in people]
        self.started = point.state is not None
        if point.state is not None:
            turns = cast(InitiativeTurns, state.turns)
            self.order = [where[c] for c in turns.order]
            self.round = turns.round
            self.index = turns.index
            current = people[self.order[self.index]]
            self.turn = (current.acted, current.shot)
        else:  # each trial starts the fight as Ruleset.start does
            self.order = [where[c] for c in point.order] if point.order is not None else []
            self.round = 0
            self.index = 0
            self.turn = (False, False)
        self.moved = [p.moved for p in people]
        self.aoo_used = [p.aoo_used for p in people]
        self.did = [p.acted for p in people]
        self.movement = [p.movement for p in people]
        """operative.movement: six tiles less the armor's penalty."""
        self.dash = [budget_of_dash(p.movement) for p in people]

    def sight(self, a: Tile, b: Tile) -> Sight:
        """The map's answers about the line from tile a to b (`Sight`), drawn once per fork:
        each strike and each tile the tactics weigh asks them of the same few pairs."""
        width, height = self.width, self.height
        across = 0 <= a[0] < width and 0 <= b[0] < width
        on_map = across and 0 <= a[1] < height and 0 <= b[1] < height
        if self.listed and on_map:
            place = (a[0] * height + a[1]) * width * height + b[0] * height + b[1]
            listed = self.sights[place]
            if listed is None:
                listed = self.sights[place] = Sight(self.board, a, b)
            return listed
        key = (a, b)
        found = self.lines.get(key)
        if found is None:
            if len(self.lines) >= LINES_KEPT:
                self.lines.clear()
            found = self.lines[key] = Sight(self.board, a, b)
        return found

    def number(self, tile: Tile) -> int:
        """The tile's number, x x height + y (`grid.Numbered`'s): its place in the fast
        path's lists by tile (`View.marks`, `View.sheltered`, the walks, `Fight.spots`)."""
        return tile[0] * self.height + tile[1]

    def on_map(self, tile: Tile) -> bool:
        """Whether the tile has a number of its own (`number`)."""
        return 0 <= tile[0] < self.width and 0 <= tile[1] < self.height

    def beats(self, margin: int) -> float:
        """appraisal.beats read from a list made once per fork: that function is kept in a
        cache the compiled build calls through the interpreter, and `_options` asks it for
        every weapon and foe of each new decision. Past `MARGINS` either way the answer no
        longer changes."""
        if margin < -MARGINS:
            margin = -MARGINS
        elif margin > MARGINS:
            margin = MARGINS
        return self.beaten[margin + MARGINS]

    def gap(self, a: Tile, b: Tile) -> int:
        """Grid.distance, worked out here where a diagonal counts one: the tactics ask it
        hundreds of times a decision, and a method of this class takes the two tiles as
        they are where a function kept in an attribute is called through the interpreter,
        each tile made anew as a tuple for it (fracas/compiled.py). Comparisons rather than
        `max` of four, which the compiled build calls through the interpreter."""
        if self.one:
            dx = a[0] - b[0]
            if dx < 0:
                dx = -dx
            dy = a[1] - b[1]
            if dy < 0:
                dy = -dy
            return dx if dx > dy else dy
        return self.board.distance(a, b)

    def cover_within(self, tile: Tile, steps: int) -> tuple[Tile, ...]:
        """The tiles beside cover at most `steps` from `tile` as the crow flies: every tile
        a walk of that many steps could end on behind cover (`tactics._after_acting`'s
        candidates), whatever the bodies in the way."""
        key = (tile, steps)
        found = self.covers_within.get(key)
        if found is None:
            found = self.covers_within[key] = tuple(
                t for t in self.beside_cover if self.gap(tile, t) <= steps
            )
        return found

    def straight(self, goals: tuple[Tile, ...]) -> dict[Tile, int]:
        """The distances as the crow flies from tiles to the nearest of `goals`, as far as
        they have been asked (`tactics._nearer`'s second key, which fills it): a few dozen
        tiles tie on the walk at each step toward the foes, and the foes often stand where
        they stood a decision ago, so the answers are kept by the foes' tiles."""
        return kept(self.straights, STRAIGHTS_KEPT, goals, dict)

    def hold(self, n: int, wielded: tuple[str, ...], dropped: tuple[str, ...] = ()) -> Arms:
        """The arms of fighter `n` with `wielded` in hand and the rest of its ready weapons
        holstered but those it `dropped` in this trial, read once per fork."""
        key = (n, wielded, dropped)
        found = self.held.get(key)
        if found is None:
            gone = (*wielded, *dropped)
            holstered = tuple(w for w in self.ready[n] if w not in gone)
            who = replace(self.people[n], wielded=wielded, holstered=holstered)
            found = self.held[key] = Arms(who, len(self.held), dropped)
        return found


def budget_of_dash(movement: int) -> int:
    """movement.budget for a dash under the default `dash_with_armor`: double the movement."""
    return movement * 2


def _blade_count(who: Operative) -> int:
    condition = who.condition(BLADE_ADVANTAGE)
    return 0 if condition is None else condition.count
