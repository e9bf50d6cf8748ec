"""One fork of a tiers fight read once for the fast path: the sheets compiled, the starting
numbers laid out in lists, and the judgements the fights of the fork share."""

from __future__ import annotations

from fracas.core.dice import Dice, face_stream
from fracas.core.fastpath import FastTrial, ForkPoint
from fracas.core.grid import Grid
from fracas.rulesets.tiers.fastpath.crits import Bout
from fracas.rulesets.tiers.fastpath.fight import Fight, Situation
from fracas.rulesets.tiers.fastpath.sheets import (
    KEPT,
    STATUSES,
    Choice,
    FighterSheet,
    Gear,
    Readings,
    gear_key,
)
from fracas.rulesets.tiers.options import TiersOptions
from fracas.rulesets.tiers.rules.arcs import ahead
from fracas.rulesets.tiers.rules.common import STEP, direction
from fracas.rulesets.tiers.sheet import FACINGS
from fracas.rulesets.tiers.warrior import Tile, Warrior


class Compiled:
    """One fork read once: the sheets compiled, the starting numbers laid out in lists."""

    def __init__(
        self, point: ForkPoint, warriors: tuple[Warrior, ...], opts: TiersOptions, board: Grid
    ) -> None:
        self.o = Readings(opts)
        self.board = board
        self.sheets = [FighterSheet(w, n) for n, w in enumerate(warriors)]
        sides = list(dict.fromkeys([w.side for w in warriors]))
        self.side_names = sides
        for n, w in enumerate(warriors):
            self.sheets[n].side = sides.index(w.side)
            self.sheets[n].foes = [m for m, v in enumerate(warriors) if v.side != w.side]
        ids = [w.id for w in warriors]
        self.id_rank = [sorted(ids).index(i) for i in ids]
        self.count = len(ids)
        self.reflex = [w.reflex for w in warriors]
        self.shielded = [n for n, w in enumerate(warriors) if w.shield_equipped]
        self.up = [sum(w.is_active for w in warriors if w.side == side) for side in sides]
        """How many stand on each side at the start."""
        standing = [side for side, up in zip(sides, self.up, strict=True) if up]
        self.opening = None if len(standing) > 1 else f"{standing[0]} won" if standing else "draw"
        """BaseRuleset.outcome of the set-up, which the start checks."""
        self.weight = [(board.width * board.height + 1) ** n for n in range(len(ids))]
        """Each fighter's place in the layout's number: its tile as x * height + y + 1 (0
        once fallen) in base width x height + 1."""
        self.lkey = sum(
            (w.x * board.height + w.y + 1) * self.weight[n]
            for n, w in enumerate(warriors)
            if w.is_active
        )
        where = self.where = {cid: n for n, cid in enumerate(ids)}
        self.ids = ids
        self.order = [where[c] for c in point.order] if point.order is not None else None
        self.hp = [w.hp for w in warriors]
        self.max_hp = [w.max_hp for w in warriors]
        self.status = [STATUSES[w.status] for w in warriors]
        self.pos = [w.tile for w in warriors]
        self.facing = [FACINGS.index(w.facing) for w in warriors]
        self.facing_on = [-1 if w.facing_on is None else where[w.facing_on] for w in warriors]
        self.tiers = [list(w.weapon_tiers) for w in warriors]
        self.armor = [w.armor for w in warriors]
        self.natural_weapon = [w.natural_weapon for w in warriors]
        self.natural_armor = [w.natural_armor for w in warriors]
        self.shield = [w.shield for w in warriors]
        self.gears: dict[Gear, int] = {}
        """A number for each fighter's gear met (`Gear`), likewise."""
        self.numbered = 0
        """Numbers handed out so far: never reused, so a fight under way keeps its own."""
        self.situations: dict[int, Situation] = {}
        """What each fighter sees of each layout met, and the plans it makes there
        (`Situation`), by the layout's number (`Fight.lkey`) and the fighter."""
        self.plans: dict[int, Choice] = {}
        """The tactics' plan where it follows from the layout alone (`Fight.choose`), by
        (layout's number x fighters + fighter) x 3 + actions left."""
        self.bouts: dict[tuple[int, ...], Bout] = {}
        """What an exchange reads besides the dice (`Bout`) by (attacker, defender, gap,
        both fighters' gear)."""
        self.crits: dict[tuple[int | None, ...], int | None] = {}
        """What a natural 20 or 1 lowers by (fighter, gear, arm, pick, face)."""
        self.worn: dict[tuple[int, int], int] = {}
        """The gear's number after a crit lowers one piece, by (gear, piece)."""
        self.sight: dict[tuple[Tile, Tile], bool] = {}
        """Grid.sight_blocked by the two tiles."""
        self.width, self.height = board.width, board.height
        self.span = 2 * board.height + 1
        self.compass = [
            FACINGS.index(direction((0, 0), (dx, dy)))
            for dx in range(-board.width, board.width + 1)
            for dy in range(-board.height, board.height + 1)
        ]
        """common.direction by (dx, dy) (see `Fight.direction`), as an index of FACINGS."""
        self.front = [
            [
                ahead((0, 0), STEP[facing], (dx, dy))
                for dx in range(-board.width, board.width + 1)
                for dy in range(-board.height, board.height + 1)
            ]
            for facing in FACINGS
        ]
        """arcs.ahead for a one-tile body by its facing (index) and the offset of the
        attacker, laid out as `compass`: whether a shield covers a blow from there."""
        self.dead_at = [
            -w.max_hp if w.max_hp <= 0 or opts.death == "at_negative_max" else -w.max_hp - 1
            for w in warriors
        ]
        """harm.is_dead as a bound: dead at this HP or below (B7)."""
        self.gear = [
            self.number_gear(
                gear_key(
                    self.armor, self.natural_armor, self.shield, self.natural_weapon, self.tiers, n
                )
            )
            for n in range(len(warriors))
        ]

    def number(self) -> int:
        self.numbered += 1
        return self.numbered

    def number_gear(self, gear: Gear) -> int:
        known = self.gears.get(gear)
        if known is None:
            if len(self.gears) >= KEPT:
                self.gears.clear()
                self.bouts.clear()
                self.crits.clear()
                self.worn.clear()
            known = self.gears[gear] = self.number()
        return known

    def __call__(self, dice: Dice, max_rounds: int) -> FastTrial | None:
        return Fight(self, face_stream(dice, 20)).play(max_rounds)
