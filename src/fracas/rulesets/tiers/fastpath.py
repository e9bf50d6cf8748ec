"""The `tiers` simulation fast path: its rules and tactics restated over plain lists.

Why this module exists: `fracas sim` plays a fight through the engine, where every rule
emits events that `evolve` applies to frozen states and the tactics verify each wish. For
the duel example that is several hundred times the cost of the fight's dice (issue 10 asks
for at most 10). Here one fight is a handful of lists of numbers changed in place, and the
tactics' wishes are checked by the few comparisons their rules make; no event, state or
action object is built.

It is a restatement, so it is held to the engine: tests/sim/test_tiers_fastpath.py plays
the covered examples and generated sheets and options through both, seed for seed, and
compares every trial; the d20s are drawn from the same generator in the same order, and the
map's own searches (`Grid.reachable`, `sight_blocked`, `line`), the arcs (`arcs.ahead`), the
compass (`common.direction`), the cover geometry (`cover.hides`) and the crit tactics' odds
(`crit_tactics.edge`) are the engine's functions, so only the control flow is restated. Each
piece names the engine code it mirrors.

What it models: a lit fight (the map bright everywhere, nothing lying on it) of one-tile
fighters on the ground, each holding one weapon (or a two-handed one, or nothing) in melee,
bow or thrown kind, without stealth skill, conditions or effects, from the set-up (every
trial rolls initiative, individually), under the `tactics` policy and the options listed in
`MODELLED`. Anything else makes `fast_path` answer None and the engine plays the trial:
darkness and low light, large bodies, crossbows and firearms in hand, dual wielding,
stealth, forks taken after a scripted part, the other policies and any other option value.

When a rule of tiers/rules or tiers/tactics.py changes, change it here too: the identity
test fails until both agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import groupby
from typing import cast

from fracas.core.dice import Dice, RandInt
from fracas.core.fastpath import FastPath, FastTrial, ForkPoint
from fracas.core.grid import Grid
from fracas.core.initiative import MAX_REROLLS
from fracas.core.state import Status
from fracas.rulesets.tiers.crit_tactics import FAVOURED, edge
from fracas.rulesets.tiers.options import TiersOptions
from fracas.rulesets.tiers.rules.arcs import ahead
from fracas.rulesets.tiers.rules.common import STEP, direction
from fracas.rulesets.tiers.rules.cover import hides
from fracas.rulesets.tiers.rules.crits import NATURAL_WEAPON_DAMAGE
from fracas.rulesets.tiers.rules.exchange import MAX_REROLLS as EXCHANGE_REROLLS
from fracas.rulesets.tiers.rules.harm import is_dead
from fracas.rulesets.tiers.rules.light import BRIGHT, LitGrid
from fracas.rulesets.tiers.sheet import FACINGS, Weapon
from fracas.rulesets.tiers.warrior import ACTIONS_PER_TURN, Tile, Warrior

ACTIVE, UNCONSCIOUS, DEAD = 0, 1, 2
_STATUS = {Status.ACTIVE: ACTIVE, Status.UNCONSCIOUS: UNCONSCIOUS, Status.DEAD: DEAD}

MODELLED = frozenset(
    {
        "tie",
        "death",
        "crits",
        "uncontested_crits",
        "min_damage",
        "cloaks_add_to_armor",
        "natural_armor_under_worn",
        "unarmed_counterattacks",
        "attacker_faces_target",
        "natural_crit_fail",
        "crit_fail_ten_armor",
        "diagonal",
    }
)
"""The options this fast path reads; every other one must keep its default value (most only
matter in darkness, with gear it declines, or with actions the tactics never take)."""

TURN_ACTIONS = 20
"""Actions in one turn past which the fight is handed back to the engine. The tactics take
at most five (a step, the blow, a step, a turn to face, the end); more would be a loop,
which the engine's own stall check judges (`runner.STALL_LIMIT`)."""

KEPT = 200_000
"""Walks and lines of fire remembered per fork before the memory starts over."""

UNARMED = -1
"""The weapon index of bare hands (or a race's natural weapon)."""
ARMOR, NAT_ARMOR, SHIELD, NATURAL = 1000, 1001, 1002, 1003
"""What a crit may lower besides a weapon (a weapon is its index): rules/crits.py's
`armor`, `natural_armor`, `shield` and `natural_weapon`."""

MELEE, UNARMED_KIND, BOW, THROWN = range(4)
_KINDS = {"melee": MELEE, "bow": BOW, "thrown": THROWN}

# what the tactics chose: (kind, target index or tile)
END, ATTACK, MOVE, FACE = range(4)


def compile_fast_path(point: ForkPoint, policies: Mapping[str, str]) -> FastPath | None:
    """The fast path for trials from `point`, or None where it would have to guess."""
    if any(name != "tactics" for name in policies.values()):
        return None  # other policies retarget through `verify`: not restated here
    if point.state is not None:
        return None  # a fork after a scripted part: not restated (see the module docstring)
    setup = point.setup
    opts = setup.options
    if not isinstance(opts, TiersOptions) or not _modelled_options(opts):
        return None
    board = setup.arena
    if not isinstance(board, LitGrid) or not _bright(board):
        return None
    if not all(type(c) is Warrior for c in setup.combatants):
        return None
    warriors = cast(tuple[Warrior, ...], setup.combatants)
    if not warriors or not all(_modelled_warrior(w) for w in warriors):
        return None
    return _Compiled(point, warriors, opts, board)


def _modelled_options(opts: TiersOptions) -> bool:
    defaults = TiersOptions()
    return all(
        getattr(opts, name) == getattr(defaults, name)
        for name in TiersOptions.model_fields
        if name not in MODELLED
    )


def _bright(board: LitGrid) -> bool:
    """Bright everywhere: no darkness or low light for any rule to read, nothing lying on
    the map for the tactics to pick up."""
    return board.level >= BRIGHT and not getattr(board, "ground", ())


def _modelled_warrior(w: Warrior) -> bool:
    if w.conditions or w.large or w.z or w.skills.stealth:
        return False
    if w.turned_from is not None or w.bumped or w.stealth_spent or w.trails:
        return False
    if w.actions or w.contested or w.spent_ahead or w.crossed_at is not None:
        return False
    if w.off is not None and w.off != w.main:
        return False  # a pair in hand: dual wielding is not restated
    if w.main is None:
        # tactics._rearm would take up a carried weapon
        return not any(w.tier_of(x.id) > w.natural_weapon for x in w.weapons)
    weapon = w.weapon(w.main)
    return weapon is not None and weapon.kind in _KINDS


class _Sheet:
    """What never changes about a fighter during a fight, as plain numbers."""

    __slots__ = (
        "answers",
        "best_skill",
        "body",
        "carried",
        "clawed",
        "cloaks",
        "foes",
        "kind",
        "main",
        "mine",
        "move",
        "natural_reach",
        "range",
        "reflex",
        "shielded",
        "side",
        "skill",
        "theirs",
        "wielded",
    )

    def __init__(self, w: Warrior) -> None:
        self.side = 0
        self.foes: list[int] = []
        self.body = w.body
        self.reflex = w.reflex
        self.move = w.race.move
        self.cloaks = w.cloaks
        self.clawed = w.race.natural_weapon > 0
        """exchange._wields_a_weapon reads the race's Tier, not the one crits lowered."""
        self.shielded = w.shield_equipped
        self.best_skill = w.skills.best_weapon_skill()
        self.natural_reach = max(1, w.race.natural_reach)  # arms.arm, bare hands
        index = {x.id: n for n, x in enumerate(w.weapons)}
        self.main = UNARMED if w.main is None else index[w.main]
        self.wielded = [] if w.main is None else [self.main]
        self.carried = list(range(len(w.weapons)))
        # the arm the tactics strike with (arms.arm of the main hand)
        if w.main is None:
            self.kind, self.skill, self.mine, self.range = UNARMED_KIND, w.skills.unarmed, 0, 0
            self.mine = self.natural_reach
        else:
            weapon = w.weapons[self.main]
            self.kind = _KINDS[weapon.kind]
            self.skill = _skill(w, weapon)
            self.mine = (weapon.reach or 0) if weapon.is_melee else 0
            self.range = (weapon.range or 0) + w.race.range_bonus
        # arms.melee_choices: (weapon, skill, reach), bare hands first, then the sheet's order
        self.answers: list[tuple[int, int, int]] = [(UNARMED, w.skills.unarmed, self.natural_reach)]
        for n, weapon in enumerate(w.weapons):
            if weapon.is_melee:
                skill = w.skills.two_handed if weapon.hands == 2 else w.skills.main_hand
                self.answers.append((n, skill, weapon.reach or 0))
        self.theirs = max(reach for _, _, reach in self.answers)


def _skill(w: Warrior, weapon: Weapon) -> int:
    """arms.skill_for in the main hand."""
    skills = w.skills
    if weapon.kind == "melee":
        return skills.two_handed if weapon.hands == 2 else skills.main_hand
    return skills.bow if weapon.kind == "bow" else skills.thrown


class _Readings:
    """The modelled options as the plain flags the rules test, read once per fork."""

    __slots__ = (
        "at_negative_max",
        "cloaks",
        "covered",
        "crits",
        "faces_target",
        "forced",
        "least",
        "ten_armor",
        "tie",
        "unarmed_counters",
        "uncontested_crits",
    )

    def __init__(self, opts: TiersOptions) -> None:
        self.tie = opts.tie
        self.at_negative_max = opts.death
        self.crits = opts.crits
        self.uncontested_crits = opts.uncontested_crits
        self.least = opts.min_damage
        self.cloaks = opts.cloaks_add_to_armor
        self.covered = opts.natural_armor_under_worn == "covered"
        self.unarmed_counters = opts.unarmed_counterattacks
        self.faces_target = opts.attacker_faces_target
        self.forced = opts.natural_crit_fail == "used_weapon"
        self.ten_armor = opts.crit_fail_ten_armor == "counts"


class _Compiled:
    """One fork read once: the sheets compiled, the starting numbers laid out in lists."""

    def __init__(
        self, point: ForkPoint, warriors: tuple[Warrior, ...], opts: TiersOptions, board: Grid
    ) -> None:
        self.o = _Readings(opts)
        self.board = board
        self.sheets = [_Sheet(w) for w in warriors]
        sides = list(dict.fromkeys(w.side for w in warriors))
        self.side_names = sides
        for n, w in enumerate(warriors):
            self.sheets[n].side = sides.index(w.side)
            self.sheets[n].foes = [m for m, v in enumerate(warriors) if v.side != w.side]
        ids = [w.id for w in warriors]
        self.id_rank = [sorted(ids).index(i) for i in ids]
        where = {cid: n for n, cid in enumerate(ids)}
        self.order = [where[c] for c in point.order] if point.order is not None else None
        self.hp = [w.hp for w in warriors]
        self.max_hp = [w.max_hp for w in warriors]
        self.status = [_STATUS[w.status] for w in warriors]
        self.x = [w.x for w in warriors]
        self.y = [w.y for w in warriors]
        self.facing = [FACINGS.index(w.facing) for w in warriors]
        self.facing_on = [-1 if w.facing_on is None else where[w.facing_on] for w in warriors]
        self.tiers = [list(w.weapon_tiers) for w in warriors]
        self.armor = [w.armor for w in warriors]
        self.natural_weapon = [w.natural_weapon for w in warriors]
        self.natural_armor = [w.natural_armor for w in warriors]
        self.shield = [w.shield for w in warriors]
        self.walks: dict[tuple[object, ...], Tile | None] = {}
        """tactics._best_tile's answers by (mover, tiles of the mover, its foe, the rest)."""
        self.fire: dict[tuple[object, ...], bool] = {}
        """Whether a projectile may fly (exchange.reach_check past the range, cover's whole
        view), by the shooter's and target's tiles and who else stands where."""
        self.compass: dict[tuple[int, int], int] = {}
        """common.direction by (dx, dy), as an index of FACINGS."""

    def __call__(self, dice: Dice, max_rounds: int) -> FastTrial | None:
        return _Fight(self, dice.rng.randint).play(max_rounds)


class _Handback(Exception):
    """The fight reached what the fast path does not model: the engine plays it instead."""


class _Fight:
    """One trial's numbers, changed in place; each method names the rule it restates."""

    def __init__(self, c: _Compiled, randint: RandInt) -> None:
        self.c = c
        self.o = c.o
        self.r = randint
        self.sheets = c.sheets
        self.board = c.board
        self.hp = c.hp[:]
        self.max_hp = c.max_hp
        self.status = c.status[:]
        self.x = c.x[:]
        self.y = c.y[:]
        self.facing = c.facing[:]
        self.facing_on = c.facing_on[:]
        self.turned: list[tuple[int, int] | None] = [None] * len(self.hp)
        self.tiers = [t[:] for t in c.tiers]
        self.armor = c.armor[:]
        self.natural_weapon = c.natural_weapon[:]
        self.natural_armor = c.natural_armor[:]
        self.shield = c.shield[:]
        self.order: list[int] = []
        self.round = 0
        self.index = 0
        self.outcome: str | None = None
        self.actions = 0
        self.contested = False
        n = len(self.hp)
        self.dealt = [0] * n
        self.taken = [0] * n
        self.actor = -1
        """Whose action is being resolved (-1 while a turn ends: that deals nothing)."""
        self.fell = False
        """Someone stopped standing since the last outcome check."""

    # -- the simulator's loop (sim/trial.play) ------------------------------------------

    def play(self, max_rounds: int) -> FastTrial | None:
        """The loop of sim/trial.play, a turn at a time: the round only moves on when a turn
        ends, and the outcome only when someone fell."""
        try:
            self.start()
            choose, act = self.choose, self.act
            while self.round <= max_rounds and self.outcome is None:
                n = self.order[self.index]
                self.actor = n
                steps = 0
                choice = choose(n)
                while choice[0] != END:
                    act(n, choice)
                    steps += 1
                    if steps > TURN_ACTIONS:
                        return None
                    if self.fell:
                        self.fell = False
                        self.check_outcome()
                        if self.outcome is not None:
                            break
                    choice = choose(n)
                else:
                    self.actor = -1
                    self.end_turn()
        except _Handback:
            return None
        return FastTrial(
            end="outcome" if self.outcome is not None else "round limit",
            outcome=self.outcome,
            round=self.round,
            hp=tuple(self.hp),
            standing=tuple([s == ACTIVE for s in self.status]),
            dealt=tuple(self.dealt),
            taken=tuple(self.taken),
        )

    # -- start, turns and rounds (Ruleset.start, core/turns.InitiativeRounds) ------------

    def start(self) -> None:
        """Initiative (rules/initiative.py, individually), round 1, the outcome check."""
        fixed = self.c.order
        self.order = fixed[:] if fixed is not None else self.rank(list(range(len(self.hp))), 0)
        self.round = 1
        self.start_turn(0, skipped=0)
        self.check_outcome()

    def rank(self, group: list[int], depth: int) -> list[int]:
        """`core.initiative.rank` with 1d20 + Reflex, over indices: everyone in `group` rolls
        in listing order, the highest first, each tie re-rolled (one level deeper) before the
        next lower total is looked at; the sort is stable, so past `MAX_REROLLS` listing
        order settles a tie, as there."""
        r = self.r
        sheets = self.sheets
        key = {n: r(1, 20) + sheets[n].reflex for n in group}
        ranked = sorted(group, key=key.__getitem__, reverse=True)
        if len(set(key.values())) == len(group):
            return ranked
        ordered: list[int] = []
        for _, alike in groupby(ranked, key.__getitem__):
            tied = list(alike)
            if len(tied) > 1 and depth < MAX_REROLLS:
                ordered += self.rank(tied, depth + 1)
            else:
                ordered += tied
        return ordered

    def start_turn(self, index: int, skipped: int) -> None:
        """InitiativeRounds._start_turn: the turn's two actions again (Tiers.apply of
        TurnStarted), every turned defender facing as declared (turning.on_turn_start), and
        those who cannot act skipped."""
        status = self.status
        while True:
            self.index = index
            n = self.order[index]
            self.actions, self.contested = 0, False
            if any(t is not None for t in self.turned):
                self.turn_back()
            if status[n] == ACTIVE:
                return
            skipped += 1
            if skipped >= 3 * len(self.order):
                raise _Handback  # the engine's stalemate stop: the outcome check comes first
            index += 1
            if index >= len(self.order):
                self.round += 1
                index = 0

    def end_turn(self) -> None:
        """InitiativeRounds.end_turn (no condition lapses: the fighters bear none)."""
        index = self.index + 1
        if index >= len(self.order):
            self.round += 1  # Tiers.on_round_end: blindness.end_round has nothing to clear
            index = 0
        self.start_turn(index, skipped=0)

    def turn_back(self) -> None:
        """turning.on_turn_start: "after the attacker's turn concludes", every turned
        defender faces as declared again, or toward the one it kept in front."""
        turned, facing, facing_on = self.turned, self.facing, self.facing_on
        x, y = self.x, self.y
        for n, back in enumerate(turned):
            if back is None:
                continue
            way, on = back
            if on >= 0 and (x[on], y[on]) != (x[n], y[n]):
                way = self.direction(n, on)
            facing[n], facing_on[n], turned[n] = way, on, None

    def check_outcome(self) -> None:
        """BaseRuleset.outcome: one side standing wins; nobody standing is a draw."""
        if self.outcome is not None:
            return
        sheets = self.sheets
        standing = {sheets[n].side for n, s in enumerate(self.status) if s == ACTIVE}
        if len(standing) > 1:
            return
        names = self.c.side_names
        self.outcome = f"{names[standing.pop()]} won" if standing else "draw"

    # -- geometry (rules/common.py) ------------------------------------------------------

    def direction(self, n: int, toward: int) -> int:
        """common.direction from `n` toward `toward`, as an index of FACINGS."""
        delta = (self.x[toward] - self.x[n], self.y[toward] - self.y[n])
        compass = self.c.compass
        way = compass.get(delta)
        if way is None:
            way = compass[delta] = FACINGS.index(direction((0, 0), delta))
        return way

    def gap(self, a: int, b: int) -> int:
        return max(abs(self.x[a] - self.x[b]), abs(self.y[a] - self.y[b]))

    def facing_of(self, n: int) -> int:
        """common.facing_of: a facing kept on someone points at them (unless on their tile)."""
        on = self.facing_on[n]
        if on >= 0 and (self.x[on] != self.x[n] or self.y[on] != self.y[n]):
            return self.direction(n, on)
        return self.facing[n]

    def shield_against(self, n: int, attacker: int) -> int:
        """common.shield_against under `arc: center_line` for a one-tile defender."""
        if not self.sheets[n].shielded:
            return 0
        x, y = self.x[n], self.y[n]
        step = STEP[FACINGS[self.facing_of(n)]]
        if ahead((2 * x, 2 * y), step, (self.x[attacker], self.y[attacker])):
            return self.shield[n]
        return 0

    def armor_bonus(self, n: int) -> int:
        """common.armor_bonus: armor, cloaks (B12), natural armor unless covered (B34)."""
        o = self.o
        armor = self.armor[n]
        cloaks = self.sheets[n].cloaks if o.cloaks else 0
        covered = o.covered and armor > 0
        return armor + cloaks + (0 if covered else self.natural_armor[n])

    def taken_tiles(self) -> dict[Tile, int]:
        """common.standing: who stands on each tile (the fallen take none)."""
        x, y = self.x, self.y
        return {(x[n], y[n]): n for n, s in enumerate(self.status) if s == ACTIVE}

    # -- the tactics (tiers/tactics.py: _wishes, then Ruleset.first_legal) --------------

    def choose(self, n: int) -> tuple[int, int]:
        """The first of the tactics' wishes that `verify` accepts, else ending the turn. In a
        bright map of one-tile fighters without stealth, effects or a pair in hand, the
        wishes that can be legal are: a blow at the first foe it may reach (nearest first),
        a walk toward the nearest, a turn to keep the nearest in front."""
        status = self.status
        if status[n] != ACTIVE:
            return (END, 0)  # BaseRuleset.verify: only end_turn for the fallen
        sheet = self.sheets[n]
        hp, rank = self.hp, self.c.id_rank
        gap = self.gap
        foes = [f for f in sheet.foes if status[f] == ACTIVE]
        if not foes:
            return (END, 0)
        foes.sort(key=lambda f: (gap(n, f), hp[f], rank[f]))
        if sheet.main == UNARMED and sheet.carried:
            natural = self.natural_weapon[n]
            if any(self.tiers[n][w] > natural for w in sheet.carried):
                raise _Handback  # tactics._rearm swaps a weapon in: not restated
        spare = self.actions < ACTIONS_PER_TURN
        if spare and not self.contested:
            for foe in foes:
                if self.may_strike(n, sheet, foe):
                    return (ATTACK, foe)
        nearest = foes[0]
        if spare:
            tile = self.best_tile(n, sheet, nearest)
            if tile is not None:
                return (MOVE, tile[0] * 65536 + tile[1])
        if self.facing_on[n] != nearest:
            return (FACE, nearest)
        return (END, 0)

    def may_strike(self, n: int, sheet: _Sheet, foe: int) -> bool:
        """exchange.verify for the tactics' plain attack: in reach or range, no wall between,
        and for a projectile nobody in the line of fire and the whole target in view."""
        gap = self.gap(n, foe)
        projectile = sheet.kind >= BOW
        if gap > (sheet.range if projectile else sheet.mine):
            return False
        here, there = (self.x[n], self.y[n]), (self.x[foe], self.y[foe])
        if not projectile:
            return not self.board.sight_blocked(here, there)
        taken = self.taken_tiles()
        others = tuple(sorted(t for t, m in taken.items() if m != n and m != foe))
        key = (here, there, others)
        fire = self.c.fire
        known = fire.get(key)
        if known is None:
            if len(fire) >= KEPT:
                fire.clear()
            known = fire[key] = self.clear_shot(here, there, frozenset(others))
        return known

    def clear_shot(self, eye: Tile, aim: Tile, others: frozenset[Tile]) -> bool:
        """exchange.reach_check past the range, and cover.require_whole_view."""
        board = self.board
        if board.sight_blocked(eye, aim):
            return False
        if any(tile in others for tile in board.line(eye, aim)):
            return False
        walls = board.walls
        for x in range(min(eye[0], aim[0]) - 1, max(eye[0], aim[0]) + 2):
            for y in range(min(eye[1], aim[1]) - 1, max(eye[1], aim[1]) + 2):
                tile = (x, y)
                if tile not in walls and tile not in others:
                    continue
                if tile in (eye, aim):
                    continue
                dot = (x - eye[0]) * (aim[0] - eye[0]) + (y - eye[1]) * (aim[1] - eye[1])
                if dot > 0 and hides(eye, tile, aim):
                    return False
        return True

    def best_tile(self, n: int, sheet: _Sheet, foe: int) -> Tile | None:
        """tactics._best_tile for a one-tile fighter, remembered per situation: the same
        tiles for the walker, its foe and everyone else standing give the same walk."""
        here, aim = (self.x[n], self.y[n]), (self.x[foe], self.y[foe])
        taken = self.taken_tiles()
        blocked = frozenset(t for t in taken if t != here)
        key = (here, aim, blocked, sheet.move, sheet.mine, self.sheets[foe].theirs)
        walks = self.c.walks
        try:
            return walks[key]
        except KeyError:
            pass
        if len(walks) >= KEPT:
            walks.clear()
        tile = walks[key] = self.walk(here, aim, blocked, sheet, self.sheets[foe].theirs)
        return tile

    def walk(
        self, here: Tile, aim: Tile, blocked: frozenset[Tile], sheet: _Sheet, theirs: int
    ) -> Tile | None:
        """`best_tile` worked out: the reachable tile nearest the foe, then the cheapest;
        a fighter that outreaches the foe stops within its reach and beyond the foe's."""
        mine = sheet.mine
        board = self.board
        near_here = max(abs(here[0] - aim[0]), abs(here[1] - aim[1]))
        stand_off = mine > theirs and near_here > mine

        def poor(tile: Tile, near: int) -> bool:
            return not (stand_off and theirs < near <= mine) or board.sight_blocked(tile, aim)

        best: tuple[bool, int, int, Tile] | None = None
        for tile, cost in board.reachable(here, sheet.move, blocked).items():
            if tile in blocked or tile == here:
                continue
            near = max(abs(tile[0] - aim[0]), abs(tile[1] - aim[1]))
            key = (poor(tile, near), near, cost, tile)
            if best is None or key < best:
                best = key
        if best is None or best[:2] >= (poor(here, near_here), near_here):
            return None
        return best[3]

    # -- crits' picks (crit_tactics.py) and targets (rules/crits.py) ----------------------

    def hands_exposed(self, n: int) -> bool:
        if self.sheets[n].shielded and self.shield[n] > 0:
            return False
        tiers = self.tiers[n]
        return all(tiers[w] == 0 for w in self.sheets[n].wielded)

    def tier_of(self, n: int, weapon: int) -> int:
        """Warrior.tier_of: bare hands are T0 there (crits name them NATURAL)."""
        return 0 if weapon == UNARMED else self.tiers[n][weapon]

    def hit_targets(self, n: int, their: int) -> list[int]:
        """crits.hit_targets: what a natural 20 may lower on `n`, answering with `their`."""
        hands = self.hands_exposed(n)
        natural = self.natural_weapon[n]
        targets: list[int] = []
        if hands and natural == 0:
            targets.append(NATURAL)
        if self.armor[n] > 0:
            targets.append(ARMOR)
        elif self.natural_armor[n] > 0:
            targets.append(NAT_ARMOR)
        if self.sheets[n].shielded and self.shield[n] > 0:
            targets.append(SHIELD)
        first = their if their != UNARMED and self.tiers[n][their] > 0 else None
        names = [w for w in (their, *self.sheets[n].wielded) if w != UNARMED]
        for name in (first, *names):
            if name is not None and self.tiers[n][name] > 0 and name not in targets:
                targets.append(name)
        if hands and natural > 0:
            targets.append(NATURAL)
        return targets

    def fail_targets(self, n: int, own: int) -> list[int]:
        """crits.fail_targets (a natural 1 that hurts) for one arm, not a pair."""
        natural_used = own == UNARMED
        natural = self.natural_weapon[n]
        if self.o.forced and natural_used:
            return [NATURAL]
        targets: list[int] = []
        if not natural_used and self.tiers[n][own] > 0:
            targets.append(own)
        if natural_used and natural > 0:
            targets.append(NATURAL)
        if self.sheets[n].shielded and self.shield[n] > 0:
            targets.append(SHIELD)
        if natural_used and natural == 0:
            targets.append(NATURAL)
        for w in self.sheets[n].wielded:
            if self.tiers[n][w] > 0 and w not in targets:
                targets.append(w)
        return targets

    @staticmethod
    def default_fail(targets: list[int], own: int) -> int | None:
        """crits.default_fail: the default natural 1 stops at the shield."""
        first = targets[0] if targets else None
        if first in (SHIELD, NATURAL) or first == own:
            return first
        return None

    def answer(self, n: int, gap: int) -> tuple[int, int, int]:
        """arms.default_defense: a melee choice that reaches, best skill, then Tier."""
        answers = self.sheets[n].answers
        reaching = [a for a in answers if a[2] >= gap] or answers
        natural, tiers = self.natural_weapon[n], self.tiers[n]
        return max(reaching, key=lambda a: (a[1], natural if a[0] == UNARMED else tiers[a[0]]))

    def picks(self, n: int, foe: int, gap: int) -> tuple[int | None, int | None]:
        """tactics._strike's crit picks: crit_tactics.hit_pick and fail_pick, None where
        the documented default would choose the same."""
        sheet = self.sheets[n]
        their = self.answer(foe, gap)
        odds = edge(sheet.reflex + sheet.skill - self.sheets[foe].reflex - their[1])
        targets = self.hit_targets(foe, their[0])
        hit = self.hit_choice(foe, targets, odds)
        if hit == (targets[0] if targets else None):
            hit = None
        own = sheet.main
        failing = self.fail_targets(n, own)
        fail = self.fail_choice(n, failing, odds)
        if fail == self.default_fail(failing, own):
            fail = None
        return hit, fail

    def hit_choice(self, foe: int, targets: list[int], odds: float) -> int | None:
        natural = self.natural_weapon[foe]
        if NATURAL in targets and natural == 0:
            return NATURAL
        guard = [t for t in (ARMOR, NAT_ARMOR, SHIELD) if t in targets]
        held = [w for w in self.sheets[foe].wielded if w in targets]
        tiers = self.tiers[foe]
        blade: int | None = min(held, key=tiers.__getitem__) if held else None
        if blade is None and NATURAL in targets:
            blade = NATURAL
        if odds >= FAVOURED:
            return guard[0] if guard else blade
        return blade if blade is not None else (guard[0] if guard else None)

    def fail_choice(self, n: int, targets: list[int], odds: float) -> int | None:
        natural = self.natural_weapon[n]
        safe = [t for t in targets if not (t == NATURAL and natural == 0)]
        if odds >= FAVOURED and SHIELD in safe:
            return SHIELD
        if targets[:1] == [NATURAL] and natural == 0 and safe:
            return safe[0]
        return None

    # -- resolving the chosen action (tiers/rules) ------------------------------------------

    def act(self, n: int, choice: tuple[int, int]) -> None:
        kind, what = choice
        if kind == ATTACK:
            self.actions += 1  # ActionSpent, contested
            self.contested = True
            self.exchange(n, what)
        elif kind == MOVE:  # movement.resolve_move, then Tiers.after_action's keep_facings
            self.actions += 1
            self.x[n], self.y[n] = divmod(what, 65536)
            self.keep_facings(n)
        else:  # movement.resolve_face with a target
            if (self.x[what], self.y[what]) != (self.x[n], self.y[n]):
                self.facing[n] = self.direction(n, what)
            self.facing_on[n] = what

    def keep_facings(self, mover: int) -> None:
        """movement.keep_facings: a facing kept on someone turns as either of them moves."""
        facing, facing_on = self.facing, self.facing_on
        for k, on in enumerate(facing_on):
            if on >= 0 and (k == mover or on == mover):
                now = self.facing_of(k)
                if now != facing[k]:
                    facing[k] = now

    def exchange(self, n: int, foe: int) -> None:
        """exchange.resolve for the tactics' attack (one arm, picks from `picks`)."""
        r, o, sheets = self.r, self.o, self.sheets
        sheet, theirs = sheets[n], sheets[foe]
        gap = self.gap(n, foe)
        hit_pick, fail_pick = self.picks(n, foe, gap)  # as tactics._strike names them
        answer = self.answer(foe, gap)
        defense_skill = theirs.best_skill if sheet.kind >= BOW else answer[1]
        active = self.status[foe] == ACTIVE
        attack_mod = sheet.reflex + sheet.skill
        defense_mod = theirs.reflex + defense_skill
        defense_face = 0
        attack_total = defense_total = 0
        for attempt in range(EXCHANGE_REROLLS + 1):
            attack_face = r(1, 20)
            attack_total = attack_face + attack_mod
            if active:
                defense_face = r(1, 20)
                defense_total = defense_face + defense_mod
            else:
                defense_total, defense_face = 0, 0
            if attack_total != defense_total:
                break
            if o.tie != "reroll" or attempt == EXCHANGE_REROLLS:
                break
        if attack_total > defense_total:
            winner = 1
        elif defense_total > attack_total or o.tie == "defender":
            winner = -1
        else:
            winner = 0
        if winner < 0 and active and (self.x[n], self.y[n]) != (self.x[foe], self.y[foe]):
            self.turn_to(foe, n)
        if o.crits and (active or o.uncontested_crits):
            if attack_face == 20:
                self.critical_hit(foe, answer[0], hit_pick)
            elif attack_face == 1:
                self.critical_failure(n, sheet.main, fail_pick)
            if defense_face == 20:
                self.critical_hit(n, sheet.main, None)
            elif defense_face == 1:
                self.critical_failure(foe, answer[0], None)
        difference = abs(attack_total - defense_total)
        if winner > 0:
            tier = self.arm_tier(n, sheet.main)
            armor = self.armor_bonus(foe) + self.shield_against(foe, n)
            if sheet.kind == BOW:
                amount = max(0, difference + tier - armor)
            else:
                amount = max(0, difference + sheet.body + tier - armor)
            self.land(foe, amount)
        elif winner < 0:
            if gap > answer[2]:
                return  # "If they are outside melee range, they will simply dodge"
            if not (o.unarmed_counters or theirs.clawed or answer[0] != UNARMED):
                return  # B18: bare hands only dodge
            if o.faces_target:
                armor = self.armor_bonus(n) + (self.shield[n] if sheet.shielded else 0)
            else:
                armor = self.armor_bonus(n) + self.shield_against(n, foe)
            tier = self.arm_tier(foe, answer[0])
            self.land(n, max(0, difference + theirs.body + tier - armor))

    def arm_tier(self, n: int, weapon: int) -> int:
        """exchange._tier_now: the weapon's Tier after this exchange's crits."""
        return self.natural_weapon[n] if weapon == UNARMED else self.tiers[n][weapon]

    def turn_to(self, defender: int, attacker: int) -> None:
        """turning.turn_to: the winning defender faces its attacker till the turn ends."""
        back = self.turned[defender]
        if back is None:
            back = (self.facing[defender], self.facing_on[defender])
        self.turned[defender] = back
        self.facing[defender] = self.direction(defender, attacker)
        self.facing_on[defender] = -1

    def critical_hit(self, opponent: int, their: int, pick: int | None) -> None:
        targets = self.hit_targets(opponent, their)
        target = pick if pick in targets else (targets[0] if targets else None)
        if target is not None:
            self.lower(opponent, target, 0)

    def critical_failure(self, roller: int, own: int, pick: int | None) -> None:
        targets = self.fail_targets(roller, own)
        target = pick if pick in targets else self.default_fail(targets, own)
        armor = self.armor_bonus(roller) if self.o.ten_armor else 0
        if target is not None:
            self.lower(roller, target, armor)

    def lower(self, owner: int, target: int, armor: int) -> None:
        """crits._lower: a Tier off the item, or at a T0 natural weapon the 10 damage."""
        if target == NATURAL:
            if self.natural_weapon[owner] == 0:
                self.deal(owner, NATURAL_WEAPON_DAMAGE - armor)
            else:
                self.natural_weapon[owner] -= 1
        elif target == ARMOR:
            self.armor[owner] -= 1
        elif target == NAT_ARMOR:
            self.natural_armor[owner] -= 1
        elif target == SHIELD:
            self.shield[owner] -= 1
        else:
            self.tiers[owner][target] -= 1

    # -- harm (rules/harm.py) ----------------------------------------------------------------

    def land(self, n: int, amount: int) -> None:
        """harm.land: at least `min_damage` (B3)."""
        least = self.o.least
        self.deal(n, amount if amount >= least else least)

    def deal(self, n: int, amount: int) -> None:
        """harm.deal and settle, counted as the simulator counts losses (sim/trial.py)."""
        if amount <= 0:
            return
        hp = self.hp[n] = self.hp[n] - amount
        self.taken[n] += amount
        actor = self.actor
        sheets = self.sheets
        if actor >= 0 and sheets[actor].side != sheets[n].side:
            self.dealt[actor] += amount
        status = self.status[n]
        if status == DEAD:
            return
        if is_dead(hp, self.max_hp[n], self.o.at_negative_max):
            self.status[n] = DEAD
            self.fell = True
        elif hp <= 0 and status == ACTIVE:
            self.status[n] = UNCONSCIOUS
            self.fell = True
