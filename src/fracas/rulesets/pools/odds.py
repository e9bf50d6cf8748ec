"""How the odds of a `pools` action are read (docs/architecture.md, "Odds of an action").

Pools are counted for successes and the rules read only the count (rules/dice.py), so the
walk branches over each pool's binomial distribution of successes: six dice are seven
branches, not 46,656. A melee attack's outcome is `hit` or `miss` (the contest's winner), or
`automatic hit` (an ambusher's first blow); a shot's is the hits on the first target
(`0 hits`, `1 hit` ...), with `friendly fire` as an effect when an ally standing with it is
hit. Damage, downing and death are the first target's.
"""

from __future__ import annotations

from collections.abc import Sequence

from fracas.core.actions import Action
from fracas.core.events import Event
from fracas.core.odds import OddsModel, default_target, generic_reading
from fracas.core.state import EncounterState
from fracas.rulesets.pools.events import AutomaticHit, Contested, ShotRolled


def target(action: Action) -> str | None:
    aims = getattr(action, "targets", None)
    if aims:
        # a shot aims with records (`Aim`); an ambush names its targets by id
        first: str = aims[0] if isinstance(aims[0], str) else aims[0].target
        return first
    return default_target(action)


def reading(
    before: EncounterState, action: Action, events: Sequence[Event]
) -> tuple[str, frozenset[str]]:
    aimed = target(action)
    for event in events:
        if isinstance(event, AutomaticHit) and event.target == aimed:
            return "automatic hit", frozenset()
        if isinstance(event, Contested) and event.responder == aimed:
            return ("hit" if event.winner == action.actor else "miss"), frozenset()
        if isinstance(event, ShotRolled) and event.target == aimed:
            hits = f"{event.hits} hit" + ("" if event.hits == 1 else "s")
            return hits, frozenset({"friendly fire"}) if event.ally_hits else frozenset()
    return generic_reading(before, action, events)


ODDS = OddsModel(reads="totals", reader=reading, target=target)
