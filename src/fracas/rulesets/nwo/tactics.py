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
from fracas.rulesets.nwo.actions import (
    Attack,
    Brace,
    Crawl,
    Dash,
    Disarm,
    Disengage,
    Draw,
    Drop,
    DualAttack,
    Escape,
    Focus,
    ForceProne,
    Free,
    Grapple,
    Help,
    HumanShield,
    Move,
    Overwatch,
    Prone,
    Release,
    Reload,
    ResolveCheck,
    Restrain,
    Shove,
    Stand,
    Stow,
    Suppress,
    Swap,
)
from fracas.rulesets.nwo.rules.common import fighter, grid

if TYPE_CHECKING:
    from fracas.core.ruleset import BaseRuleset


def candidates(state: EncounterState, actor_id: str) -> Iterator[Action]:
    """Every action worth checking now; the map queries keep moves and attacks to the tiles
    and targets that can be right, the ruleset's verify filters the rest."""
    actor = fighter(state, actor_id)
    others = [c.id for c in state.combatants if c.id != actor_id and c.is_active]
    yield EndTurn(actor=actor_id)
    for tile in queries.reachable(state, actor_id):
        yield Move(actor=actor_id, to=tile)
        yield Disengage(actor=actor_id, to=tile)
    for tile in queries.reachable(state, actor_id, "dash"):
        yield Dash(actor=actor_id, to=tile)
    for tile in queries.reachable(state, actor_id, "crawl"):
        yield Crawl(actor=actor_id, to=tile)
    for weapon_id, targets in queries.targets(state, actor_id).items():
        for target in targets:
            yield Attack(actor=actor_id, target=target, weapon=weapon_id)
            yield Suppress(actor=actor_id, target=target, weapon=weapon_id)
            yield Disarm(actor=actor_id, target=target, weapon=weapon_id)
    for target in others:
        yield DualAttack(actor=actor_id, target=target)
        yield Help(actor=actor_id, target=target)
        yield Grapple(actor=actor_id, target=target)
        yield Restrain(actor=actor_id, target=target)
        yield ForceProne(actor=actor_id, target=target)
        yield Release(actor=actor_id, target=target)
        yield Free(actor=actor_id, target=target)
        yield HumanShield(actor=actor_id, shield=target)
        yield Shove(actor=actor_id, target=target, result="prone")
        yield Shove(actor=actor_id, target=target, result="away")
        yield Overwatch(actor=actor_id, trigger=f"moves:{target}")
    yield from (Focus(actor=actor_id), Brace(actor=actor_id), Escape(actor=actor_id))
    yield from (Prone(actor=actor_id), ResolveCheck(actor=actor_id))
    yield Stand(actor=actor_id, using="movement")
    yield Stand(actor=actor_id, using="action")
    for weapon in actor.arsenal:
        yield Reload(actor=actor_id, weapon=weapon.id)
        yield Draw(actor=actor_id, weapons=(weapon.id,))
        yield Swap(actor=actor_id, weapons=(weapon.id,))
        yield Drop(actor=actor_id, weapon=weapon.id)
        yield Stow(actor=actor_id, weapon=weapon.id)


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
