"""What a simulation policy needs to know of any ruleset, worked out from what every ruleset
already has: positions (`position_json`), actions that name their target, and `resolve`.

A policy of the simulator (nearest foe, weakest foe, best expected value) never plans a turn
itself: it takes the action the ruleset's own tactics picked (`suggest`, which already weighs
cover, aim, defence and retreat) and, where that action is aimed at a foe, asks whether the
same action aimed at another foe would be legal. These functions are the defaults behind the
`BaseRuleset` hooks of the same purpose (`separation`, `target_of`, `retarget`, `appraise`);
a ruleset whose positions or actions have another shape overrides the hook, not the policy.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from fracas.core.actions import Action, EndTurn
from fracas.core.errors import FracasError
from fracas.core.state import Combatant, EncounterState

if TYPE_CHECKING:
    from fracas.core.dice import Dice
    from fracas.core.ruleset import Resolution


def coordinates(combatant: Combatant) -> dict[str, float]:
    """The numeric fields of a combatant's position (line; x, y, z; distance, altitude):
    what can be measured without knowing the ruleset. Facing, size and the like are not."""
    where = combatant.position_json()
    if not isinstance(where, Mapping):
        return {}
    return {
        key: float(value)
        for key, value in where.items()
        if isinstance(value, int | float) and not isinstance(value, bool)
    }


def straight_line(state: EncounterState, a: str, b: str) -> float:
    """Straight-line distance between two combatants over their numeric coordinates (a
    coordinate one of them lacks counts as 0): a rough "nearest" for any ruleset's map."""
    here, there = coordinates(state.get(a)), coordinates(state.get(b))
    keys = here.keys() | there.keys()
    return math.sqrt(sum((here.get(k, 0.0) - there.get(k, 0.0)) ** 2 for k in keys))


def foes_of(state: EncounterState, actor: str) -> list[Combatant]:
    """The actor's standing enemies, in the state's order."""
    side = state.get(actor).side
    return [c for c in state.combatants if c.side != side and c.is_active]


def _named_ids(value: Any, found: list[str]) -> None:
    """Every string inside an action's fields (nested lists and models included)."""
    if isinstance(value, str):
        found.append(value)
    elif isinstance(value, list | tuple):
        for item in value:
            _named_ids(item, found)
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            _named_ids(getattr(value, name), found)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            _named_ids(getattr(value, field.name), found)


def aimed_at(state: EncounterState, action: Action) -> str | None:
    """The one foe of the actor that `action` names (as `target`, `toward`, inside a list of
    targets ...), or None when it names none or several: only a single-target action has
    another target to try."""
    if isinstance(action, EndTurn) or state.find(action.actor) is None:
        return None
    foes = {c.id for c in foes_of(state, action.actor)}
    found: list[str] = []
    for field in dataclasses.fields(action):
        if field.name != "actor":
            _named_ids(getattr(action, field.name), found)
    named = {value for value in found if value in foes}
    return named.pop() if len(named) == 1 else None


def _swapped(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [_swapped(item, old, new) for item in value]
    if isinstance(value, tuple):
        return tuple(_swapped(item, old, new) for item in value)
    if isinstance(value, BaseModel):
        changes = {n: _swapped(getattr(value, n), old, new) for n in type(value).model_fields}
        return value.model_copy(update=changes)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [f.name for f in dataclasses.fields(value) if f.init and f.name != "actor"]
        changed = {n: _swapped(getattr(value, n), old, new) for n in fields}
        return dataclasses.replace(value, **changed)
    return value


def aimed_instead(state: EncounterState, action: Action, target: str) -> Action | None:
    """`action` with its one foe replaced by `target` everywhere it is named (not verified:
    the caller asks the ruleset whether it is legal)."""
    old = aimed_at(state, action)
    if old is None:
        return None
    if old == target:
        return action
    changed: Action = _swapped(action, old, target)
    return changed


def sampled_harm(
    resolve: Callable[[EncounterState, Action, Dice], Resolution],
    state: EncounterState,
    action: Action,
    dice: Dice,
    samples: int,
) -> float:
    """A rough expected value of `action` for its actor: over `samples` resolutions with
    `dice`, the mean of what it takes from the foes, each foe counting the share of its HP
    lost (1 for one put down). Sampled rather than exact because every ruleset can resolve
    an action but not every one can yet enumerate its outcomes; rolls only through `dice`,
    so a seeded policy stays reproducible."""
    foes = {c.id: c for c in foes_of(state, action.actor)}
    total = 0.0
    for _ in range(samples):
        try:
            after = resolve(state, action, dice).state
        except FracasError:
            return 0.0
        for foe_id, foe in foes.items():
            now = after.find(foe_id)
            if now is None or not now.is_active:
                total += 1.0
            elif now.hp < foe.hp:
                total += min(1.0, (foe.hp - now.hp) / max(1, foe.hp))
    return total / samples


def exact_harm(ruleset: Any, state: EncounterState, action: Action) -> float | None:
    """What `sampled_harm` estimates, exactly, from the ruleset's closed form of the action
    (`exact_odds`): the expected share of its target's HP it takes (1 if put down). None
    where the ruleset has no closed form for it here; only the closed form is asked, since
    the walk through the resolver costs more than a policy can spend on every candidate.
    Rolls nothing, so a policy using it draws the same dice whatever it weighs."""
    closed = getattr(ruleset, "exact_odds", None)
    if closed is None:
        return None
    try:
        odds = closed(state, action)
    except FracasError:
        return None
    target = None if odds is None or odds.target is None else state.find(odds.target)
    if odds is None or target is None:
        return None
    whole = max(1, target.hp)
    share = sum(
        (p * (1 if t.down else min(Fraction(1), Fraction(t.damage, whole))))
        for t, p in odds.chances.items()
    )
    return float(share)
