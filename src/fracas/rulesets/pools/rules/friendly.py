"""Shooting into a group that holds allies (seed 004, friendly fire).

"If there are allies in the same distance as your enemy, and you are shooting them from 1
distance away or beyond, you need 1 additional success for each ally within that group in
order to hit an enemy. If you do not have as many successes as you have allies in that spot,
you will shoot your ally instead, in order of initiative." "If there are 3× or more enemies
as you have allies in a distance, you have no chance of hitting your allies".

P6 (D6), on net successes n with A allies at the target's place: n > A hits the target
n − A times (up to the shots); 1 ≤ n ≤ A hits allies, one hit a success, one ally after
another in initiative order (`ff_spread: first_ally`: all into the first); n = 0 misses
everyone (`ff_zero_hits_ally: true`: one hit on the first ally). "The same distance" is
the same place, altitude included.
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.core.state import EncounterState
from fracas.rulesets.pools.rules.common import options, standing, together
from fracas.rulesets.pools.soldier import Soldier


@dataclass(frozen=True, slots=True)
class FriendlyFire:
    hits: int
    """Hits on the target."""
    ally_hits: tuple[str, ...]
    """Allies hit instead, one entry per hit."""


def allies_in_the_way(state: EncounterState, shooter: Soldier, target: Soldier) -> list[Soldier]:
    """The shooter's standing allies at the target's place, in initiative order, or none
    when the enemies there are 3x as many or more (POOLS-26)."""
    there = [c for c in standing(state) if together(c, target) and c.id != shooter.id]
    allies = [c for c in there if c.side == shooter.side]
    enemies = [c for c in there if c.side != shooter.side]
    if not allies or len(enemies) >= 3 * len(allies):
        return []
    order = {cid: n for n, cid in enumerate(state.turns.order)}
    return sorted(allies, key=lambda c: order.get(c.id, len(order)))


def friendly_fire(
    state: EncounterState, shooter: Soldier, target: Soldier, net: int, shots: int
) -> FriendlyFire:
    allies = allies_in_the_way(state, shooter, target)
    if not allies:
        return FriendlyFire(min(net, shots), ())
    if net > len(allies):
        return FriendlyFire(min(net - len(allies), shots), ())
    opts = options(state)
    stray = net if net > 0 else (1 if opts.ff_zero_hits_ally else 0)
    stray = min(stray, shots)
    if opts.ff_spread == "first_ally":
        return FriendlyFire(0, (allies[0].id,) * stray)
    return FriendlyFire(0, tuple(a.id for a in allies[:stray]))
