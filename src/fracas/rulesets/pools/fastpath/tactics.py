"""pools/tactics.py over the fast path's lists: each wish checked as `verify` would."""

from __future__ import annotations

from fracas.rulesets.pools.fastpath.board import Board
from fracas.rulesets.pools.fastpath.codes import (
    ACTIVE,
    ATTACK,
    BREAK_FREE,
    DEVOUR,
    DRAG,
    DROP,
    ENDING,
    FLY,
    GRAPPLE,
    MOVE,
    PIN,
    PINNED,
    SHIELD,
    SHIELD_UP,
    SHOOT,
    SHOT_VALUES_KEPT,
    TAKE,
    TAKE_COVER,
    Arm,
    Choice,
)
from fracas.rulesets.pools.rules.sight import range_penalty, view_penalty
from fracas.rulesets.pools.sheet import UNARMED
from fracas.rulesets.pools.tactics import GOOD_SHOT


class Tactics(Board):
    """The tactics' choice for whoever's turn it is."""

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
                gap = along + rise if summed else along if along > rise else rise
                ranked.append((gap, hp[m], id_rank[m], m))
                if not along and not rise:
                    close.append(m)
        if not ranked:
            return ENDING
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
                return ENDING
            for foe in close:
                if self.grapples(n, foe):
                    return (GRAPPLE, foe, None)
            if held_by[n] >= 0:
                return ENDING  # movement.verify_move: the held cannot move
            return (MOVE, here - 1 if here else 1, None)
        ranked.sort()  # nearest first, then the weakest, then by id
        foes = [f for _, _, _, f in ranked]
        best_value = 0.0
        best: tuple[int, Arm] | None = None
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
            return (FLY, self.altitude[n] - 1, None)  # nothing to hit from up here: descend
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
            return (SHOOT, best[0], best[1]) if can_shoot else ENDING
        if not self.in_cover[n] and here_cover and grounded:
            return (TAKE_COVER, -1, None)
        return ENDING

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

    def shot_value(self, n: int, foe: int, gun: Arm) -> float:
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
