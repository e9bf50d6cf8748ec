"""The `pools` simulation fast path: its rules and tactics restated over plain lists.

Why this module exists: `fracas sim` plays a fight through the engine, where every rule
emits events that `evolve` applies to frozen states and the tactics verify each wish. For
the squad assault that is about a hundred times the cost of the fight's dice (issue 10 asks
for at most 10). Here one fight is a handful of lists of numbers changed in place, and the
tactics' wishes are checked by the few comparisons their rules make; no event, state or
action object is built.

It is a restatement, so it is held to the engine: tests/sim/test_pools_fastpath.py plays
the pools examples it covers, and generated sheets and options, through both, seed for
seed, and compares every trial; the dice are drawn from the same generator in the same
order. Each piece names the engine code it mirrors.

What it models: the line with altitude, cover, melee and its free attacks on a leaver,
shooting (rate of fire, ammunition, range and view penalties, cover, friendly fire), armor,
grappling and every follow-up the tactics use (break free, pin, human shield and the body
as cover, disarm, drag, devour), thrown weapons, falls of the downed from the air, and
every option those rules read. It declines (`fast_path` answers None, the engine plays
every trial) a fork with anything else: stealth and ambushes (someone hidden, an ambush
edge), traps, triggers, mounts, darkness or fog, `weak_cover_hides`, conditions the rules
did not put there, or a policy other than `tactics`. A fight that reaches what it does not
model mid-way (a flyer that would come down to fight) is handed back the same way.

When a rule of pools/rules or pools/tactics.py changes, change it here too: the identity
test fails until both agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from fracas.core.dice import Dice, RandInt
from fracas.core.fastpath import FastPath, FastTrial, ForkPoint
from fracas.core.initiative import rank
from fracas.core.state import EncounterState, Status
from fracas.core.turns import InitiativeTurns
from fracas.rulesets.pools.events import HOLDING, HOLDS
from fracas.rulesets.pools.options import PoolsOptions
from fracas.rulesets.pools.rules.contest import MAX_REROLLS
from fracas.rulesets.pools.rules.flight import FLIGHT
from fracas.rulesets.pools.rules.shield import BODY_DICE
from fracas.rulesets.pools.rules.sight import range_penalty, view_penalty
from fracas.rulesets.pools.sheet import BUILT_IN, COVER_DICE, PIERCING, UNARMED, Battlefield, Weapon
from fracas.rulesets.pools.soldier import Soldier
from fracas.rulesets.pools.tactics import GOOD_SHOT

ACTIVE, UNCONSCIOUS, DEAD = 0, 1, 2
_STATUS = {Status.ACTIVE: ACTIVE, Status.UNCONSCIOUS: UNCONSCIOUS, Status.DEAD: DEAD}

NOT_HELD, GRAPPLED, PINNED, SHIELD = 0, 1, 2, 3
_HOLD = {"grappled": GRAPPLED, "pinned": PINNED, "human_shield": SHIELD}

PROOF = {"light": 1, "medium": 2, "heavy": 3}
"""armor.PROOF with each category's rank among the piercings (`PIERCING.index`)."""

# what the tactics chose: (kind, target or distance, weapon)
END, MOVE, TAKE_COVER, ATTACK, SHOOT, GRAPPLE, BREAK_FREE, SHIELD_UP, PIN, DEVOUR = range(10)
TAKE, DROP, DRAG = 10, 11, 12
Choice = tuple[int, int, "_Arm | None"]
_END: Choice = (END, -1, None)


class _Arm:
    """A weapon compiled: what the rules read of it, as plain numbers."""

    __slots__ = ("bypasses", "damage", "hands", "id", "loads", "melee", "pierce", "rof", "thrown")

    def __init__(self, weapon: Weapon) -> None:
        self.id = weapon.id
        self.melee = weapon.kind == "melee"
        self.thrown = weapon.kind == "thrown"
        self.damage = weapon.damage
        self.pierce = PIERCING.index(weapon.piercing)
        self.hands = weapon.hands
        self.rof = weapon.rate_of_fire
        self.bypasses = weapon.bypasses_shield
        # shooting._round / _damage: each shot's damage and piercing, in the load order
        self.loads = [
            (
                weapon.damage if a.damage is None else a.damage,
                self.pierce if a.piercing is None else PIERCING.index(a.piercing),
            )
            for a in weapon.loads
        ] or [(weapon.damage, self.pierce)]


_BARE = _Arm(BUILT_IN[UNARMED])

SHOT_VALUES_KEPT = 100_000
"""Shot values remembered per fork before the memory starts over."""


def compile_fast_path(point: ForkPoint, policies: Mapping[str, str]) -> FastPath | None:
    """The fast path for trials from `point`, or None where it would have to guess."""
    if any(name != "tactics" for name in policies.values()):
        return None  # other policies retarget through `verify`: not restated here
    base = point.state if point.state is not None else point.setup
    opts = base.options
    arena = base.arena
    if not isinstance(opts, PoolsOptions) or not isinstance(arena, Battlefield):
        return None
    if opts.weak_cover_hides or arena.light == "dark" or arena.obscured:
        return None  # someone could be unseen: the blind die is not restated
    if not all(type(c) is Soldier for c in base.combatants):
        return None
    soldiers = cast(tuple[Soldier, ...], base.combatants)
    if not all(_modelled(s, base) for s in soldiers):
        return None
    if point.state is not None and not _modelled_turns(point.state):
        return None
    return _Compiled(point, soldiers, opts, arena)


def _modelled(s: Soldier, state: EncounterState) -> bool:
    """Nothing of stealth, traps, triggers or mounts; only the holds the rules make."""
    if (
        s.hidden_from
        or s.unnoticed_by
        or s.ambush_edge
        or s.traps
        or s.trigger is not None
        or s.riding is not None
        or s.ridden_by is not None
        or s.status not in _STATUS
    ):
        return False
    ids = [w.id for w in s.weapons]
    if len(set(ids)) != len(ids):
        return False  # a weapon is found by its id: two alike would need the engine's choice
    for c in s.conditions:
        if c.name in HOLDS:
            holder = state.find(c.source) if c.source is not None else None
            if holder is None or _holding_of(cast(Soldier, holder)) != s.id:
                return False
        elif c.name == HOLDING:
            held = state.find(c.detail) if isinstance(c.detail, str) else None
            if held is None or not any(
                h.name in HOLDS and h.source == s.id for h in held.conditions
            ):
                return False
        else:
            return False
    return True


def _holding_of(s: Soldier) -> str | None:
    grip = s.condition(HOLDING)
    return None if grip is None or not isinstance(grip.detail, str) else grip.detail


def _modelled_turns(state: EncounterState) -> bool:
    """A fork in plain initiative rounds: the order every round plays, nobody unknown."""
    turns = state.turns
    if not isinstance(turns, InitiativeTurns) or turns.next_round is not None:
        return False
    known = all(state.find(cid) is not None for cid in turns.order)
    return known and turns.round >= 1 and bool(turns.order) and turns.this_round == turns.order


class _Compiled:
    """One fork read once: the sheets compiled, the starting numbers laid out in lists."""

    def __init__(
        self,
        point: ForkPoint,
        soldiers: tuple[Soldier, ...],
        opts: PoolsOptions,
        arena: Battlefield,
    ) -> None:
        self.opts = opts
        n = len(soldiers)
        self.ids = [s.id for s in soldiers]
        self.where = where = {s.id: i for i, s in enumerate(soldiers)}
        sides = list(dict.fromkeys(s.side for s in soldiers))
        self.side_names = sides
        self.side = [sides.index(s.side) for s in soldiers]
        by_id = sorted(range(n), key=lambda i: soldiers[i].id)
        self.id_rank = [0] * n
        for place, i in enumerate(by_id):
            self.id_rank[i] = place
        self.strength = [s.strength for s in soldiers]
        self.dexterity = [s.dexterity for s in soldiers]
        self.intelligence = [s.intelligence for s in soldiers]
        self.speed = [s.speed for s in soldiers]
        self.hands = [s.hands for s in soldiers]
        self.limbs = [sum(1 for limb in s.limbs if limb.manipulates) for s in soldiers]
        self.flyer = [FLIGHT in s.perks for s in soldiers]
        self.proof = [PROOF.get(s.armor.category, 0) for s in soldiers]
        self.reduction = [s.armor.reduction for s in soldiers]
        self.max_hp = [s.max_hp for s in soldiers]
        hp = [s.hp for s in soldiers]
        status = [_STATUS[s.status] for s in soldiers]
        distance = [s.distance for s in soldiers]
        altitude = [s.altitude for s in soldiers]
        self.in_cover = [s.in_cover for s in soldiers]
        self.acted = [s.acted for s in soldiers]
        free_round = [s.free_attack_round for s in soldiers]
        fall_speed = [-1 if s.fall_speed is None else s.fall_speed for s in soldiers]
        self.weapons = [[_Arm(w) for w in s.weapons] for s in soldiers]
        self.cover = {c.distance: COVER_DICE[c.rating] for c in arena.cover}
        held_by = [-1] * n
        hold = [NOT_HELD] * n
        holding = [-1] * n
        for i, s in enumerate(soldiers):
            for c in s.conditions:
                if c.name in HOLDS and c.source is not None:
                    held_by[i] = where[c.source]
                    hold[i] = _HOLD[c.name]
                    holding[where[c.source]] = i
        state = point.state
        self.started = state is not None
        self.fixed_order = point.order is not None
        if state is not None:
            turns = cast(InitiativeTurns, state.turns)
            order = [where[c] for c in turns.order]
            self.round = turns.round
            self.index = turns.index
            self.outcome = state.outcome
        else:
            order = [where[c] for c in point.order] if point.order is not None else []
            self.round = 0
            self.index = 0
            self.outcome = None

        self.shot_values: dict[tuple[int, _Arm, int, int, int], float] = {}
        """tactics._shot_value by shooter, gun, foe, gap and the foe's cover dice: all it
        reads that a fight changes."""
        self.numbers: tuple[list[int], ...] = (hp, status, distance, altitude, free_round)
        self.numbers += (fall_speed, held_by, hold, holding, order)
        """What a fight changes, in the order `_Fight` unpacks it."""

    def __call__(self, dice: Dice, max_rounds: int) -> FastTrial | None:
        return _Fight(self, dice.rng.randint).play(max_rounds)


class _Handback(Exception):
    """The fight reached what the fast path does not model: the engine plays it instead."""


class _Fight:
    """One trial's numbers, changed in place; each method names the rule it restates."""

    def __init__(self, c: _Compiled, randint: RandInt) -> None:
        self.c = c
        self.r = randint
        o = c.opts
        self.face = o.success_on
        self.chance = (7 - o.success_on) / 6  # tactics._chance
        self.tie = o.tie
        self.side = c.side
        self.strength = c.strength
        self.proof = c.proof
        self.reduction = c.reduction
        self.cover = c.cover
        self.flyer = c.flyer
        # what a fight changes, each list copied from the fork's
        (
            self.hp,
            self.status,
            self.distance,
            self.altitude,
            self.free_round,
            self.fall_speed,
            self.held_by,
            self.hold,
            self.holding,
            self.order,
        ) = [list(numbers) for numbers in c.numbers]
        self.in_cover, self.acted = c.in_cover[:], c.acted[:]
        self.weapons = c.weapons[:]  # each one's list is replaced, never changed in place
        self.place = [0] * len(self.hp)
        """Each one's place in the initiative order (enemies_at_zero and friendly fire)."""
        self.round = c.round
        self.index = c.index
        self.outcome = c.outcome
        n = len(self.hp)
        self.dealt = [0] * n
        self.taken = [0] * n
        self.actor = -1
        """Whose action is being resolved (-1 while a turn ends: that deals nothing)."""
        self.summed = o.range_measure == "sum"
        self.grips = sum(1 for h in self.holding if h >= 0)
        """Holds in the fight: `after_action` looks at them only when there are any."""
        self.fell = True
        """Someone stopped standing since the last outcome check (at first: whoever the
        fork left aloft and down has not been looked at yet)."""
        self.everyone = range(n)

    # -- the simulator's loop (sim/trial.play) ------------------------------------------

    def play(self, max_rounds: int) -> FastTrial | None:
        """The loop of sim/trial.play, a turn at a time: one action (the tactics have no
        wish once it is spent), then the end of the turn; `after_action` and the outcome
        check after each, as `BaseRuleset.resolve` runs them."""
        try:
            if not self.c.started:
                self.start()
                self.taken = [0] * len(self.hp)  # the loop counts from the first action on
            else:
                self.ranked()
            status = self.status
            while self.round <= max_rounds and self.outcome is None:
                n = self.order[self.index]
                if not self.acted[n] and status[n] == ACTIVE:
                    choice = self.choose(n)
                    if choice is not _END:
                        self.actor = n
                        self.act(n, choice)
                        self.acted[n] = True
                        self.after_action()
                        if self.outcome is not None:
                            break
                self.actor = -1
                self.end_turn(n)
                self.after_action()
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
        """Initiative (rules/initiative.py), then round 1 and its first turn."""
        if not self.c.fixed_order:
            self.order = self.rank()
        self.ranked()
        self.round = 1
        self.start_turn(0, skipped=0)
        self.check_outcome()

    def ranked(self) -> None:
        for place, n in enumerate(self.order):
            self.place[n] = place

    def rank(self) -> list[int]:
        """rules/initiative.py through `core.initiative.rank` itself: Dexterity first, then
        each tied group rolls its Dexterity pools in listing order."""
        dexterity, where = self.c.dexterity, self.c.where

        def key(cid: str, depth: int) -> tuple[int, ...]:
            n = where[cid]
            return (dexterity[n],) if depth == 0 else (self.pool(dexterity[n]),)

        return [where[cid] for cid in rank(self.c.ids, key)]

    def start_turn(self, index: int, skipped: int) -> None:
        """InitiativeRounds._start_turn with Pools.on_turn_start: a faller drops, and those
        out of the fight are skipped."""
        while True:
            self.index = index
            n = self.order[index]
            self.acted[n] = False  # Pools.apply(TurnStarted)
            if self.fall_speed[n] >= 0:
                self.drop(n)
            if self.status[n] == ACTIVE:
                return
            skipped += 1
            if skipped >= 3 * len(self.order):
                raise _Handback  # the engine's stalemate stop
            index += 1
            if index >= len(self.order):
                self.round += 1
                index = 0

    def end_turn(self, n: int) -> None:
        index = self.index + 1
        if index >= len(self.order):
            self.round += 1
            index = 0
        self.start_turn(index, skipped=0)

    def after_action(self) -> None:
        """Pools.after_action (falls, then holds loosened), then the outcome check."""
        if self.outcome is not None:
            return
        if self.fell:
            self.start_falls()
        holding = self.holding
        status, distance, altitude = self.status, self.distance, self.altitude
        for me in self.everyone if self.grips else ():  # grappling.loosen
            them = holding[me]
            if them < 0:
                continue
            if (
                status[me] != ACTIVE
                or (status[them] != ACTIVE and self.hold[them] != SHIELD)
                or distance[me] != distance[them]
                or altitude[me] != altitude[them]
            ):
                self.release(me, them)
        if self.fell:
            self.fell = False
            self.check_outcome()

    def check_outcome(self) -> None:
        """BaseRuleset.outcome: one side standing wins; nobody standing is a draw. Looks
        no further than the first one standing of a second side."""
        if self.outcome is not None:
            return
        side = self.side
        first = -1
        for n, s in enumerate(self.status):
            if s == ACTIVE:
                if first < 0:
                    first = side[n]
                elif side[n] != first:
                    return
        self.outcome = f"{self.c.side_names[first]} won" if first >= 0 else "draw"

    # -- flight (rules/flight.py) --------------------------------------------------------

    def start_falls(self) -> None:
        """flight.start_falls: whoever is aloft and cannot stay up begins to fall."""
        for n in self.everyone:
            if self.altitude[n] == 0 or self.fall_speed[n] >= 0:
                continue
            if not (self.status[n] == ACTIVE and self.flyer[n]):
                self.fall_speed[n] = 0

    def drop(self, n: int) -> None:
        """flight.on_turn_start: the faller drops its falling speed and lands for speed x 3."""
        speed = self.fall_speed[n] + 1
        altitude = max(0, self.altitude[n] - speed)
        self.fall_speed[n] = speed
        self.altitude[n] = altitude
        if altitude:
            return
        self.fall_speed[n] = -1
        impact = speed if self.c.opts.fall_speed_mode == "falling" else self.c.speed[n]
        self.deal(n, impact * 3)

    # -- harm (rules/harm.py, rules/armor.py) --------------------------------------------

    def deal(self, n: int, amount: int) -> None:
        """harm.deal and settle, counted as the simulator counts losses (sim/trial.py)."""
        if amount <= 0:
            return
        hp = self.hp[n] - amount
        self.hp[n] = hp
        self.taken[n] += amount
        actor = self.actor
        if actor >= 0 and self.side[actor] != self.side[n]:
            self.dealt[actor] += amount
        status = self.status[n]
        if status == DEAD:
            return
        death = self.c.opts.death
        if (death == "below_zero" and hp < 0) or (
            death == "negative_max" and hp <= -self.c.max_hp[n]
        ):
            self.status[n] = DEAD
            self.fell = True
        elif hp <= 0 and status == ACTIVE:
            self.status[n] = UNCONSCIOUS
            self.fell = True

    def per_hit(self, damage: int, pierce: int, melee: bool, n: int) -> int:
        """armor.per_hit's amount on `n`: 0 through an immunity, else at least 1."""
        proof = self.proof[n]
        if proof and (melee or pierce < proof):
            return 0
        return max(1, damage - self.reduction[n])

    def hurts(self, arm: _Arm, n: int) -> bool:
        """tactics._hurts: whether a hit of `arm` deals anything to `n`."""
        proof = self.proof[n]
        return not proof or (not arm.melee and arm.pierce >= proof)

    # -- pools and contests (rules/dice.py, rules/contest.py) ----------------------------

    def pool(self, dice: int) -> int:
        """dice.pool: `dice` d6 (at least one), each at the success face a success."""
        r, face = self.r, self.face
        hits = 0
        for _ in range(dice if dice > 1 else 1):
            if r(1, 6) >= face:
                hits += 1
        return hits

    def contest(self, mine_dice: int, theirs_dice: int, rolls: int = 1) -> bool:
        """contest.contest: True when the initiator wins."""
        tie = self.tie
        pool = self.pool
        mine = theirs = 0
        for attempt in range(MAX_REROLLS + 1):
            mine = pool(mine_dice) if rolls == 1 else min(pool(mine_dice), pool(mine_dice))
            theirs = pool(theirs_dice)
            if mine != theirs or tie != "reroll" or attempt == MAX_REROLLS:
                break
        return mine > theirs or (mine == theirs and tie == "attacker")

    def holder_pool(self, holder: int, other: int) -> int:
        """grappling.holder_pool: Strength plus the difference (P14)."""
        strength = self.strength
        gap = strength[holder] - strength[other]
        if self.c.opts.grapple_bonus == "positive" and gap < 0:
            gap = 0
        return strength[holder] + gap

    # -- hands (rules/hands.py) ----------------------------------------------------------

    def best_melee(self, n: int) -> _Arm:
        """Soldier.melee_weapon: the hardest-hitting melee weapon carried, else bare hands."""
        best = None
        for arm in self.weapons[n]:
            if arm.melee and (best is None or arm.damage > best.damage):
                best = arm
        return _BARE if best is None else best

    def members(self, n: int) -> int:
        """hands.manipulators with the busy hand of a human shield."""
        held = self.holding[n]
        busy = 1 if held >= 0 and self.hold[held] == SHIELD else 0
        return max(0, self.c.hands[n] - busy) + self.c.limbs[n]

    def usable_melee(self, n: int) -> _Arm:
        """hands.usable_melee: the best melee weapon the free members can use."""
        have = self.members(n)
        best = None
        for arm in self.weapons[n]:
            if arm.melee and arm.hands <= have and (best is None or arm.damage > best.damage):
                best = arm
        return _BARE if best is None else best

    # -- places (rules/common.py) --------------------------------------------------------

    def apart(self, a: int, b: int) -> int:
        along = abs(self.distance[a] - self.distance[b])
        up = abs(self.altitude[a] - self.altitude[b])
        if self.c.opts.range_measure == "sum":
            return along + up
        return along if along > up else up

    def at_zero(self, n: int) -> list[int]:
        """common.enemies_at_zero: standing enemies at `n`'s place, in initiative order."""
        side, status, distance, altitude = self.side, self.status, self.distance, self.altitude
        here, up, mine = distance[n], altitude[n], side[n]
        found = [
            m
            for m in self.everyone
            if status[m] == ACTIVE and side[m] != mine and distance[m] == here and altitude[m] == up
        ]
        if len(found) > 1:
            found.sort(key=self.place.__getitem__)
        return found

    def cover_dice(self, n: int) -> int:
        """common.cover_rating's dice: the cover of its distance, in it and on the ground."""
        if not self.in_cover[n] or self.altitude[n]:
            return 0
        return self.cover.get(self.distance[n], 0)

    # -- the tactics (pools/tactics.py: _wishes, then Ruleset.first_legal) ----------------

    def choose(self, n: int) -> Choice:
        """The first of the tactics' wishes that `verify` would accept, else ending the turn,
        for `n` standing with its action unspent."""
        status, side, hp, id_rank = self.status, self.side, self.hp, self.c.id_rank
        distance, altitude, in_cover, cover = (
            self.distance,
            self.altitude,
            self.in_cover,
            self.cover,
        )
        here, up, mine, summed = distance[n], altitude[n], side[n], self.summed
        ranked = []  # tactics._foes with each one's gap (common.apart) and its sort key
        close = []  # common.enemies_at_zero
        for m in self.everyone:
            if status[m] == ACTIVE and side[m] != mine:
                along = distance[m] - here
                if along < 0:
                    along = -along
                rise = altitude[m] - up
                if rise < 0:
                    rise = -rise
                ranked.append((along + rise if summed else max(along, rise), hp[m], id_rank[m], m))
                if not along and not rise:
                    close.append(m)
        if not ranked:
            return _END
        held_by = self.held_by
        if held_by[n] >= 0 or self.holding[n] >= 0:
            gripped = self.grip_wish(n)
            if gripped is not None:
                return gripped
        if close:
            if len(close) > 1:
                close.sort(key=self.place.__getitem__)
            blade = self.usable_melee(n)
            for foe in sorted(close, key=lambda f: (hp[f], id_rank[f])):
                if self.hurts(blade, foe):
                    return (ATTACK, foe, blade)
            if self.holding[n] >= 0:
                return _END
            for foe in close:
                if self.grapples(n, foe):
                    return (GRAPPLE, foe, None)
            if held_by[n] >= 0:
                return _END  # movement.verify_move: the held cannot move
            return (MOVE, here - 1 if here else 1, None)
        ranked.sort()  # nearest first, then the weakest, then by id
        foes = [f for _, _, _, f in ranked]
        best_value = 0.0
        best: tuple[int, _Arm] | None = None
        values = self.c.shot_values
        proof = self.proof
        for gun in self.weapons[n]:
            if gun.melee:
                continue
            pierce = gun.pierce
            for gap, _, _, foe in ranked:
                if proof[foe] > pierce:
                    continue  # tactics._hurts: immune to it
                rating = cover.get(distance[foe], 0) if in_cover[foe] and not altitude[foe] else 0
                key = (n, gun, foe, gap, rating)
                value = values.get(key)
                if value is None:
                    if len(values) >= SHOT_VALUES_KEPT:
                        values.clear()
                    value = values[key] = self.shot_value(n, foe, gun)
                if best is None or value > best_value:
                    best_value, best = value, (foe, gun)
        nearest = foes[0]
        here = self.distance[n]
        here_cover = here in self.cover
        grounded = self.altitude[n] == 0
        if best is None and not grounded and self.flyer[n]:
            raise _Handback  # tactics: fly down a step; flight is not restated
        can_shoot = best is not None and self.members(n) >= best[1].hands
        if best is not None and best_value >= GOOD_SHOT and can_shoot:
            return (SHOOT, best[0], best[1])
        if best is not None and not self.in_cover[n] and here_cover and grounded:
            return (TAKE_COVER, -1, None)
        there = self.distance[nearest]
        if there != here and (best is None or best_value < GOOD_SHOT) and held_by[n] < 0:
            ahead = here + (1 if there > here else -1)
            if self.worth_stepping(n, foes, ahead, best is not None):
                return (MOVE, ahead, None)
        if best is not None:
            return (SHOOT, best[0], best[1]) if can_shoot else _END
        if not self.in_cover[n] and here_cover and grounded:
            return (TAKE_COVER, -1, None)
        return _END

    def grip_wish(self, n: int) -> Choice | None:
        """tactics._grip_wishes, each wish checked as `verify` would."""
        holder = self.held_by[n]
        if holder >= 0:  # held: breaking free is the one grip wish, whatever it holds
            if self.hold[n] == PINNED or not self.hurts(self.best_melee(n), holder):
                return (BREAK_FREE, holder, None)
            return None
        held = self.holding[n]
        if held < 0:
            return None
        status, side = self.status, self.side
        if status[held] != ACTIVE or self.hurts(self.best_melee(n), held):
            return None
        mine, here = side[n], self.distance[n]
        friends = [f for f in self.everyone if status[f] == ACTIVE and side[f] == mine]
        if self.hold[held] != SHIELD and self.c.hands[n]:
            for f in self.everyone:
                if (
                    status[f] == ACTIVE
                    and side[f] != mine
                    and self.distance[f] != here
                    and self.shoots_it(f, n)
                ):
                    return (SHIELD_UP, held, None)
        carried = {arm.id for arm in self.weapons[n]}
        for arm in self.weapons[held]:
            if arm.id == UNARMED:
                continue  # disarm.verify refuses bare hands, taken or dropped
            if any(self.hurts(arm, f) for f in friends):
                return (TAKE if arm.id not in carried else DROP, held, arm)
        others = [f for f in friends if f != n]
        pinned = self.hold[held] == PINNED
        finishers = [f for f in others if self.shoots_it(f, held)]
        if finishers:
            if self.in_cover[held] and not pinned and self.held_by[n] < 0:
                taken = {self.distance[f] for f in finishers}
                for step in (here + 1, here - 1):
                    if step >= 0 and step not in taken:
                        return (DRAG, step, None)
            return (PIN, held, None) if not pinned else None
        if any(self.hurts(self.best_melee(f), held) for f in others):
            return (PIN, held, None) if not pinned else None
        return (DEVOUR, held, None)

    def shoots_it(self, n: int, foe: int) -> bool:
        """tactics._shoots_it."""
        return any(not arm.melee and self.hurts(arm, foe) for arm in self.weapons[n])

    def grapples(self, n: int, foe: int) -> bool:
        """tactics._grapples: worth grabbing when no blow hurts it and none of us is held."""
        if (
            self.hurts(self.usable_melee(n), foe)
            or self.holding[n] >= 0
            or self.held_by[n] >= 0
            or self.held_by[foe] >= 0
        ):
            return False
        if self.shoots_it(n, foe):
            status, side, mine = self.status, self.side, self.side[n]
            if any(
                status[f] == ACTIVE and side[f] == mine and f != n and not self.shoots_it(f, foe)
                for f in self.everyone
            ):
                return False
        return self.holder_pool(n, foe) >= max(1, self.strength[foe])

    def reaches(self, n: int, foe: int) -> bool:
        return self.hurts(self.usable_melee(n), foe) or self.grapples(n, foe)

    def worth_stepping(self, n: int, foes: list[int], ahead: int, shooting: bool) -> bool:
        """tactics._worth_stepping."""
        distance, altitude, up = self.distance, self.altitude, self.altitude[n]
        there = [f for f in foes if distance[f] == ahead and altitude[f] == up]
        if there and not any(self.reaches(n, f) for f in there):
            return False
        if not there and not shooting and not any(self.reaches(n, f) for f in foes):
            return False
        return not shooting or not self.in_cover[n] or ahead in self.cover

    def shot_value(self, n: int, foe: int, gun: _Arm) -> float:
        """tactics._shot_value: rough expected damage of every round into `foe`, in the very
        float operations the tactics make (their ties are broken by the first found)."""
        shots = gun.rof
        chance = self.chance
        mine = self.accuracy(n, foe, shots - 1) * chance
        rating = self.cover_dice(foe)
        theirs = rating * chance if rating else 0.0
        net = min(float(shots), max(0.05, mine - theirs))
        return net * self.per_hit(gun.damage, gun.pierce, False, foe)

    def accuracy(self, n: int, foe: int, extra: int) -> int:
        """shooting.accuracy."""
        gap = self.apart(n, foe)
        dice = self.c.dexterity[n] + extra - range_penalty(gap)
        dice -= view_penalty(self.c.intelligence[n], gap)
        return dice if dice > 1 else 1

    # -- resolving the chosen action (pools/rules) ----------------------------------------

    def act(self, n: int, choice: Choice) -> None:
        kind, target, arm = choice
        if kind == SHOOT:
            assert arm is not None
            self.shoot(n, target, arm)
        elif kind == MOVE:  # movement.resolve_move through travel.go
            if self.leave(n, (n,)):
                self.moved(n, target, into_cover=True)
        elif kind == ATTACK:  # melee.resolve
            assert arm is not None
            self.strike(n, target, arm)
        elif kind == TAKE_COVER:
            self.in_cover[n] = True
        elif kind == GRAPPLE:  # grappling.resolve_grapple
            if self.contest(self.holder_pool(n, target), self.strength[target]):
                self.grip(n, target, GRAPPLED)
        elif kind == BREAK_FREE:  # grappling.resolve_break_free
            pinned = self.hold[n] == PINNED
            rolls = 2 if pinned else 1
            if self.contest(self.strength[n], self.holder_pool(target, n), rolls):
                self.release(target, n)
        elif kind == SHIELD_UP:  # holds.resolve_human_shield
            self.hold[target] = SHIELD
        elif kind == PIN:  # holds.resolve_pin
            self.hold[target] = PINNED
        elif kind in (TAKE, DROP):  # disarm.resolve
            assert arm is not None
            if self.contest(self.holder_pool(n, target), self.strength[target]):
                self.weapons[target] = [a for a in self.weapons[target] if a.id != arm.id]
                if kind == TAKE:
                    self.weapons[n] = [*self.weapons[n], arm]
        elif kind == DRAG:  # holds.resolve_drag through travel.go
            held = self.holding[n]
            if self.leave(n, (n, held)):
                self.moved(n, target, into_cover=True)
                self.moved(held, target, into_cover=False)
        elif kind == DEVOUR and self.contest(self.holder_pool(n, target), self.strength[target]):
            # holds.resolve_devour
            self.release(n, target)
            devoured = self.c.opts.devoured
            self.status[target] = DEAD if devoured == "dead" else UNCONSCIOUS
            self.fell = True

    def grip(self, holder: int, target: int, how: int) -> None:
        """events.Gripped: `holder` holds `target` (one hold each way at a time)."""
        self.held_by[target] = holder
        self.hold[target] = how
        self.holding[holder] = target
        self.grips += 1

    def release(self, holder: int, target: int) -> None:
        """events.Released: `target` no longer held, `holder` no longer holding."""
        self.held_by[target] = -1
        self.hold[target] = NOT_HELD
        self.holding[holder] = -1
        self.grips -= 1

    def moved(self, n: int, to: int, *, into_cover: bool) -> None:
        """events.Moved at the same altitude; a fall is not restated past the ground."""
        altitude = self.altitude[n]
        if self.fall_speed[n] >= 0:
            raise _Handback
        self.distance[n] = to
        self.in_cover[n] = into_cover and altitude == 0 and to in self.cover

    def leave(self, leaver: int, party: tuple[int, ...]) -> bool:
        """travel.leave: every free attack on `leaver` leaving distance 0 (P9); False when
        a blow put it out of the fight."""
        per_round = self.c.opts.free_attack == "per_round"
        status = self.status
        for enemy in self.at_zero(leaver):
            if self.hold[enemy] == PINNED:
                continue
            if per_round and self.free_round[enemy] == self.round:
                continue
            if enemy in party or status[enemy] != ACTIVE:
                continue
            arm = self.usable_melee(enemy)
            self.free_round[enemy] = self.round
            self.strike(enemy, leaver, arm)
            if status[leaver] != ACTIVE:
                return False
        return True

    def strike(self, attacker: int, defender: int, arm: _Arm) -> None:
        """melee.strike: the contest of Strength, then the blow on whoever takes it."""
        strength = self.strength
        if not self.contest(strength[attacker], strength[defender]):
            return
        victim = self.absorber(defender, attacker, arm)
        self.deal(victim, self.per_hit(arm.damage, arm.pierce, True, victim))

    def absorber(self, victim: int, attacker: int, arm: _Arm) -> int:
        """shield.absorber: a standing human shield takes an enemy's hits on its holder."""
        if self.side[attacker] == self.side[victim] or arm.bypasses:
            return victim
        body = self.holding[victim]
        if body < 0 or self.hold[body] != SHIELD:
            return victim
        if self.status[body] != ACTIVE or body == attacker:
            return victim
        return body

    def shoot(self, n: int, target: int, gun: _Arm) -> None:
        """shooting.resolve at one target with every round of the rate of fire."""
        shots = gun.rof
        successes = self.pool(self.accuracy(n, target, shots - 1))
        # shield.cover: the cover's dice, and a downed body that is (part of) it
        dice = self.cover_dice(target)
        body = self.holding[target]
        if body >= 0 and self.hold[body] == SHIELD and self.status[body] != ACTIVE:
            if self.c.opts.body_cover == "added":
                dice += BODY_DICE
            elif dice >= BODY_DICE:
                body = -1
            else:
                dice = BODY_DICE
        else:
            body = -1
        cover = self.pool_of(dice) if dice else 0
        net = successes - cover if successes > cover else 0
        struck = self.friendly_fire(n, target, net, shots)
        loads = gun.loads
        for k, aimed in enumerate(struck):
            self.shot_hits(n, gun, aimed, loads[k % len(loads)])
        if body >= 0 and net == 0 and successes:
            for k in range(min(successes, shots)):  # shield.saved_by_body
                self.shot_hits(n, gun, body, loads[k % len(loads)])
        if gun.thrown:  # events.ItemThrown
            self.weapons[n] = [a for a in self.weapons[n] if a.id != gun.id]

    def pool_of(self, dice: int) -> int:
        """dice.pool with no least die (a cover's pool)."""
        r, face = self.r, self.face
        hits = 0
        for _ in range(dice):
            if r(1, 6) >= face:
                hits += 1
        return hits

    def shot_hits(self, n: int, gun: _Arm, aimed: int, load: tuple[int, int]) -> None:
        """shooting._damage for one round."""
        victim = self.absorber(aimed, n, gun)
        self.deal(victim, self.per_hit(load[0], load[1], False, victim))

    def friendly_fire(self, n: int, target: int, net: int, shots: int) -> list[int]:
        """friendly.friendly_fire: who each hit is aimed at, the target or allies in its
        group (P6)."""
        status, side = self.status, self.side
        distance, altitude = self.distance, self.altitude
        here, up, mine = distance[target], altitude[target], side[n]
        allies: list[int] = []
        enemies = 0
        for m in self.everyone:
            if m != n and status[m] == ACTIVE and distance[m] == here and altitude[m] == up:
                if side[m] == mine:
                    allies.append(m)
                else:
                    enemies += 1
        if not allies or enemies >= 3 * len(allies):
            return [target] * min(net, shots)
        if net > len(allies):
            return [target] * min(net - len(allies), shots)
        allies.sort(key=self.place.__getitem__)
        opts = self.c.opts
        stray = net if net > 0 else (1 if opts.ff_zero_hits_ally else 0)
        stray = min(stray, shots)
        if opts.ff_spread == "first_ally":
            return [allies[0]] * stray
        return allies[:stray]
