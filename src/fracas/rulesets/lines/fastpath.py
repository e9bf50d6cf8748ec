"""The `lines` simulation fast path: its rules and tactics restated over plain lists.

Why this module exists: `fracas sim` plays a fight through the engine, where every rule
emits events that `evolve` applies to frozen states and the tactics verify each wish. For
the six-line skirmish that is about 170 times the cost of the fight's dice (issue 10 asks
for at most 10). Here one fight is a handful of lists of numbers changed in place, and the
tactics' wishes are checked by the few comparisons their rules make; no event, state or
action object is built.

It is a restatement, so it is held to the engine: tests/sim/test_lines_fastpath.py plays
every lines example and generated sheets and options through both, seed for seed, and
compares every trial; the dice are drawn from the same generator in the same order
(`core.dice.totaller`), and the tactics' weighing of attacks is the tactics' own function
(`tactics.weigh_attacks`, `tactics.strike_chance`), so only the control flow is restated.
Each piece names the engine code it mirrors. Whatever is not modelled makes `fast_path`
answer None (a condition the rules did not put there, another policy than `tactics`), and
the simulator uses the engine; a fight that wanders outside (a turn that never ends) is
handed back the same way.

When a rule of lines/rules or lines/tactics.py changes, change it here too: the identity
test fails until both agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import groupby
from typing import cast

from fracas.core.conditions import Condition, Expiry
from fracas.core.dice import Dice, RandInt, Totaller, totaller
from fracas.core.fastpath import FastPath, FastTrial, ForkPoint
from fracas.core.initiative import MAX_REROLLS
from fracas.core.notation import parse, plus, with_modifier
from fracas.core.state import EncounterState, Status
from fracas.core.turns import InitiativeTurns
from fracas.rulesets.lines.fighter import Fighter
from fracas.rulesets.lines.options import LinesOptions
from fracas.rulesets.lines.rules.attack import CRITICAL_MARGIN
from fracas.rulesets.lines.rules.common import AIMING, DEFENDING, EXHAUSTED, GRAPPLED
from fracas.rulesets.lines.rules.harm import DYING_TURNS
from fracas.rulesets.lines.rules.healing import REACH
from fracas.rulesets.lines.rules.movement import DASH_ALLOWANCE
from fracas.rulesets.lines.sheet import WeaponCard
from fracas.rulesets.lines.tactics import (
    AIM_PAYS,
    HURT_SHARE,
    POOR_CHANCE,
    strike_chance,
    weigh_attacks,
)

ACTIVE, DYING, UNCONSCIOUS, DEAD = 0, 1, 2, 3
_STATUS = {Status.ACTIVE: ACTIVE, Status.DYING: DYING, Status.UNCONSCIOUS: UNCONSCIOUS}
_STATUS[Status.DEAD] = DEAD

TURN_ACTIONS = 20
"""Actions in one turn past which the fight is handed back to the engine. The tactics take
at most four (a step, the action, a step after it); more would be a loop of the tactics,
which the engine's own stall check judges (`runner.STALL_LIMIT`)."""

PLANS_KEPT = 200_000
"""Plans remembered per fork before the memory starts over (a few tens of megabytes)."""

# what the tactics chose: (kind, target or line, weapon or item, second weapon)
END, MOVE, DASH, DEFEND, AIM, ATTACK, HEAL, GRAPPLE, BREAK_FREE = range(9)
Choice = tuple[int, int, int, int]
_END: Choice = (END, 0, 0, 0)
_DEFEND: Choice = (DEFEND, 0, 0, 0)
_AIM: Choice = (AIM, 0, 0, 0)
_BREAK_FREE: Choice = (BREAK_FREE, 0, 0, 0)
"""The choices without a target, built once: a choice is only read, never changed."""

Plan = tuple[float, Choice]
"""An attack worth making, as `_aim_pays` and `_wishes` turn it into a wish: its chance,
and the wish that follows from it unless the hurt planner defends instead (the step to
the line it is made from, else aiming when that pays, else the attack itself). Built once
per situation (see `_Fight.best_plan`), so a turn that meets a known one builds nothing."""

_NO_FOE: Plan = (1.0, _END)
"""`best_plan`'s answer when no foe stands: `_wishes` has nothing to wish but the end."""


class _Card:
    """A weapon card compiled: its rolls as totallers, its reach in numbers."""

    __slots__ = ("aimed", "attack", "card", "critical", "damage", "range", "reach")

    def __init__(self, card: WeaponCard, opts: LinesOptions) -> None:
        self.card = card
        self.attack = totaller(card.attack)
        self.aimed = totaller(plus(card.attack, "1d6"))  # attack.strike, aiming
        self.damage = totaller(card.damage)
        expr = parse(card.damage)  # attack.critical_damage
        modifier = expr.modifier
        if modifier > 0 or opts.crit_doubles_negative_modifiers:
            modifier *= 2
        self.critical = totaller(with_modifier(plus(expr, "1d6"), modifier))
        self.range = -1 if card.range is None else card.range
        self.reach = card.reach


class _Readings:
    """The options as the plain flags the rules test, read once per fork."""

    __slots__ = (
        "aim_once",
        "by_perception",
        "contest_tie_hits",
        "defend_to_end",
        "dying_own_turns",
        "grace",
        "heal_reach",
        "helpless_none",
        "move_uses_action",
        "revive_one",
        "spare_dying",
        "tie_hits",
    )

    def __init__(self, opts: LinesOptions) -> None:
        self.aim_once = opts.aim_applies_to == "first_attack"
        self.by_perception = opts.initiative_ties == "perception_then_reroll"
        self.contest_tie_hits = opts.contest_tie == "attacker"
        self.defend_to_end = opts.defend_lasts == "next_turn_end"
        self.dying_own_turns = opts.dying_counts == "own_turns"
        self.grace = opts.dying_ends == "after_third_turn"
        self.heal_reach = REACH[opts.heal_reach]
        self.helpless_none = opts.helpless_defense == "none"
        self.move_uses_action = opts.move_uses_action
        self.revive_one = opts.revive_hp == "one"
        self.spare_dying = opts.attack_dying == "refuse"
        self.tie_hits = opts.tie == "attacker"


class _Sheet:
    """What never changes about a fighter during a fight."""

    __slots__ = (
        "allies",
        "cards",
        "dexterity",
        "dual",
        "foes",
        "gear",
        "ids",
        "mind",
        "perception",
        "side",
        "strength",
        "wanted",
        "weapons",
        "weighed",
    )

    def __init__(self, fighter: Fighter, opts: LinesOptions) -> None:
        self.weapons = fighter.weapons
        self.cards = [_Card(w, opts) for w in fighter.weapons]
        self.ids = {w.id: n for n, w in enumerate(fighter.weapons)}
        self.dexterity = fighter.dexterity
        self.strength = fighter.strength
        self.perception = fighter.perception
        self.mind = fighter.mind
        self.dual = fighter.dual_wield_penalty
        # healing.heal_amount: a stimpack heals its maximum (an int), a medkit rolls
        self.gear: list[int | Totaller] = [
            (parse(g.heal).maximum() or 0) if g.kind == "stimpack" else totaller(g.heal)
            for g in fighter.gear
        ]
        # tactics._close_in: the longest reach or effective range
        self.wanted = max(
            (w.reach if w.is_melee else w.range or 0 for w in fighter.weapons), default=1
        )
        self.side = 0
        self.allies: list[int] = []
        self.foes: list[int] = []
        self.weighed: tuple[dict[tuple[bool, int, int], list[list[Weighed] | None]], ...]
        self.weighed = ({}, {})
        """tactics._weighed_for: the attacks weighed, plain and aimed, by the foe's stance,
        Dexterity and HP, then by gap (0-5)."""


Weighed = tuple[float, float, int, int]
"""An attack's value, its chance, its weapon and its second weapon (-1: none), by index."""


def compile_fast_path(point: ForkPoint, policies: Mapping[str, str]) -> FastPath | None:
    """The fast path for trials from `point`, or None where it would have to guess."""
    if any(name != "tactics" for name in policies.values()):
        return None  # other policies retarget through `verify`: not restated here
    base = point.state if point.state is not None else point.setup
    opts = base.options
    if not isinstance(opts, LinesOptions):
        return None
    if not all(type(c) is Fighter for c in base.combatants):
        return None
    if point.state is not None and not _modelled_turns(point.state):
        return None
    fighters = cast(tuple[Fighter, ...], base.combatants)
    if not all(_modelled_conditions(f, base) for f in fighters):
        return None
    return _Compiled(point, fighters, opts)


def _modelled_turns(state: EncounterState) -> bool:
    turns = state.turns
    return (
        isinstance(turns, InitiativeTurns)
        and turns.round >= 1
        and bool(turns.this_round)
        and turns.next_round is None
        and all(state.find(cid) is not None for cid in (*turns.order, *turns.this_round))
    )


def _modelled_conditions(fighter: Fighter, state: EncounterState) -> bool:
    """Only the conditions lines' own rules put on a fighter, exactly as they put them."""
    opts = cast(LinesOptions, state.options)
    until_end = opts.defend_lasts == "next_turn_end"
    for c in fighter.conditions:
        if c.detail is not None or c.event is not None:
            return False
        if c.name == DEFENDING:
            expiry = Expiry.END_OF_TURN if until_end else Expiry.START_OF_TURN
            ok = _own(c, fighter, expiry, 2 if until_end else 1)
        elif c.name == AIMING:
            ok = _own(c, fighter, Expiry.END_OF_TURN, 2)
        elif c.name == GRAPPLED:
            holder = state.find(c.source) if c.source is not None else None
            ok = holder is not None and holder.id != fighter.id and _lasting(c)
        elif c.name == EXHAUSTED:
            ok = c.source is None and _lasting(c)
        else:
            ok = False
        if not ok:
            return False
    return True


def _own(c: Condition, fighter: Fighter, expiry: Expiry, most: int) -> bool:
    return (
        c.source == fighter.id
        and c.anchor == fighter.id
        and c.expiry is expiry
        and (1 <= c.count <= most)
    )


def _lasting(c: Condition) -> bool:
    return c.expiry is Expiry.NEVER and c.anchor is None and c.count == 1


class _Compiled:
    """One fork read once: the sheets compiled, the starting numbers laid out in lists."""

    def __init__(self, point: ForkPoint, fighters: tuple[Fighter, ...], opts: LinesOptions):
        self.readings = _Readings(opts)
        self.ids = [f.id for f in fighters]
        where = {cid: n for n, cid in enumerate(self.ids)}
        self.sheets = [_Sheet(f, opts) for f in fighters]
        self.dexterity = [f.dexterity for f in fighters]
        self.perception = [f.perception for f in fighters]
        self.plans: dict[tuple[int | bool, ...], Plan | None] = {}
        """tactics._best_plan's answers by situation (see `_Fight.best_plan`)."""
        sides = list(dict.fromkeys([f.side for f in fighters]))
        self.side_names = sides
        for n, f in enumerate(fighters):
            sheet = self.sheets[n]
            sheet.side = sides.index(f.side)
            sheet.allies = [m for m, g in enumerate(fighters) if g.side == f.side]
            sheet.foes = [m for m, g in enumerate(fighters) if g.side != f.side]
        self.first_side = fighters[0].side if fighters else ""
        self.hp = [f.hp for f in fighters]
        self.max_hp = [f.max_hp for f in fighters]
        self.status = [_STATUS[f.status] for f in fighters]
        self.line = [f.line for f in fighters]
        self.constitution = [f.constitution for f in fighters]
        self.strain = [f.strain for f in fighters]
        self.charges = [list(f.charges) for f in fighters]
        self.dying_left = [f.dying_left for f in fighters]
        self.dying_since = [f.dying_since for f in fighters]
        self.defend = [_count(f, DEFENDING) for f in fighters]
        self.aim = [_count(f, AIMING) for f in fighters]
        self.held_by = [-1] * len(fighters)
        for n, f in enumerate(fighters):
            hold = f.condition(GRAPPLED)
            if hold is not None and hold.source is not None:
                self.held_by[n] = where[hold.source]
        state = point.state
        self.started = state is not None
        self.fixed_order = point.order is not None
        if state is not None:
            turns = cast(InitiativeTurns, state.turns)
            self.order = [where[c] for c in turns.order]
            self.this_round = [where[c] for c in turns.this_round]
            self.round = turns.round
            self.index = turns.index
            self.outcome = state.outcome
            current = fighters[self.this_round[self.index]]
            self.turn = (current.acted, current.moved, current.move_allowance)
        else:
            self.order = [where[c] for c in point.order] if point.order is not None else []
            self.this_round = []
            self.round = 0
            self.index = 0
            self.outcome = None
            self.turn = (False, 0, 1)

    def __call__(self, dice: Dice, max_rounds: int) -> FastTrial | None:
        return _Fight(self, dice.rng.randint).play(max_rounds)


def _count(fighter: Fighter, name: str) -> int:
    condition = fighter.condition(name)
    return 0 if condition is None else condition.count


class _Handback(Exception):
    """The fight reached what the fast path does not model: the engine plays it instead."""


class _Fight:
    """One trial's numbers, changed in place; each method names the rule it restates."""

    def __init__(self, compiled: _Compiled, randint: RandInt) -> None:
        c = compiled
        self.c = c
        self.o = c.readings
        self.r = randint
        self.sheets = c.sheets
        self.dexterity = c.dexterity
        self.hp = c.hp[:]
        self.max_hp = c.max_hp[:]
        self.status = c.status[:]
        self.line = c.line[:]
        self.constitution = c.constitution[:]
        self.strain = c.strain[:]
        self.charges = [k[:] for k in c.charges]
        self.dying_left = c.dying_left[:]
        self.dying_since = c.dying_since[:]
        self.defend = c.defend[:]
        self.aim = c.aim[:]
        self.held_by = c.held_by[:]
        self.holding = any(h >= 0 for h in self.held_by)
        self.fell = False
        """Someone stopped standing since the last outcome check."""
        self.order = c.order[:]
        self.this_round = c.this_round[:]
        self.round = c.round
        self.index = c.index
        self.outcome = c.outcome
        self.acted, self.moved, self.allowance = c.turn
        n = len(self.hp)
        self.dealt = [0] * n
        self.taken = [0] * n
        self.actor = -1
        """Whose action is being resolved (-1 while a turn ends: that deals nothing)."""

    # -- the simulator's loop (sim/trial.play) ------------------------------------------

    def play(self, max_rounds: int) -> FastTrial | None:
        """The loop of sim/trial.play, a turn at a time: the round only moves on when a turn
        ends, and the outcome only when `after_action` looks, so within a turn only the
        outcome is looked at again, and only after `after_action`."""
        try:
            if not self.c.started:
                self.start()
                self.taken = [0] * len(self.hp)  # the loop counts from the first action on
            choose, choose_spent = self.choose, self.choose_spent
            attack, act, end_turn = self.attack, self.act, self.end_turn
            while self.round <= max_rounds and self.outcome is None:
                n = self.this_round[self.index]
                steps = 0
                self.actor = n  # choosing deals nothing: only the actions and end_turn count
                choice = choose_spent(n) if self.acted else choose(n)
                while choice[0] != END:  # the one choice that ends a turn is `_END`
                    if choice[0] == ATTACK:
                        attack(n, choice)
                    else:
                        act(n, choice)
                    steps += 1
                    if steps > TURN_ACTIONS:
                        return None
                    if (self.holding or self.fell) and self.after_action():
                        break
                    choice = choose_spent(n) if self.acted else choose(n)
                else:
                    self.actor = -1
                    end_turn(n)
                    if self.holding or self.fell:
                        self.after_action()
        except _Handback:
            return None
        status = self.status
        return FastTrial.ended(
            self.outcome,
            self.round,
            self.hp,
            [s == ACTIVE for s in status],
            self.dealt,
            self.taken,
        )

    # -- start, turns and rounds (Ruleset.start, core/turns.InitiativeRounds) ------------

    def start(self) -> None:
        """Initiative (rules/initiative.py, ranked as `core.initiative.rank` ranks), then
        round 1."""
        if not self.c.fixed_order:
            self.order = self.rank(list(range(len(self.hp))), 0)
        self.new_round(1)
        self.start_turn(0, skipped=0)
        self.check_outcome()

    def rank(self, group: list[int], depth: int) -> list[int]:
        """`core.initiative.rank` with lines' roll key, written out over indices: everyone in
        `group` (in listing order) rolls 1d6 + Perception in that order, the keys are taken
        highest first, and each tie re-rolls (one level deeper) before the next lower key is
        looked at, so the same faces are drawn in the same order. The key is (total,
        Perception) on the first roll under `perception_then_reroll`, else (total, 0), as
        there; the sort is stable, so the tied keep listing order, and past `MAX_REROLLS`
        that order settles a tie, as there."""
        r = self.r
        perception = self.c.perception
        tiebreak = depth == 0 and self.o.by_perception
        key = {n: (r(1, 6) + perception[n], perception[n] if tiebreak else 0) for n in group}
        ranked = sorted(group, key=key.__getitem__, reverse=True)
        if len(set(key.values())) == len(group):
            return ranked  # no tie: most first rolls
        ordered: list[int] = []
        for _, alike in groupby(ranked, key.__getitem__):
            tied = list(alike)
            if len(tied) > 1 and depth < MAX_REROLLS:
                ordered += self.rank(tied, depth + 1)
            else:
                ordered += tied
        return ordered

    def new_round(self, number: int) -> None:
        self.round = number
        self.index = 0
        self.this_round = self.order

    def start_turn(self, index: int, skipped: int) -> None:
        """InitiativeRounds._start_turn, skipping those who cannot act."""
        status, defend, o = self.status, self.defend, self.o
        while True:
            self.index = index
            n = self.this_round[index]
            self.acted, self.moved, self.allowance = False, 0, 1  # Lines.apply(TurnStarted)
            if defend[n] and not o.defend_to_end:
                defend[n] = 0
            if status[n] == ACTIVE:
                return
            if status[n] == DYING and o.dying_own_turns:
                self.count_down(n)  # never stands them up: no need to look again
            self.turn_ends(n)
            skipped += 1
            if skipped >= 3 * len(self.this_round):
                raise _Handback  # the engine's stalemate stop: never reached by lines
            index = self.next_index(index)

    def next_index(self, index: int) -> int:
        """InitiativeRounds._advance: the next turn, through the round's end."""
        following = index + 1
        if following >= len(self.this_round):
            self.round_ends()
            self.new_round(self.round + 1)
            following = 0
        return following

    def round_ends(self) -> None:
        """Lines.on_round_end: the dying count rounds (option dying_counts: rounds)."""
        if self.o.dying_own_turns:
            return
        for n, s in enumerate(self.status):
            if s == DYING and self.dying_since[n] < self.round:
                self.count_down(n)

    def turn_ends(self, n: int) -> None:
        """Conditions lapsing at the end of `n`'s turn: aim, and defense held to its end."""
        if self.aim[n]:
            self.aim[n] -= 1
        if self.defend[n] and self.o.defend_to_end:
            self.defend[n] -= 1

    def end_turn(self, n: int) -> None:
        """InitiativeRounds.end_turn; the next fighter's turn starts here too when it can
        act (the common case, kept free of calls), else `start_turn` skips on."""
        aim, defend, to_end = self.aim, self.defend, self.o.defend_to_end
        if aim[n]:  # turn_ends, inline
            aim[n] -= 1
        if defend[n] and to_end:
            defend[n] -= 1
        index = self.index + 1
        this_round = self.this_round
        if index >= len(this_round):
            self.start_turn(self.next_index(self.index), skipped=0)
            return
        following = this_round[index]
        if self.status[following] != ACTIVE:
            self.start_turn(index, skipped=0)
            return
        self.index = index  # start_turn for an active fighter
        self.acted, self.moved, self.allowance = False, 0, 1
        if defend[following] and not to_end:
            defend[following] = 0

    def after_action(self) -> bool:
        """BaseRuleset.resolve's tail: Lines.after_action, then the outcome check. Both are
        skipped when they cannot change anything: no hold to break, nobody fallen since the
        last check (an outcome needs someone to stop standing). Answers whether the fight is
        over (`check_outcome`)."""
        if self.holding:
            held_by = self.held_by
            status = self.status
            line = self.line
            for n, holder in enumerate(held_by):  # grapple.release_broken_holds
                if holder >= 0 and (
                    status[holder] != ACTIVE
                    or abs(line[holder] - line[n]) > 1
                    or status[n] in (DYING, DEAD)
                ):
                    held_by[n] = -1
            self.holding = any(h >= 0 for h in held_by)
        if self.fell:
            self.fell = False
            return self.check_outcome()
        return self.outcome is not None

    def check_outcome(self) -> bool:
        """BaseRuleset.outcome: one side standing wins; nobody standing is a draw.
        Answers whether the fight is over, for `play` to read instead of `self.outcome`: the
        loop's condition narrows that attribute to None for the type checker, which would
        call a later test of it unreachable, and the compiled build (fracas/compiled.py)
        would leave the test out."""
        if self.outcome is not None:
            return True
        sheets = self.sheets
        standing = {sheets[n].side for n, s in enumerate(self.status) if s == ACTIVE}
        if len(standing) > 1:
            return False
        names = self.c.side_names
        self.outcome = f"{names[standing.pop()]} won" if standing else "draw"
        return True

    # -- harm (rules/harm.py) ------------------------------------------------------------

    def set_hp(self, n: int, hp: int) -> None:
        """Every change of HP, counted as the simulator counts losses (sim/trial.py)."""
        lost = self.hp[n] - hp
        self.hp[n] = hp
        if lost > 0:
            self.taken[n] += lost
            actor = self.actor
            if actor >= 0 and self.sheets[actor].side != self.sheets[n].side:
                self.dealt[actor] += lost

    def take_damage(self, n: int, amount: int) -> None:
        if self.status[n] == DYING:
            if amount > 0:
                self.die(n)
            return
        hp = max(0, self.hp[n] - amount)
        self.set_hp(n, hp)
        if hp == 0:
            self.status[n] = DYING
            self.fell = True
            self.dying_left[n] = DYING_TURNS
            self.dying_since[n] = self.round

    def die(self, n: int) -> None:
        self.status[n] = DEAD
        self.set_hp(n, 0)
        self.dying_left[n] = 0

    def count_down(self, n: int) -> None:
        left = self.dying_left[n] - 1
        grace = self.o.grace
        if left > 0 or (grace and left == 0):
            self.dying_left[n] = left
        else:
            self.die(n)

    # -- the tactics (lines/tactics.py: _wishes, then Ruleset.first_legal) ----------------

    def choose(self, n: int) -> Choice:
        """The first of the tactics' wishes that `verify` would accept, else ending the turn,
        while `n`'s action is unspent (`choose_spent` once it is)."""
        status = self.status
        if status[n] != ACTIVE:
            return _END  # BaseRuleset.verify: only end_turn for the fallen
        if self.held_by[n] >= 0:
            return _BREAK_FREE
        sheet = self.sheets[n]
        if sheet.gear:
            cared = self.care(n, sheet)
            if cared is not None:
                return cared
        plan = self.best_plan(n, sheet)
        if plan == _NO_FOE:  # by value: the compiled build boxes tuples anew
            return _END
        if plan is None:
            foes = [f for f in sheet.foes if status[f] == ACTIVE]
            return self.close_in(n, sheet, foes)
        chance, wish = plan
        hp, max_hp = self.hp, self.max_hp
        if hp[n] * HURT_SHARE <= max_hp[n] and chance < POOR_CHANCE:
            fighting = any(
                a != n and status[a] == ACTIVE and not hp[a] * HURT_SHARE <= max_hp[a]
                for a in sheet.allies
            )
            if fighting:
                return _DEFEND
        return wish

    def choose_spent(self, n: int) -> Choice:
        """`choose` once the action is spent. The fallen may only end the turn, and so may
        the held (breaking free needs the action); for the others every heal, attack, dash
        or grapple fails `require_action`, so only `_care`'s step toward a dying ally and
        `_close_in`'s step toward the foes remain, and neither once the turn's movement is
        spent too."""
        status = self.status
        if (
            status[n] != ACTIVE
            or self.held_by[n] >= 0
            or self.moved >= self.allowance
            or (self.o.move_uses_action and self.allowance < DASH_ALLOWANCE)
        ):
            return _END
        sheet = self.sheets[n]
        line = self.line
        here = line[n]
        if sheet.gear and any(left > 0 for left in self.charges[n]):
            for ally in sheet.allies:
                if status[ally] == DYING and abs(here - line[ally]) > 1:
                    to = here + (1 if line[ally] > here else -1)
                    if self.may_move(n, to):
                        return (MOVE, to, 0, 0)
        wanted = sheet.wanted
        foes = []
        for f in sheet.foes:
            if status[f] == ACTIVE:
                if abs(here - line[f]) <= wanted:
                    return _END  # the nearest foe is within reach: _close_in wishes no step
                foes.append(f)
        if not foes:
            return _END
        return self.close_in(n, sheet, foes)

    def care(self, n: int, sheet: _Sheet) -> Choice | None:
        """tactics._care: heal the dying first, then the badly hurt; step toward the dying."""
        charges = self.charges[n]
        kits = [k for k, left in enumerate(charges) if left > 0]
        if not kits:
            return None
        status, hp, max_hp, line = self.status, self.hp, self.max_hp, self.line
        allies = sheet.allies
        reach = self.o.heal_reach
        for ally in sorted(allies, key=lambda a: (status[a] != DYING, hp[a])):
            wounded = status[ally] == ACTIVE and hp[ally] * 2 < max_hp[ally]
            # healing.verify: the action unspent, the ally within the gear's reach
            if (
                (status[ally] == DYING or wounded)
                and not self.acted
                and abs(line[n] - line[ally]) <= reach
            ):
                return (HEAL, ally, kits[0], 0)
        for ally in allies:
            if status[ally] == DYING and abs(line[n] - line[ally]) > 1:
                to = line[n] + (1 if line[ally] > line[n] else -1)
                if self.may_move(n, to):
                    return (MOVE, to, 0, 0)
        return None

    def may_move(self, n: int, to: int) -> bool:
        """movement.verify_move for the fighter whose turn it is (never grappled here)."""
        if self.o.move_uses_action and self.allowance < DASH_ALLOWANCE and self.acted:
            return False
        here = self.line[n]
        return 1 <= to <= 6 and to != here and abs(to - here) <= self.allowance - self.moved

    def best_plan(self, n: int, sheet: _Sheet) -> Plan | None:
        """tactics._best_plan: the most worthwhile attack from here or a neighbouring line,
        weighed in the tactics' order (line, then foe, then attack) with their tolerance;
        `_NO_FOE` when no foe stands. Only asked while the action is unspent (`choose`), as
        `_best_plan` answers nothing otherwise.

        The answer follows from who plans, from where, whether it may step and aims, and
        each foe's line, stance, HP and status (standing or not), and fights meet the same
        few situations over and over: it is kept per situation, and a known one costs a
        key (one number a foe, standing or not) and a look-up. The weighed attacks are
        kept per (stance, Dexterity, HP) of the foe, one slot per gap, so working a
        situation out builds one key per foe rather than one per foe and line."""
        line, defend, hp, status = self.line, self.defend, self.hp, self.status
        here = line[n]
        may_step = self.moved < self.allowance and not self.o.move_uses_action
        aimed = self.aim[n] > 0
        # a foe's number in the key is its place in `sheet.foes`, which `n` fixes
        codes = [((hp[f] * 8 + line[f]) * 3 + defend[f]) * 4 + status[f] for f in sheet.foes]
        key = (n, here, may_step, aimed, *codes)
        plans = self.c.plans
        try:
            return plans[key]
        except KeyError:
            pass  # worked out below, once
        if len(plans) >= PLANS_KEPT:
            plans.clear()
        foes = [f for f in sheet.foes if status[f] == ACTIVE]
        plan = plans[key] = self.plan(n, sheet, foes, may_step, aimed) if foes else _NO_FOE
        return plan

    def plan(
        self, n: int, sheet: _Sheet, foes: list[int], may_step: bool, aimed: bool
    ) -> Plan | None:
        """`best_plan` worked out."""
        here = self.line[n]
        lines = [here]
        if may_step:
            lines += [m for m in (here - 1, here + 1) if 1 <= m <= 6]
        weighed = sheet.weighed[aimed]
        line, defend, hp, dexterity = self.line, self.defend, self.hp, self.c.dexterity
        tables = []
        for foe in foes:
            alike = (defend[foe] > 0, dexterity[foe], hp[foe])
            table = weighed.get(alike)
            if table is None:
                table = weighed[alike] = [None] * 6
            tables.append((foe, line[foe], table, alike))
        best: tuple[float, float, int, int, int, int] | None = None
        best_value = 0.0
        for at in lines:
            step = -1 if at == here else at
            for foe, foe_line, table, alike in tables:
                gap = abs(at - foe_line)
                attacks = table[gap]
                if attacks is None:
                    attacks = table[gap] = self.weigh(sheet, gap, alike, aimed)
                for value, chance, weapon, second in attacks:
                    if best is None or value > best_value + 1e-9:
                        best = (value, chance, step, foe, weapon, second)
                        best_value = value
        if best is None:
            return None
        _, chance, step, foe, weapon, second = best
        if step >= 0:
            return (chance, (MOVE, step, 0, 0))
        attack = (chance, (ATTACK, foe, weapon, second))
        if aimed or second >= 0:
            return attack
        # tactics._aim_pays: from here (there is no step), with one weapon, not yet aiming
        aimed_chance = strike_chance(
            sheet.weapons[weapon],
            abs(here - self.line[foe]),
            self.defend[foe] > 0,
            self.c.dexterity[foe],
            self.o.tie_hits,
            aimed=True,
        )
        return (chance, _AIM) if aimed_chance > AIM_PAYS * chance else attack

    def weigh(
        self, sheet: _Sheet, gap: int, alike: tuple[bool, int, int], aimed: bool
    ) -> list[Weighed]:
        defending, dexterity, hp = alike
        tie_hits = self.o.tie_hits
        ids = sheet.ids
        return [
            (value, chance, ids[weapon], -1 if second is None else ids[second])
            for value, chance, weapon, second in weigh_attacks(
                sheet.weapons, sheet.dual, aimed, tie_hits, gap, defending, dexterity, hp
            )
        ]

    def close_in(self, n: int, sheet: _Sheet, foes: list[int]) -> Choice:
        """tactics._close_in: dash (or step) toward the nearest foe; grapple with no weapon."""
        line, hp = self.line, self.hp
        here = line[n]
        nearest = min(foes, key=lambda f: (abs(here - line[f]), hp[f]))
        gap = abs(here - line[nearest])
        wanted = sheet.wanted
        way = 1 if line[nearest] > here else -1
        if not self.acted and not self.o.move_uses_action:
            steps = min(DASH_ALLOWANCE - self.moved, gap - wanted)
            if steps > 0:
                return (DASH, here + way * steps, 0, 0)
        if gap > wanted and self.may_move(n, here + way):
            return (MOVE, here + way, 0, 0)
        # grapple.verify_grapple: the action unspent, in melee range, not already held
        if not sheet.weapons and not self.acted and gap <= 1 and self.held_by[nearest] < 0:
            return (GRAPPLE, nearest, 0, 0)
        return _END

    # -- resolving the chosen action (lines/rules) ----------------------------------------

    def act(self, n: int, choice: Choice) -> None:
        kind, target, item, _ = choice
        if kind == ATTACK:
            self.attack(n, choice)
        elif kind == MOVE:  # movement.resolve_move
            if self.o.move_uses_action and self.allowance < DASH_ALLOWANCE:
                self.acted = True
            self.moved += abs(target - self.line[n])
            self.line[n] = target
        elif kind == DASH:  # movement.resolve_dash
            self.acted = True
            self.allowance = DASH_ALLOWANCE
            self.moved += abs(target - self.line[n])
            self.line[n] = target
        elif kind == DEFEND:  # stances.resolve_defend
            self.acted = True
            self.defend[n] = 2 if self.o.defend_to_end else 1
        elif kind == AIM:  # stances.resolve_aim
            self.acted = True
            self.aim[n] = 2
        elif kind == HEAL:
            self.heal(n, target, item)
        elif kind == GRAPPLE:  # grapple.resolve_grapple
            self.acted = True
            if self.contest(n, target):
                self.held_by[target] = n
                self.holding = True
        elif kind == BREAK_FREE:
            self.break_free(n)

    def attack(self, n: int, choice: Choice) -> None:
        """attack.resolve: one strike, or two when dual wielding (the second forgone when the
        first left the target dying and the dying may not be attacked)."""
        _, target, weapon, second = choice
        self.acted = True
        sheet = self.sheets[n]
        self.strike(n, target, sheet.cards[weapon], 0)
        if second < 0:
            return
        if self.status[target] == DYING and self.o.spare_dying:
            return
        self.strike(n, target, sheet.cards[second], sheet.dual)

    def strike(self, n: int, target: int, card: _Card, penalty: int) -> None:
        """attack.strike: attack roll, defense roll, damage on a hit."""
        r = self.r
        o = self.o
        if card.range >= 0:  # beyond its range a card loses one a line
            line = self.line
            beyond = abs(line[n] - line[target]) - card.range
            if beyond > 0:
                penalty += beyond
        aim = self.aim
        if aim[n]:
            attack = card.aimed(r) - penalty
            if o.aim_once:
                aim[n] = 0
        else:
            attack = card.attack(r) - penalty
        # attack.defend
        standing = self.status[target] == ACTIVE  # nothing below changes it before the blow
        if not standing and o.helpless_none:
            defense = 0
        elif self.defend[target]:
            defense = r(1, 6) + r(1, 6) + self.dexterity[target]
        else:
            defense = r(1, 6) + self.dexterity[target]
        margin = attack - defense
        if margin >= CRITICAL_MARGIN:
            damage = card.critical(r)
        elif margin > 0 or (margin == 0 and o.tie_hits):
            damage = card.damage(r)
        else:
            return
        hps = self.hp
        hp = hps[target]
        if damage <= 0 or not standing or damage >= hp:
            self.take_damage(target, max(0, damage))
            return
        # take_damage and set_hp for the common blow, which leaves an active target standing
        hps[target] = hp - damage
        self.taken[target] += damage
        sheets = self.sheets
        if sheets[n].side != sheets[target].side:
            self.dealt[n] += damage

    def heal(self, n: int, target: int, item: int) -> None:
        """healing.resolve, and harm.revive for the dying."""
        self.acted = True
        gear = self.sheets[n].gear[item]
        amount = gear if isinstance(gear, int) else max(0, min(gear(self.r), self.sheets[n].mind))
        self.charges[n][item] -= 1
        if self.status[target] == DYING:
            if amount > 0:
                self.revive(target, amount)
            return
        self.set_hp(target, min(self.max_hp[target], self.hp[target] + amount))

    def revive(self, n: int, amount: int) -> None:
        constitution = self.constitution[n]
        if constitution - 1 <= 0:
            self.die(n)
            return
        max_hp = max(1, self.max_hp[n] * (constitution - 1) // constitution)
        self.constitution[n] = constitution - 1
        self.max_hp[n] = max_hp
        self.status[n] = ACTIVE
        self.set_hp(n, 1 if self.o.revive_one else min(amount, max_hp))
        self.dying_left[n] = 0

    def contest(self, initiator: int, responder: int) -> bool:
        """contest.contest with each side's higher attribute (Strength on a tie)."""
        r = self.r
        mine = r(1, 6) + self._better(initiator)
        theirs = r(1, 6) + self._better(responder)
        return mine > theirs or (mine == theirs and self.o.contest_tie_hits)

    def _better(self, n: int) -> int:
        sheet = self.sheets[n]
        return max(sheet.dexterity, sheet.strength)

    def break_free(self, n: int) -> None:
        """grapple.resolve_break_free: a failed roll strains Constitution; at 0, out."""
        self.acted = True
        if self.contest(n, self.held_by[n]):
            self.held_by[n] = -1
            return
        self.strain[n] += 1
        if self.constitution[n] - self.strain[n] <= 0:
            self.status[n] = UNCONSCIOUS
            self.fell = True
