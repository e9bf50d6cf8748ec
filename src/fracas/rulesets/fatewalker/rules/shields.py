"""Energy shields (Dramatic Scenes, "Energy Shields", L1673-1681; table at L85-96).

"Whenever an attack is made against a shielded target, remove from the damage pool a total
amount of damage dice equal to either the Shield's Maximum Deflection or half of the current
Energy Pool (whichever is lower)." "Round down if necessary to fit the damage dice (in that
if the Maximum Deflection is 20, but the weapon has 7@3 damage, simply remove 6." "Reduce the
Energy Pool by the amount of damage prevented." "If an attack come in under the min value of
the shield, it simply doesn't trigger at all."

Readings (gap 11): the limit counts damage points, removed a die at a time before the roll,
the highest-valued dice first (each die that still fits); "min value" is the table's Min
Activation, compared with the pool's potential damage (the sum of its dice) after promotion
and Deflection; Max Absorb is the rules' Maximum Deflection and the Energy Reserve its
Energy Pool. Option `shield_cap: energy` lifts the halving.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.events import ShieldScreened
from fracas.rulesets.fatewalker.options import FatewalkerOptions
from fracas.rulesets.fatewalker.rules.common import options

if TYPE_CHECKING:
    from fracas.rulesets.fatewalker.rules.damage import DamagePool
    from fracas.rulesets.fatewalker.sheet import EnergyShield
    from fracas.rulesets.fatewalker.walker import Walker


def cap(shield: EnergyShield, energy: int, opts: FatewalkerOptions) -> int:
    """The most damage points the shield may take out of one attack now."""
    budget = energy // 2 if opts.shield_cap == "half_energy" else energy
    return min(shield.max_absorb, budget)


def removal(pool: DamagePool, limit: int) -> tuple[DamagePool, DamagePool]:
    """(what is left, what is removed): the highest-valued dice first, each one that still
    fits under `limit` points. 7x3 under 20 -> 1x3 left, 6x3 removed (18 points)."""
    kept: list[tuple[int, int]] = []
    taken: list[tuple[int, int]] = []
    for count, value in pool.groups:
        n = min(count, limit // value)
        limit -= n * value
        if n:
            taken.append((n, value))
        if count - n:
            kept.append((count - n, value))
    return replace(pool, groups=tuple(kept)), replace(pool, groups=tuple(taken))


def screen(tx: Transaction, target: Walker, pool: DamagePool) -> DamagePool:
    """The pool after the target's energy shield, if it wears one (step 5 of the pipeline)."""
    shield = target.energy_shield
    if shield is None or not pool.groups:
        return pool
    if pool.maximum < shield.min_activation:
        tx.emit(
            ShieldScreened(
                target=target.id,
                shield=shield.id,
                triggered=False,
                removed="no dice",
                prevented=0,
                energy=target.energy,
                pool=f"{pool}, {pool.maximum} < {shield.min_activation}",
            )
        )
        return pool
    left, taken = removal(pool, cap(shield, target.energy, options(tx.state)))
    tx.emit(
        ShieldScreened(
            target=target.id,
            shield=shield.id,
            triggered=True,
            removed=str(taken),
            prevented=taken.maximum,
            energy=target.energy - taken.maximum,
            pool=str(left),
        )
    )
    return left
