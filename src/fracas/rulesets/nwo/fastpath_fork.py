"""The nwo fast path's reading of a fork: each fighter's numbers laid out in lists, its
weapons as plain attributes, and the map's answers for every pair of fighters' tiles, read
once per fork so that a trial (`fastpath_fight.Fight`) copies lists and reads numbers.
See nwo/fastpath.py for what the fast path models and why."""

from __future__ import annotations

from typing import cast

from fracas.core.fastpath import ForkPoint
from fracas.core.grid import Grid
from fracas.core.state import EncounterState, Status
from fracas.core.turns import InitiativeTurns
from fracas.rulesets.nwo.catalog import UNARMED, Weapon, catalog
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules import initiative
from fracas.rulesets.nwo.rules.attack import strength_bonus
from fracas.rulesets.nwo.rules.common import BLADE_ADVANTAGE

ACTIVE, UNCONSCIOUS, DEAD = 0, 1, 2
STATUSES = {Status.ACTIVE: ACTIVE, Status.UNCONSCIOUS: UNCONSCIOUS, Status.DEAD: DEAD}

Strike = tuple[int, int]
"""A strike the tactics chose: the foe and the weapon's place in the fighter's hands; or,
with `RELOAD` for the foe, a reload of the gun at that place; `BRACE`, a brace."""

RELOAD = -2
BRACE = -3
"""With BRACE for the foe, a brace (the weapon's place unused)."""

HANDED_BACK_EFFECTS = frozenset({"spear_grapple"})
"""Crit effects that act only once a crit has landed (`crits._perform` after the damage):
a fork whose arsenals hold them is played until such a crit lands, then handed back
(`Fight.crit_effect`), as most fights see few. Any other effect (the flamethrower's area and
canister, the machine gun's, the bolt's turn-start checks, the lever's next-round edge)
changes more than its crit, so its fork is left to the engine."""


def half(value: int) -> int:
    """common.half under the default `halves: down`."""
    return value // 2


def melee_modifier(who: Operative, weapon: Weapon) -> int:
    """attack.melee_modifier."""
    skill = who.nimble if weapon.id == UNARMED else who.melee
    return half(skill) + strength_bonus(who.strength)


class Arm:
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
        "magazine",
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
        self.magazine = weapon.magazine
        self.range = weapon.range
        self.reach = weapon.reach
        self.slot = 1 << slot


class Arms:
    """What a fighter holds, read once (nobody draws, drops or swaps here)."""

    __slots__ = (
        "braces",
        "guard",
        "guard_crit",
        "holds_melee",
        "reach",
        "reload_order",
        "shoots",
        "swing",
        "wielded",
    )

    def __init__(self, who: Operative) -> None:
        hand = who.in_hand  # in the arsenal's order, as the rules read it
        wielded = [cast(Weapon, who.weapon(w)) for w in who.wielded]  # the tactics' order
        self.wielded = [Arm(w, slot) for slot, w in enumerate(wielded)]
        melee = [w for w in hand if not w.is_ranged]
        guard = melee[0] if melee else catalog()[UNARMED]  # attack.defending_weapon
        self.guard = melee_modifier(who, guard)
        self.guard_crit = guard.crit
        self.holds_melee = who.holds_melee
        self.braces = any(not w.is_ranged and w.id != UNARMED for w in hand)
        """posture.verify_brace: a melee weapon (not bare hands) in hand."""
        self.shoots = any(w.is_ranged for w in hand)
        self.reach = who.reach
        self.reload_order = [
            who.wielded.index(w.id)
            for w in hand
            if w.magazine is not None and who.rounds(w.id) is not None
        ]
        """The guns `tactics._reloads` would reload, in its (the arsenal's) order, by their
        place in `wielded` (arms.verify_reload: a magazine, and rounds counted)."""
        self.swing = [
            0 if w.is_ranged else melee_modifier(who, w) for w in wielded
        ]  # attack.melee_modifier per weapon in hand


class Compiled:
    """One fork read once: the fighters' numbers laid out in lists, the map's answers for
    every pair of tiles (nobody moves here, so each pair is asked about once per fork)."""

    def __init__(
        self, point: ForkPoint, state: EncounterState, people: tuple[Operative, ...]
    ) -> None:
        self.board = cast(Grid, state.arena)
        self.ids = [p.id for p in people]
        where = {cid: n for n, cid in enumerate(self.ids)}
        sides = list(dict.fromkeys(p.side for p in people))
        self.side_names = sides
        self.side = [sides.index(p.side) for p in people]
        self.arms = [Arms(p) for p in people]
        self.aiming = [half(p.aiming) for p in people]  # attack.ranged_modifier, unmoved
        self.tile = [p.tile for p in people]
        self.max_hp = [p.max_hp for p in people]
        self.hp = [p.hp for p in people]
        self.ahp = [p.ahp for p in people]
        self.status = [STATUSES[p.status] for p in people]
        self.ammo = [dict(p.ammo) for p in people]
        self.dry = [
            sum(arm.slot for arm in a.wielded if p.rounds(arm.id) == 0)
            for a, p in zip(self.arms, people, strict=True)
        ]
        self.choices: dict[tuple[int | bool, ...], Strike | None] = {}
        """The tactics' answers by situation (see `Fight.choose`)."""
        self.dashing = [p.dashing for p in people]
        self.spent = [p.movement_spent for p in people]
        self.blade = [_blade_count(p) for p in people]
        self.initiative = [initiative.bonus(p) for p in people]
        self.started = point.state is not None
        if point.state is not None:
            turns = cast(InitiativeTurns, state.turns)
            self.order = [where[c] for c in turns.order]
            self.round = turns.round
            self.index = turns.index
            current = people[self.order[self.index]]
            self.turn = (current.acted, current.shot)
        else:  # each trial starts the fight as Ruleset.start does
            self.order = [where[c] for c in point.order] if point.order is not None else []
            self.round = 0
            self.index = 0
            self.turn = (False, False)
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


def _blade_count(who: Operative) -> int:
    condition = who.condition(BLADE_ADVANTAGE)
    return 0 if condition is None else condition.count
