"""The damage pipeline: from a hit's net successes to marks on the wound chart (Dramatic
Scenes, "Attack Resolution" to "Wounds"; the digest's section 3.11, whose order the seed does
not state). Every attack that deals damage goes through here: strikes and the maneuvers of
the melee and unarmed tables (rules/strike.py), ripostes and block-strikes (rules/defence.py),
shots and their strays (rules/ranged.py); bleeding marks the chart directly (rules/lasting.py).

1-2. the attack and its reaction give net successes (the attack's rule);
3.   the weapon's or maneuver's pool;
4.   `against`: the net successes that promote (`promotions`, option `promotions`) against
     the target's Deflection for the damage type and any Barrier the blow goes through (a
     strike's `barrier`, or the cover a shot goes through), as one shift (k = net -
     Deflection - Barrier, gap 8);
5.   the energy shield takes dice out of the pool (shields.py);
6.   the dice are rolled, higher-valued group first; dice showing 0 penetrate (`rolled`,
     which also rolls a stopping parry's or block's damage for rules/defence.py);
7.   a flat "+N damage" (gap 9: Hack, Charge, called shots) joins the non-penetrating
     points, then Absorb takes its share of those;
8.   the points of a parry or block that stopped the blow ("Damage done on the parry
     maneuver cancels damage done on the attack") come off what is left (gap 7; option
     `cancel: before_absorb` takes them before Absorb instead);
9.   the target may spend Will (Tough) to ignore points (wounds.py);
10.  the rest is marked on the chart, as stun for unarmed blows (wounds.py).

It lives here rather than in damage.py, which holds the pool arithmetic the sheet's
validators need and so cannot import the rules.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from fracas.core.events import DiceRolled
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.events import DamageRolled
from fracas.rulesets.fatewalker.options import FatewalkerOptions
from fracas.rulesets.fatewalker.rules import roll, shields
from fracas.rulesets.fatewalker.rules.common import options, walker
from fracas.rulesets.fatewalker.rules.damage import DamagePool
from fracas.rulesets.fatewalker.rules.wounds import wound
from fracas.rulesets.fatewalker.sheet import DamageType
from fracas.rulesets.fatewalker.walker import Walker


def deflection(target: Walker, kind: DamageType, opts: FatewalkerOptions) -> int:
    """The target's Deflection against `kind`: its armor's, plus a hand-held shield's while
    it counts as armor (option `hand_shield`)."""
    total = getattr(target.armor.deflection, kind) if target.armor else 0
    # fw-shields: a shield held as cover "does [not] count towards the character's armor"
    if target.shield is not None and opts.hand_shield == "armor" and not target.shield_cover:
        total += getattr(target.shield.deflection, kind)
    return total


def absorb(target: Walker, opts: FatewalkerOptions) -> int:
    """Absorb "flat out reduces the damage of all attacks by this value"."""
    total = target.armor.absorb if target.armor else 0
    # fw-shields: a shield held as cover "does [not] count towards the character's armor"
    if target.shield is not None and opts.hand_shield == "armor" and not target.shield_cover:
        total += target.shield.absorb
    return total


def promotions(net: int, opts: FatewalkerOptions) -> int:
    """The promotions a hit's net successes give: every one (net, L1480 read literally), or
    those beyond the 2 a hit needs (net_minus_two; gap 5)."""
    return net if opts.promotions == "net" else max(0, net - roll.HIT)


def against(
    target: Walker,
    pool: DamagePool,
    kind: DamageType,
    promoted: int,
    opts: FatewalkerOptions,
    *,
    barrier: int = 0,
) -> DamagePool:
    """Step 4: `promoted` (see `promotions`) against the target's Deflection and the Barrier
    the blow goes through ("Barrier simply functions as Armor-Deflection against any attack
    going through it", whatever the damage type)."""
    return pool.shifted(promoted - deflection(target, kind, opts) - barrier)


@dataclass(frozen=True, slots=True)
class Blow:
    """A hit's damage after step 4, ready for `deal`."""

    target: str
    pool: DamagePool
    by: str | None
    """The combatant whose action deals it (the attacker, the parrier striking back ...)."""
    stun: bool = False
    """ "Unless otherwise stated unarmed damage is Stun damage" (L3557)."""
    bonus: int = 0
    """A flat "+N damage" (Hack, Charge, called shots: gap 9, points before Absorb)."""
    cancelled: int = 0
    """Damage a parry or block dealt, which "cancels damage done on the attack"."""
    bare: bool = False
    """fw-grapple: the target's armor does not count (a headbutt on one without a helmet)."""


def deal(tx: Transaction, blow: Blow) -> int:
    """Steps 5-10 for one blow; returns the damage that reached the chart (before Will)."""
    opts = options(tx.state)
    target = walker(tx.state, blow.target)
    if blow.bare:  # fw-grapple: "Armor ... only applies (to either side) if helmets are worn"
        target = dataclasses.replace(target, armor=None, shield=None)
    pool = shields.screen(tx, target, blow.pool)
    normal, penetrating = rolled(tx, pool, f"damage to {target.id}")
    normal += blow.bonus
    if opts.cancel == "before_absorb":
        taken = min(blow.cancelled, normal)
        through = max(0, penetrating - (blow.cancelled - taken))
        absorbed = min(absorb(target, opts), normal - taken)
        total = through + normal - taken - absorbed
    else:
        absorbed = min(absorb(target, opts), normal)
        total = max(0, penetrating + normal - absorbed - blow.cancelled)
    tx.emit(
        DamageRolled(
            target=target.id,
            normal=normal,
            penetrating=penetrating,
            absorbed=absorbed,
            cancelled=blow.cancelled,
            total=total,
        )
    )
    wound(
        tx,
        walker(tx.state, target.id),
        total,
        by=blow.by,
        stun=blow.stun,
        tough=True,
        rescuable=True,
    )
    return total


def rolled(tx: Transaction, pool: DamagePool, label: str) -> tuple[int, int]:
    """Roll a damage pool, higher-valued dice first: (normal points, penetrating points),
    the points of dice showing 0 apart."""
    opts = options(tx.state)
    normal = penetrating = 0
    for count, value in pool.groups:
        tx.roll(f"{count}d10", f"{label}: {count} dice worth {value} at TN {pool.tn}")
        faces = next(e for e in reversed(tx.events) if isinstance(e, DiceRolled)).faces
        for face in faces:
            if not roll.succeeds(face, pool.tn, opts):
                continue
            if roll.reads(face, opts) == 0:
                penetrating += value
            else:
                normal += value
    return normal, penetrating
