"""The ambusher's pre-initiative action (Dramatic Scenes, "Surprise/Ambush", L1440; Powers,
"Basic Will Expenditures", L229).

"one member of the Ambushing side ... gets a free, Pre-Initiative action that effectively
begins the combat". The seed does not say when it falls (gap 31): it resolves after every
initiative roll and before tick 1, and its tick cost is added to the ambusher's own
initiative tick (the timeline's `spend` from that tick). "Initiating Combat" costs the
ambusher 1 Will. The action is written in the scenario's options, since it happens before
anyone has a turn: `options.ambush: {by: id, action: {do: shoot, target: ..., ...}}`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fracas.core.actions import Action
from fracas.core.errors import FracasError, ScenarioError
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.rules.common import options, walker
from fracas.rulesets.fatewalker.rules.movement import spend_will
from fracas.rulesets.fatewalker.walker import Walker

if TYPE_CHECKING:
    from fracas.rulesets.fatewalker.ruleset import Fatewalker

WHERE = "options.ambush"


def planned(ruleset: Fatewalker, state: EncounterState) -> Action | None:
    """The ambush's action, checked against the opening state; ScenarioError if it cannot
    happen as written."""
    plan = options(state).ambush
    if plan is None:
        return None
    person = state.find(plan.by)
    if not isinstance(person, Walker):
        ids = ", ".join(c.id for c in state.combatants)
        raise ScenarioError(f"{WHERE}.by: no combatant {plan.by!r}; combatants: {ids}")
    if person.aware_at is not None:
        raise ScenarioError(f"{WHERE}.by: {plan.by} is not aware at the start (aware_at)")
    if person.will_left < 1 and "hardened" not in person.powers:  # fw-ranged: Hardened
        raise ScenarioError(f"{WHERE}.by: {plan.by} has no Will to initiate combat (1 needed)")
    raw = {**plan.action, "actor": plan.by}
    try:
        action = ruleset.parse_action(raw)
        ruleset.check_declared(state, action)
    except FracasError as error:
        raise ScenarioError(f"{WHERE}.action: {error}") from None
    if action.free or action.by_gm:
        raise ScenarioError(f"{WHERE}.action: {action.do} is not an action that begins a fight")
    return action


def spring(ruleset: Fatewalker, tx: Transaction) -> None:
    """After initiative: the ambusher pays 1 Will and acts."""
    action = planned(ruleset, tx.state)
    if action is None:
        return
    spend_will(tx, action.actor, "initiating combat")
    assert walker(tx.state, action.actor).is_active
    ruleset.perform(tx, action)
