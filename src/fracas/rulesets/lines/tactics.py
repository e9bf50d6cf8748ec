"""A plain, predictable way to play `lines`, for autoplay and as the simulator's first policy.

`candidates` lists every action worth checking for a fighter (the ruleset filters the illegal
ones); `suggest` picks one the way a cautious table would: revive a dying ally, break a hold,
hit the weakest enemy in reach with the best weapon, close the distance, then end the turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fracas.core.actions import Action, EndTurn
from fracas.core.notation import parse
from fracas.core.state import EncounterState, Status
from fracas.rulesets.lines.actions import (
    Aim,
    Attack,
    BreakFree,
    Dash,
    Defend,
    Grapple,
    Heal,
    Move,
    Release,
    Shove,
    Use,
)
from fracas.rulesets.lines.fighter import Fighter
from fracas.rulesets.lines.rules.common import fighter, grappler_of
from fracas.rulesets.lines.sheet import WeaponCard

if TYPE_CHECKING:
    from fracas.core.ruleset import BaseRuleset


def candidates(state: EncounterState, actor_id: str) -> Iterator[Action]:
    actor = fighter(state, actor_id)
    yield EndTurn(actor=actor_id)
    for line in range(1, 7):
        yield Move(actor=actor_id, to=line)
    for other in state.combatants:
        yield Release(actor=actor_id, target=other.id)
    if actor.acted:
        return  # everything below spends the turn's one action
    for line in range(1, 7):
        yield Dash(actor=actor_id, to=line)
    yield Dash(actor=actor_id)
    yield Defend(actor=actor_id)
    yield Aim(actor=actor_id)
    yield Use(actor=actor_id, what="an item at hand")
    yield BreakFree(actor=actor_id)
    for other in state.combatants:
        target = other.id
        for weapon in actor.weapons:
            yield Attack(actor=actor_id, target=target, weapon=weapon.id)
            for second in actor.weapons:
                if second.id != weapon.id:
                    yield Attack(
                        actor=actor_id, target=target, weapon=weapon.id, second_weapon=second.id
                    )
        for item in actor.gear:
            yield Heal(actor=actor_id, target=target, item=item.id)
        yield Grapple(actor=actor_id, target=target)
        yield Shove(actor=actor_id, target=target)
        yield Shove(actor=actor_id, target=target, direction=-1)
        yield Shove(actor=actor_id, target=target, direction=1)


def _average(card: WeaponCard) -> float:
    expr = parse(card.damage)
    if expr.explodes:
        return float(expr.minimum()) + 1.0
    return (expr.minimum() + expr.maximum()) / 2


def suggest(ruleset: BaseRuleset, state: EncounterState) -> Action:
    actor_id = state.actor
    assert actor_id is not None
    actor = fighter(state, actor_id)
    for action in _wishes(state, actor):
        try:
            ruleset.verify(state, action)
        except Exception:
            continue
        return action
    return EndTurn(actor=actor_id)


def _wishes(state: EncounterState, actor: Fighter) -> Iterator[Action]:
    if grappler_of(actor) is not None:
        yield BreakFree(actor=actor.id)
        return
    allies = [fighter(state, c.id) for c in state.combatants if c.side == actor.side]
    enemies = [
        fighter(state, c.id)
        for c in state.combatants
        if c.side != actor.side and c.status in (Status.ACTIVE, Status.UNCONSCIOUS)
    ]
    for ally in sorted(allies, key=lambda a: (a.status is not Status.DYING, a.hp)):
        if ally.status is Status.DYING or ally.hp * 2 < ally.max_hp:
            for item in actor.gear:
                yield Heal(actor=actor.id, target=ally.id, item=item.id)
    weapons = sorted(actor.weapons, key=_average, reverse=True)
    targets = sorted(enemies, key=lambda e: (abs(e.line - actor.line), e.hp))
    one_handed = [w for w in weapons if w.hands == 1]
    for target in targets:
        if len(one_handed) >= 2:
            yield Attack(
                actor=actor.id,
                target=target.id,
                weapon=one_handed[0].id,
                second_weapon=one_handed[1].id,
            )
        for weapon in weapons:
            yield Attack(actor=actor.id, target=target.id, weapon=weapon.id)
    if targets and weapons and all(w.is_melee for w in weapons):
        nearest = targets[0]
        if abs(nearest.line - actor.line) > max(w.reach for w in weapons):
            step = 1 if nearest.line > actor.line else -1
            yield Move(actor=actor.id, to=actor.line + step)
    if not weapons and targets:
        yield Grapple(actor=actor.id, target=targets[0].id)
    yield EndTurn(actor=actor.id)
