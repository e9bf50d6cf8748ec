"""Engage/Disengage (the melee table, L3454, L3519) and the range shifts of Step Inside.

"Closes the gap, giving smaller weapons an advantage and larger or ranged weapons a
disadvantage. Engage maneuvers can be countered by Disengage maneuvers and vice versa. Every 2
successes can change the range of melee combat either direction". Awareness(Weaponry), 5 ticks,
Weaponry 3 and Agility 2 as requisites. A counter is the target's reaction: its successes are
taken from the mover's, and each 2 left move the range one step; a counter only cancels, it
never moves the range back. Engaging goes no closer than Contact (3), "Long range grappling":
the grappling ranges need the grapple maneuvers; disengaging no further than Long (6).

Dice order: the mover's pool, then the counter's.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import Disengage, Engage
from fracas.rulesets.fatewalker.events import RangeChanged
from fracas.rulesets.fatewalker.rules import melee, roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, options, walker
from fracas.rulesets.fatewalker.rules.maneuvers import MELEE, shortfall

STEP = 2
"""Successes per range step."""
CLOSEST = melee.CONTACT
FURTHEST = melee.LONG
REACH = 2.0
"""Metres within which two combatants are in melee at all, for the unarmed (a weapon's
reach counts when longer)."""


def shift(tx: Transaction, mover: str, other: str, steps: int, why: str) -> None:
    """Move the range between two combatants by `steps` (negative closes), within the
    ladder's engage span."""
    was = melee.melee_range(tx.state, mover, other)
    now = min(FURTHEST, max(CLOSEST, was + steps)) if steps else was
    if steps < 0 and was < CLOSEST:
        now = was  # already grappling: closing further is a grapple's work
    if now != was:
        tx.emit(RangeChanged(first=mover, second=other, was=was, range=now, why=why))


def verify(state: EncounterState, action: Engage | Disengage) -> None:
    me = walker(state, action.actor)
    target = state.find(action.target)
    if target is None:
        raise IllegalAction(f"there is no combatant {action.target!r}")
    if target.id == me.id:
        raise IllegalAction(f"{me.id} cannot {action.do} itself")
    if not target.is_active:
        raise IllegalAction(f"{target.id} is {target.status}")
    other = walker(state, target.id)
    reach = max([REACH, *(w.reach for w in me.weapons), *(w.reach for w in other.weapons)])
    apart = me.distance_to(other)
    if apart > reach:
        raise IllegalAction(
            f"{target.id} is {apart:.1f} m away; melee range needs {reach:g} m or less"
        )
    distance = melee.melee_range(state, me.id, target.id)
    edge = CLOSEST if isinstance(action, Engage) else FURTHEST
    if distance == edge or (isinstance(action, Engage) and distance < CLOSEST):
        raise IllegalAction(
            f"{me.id} and {target.id} are at {melee.range_label(distance)} range; "
            f"{action.do} moves between {melee.range_label(FURTHEST)} and "
            f"{melee.range_label(CLOSEST)}"
        )
    if action.counter not in (None, "none"):
        from fracas.rulesets.fatewalker.rules.strike import may_react

        why_not = may_react(state, me.id, target.id)
        if why_not is not None:
            raise IllegalAction(f"{target.id} cannot {action.counter}: {why_not}")


def _pool(state: EncounterState, who: str, name: str) -> roll.Pool:
    person = walker(state, who)
    row = MELEE[name]
    return roll.pool(
        person.attributes.awareness,
        person.skills.weaponry,
        bonus=row.bonus - shortfall(row, person.skills),
        wounds=person.wound_penalty,
        cap=options(state).tn_cap,
    )


def default_counter(state: EncounterState, action: Engage | Disengage) -> str:
    """The target's default (a decider, not a rule): counter when it may react and the move
    would cost its own best weapon dice at the new range."""
    from fracas.rulesets.fatewalker.rules.strike import may_react

    if may_react(state, action.actor, action.target) is not None:
        return "none"
    target = walker(state, action.target)
    distance = melee.melee_range(state, action.actor, action.target)
    step = -1 if isinstance(action, Engage) else 1
    moved = min(FURTHEST, max(CLOSEST, distance + step))
    sizes = [w.size for w in target.weapons] or ["S"]
    now = max(melee.size_penalty(s, distance) or -9 for s in sizes)
    then = max(melee.size_penalty(s, moved) or -9 for s in sizes)
    counter = "disengage" if isinstance(action, Engage) else "engage"
    return counter if then < now else "none"


def resolve(tx: Transaction, action: Engage | Disengage) -> None:
    opts = options(tx.state)
    successes = roll.roll(
        tx, action.actor, action.do, _pool(tx.state, action.actor, "engage"), opts
    )
    counter = action.counter or default_counter(tx.state, action)
    against = 0
    if counter != "none":
        against = roll.roll(
            tx, action.target, counter, _pool(tx.state, action.target, counter), opts
        )
        TIMELINE.spend(tx, action.target, MELEE[counter].ticks or 5, counter)
    steps = max(0, successes - against) // STEP
    sign = -1 if isinstance(action, Engage) else 1
    shift(tx, action.actor, action.target, sign * steps, action.do)
    TIMELINE.spend(tx, action.actor, MELEE[action.do].ticks or 5, action.do)
