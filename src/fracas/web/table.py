"""What one seat sees of one encounter at one step: the data every fragment of the page is
rendered from.

Everything a player receives is built from the ruleset's redaction: the map from
`map_view(state, viewer)`, the tracker from that map's tokens, the log from `shown`, the
action panel from `action_choices` built for the player (which offers nobody the player's
map does not show), without odds: `odds.py` works those out for the group a user opens.
The GM's seat sees with viewer None. Nothing here reads the bare state for a player except
whose turn it is, when that combatant is the player's own.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import cast

from fracas.core.choices import ActionChoice, action_choices
from fracas.core.mapview import MapView, Token
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState
from fracas.store import EncounterStore, Entry, Link
from fracas.web import svg
from fracas.web.log import LogLine, log_lines
from fracas.web.seat import Seat

CACHE_SIZE = 256
"""Snapshots kept per server: a broadcast builds one per distinct seat and step, and every
browser on that seat shares it."""


@dataclass(frozen=True, slots=True)
class TrackerRow:
    token: Token
    standing: str
    colour: str


@dataclass(frozen=True, slots=True)
class Snapshot:
    encounter_id: str
    title: str
    ruleset: str
    seq: int
    role: str
    viewer: str | None
    map_svg: str
    view: MapView
    tracker: tuple[TrackerRow, ...]
    actor: str | None
    """Whose action panel is shown: the acting combatant, when this seat may act for it."""
    waiting_for: str | None
    choices: tuple[ActionChoice, ...]
    log: tuple[LogLine, ...]
    undoable: bool = False
    redoable: bool = False
    combatants: tuple[tuple[str, str], ...] = ()
    """(id, name) of everyone, for the GM's override and link forms only."""
    links: tuple[Link, ...] = field(default=())


class Tables:
    """Builds snapshots from the store, keeping the recent ones: the same seat at the same
    step is the same snapshot, however many browsers ask."""

    def __init__(self, store: EncounterStore) -> None:
        self.store = store
        self._cache: OrderedDict[tuple[object, ...], Snapshot] = OrderedDict()
        self._histories: OrderedDict[tuple[str, int], list[Entry]] = OrderedDict()
        self._lock = threading.Lock()

    def _history(self, encounter_id: str, seq: int) -> list[Entry]:
        """The log up to step `seq`, read once for every seat of that step: a step's log
        never changes once taken (an undo is a later step)."""
        with self._lock:
            found = self._histories.get((encounter_id, seq))
        if found is not None:
            return found
        entries = [e for e in self.store.history(encounter_id) if e.seq <= seq]
        if entries and entries[-1].seq == seq:
            with self._lock:
                self._histories[(encounter_id, seq)] = entries
                while len(self._histories) > CACHE_SIZE:
                    self._histories.popitem(last=False)
        return entries

    def snapshot(self, seat: Seat) -> Snapshot:
        loaded = self.store.load(seat.encounter_id)
        state = loaded.encounter.state
        viewer = seat.viewer(state)
        links = tuple(self.store.links(seat.encounter_id)) if seat.is_gm else ()
        key = (seat.encounter_id, loaded.seq, seat.role, viewer, seat.combatants, links)
        with self._lock:
            found = self._cache.get(key)
        if found is not None:
            return found
        ruleset = cast(BaseRuleset, loaded.encounter.ruleset)
        view = ruleset.map_view(state, viewer)
        actor = state.actor if state.actor is not None and _may_act(seat, state.actor) else None
        choices = (
            tuple(action_choices(ruleset, state, actor, as_gm=seat.is_gm, odds=False))
            if actor is not None
            else ()
        )
        entries = self._history(seat.encounter_id, loaded.seq)
        made = Snapshot(
            encounter_id=seat.encounter_id,
            title=loaded.meta.title,
            ruleset=loaded.ruleset,
            seq=loaded.seq,
            role=seat.role,
            viewer=viewer,
            map_svg=svg.render(view),
            view=view,
            tracker=_tracker(ruleset, state, view),
            actor=actor,
            waiting_for=_turn_name(view),
            choices=choices,
            log=tuple(log_lines(ruleset, loaded.encounter.setup, entries, viewer)),
            undoable=seat.is_gm and loaded.encounter.undoable,
            redoable=seat.is_gm and loaded.encounter.redoable,
            combatants=tuple((c.id, c.name) for c in state.combatants) if seat.is_gm else (),
            links=links,
        )
        with self._lock:
            self._cache[key] = made
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        return made


def _may_act(seat: Seat, actor: str) -> bool:
    return seat.is_gm or actor in seat.combatants


def _turn_name(view: MapView) -> str | None:
    """The name of whose turn it is, when the viewer's map shows it."""
    if view.turn is None:
        return None
    token = view.token(view.turn)
    return token.name if token is not None else None


def _tracker(ruleset: BaseRuleset, state: EncounterState, view: MapView) -> tuple[TrackerRow, ...]:
    """The viewer's known combatants in turn order (initiative) or as listed (ticks), each
    with its place in the turn flow; only tokens of the viewer's map appear."""
    colours = {side: svg.PALETTE[n % len(svg.PALETTE)] for n, side in enumerate(view.sides)}
    order = list(getattr(state.turns, "order", ()) or ())
    known = [t for t in view.tokens if t.id is not None]

    def place(token: Token) -> int:
        return order.index(token.id) if token.id in order else len(order)

    rows = []
    for token in sorted(known, key=place):
        assert token.id is not None
        standing = state.turns.standing(token.id) or ""
        colour = colours.get(token.side or "", svg.UNKNOWN)
        rows.append(TrackerRow(token, standing, colour))
    return tuple(rows)
