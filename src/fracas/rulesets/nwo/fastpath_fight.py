"""One trial of the nwo fast path: the fight's numbers changed in place, each method naming
the rule or tactic it restates. See nwo/fastpath.py for what is modelled and why."""

from __future__ import annotations

from typing import Final

from fracas.core.dice import NextFace
from fracas.core.fastpath import FastTrial
from fracas.core.initiative import rank
from fracas.rulesets.nwo.fastpath_fork import (
    ACTIVE,
    BRACE,
    DASH,
    DEAD,
    DRAW,
    ESCAPE,
    MOVE,
    MOVED_SPAN,
    RELOAD,
    SWAP,
    UNCONSCIOUS,
    Arm,
    Choice,
    Compiled,
    half,
)
from fracas.rulesets.nwo.fastpath_tables import kept
from fracas.rulesets.nwo.fastpath_tactics import Handback, Look, View, decide, idle, mobile, see
from fracas.rulesets.nwo.grid import Tile
from fracas.rulesets.nwo.options import NwoOptions
from fracas.rulesets.nwo.rules.arms import RELOAD_DC
from fracas.rulesets.nwo.rules.attack import COVER_BONUS, MOVE_PENALTY, RANGED_DEFENSE_CRIT
from fracas.rulesets.nwo.rules.crits import SPLASH_DAMAGE, SPLASH_TARGETS
from fracas.rulesets.nwo.rules.holds import FAILS_TO_RESTRAIN
from fracas.rulesets.nwo.tactics import HURT_SHARE

TURN_ACTIONS: Final = 20
"""Actions in one turn past which the fight is handed back (the tactics take a few: a
walk, a strike, a step to cover, the end of the turn; the engine's own stall check judges
anything more)."""

MAX_CRIT_CHAIN: Final = NwoOptions().max_crit_chain
"""The default `max_crit_chain` (the only options modelled are the defaults)."""

HANDED_BACK: Final[Choice] = (-1, -1, -1)
"""What a situation comes to when its wish is not modelled (kept like any other answer)."""

UNDECIDED_KIND: Final = -100
UNDECIDED: Final[Choice] = (UNDECIDED_KIND, 0, 0)
"""`Fight.choose`'s answer for a situation not met yet: no choice starts with this kind."""

RESTATED_EFFECTS: Final = frozenset(
    {
        "none",
        "double_damage",
        "blade_advantage",
        "extra_attack_same_target",
        "extra_attack",
        "extra_attack_other_target",
        "stun",
        "splash_adjacent",
        "suppress_target",
        "spear_grapple",
    }
)
"""The crit effects `crit_effect` plays (nwo/fastpath.py's MODELLED_EFFECTS is this set)."""

UNARMED_EFFECT: Final = "any_melee_effect"
"""Bare hands' crit effect (`crits._unarmed`): the first melee effect the action names, the
stun when it names none, as neither the tactics' attacks nor an attack of opportunity do.
Played only as the bare hands' (a fork whose arsenal lists it is left to the engine)."""

CHOICES_KEPT: Final = 400_000
"""Decisions remembered per fork before the memory starts over (a few tens of megabytes,
each kept by one number: `decision_number`), and as many scenes. A
10,000-trial firefight meets about 280,000: at 200,000 it started over seven tenths of the
way and paid for the decisions of its early trials again (a run some 5% dearer)."""

VIEWS_KEPT: Final = 32_768
"""Fighters' views of a scene kept (`Fight.view`): each holds a few sets of tiles and
what the scene's decisions searched, so a table of `CHOICES_KEPT` would take a hundred
megabytes and more."""


def numbered(c: Compiled, table: dict[object, int], seen: object) -> int:
    """The number `table` gave `seen` when first met, or a new one (`Compiled.numbers`,
    never given twice); a full table starts over."""
    found = table.get(seen)  # asked at every new board: looked up before any call
    if found is None:
        found = kept(table, CHOICES_KEPT, seen, c.numbers.__next__)
    return found


def decision_number(
    c: Compiled,
    n: int,
    acted: bool,
    shot: bool,
    spent: bool,
    moved: int,
    dry: int,
    situation: int,
    held: int,
) -> int:
    """`Fight.choose`'s key as one whole number, each part a digit of its own base: the
    situation (unbounded, the leading digit), the holds (`Grips.situation`, under 8), the
    empty guns (a bit per weapon the fighter could hold, under `Compiled.dry_span`), the
    movement used (under `MOVED_SPAN`), the three flags and the fighter (under the count of
    fighters). So two situations share a number only if every part is equal, and a number
    is hashed and kept for a fraction of what a tuple of eight costs (a few hundred
    thousand are kept). The small parts are numbered first, then joined to the situation
    (often past what compiled code keeps unboxed) in one step (`Compiled.decision_span`)."""
    flags = 4 * acted + 2 * shot + spent
    small = ((held * c.dry_span + dry) * MOVED_SPAN + moved) * 8 + flags
    return situation * c.decision_span + small * len(c.side) + n


class Grips:
    """The trial's holds (rules/holds.py), made when the first spear's crit grapples: per
    fighter, who grapples it (GRAPPLED's source, -1: nobody), who restrains it
    (RESTRAINED's source, -1: nobody), the turn ends its ban on escaping still waits for
    (NO_ESCAPE's count, 0: none) and whose they are (its anchor), and its failed grapple
    checks in a row (`grapple_fails`). The two holds are kept apart as the engine keeps
    its two conditions: a restrained fighter a spear's crit grapples again bears both, and
    the grapple is the one `holds.holder_of` reads first. A fight without a grapple never
    makes one, so it pays one `is None` where a hold could matter."""

    __slots__ = ("banned_by", "fails", "held", "no_escape", "restrained")

    def __init__(self, n: int) -> None:
        self.held = [-1] * n
        self.restrained = [-1] * n
        self.no_escape = [0] * n
        self.banned_by = [-1] * n
        self.fails = [0] * n

    def bound(self, n: int) -> bool:
        """attack.attack_edge's disadvantages: `n` is grappled, or grapples someone (a
        restraint is no grapple: neither its holder nor the restrained attacks the worse
        for it)."""
        return self.held[n] >= 0 or n in self.held

    def holder(self, n: int) -> int:
        """holds.holder_of: who holds `n` by hand, its grappler first, else its restrainer
        (-1: nobody)."""
        grappler = self.held[n]
        return grappler if grappler >= 0 else self.restrained[n]

    def situation(self, n: int) -> int:
        """What `fastpath_tactics.decide` reads of `n`'s holds (its escape wish, its
        movement, what it may do at all, the hands its attacks may take): 0 free, 1
        grappled, 2 grappled and not yet allowed to escape, 3 restrained; 4 more while it
        restrains someone."""
        if self.restrained[n] >= 0:
            found = 3
        elif self.held[n] >= 0:
            found = 2 if self.no_escape[n] else 1
        else:
            found = 0
        return found + 4 if n in self.restrained else found

    def lapse(self, n: int) -> None:
        """The end of `n`'s turn counts down the bans on escaping its crits set
        (NO_ESCAPE is anchored to the spearman: crits._spear)."""
        no_escape, banned_by = self.no_escape, self.banned_by
        for m in range(len(no_escape)):
            if no_escape[m] and banned_by[m] == n:
                no_escape[m] -= 1


class Fight:
    """One trial's numbers, changed in place; each method names the rule it restates. Its
    fields are slots: with a thirtieth field in an instance dictionary, the pump's fights
    took 8% longer (CPython 3.11 shares at most thirty keys between instances)."""

    __slots__ = (
        "acted",
        "actor",
        "ahp",
        "ammo",
        "aoo_used",
        "arms",
        "blade",
        "boards",
        "braced",
        "c",
        "d6",
        "dashing",
        "dealt",
        "did",
        "dry",
        "fell",
        "grips",
        "holding",
        "hp",
        "index",
        "looks",
        "moved",
        "order",
        "outcome",
        "pledged",
        "round",
        "scene",
        "shot",
        "spent",
        "spots",
        "status",
        "stunned",
        "taken",
        "tile",
    )

    def __init__(self, c: Compiled, d6: NextFace) -> None:
        self.c = c
        self.d6 = d6
        """The trial's next d6 face (`dice.face_stream`: the faces `randint(1, 6)` gives, in
        bulk); every die nwo rolls is a d6."""
        self.hp = c.hp[:]
        self.ahp = c.ahp[:]
        self.status = c.status[:]
        self.ammo = [dict(a) for a in c.ammo]
        self.dry = c.dry[:]
        """Per fighter, a bit for each gun in hand whose magazine is empty."""
        self.fell = False
        """Someone went down since the last outcome check."""
        self.dashing = c.dashing[:]
        self.spent = c.spent[:]
        self.blade = c.blade[:]
        self.tile = c.tile[:]
        self.arms = c.arms[:]
        """Per fighter, what it holds (`Compiled.hold`), changed by a draw or swap."""
        self.holding = [arms.number for arms in self.arms]
        """Per fighter, its arms' number (`Arms.number`), for the situation key."""
        self.moved = c.moved[:]
        self.aoo_used = c.aoo_used[:]
        self.did = c.did[:]
        """Per fighter, its action used in its turn this round (`acted`, read by
        common.round_action_free for a sentinel out of turn)."""
        self.pledged = [False] * len(c.hp)
        """A sentinel took the action of a turn still to come this round (ACTION_PLEDGED)."""
        n = len(c.hp)
        self.stunned = [0] * n
        """Turn ends a stun still waits for (crits._stun; no fork holds one)."""
        self.braced = [False] * n
        """Braced until the start of the fighter's next turn (posture.resolve_brace)."""
        self.order = c.order
        self.round = c.round
        self.index = c.index
        self.acted, self.shot = c.turn
        self.outcome: str | None = None
        n = len(self.hp)
        self.dealt = [0] * n
        self.taken = [0] * n
        self.actor = -1
        self.boards: list[object] = [None] * len(c.side_names)
        """The board as each side sees it (`seen_by`), or None once it changed (`changed`,
        `hurt_changed`)."""
        self.scene = -1
        """The scene's number (`Compiled.scenes`: the board less everyone's health), or -1
        once it changed (`changed`)."""
        self.looks: dict[int, Look] = {}
        """What each fighter saw of this board (`Look`), kept until it changes."""
        self.spots: bytes | None = None
        """Where everyone stands, dead or alive (`spotted`), made when a shot first asks in
        this scene."""
        self.grips: Grips | None = None
        """The holds, once a spear's crit has grappled someone (`grapple`)."""

    # -- the simulator's loop (sim/trial.play) --------------------------------------------

    def play(self, max_rounds: int) -> FastTrial | None:
        try:
            if not self.c.started:
                self.start()
            order = self.order
            while self.round <= max_rounds and self.outcome is None:
                over = False  # a local, not self.outcome: see check_outcome
                n = order[self.index]
                self.actor = n
                for _ in range(TURN_ACTIONS):
                    choice = self.choose(n)
                    if choice is None:
                        break
                    kind = choice[0]
                    if kind == RELOAD:
                        self.reload(n, choice[1])
                        continue
                    if kind == BRACE:
                        self.acted = True  # posture.resolve_brace: the action, and BRACED
                        self.braced[n] = True
                        continue
                    if kind in (DRAW, SWAP):
                        self.take_up(n, choice[1], swap=kind == SWAP)
                        if self.grips is not None:  # a spear put away shortens the reach
                            self.hold_on()
                        continue
                    if kind == ESCAPE:
                        self.escape(n)
                        continue
                    if kind == MOVE:
                        self.move(n, (choice[1], choice[2]), dash=False)
                    elif kind == DASH:
                        self.move(n, (choice[1], choice[2]), dash=True)
                    else:
                        self.attack(n, choice[0], choice[1])
                    if self.grips is not None:
                        self.hold_on()
                    if self.fell:  # only a fall can end the fight
                        self.fell = False
                        over = self.check_outcome()
                        if over:
                            break
                else:
                    return None
                if not over:
                    self.actor = -1
                    self.end_turn(n)
        except Handback:
            return None
        finally:
            self.looks = {}  # a Look names its fight: left kept, the two would make a cycle
        return FastTrial.ended(
            self.outcome,
            self.round,
            self.hp,
            [s == ACTIVE for s in self.status],
            self.dealt,
            self.taken,
        )

    # -- turns (core/turns.InitiativeRounds, Nwo.apply's TURN_RESET, on_turn_start) -------

    def start(self) -> None:
        """Ruleset.start: initiative unless the file fixes the order, round 1, its first
        turn, then the outcome check."""
        if not self.order:
            self.order = self.rank()
        self.round = 1
        self.start_turn(0)
        self.check_outcome()

    def rank(self) -> list[int]:
        """initiative.roll_initiative without an ambush: a plain panel roll plus the bonus
        each, keyed (total, bonus), ranked and re-rolled by the shared `rank` itself."""
        ids = self.c.ids
        where = {cid: n for n, cid in enumerate(ids)}
        bonus = self.c.initiative
        d6 = self.d6

        def key(cid: str, depth: int) -> tuple[int, ...]:
            n = where[cid]
            return (d6() + d6() + bonus[n], bonus[n])

        return [where[cid] for cid in rank(ids, key)]

    def end_turn(self, n: int) -> None:
        self.did[n] = self.acted  # kept until the fighter's next turn (TURN_RESET)
        self.lapse(n)
        self.start_turn(self.index + 1)

    def start_turn(self, index: int) -> None:
        """InitiativeRounds._start_turn and _advance from `index`, skipping those who
        cannot act."""
        order = self.order
        skipped = 0
        while True:
            if index >= len(order):  # the round's end lapses the sentinels' pledges
                self.round += 1
                index = 0
                self.pledged = [False] * len(order)
            m = order[index]
            self.index = index
            self.acted = self.shot = False  # TURN_RESET
            if self.dashing[m]:
                self.changed()
            self.dashing[m] = self.spent[m] = self.aoo_used[m] = False
            self.moved[m] = 0
            if self.pledged[m]:  # support.on_turn_start: the action went on a sentinel
                self.acted = True
            self.braced[m] = False  # lapse_conditions at the start of the turn: BRACED
            if self.status[m] == ACTIVE:  # BaseRuleset.on_turn_start: only the active act
                return
            self.lapse(m)  # a skipped turn ends too
            skipped += 1
            if skipped >= 3 * len(order):
                raise Handback  # the engine's stalemate stop
            index += 1

    def lapse(self, n: int) -> None:
        """The end of `n`'s turn counts its long blade's advantage and a stun down
        (lapse_conditions)."""
        if self.blade[n]:
            self.blade[n] -= 1
        if self.stunned[n]:
            self.stunned[n] -= 1
        if self.grips is not None:
            self.grips.lapse(n)

    def check_outcome(self) -> bool:
        """BaseRuleset.outcome: one side standing wins; nobody standing is a draw. Answers
        whether the fight is over, for `play` to read instead of `self.outcome`: the loop's
        condition narrows that attribute to None for the type checker, and the compiled
        build (fracas/compiled.py) turns a narrowing into a check that a str would fail."""
        side = self.c.side
        standing = {side[m] for m, s in enumerate(self.status) if s == ACTIVE}
        if len(standing) > 1:
            return False
        names = self.c.side_names
        self.outcome = f"{names[standing.pop()]} won" if standing else "draw"
        return True

    # -- the tactics (tactics._wishes, then Ruleset.first_legal) --------------------------

    def engaged(self, n: int) -> bool:
        """common.engagers: a hostile, active, upright fighter with a melee weapon in hand
        within its reach of `n` (nobody is prone here)."""
        c = self.c
        status, side, dashing, arms, tile = self.status, c.side, self.dashing, self.arms, self.tile
        if status[n] != ACTIVE:
            return False
        for m in range(len(status)):
            if (
                m != n
                and status[m] == ACTIVE
                and side[m] != side[n]
                and not dashing[m]
                and arms[m].holds_melee
                and c.gap(tile[m], tile[n]) <= arms[m].reach
            ):
                return True
        return False

    def hurt(self, n: int) -> bool:
        return self.ahp[n] == 0 and self.hp[n] * HURT_SHARE <= self.c.max_hp[n]

    def choose(self, n: int) -> Choice | None:
        """`fastpath_tactics.decide`, kept per situation: the answer follows from who
        decides, the turn's flags, its movement used, its empty guns, everyone's status,
        dash, tile and arms, and what it weighs of everyone's health (`seen_by`; all else
        `decide` reads is fixed for the fork), and close-quarters fights meet the same
        situations over and over, so a known one costs a key and a look-up. The scene
        (everyone's status, dash, tile and arms) is named by the number `numbered` gave it,
        the board (the scene and the health, as each side weighs it) by the scene's number
        and the healths themselves (`seen_by`: one look-up a new board, not two), both
        worked out again only after they changed (`changed`, `hurt_changed`); the fighter
        in the key says whose side's board it is. Once the fighter has acted, `decide`
        reads nobody's health (only `_after_acting`: cover, the walk toward the foes), so
        the scene alone names the situation, and a shooter stepping to cover meets it again
        whatever the shots took (the key's `acted` flag tells a scene's number from a
        board's, which may be equal).
        Its own hold, if any, ends the key (`Grips.situation`: 0 while nobody is held). A
        stunned fighter only ends its turn (Nwo.verify refuses it every other action), and
        so do the fallen and one that acted with nothing left to move (`idle`, `decide`'s first
        tests, which read nothing of the board): those are answered before any key is
        made, a third of the firefight's turns' questions."""
        if self.stunned[n] or idle(self, n):
            return None
        c = self.c
        scene = self.scene
        if scene < 0:
            scene = self.numbered_scene()
        situation: object
        if self.acted:
            situation = scene
        else:
            side = c.side[n]
            situation = self.boards[side]
            if situation is None:
                situation = self.boards[side] = self.seen_by(scene, side)
        grips = self.grips
        held = 0 if grips is None else grips.situation(n)
        moved, dry = self.moved[n], self.dry[n]
        key: object
        if isinstance(situation, int) and moved < MOVED_SPAN and dry < c.dry_span:
            # one number: see `decision_number`
            key = decision_number(
                c, n, self.acted, self.shot, self.spent[n], moved, dry, situation, held
            )
        else:
            key = (n, self.acted, self.shot, self.spent[n], moved, dry, situation, held)
        choices = c.choices
        choice = choices.get(key, UNDECIDED)  # not a KeyError: the compiled build makes
        if choice is not None and choice[0] == UNDECIDED_KIND:  # a traceback for each
            if len(choices) >= CHOICES_KEPT:
                choices.clear()
            try:
                choice = decide(self, n)
            except Handback:
                choice = HANDED_BACK
            choices[key] = choice
        if choice == HANDED_BACK:  # by value: the compiled build boxes tuples anew
            raise Handback
        return choice

    def seen_by(self, scene: int, side: int) -> object:
        """The board as a fighter of `side` weighs it (`decide`): the scene, whether each
        friend is hurt (its own `Look.hurt`, a friend's `Look.backed`) and each foe's HP
        and armor hitpoints together, as `_options` divides a weapon's damage by them (at
        least 1). Nothing else of anyone's health is read, so boards that differ only in
        a friend's exact HP, or in how a foe's health splits between HP and armor
        hitpoints, are one situation: about a fifth fewer new decisions in the firefight.
        The parts are the digits of one whole number in base `Compiled.health_span`, the
        scene's number leading (a number is hashed for a fraction of a tuple's cost); a
        health past the span, which nothing in the fork reaches, keys it by a tuple."""
        hp, ahp, sides = self.hp, self.ahp, self.c.side
        span = self.c.health_span
        parts = [
            (1 if self.hurt(m) else 0) if sides[m] == side else max(1, hp[m] + ahp[m])
            for m in range(len(hp))
        ]
        healths = 0
        for part in parts:
            if part >= span:
                return (scene, *parts)
            healths = healths * span + part
        return scene * self.c.healths_span + healths

    def grappled(self, n: int) -> bool:
        """Someone grapples or restrains `n` (movement.why_cannot_move: it may not move)."""
        return self.grips is not None and self.grips.holder(n) >= 0

    def changed(self) -> None:
        """Someone's tile, status, dash or arms changed: the next decision numbers the
        scene and the board again and reads them afresh."""
        self.scene = -1
        self.spots = None
        self.hurt_changed()

    def hurt_changed(self) -> None:
        """Someone's HP or armor hitpoints changed, and nothing else: the board is another,
        the scene the same."""
        boards = self.boards
        for side in range(len(boards)):
            boards[side] = None
        if self.looks:
            self.looks = {}

    def look(self, n: int) -> Look:
        """`Look` of fighter `n` at this board, read once per board (a fighter often
        decides twice on one board: to strike, then whether to step away after a miss)."""
        found = self.looks.get(n)
        if found is None:
            found = self.looks[n] = Look(self, n, self.view(n))
        else:
            found.mobile = mobile(self, n)  # a failed reload spends the movement
        return found

    def view(self, n: int) -> View:
        """What `n` sees of the scene (`see`), kept by the scene's number: in a firefight
        the fighters often stand where they stood while their health changes, and two
        decisions in three meet a scene met before."""
        c = self.c
        scene = self.scene
        if scene < 0:
            scene = self.numbered_scene()
        views = c.views
        key = scene * len(c.side) + n  # one number for the pair: scene numbers are distinct
        view = views.get(key)
        if view is None:
            if len(views) >= VIEWS_KEPT:
                views.clear()
            view = views[key] = see(self, n)
        return view

    def numbered_scene(self) -> int:
        """The scene's number (`numbered`), kept until it changes. Each fighter's tile,
        status and dash are one number in its key (the tile's number, times 3 statuses,
        times 2): a key of small numbers is hashed for a fraction of a key of pairs, which
        Python hashes anew at every look-up. Every fighter stands on the map, so the
        numbers tell tiles apart."""
        c = self.c
        tiles, status, dashing = self.tile, self.status, self.dashing
        placed = [0] * len(tiles)
        for m in range(len(tiles)):  # indexes, not zip: the compiled build's zip is generic
            placed[m] = (c.number(tiles[m]) * 3 + status[m]) * 2 + dashing[m]
        seen = (*placed, *self.holding)
        self.scene = numbered(self.c, self.c.scenes, seen)
        return self.scene

    def may_strike(self, n: int, target: int, weapon: Arm, engaged: bool) -> bool:
        """attack.verify and check_can_strike for the fighter whose turn it is, with
        movement.require_shooting_range (a turn that shoots may have walked half its
        movement at most)."""
        if self.acted or target == n or self.status[target] == DEAD:
            return False
        if weapon.ranged and self.moved[n] > half(self.c.movement[n]):
            return False
        return self.within(n, target, weapon, engaged)

    def within(self, n: int, target: int, weapon: Arm, engaged: bool) -> bool:
        """attack.check_can_strike's reach, range, walls and magazine."""
        c = self.c
        gap = c.gap(self.tile[n], self.tile[target])
        if not weapon.ranged:
            return gap <= weapon.reach
        if weapon.hands == 2 and engaged:
            return False
        if weapon.range is not None and gap > weapon.range:
            return False
        walled = c.sight(self.tile[n], self.tile[target]).walled
        return not walled and not (self.dry[n] & weapon.slot)

    # -- moving (rules/movement.py) --------------------------------------------------------

    def move(self, n: int, goal: Tile, *, dash: bool) -> None:
        """movement.resolve_move and resolve_dash: the path `grid.path_to` gives within the
        budget (read from the very search the tactics' reachable tiles came from,
        `Tables.path`), then the walk. A dash spends the action and the movement and sets
        the dash first."""
        c = self.c
        allowance = max(0, c.dash[n] if dash else self.allowance(n))
        view = self.view(n)
        searched = view.reach.get(allowance)  # the search the tactics chose the goal from
        if searched is None:  # the decision was remembered from another board: search
            searched = view.reach[allowance] = c.tables.reachable(
                self.tile[n], allowance, view.blocked
            )
        path = c.tables.path(searched[2], self.tile[n], goal)
        assert len(path) >= 2, "the tactics chose a tile out of reach"
        if dash:
            self.acted = True
            self.spent[n] = True
            self.dashing[n] = True
            self.changed()
        self.walk(n, path)

    def allowance(self, n: int) -> int:
        """movement.budget for a walk: a turn that shot has half the movement."""
        base = half(self.c.movement[n]) if self.shot else self.c.movement[n]
        return base - self.moved[n]

    def walk(self, n: int, path: list[Tile]) -> None:
        """movement._walk with nobody watching: at each step, those the mover leaves the
        reach of strike first (an attack of opportunity each, in listing order), then the
        spears whose reach it steps into (a sentinel each, once the mover stands there),
        and a reaction that downs or stuns the mover, or a sentinel's hit, ends the walk
        where it stands. Only the foes whose reach comes near the path are asked at each
        step (`near_foes`): both reactions need the foe's reach to cover the tile left or
        the tile entered, and a walk that passes within no foe's reach skips to its end."""
        start = self.moved[n]
        near = self.near_foes(n, path)
        status = self.status
        for index in range(1, len(path) if near else 1):
            here, there = path[index - 1], path[index]
            grips = self.grips  # movement._others, each step (`reactors`)
            reactors = [
                m
                for m in near
                if status[m] == ACTIVE and (grips is None or grips.restrained[m] < 0)
            ]
            leaving = [m for m in reactors if self.leaves(m, n, here, there)]
            if leaving:
                self.tile[n] = here
                self.changed()
                self.moved[n] = start + index - 1
                for m in leaving:
                    self.aoo_used[m] = True
                    self.strike(m, n, self.arms[m].aoo, 0)
                    if self.status[n] != ACTIVE:
                        return  # _halted: the fallen simply stop
                    if self.stunned[n] or self.grappled(n):
                        self.spent[n] = True  # _halted: MovementSpent (stunned, grappled)
                        return
            sentinels = [m for m in reactors if self.sentinel(m, n, here, there)]
            if sentinels:
                self.tile[n] = there
                self.changed()
                self.moved[n] = start + index
                stopped = False
                for m in sentinels:
                    stopped = self.stand_sentinel(m, n) or stopped
                if stopped or self.status[n] != ACTIVE:
                    self.spent[n] = True  # "the target ends their movement"
                    return
        self.tile[n] = path[-1]
        self.changed()
        self.moved[n] = start + len(path) - 1

    def near_foes(self, n: int, path: list[Tile]) -> list[int]:
        """The mover's active foes (`reactors`, in listing order) whose reach comes within
        the box around `path`: of any other, every tile of the path lies beyond the reach
        (Grid.distance is never less than the larger offset, whatever the map's diagonals
        cost), so neither `leaves` nor `sentinel` can hold during the walk."""
        # a loop, not min() and max(): builtins the compiled build calls generically
        low_x, low_y = high_x, high_y = path[0]
        for x, y in path:
            if x < low_x:
                low_x = x
            elif x > high_x:
                high_x = x
            if y < low_y:
                low_y = y
            elif y > high_y:
                high_y = y
        tile, arms = self.tile, self.arms
        near = []
        for m in self.reactors(n):
            x, y = tile[m]
            reach = arms[m].reach
            if low_x - reach <= x <= high_x + reach and low_y - reach <= y <= high_y + reach:
                near.append(m)
        return near

    def reactors(self, n: int) -> list[int]:
        """movement._others: the mover's active enemies, in listing order (those too far
        to react fail every test after this)."""
        side, status = self.c.side, self.status
        found = [m for m, s in enumerate(status) if s == ACTIVE and side[m] != side[n]]
        if self.grips is not None:  # _may_take_aoo, _sentinels: the restrained never react
            return [m for m in found if self.grips.restrained[m] < 0]
        return found

    def leaves(self, m: int, n: int, here: Tile, there: Tile) -> bool:
        """`m` threatens the mover at `here` and not at `there` (common.threatens: within
        the reach of a melee weapon, or a stock's reach of 1 for a shooter) and may take
        the attack (movement._may_take_aoo: once a round, not dashing, not stunned)."""
        if self.aoo_used[m] or self.dashing[m] or self.stunned[m] or self.status[n] != ACTIVE:
            return False
        reach = self.arms[m].reach
        where = self.tile[m]
        c = self.c
        return c.gap(where, here) <= reach < c.gap(where, there)

    def sentinel(self, m: int, n: int, here: Tile, there: Tile) -> bool:
        """movement._sentinels: a spear in hand whose reach (it engages) the mover steps
        into, its reaction unused, not stunned, and (option sentinel_needs_action) the
        wielder's action for the round still free (common.round_action_free)."""
        arms = self.arms[m]
        if arms.spear is None or self.aoo_used[m] or self.stunned[m] or self.dashing[m]:
            return False
        if self.status[n] != ACTIVE or self.pledged[m]:
            return False
        if self.order.index(m) < self.index and self.did[m]:
            return False  # its turn came this round and took the action
        c = self.c
        where = self.tile[m]
        return c.gap(where, there) <= arms.reach < c.gap(where, here)

    def stand_sentinel(self, m: int, n: int) -> bool:
        """movement._walk's sentinel: the reaction used, the round's action pledged
        (common.pledge_round_action: spent now, and the turn still to come this round
        starts without it), then a strike with the spear; True if it hit."""
        self.aoo_used[m] = True
        self.did[m] = True
        if self.order.index(m) > self.index:
            self.pledged[m] = True
        spear = self.arms[m].spear
        assert spear is not None  # `sentinel` asked
        return self.strike(m, n, spear, 0)

    # -- drawing and swapping (rules/arms.py) -------------------------------------------

    def take_up(self, n: int, k: int, *, swap: bool) -> None:
        """arms.resolve_draw and resolve_swap: the action, then the holstered weapon in hand
        beside what is held (a draw) or instead of it (a swap, which holsters the rest)."""
        arms = self.arms[n]
        weapon = arms.spare[k].id
        wielded = (weapon,) if swap else (*arms.ids, weapon)
        self.acted = True
        arms = self.arms[n] = self.c.hold(n, wielded, arms.dropped)
        self.holding[n] = arms.number
        self.changed()
        ammo = self.ammo[n]
        self.dry[n] = sum(arm.slot for arm in arms.wielded if ammo.get(arm.id) == 0)

    # -- reloading (rules/arms.py) ---------------------------------------------------------

    def reload(self, n: int, w: int) -> None:
        """arms.resolve_reload under the default options: a check of half Aiming against
        DC 10 on a plain panel (no modelled condition gives it an edge). A pass fills the
        magazine and keeps the action; a failure spends action and movement, and fills it
        only if the turn was still whole (not moved, movement not yet spent)."""
        weapon = self.arms[n].wielded[w]
        d6 = self.d6
        passed = d6() + d6() + self.c.aiming[n] >= RELOAD_DC
        if not passed:
            whole = not self.spent[n] and not self.moved[n]
            self.acted = True
            self.spent[n] = True
            if not whole:
                return
        assert weapon.magazine is not None
        self.ammo[n][weapon.id] = weapon.magazine
        for arm in self.arms[n].wielded:  # AmmoSet: the rounds are counted per weapon id
            if arm.id == weapon.id:
                self.dry[n] &= ~arm.slot

    # -- the attack (rules/attack.py, rules/panel.py, rules/crits.py) ----------------------

    def attack(self, n: int, target: int, w: int) -> None:
        """attack.resolve: the action is spent, then one strike."""
        self.acted = True
        self.strike(n, target, self.arms[n].by_place[w], 0)

    def panel(self, modifier: int, edge: int, crit: tuple[int, ...]) -> tuple[int, bool]:
        """panel.roll (best_pair advantage): the total and whether the kept pair crits."""
        d6 = self.d6
        a, b = d6(), d6()
        if not edge:
            return a + b + modifier, a == b and a in crit
        c, d = d6(), d6()
        first = (a + b, a == b and a in crit)
        second = (c + d, c == d and c in crit)
        if (second > first) if edge > 0 else (second < first):
            return c + d + modifier, second[1]
        return a + b + modifier, first[1]

    def strike(self, n: int, target: int, weapon: Arm, chain: int) -> bool:
        """attack.strike: the attack roll, the characters in the way, the defense, damage,
        then the crit effect. True if it hit (`Strike.hit`: a stray shot counts)."""
        c = self.c
        blade = self.blade
        ranged = weapon.ranged
        # attack.ranged_modifier: a shot after moving takes -2 (movement.moving_shot)
        moving = MOVE_PENALTY if self.moved[n] else 0
        modifier = c.aiming[n] - moving if ranged else weapon.swing
        edge = 1 if blade[n] else 0  # attack.attack_edge: a long blade's advantage
        if self.grips is not None and self.grips.bound(n):
            edge -= 1  # the grappled, and a grappler, attack with disadvantage
        total, attack_crit = self.panel(modifier, edge, weapon.crit)
        if ranged:
            self.shot = True
            ammo = self.ammo[n]
            rounds = ammo.get(weapon.id)
            if rounds is not None:
                ammo[weapon.id] = rounds = max(0, rounds - 1)
                if not rounds:
                    self.dry[n] |= weapon.slot
            blocker = self.shoot_through(n, target, total)
            if blocker >= 0:
                self.deal(blocker, weapon.damage)
                return True
        result = self.defend(n, target, weapon, total, attack_crit)
        if result == "critical":
            self.deal(target, weapon.crit_damage)
            if self.grips is not None:
                self.after_hit(n, target)
            self.crit_effect(n, target, weapon, chain)
            return True
        if result == "hit":
            self.deal(target, weapon.damage)
            if self.grips is not None:
                self.after_hit(n, target)
            return True
        return False

    def in_the_way(self, n: int, target: int) -> list[int]:
        """attack.characters_in_the_way: the living on the line of fire (nobody is prone).
        Most lines cross nobody: the line's tiles on the map (`Sight.numbers`) are read in
        `spots` before anyone is looked for."""
        status = self.status
        tiles = self.tile
        sight = self.c.sight(tiles[n], tiles[target])
        spots = self.spots
        if spots is None:
            spots = self.spots = self.spotted()
        if not any(spots[t] for t in sight.numbers):
            return []
        line = sight.line
        return [m for t in line for m in range(len(tiles)) if tiles[m] == t and status[m] != DEAD]

    def spotted(self) -> bytes:
        """`spots`: by tile number (x x height + y), 1 where someone stands, dead or alive."""
        c = self.c
        spots = bytearray(c.width * c.height)
        for tile in self.tile:
            spots[c.number(tile)] = 1
        return bytes(spots)

    def shoot_through(self, n: int, target: int, total: int) -> int:
        """attack._shoot_through: each character in the way defends, nearest first; the
        first who fails (or cannot defend) is hit instead. -1: nobody."""
        for m in self.in_the_way(n, target):
            if self.status[m] != ACTIVE:
                return m  # bystander_defends: the helpless are caught
            defense, crit = self.panel(0, 1 if self.blade[m] else 0, RANGED_DEFENSE_CRIT)
            if not (crit or defense >= total):
                return m
        return -1

    def defend(self, n: int, target: int, weapon: Arm, total: int, attack_crit: bool) -> str:
        """attack.defend under parry: defender and crit_wins: true."""
        c = self.c
        if weapon.ranged:
            covered = c.sight(self.tile[n], self.tile[target]).covered or bool(
                self.in_the_way(n, target)
            )
            bonus = COVER_BONUS if covered and weapon.screened else 0
            crit_faces: tuple[int, ...] = RANGED_DEFENSE_CRIT
        else:
            bonus = self.arms[target].guard
            crit_faces = self.arms[target].guard_crit
        if self.status[target] != ACTIVE:
            return "critical" if attack_crit else "hit"
        edge = self.blade[target] or (self.braced[target] and not weapon.ranged)  # defense_edge
        defense, defense_crit = self.panel(bonus, 1 if edge else 0, crit_faces)
        if attack_crit and defense_crit:
            return "parry"
        if defense_crit:
            return "defense_critical"
        if attack_crit:
            return "critical"
        if total > defense:
            return "hit"
        return "parry" if total == defense else "miss"

    def deal(self, target: int, amount: int) -> None:
        """attack.deal: armor hitpoints first; at 0 HP down (Damaged.apply)."""
        status = self.status
        if status[target] == DEAD:
            return
        ahp = self.ahp[target]
        to_armor = min(ahp, amount)
        hp = self.hp[target]
        left = max(0, hp - (amount - to_armor))
        self.ahp[target] = ahp - to_armor
        self.hp[target] = left
        if left == 0:
            if status[target] == ACTIVE:
                self.fell = True
            status[target] = UNCONSCIOUS
            self.changed()
        else:
            self.hurt_changed()
        lost = hp - left
        if lost > 0:
            self.taken[target] += lost
            actor = self.actor
            side = self.c.side
            if actor >= 0 and side[actor] != side[target]:
                self.dealt[actor] += lost

    def crit_effect(self, n: int, target: int, weapon: Arm, chain: int) -> None:
        """crits.apply for the modelled effects (no flamethrower is held: no canister; a
        suppression has no reader before it lapses, see MODELLED_EFFECTS); an effect only
        handed back ends the fast path here. A bare hand's crit performs "any other Melee
        Crit Effect": the tactics name none, so `crits._unarmed` stuns."""
        effect = weapon.effect
        if effect == UNARMED_EFFECT:
            effect = "stun"
        if effect not in RESTATED_EFFECTS:
            raise Handback
        if effect == "spear_grapple":
            self.grapple(n, target)
        elif effect == "splash_adjacent":
            self.splash(n, target)
        elif effect == "stun":  # crits._stun: through the target's next turn
            self.stunned[target] = 2 if self.order[self.index] == target else 1
        elif effect == "blade_advantage":  # crits._through_next_turn
            self.blade[n] = 2 if self.order[self.index] == n else 1
        elif effect in ("extra_attack_same_target", "extra_attack"):  # crits._extra_attack
            if chain + 1 > MAX_CRIT_CHAIN:
                return
            status = self.status
            if status[n] != ACTIVE or status[target] != ACTIVE:
                return
            if not self.may_strike_again(n, target, weapon):
                return
            self.strike(n, target, weapon, chain + 1)

    def splash(self, n: int, target: int) -> None:
        """crits._splash with no targets named (the tactics name none): the two living
        (`_bystanders`) next to the target nearest the shooter, ties in listing order, take
        4 damage each, armor first, no defense."""
        status, tile = self.status, self.tile
        x, y = tile[target]
        c = self.c
        shooter = tile[n]
        nearby = [
            m
            for m in range(len(status))
            if m != n
            and m != target
            and status[m] != DEAD
            and tile[m] != (x, y)
            and max(abs(tile[m][0] - x), abs(tile[m][1] - y)) == 1
        ]
        nearby.sort(key=lambda m: c.gap(shooter, tile[m]))
        for m in nearby[:SPLASH_TARGETS]:
            self.deal(m, SPLASH_DAMAGE)

    def may_strike_again(self, n: int, target: int, weapon: Arm) -> bool:
        """attack.check_can_strike for an extra attack (the action is already spent); the
        restrained may not attack (common.require_target), and the blow that set off the
        extra attack may have been the one after which its striker was restrained."""
        if self.grips is not None and self.grips.restrained[n] >= 0:
            return False
        return self.within(n, target, weapon, weapon.ranged and self.engaged(n))

    # -- holds (rules/holds.py, crits._spear) ----------------------------------------------

    def grapple(self, n: int, target: int) -> None:
        """crits._spear: the target is grappled by the spearman (replacing any grapple it
        was in, while a restraint stays beside it) and may not try to free itself until the
        end of the spearman's next turn (NO_ESCAPE, counted as `crit_effect` counts the
        stun); its failed checks stand, and it is grappled whatever the crit's damage left
        of it."""
        grips = self.grips
        if grips is None:
            grips = self.grips = Grips(len(self.hp))
        grips.held[target] = n
        grips.no_escape[target] = 2 if self.order[self.index] == n else 1
        grips.banned_by[target] = n

    def escape(self, n: int) -> None:
        """holds.resolve_escape: the action, then the contest to break free; then
        holds.after_action, which only a restraint can give work to here (its disarming
        shortens the reach of any hold the escaper itself has on someone)."""
        self.acted = True
        self.break_free(n)
        self.hold_on()

    def after_hit(self, n: int, target: int) -> None:
        """holds.after_hit: the grappled who hits its grappler, no longer banned from
        escaping, both still standing, tries to break free."""
        grips = self.grips
        assert grips is not None
        if grips.held[n] != target or grips.no_escape[n]:
            return
        if self.status[n] == ACTIVE and self.status[target] == ACTIVE:
            self.break_free(n)

    def break_free(self, n: int) -> None:
        """holds._break_free and contest under the default `parry: defender`: 2d6 plus half
        Strength each, the held one first; it wins only by beating the grappler's total
        (a tie goes to the responder), which ends the hold and its run of failed checks. A
        loss counts one more; the third in a row restrains it (holds._record_fail)."""
        grips = self.grips
        assert grips is not None
        holder = grips.held[n]
        d6 = self.d6
        strength = self.c.strength
        first = d6() + d6() + strength[n]
        # the helpless do not resist
        won = self.status[holder] != ACTIVE or first > d6() + d6() + strength[holder]
        if won:
            grips.held[n] = -1
            grips.fails[n] = 0
            return
        grips.fails[n] += 1
        if grips.fails[n] >= FAILS_TO_RESTRAIN and grips.restrained[n] < 0:
            self.restrain(n, holder)

    def restrain(self, n: int, holder: int) -> None:
        """holds.restrain: the restraint replaces the grapple (a ban on escaping, lapsed
        before any contest, is no matter) and "Is disarmed" (holds._disarm): what is in
        hand is dropped, the holster kept. Its run of failed checks stays at three while
        the restraint lasts. From then on the restrained may do nothing the tactics wish
        (`fastpath_tactics.restrained`) nor react (`reactors`), and its holder's two-handed
        attacks are refused (`fastpath_tactics.held_back`)."""
        grips = self.grips
        assert grips is not None
        grips.held[n] = -1
        grips.restrained[n] = holder
        arms = self.arms[n]
        if arms.ids:
            arms = self.arms[n] = self.c.hold(n, (), (*arms.dropped, *arms.ids))
            self.holding[n] = arms.number
            self.dry[n] = 0
            self.changed()

    def hold_on(self) -> None:
        """holds.after_action: after every action a hold ends (both the grapple and the
        restraint, holds._let_go, and with them the held one's failed checks) if its
        holder (`Grips.holder`) is down, the held one dead, or the two farther apart than
        the holder's reach (a spear's 2, 1 for bare hands; holds._hold_reach). The
        restrained stays disarmed."""
        grips = self.grips
        assert grips is not None
        status, tile, arms, c = self.status, self.tile, self.arms, self.c
        held, restrained = grips.held, grips.restrained
        for m in range(len(held)):
            holder = grips.holder(m)
            if holder < 0:
                continue
            if (
                status[holder] != ACTIVE
                or status[m] == DEAD
                or c.gap(tile[holder], tile[m]) > max(1, arms[holder].reach)
            ):
                held[m] = restrained[m] = -1
                grips.fails[m] = 0
