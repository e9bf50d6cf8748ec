"""One trial of the nwo fast path: the fight's numbers changed in place, each method naming
the rule or tactic it restates. See nwo/fastpath.py for what is modelled and why."""

from __future__ import annotations

from fracas.core.dice import RandInt
from fracas.core.fastpath import FastTrial
from fracas.core.initiative import rank
from fracas.rulesets.nwo.appraisal import beats
from fracas.rulesets.nwo.fastpath_fork import (
    ACTIVE,
    BRACE,
    DEAD,
    HANDED_BACK_EFFECTS,
    RELOAD,
    UNCONSCIOUS,
    Arm,
    Compiled,
    Strike,
)
from fracas.rulesets.nwo.options import NwoOptions
from fracas.rulesets.nwo.rules.arms import RELOAD_DC
from fracas.rulesets.nwo.rules.attack import COVER_BONUS, RANGED_DEFENSE_CRIT
from fracas.rulesets.nwo.rules.crits import SPLASH_DAMAGE, SPLASH_TARGETS
from fracas.rulesets.nwo.tactics import GOOD_CHANCE, HURT_SHARE

TURN_ACTIONS = 20
"""Actions in one turn past which the fight is handed back (the tactics take two at most:
a strike, then the end of the turn; the engine's own stall check judges anything more)."""

MAX_CRIT_CHAIN = NwoOptions().max_crit_chain
"""The default `max_crit_chain` (the only options modelled are the defaults)."""

HANDED_BACK: Strike = (-1, -1)
"""What a situation comes to when its wish is not modelled (kept like any other answer)."""

CHOICES_KEPT = 200_000
"""Decisions remembered per fork before the memory starts over (a few tens of megabytes)."""


class Handback(Exception):
    """The fight reached what the fast path does not model: the engine plays it instead."""


class Fight:
    """One trial's numbers, changed in place; each method names the rule it restates."""

    def __init__(self, c: Compiled, randint: RandInt) -> None:
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

    # -- the simulator's loop (sim/trial.play) --------------------------------------------

    def play(self, max_rounds: int) -> FastTrial | None:
        try:
            if not self.c.started:
                self.start()
            order = self.order
            while self.round <= max_rounds and self.outcome is None:
                n = order[self.index]
                self.actor = n
                for _ in range(TURN_ACTIONS):
                    strike = self.choose(n)
                    if strike is None:
                        break
                    if strike[0] == RELOAD:
                        self.reload(n, strike[1])
                        continue
                    if strike[0] == BRACE:
                        self.acted = True  # posture.resolve_brace: the action, and BRACED
                        self.braced[n] = True
                        continue
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
        except Handback:
            return None
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
        r = self.r

        def key(cid: str, depth: int) -> tuple[int, ...]:
            n = where[cid]
            return (r(1, 6) + r(1, 6) + bonus[n], bonus[n])

        return [where[cid] for cid in rank(ids, key)]

    def end_turn(self, n: int) -> None:
        self.lapse(n)
        self.start_turn(self.index + 1)

    def start_turn(self, index: int) -> None:
        """InitiativeRounds._start_turn and _advance from `index`, skipping those who
        cannot act."""
        order = self.order
        skipped = 0
        while True:
            if index >= len(order):  # no end-of-round rule or condition is modelled
                self.round += 1
                index = 0
            m = order[index]
            self.index = index
            self.acted = self.shot = False  # TURN_RESET
            self.dashing[m] = self.spent[m] = False
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

    def braces(self, n: int) -> bool:
        """The tactics' brace (a hurt fighter, engaged, backed by an unhurt friend: the
        caller has checked the engagement and the strike), as posture.verify_brace allows
        it; refused, the tactics' next wish (no step, being engaged) is the strike."""
        if not self.c.arms[n].braces or not self.hurt(n):
            return False
        status, side = self.status, self.c.side
        return any(
            m != n and status[m] == ACTIVE and side[m] == side[n] and not self.hurt(m)
            for m in range(len(status))
        )

    def hurt(self, n: int) -> bool:
        return self.ahp[n] == 0 and self.hp[n] * HURT_SHARE <= self.c.max_hp[n]

    def choose(self, n: int) -> Strike | None:
        """`decide`, kept per situation: the answer follows from who decides, the turn's
        flags, its empty guns and everyone's HP, armor hitpoints, status and dash (all
        else `decide` reads is fixed for the fork), and fights meet the same situations
        over and over, so a known one costs a key and a look-up. A stunned fighter only
        ends its turn (Nwo.verify refuses it every other action)."""
        if self.stunned[n]:
            return None
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
            except Handback:
                choice = HANDED_BACK
            choices[key] = choice
        if choice is HANDED_BACK:
            raise Handback
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
            raise Handback  # a step to cover or toward the foes
        best = self.best_strike(n, foes, engaged)
        if best is None:
            for w in c.arms[n].reload_order:  # tactics._reloads, the first wish now
                if self.dry[n] & c.arms[n].wielded[w].slot:
                    return (RELOAD, w)
            if engaged and self.braces(n):
                return (BRACE, 0)
            raise Handback  # draws, bare hands, dashes and walks
        chance, strike = best
        if engaged and chance < GOOD_CHANCE and self.braces(n):
            return (BRACE, 0)
        if chance < GOOD_CHANCE and not engaged and mobile:
            raise Handback  # a better tile, weighed by _strike_after_moving
        if not self.may_strike(n, strike[0], c.arms[n].wielded[strike[1]], engaged):
            raise Handback  # attack.verify refuses it: the wishes after it are not modelled
        return strike

    def best_strike(self, n: int, foes: list[int], engaged: bool) -> tuple[float, Strike] | None:
        """tactics._best_strike from where `n` stands, with the weapons in hand: the options
        best bound first (`_options`), each weighed by `appraisal.hit_chance`."""
        c = self.c
        arms = c.arms
        mine = arms[n]
        hp, ahp = self.hp, self.ahp
        options: list[tuple[float, int, int, Arm, int]] = []
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

    def hit_chance(self, n: int, foe: int, w: int, weapon: Arm, engaged: bool) -> float:
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

    def may_strike(self, n: int, target: int, weapon: Arm, engaged: bool) -> bool:
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

    # -- reloading (rules/arms.py) ---------------------------------------------------------

    def reload(self, n: int, w: int) -> None:
        """arms.resolve_reload under the default options: a check of half Aiming against
        DC 10 on a plain panel (no modelled condition gives it an edge). A pass fills the
        magazine and keeps the action; a failure spends action and movement, and fills it
        only if the turn was still whole (nobody has moved here: movement not yet spent)."""
        weapon = self.c.arms[n].wielded[w]
        r = self.r
        passed = r(1, 6) + r(1, 6) + self.c.aiming[n] >= RELOAD_DC
        if not passed:
            whole = not self.spent[n]
            self.acted = True
            self.spent[n] = True
            if not whole:
                return
        assert weapon.magazine is not None
        self.ammo[n][weapon.id] = weapon.magazine
        for arm in self.c.arms[n].wielded:  # AmmoSet: the rounds are counted per weapon id
            if arm.id == weapon.id:
                self.dry[n] &= ~arm.slot

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

    def strike(self, n: int, target: int, weapon: Arm, w: int, chain: int) -> None:
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

    def defend(self, n: int, target: int, weapon: Arm, total: int, attack_crit: bool) -> str:
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
        lost = hp - left
        if lost > 0:
            self.taken[target] += lost
            actor = self.actor
            side = self.c.side
            if actor >= 0 and side[actor] != side[target]:
                self.dealt[actor] += lost

    def crit_effect(self, n: int, target: int, weapon: Arm, w: int, chain: int) -> None:
        """crits.apply for the modelled effects (no flamethrower is held: no canister; a
        suppression has no reader before it lapses, see MODELLED_EFFECTS); an effect only
        handed back ends the fast path here."""
        effect = weapon.effect
        if effect in HANDED_BACK_EFFECTS:
            raise Handback
        if effect == "splash_adjacent":
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
            self.strike(n, target, weapon, w, chain + 1)

    def splash(self, n: int, target: int) -> None:
        """crits._splash with no targets named (the tactics name none): the two living
        (`_bystanders`) next to the target nearest the shooter, ties in listing order, take
        4 damage each, armor first, no defense."""
        c = self.c
        status, tile, gap = self.status, c.tile, c.gap[n]
        x, y = tile[target]
        nearby = [
            m
            for m in range(len(status))
            if m != n
            and m != target
            and status[m] != DEAD
            and tile[m] != (x, y)
            and max(abs(tile[m][0] - x), abs(tile[m][1] - y)) == 1
        ]
        nearby.sort(key=gap.__getitem__)
        for m in nearby[:SPLASH_TARGETS]:
            self.deal(m, SPLASH_DAMAGE)

    def may_strike_again(self, n: int, target: int, weapon: Arm) -> bool:
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
