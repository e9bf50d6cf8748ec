"""One tiers fight played by the fast path: the simulator's loop, the turns, the tactics and
the exchange over plain lists (see the package's docstring)."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from fracas.core.dice import NextFace
from fracas.core.fastpath import FastTrial
from fracas.core.grid import Grid
from fracas.core.initiative import MAX_REROLLS as INITIATIVE_REROLLS
from fracas.rulesets.tiers.fastpath.crits import Bout, critical_failure, critical_hit
from fracas.rulesets.tiers.fastpath.sheets import (
    ACTIVE,
    ARMOR,
    ATTACK,
    BOW,
    DEAD,
    EDGES,
    ENDING,
    FACE,
    KEPT,
    MOVE,
    NAT_ARMOR,
    NATURAL,
    SHIELD,
    TURN_ACTIONS,
    UNARMED,
    UNCONSCIOUS,
    Choice,
    FighterSheet,
    Layout,
    gear_key,
)
from fracas.rulesets.tiers.rules.cover import hides
from fracas.rulesets.tiers.rules.crits import NATURAL_WEAPON_DAMAGE
from fracas.rulesets.tiers.rules.exchange import MAX_REROLLS as EXCHANGE_REROLLS
from fracas.rulesets.tiers.warrior import ACTIONS_PER_TURN, Tile

if TYPE_CHECKING:
    from fracas.rulesets.tiers.fastpath.compiled import Compiled


class Handback(Exception):
    """The fight reached what the fast path does not model: the engine plays it instead."""


class Fight:
    """One trial's numbers, changed in place; each method names the rule it restates."""

    __slots__ = (
        "actions",
        "actor",
        "armor",
        "c",
        "d20",
        "dealt",
        "facing",
        "facing_on",
        "fell",
        "gear",
        "hp",
        "index",
        "left",
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
        "up",
    )

    def __init__(self, c: Compiled, d20: NextFace) -> None:
        self.c = c
        self.o = c.o
        self.d20 = d20
        """The fight's next d20 face (`dice.face_stream`)."""
        self.sheets = c.sheets
        self.hp = c.hp[:]
        self.max_hp = c.max_hp
        self.status = c.status[:]
        self.pos = c.pos[:]
        self.facing = c.facing[:]
        self.facing_on = c.facing_on[:]
        n = len(self.hp)
        # the gear is the fork's own until a crit wears some (`lower` copies it then)
        self.tiers = c.tiers
        self.armor = c.armor
        self.natural_weapon = c.natural_weapon
        self.natural_armor = c.natural_armor
        self.shield = c.shield
        self.gear = c.gear
        self.lkey = c.lkey
        """The layout as one number (`Compiled.weight`), kept up as fighters move and
        fall: what the tactics' judgements are remembered by."""
        self.order: list[int] = []
        self.round = 0
        self.index = 0
        self.outcome: str | None = None
        self.actions = 0
        self.left = 2
        """What the turn still allows, as `choose` reads it: 2 a walk or the contested blow,
        1 a walk (the blow is spent), 0 nothing (both actions are spent)."""
        self.dealt = [0] * n
        self.taken = [0] * n
        self.actor = -1
        """Whose action is being resolved (-1 while a turn ends: that deals nothing)."""
        self.fell = False
        """Someone stopped standing since the last outcome check."""
        self.up = c.up[:]
        """How many stand on each side (`check_outcome`)."""

    # -- the simulator's loop (sim/trial.play) ------------------------------------------

    def play(self, max_rounds: int) -> FastTrial | None:
        """The loop of sim/trial.play, a turn at a time: the round only moves on when a turn
        ends, and the outcome only when someone fell."""
        try:
            self.start()
            choose, exchange, order = self.choose, self.exchange, self.order
            known, count = self.c.plans.get, self.c.count
            facing, facing_on = self.facing, self.facing_on
            while self.round <= max_rounds and self.outcome is None:
                n = order[self.index]
                self.actor = n
                steps = 0
                over = False
                while True:
                    # an untied situation's plan straight from `Compiled.plans`, else `choose`
                    plan = known((self.lkey * count + n) * 3 + self.left) or choose(n)
                    kind, foe, tile, number = plan
                    if kind == ATTACK:
                        self.actions += 1  # ActionSpent, contested: `left` says so
                        self.left = 0 if self.actions >= ACTIONS_PER_TURN else 1
                        exchange(n, foe, number)  # the gap to the foe
                        if self.fell:
                            self.fell = False
                            over = self.check_outcome()
                            if over:
                                break
                    elif kind == MOVE:  # movement.resolve_move, then keep_facings
                        self.actions += 1
                        if self.actions >= ACTIONS_PER_TURN:
                            self.left = 0
                        c = self.c
                        (x0, y0), (x1, y1) = self.pos[n], tile
                        self.lkey += ((x1 - x0) * c.height + y1 - y0) * c.weight[n]
                        self.pos[n] = tile
                        self.keep_facings(n)
                    else:
                        # a turn to face the foe, unless it is kept in front already
                        # (movement.resolve_face with a target: the plan holds the way to
                        # it, or -1 on its tile); the wishes then stand as they were, and
                        # now face the foe: end the turn
                        if kind == FACE and facing_on[n] != foe:
                            if number >= 0:
                                facing[n] = number
                            facing_on[n] = foe
                        break
                    steps += 1
                    if steps > TURN_ACTIONS:
                        return None
                if not over:
                    # InitiativeRounds.end_turn (no condition lapses: the fighters bear none;
                    # Tiers.on_round_end, blindness.end_round, has nothing to clear here)
                    self.actor = -1
                    index = self.index + 1
                    if index >= len(order):
                        self.round += 1
                        index = 0
                    if self.status[order[index]] == ACTIVE:
                        self.index = index  # start_turn for an active fighter
                        self.actions, self.left = 0, 2
                    else:
                        self.start_turn(index, skipped=0)
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
        """Initiative (rules/initiative.py, individually), round 1, the outcome check."""
        fixed = self.c.order
        self.order = fixed[:] if fixed is not None else self.rank()
        self.round = 1
        self.start_turn(0, skipped=0)
        self.outcome = self.c.opening  # the outcome check after the start

    def rank(self) -> list[int]:
        """initiative.roll_initiative, individually: everyone rolls 1d20 + Reflex in listing
        order, the highest first. Without a tie (most first rolls) the totals are simply
        sorted."""
        c, d20 = self.c, self.d20
        totals = [d20() + reflex for reflex in c.reflex]
        if len(set(totals)) == c.count:
            return sorted(range(c.count), key=totals.__getitem__, reverse=True)
        return self.rerolled(list(range(c.count)), totals, 0)

    def rerolled(self, group: list[int], totals: list[int], depth: int) -> list[int]:
        """core.initiative.rank over indices: `group` (in listing order) by its `totals`,
        highest first, each tie rolled again among the tied, group by group from the top,
        so the re-rolls draw the engine's faces in the engine's order."""
        d20, reflex = self.d20, self.c.reflex
        ordered: list[int] = []
        for total in sorted(set(totals), reverse=True):
            tied = [n for n, t in zip(group, totals, strict=True) if t == total]
            if len(tied) > 1 and depth < INITIATIVE_REROLLS:
                ordered += self.rerolled(tied, [d20() + reflex[n] for n in tied], depth + 1)
            else:
                ordered += tied
        return ordered

    def start_turn(self, index: int, skipped: int) -> None:
        """InitiativeRounds._start_turn: the turn's two actions again (Tiers.apply of
        TurnStarted), and those who cannot act skipped (turning.on_turn_start: see
        `exchange`)."""
        status, order = self.status, self.order
        while True:
            self.index = index
            self.actions, self.left = 0, 2
            if status[order[index]] == ACTIVE:
                return
            skipped += 1
            if skipped >= 3 * len(order):
                raise Handback  # the engine's stalemate stop: the outcome check comes first
            index += 1
            if index >= len(order):
                self.round += 1
                index = 0

    def check_outcome(self) -> bool:
        """BaseRuleset.outcome: one side standing wins; nobody standing is a draw.
        Answers whether the fight is over, for `play` to read instead of `self.outcome`: the
        loop's condition narrows that attribute to None for the type checker, which would
        call a later test of it unreachable, and the compiled build (fracas/compiled.py)
        would leave the test out."""
        if self.outcome is not None:
            return True
        standing = []
        for side, up in enumerate(self.up):
            if up:
                standing.append(side)
        if len(standing) > 1:
            return False
        names = self.c.side_names
        self.outcome = f"{names[standing[0]]} won" if standing else "draw"
        return True

    # -- geometry (rules/common.py) ------------------------------------------------------

    def direction(self, n: int, toward: int) -> int:
        """common.direction from `n` toward `toward`, as an index of FACINGS."""
        (x0, y0), (x1, y1) = self.pos[n], self.pos[toward]
        c = self.c
        return c.compass[(x1 - x0 + c.width) * c.span + y1 - y0 + c.height]

    def facing_of(self, n: int) -> int:
        """common.facing_of: a facing kept on someone points at them (unless on their tile)."""
        on = self.facing_on[n]
        if on >= 0 and self.pos[on] != self.pos[n]:
            return self.direction(n, on)
        return self.facing[n]

    def shield_against(self, n: int, attacker: int) -> int:
        """common.shield_against under `arc: center_line` for a one-tile defender:
        `Compiled.front` is arcs.ahead by facing and offset."""
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
        a walk toward the nearest, a turn to keep the nearest in front (which `play` makes
        only when that foe is not kept in front already: else the turn ends). These
        depend only on the layout, the foes' order and the actions left, so they are
        remembered per such situation (`Situation`), and where the foes' order follows from
        the layout alone (no two equally near) and no weapon may be taken up, also by one
        number in `Compiled.plans`, which `play` looks in first."""
        if self.status[n] != ACTIVE:
            return ENDING  # BaseRuleset.verify: only end_turn for the fallen
        c = self.c
        key = self.lkey * c.count + n
        situation = c.situations.get(key)
        if situation is None:
            if len(c.situations) >= KEPT:
                c.situations.clear()
            situation = c.situations[key] = Situation(self.sheets[n], self.layout(), c.id_rank)
        if situation.rearming and self.may_rearm(n):
            raise Handback  # tactics._rearm swaps a weapon in: not restated
        # what the turn still allows: nothing, a walk, or a walk and the contested blow
        left = self.left
        if situation.tied:
            near = situation.near
            hp = self.hp
            if len(near) == 2:  # the common case: two foes, equally near
                a, b = near
                # the weaker first; on equal HP the id's order, in which `near` stands
                swapped = hp[b[2]] < hp[a[2]]
                slot = 2 * left + swapped
                plan = situation.pair[slot]
                if plan is None:
                    foes = [b[2], a[2]] if swapped else [a[2], b[2]]
                    plan = situation.pair[slot] = self.plan(n, self.sheets[n], foes, left)
                return plan
            near = tuple(sorted(near, key=lambda g: (g[0], hp[g[2]], g[1])))
            order = (left, *[f for _, _, f in near])
            plan = situation.ordered.get(order)
            if plan is None:
                foes = [f for _, _, f in near]
                plan = situation.ordered[order] = self.plan(n, self.sheets[n], foes, left)
            return plan
        plan = situation.plans[left]
        if plan is None:
            foes = [f for _, _, f in situation.near]
            plan = situation.plans[left] = self.plan(n, self.sheets[n], foes, left)
        if not situation.rearming:
            if len(c.plans) >= KEPT:
                c.plans.clear()
            c.plans[key * 3 + left] = plan
        return plan

    def may_rearm(self, n: int) -> bool:
        """tactics._rearm's test: bare hands, and a carried weapon above the natural one."""
        natural = self.natural_weapon[n]
        return any(self.tiers[n][w] > natural for w in self.sheets[n].carried)

    def plan(
        self,
        n: int,
        sheet: FighterSheet,
        foes: list[int],
        left: int,
    ) -> Choice:
        """`choose` worked out: the blow at the first foe `may_strike` allows, else the walk
        `tactics._best_tile` finds toward the nearest, else the turn to face the nearest
        (made only when not already kept in front, which `choose` looks at each time)."""
        layout = self.layout()
        here = layout[n]
        assert here is not None
        if left == 2:
            for foe in foes:
                if self.may_strike(n, sheet, layout, here, foe):
                    there = layout[foe]
                    assert there is not None
                    gap = max(abs(here[0] - there[0]), abs(here[1] - there[1]))
                    return (ATTACK, foe, here, gap)
        if left:
            tile = self.walk(n, sheet, layout, here, foes[0])
            if tile is not None:
                return (MOVE, foes[0], tile, 0)
        there = layout[foes[0]]
        toward = -1 if there == here else self.direction(n, foes[0])
        return (FACE, foes[0], here, toward)

    def may_strike(self, n: int, sheet: FighterSheet, layout: Layout, here: Tile, foe: int) -> bool:
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
        return whole_view(board, here, there, others)

    def walk(
        self, n: int, sheet: FighterSheet, layout: Layout, here: Tile, foe: int
    ) -> Tile | None:
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

    def keep_facings(self, mover: int) -> None:
        """movement.keep_facings: a facing kept on someone turns as either of them moves.
        Only a shield reads a facing here (`shield_against`), so only the shielded are
        turned."""
        facing_on, pos = self.facing_on, self.pos
        for k in self.c.shielded:
            on = facing_on[k]
            if on >= 0 and (k == mover or on == mover) and pos[on] != pos[k]:
                self.facing[k] = self.direction(k, on)

    def exchange(self, n: int, foe: int, gap: int) -> None:
        """exchange.resolve for the tactics' attack (one arm, the picks of tactics._strike)
        at the foe `gap` tiles away. What does not change between crits (the answer, the
        picks, the bonuses, armor and Tiers) is read from a `Bout`, worked out once per
        attacker, defender, gap and gear."""
        d20, o, c = self.d20, self.o, self.c
        key = (n, foe, gap, self.gear[n], self.gear[foe])
        bout = c.bouts.get(key)
        if bout is None:
            if len(c.bouts) >= KEPT:
                c.bouts.clear()
            bout = c.bouts[key] = Bout(self, n, foe, gap)
        # the tactics strike only the standing (tactics._foes), so the defender rolls too:
        # no unconscious defender's 0 total, and `uncontested_crits` never comes into play
        attack_mod, defense_mod = bout.attack_mod, bout.defense_mod
        attack_face = d20()
        attack_total = attack_face + attack_mod
        defense_face = d20()
        defense_total = defense_face + defense_mod
        if attack_total == defense_total and o.tie == "reroll":
            for _ in range(EXCHANGE_REROLLS):
                attack_face = d20()
                attack_total = attack_face + attack_mod
                defense_face = d20()
                defense_total = defense_face + defense_mod
                if attack_total != defense_total:
                    break
        if attack_total > defense_total:
            difference = attack_total - defense_total
            winner = 1
        else:
            difference = defense_total - attack_total
            winner = -1 if difference or o.tie == "defender" else 0
            # turning.turn_to would face a winning defender toward its attacker until the
            # turn ends; here nothing reads it meanwhile (the attacker's one contested action
            # is spent, so no other blow of this turn meets the defender's shield), and at the
            # next turn's start it faces as declared again, or toward whom it keeps in front,
            # as movement.keep_facings would have turned it: the turn changes no fight.
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

    def lower(self, owner: int, target: int, armor: int) -> None:
        """crits._lower: a Tier off the item, or at a T0 natural weapon the 10 damage."""
        c = self.c  # each list is the fork's own until this fight wears something in it
        if target == NATURAL:
            if self.natural_weapon[owner] == 0:
                self.deal(owner, NATURAL_WEAPON_DAMAGE - armor)
                return
            if self.natural_weapon is c.natural_weapon:
                self.natural_weapon = c.natural_weapon[:]
            self.natural_weapon[owner] -= 1
        elif target == ARMOR:
            if self.armor is c.armor:
                self.armor = c.armor[:]
            self.armor[owner] -= 1
        elif target == NAT_ARMOR:
            if self.natural_armor is c.natural_armor:
                self.natural_armor = c.natural_armor[:]
            self.natural_armor[owner] -= 1
        elif target == SHIELD:
            if self.shield is c.shield:
                self.shield = c.shield[:]
            self.shield[owner] -= 1
        else:
            if self.tiers is c.tiers:
                self.tiers = c.tiers[:]
            if self.tiers[owner] is c.tiers[owner]:
                self.tiers[owner] = c.tiers[owner][:]
            self.tiers[owner][target] -= 1
        if self.gear is c.gear:
            self.gear = c.gear[:]
        step = (self.gear[owner], target)
        after = c.worn.get(step)
        if after is None:
            after = c.worn[step] = c.number_gear(
                gear_key(
                    self.armor,
                    self.natural_armor,
                    self.shield,
                    self.natural_weapon,
                    self.tiers,
                    owner,
                )
            )
        self.gear[owner] = after

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
        c = self.c
        if hp <= c.dead_at[n]:  # harm.is_dead
            self.status[n] = DEAD
        elif hp <= 0 and status == ACTIVE:
            self.status[n] = UNCONSCIOUS
        else:
            return
        if status == ACTIVE:  # it stood till now: it leaves the layout and its side
            self.fell = True
            x, y = self.pos[n]
            self.lkey -= (x * c.height + y + 1) * c.weight[n]
            self.up[c.sheets[n].side] -= 1


class Situation:
    """One fighter's view of one layout: its standing foes as tactics._foes orders them by
    gap, then id, as (gap, id rank, foe), and `tied` when two stand equally near (their HP
    then orders them first, `Fight.choose`); and the tactics' plan for each number of
    actions left (`Fight.plan`), by the order of the foes when tied (`pair` for two foes
    equally near: by actions left and whether the second is the weaker). With no foe
    standing the tactics wish nothing (every plan ends the turn), not even to rearm."""

    __slots__ = ("near", "ordered", "pair", "plans", "rearming", "tied")

    def __init__(self, sheet: FighterSheet, layout: Layout, id_rank: list[int]) -> None:
        here = layout[sheet.index]
        assert here is not None
        self.near = tuple(
            sorted(
                (max(abs(here[0] - t[0]), abs(here[1] - t[1])), id_rank[f], f)
                for f in sheet.foes
                if (t := layout[f]) is not None
            )
        )
        self.tied = any(a[0] == b[0] for a, b in pairwise(self.near))
        self.plans: list[Choice | None] = [None, None, None] if self.near else [ENDING] * 3
        self.ordered: dict[tuple[int, ...], Choice] = {}
        self.pair: list[Choice | None] = [None] * 6
        self.rearming = bool(self.near and sheet.carried)


def whole_view(board: Grid, eye: Tile, aim: Tile, others: frozenset[Tile]) -> bool:
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
