"""What the tactics and the rules both read of a fight in progress: its lists, and the
small rules every action asks (armor, pools and contests, hands, places)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fracas.core.dice import RandInt
from fracas.rulesets.pools.fastpath.codes import ACTIVE, BARE, SHIELD, Arm
from fracas.rulesets.pools.rules.contest import MAX_REROLLS

if TYPE_CHECKING:
    from fracas.rulesets.pools.fastpath.compiled import Compiled


class Board:
    """One trial's numbers, changed in place; each method names the rule it restates."""

    def __init__(self, c: Compiled, randint: RandInt) -> None:
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

    # -- armor (rules/armor.py) ----------------------------------------------------------

    def per_hit(self, damage: int, pierce: int, melee: bool, n: int) -> int:
        """armor.per_hit's amount on `n`: 0 through an immunity, else at least 1."""
        proof = self.proof[n]
        if proof and (melee or pierce < proof):
            return 0
        return max(1, damage - self.reduction[n])

    def hurts(self, arm: Arm, n: int) -> bool:
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

    def best_melee(self, n: int) -> Arm:
        """Soldier.melee_weapon: the hardest-hitting melee weapon carried, else bare hands."""
        best = None
        for arm in self.weapons[n]:
            if arm.melee and (best is None or arm.damage > best.damage):
                best = arm
        return BARE if best is None else best

    def members(self, n: int) -> int:
        """hands.manipulators with the busy hand of a human shield."""
        held = self.holding[n]
        busy = 1 if held >= 0 and self.hold[held] == SHIELD else 0
        return max(0, self.c.hands[n] - busy) + self.c.limbs[n]

    def usable_melee(self, n: int) -> Arm:
        """hands.usable_melee: the best melee weapon the free members can use."""
        have = self.members(n)
        best = None
        for arm in self.weapons[n]:
            if arm.melee and arm.hands <= have and (best is None or arm.damage > best.damage):
                best = arm
        return BARE if best is None else best

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
