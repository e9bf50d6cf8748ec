"""Lighting and dropping a torch (seed 001, "Turns & Actions", "Be Afraid of the Dark").

"Non-contested actions include: ... lighting a torch"; "Free actions can be used to: ... drop a
weapon (or any other object)"; "A lit campfire, torch, or candle will project a 5-tile radius
of bright light and a secondary 10-tile radius of Low Light 1".

A light carried unlit (`map.lights[]` with `carried_by` and `lit: false`) is lit with
`light_torch`, one non-contested action (reservable, like the others): from then on it lights
round its carrier as any carried light does (B44). `drop_torch`, a free action on anyone's
turn, sets a lit carried light down on the carrier's tile, where it stays and shines while
the carrier walks off. The seed names torches; the same goes for a carried candle or lamp
(B52). Putting a light out (wind, attacks) is the GM's ruling, not an action here.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import DropTorch, LightTorch
from fracas.rulesets.tiers.events import ActionSpent, TiersEvent
from fracas.rulesets.tiers.rules.common import fighter, require_action
from fracas.rulesets.tiers.rules.light import LitGrid


def _held(pairs: tuple[tuple[str, str], ...], who: str) -> str | None:
    """The kind of the first light in `pairs` that `who` carries, if any."""
    return next((kind for carrier, kind in pairs if carrier == who), None)


def _without(pairs: tuple[tuple[str, str], ...], who: str) -> tuple[tuple[str, str], ...]:
    """`pairs` less the first light `who` carries."""
    index = next(i for i, (carrier, _) in enumerate(pairs) if carrier == who)
    return pairs[:index] + pairs[index + 1 :]


@dataclass(frozen=True, slots=True, kw_only=True)
class TorchLit(TiersEvent):
    """A carried light lit: it now lights round its carrier."""

    kind: ClassVar[str] = "torch_lit"
    combatant: str
    light: str

    def apply(self, state: EncounterState) -> EncounterState:
        board: LitGrid = state.arena
        return state.but(
            arena=dataclasses.replace(
                board,
                unlit=_without(board.unlit, self.combatant),
                carried=(*board.carried, (self.combatant, self.light)),
            )
        )

    def describe(self) -> str:
        return f"{self.combatant} lights its {self.light}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TorchDropped(TiersEvent):
    """A lit carried light set down: a light standing on the tile from now on."""

    kind: ClassVar[str] = "torch_dropped"
    combatant: str
    light: str
    at: tuple[int, int]

    def apply(self, state: EncounterState) -> EncounterState:
        board: LitGrid = state.arena
        x, y = self.at
        return state.but(
            arena=dataclasses.replace(
                board,
                carried=_without(board.carried, self.combatant),
                sources=(*board.sources, (x, y, self.light)),
            )
        )

    def describe(self) -> str:
        return f"{self.combatant} sets its lit {self.light} down at {self.at}"


def _board(state: EncounterState) -> LitGrid:
    board = state.arena
    if not isinstance(board, LitGrid):
        raise IllegalAction("this map has no lights to carry")
    return board


def verify_light(state: EncounterState, action: LightTorch) -> None:
    actor = fighter(state, action.actor)
    if _held(_board(state).unlit, actor.id) is None:
        lit = _held(_board(state).carried, actor.id)
        has = f"its {lit} is already lit" if lit else "it carries no light (map.lights[])"
        raise IllegalAction(f"{actor.id} has no unlit torch to light: {has}")
    require_action(actor, contested=False)


def resolve_light(tx: Transaction, action: LightTorch) -> None:
    kind = _held(_board(tx.state).unlit, action.actor)
    assert kind is not None
    tx.emit(ActionSpent(combatant=action.actor, action=f"light {kind}", contested=False))
    tx.emit(TorchLit(combatant=action.actor, light=kind))


def verify_drop(state: EncounterState, action: DropTorch) -> None:
    actor = fighter(state, action.actor)
    if _held(_board(state).carried, actor.id) is None:
        raise IllegalAction(f"{actor.id} carries no lit light to drop")


def resolve_drop(tx: Transaction, action: DropTorch) -> None:
    actor = fighter(tx.state, action.actor)
    kind = _held(_board(tx.state).carried, actor.id)
    assert kind is not None
    tx.emit(TorchDropped(combatant=actor.id, light=kind, at=actor.tile))
