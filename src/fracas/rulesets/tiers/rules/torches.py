"""Lighting and dropping a torch (seed 001, "Turns & Actions", "Be Afraid of the Dark").

"Non-contested actions include: ... lighting a torch"; "Free actions can be used to: ... drop a
weapon (or any other object)"; "A lit campfire, torch, or candle will project a 5-tile radius
of bright light and a secondary 10-tile radius of Low Light 1".

A light carried unlit (`map.lights[]` with `carried_by` and `lit: false`) is lit with
`light_torch`, one non-contested action (reservable, like the others): from then on it lights
round its carrier as any carried light does (B44). `drop_torch`, a free action on anyone's
turn, sets a lit carried light down on the carrier's tile, where it stays and shines while
the carrier walks off. The seed names torches; the same goes for a carried candle or lamp
(B52).

"A candle without a lamp is susceptible to being put out from wind, or attacks, or many other
clever ideas allowed by your GM. The campfire, torch, & candle housed in a hurricane lamp
would be much more difficult to put out (possibly taking several rounds)." (B56) A lit bare
`candle` carried goes out when its carrier takes damage (option `candle_out: hurt`): checked
after every action, it becomes an unlit light its carrier may light again. Wind and the
clever ideas are the GM's: `put_out` (GM only) puts out any light, carried or standing, a
candle at once, and a torch, campfire or `hurricane_lamp` when the GM rules that the rounds
it took are over.

"Unless you have a light source that fills the room, some weird magic, or dark vision": the
seed names no spell that makes light, so a light that appears mid-fight is the GM's too:
`place_light` (GM only) sets a lit light of a named kind on a tile, where it shines as a
torch does until put out.

A light set down is picked up again with `take_light`, one non-contested action like any
grab of an object, from the taker's own tile or a neighbouring one; it goes on shining round
its new carrier. A campfire is not carried (B64). A carried lit light thrown with
`throw_object` (its kind as the item) lands lit where it was thrown (rules/throwing.py).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import DropTorch, LightTorch, PlaceLight, PutOut, TakeLight
from fracas.rulesets.tiers.events import ActionSpent, Damaged, TiersEvent
from fracas.rulesets.tiers.rules.common import distance, fighter, options, require_action
from fracas.rulesets.tiers.rules.light import LitGrid


def _held(pairs: tuple[tuple[str, str], ...], who: str) -> str | None:
    """The kind of the first light in `pairs` that `who` carries, if any."""
    return next((kind for carrier, kind in pairs if carrier == who), None)


def _without(
    pairs: tuple[tuple[str, str], ...], who: str, kind: str | None = None
) -> tuple[tuple[str, str], ...]:
    """`pairs` less the first light `who` carries (of that `kind`, when given)."""
    index = next(i for i, (carrier, k) in enumerate(pairs) if carrier == who and kind in (None, k))
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
                carried=_without(board.carried, self.combatant, self.light),
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


# -- putting lights out ----------------------------------------------------------------------

CANDLE = "candle"
"""The one light the seed calls easy to put out: "A candle without a lamp"."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LightOut(TiersEvent):
    """A light put out: a carried one is carried on unlit (it may be lit again), a standing
    one is gone from the map."""

    kind: ClassVar[str] = "light_out"
    light: str
    carried_by: str | None = None
    at: tuple[int, int] | None = None
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        board: LitGrid = state.arena
        if self.carried_by is not None:
            return state.but(
                arena=dataclasses.replace(
                    board,
                    carried=_without(board.carried, self.carried_by, self.light),
                    unlit=(*board.unlit, (self.carried_by, self.light)),
                )
            )
        assert self.at is not None
        return state.but(
            arena=dataclasses.replace(board, sources=_without_source(board.sources, self.at))
        )

    def describe(self) -> str:
        whose = f"{self.carried_by}'s" if self.carried_by is not None else f"the {self.at}"
        return f"{whose} {self.light} goes out ({self.why})"


def verify_put_out(state: EncounterState, action: PutOut) -> None:
    board = _board(state)
    if (action.carried_by is None) == (action.at is None):
        raise IllegalAction(
            "put_out names one light: `carried_by` (who carries it lit) or `at: {x, y}` (where "
            "it stands), not both or neither"
        )
    if action.carried_by is not None:
        carrier = fighter(state, action.carried_by)
        if _held(board.carried, carrier.id) is None:
            raise IllegalAction(f"{carrier.id} carries no lit light to put out")
        return
    if not any((x, y) == action.at for x, y, _ in board.sources):
        standing = ", ".join(f"({x}, {y})" for x, y, _ in board.sources) or "none"
        raise IllegalAction(f"no light stands at {action.at}; lights standing: {standing}")


def resolve_put_out(tx: Transaction, action: PutOut) -> None:
    board = _board(tx.state)
    if action.carried_by is not None:
        kind = _held(board.carried, action.carried_by)
        assert kind is not None
    else:
        kind = next(k for x, y, k in board.sources if (x, y) == action.at)
    tx.emit(LightOut(light=kind, carried_by=action.carried_by, at=action.at, why="the GM's ruling"))


def snuff_candles(tx: Transaction) -> None:
    """After an action: each lit bare candle whose carrier took damage in it goes out (B56)."""
    board = tx.state.arena
    if not isinstance(board, LitGrid) or options(tx.state).candle_out != "hurt":
        return
    hurt = dict.fromkeys(e.target for e in tx.events if isinstance(e, Damaged) and e.amount > 0)
    for carrier in hurt:
        if CANDLE in (kind for who, kind in tx.state.arena.carried if who == carrier):
            tx.emit(LightOut(light=CANDLE, carried_by=carrier, why=f"{carrier} is hurt"))


# -- lights the GM brings in -----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class LightPlaced(TiersEvent):
    """A lit light set on a tile by the GM's ruling: it stands there from now on."""

    kind: ClassVar[str] = "light_placed"
    light: str
    at: tuple[int, int]

    def apply(self, state: EncounterState) -> EncounterState:
        board: LitGrid = state.arena
        x, y = self.at
        return state.but(
            arena=dataclasses.replace(board, sources=(*board.sources, (x, y, self.light)))
        )

    def describe(self) -> str:
        return f"a lit {self.light} now stands at {self.at} (the GM's ruling)"


def verify_place_light(state: EncounterState, action: PlaceLight) -> None:
    board = _board(state)
    tile = action.at
    if not board.inside(tile):
        raise IllegalAction(
            f"place_light at {tile} is off the map; x is 0-{board.width - 1}, "
            f"y 0-{board.height - 1}"
        )
    if tile in board.walls:
        raise IllegalAction(f"place_light at {tile}: that tile is a wall or terrain")
    if any((x, y) == tile for x, y, _ in board.sources):
        raise IllegalAction(f"a light already stands at {tile}")


def resolve_place_light(tx: Transaction, action: PlaceLight) -> None:
    tx.emit(LightPlaced(light=action.light, at=action.at))


# -- picking a light up, throwing one ----------------------------------------------------------

CAMPFIRE = "campfire"
"""The one light that stays where it burns (B64)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LightTaken(TiersEvent):
    """A standing light picked up: off its tile, carried lit by the taker from now on."""

    kind: ClassVar[str] = "light_taken"
    combatant: str
    light: str
    at: tuple[int, int]

    def apply(self, state: EncounterState) -> EncounterState:
        board: LitGrid = state.arena
        return state.but(
            arena=dataclasses.replace(
                board,
                sources=_without_source(board.sources, self.at),
                carried=(*board.carried, (self.combatant, self.light)),
            )
        )

    def describe(self) -> str:
        return f"{self.combatant} picks up the lit {self.light} at {self.at}"


@dataclass(frozen=True, slots=True, kw_only=True)
class LightThrown(TorchDropped):
    """A carried lit light thrown onto a tile (rules/throwing.py): it stands there, lit, as a
    light set down does; only the log's words differ."""

    kind: ClassVar[str] = "light_thrown"

    def describe(self) -> str:
        return f"{self.combatant} throws its lit {self.light} onto {self.at}, where it burns on"


def _without_source(
    sources: tuple[tuple[int, int, str], ...], at: tuple[int, int]
) -> tuple[tuple[int, int, str], ...]:
    index = next(i for i, (x, y, _) in enumerate(sources) if (x, y) == at)
    return sources[:index] + sources[index + 1 :]


def _standing_near(state: EncounterState, action: TakeLight) -> tuple[int, int, str]:
    """The light `take_light` picks up, or a refusal saying why none."""
    actor = fighter(state, action.actor)
    near = [s for s in _board(state).sources if distance((s[0], s[1]), actor.tile) <= 1]
    if action.at is not None:
        near = [s for s in near if (s[0], s[1]) == action.at]
    if not near:
        where = f"at {action.at}" if action.at is not None else f"on or next to {actor.tile}"
        raise IllegalAction(f"no lit light stands {where}; take_light reaches one tile")
    if len(near) > 1:
        tiles = ", ".join(f"({x}, {y})" for x, y, _ in near)
        raise IllegalAction(f"lights stand on {tiles}; say which with `at`")
    return near[0]


def verify_take(state: EncounterState, action: TakeLight) -> None:
    x, y, kind = _standing_near(state, action)
    if kind == CAMPFIRE:
        raise IllegalAction(f"the campfire at ({x}, {y}) burns where it is; it is not carried")
    require_action(fighter(state, action.actor), contested=False)


def resolve_take(tx: Transaction, action: TakeLight) -> None:
    x, y, kind = _standing_near(tx.state, action)
    tx.emit(ActionSpent(combatant=action.actor, action=f"take the {kind}", contested=False))
    tx.emit(LightTaken(combatant=action.actor, light=kind, at=(x, y)))


def carried_lit(state: EncounterState, who: str, kind: str) -> bool:
    """Whether `who` carries a lit light of `kind` (what a thrown `item` may name)."""
    board = state.arena
    return isinstance(board, LitGrid) and (who, kind) in board.carried
