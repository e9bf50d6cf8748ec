"""Healing within a fight (Environmental Scenes, "Healing Wounds", L1716-1815).

Two of the seed's treatments fit a fight's clock: Apply Serum ("a 10 tick action") and
Stabilize ("Each roll takes 20 ticks (during which the target will continue to bleed out)").
First Aid "takes ~5-10 minutes ... and therefore is of little use on the battlefield";
Caretaking, Corrective Surgery and Natural Healing take minutes to days. Those are out of a
fight's reach and documented, not played (docs/rulesets/fatewalker.md, "Harm").

Readings: Serum heals the worst boxes first (Mortal, then normal damage, then stun, the
last-marked first); "less than 3 Mortal Wounds remaining" counts Mortal boxes still marked.
Stabilize's penalty "equal to half the total boxes of Mortal damage" rounds down (gap 25);
a running total that goes negative deals that much damage and starts again from 0.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState, Status
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import ApplySerum, Stabilize
from fracas.rulesets.fatewalker.events import BleedingScheduled, Healed, SerumUsed, Stabilizing
from fracas.rulesets.fatewalker.rules import roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, options, walker
from fracas.rulesets.fatewalker.rules.wounds import wound
from fracas.rulesets.fatewalker.walker import Walker, capacity

TOUCH = 2.0
"""Metres within which one treats a patient: an unarmed strike's reach (ours)."""
SERUM_TICKS = 10
SERUM_HEALS = 3
SERUM_STABLE_BELOW = 3
STABILIZE_TICKS = 20
STABILIZE_NET = 2
"""Net successes on a Stabilize roll are "Successes -2"."""
NO_MEDKIT = -2


def _patient(state: EncounterState, actor: str, target: str) -> Walker:
    person = state.find(target)
    if person is None:
        raise IllegalAction(f"there is no combatant {target!r}")
    patient = walker(state, target)
    if patient.status == Status.DEAD:
        raise IllegalAction(f"{target} is dead")
    away = walker(state, actor).distance_to(patient)
    if away > TOUCH:
        raise IllegalAction(f"{target} is {away:.1f} m away; treatment needs {TOUCH:g} m")
    return patient


def verify_serum(state: EncounterState, action: ApplySerum) -> None:
    if walker(state, action.actor).aid.serum < 1:
        raise IllegalAction(f"{action.actor} has no Serum left (`aid: {{serum: n}}`)")
    _patient(state, action.actor, action.target)


def resolve_serum(tx: Transaction, action: ApplySerum) -> None:
    medic = walker(tx.state, action.actor)
    tx.emit(SerumUsed(combatant=medic.id, left=medic.aid.serum - 1))
    heal(tx, walker(tx.state, action.target), SERUM_HEALS, "Serum")
    patient = walker(tx.state, action.target)
    if patient.bleeds_at is not None and patient.mortal < SERUM_STABLE_BELOW:
        tx.emit(BleedingScheduled(target=patient.id, tick=None, why="Serum stabilizes"))
    TIMELINE.spend(tx, medic.id, SERUM_TICKS, "applying Serum")


def heal(tx: Transaction, patient: Walker, amount: int, how: str) -> None:
    """Clear up to `amount` boxes, Mortal first, then normal, then stun."""
    mortal = min(amount, patient.mortal)
    normal = min(amount - mortal, patient.normal)
    stun = min(amount - mortal - normal, patient.stun)
    left = (patient.mortal - mortal, patient.normal - normal, patient.stun - stun)
    filled = patient.temporary + sum(left)
    tx.emit(
        Healed(
            target=patient.id,
            amount=mortal + normal + stun,
            how=how,
            mortal=left[0],
            normal=left[1],
            stun=left[2],
            hp=capacity(patient.chart) - filled,
        )
    )


def verify_stabilize(state: EncounterState, action: Stabilize) -> None:
    patient = _patient(state, action.actor, action.target)
    if patient.mortal == 0:
        raise IllegalAction(
            f'{patient.id} has no Mortal wounds ("Stabilize has no effect on a subject not '
            'suffering from mortal wounds")'
        )
    if patient.bleeds_at is None:
        raise IllegalAction(f"{patient.id} is not bleeding: already stabilized")


def resolve_stabilize(tx: Transaction, action: Stabilize) -> None:
    opts = options(tx.state)
    medic = walker(tx.state, action.actor)
    patient = walker(tx.state, action.target)
    kit = medic.aid.medkit or NO_MEDKIT
    dice = roll.pool(
        medic.attributes.awareness,
        medic.skills.survival,
        bonus=kit - patient.mortal // 2,
        wounds=medic.wound_penalty,
        cap=opts.tn_cap,
    )
    successes = roll.roll(tx, medic.id, f"stabilize {patient.id}", dice, opts)
    total = (patient.stabilized or 0) + successes - STABILIZE_NET
    if total < 0:
        tx.emit(Stabilizing(target=patient.id, total=0))
        wound(tx, patient, -total, by=medic.id)
    elif total >= patient.mortal:
        tx.emit(Stabilizing(target=patient.id, total=None))
        tx.emit(BleedingScheduled(target=patient.id, tick=None, why="stabilized"))
    else:
        tx.emit(Stabilizing(target=patient.id, total=total))
    TIMELINE.spend(tx, medic.id, STABILIZE_TICKS, f"stabilizing {patient.id}")
