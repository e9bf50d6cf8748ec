"""One fight played by the fast path: the simulator's loop, turns, harm, and each action's
rules (pools/rules) over the board's lists."""

from __future__ import annotations

from fracas.core.fastpath import FastTrial
from fracas.core.initiative import rank
from fracas.rulesets.pools.fastpath.codes import (
    ACTIVE,
    ATTACK,
    BREAK_FREE,
    DEAD,
    DEVOUR,
    DRAG,
    DROP,
    END,
    FLY,
    GRAPPLE,
    GRAPPLED,
    MOVE,
    NOT_HELD,
    PIN,
    PINNED,
    SHIELD,
    SHIELD_UP,
    SHOOT,
    TAKE,
    TAKE_COVER,
    UNCONSCIOUS,
    Arm,
    Choice,
    Handback,
)
from fracas.rulesets.pools.fastpath.tactics import Tactics
from fracas.rulesets.pools.rules.shield import BODY_DICE


class Fight(Tactics):
    """A whole trial, from the fork to its end."""

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
                    if choice[0] != END:  # `ENDING`, the only choice of its kind
                        self.actor = n
                        self.act(n, choice)
                        self.acted[n] = True
                        if self.after_action():
                            break
                self.actor = -1
                self.end_turn(n)
                self.after_action()
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
                raise Handback  # the engine's stalemate stop
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

    def after_action(self) -> bool:
        """Pools.after_action (falls, then holds loosened), then the outcome check; answers
        whether the fight is over (`check_outcome`)."""
        if self.outcome is not None:
            return True
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
            return self.check_outcome()
        return False

    def check_outcome(self) -> bool:
        """BaseRuleset.outcome: one side standing wins; nobody standing is a draw. Looks
        no further than the first one standing of a second side. Answers whether the fight
        is over, for `play` to read instead of `self.outcome`: the loop's condition narrows
        that attribute to None for the type checker, which would call a later test of it
        unreachable, and the compiled build (fracas/compiled.py) would leave the test out."""
        if self.outcome is not None:
            return True
        side = self.side
        first = -1
        for n, s in enumerate(self.status):
            if s == ACTIVE:
                if first < 0:
                    first = side[n]
                elif side[n] != first:
                    return False
        self.outcome = f"{self.c.side_names[first]} won" if first >= 0 else "draw"
        return True

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

    # -- harm (rules/harm.py) ------------------------------------------------------------

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

    # -- resolving the chosen action (pools/rules) ----------------------------------------

    def act(self, n: int, choice: Choice) -> None:
        kind, target, arm = choice
        if kind == SHOOT:
            assert arm is not None
            self.shoot(n, target, arm)
        elif kind == MOVE:  # movement.resolve_move through travel.go
            if self.leave(n, (n,)):
                self.moved(n, target, self.altitude[n], into_cover=True)
        elif kind == FLY:  # flight.resolve through travel.go: up or down where it is
            if self.leave(n, (n,)):
                self.moved(n, self.distance[n], target, into_cover=True)
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
                up = self.altitude[n]
                self.moved(n, target, up, into_cover=True)
                self.moved(held, target, up, into_cover=False)
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

    def moved(self, n: int, to: int, altitude: int, *, into_cover: bool) -> None:
        """travel.go for one body: a fall ends (events.FallEnded), then events.Moved. The
        check after the action looks at the air again, as `flight.start_falls` does."""
        if self.fall_speed[n] >= 0:
            self.fall_speed[n] = -1
            self.fell = True  # not a fall of status: it makes after_action look up
        self.distance[n] = to
        self.altitude[n] = altitude
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

    def strike(self, attacker: int, defender: int, arm: Arm) -> None:
        """melee.strike: the contest of Strength, then the blow on whoever takes it."""
        strength = self.strength
        if not self.contest(strength[attacker], strength[defender]):
            return
        victim = self.absorber(defender, attacker, arm)
        self.deal(victim, self.per_hit(arm.damage, arm.pierce, True, victim))

    def absorber(self, victim: int, attacker: int, arm: Arm) -> int:
        """shield.absorber: a standing human shield takes an enemy's hits on its holder."""
        if self.side[attacker] == self.side[victim] or arm.bypasses:
            return victim
        body = self.holding[victim]
        if body < 0 or self.hold[body] != SHIELD:
            return victim
        if self.status[body] != ACTIVE or body == attacker:
            return victim
        return body

    def shoot(self, n: int, target: int, gun: Arm) -> None:
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

    def shot_hits(self, n: int, gun: Arm, aimed: int, load: tuple[int, int]) -> None:
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
