"""Will a character is made to spend (Powers, "Will", L213-232).

"Regardless if a character is ever required to spend will by some external factor when they
have no more to spend they begin to take Wounds instead (bypassing Temporary Wounds)." Most
Will in a fight is spent by choice (Tough, Driven, a sprint begun, an ambush sprung), and
a choice with nothing to pay is refused. What the fight exacts is the sprint's upkeep:
"Sprinting (1 point for every 30 ticks of sprinting ...)". The first point is paid as the
sprint begins (rules/movement.py); a sprint still running 30 ticks later owes the next point,
and so on, paid from the track, or, with the track empty, as a wound that skips Temporary.
Hardened sprints for free. The choke hold's and nerve strike's fatigue keep their own rule
("If they run out of Will they immediately pass out", rules/ground.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.events import WillSpent
from fracas.rulesets.fatewalker.finish_events import SprintPaid
from fracas.rulesets.fatewalker.rules.common import clock, walker

SPRINT_SPAN = 30
"""Ticks of sprinting one point of Will pays for (L232)."""


def forced(tx: Transaction, who: str, points: int, why: str) -> None:
    """Spend `points` of Will the character must pay; what the track lacks is wounds,
    "bypassing Temporary Wounds"."""
    from fracas.rulesets.fatewalker.rules.wounds import wound

    person = walker(tx.state, who)
    paid = min(points, person.will_left)
    if paid:
        tx.emit(WillSpent(combatant=who, amount=paid, spent=person.will_spent + paid, why=why))
    if points > paid:
        wound(tx, walker(tx.state, who), points - paid, by=who, temporary=False)


def sprint_started(tx: Transaction, who: str) -> None:
    """The first point is paid; the next falls due 30 ticks on."""
    if "hardened" not in walker(tx.state, who).powers:
        tx.emit(SprintPaid(combatant=who, until=clock(tx.state).tick + SPRINT_SPAN))


def alarms(state: EncounterState) -> Iterable[int]:
    return [
        p.sprint_paid
        for p in (walker(state, c.id) for c in state.combatants)
        if p.sprint_paid is not None and p.is_active
    ]


def on_tick(tx: Transaction, tick: int) -> None:
    for combatant in tx.state.combatants:
        person = walker(tx.state, combatant.id)
        if person.sprint_paid != tick or not person.is_active:
            continue
        if person.motion is None or person.motion.mode != "sprint":
            tx.emit(SprintPaid(combatant=person.id, until=None))
            continue
        forced(tx, person.id, 1, "30 more ticks of sprinting")
        if walker(tx.state, person.id).is_active:
            tx.emit(SprintPaid(combatant=person.id, until=tick + SPRINT_SPAN))
