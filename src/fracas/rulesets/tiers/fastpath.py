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
from itertools import groupby, pairwise
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
from fracas.rulesets.tiers.rules.light import BRIGHT, LitGrid
from fracas.rulesets.tiers.sheet import FACINGS, Weapon
from fracas.rulesets.tiers.warrior import ACTIONS_PER_TURN, Tile, Warrior

ACTIVE, UNCONSCIOUS, DEAD = 0, 1, 2
EDGES = frozenset({1, 20})
"""The natural faces that make a crit."""
STEPS = [STEP[f] for f in FACINGS]
"""One square toward each facing, by its index in FACINGS."""
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

# what the tactics chose: (kind, foe, tile)
END, ATTACK, MOVE, FACE = range(4)
Choice = tuple[int, int, Tile]
_END: Choice = (END, -1, (0, 0))
Layout = tuple[Tile | None, ...]
"""Each fighter's tile while it stands, None once fallen: all the tactics' checks read."""
Answer = tuple[int, int, int]
"""A defender's melee choice: (weapon, skill, reach)."""
Gear = tuple[int, ...]
"""What crits may lower on a fighter, as one key: armor, natural armor, shield, natural
weapon, then each weapon's Tier."""


def _gear_key(
    armor: list[int],
    natural_armor: list[int],
    shield: list[int],
    natural_weapon: list[int],
    tiers: list[list[int]],
    n: int,
) -> Gear:
    return (armor[n], natural_armor[n], shield[n], natural_weapon[n], *tiers[n])


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
        "index",
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

    def __init__(self, w: Warrior, index: int) -> None:
        self.index = index
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
        ids = {x.id: n for n, x in enumerate(w.weapons)}
        self.main = UNARMED if w.main is None else ids[w.main]
        self.wielded = [] if w.main is None else [self.main]
        self.carried = list(range(len(w.weapons))) if w.main is None else []
        """The weapons tactics._rearm may take up: only with bare hands."""
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
        "cloaks",
        "covered",
        "crits",
        "death",
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
        self.death = opts.death
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
        self.sheets = [_Sheet(w, n) for n, w in enumerate(warriors)]
        sides = list(dict.fromkeys(w.side for w in warriors))
        self.side_names = sides
        for n, w in enumerate(warriors):
            self.sheets[n].side = sides.index(w.side)
            self.sheets[n].foes = [m for m, v in enumerate(warriors) if v.side != w.side]
        ids = [w.id for w in warriors]
        self.id_rank = [sorted(ids).index(i) for i in ids]
        self.count = len(ids)
        self.reflex = [w.reflex for w in warriors]
        self.weight = [(board.width * board.height + 1) ** n for n in range(len(ids))]
        """Each fighter's place in the layout's number: its tile as x * height + y + 1 (0
        once fallen) in base width x height + 1."""
        self.lkey = sum(
            (w.x * board.height + w.y + 1) * self.weight[n]
            for n, w in enumerate(warriors)
            if w.is_active
        )
        self.rearming = [bool(sheet.carried) for sheet in self.sheets]
        where = {cid: n for n, cid in enumerate(ids)}
        self.order = [where[c] for c in point.order] if point.order is not None else None
        self.hp = [w.hp for w in warriors]
        self.max_hp = [w.max_hp for w in warriors]
        self.status = [_STATUS[w.status] for w in warriors]
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
        self.ranked: dict[int, tuple[tuple[tuple[int, int, int], ...], bool]] = {}
        """Each fighter's standing foes by layout: (gap, id rank, foe), nearest first, and
        whether two stand equally near (then their HP decides, as in tactics._foes)."""
        self.plans: dict[int | tuple[int, ...], Choice] = {}
        """The blow or the walk the tactics choose by (fighter, layout, foes in order, the
        turn's actions left): what `verify` accepts there depends on nothing else."""
        self.bouts: dict[tuple[int, ...], Bout] = {}
        """What an exchange reads besides the dice (`Bout`) by (attacker, defender, gap,
        both fighters' gear)."""
        self.sight: dict[tuple[Tile, Tile], bool] = {}
        """Grid.sight_blocked by the two tiles."""
        self.width, self.height = board.width, board.height
        self.span = 2 * board.height + 1
        self.compass = [
            FACINGS.index(direction((0, 0), (dx, dy)))
            for dx in range(-board.width, board.width + 1)
            for dy in range(-board.height, board.height + 1)
        ]
        """common.direction by (dx, dy) (see `_Fight.direction`), as an index of FACINGS."""
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
                _gear_key(
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
            known = self.gears[gear] = self.number()
        return known

    def __call__(self, dice: Dice, max_rounds: int) -> FastTrial | None:
        return _Fight(self, dice.rng.randint).play(max_rounds)


class _Handback(Exception):
    """The fight reached what the fast path does not model: the engine plays it instead."""


class _Fight:
    """One trial's numbers, changed in place; each method names the rule it restates."""

    __slots__ = (
        "actions",
        "actor",
        "armor",
        "c",
        "contested",
        "dealt",
        "facing",
        "facing_on",
        "fell",
        "gear",
        "hp",
        "index",
        "lkey",
        "max_hp",
        "natural_armor",
        "natural_weapon",
        "o",
        "order",
        "outcome",
        "pos",
        "r",
        "round",
        "sheets",
        "shield",
        "status",
        "taken",
        "tiers",
        "turned",
        "turning",
    )

    def __init__(self, c: _Compiled, randint: RandInt) -> None:
        self.c = c
        self.o = c.o
        self.r = randint
        self.sheets = c.sheets
        self.hp = c.hp[:]
        self.max_hp = c.max_hp
        self.status = c.status[:]
        self.pos = c.pos[:]
        self.facing = c.facing[:]
        self.facing_on = c.facing_on[:]
        n = len(self.hp)
        self.turned: list[tuple[int, int] | None] = [None] * n
        self.turning = False
        """Someone is turned to its attacker (`turn_to`) till the next turn starts."""
        self.tiers = [t[:] for t in c.tiers]
        self.armor = c.armor[:]
        self.natural_weapon = c.natural_weapon[:]
        self.natural_armor = c.natural_armor[:]
        self.shield = c.shield[:]
        self.gear = c.gear[:]
        self.lkey = c.lkey
        """The layout as one number (`_Compiled.weight`), kept up as fighters move and
        fall: what the tactics' judgements are remembered by."""
        self.order: list[int] = []
        self.round = 0
        self.index = 0
        self.outcome: str | None = None
        self.actions = 0
        self.contested = False
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
            choose, exchange, order = self.choose, self.exchange, self.order
            while self.round <= max_rounds and self.outcome is None:
                n = order[self.index]
                self.actor = n
                steps = 0
                kind, foe, tile = choose(n)
                while kind != END:
                    if kind == ATTACK:
                        self.actions += 1  # ActionSpent, contested
                        self.contested = True
                        exchange(n, foe)
                        if self.fell:
                            self.fell = False
                            self.check_outcome()
                            if self.outcome is not None:
                                break
                    elif kind == MOVE:  # movement.resolve_move, then keep_facings
                        self.actions += 1
                        c = self.c
                        (x0, y0), (x1, y1) = self.pos[n], tile
                        self.lkey += ((x1 - x0) * c.height + y1 - y0) * c.weight[n]
                        self.pos[n] = tile
                        self.keep_facings(n)
                    else:
                        self.face(n, foe)
                        break  # the wishes stand as they were, and now face the foe: end
                    steps += 1
                    if steps > TURN_ACTIONS:
                        return None
                    kind, foe, tile = choose(n)
                if self.outcome is None:
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
        r, reflex = self.r, self.c.reflex
        key = {n: r(1, 20) + reflex[n] for n in group}
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
        status, order = self.status, self.order
        while True:
            self.index = index
            self.actions, self.contested = 0, False
            if self.turning:
                self.turn_back()
            if status[order[index]] == ACTIVE:
                return
            skipped += 1
            if skipped >= 3 * len(order):
                raise _Handback  # the engine's stalemate stop: the outcome check comes first
            index += 1
            if index >= len(order):
                self.round += 1
                index = 0

    def end_turn(self) -> None:
        """InitiativeRounds.end_turn (no condition lapses: the fighters bear none; Tiers'
        on_round_end, blindness.end_round, has nothing to clear in the light)."""
        index = self.index + 1
        if index >= len(self.order):
            self.round += 1
            index = 0
        if not self.turning and self.status[self.order[index]] == ACTIVE:
            self.index = index  # start_turn for an active fighter, nobody turned
            self.actions, self.contested = 0, False
            return
        self.start_turn(index, skipped=0)

    def turn_back(self) -> None:
        """turning.on_turn_start: "after the attacker's turn concludes", every turned
        defender faces as declared again, or toward the one it kept in front."""
        turned, facing, facing_on, pos = self.turned, self.facing, self.facing_on, self.pos
        for n, back in enumerate(turned):
            if back is None:
                continue
            way, on = back
            if on >= 0 and pos[on] != pos[n]:
                way = self.direction(n, on)  # where the one it kept in front now stands
            facing[n], facing_on[n], turned[n] = way, on, None
        self.turning = False

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
        (x0, y0), (x1, y1) = self.pos[n], self.pos[toward]
        c = self.c
        return c.compass[(x1 - x0 + c.width) * c.span + y1 - y0 + c.height]

    def facing_of(self, n: int) -> int:
        """common.facing_of: a facing kept on someone points at them (unless on their tile)."""
        on = self.facing_on[n]
        if on >= 0:
            (x0, y0), (x1, y1) = self.pos[n], self.pos[on]
            if x0 != x1 or y0 != y1:
                c = self.c
                return c.compass[(x1 - x0 + c.width) * c.span + y1 - y0 + c.height]
        return self.facing[n]

    def shield_against(self, n: int, attacker: int) -> int:
        """common.shield_against under `arc: center_line` for a one-tile defender:
        `_Compiled.front` is arcs.ahead by facing and offset."""
        if not self.sheets[n].shielded:
            return 0
        c = self.c
        (x0, y0), (x1, y1) = self.pos[n], self.pos[attacker]
        offset = (x1 - x0 + c.width) * c.span + y1 - y0 + c.height
        return self.shield[n] if c.front[self.facing_of(n)][offset] else 0

    def armor_bonus(self, n: int) -> int:
        """common.armor_bonus: armor, cloaks (B12), natural armor unless covered (B34)."""
        o = self.o
        armor = self.armor[n]
        cloaks = self.sheets[n].cloaks if o.cloaks else 0
        covered = o.covered and armor > 0
        return armor + cloaks + (0 if covered else self.natural_armor[n])

    def layout(self) -> Layout:
        status = self.status
        return tuple([p if status[n] == ACTIVE else None for n, p in enumerate(self.pos)])

    def blocked(self, here: Tile, there: Tile) -> bool:
        """Grid.sight_blocked, remembered by the two tiles."""
        sight = self.c.sight
        key = (here, there)
        known = sight.get(key)
        if known is None:
            known = sight[key] = self.c.board.sight_blocked(here, there)
        return known

    # -- the tactics (tiers/tactics.py: _wishes, then Ruleset.first_legal) --------------

    def choose(self, n: int) -> Choice:
        """The first of the tactics' wishes that `verify` accepts, else ending the turn. In a
        bright map of one-tile fighters without stealth, effects or a pair in hand, the
        wishes that can be legal are: a blow at the first foe it may reach (nearest first),
        a walk toward the nearest, a turn to keep the nearest in front. The first two
        depend only on the layout, the foes' order and the actions left, so they are
        remembered per such situation (`_Compiled.plans`)."""
        if self.status[n] != ACTIVE:
            return _END  # BaseRuleset.verify: only end_turn for the fallen
        c = self.c
        situation = self.lkey * c.count + n
        ranked = c.ranked.get(situation)
        if ranked is None:
            if len(c.ranked) >= KEPT:
                c.ranked.clear()
            ranked = c.ranked[situation] = _rank_foes(self.sheets[n], self.layout(), c.id_rank)
        near, tied = ranked
        if not near:
            return _END
        if c.rearming[n] and self.may_rearm(n):
            raise _Handback  # tactics._rearm swaps a weapon in: not restated
        # what the turn still allows: nothing, a walk, or a walk and the contested blow
        left = 0 if self.actions >= ACTIONS_PER_TURN else 1 if self.contested else 2
        key: int | tuple[int, ...] = situation * 3 + left
        if tied:
            hp = self.hp
            if len(near) == 2:  # the common case, without a sort
                a, b = near
                if a[0] == b[0] and (hp[b[2]], b[1]) < (hp[a[2]], a[1]):
                    near = (b, a)
            else:
                near = tuple(sorted(near, key=lambda g: (g[0], hp[g[2]], g[1])))
            key = (situation * 3 + left, *[f for _, _, f in near])
        plans = c.plans
        try:
            plan = plans[key]
        except KeyError:
            foes = [f for _, _, f in near]
            if len(plans) >= KEPT:
                plans.clear()
            plan = plans[key] = self.plan(n, self.sheets[n], self.layout(), foes, left)
        if plan[0] != FACE or self.facing_on[n] != plan[1]:
            return plan
        return _END

    def may_rearm(self, n: int) -> bool:
        """tactics._rearm's test: bare hands, and a carried weapon above the natural one."""
        natural = self.natural_weapon[n]
        return any(self.tiers[n][w] > natural for w in self.sheets[n].carried)

    def plan(
        self,
        n: int,
        sheet: _Sheet,
        layout: Layout,
        foes: list[int],
        left: int,
    ) -> Choice:
        """`choose` worked out: the blow at the first foe `may_strike` allows, else the walk
        `tactics._best_tile` finds toward the nearest, else the turn to face the nearest
        (made only when not already kept in front, which `choose` looks at each time)."""
        here = layout[n]
        assert here is not None
        if left == 2:
            for foe in foes:
                if self.may_strike(n, sheet, layout, here, foe):
                    return (ATTACK, foe, here)
        if left:
            tile = self.walk(n, sheet, layout, here, foes[0])
            if tile is not None:
                return (MOVE, foes[0], tile)
        return (FACE, foes[0], here)

    def may_strike(self, n: int, sheet: _Sheet, layout: Layout, here: Tile, foe: int) -> bool:
        """exchange.verify for the tactics' plain attack: in reach or range, no wall between,
        and for a projectile nobody in the line of fire and the whole target in view."""
        there = layout[foe]
        assert there is not None
        gap = max(abs(here[0] - there[0]), abs(here[1] - there[1]))
        projectile = sheet.kind >= BOW
        if gap > (sheet.range if projectile else sheet.mine):
            return False
        if self.blocked(here, there):
            return False
        if not projectile:
            return True
        others = frozenset(t for m, t in enumerate(layout) if t is not None and m not in (n, foe))
        board = self.c.board
        if any(tile in others for tile in board.line(here, there)):
            return False
        return _whole_view(board, here, there, others)

    def walk(self, n: int, sheet: _Sheet, layout: Layout, here: Tile, foe: int) -> Tile | None:
        """tactics._best_tile for a one-tile fighter: the reachable tile nearest the foe,
        then the cheapest; a fighter that outreaches the foe stops within its reach and
        beyond the foe's, in sight of it."""
        aim = layout[foe]
        assert aim is not None
        mine, theirs = sheet.mine, self.sheets[foe].theirs
        board = self.c.board
        near_here = max(abs(here[0] - aim[0]), abs(here[1] - aim[1]))
        stand_off = mine > theirs and near_here > mine

        def poor(tile: Tile, near: int) -> bool:
            return not (stand_off and theirs < near <= mine) or board.sight_blocked(tile, aim)

        blocked = frozenset(t for m, t in enumerate(layout) if t is not None and m != n)
        best: tuple[bool, int, int, Tile] | None = None
        for tile, cost in board.reachable(here, sheet.move, blocked).items():
            if tile == here:
                continue
            near = max(abs(tile[0] - aim[0]), abs(tile[1] - aim[1]))
            key = (poor(tile, near), near, cost, tile)
            if best is None or key < best:
                best = key
        if best is None or best[:2] >= (poor(here, near_here), near_here):
            return None
        return best[3]

    # -- resolving the chosen action (tiers/rules) ------------------------------------------

    def face(self, n: int, foe: int) -> None:
        """movement.resolve_face with a target."""
        (x0, y0), (x1, y1) = self.pos[n], self.pos[foe]
        if x0 != x1 or y0 != y1:
            c = self.c
            self.facing[n] = c.compass[(x1 - x0 + c.width) * c.span + y1 - y0 + c.height]
        self.facing_on[n] = foe

    def keep_facings(self, mover: int) -> None:
        """movement.keep_facings: a facing kept on someone turns as either of them moves."""
        facing, facing_on = self.facing, self.facing_on
        for k, on in enumerate(facing_on):
            if on >= 0 and (k == mover or on == mover):
                now = self.facing_of(k)
                if now != facing[k]:
                    facing[k] = now

    def exchange(self, n: int, foe: int) -> None:
        """exchange.resolve for the tactics' attack (one arm, the picks of tactics._strike).
        What does not change between crits (the answer, the picks, the bonuses, armor and
        Tiers) is read from a `Bout`, worked out once per attacker, defender, gap and gear."""
        r, o, c = self.r, self.o, self.c
        here, there = self.pos[n], self.pos[foe]
        gap = max(abs(here[0] - there[0]), abs(here[1] - there[1]))
        key = (n, foe, gap, self.gear[n], self.gear[foe])
        bout = c.bouts.get(key)
        if bout is None:
            if len(c.bouts) >= KEPT:
                c.bouts.clear()
            bout = c.bouts[key] = _bout(self, n, foe, gap)
        # the tactics strike only the standing (tactics._foes), so the defender rolls too:
        # no unconscious defender's 0 total, and `uncontested_crits` never comes into play
        attack_mod, defense_mod = bout.attack_mod, bout.defense_mod
        attack_face = r(1, 20)
        attack_total = attack_face + attack_mod
        defense_face = r(1, 20)
        defense_total = defense_face + defense_mod
        if attack_total == defense_total and o.tie == "reroll":
            for _ in range(EXCHANGE_REROLLS):
                attack_face = r(1, 20)
                attack_total = attack_face + attack_mod
                defense_face = r(1, 20)
                defense_total = defense_face + defense_mod
                if attack_total != defense_total:
                    break
        if attack_total > defense_total:
            difference = attack_total - defense_total
            winner = 1
        else:
            difference = defense_total - attack_total
            winner = -1 if difference or o.tie == "defender" else 0
            if winner and here != there:
                self.turn_to(foe, n)
        if (attack_face in EDGES or defense_face in EDGES) and o.crits:
            answer = bout.answer[0]
            main = self.sheets[n].main
            if attack_face == 20:
                critical_hit(self, foe, answer, bout.hit_pick)
            elif attack_face == 1:
                critical_failure(self, n, main, bout.fail_pick)
            if defense_face == 20:
                critical_hit(self, n, main, None)
            elif defense_face == 1:
                critical_failure(self, foe, answer, None)
            self.damage_after_crits(n, foe, gap, bout, winner, difference)
            return
        if winner > 0:
            amount = difference + bout.blow
            if bout.shielded:
                amount -= self.shield_against(foe, n)
            struck = foe
        elif winner < 0 and bout.counters:
            amount = difference + bout.counter
            if bout.counter_shielded:
                amount -= self.shield_against(n, foe)
            struck = n
        else:
            return
        hps = self.hp
        if amount >= o.least and 0 < amount < hps[struck]:
            # harm.land, deal and settle for a blow that leaves its target standing
            hps[struck] -= amount
            self.taken[struck] += amount
            if struck == foe and bout.foes:
                self.dealt[n] += amount
            return
        self.land(struck, amount if amount > 0 else 0)

    def damage_after_crits(
        self, n: int, foe: int, gap: int, bout: Bout, winner: int, difference: int
    ) -> None:
        """exchange._damage once crits may have worn armor, shields and weapons: worked out
        from the numbers as they now stand."""
        o, sheets = self.o, self.sheets
        sheet, theirs = sheets[n], sheets[foe]
        answer = bout.answer
        if winner > 0:
            tier = self.arm_tier(n, sheet.main)
            armor = self.armor_bonus(foe) + self.shield_against(foe, n)
            if sheet.kind == BOW:
                amount = difference + tier - armor
            else:
                amount = difference + sheet.body + tier - armor
            self.land(foe, amount if amount > 0 else 0)
        elif winner < 0:
            if gap > answer[2]:
                return  # "If they are outside melee range, they will simply dodge"
            if not (o.unarmed_counters or theirs.clawed or answer[0] != UNARMED):
                return  # B18: bare hands only dodge
            if o.faces_target:
                armor = self.armor_bonus(n) + (self.shield[n] if sheet.shielded else 0)
            else:
                armor = self.armor_bonus(n) + self.shield_against(n, foe)
            amount = difference + theirs.body + self.arm_tier(foe, answer[0]) - armor
            self.land(n, amount if amount > 0 else 0)

    def arm_tier(self, n: int, weapon: int) -> int:
        """exchange._tier_now: the weapon's Tier after this exchange's crits."""
        return self.natural_weapon[n] if weapon == UNARMED else self.tiers[n][weapon]

    def turn_to(self, defender: int, attacker: int) -> None:
        """turning.turn_to: the winning defender faces its attacker till the turn ends."""
        back = self.turned[defender]
        if back is None:
            back = (self.facing[defender], self.facing_on[defender])
        self.turned[defender] = back
        self.turning = True
        (x0, y0), (x1, y1) = self.pos[defender], self.pos[attacker]
        c = self.c
        self.facing[defender] = c.compass[(x1 - x0 + c.width) * c.span + y1 - y0 + c.height]
        self.facing_on[defender] = -1

    def lower(self, owner: int, target: int, armor: int) -> None:
        """crits._lower: a Tier off the item, or at a T0 natural weapon the 10 damage."""
        if target == NATURAL:
            if self.natural_weapon[owner] == 0:
                self.deal(owner, NATURAL_WEAPON_DAMAGE - armor)
                return
            self.natural_weapon[owner] -= 1
        elif target == ARMOR:
            self.armor[owner] -= 1
        elif target == NAT_ARMOR:
            self.natural_armor[owner] -= 1
        elif target == SHIELD:
            self.shield[owner] -= 1
        else:
            self.tiers[owner][target] -= 1
        self.gear[owner] = self.c.number_gear(
            _gear_key(
                self.armor, self.natural_armor, self.shield, self.natural_weapon, self.tiers, owner
            )
        )

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
        if hp <= self.c.dead_at[n]:  # harm.is_dead
            self.status[n] = DEAD
        elif hp <= 0 and status == ACTIVE:
            self.status[n] = UNCONSCIOUS
        else:
            return
        self.fell = True
        c = self.c
        x, y = self.pos[n]
        self.lkey -= (x * c.height + y + 1) * c.weight[n]


def _rank_foes(
    sheet: _Sheet, layout: Layout, id_rank: list[int]
) -> tuple[tuple[tuple[int, int, int], ...], bool]:
    """tactics._foes by layout: the standing foes by gap, then id; `tied` when two stand
    equally near, so that their HP must order them first (`choose`)."""
    here = layout[sheet.index]
    assert here is not None
    near = sorted(
        (max(abs(here[0] - t[0]), abs(here[1] - t[1])), id_rank[f], f)
        for f in sheet.foes
        if (t := layout[f]) is not None
    )
    tied = any(a[0] == b[0] for a, b in pairwise(near))
    return tuple(near), tied


def _whole_view(board: Grid, eye: Tile, aim: Tile, others: frozenset[Tile]) -> bool:
    """cover.require_whole_view (`line_of_fire: whole_tile`): no wall, terrain or standing
    character hides any part of the target's tile from the shooter's centre."""
    walls = board.walls
    for x in range(min(eye[0], aim[0]) - 1, max(eye[0], aim[0]) + 2):
        for y in range(min(eye[1], aim[1]) - 1, max(eye[1], aim[1]) + 2):
            tile = (x, y)
            if tile in (eye, aim) or (tile not in walls and tile not in others):
                continue
            ahead_of_eye = (x - eye[0]) * (aim[0] - eye[0]) + (y - eye[1]) * (aim[1] - eye[1])
            if ahead_of_eye > 0 and hides(eye, tile, aim):
                return False
    return True


# -- crits' picks (crit_tactics.py) and targets (rules/crits.py) ------------------------------


class Bout:
    """One attacker's exchange with one defender at one gap with the gear they have: what
    exchange.resolve and exchange._damage read besides the dice and the facings."""

    __slots__ = (
        "answer",
        "attack_mod",
        "blow",
        "counter",
        "counter_shielded",
        "counters",
        "defense_mod",
        "fail_pick",
        "foes",
        "hit_pick",
        "shielded",
    )

    def __init__(self, f: _Fight, n: int, foe: int, gap: int) -> None:
        o = f.o
        sheet, theirs = f.sheets[n], f.sheets[foe]
        self.answer, self.hit_pick, self.fail_pick = picks(f, n, foe, gap)
        answer = self.answer
        self.attack_mod = sheet.reflex + sheet.skill
        projectile = sheet.kind >= BOW
        self.defense_mod = theirs.reflex + (theirs.best_skill if projectile else answer[1])
        body = 0 if sheet.kind == BOW else sheet.body
        self.blow = body + f.arm_tier(n, sheet.main) - f.armor_bonus(foe)
        """The winner's damage less the difference and the shield (damage.contested)."""
        self.shielded = theirs.shielded
        self.foes = sheet.side != theirs.side
        wields = o.unarmed_counters or theirs.clawed or answer[0] != UNARMED
        self.counters = gap <= answer[2] and wields
        """A winning defender strikes back: in its answer's reach, wielding (B18)."""
        armor = f.armor_bonus(n)
        if o.faces_target and sheet.shielded:
            armor += f.shield[n]  # B43: met face on
        self.counter = theirs.body + f.arm_tier(foe, answer[0]) - armor
        self.counter_shielded = sheet.shielded and not o.faces_target


def _bout(f: _Fight, n: int, foe: int, gap: int) -> Bout:
    return Bout(f, n, foe, gap)


def hands_exposed(f: _Fight, n: int) -> bool:
    if f.sheets[n].shielded and f.shield[n] > 0:
        return False
    tiers = f.tiers[n]
    return all(tiers[w] == 0 for w in f.sheets[n].wielded)


def hit_targets(f: _Fight, n: int, their: int) -> list[int]:
    """crits.hit_targets: what a natural 20 may lower on `n`, answering with `their`."""
    hands = hands_exposed(f, n)
    natural = f.natural_weapon[n]
    tiers = f.tiers[n]
    targets: list[int] = []
    if hands and natural == 0:
        targets.append(NATURAL)
    if f.armor[n] > 0:
        targets.append(ARMOR)
    elif f.natural_armor[n] > 0:
        targets.append(NAT_ARMOR)
    if f.sheets[n].shielded and f.shield[n] > 0:
        targets.append(SHIELD)
    first = their if their != UNARMED and tiers[their] > 0 else None
    names = [w for w in (their, *f.sheets[n].wielded) if w != UNARMED]
    for name in (first, *names):
        if name is not None and tiers[name] > 0 and name not in targets:
            targets.append(name)
    if hands and natural > 0:
        targets.append(NATURAL)
    return targets


def fail_targets(f: _Fight, n: int, own: int) -> list[int]:
    """crits.fail_targets (a natural 1 that hurts) for one arm, not a pair."""
    natural_used = own == UNARMED
    natural = f.natural_weapon[n]
    if f.o.forced and natural_used:
        return [NATURAL]
    tiers = f.tiers[n]
    targets: list[int] = []
    if not natural_used and tiers[own] > 0:
        targets.append(own)
    if natural_used and natural > 0:
        targets.append(NATURAL)
    if f.sheets[n].shielded and f.shield[n] > 0:
        targets.append(SHIELD)
    if natural_used and natural == 0:
        targets.append(NATURAL)
    for w in f.sheets[n].wielded:
        if tiers[w] > 0 and w not in targets:
            targets.append(w)
    return targets


def default_fail(targets: list[int], own: int) -> int | None:
    """crits.default_fail: the default natural 1 stops at the shield."""
    first = targets[0] if targets else None
    if first in (SHIELD, NATURAL) or first == own:
        return first
    return None


def answer_of(f: _Fight, n: int, gap: int) -> Answer:
    """arms.default_defense: a melee choice that reaches, best skill, then Tier."""
    answers = f.sheets[n].answers
    reaching = [a for a in answers if a[2] >= gap] or answers
    natural, tiers = f.natural_weapon[n], f.tiers[n]
    return max(reaching, key=lambda a: (a[1], natural if a[0] == UNARMED else tiers[a[0]]))


def picks(f: _Fight, n: int, foe: int, gap: int) -> tuple[Answer, int | None, int | None]:
    """The defender's answer (exchange._defense) and tactics._strike's crit picks
    (crit_tactics.hit_pick and fail_pick), None where the documented default chooses the
    same."""
    sheet = f.sheets[n]
    their = answer_of(f, foe, gap)
    odds = edge(sheet.reflex + sheet.skill - f.sheets[foe].reflex - their[1])
    targets = hit_targets(f, foe, their[0])
    hit = _hit_choice(f, foe, targets, odds)
    if hit == (targets[0] if targets else None):
        hit = None
    own = sheet.main
    failing = fail_targets(f, n, own)
    fail = _fail_choice(f, n, failing, odds)
    if fail == default_fail(failing, own):
        fail = None
    return their, hit, fail


def _hit_choice(f: _Fight, foe: int, targets: list[int], odds: float) -> int | None:
    """crit_tactics._hit_choice."""
    if NATURAL in targets and f.natural_weapon[foe] == 0:
        return NATURAL
    guard = [t for t in (ARMOR, NAT_ARMOR, SHIELD) if t in targets]
    held = [w for w in f.sheets[foe].wielded if w in targets]
    tiers = f.tiers[foe]
    blade: int | None = min(held, key=tiers.__getitem__) if held else None
    if blade is None and NATURAL in targets:
        blade = NATURAL
    if odds >= FAVOURED:
        return guard[0] if guard else blade
    return blade if blade is not None else (guard[0] if guard else None)


def _fail_choice(f: _Fight, n: int, targets: list[int], odds: float) -> int | None:
    """crit_tactics._fail_choice for one arm (a pair's free Tier does not arise)."""
    natural = f.natural_weapon[n]
    safe = [t for t in targets if not (t == NATURAL and natural == 0)]
    if odds >= FAVOURED and SHIELD in safe:
        return SHIELD
    if targets[:1] == [NATURAL] and natural == 0 and safe:
        return safe[0]
    return None


def critical_hit(f: _Fight, opponent: int, their: int, pick: int | None) -> None:
    """crits.critical_hit: the pick while still a target, else the default."""
    targets = hit_targets(f, opponent, their)
    target = pick if pick in targets else (targets[0] if targets else None)
    if target is not None:
        f.lower(opponent, target, 0)


def critical_failure(f: _Fight, roller: int, own: int, pick: int | None) -> None:
    """crits.critical_failure: the pick while still a target, else the default."""
    targets = fail_targets(f, roller, own)
    target = pick if pick in targets else default_fail(targets, own)
    armor = f.armor_bonus(roller) if f.o.ten_armor else 0
    if target is not None:
        f.lower(roller, target, armor)
