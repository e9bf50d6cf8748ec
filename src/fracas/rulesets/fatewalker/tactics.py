"""Plain tactics for autoplay: strike the nearest foe in reach with the weapon of the biggest
damage pool; a holder asked about a foe's declared action strikes that foe first if it can.
Nobody moves yet, so a combatant with no foe in reach waits (or, when it must declare, holds).
"""

from __future__ import annotations

from collections.abc import Iterable

from fracas.core.actions import Action, EndTurn
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState
from fracas.rulesets.fatewalker.actions import UNARMED, ApplySerum, Hold, Strike
from fracas.rulesets.fatewalker.rules.common import clock, walker
from fracas.rulesets.fatewalker.rules.healing import TOUCH
from fracas.rulesets.fatewalker.rules.strike import UNARMED_STRIKE
from fracas.rulesets.fatewalker.walker import Walker


def _weapons(me: Walker) -> list[str]:
    """Weapon ids, biggest damage pool first, bare hands last."""
    armed = sorted(me.weapons, key=lambda w: -w.pool.maximum)
    if not armed or UNARMED_STRIKE.pool.maximum > armed[0].pool.maximum:
        return [UNARMED, *(w.id for w in armed)]
    return [*(w.id for w in armed), UNARMED]


def _foes(state: EncounterState, me: Walker) -> list[Walker]:
    foes = [walker(state, c.id) for c in state.combatants if c.side != me.side and c.is_active]
    return sorted(foes, key=lambda f: (round(me.distance_to(f), 3), f.hp))


def candidates(state: EncounterState, actor: str) -> Iterable[Action]:
    me = walker(state, actor)
    actions: list[Action] = [EndTurn(actor=actor), Hold(actor=actor)]
    for foe in _foes(state, me):
        actions += [Strike(actor=actor, target=foe.id, weapon=w) for w in _weapons(me)]
    return actions


def suggest(ruleset: BaseRuleset, state: EncounterState) -> Action:
    actor = state.actor
    assert actor is not None
    me = walker(state, actor)
    now = clock(state)
    if now.responders:
        declarers = [d.combatant for d in now.declared]
        foes = [f for f in _foes(state, me) if f.id in declarers]
    else:
        foes = _foes(state, me)
    wishes: list[Action] = [
        Strike(actor=actor, target=foe.id, weapon=w) for foe in foes for w in _weapons(me)
    ]
    if now.simultaneous and not now.responders:
        wishes.append(Hold(actor=actor))
    return ruleset.first_legal(state, _first_aid(state, me) + wishes)


def _first_aid(state: EncounterState, me: Walker) -> list[Action]:
    """Harm: Serum for a bleeding friend within touch (oneself too), before any blow."""
    if me.aid.serum < 1:
        return []
    friends = (walker(state, c.id) for c in state.combatants if c.side == me.side)
    return [
        ApplySerum(actor=me.id, target=f.id)
        for f in friends
        if f.bleeds_at is not None and me.distance_to(f) <= TOUCH
    ]
