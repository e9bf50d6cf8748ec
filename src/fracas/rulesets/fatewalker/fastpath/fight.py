"""One fatewalker fast-path fight: the tick timeline, the tactics' strike and reaction, and
harm, over lists indexed like the set-up's combatants (see the package's docstring)."""

from __future__ import annotations

from fracas.core.dice import RandInt
from fracas.core.fastpath import FastTrial
from fracas.core.ticks import IDLE_LIMIT, SPAN
from fracas.rulesets.fatewalker.fastpath.compiled import DODGE, Arm, Profile, Readings
from fracas.rulesets.fatewalker.fastpath.fork import Resume
from fracas.rulesets.fatewalker.rules import initiative, roll
from fracas.rulesets.fatewalker.rules.damage import DamagePool
from fracas.rulesets.fatewalker.rules.defence import PARRY_THREAT
from fracas.rulesets.fatewalker.rules.strike import DODGE_THREAT, DODGE_WAIT, UNARMED_STRIKE

ACTIVE, UNCONSCIOUS, DEAD = 0, 1, 2


class Fight:
    """One trial's moving parts, in lists indexed like the set-up's combatants."""

    __slots__ = (
        "bleeds_at",
        "dealt",
        "declared",
        "distances",
        "energy",
        "hp",
        "mortal",
        "n",
        "next_tick",
        "normal",
        "outcome",
        "queue",
        "randint",
        "reaches",
        "reacted",
        "rules",
        "sheets",
        "side_names",
        "since",
        "standing",
        "status",
        "stun",
        "temporary",
        "tick",
        "will_spent",
    )

    def __init__(
        self,
        sheets: list[Profile],
        rules: Readings,
        distances: list[list[float]],
        reaches: list[list[float]],
        side_names: tuple[str, ...],
        randint: RandInt,
    ) -> None:
        self.sheets = sheets
        self.rules = rules
        self.distances = distances
        self.reaches = reaches
        self.side_names = side_names
        self.randint = randint
        n = self.n = len(sheets)
        self.status = [ACTIVE] * n
        self.temporary = [s.start_marks[0] for s in sheets]
        self.normal = [s.start_marks[1] for s in sheets]
        self.stun = [s.start_marks[2] for s in sheets]
        self.mortal = [s.start_marks[3] for s in sheets]
        self.will_spent = [s.will_spent for s in sheets]
        self.energy = [s.energy for s in sheets]
        self.bleeds_at: list[int | None] = [None] * n
        self.since: list[int | None] = [None] * n
        self.reacted: list[tuple[int, tuple[int, ...]] | None] = [None] * n
        self.next_tick = [0] * n
        self.hp = [s.capacity - sum(s.start_marks) for s in sheets]
        self.dealt = [0] * n
        self.standing = self.hp[:]
        """Each one's HP before the action or after its last wound in it, which a wound's
        loss is counted from (sim/trial.py, `_Losses`)."""
        self.outcome = self._outcome()
        self.tick = 0
        self.queue: list[list[int]] = []
        self.declared: list[tuple[int, int, Arm]] = []
        """Declarations of the playing group: (actor, target, weapon)."""

    # -- the sim loop (sim/trial.py, `play`) ------------------------------------------------

    def play(self, max_rounds: int, start: Resume | None) -> FastTrial | None:
        """The engine's loop from the set-up (initiative rolled now) or from `start`."""
        if start is None:
            self._start()
        else:
            self._resume(start)
        n = self.n
        dealt = self.dealt
        taken = [0] * n
        end = "round limit"
        outcome = self.outcome  # Ruleset.start checks it too
        hp = self.hp
        while (self.tick + SPAN - 1) // SPAN <= max_rounds:
            if outcome is not None:
                end = "outcome"
                break
            actor = self._current()
            if actor is None:
                break
            before = hp[:]
            self.standing = hp[:]
            if self.status[actor] != ACTIVE:
                # one down and still asked may only end its turn (BaseRuleset.verify):
                # ticks.TickTimeline.submit, EndTurn; a group's start passes its downed,
                # so the fights played here do not reach it
                playing = self.queue[0]
                self._finish(actor)
                self._settle(playing)
            else:
                choice = self._choose(actor)
                if choice is None:
                    return None  # it would move or strike bare-handed: the engine plays it
                self._submit(actor, choice[0], choice[1])
            outcome = self.outcome
            if before != hp:  # a wound credits its dealer itself (`_wound`)
                for i in range(n):
                    lost = before[i] - hp[i]
                    if lost > 0:
                        taken[i] += lost
        else:
            if outcome is not None:
                end = "outcome"
        return FastTrial(
            end=end,
            outcome=outcome,
            round=(self.tick + SPAN - 1) // SPAN,
            hp=tuple(hp),
            standing=tuple(s == ACTIVE for s in self.status),
            dealt=tuple(dealt),
            taken=tuple(taken),
            tick=self.tick,
        )

    def _fall(self, i: int, status: int) -> None:
        """A status changed: the outcome is read again (it changes only then)."""
        self.status[i] = status
        self.outcome = self._outcome()

    def _outcome(self) -> str | None:
        """BaseRuleset.outcome: the one side still standing wins; nobody standing, a draw."""
        standing = {self.side_names[i] for i in range(self.n) if self.status[i] == ACTIVE}
        if len(standing) > 1:
            return None
        return f"{standing.pop()} won" if standing else "draw"

    # -- the timeline (core/ticks.py) -------------------------------------------------------

    def _start(self) -> None:
        """initiative.roll_initiative, then the timeline's `begin`."""
        rules = self.rules
        for i, sheet in enumerate(self.sheets):
            if sheet.start_tick is not None:
                self.next_tick[i] = sheet.start_tick
                continue
            full, wounded, tn = self._pool(i, self.sheets[i].awareness, initiative.TN, 0, 10)
            successes = self._roll(full, wounded, tn)
            penalty = rules.surprise.get(self.side_names[i], 0)
            self.next_tick[i] = max(1, initiative.BASE + penalty - successes)
        self._next()

    def _resume(self, start: Resume) -> None:
        """The clock and the fight's marks as the scripted part left them."""
        self.tick = start.tick
        self.next_tick = list(start.next_ticks)
        self.queue = [list(group) for group in start.queue]
        self.declared = [
            (actor, target, self.sheets[actor].arm_by_id[weapon])
            for actor, target, weapon in start.declared
        ]
        self.status = list(start.status)
        self.bleeds_at = list(start.bleeds_at)
        self.since = list(start.since)
        self.reacted = list(start.reacted)
        self.outcome = self._outcome()

    def _current(self) -> int | None:
        if not self.queue:
            return None
        if not self.declared:
            return self.queue[0][0]
        said = [d[0] for d in self.declared]
        return next((who for who in self.queue[0] if who not in said), None)

    def _next(self) -> None:
        idle = 0
        next_tick = self.next_tick
        while self.outcome is None:
            if self.queue:
                if self._start_group():
                    return
                continue
            now = self.tick
            later = [t for t in next_tick if t > now]
            later += [t for t in self._alarms() if t > now]
            if not later or idle >= IDLE_LIMIT:
                return
            tick = min(later)
            idle = idle + 1 if tick not in next_tick else 0
            due = [i for i in range(self.n) if next_tick[i] == tick]
            self.tick = tick
            if len(due) > 1:  # ticks._groups: by Awareness, highest first
                ranks = sorted({self.sheets[i].awareness for i in due}, reverse=True)
                self.queue = [[i for i in due if self.sheets[i].awareness == r] for r in ranks]
            else:
                self.queue = [due] if due else []
            self.declared = []
            self._on_tick(tick)

    def _start_group(self) -> bool:
        able = False
        for who in list(self.queue[0]):
            if self.next_tick[who] != self.tick:
                continue
            if self.status[who] == ACTIVE:
                able = True
                continue
            self._turn_ended(who)  # TurnSkipped, TickTurnEnded
        return able

    def _turn_ended(self, who: int) -> None:
        self._leave_queue(who)
        self.declared = [d for d in self.declared if d[0] != who]

    def _leave_queue(self, who: int) -> None:
        if not any(who in group for group in self.queue):
            return
        groups = [[m for m in group if m != who] for group in self.queue]
        self.queue = [group for group in groups if group]

    def _spend(self, who: int, cost: int) -> None:
        """TickTimeline.spend and TicksSpent."""
        now = self.tick
        tick = max(self.next_tick[who] or now, now) + cost
        self.next_tick[who] = tick
        if tick > now:
            self._leave_queue(who)

    def _finish(self, who: int) -> None:
        if self.next_tick[who] <= self.tick and self.status[who] == ACTIVE:
            self._spend(who, 1)  # waiting
        self._turn_ended(who)

    def _submit(self, actor: int, target: int, arm: Arm) -> None:
        playing = self.queue[0]
        if len(playing) > 1:  # simultaneous: declare (no holds, so no answers)
            self.declared.append((actor, target, arm))
        else:
            self._strike(actor, target, arm)
            self._finish(actor)
        self._settle(playing)

    def _settle(self, playing: list[int]) -> None:
        """Resolve what waits on nobody, then move the clock on: to the next tick, or to
        the next group at this one once `playing` is done (ticks.TickTimeline._settle)."""
        if self.declared and self._current() is None:
            self._resolve_declared()
        if self.outcome is not None:
            return
        queue = self.queue
        if self._current() is None or (queue and not set(queue[0]) & set(playing)):
            self._next()

    def _resolve_declared(self) -> None:
        """Checked against the state first (the declarer up, its target up and in reach),
        then all resolved in declaring order, whatever the others did."""
        declared = self.declared
        going = [
            d
            for d in declared
            if self.status[d[0]] == ACTIVE
            and self.status[d[1]] == ACTIVE
            and self.reaches[d[0]][d[1]] <= d[2].reach
        ]
        for actor, target, arm in going:
            self._strike(actor, target, arm)
        for said in declared:
            self._finish(said[0])

    # -- what the clock brings (rules/lasting.py) -------------------------------------------

    def _alarms(self) -> list[int]:
        now = self.tick
        due: list[int] = []
        fade = self.rules.fade
        for i in range(self.n):
            if self.status[i] == DEAD:
                continue
            bleeds = self.bleeds_at[i]
            if bleeds is not None:
                due.append(bleeds)
            since = self.since[i]
            if fade and since is not None:
                due.append(since + fade)
            if self._recharging(i):
                due.append((now // SPAN + 1) * SPAN)
        return due

    def _recharging(self, i: int) -> bool:
        sheet = self.sheets[i]
        return sheet.recharge > 0 and self.energy[i] < sheet.reserve

    def _on_tick(self, tick: int) -> None:
        living = [i for i in range(self.n) if self.status[i] != DEAD]
        for i in living:
            if self.bleeds_at[i] == tick:
                self._wound(i, 1, None, stun=False, tough=False)
                if self.status[i] != DEAD:
                    self.bleeds_at[i] = tick + self.sheets[i].bleed_every
        fade = self.rules.fade
        for i in range(self.n):
            if self.status[i] == DEAD:
                continue
            since = self.since[i]
            if fade and since is not None and since + fade == tick:
                self.temporary[i] = 0
                self.since[i] = None
                self.hp[i] = (
                    self.sheets[i].capacity - self.normal[i] - self.stun[i] - self.mortal[i]
                )
            if tick % SPAN == 0 and self._recharging(i):
                sheet = self.sheets[i]
                self.energy[i] = min(sheet.reserve, self.energy[i] + sheet.recharge)

    # -- the tactics (tactics.py) -----------------------------------------------------------

    def _choose(self, actor: int) -> tuple[int, Arm] | None:
        """The first strike `tactics.suggest` finds legal: foes nearest first, then fewest
        boxes left; weapons biggest pool first. None where the tactics would do anything
        else (strike bare-handed, move closer)."""
        side = self.sheets[actor].side
        distances = self.distances[actor]
        foes = sorted(
            (
                (distances[i], self.hp[i], i)
                for i in range(self.n)
                if self.status[i] == ACTIVE and self.sheets[i].side != side
            ),
        )
        reaches = self.reaches[actor]
        for _, _, foe in foes:
            for arm in self.sheets[actor].arms:
                if reaches[foe] <= arm.reach:
                    return foe, arm
            if reaches[foe] <= UNARMED_STRIKE.reach:
                return None
        return None

    # -- rolls (rules/roll.py) --------------------------------------------------------------

    def _penalty(self, i: int) -> int:
        """Walker.wound_penalty without powers."""
        sheet = self.sheets[i]
        started = -(-(self.normal[i] + self.stun[i]) // sheet.column)
        return started * sheet.per_column + self.mortal[i]

    def _pool(self, i: int, dice: int, tn: int, bonus: int, cap: int) -> tuple[int, int, int]:
        """roll.pool: (full dice, wounded dice, TN)."""
        count = max(0, dice + bonus)
        target = max(0, min(tn, cap))
        wounds = self._penalty(i)
        if wounds <= count:
            return count - wounds, wounds, target
        return 0, count - min(count, wounds - count), target

    def _roll(self, full: int, wounded: int, tn: int) -> int:
        randint = self.randint
        hits = self.rules.succeeds[tn]
        successes = 0
        for _ in range(full):
            successes += hits[randint(1, 10)]
        if wounded:
            hurt = self.rules.succeeds[tn // 2]
            for _ in range(wounded):
                successes += hurt[randint(1, 10)]
        return successes

    def _damage(self, groups: tuple[tuple[int, int], ...], tn: int) -> tuple[int, int]:
        """harm.rolled: (normal points, penetrating points), higher-valued dice first."""
        randint = self.randint
        hits = self.rules.succeeds[tn]
        reads = self.rules.reads
        normal = penetrating = 0
        for count, value in groups:
            for _ in range(count):
                face = randint(1, 10)
                if hits[face]:
                    if reads[face] == 0:
                        penetrating += value
                    else:
                        normal += value
        return normal, penetrating

    # -- a strike and its reaction (rules/strike.py, rules/defence.py) ---------------------

    def _strike(self, actor: int, target: int, arm: Arm) -> None:
        rules = self.rules
        me = self.sheets[actor]
        them = self.sheets[target]
        full, wounded, tn = self._pool(actor, me.prowess, me.weaponry, arm.size_bonus, rules.cap)
        successes = self._roll(full, wounded, tn)
        reaction = self._reaction(actor, target, (full * tn + wounded * (tn // 2)) / 10)
        cancels = 0
        ties = False
        stop = False
        if reaction:
            group = self._group_now()
            if actor in group and target not in group:
                self.reacted[target] = (self.tick, group)
            if reaction == 1:  # parry
                full, wounded, tn = self._pool(target, them.prowess, them.weaponry, 0, rules.cap)
                caught = self._roll(full, wounded, tn)
                self._spend(target, them.parry_arm.parry_cost)
                stop = caught >= roll.HIT
                cancels = caught if rules.parry_cancels else 0
            else:  # dodge
                bonus = them.dodge_bonus
                full, wounded, tn = self._pool(target, them.prowess, them.agility, bonus, rules.cap)
                cancels = self._roll(full, wounded, tn)
                self._spend(target, DODGE.ticks or 1)
                ties = rules.dodge_ties
        net = successes - cancels
        if successes >= roll.HIT and (net > 0 if ties else net >= 0):
            promoted = max(0, net - roll.HIT) if rules.net_minus_two else net
            shift = promoted - them.deflection[arm.kind]
            pool = arm.shifted.get(shift)
            if pool is None:
                pool = arm.shifted[shift] = arm.pool.shifted(shift)
            cancelled = 0
            if stop:
                parried = them.parry_arm.pool
                normal, penetrating = self._damage(parried.groups, parried.tn)
                cancelled = normal + penetrating
            self._deal(target, pool, arm.stun, cancelled, actor)
        self._spend(actor, arm.cost)

    def _group_now(self) -> tuple[int, ...]:
        """defence.group_now: the declaring group, else the simultaneous playing group."""
        if len(self.declared) > 1:
            return tuple(d[0] for d in self.declared)
        return tuple(self.queue[0]) if self.queue and len(self.queue[0]) > 1 else ()

    def _reaction(self, actor: int, target: int, threat: float) -> int:
        """strike.default_reaction: 0 none, 1 parry, 2 dodge."""
        if self.status[target] != ACTIVE:
            return 0
        group = self._group_now()
        if actor in group and target in group:
            return 0
        done = self.reacted[target]
        if done is not None and done[0] == self.tick and actor in done[1]:
            return 0
        them = self.sheets[target]
        choice = 2
        if threat >= PARRY_THREAT and them.can_parry:
            full, wounded, tn = self._pool(target, them.prowess, them.weaponry, 0, self.rules.cap)
            if (full * tn + wounded * (tn // 2)) / 10 >= roll.HIT:
                choice = 1
        if choice == 2:
            waiting = (self.next_tick[target] or self.tick) - self.tick
            if waiting > DODGE_WAIT or threat < DODGE_THREAT:
                return 0
        return choice

    # -- harm (rules/harm.py, rules/shields.py, rules/wounds.py) ---------------------------

    def _deal(self, target: int, pool: DamagePool, stun: bool, cancelled: int, by: int) -> None:
        rules = self.rules
        them = self.sheets[target]
        groups = pool.groups
        if them.reserve >= 0 and groups and pool.maximum >= them.min_activation:
            energy = self.energy[target]
            limit = min(them.max_absorb, energy // 2 if rules.half_energy else energy)
            kept: list[tuple[int, int]] = []
            for count, value in groups:  # shields.removal
                taken = min(count, limit // value)
                limit -= taken * value
                energy -= taken * value
                if count - taken:
                    kept.append((count - taken, value))
            self.energy[target] = energy
            groups = tuple(kept)
        normal, penetrating = self._damage(groups, pool.tn)
        absorb = them.absorb
        if rules.cancel_first:
            taken_off = min(cancelled, normal)
            through = max(0, penetrating - (cancelled - taken_off))
            absorbed = min(absorb, normal - taken_off)
            total = through + normal - taken_off - absorbed
        else:
            total = max(0, penetrating + normal - min(absorb, normal) - cancelled)
        self._wound(target, total, by, stun=stun, tough=True)

    def _wound(self, i: int, amount: int, by: int | None, *, stun: bool, tough: bool) -> None:
        """wounds.wound: Tough's Will first, then the chart, death, bleeding, consciousness;
        the HP it takes is credited to `by` (`Wounded.dealt_by`) when a foe of `i`."""
        if amount <= 0:
            return
        sheet = self.sheets[i]
        before = (self.temporary[i], self.normal[i], self.stun[i], self.mortal[i])
        if tough:
            amount -= self._spend_will(i, amount, before, stun)
            if amount <= 0:
                return
        temporary, normal, stunned, mortal = mark(sheet, before, amount, stun)
        self.temporary[i], self.normal[i], self.stun[i], self.mortal[i] = after = (
            temporary,
            normal,
            stunned,
            mortal,
        )
        self.hp[i] = left = sheet.capacity - temporary - normal - stunned - mortal
        lost = self.standing[i] - left
        self.standing[i] = left
        if by is not None and lost > 0 and self.sheets[by].side != sheet.side:
            self.dealt[by] += lost
        if temporary > 0 and self.since[i] is None:
            self.since[i] = self.tick
        if mortal >= sheet.chart_mortal:
            self._fall(i, DEAD)
            return
        if mortal > before[3] and self.bleeds_at[i] is None:
            self.bleeds_at[i] = self.tick + sheet.bleed_every
        if stun and 2 * (after[1] + after[2]) >= sheet.cells:
            self._consciousness(i)

    def _spend_will(
        self, i: int, amount: int, before: tuple[int, int, int, int], stun: bool
    ) -> int:
        sheet = self.sheets[i]
        left = max(0, sheet.will - self.will_spent[i])
        if sheet.spend_will == "never" or left == 0:
            return 0
        most = min(left, amount)
        spent = most
        for ignored in range(most + 1):
            after = mark(sheet, before, amount - ignored, stun)
            if sheet.spend_will == "mortal":
                spared = after[3] == before[3]
            else:
                spared = after[1:] == before[1:]
            if spared:
                spent = ignored
                break
        self.will_spent[i] += spent
        return spent

    def _consciousness(self, i: int) -> None:
        if self.status[i] != ACTIVE:
            return
        sheet = self.sheets[i]
        full, wounded, tn = self._pool(i, sheet.prowess, sheet.resilience_skill, 0, self.rules.cap)
        if self._roll(full, wounded, tn) < self.rules.consciousness:
            self._fall(i, UNCONSCIOUS)


def mark(
    sheet: Profile, before: tuple[int, int, int, int], amount: int, stun: bool
) -> tuple[int, int, int, int]:
    """wounds.mark: (temporary, normal, stun, mortal) after `amount` points from one source."""
    temporary, normal, stunned, mortal = before
    if amount <= 0:
        return before
    into = min(amount, max(0, sheet.chart_temporary - temporary), sheet.resilience)
    temporary += into
    points = amount - into
    cells = sheet.cells
    if not stun:
        half = False
        while points > 0 and stunned > 0:  # each point re-marks 2 stun as normal
            turned = min(2, stunned)
            stunned -= turned
            normal += turned
            half = turned == 1
            points -= 1
        placed = min(points, cells - normal - stunned)
        normal += placed
        mortal += points - placed
        points = 1 if half else 0
    if points:  # wounds._stun
        placed = min(points, cells - normal - stunned)
        stunned += placed
        points -= placed
        converted = min(points, stunned)
        stunned -= converted
        normal += converted
        mortal += points - converted
    return temporary, normal, stunned, min(mortal, sheet.chart_mortal)
