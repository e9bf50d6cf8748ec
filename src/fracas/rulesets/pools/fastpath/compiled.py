"""Reading a fork once: what `fast_path` declines, and the sheets laid out in lists."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from fracas.core.dice import Dice
from fracas.core.fastpath import FastPath, FastTrial, ForkPoint
from fracas.core.state import EncounterState, Status
from fracas.core.turns import InitiativeTurns
from fracas.rulesets.pools.events import HOLDING, HOLDS
from fracas.rulesets.pools.fastpath.codes import (
    ACTIVE,
    DEAD,
    GRAPPLED,
    NOT_HELD,
    PINNED,
    PROOF,
    SHIELD,
    UNCONSCIOUS,
    Arm,
)
from fracas.rulesets.pools.fastpath.fight import Fight
from fracas.rulesets.pools.options import PoolsOptions
from fracas.rulesets.pools.rules.flight import FLIGHT
from fracas.rulesets.pools.sheet import COVER_DICE, Battlefield
from fracas.rulesets.pools.soldier import Soldier

_STATUS = {Status.ACTIVE: ACTIVE, Status.UNCONSCIOUS: UNCONSCIOUS, Status.DEAD: DEAD}
_HOLD = {"grappled": GRAPPLED, "pinned": PINNED, "human_shield": SHIELD}


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
    return Compiled(point, soldiers, opts, arena)


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


class Compiled:
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
        sides = list(dict.fromkeys([s.side for s in soldiers]))
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
        self.weapons = [[Arm(w) for w in s.weapons] for s in soldiers]
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

        self.shot_values: dict[tuple[int, Arm, int, int, int], float] = {}
        """tactics._shot_value by shooter, gun, foe, gap and the foe's cover dice: all it
        reads that a fight changes."""
        self.numbers: tuple[list[int], ...] = (hp, status, distance, altitude, free_round)
        self.numbers += (fall_speed, held_by, hold, holding, order)
        """What a fight changes, in the order `Fight` unpacks it."""

    def __call__(self, dice: Dice, max_rounds: int) -> FastTrial | None:
        return Fight(self, dice.rng.randint).play(max_rounds)
