"""`fracas.odds`: the odds of an action, from Python, given an encounter or a bare state.

The action may be an `Action` or the mapping a scenario file would list (`{"do": "attack",
"target": "raider", "weapon": "rifle"}`, the actor given or filled in from `actor`), so a
notebook, the CLI and later the web table all ask the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from fracas.core.actions import Action
from fracas.core.encounter import Encounter
from fracas.core.errors import IllegalAction
from fracas.core.odds import DEFAULT_SAMPLES, ActionOdds, action_odds
from fracas.core.registry import get_ruleset
from fracas.core.ruleset import Ruleset
from fracas.core.state import EncounterState


def parse(ruleset: Ruleset, raw: Mapping[str, Any], actor: str | None = None) -> Action:
    """A scenario-style action mapping as an `Action`; `actor` fills in a missing actor and
    must agree with one that is given."""
    fields = dict(raw)
    given = fields.get("actor")
    if actor is not None:
        if given is not None and given != actor:
            raise IllegalAction(f"the action names actor {given!r}, but the odds are for {actor!r}")
        fields["actor"] = actor
    return ruleset.parse_action(fields)


def odds(
    where: Encounter | EncounterState,
    action: Action | Mapping[str, Any],
    *,
    actor: str | None = None,
    method: Literal["auto", "exact", "sampled"] = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int | str = 0,
) -> ActionOdds:
    """The odds of `action` taken now in `where`; nothing changes. Illegal actions raise
    `IllegalAction` with the rules' reason; see `core.odds.action_odds` for `method`."""
    if isinstance(where, Encounter):
        ruleset, state = where.ruleset, where.state
    else:
        ruleset, state = get_ruleset(where.ruleset), where
    if not isinstance(action, Action):
        action = parse(ruleset, action, actor)
    elif actor is not None and action.actor != actor:
        raise IllegalAction(f"the action is {action.actor}'s, but the odds are for {actor!r}")
    return action_odds(ruleset, state, action, method=method, samples=samples, seed=seed)
