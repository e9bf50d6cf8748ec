"""A plain way to play `nwo` for autoplay: shoot or strike the nearest enemy, close in.

`candidates` lists actions worth checking for `legal_actions` (the map queries in
`queries.py` keep the list short); `suggest` picks one.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fracas.core.actions import Action, EndTurn
from fracas.core.errors import FracasError
from fracas.core.state import EncounterState
from fracas.rulesets.nwo import queries
from fracas.rulesets.nwo.actions import Attack, Move
from fracas.rulesets.nwo.rules.common import fighter, grid

if TYPE_CHECKING:
    from fracas.core.ruleset import BaseRuleset


def candidates(state: EncounterState, actor_id: str) -> Iterator[Action]:
    yield EndTurn(actor=actor_id)
    for tile in queries.reachable(state, actor_id):
        yield Move(actor=actor_id, to=tile)
    for weapon_id, targets in queries.targets(state, actor_id).items():
        for target in targets:
            yield Attack(actor=actor_id, target=target, weapon=weapon_id)


def suggest(ruleset: BaseRuleset, state: EncounterState) -> Action:
    actor_id = state.actor
    assert actor_id is not None
    for action in _wishes(state, actor_id):
        try:
            ruleset.verify(state, action)
        except FracasError:
            continue
        return action
    return EndTurn(actor=actor_id)


def _wishes(state: EncounterState, actor_id: str) -> Iterator[Action]:
    actor = fighter(state, actor_id)
    board = grid(state)
    enemies = sorted(
        (fighter(state, c.id) for c in state.combatants if c.side != actor.side and c.is_active),
        key=lambda e: (board.distance(actor.tile, e.tile), e.hp + e.ahp),
    )
    for weapon_id, targets in queries.targets(state, actor_id).items():
        for enemy in enemies:
            if enemy.id in targets:
                yield Attack(actor=actor_id, target=enemy.id, weapon=weapon_id)
    if enemies and not actor.movement_spent:
        nearest = enemies[0]
        options = queries.reachable(state, actor_id)
        if options:
            best = min(options, key=lambda t: (board.distance(t, nearest.tile), options[t]))
            if board.distance(best, nearest.tile) < board.distance(actor.tile, nearest.tile):
                yield Move(actor=actor_id, to=best)
    yield EndTurn(actor=actor_id)
