"""The `nwo` simulation fast path: close-quarters exchanges restated over plain lists.

Why this module exists: `fracas sim` plays an nwo fight through the engine, where every
panel roll, hit and turn is an event applied to frozen states and the tactics weigh lines
of fire and paths over those states (about 450 times the cost of the fight's dice for the
firefight). Most of that cost is the tactics' search for tiles to move to; the part of a
fight in which nobody needs to move, fighters trading blows and shots where they stand,
is cheap to restate, and that part is what this module plays.

What it models, exactly as the engine plays it (each piece names the engine code it
mirrors): the turn flow of `core.turns.InitiativeRounds` with nwo's turn reset, the
tactics' choice of a strike from where a fighter stands (`tactics._wishes` down to the
strike, with `appraisal.hit_chance`'s reading of the map), the attack as `rules/attack.py`
resolves it (panel rolls with advantage, shooting through characters in the way, cover,
parries, defense crits, armor hitpoints first) and the crit effects `double_damage`,
`blade_advantage` and the extra attacks on the same target. Everything else (any other
crit effect, a weapon that moves, reloads, draws, braces, a fight that starts before
initiative, any option but the defaults, any condition but a long blade's advantage) is
not modelled: `compile_fast_path` answers None for a fork that holds it, and a fight that
reaches it mid-way (a tactics wish to move, reload or draw) is handed back, so the engine
plays that trial with fresh dice of the same seed.

It is a restatement, so it is held to the engine: tests/sim/test_nwo_fastpath.py plays the
nwo examples and generated close-quarters fights through both, seed for seed, and compares
every trial the fast path finishes. When a rule of nwo/rules or nwo/tactics.py changes,
change it here too: the identity test fails until both agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from fracas.core.conditions import Condition, Expiry
from fracas.core.dice import Dice, RandInt
from fracas.core.fastpath import FastPath, FastTrial, ForkPoint
from fracas.core.grid import Grid
from fracas.core.state import EncounterState, Status
from fracas.core.turns import InitiativeTurns
from fracas.rulesets.nwo.appraisal import beats
from fracas.rulesets.nwo.catalog import UNARMED, Weapon, catalog
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.options import NwoOptions
from fracas.rulesets.nwo.rules.attack import (
    COVER_BONUS,
    RANGED_DEFENSE_CRIT,
    strength_bonus,
)
from fracas.rulesets.nwo.rules.common import BLADE_ADVANTAGE
from fracas.rulesets.nwo.tactics import GOOD_CHANCE, HURT_SHARE

ACTIVE, UNCONSCIOUS, DEAD, OTHER = 0, 1, 2, 3
_STATUS = {Status.ACTIVE: ACTIVE, Status.UNCONSCIOUS: UNCONSCIOUS, Status.DEAD: DEAD}

MODELLED_EFFECTS = frozenset(
    {"none", "double_damage", "blade_advantage", "extra_attack_same_target", "extra_attack"}
)
"""Crit effects restated here (`crits.apply`); a fork whose arsenals hold any other is left
to the engine. `extra_attack` is the same target unless the action names another, and the
tactics never name one."""

TURN_ACTIONS = 20
"""Actions in one turn past which the fight is handed back (the tactics take two at most:
a strike, then the end of the turn; the engine's own stall check judges anything more)."""

MAX_CRIT_CHAIN = NwoOptions().max_crit_chain

Strike = tuple[int, int]
"""A strike the tactics chose: the foe and the weapon's place in the fighter's hands."""

HANDED_BACK: Strike = (-1, -1)
"""What a situation comes to when its wish is not modelled (kept like any other answer)."""

CHOICES_KEPT = 200_000
"""Decisions remembered per fork before the memory starts over (a few tens of megabytes)."""


class _Handback(Exception):
    """The fight reached what the fast path does not model: the engine plays it instead."""


def compile_fast_path(point: ForkPoint, policies: Mapping[str, str]) -> FastPath | None:
    """The fast path for trials from `point`, or None where it would have to guess."""
    if any(name != "tactics" for name in policies.values()):
        return None  # other policies retarget through `verify`: not restated here
    state = point.state
    if state is None:
        return None  # initiative and the ambush round (rules/initiative.py): not restated
    if not isinstance(state.options, NwoOptions) or state.options != NwoOptions():
        return None
    if not isinstance(state.arena, Grid) or not _modelled_turns(state):
        return None
    if not all(type(c) is Operative for c in state.combatants):
        return None
    people = cast(tuple[Operative, ...], state.combatants)
    if not all(_modelled(who, state) for who in people):
        return None
    return _Compiled(state, people)


def _modelled_turns(state: EncounterState) -> bool:
    turns = state.turns
    if not isinstance(turns, InitiativeTurns) or turns.round < 1 or turns.next_round is not None:
        return False
    if not turns.this_round or state.outcome is not None:
        return False
    ids = {c.id for c in state.combatants}
    if not all(cid in ids for cid in (*turns.order, *turns.this_round)):
        return False
    if tuple(turns.this_round) != tuple(turns.order):
        return False
    current = cast(Operative, state.get(turns.this_round[turns.index]))
    return current.moved == 0 and not current.disengaging


def _modelled(who: Operative, state: EncounterState) -> bool:
    """Only what the modelled rules read: the status, arms and the one condition."""
    if who.status not in _STATUS or who.grapple_fails:
        return False
    if any(w.effect not in MODELLED_EFFECTS for w in who.arsenal):
        return False
    return all(_blade_as_the_rules_put_it(condition, who) for condition in who.conditions)


def _blade_as_the_rules_put_it(c: Condition, who: Operative) -> bool:
    """crits._through_next_turn: on the attacker, anchored to it, ending with its turns."""
    return (
        c.name == BLADE_ADVANTAGE
        and c.source == who.id
        and c.anchor == who.id
        and c.expiry is Expiry.END_OF_TURN
        and 1 <= c.count <= 2
        and c.detail is None
        and c.event is None
    )


def _half(value: int) -> int:
    """common.half under the default `halves: down`."""
    return value // 2


def _melee_modifier(who: Operative, weapon: Weapon) -> int:
    """attack.melee_modifier."""
    skill = who.nimble if weapon.id == UNARMED else who.melee
    return _half(skill) + strength_bonus(who.strength)


class _Arm:
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
        "range",
        "ranged",
        "reach",
        "slot",
    )

    def __init__(self, weapon: Weapon, slot: int) -> None:
        self.id = weapon.id
        self.ranged = weapon.is_ranged
        self.damage = weapon.damage
        self.crit = weapon.crit
        self.crit_damage = weapon.crit_damage
        self.effect = weapon.effect
        self.extra = weapon.effect in ("extra_attack_same_target", "extra_attack")
        self.blade = weapon.effect == "blade_advantage"
        self.hands = weapon.hands
        self.range = weapon.range
        self.reach = weapon.reach
        self.slot = 1 << slot


class _Arms:
    """What a fighter holds, read once (nobody draws, drops or swaps here)."""

    __slots__ = (
        "guard",
        "guard_crit",
        "holds_melee",
        "reach",
        "shoots",
        "swing",
        "wielded",
    )

    def __init__(self, who: Operative) -> None:
        hand = who.in_hand  # in the arsenal's order, as the rules read it
        wielded = [cast(Weapon, who.weapon(w)) for w in who.wielded]  # the tactics' order
        self.wielded = [_Arm(w, slot) for slot, w in enumerate(wielded)]
        melee = [w for w in hand if not w.is_ranged]
        guard = melee[0] if melee else catalog()[UNARMED]  # attack.defending_weapon
        self.guard = _melee_modifier(who, guard)
        self.guard_crit = guard.crit
        self.holds_melee = who.holds_melee
        self.shoots = any(w.is_ranged for w in hand)
        self.reach = who.reach
        self.swing = [
            0 if w.is_ranged else _melee_modifier(who, w) for w in wielded
        ]  # attack.melee_modifier per weapon in hand


class _Compiled:
    """One fork read once: the fighters' numbers laid out in lists, the map's answers for
    every pair of tiles (nobody moves here, so each pair is asked about once per fork)."""

    def __init__(self, state: EncounterState, people: tuple[Operative, ...]) -> None:
        self.board = cast(Grid, state.arena)
        self.ids = [p.id for p in people]
        where = {cid: n for n, cid in enumerate(self.ids)}
        sides = list(dict.fromkeys(p.side for p in people))
        self.side_names = sides
        self.side = [sides.index(p.side) for p in people]
        self.arms = [_Arms(p) for p in people]
        self.aiming = [_half(p.aiming) for p in people]  # attack.ranged_modifier, unmoved
        self.tile = [p.tile for p in people]
        self.max_hp = [p.max_hp for p in people]
        self.hp = [p.hp for p in people]
        self.ahp = [p.ahp for p in people]
        self.status = [_STATUS[p.status] for p in people]
        self.ammo = [dict(p.ammo) for p in people]
        self.dry = [
            sum(arm.slot for arm in a.wielded if p.rounds(arm.id) == 0)
            for a, p in zip(self.arms, people, strict=True)
        ]
        self.choices: dict[tuple[int | bool, ...], Strike | None] = {}
        """The tactics' answers by situation (see `_Fight.choose`)."""
        self.dashing = [p.dashing for p in people]
        self.spent = [p.movement_spent for p in people]
        self.blade = [_blade_count(p) for p in people]
        turns = cast(InitiativeTurns, state.turns)
        self.order = [where[c] for c in turns.order]
        self.round = turns.round
        self.index = turns.index
        current = people[self.order[self.index]]
        self.turn = (current.acted, current.shot)
        n = len(people)
        board = self.board
        self.gap = [
            [board.distance(self.tile[a], self.tile[b]) for b in range(n)] for a in range(n)
        ]
        self.line = [
            [tuple(board.line(self.tile[a], self.tile[b])) for b in range(n)] for a in range(n)
        ]
        self.walled = [
            [board.sight_blocked(self.tile[a], self.tile[b]) for b in range(n)] for a in range(n)
        ]
        self.covered = [
            [board.cover_between(self.tile[a], self.tile[b]) for b in range(n)] for a in range(n)
        ]
        self.step = [
            [self.tile[a] in board.neighbours(self.tile[b]) for b in range(n)] for a in range(n)
        ]
        """a stands one step from b: `appraisal.distances_to` puts a at 1 from b, the least a
        tile off b can be, and `tactics._nearer` finds no tile nearer (a diagonal counts one
        under the default `diagonal` option)."""
        standing: dict[tuple[int, int], list[int]] = {}
        for m, tile in enumerate(self.tile):
            standing.setdefault(tile, []).append(m)
        self.on_line = [
            [[m for t in self.line[a][b] for m in standing.get(t, ())] for b in range(n)]
            for a in range(n)
        ]
        """Who stands on the line of fire from a to b, nearest a first, in listing order on
        one tile (attack.characters_in_the_way before its status test)."""

    def __call__(self, dice: Dice, max_rounds: int) -> FastTrial | None:
        return _Fight(self, dice.rng.randint).play(max_rounds)


def _blade_count(who: Operative) -> int:
    condition = who.condition(BLADE_ADVANTAGE)
    return 0 if condition is None else condition.count


class _Fight:
    """One trial's numbers, changed in place; each method names the rule it restates."""

    def __init__(self, c: _Compiled, randint: RandInt) -> None:
        self.c = c
        self.r = randint
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
        self.round = c.round
        self.index = c.index
        self.acted, self.shot = c.turn
        self.outcome: str | None = None
        n = len(self.hp)
        self.dealt = [0] * n
        self.taken = [0] * n
        self.actor = -1

    # -- the simulator's loop (sim/trial.play) --------------------------------------------

    def play(self, max_rounds: int) -> FastTrial | None:
        order = self.c.order
        try:
            while self.round <= max_rounds and self.outcome is None:
                n = order[self.index]
                self.actor = n
                for _ in range(TURN_ACTIONS):
                    strike = self.choose(n)
                    if strike is None:
                        break
                    self.attack(n, *strike)
                    if self.fell:  # only a fall can end the fight
                        self.fell = False
                        self.check_outcome()
                        if self.outcome is not None:
                            break
                else:
                    return None
                if self.outcome is None:
                    self.actor = -1
                    self.end_turn(n)
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

    # -- turns (core/turns.InitiativeRounds, Nwo.apply's TURN_RESET, on_turn_start) -------

    def end_turn(self, n: int) -> None:
        self.lapse(n)
        order = self.c.order
        skipped = 0
        index = self.index
        while True:
            index += 1
            if index >= len(order):  # no end-of-round rule or condition is modelled
                self.round += 1
                index = 0
            m = order[index]
            self.index = index
            self.acted = self.shot = False  # TURN_RESET
            self.dashing[m] = self.spent[m] = False
            if self.status[m] == ACTIVE:  # BaseRuleset.on_turn_start: only the active act
                return
            self.lapse(m)  # a skipped turn ends too
            skipped += 1
            if skipped >= 3 * len(order):
                raise _Handback  # the engine's stalemate stop

    def lapse(self, n: int) -> None:
        """The end of `n`'s turn counts its long blade's advantage down (lapse_conditions)."""
        if self.blade[n]:
            self.blade[n] -= 1

    def check_outcome(self) -> None:
        """BaseRuleset.outcome: one side standing wins; nobody standing is a draw."""
        side = self.c.side
        standing = {side[m] for m, s in enumerate(self.status) if s == ACTIVE}
        if len(standing) > 1:
            return
        names = self.c.side_names
        self.outcome = f"{names[standing.pop()]} won" if standing else "draw"

    # -- the tactics (tactics._wishes, then Ruleset.first_legal) --------------------------

    def engaged(self, n: int) -> bool:
        """common.engagers: a hostile, active, upright fighter with a melee weapon in hand
        within its reach of `n` (nobody is prone here)."""
        c = self.c
        status, side, gap, dashing, arms = self.status, c.side, c.gap, self.dashing, c.arms
        if status[n] != ACTIVE:
            return False
        for m in range(len(status)):
            if (
                m != n
                and status[m] == ACTIVE
                and side[m] != side[n]
                and not dashing[m]
                and arms[m].holds_melee
                and gap[m][n] <= arms[m].reach
            ):
                return True
        return False

    def hurt(self, n: int) -> bool:
        return self.ahp[n] == 0 and self.hp[n] * HURT_SHARE <= self.c.max_hp[n]

    def choose(self, n: int) -> Strike | None:
        """`decide`, kept per situation: the answer follows from who decides, the turn's
        flags, its empty guns and everyone's HP, armor hitpoints, status and dash (all
        else `decide` reads is fixed for the fork), and fights meet the same situations
        over and over, so a known one costs a key and a look-up."""
        key = (
            n,
            self.acted,
            self.shot,
            self.spent[n],
            self.dry[n],
            *self.hp,
            *self.ahp,
            *self.status,
            *self.dashing,
        )
        choices = self.c.choices
        try:
            choice = choices[key]
        except KeyError:
            if len(choices) >= CHOICES_KEPT:
                choices.clear()
            try:
                choice = self.decide(n)
            except _Handback:
                choice = HANDED_BACK
            choices[key] = choice
        if choice is HANDED_BACK:
            raise _Handback
        return choice

    def decide(self, n: int) -> Strike | None:
        """The strike `first_legal` takes from the tactics' wishes, or None to end the turn;
        a wish that is not a strike from here is handed back."""
        c = self.c
        status, side = self.status, c.side
        if status[n] != ACTIVE:
            return None  # BaseRuleset.verify: the fallen may only end the turn
        foes = [m for m, s in enumerate(status) if s == ACTIVE and side[m] != side[n]]
        if not foes:
            return None
        engaged = self.engaged(n)
        mobile = not self.spent[n]
        if self.acted:  # tactics._after_acting
            if not mobile or engaged or self.shot:  # move_after_shot: declared
                return None
            if not c.arms[n].shoots and any(c.step[n][f] for f in foes):
                return None  # _approach: no tile is nearer than a step from a foe
            raise _Handback  # a step to cover or toward the foes
        best = self.best_strike(n, foes, engaged)
        if best is None:
            raise _Handback  # reloads, draws, bare hands, dashes and walks
        chance, strike = best
        if (
            self.hurt(n)
            and engaged
            and chance < GOOD_CHANCE
            and any(
                m != n and status[m] == ACTIVE and side[m] == side[n] and not self.hurt(m)
                for m in range(len(status))
            )
        ):
            raise _Handback  # a brace
        if chance < GOOD_CHANCE and not engaged and mobile:
            raise _Handback  # a better tile, weighed by _strike_after_moving
        if not self.may_strike(n, strike[0], c.arms[n].wielded[strike[1]], engaged):
            raise _Handback  # attack.verify refuses it: the wishes after it are not modelled
        return strike

    def best_strike(self, n: int, foes: list[int], engaged: bool) -> tuple[float, Strike] | None:
        """tactics._best_strike from where `n` stands, with the weapons in hand: the options
        best bound first (`_options`), each weighed by `appraisal.hit_chance`."""
        c = self.c
        arms = c.arms
        mine = arms[n]
        hp, ahp = self.hp, self.ahp
        options: list[tuple[float, int, int, _Arm, int]] = []
        for w, weapon in enumerate(mine.wielded):
            for foe in foes:
                if weapon.ranged:  # appraisal.open_chance
                    bound_chance = beats(c.aiming[n])
                else:
                    bound_chance = beats(mine.swing[w] - arms[foe].guard)
                bound = bound_chance * min(1.0, weapon.damage / max(1, hp[foe] + ahp[foe]))
                options.append((bound, len(options), w, weapon, foe))
        options.sort(key=lambda option: (-option[0], option[1]))
        best: tuple[float, Strike] | None = None
        best_value = 0.0
        best_index = -1
        for bound, index, w, weapon, foe in options:
            if bound <= 0.0:
                break
            if best is not None and (
                bound < best_value or (bound == best_value and index > best_index)
            ):
                if bound < best_value:
                    break
                continue
            chance = self.hit_chance(n, foe, w, weapon, engaged)
            value = chance * min(1.0, weapon.damage / max(1, hp[foe] + ahp[foe]))
            if chance > 0 and (
                best is None or value > best_value or (value == best_value and index < best_index)
            ):
                best = (chance, (foe, w))
                best_value = value
                best_index = index
        return None if best is None else (best[0], best[1])

    def hit_chance(self, n: int, foe: int, w: int, weapon: _Arm, engaged: bool) -> float:
        """appraisal.hit_chance from `n`'s own tile, unmoved; its box tests before the exact
        line answer as the line alone does (the line's tiles lie in the box)."""
        c = self.c
        if not weapon.ranged:
            if c.gap[n][foe] > weapon.reach:
                return 0.0
            return beats(c.arms[n].swing[w] - c.arms[foe].guard)
        if (weapon.range is not None and c.gap[n][foe] > weapon.range) or (
            engaged and weapon.hands == 2
        ):
            return 0.0
        if self.dry[n] & weapon.slot:
            return 0.0
        if c.walled[n][foe]:
            return 0.0
        status, side = self.status, c.side
        screened = False
        for m in c.on_line[n][foe]:
            # look.shields: the helpless, and friends standing; look.blocked: the rest alive
            if m == n or status[m] == DEAD:
                continue
            if status[m] == UNCONSCIOUS or (side[m] == side[n] and status[m] == ACTIVE):
                return 0.0
            screened = True
        if weapon.effect != "flame_area" and (screened or c.covered[n][foe]):
            return beats(c.aiming[n] - COVER_BONUS)
        return beats(c.aiming[n])

    def may_strike(self, n: int, target: int, weapon: _Arm, engaged: bool) -> bool:
        """attack.verify and check_can_strike for the fighter whose turn it is."""
        c = self.c
        if self.acted or target == n or self.status[target] == DEAD:
            return False
        gap = c.gap[n][target]
        if not weapon.ranged:
            return gap <= weapon.reach
        if weapon.hands == 2 and engaged:
            return False
        if weapon.range is not None and gap > weapon.range:
            return False
        return not c.walled[n][target] and not self.dry[n] & weapon.slot

    # -- the attack (rules/attack.py, rules/panel.py, rules/crits.py) ----------------------

    def attack(self, n: int, target: int, w: int) -> None:
        """attack.resolve: the action is spent, then one strike."""
        self.acted = True
        self.strike(n, target, self.c.arms[n].wielded[w], w, 0)

    def panel(self, modifier: int, edge: int, crit: tuple[int, ...]) -> tuple[int, bool]:
        """panel.roll (best_pair advantage): the total and whether the kept pair crits."""
        r = self.r
        a, b = r(1, 6), r(1, 6)
        if not edge:
            return a + b + modifier, a == b and a in crit
        c, d = r(1, 6), r(1, 6)
        first = (a + b, a == b and a in crit)
        second = (c + d, c == d and c in crit)
        if (second > first) if edge > 0 else (second < first):
            return c + d + modifier, second[1]
        return a + b + modifier, first[1]
        if edge:
            c, d = r(1, 6), r(1, 6)
            first = (a + b, a == b and a in crit)
            second = (c + d, c == d and c in crit)
            if (second > first) if edge > 0 else (second < first):
                a, b = c, d
        return a + b + modifier, a == b and a in crit

    def strike(self, n: int, target: int, weapon: _Arm, w: int, chain: int) -> None:
        """attack.strike: the attack roll, the characters in the way, the defense, damage,
        then the crit effect."""
        c = self.c
        blade = self.blade
        ranged = weapon.ranged
        modifier = c.aiming[n] if ranged else c.arms[n].swing[w]
        total, attack_crit = self.panel(modifier, 1 if blade[n] else 0, weapon.crit)
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
                return
        result = self.defend(n, target, weapon, total, attack_crit)
        if result == "critical":
            self.deal(target, weapon.crit_damage)
            self.crit_effect(n, target, weapon, w, chain)
        elif result == "hit":
            self.deal(target, weapon.damage)

    def in_the_way(self, n: int, target: int) -> list[int]:
        """attack.characters_in_the_way: the living on the line of fire (nobody is prone)."""
        status = self.status
        return [m for m in self.c.on_line[n][target] if status[m] != DEAD]

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

    def defend(self, n: int, target: int, weapon: _Arm, total: int, attack_crit: bool) -> str:
        """attack.defend under parry: defender and crit_wins: true."""
        c = self.c
        if weapon.ranged:
            covered = c.covered[n][target] or bool(self.in_the_way(n, target))
            bonus = COVER_BONUS if covered and weapon.effect != "flame_area" else 0
            crit_faces: tuple[int, ...] = RANGED_DEFENSE_CRIT
        else:
            bonus = c.arms[target].guard
            crit_faces = c.arms[target].guard_crit
        if self.status[target] != ACTIVE:
            return "critical" if attack_crit else "hit"
        defense, defense_crit = self.panel(bonus, 1 if self.blade[target] else 0, crit_faces)
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
        lost = hp - left
        if lost > 0:
            self.taken[target] += lost
            actor = self.actor
            side = self.c.side
            if actor >= 0 and side[actor] != side[target]:
                self.dealt[actor] += lost

    def crit_effect(self, n: int, target: int, weapon: _Arm, w: int, chain: int) -> None:
        """crits.apply for the modelled effects (no flamethrower is held: no canister)."""
        effect = weapon.effect
        if effect == "blade_advantage":  # crits._through_next_turn
            self.blade[n] = 2 if self.c.order[self.index] == n else 1
        elif effect in ("extra_attack_same_target", "extra_attack"):  # crits._extra_attack
            if chain + 1 > MAX_CRIT_CHAIN:
                return
            status = self.status
            if status[n] != ACTIVE or status[target] != ACTIVE:
                return
            if not self.may_strike_again(n, target, weapon):
                return
            self.strike(n, target, weapon, w, chain + 1)

    def may_strike_again(self, n: int, target: int, weapon: _Arm) -> bool:
        """attack.check_can_strike for an extra attack (the action is already spent)."""
        c = self.c
        gap = c.gap[n][target]
        if not weapon.ranged:
            return gap <= weapon.reach
        if weapon.hands == 2 and self.engaged(n):
            return False
        if (weapon.range is not None and gap > weapon.range) or c.walled[n][target]:
            return False
        return not self.dry[n] & weapon.slot
