"""Start-of-turn effects and extending one that ends (seed 001, "Turns & Actions", l.275).

"At the start of each character's turn, if any effect is in play attached to that character –
apply those effects. If an effect ends at the start of their turn, they may declare an action
to extend those effects before they wear off. But only if it's the first action they declare
each turn."

The seed names no effect (B19), so fracas gives the timing and leaves what an effect does to
the GM. An effect is a core `Condition` on its bearer marked `detail="effect"`, lapsing at
the start of the bearer's turn (`Expiry.START_OF_TURN`, anchored on the bearer). The GM gives
one with the ruling `effect` (`target`, `name`, `turns`: how many of the bearer's turn starts
it lasts to). So that it is still there when the bearer declares its first action, it is
stored with `count = turns + 1`: the core counts it down to 1 at the `turns`-th start of the
bearer's turn, and an effect at 1 during its bearer's own turn is *ending*. Then:

- every start of the bearer's turn logs `EffectsInPlay` with the effects it bears, the seed's
  "apply those effects" (what they do is the GM's ruling; `override` changes HP or status);
- the bearer's first action may be `extend` (one non-contested action, B19): the effect
  starts over for `turns` more starts of the bearer's turn;
- any other action of the turn, or ending the turn, comes first: the ending effects wear off
  before it is resolved ("only if it's the first action they declare"); free actions (a
  swap, a cast) are no declared action of the turn's two and leave them be (B19);
- a bearer whose turn is skipped (dying, unconscious) declares nothing: they wear off.

A condition given any other way (the GM's `override` `add_condition` never lapses) is no
effect in this sense and is never ending.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from pydantic import Field

from fracas.core.actions import GM, Action, EndTurn
from fracas.core.conditions import Condition, Expiry
from fracas.core.errors import IllegalAction
from fracas.core.events import ConditionApplied, ConditionRemoved
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.core.validation import Int
from fracas.rulesets.tiers.events import ActionSpent, TiersEvent
from fracas.rulesets.tiers.rules.common import fighter, require_action

EFFECT = "effect"
"""The `detail` that marks a condition as a start-of-turn effect."""
MAX_TURNS = 100


@dataclass(frozen=True, slots=True, kw_only=True)
class GiveEffect(Action):
    """The GM's ruling: `target` bears the effect `name` until the start of its `turns`-th
    turn from now, when it ends unless its first action extends it."""

    do: ClassVar[str] = "effect"
    by_gm: ClassVar[bool] = True
    target: str
    name: Annotated[str, Field(min_length=1, max_length=60)]
    turns: Annotated[Int, Field(ge=1, le=MAX_TURNS)] = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Extend(Action):
    """The bearer's first action of a turn at whose start `effect` ends: it lasts `turns`
    more starts of the bearer's turn."""

    do: ClassVar[str] = "extend"
    effect: str
    turns: Annotated[Int, Field(ge=1, le=MAX_TURNS)] = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class EffectsInPlay(TiersEvent):
    """The effects a character bears at the start of its turn, for the GM to apply."""

    kind: ClassVar[str] = "effects_in_play"
    combatant: str
    effects: tuple[str, ...]
    ending: tuple[str, ...]

    def describe(self) -> str:
        said = f"{self.combatant}: effects in play: {', '.join(self.effects)}"
        if self.ending:
            said += f" ({', '.join(self.ending)} ending unless the first action extends it)"
        return said


def _effect(target: str, name: str, turns: int) -> Condition:
    return Condition(
        name=name,
        source=GM,
        expiry=Expiry.START_OF_TURN,
        anchor=target,
        count=turns + 1,
        detail=EFFECT,
    )


def effects(state: EncounterState, bearer: str) -> list[Condition]:
    return [c for c in fighter(state, bearer).conditions if c.detail == EFFECT]


def ending(state: EncounterState, bearer: str) -> list[Condition]:
    """The effects that end at the start of this, the bearer's own, turn."""
    if state.actor != bearer:
        return []
    return [c for c in effects(state, bearer) if c.count == 1 and c.anchor == bearer]


def verify_give(state: EncounterState, action: GiveEffect) -> None:
    fighter(state, action.target)


def resolve_give(tx: Transaction, action: GiveEffect) -> None:
    effect = _effect(action.target, action.name, action.turns)
    tx.emit(ConditionApplied(target=action.target, condition=effect))


def verify_extend(state: EncounterState, action: Extend) -> None:
    actor = fighter(state, action.actor)
    names = [c.name for c in ending(state, actor.id)]
    if action.effect not in names:
        if any(c.name == action.effect for c in effects(state, actor.id)):
            raise IllegalAction(
                f"{actor.id}'s {action.effect} does not end at the start of this turn; only "
                "an ending effect is extended"
            )
        raise IllegalAction(
            f"{actor.id} bears no effect {action.effect!r} ending now (an ending effect is "
            "extended only by the turn's first action)"
        )
    require_action(actor, contested=False)


def resolve_extend(tx: Transaction, action: Extend) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action=f"extend {action.effect}", contested=False))
    tx.emit(
        ConditionApplied(
            target=action.actor, condition=_effect(action.actor, action.effect, action.turns)
        )
    )


def wear_off(tx: Transaction, bearer: str, why: str) -> None:
    for effect in ending(tx.state, bearer):
        tx.emit(ConditionRemoved(target=bearer, name=effect.name, why=why))


def before_action(tx: Transaction, action: Action) -> None:
    """A declared action other than `extend` (or ending the turn) lets the ending effects
    wear off first: the extension had to be the turn's first declared action."""
    if isinstance(action, Extend) or action.by_gm or action.actor != tx.state.actor:
        return
    if isinstance(action, EndTurn):
        wear_off(tx, action.actor, "start of turn, the turn ended without extending it")
    elif not action.free:
        wear_off(tx, action.actor, f"start of turn, not extended by the first action ({action.do})")


def at_turn_start(tx: Transaction, combatant: str, skipped: bool) -> None:
    """Log the effects in play ("apply those effects"); a skipped turn declares nothing."""
    borne = effects(tx.state, combatant)
    if not borne:
        return
    ending_now = tuple(c.name for c in ending(tx.state, combatant))
    tx.emit(
        EffectsInPlay(combatant=combatant, effects=tuple(c.name for c in borne), ending=ending_now)
    )
    if skipped:
        wear_off(tx, combatant, "start of turn, the bearer cannot act to extend it")
