"""Hold Action (Actions and Maneuvers, "Hold Action"; Dramatic Scenes, "Action/Reaction/
Preemptive Action").

"Hold Action || 2 || Cost is minimum time spent "Held", cannot initiate a preemptive action
until at least 2 ticks has transpired." "Most normal Actions can be Preemptive actions if a
character is currently performing a Hold Action." The timeline asks every holder of 2 ticks
or more before a declared action resolves; holding again at one's own tick keeps the hold's
first tick. "The one caveat to held actions is the character cannot be moving": nobody moves
yet, so nothing is refused for it.
"""

from __future__ import annotations

from fracas.core.state import EncounterState
from fracas.core.ticks import HoldStarted
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import Hold
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock

HOLD_TICKS = 2


def verify(state: EncounterState, action: Hold) -> None:
    return None


def resolve(tx: Transaction, action: Hold) -> None:
    tx.emit(HoldStarted(combatant=action.actor, tick=clock(tx.state).tick))
    TIMELINE.spend(tx, action.actor, HOLD_TICKS, "holding")
