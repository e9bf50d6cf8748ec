"""What one seat sees of one encounter at one step: the data every fragment of the page is
rendered from.

Everything a player receives is built from the ruleset's redaction: the map from
`map_view(state, viewer)` (drawn once for everyone where the ruleset keeps nothing from
anyone's map, `same_for_all`), the tracker from that map's tokens, the log from `shown`, the
action panel from `action_choices` built for the player (which offers nobody the player's
map does not show), without odds: `odds.py` works those out for the group a user opens.
The GM's seat sees with viewer None. Nothing here reads the bare state for a player except
whose turn it is, when that combatant is the player's own.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, cast

from fracas.core.actions import Action
from fracas.core.choices import ActionChoice, Sight, choices_in_sight, legal_actions, sight_of
from fracas.core.encounter import replay
from fracas.core.events import Event
from fracas.core.mapview import MapView, Token, model_of
from fracas.core.ruleset import BaseRuleset, Ruleset
from fracas.core.state import EncounterState
from fracas.store import Acted, EncounterStore, Entry, Link
from fracas.store.live import decode_events
from fracas.web import svg
from fracas.web.kept import Kept
from fracas.web.log import LogFold, LogLine
from fracas.web.seat import Seat

CACHE_SIZE = 256
"""Snapshots kept per server: a broadcast builds one per distinct seat and step, and every
browser on that seat shares it."""
FIGHTS = 256
"""Fights kept in memory per server: more than a server's tables play at once."""


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
    drawn: svg.Drawn
    view: MapView
    tracker: tuple[TrackerRow, ...]
    actor: str | None
    """Whose action panel is shown: the acting combatant, when this seat may act for it."""
    waiting_for: str | None
    choices: tuple[ActionChoice, ...]
    log: tuple[LogLine, ...]
    undone: tuple[int, ...]
    """The steps of the log's lines that were taken back."""
    undoable: bool = False
    redoable: bool = False
    combatants: tuple[tuple[str, str], ...] = ()
    """(id, name) of everyone, for the GM's override and link forms only."""
    links: tuple[Link, ...] = field(default=())

    @property
    def map_svg(self) -> str:
        return self.drawn.svg


@dataclass(eq=False)
class Fight:
    """One encounter as this server last read it: the state at `seq`, and its log folded up
    to there (log.LogFold), kept between steps so a step costs the server one read of what
    is new, not a replay of the log for every seat."""

    encounter_id: str
    title: str
    ruleset_id: str
    ruleset: BaseRuleset
    seq: int
    state: EncounterState
    undoable: bool
    redoable: bool
    fold: LogFold
    links: tuple[Link, ...] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    _legal: dict[str, tuple[tuple[Action, dict[str, Any]], ...]] = field(
        default_factory=dict, init=False
    )
    _choices: dict[tuple[str, Sight], tuple[ActionChoice, ...]] = field(
        default_factory=dict, init=False
    )
    _maps: dict[str | None, MapView] = field(default_factory=dict, init=False)
    _drawn: dict[str | None, tuple[svg.Drawn, tuple[TrackerRow, ...]]] = field(
        default_factory=dict, init=False
    )

    def map_view(self, viewer: str | None) -> MapView:
        """`viewer`'s map (None: the GM's) at this step, drawn once for every seat that
        sees with it; where the map is the same for everyone (`same_for_all`), a player's
        is the GM's under the player's name."""
        found = self._maps.get(viewer)
        if found is None:
            if viewer is not None and same_for_all(self.ruleset):
                found = replace(self.map_view(None), viewer=viewer)
            else:
                found = self.ruleset.map_view(self.state, viewer)
            self._maps[viewer] = found
        return found

    def drawn(self, viewer: str | None) -> tuple[svg.Drawn, tuple[TrackerRow, ...]]:
        """The markup of `viewer`'s map and its tracker rows, drawn once a step for each
        map that differs: once for everyone where the map is the same for all (neither
        reads the map's `viewer`)."""
        drawn_for = None if same_for_all(self.ruleset) else viewer
        found = self._drawn.get(drawn_for)
        if found is None:
            view = self.map_view(drawn_for)
            found = (svg.draw(view), _tracker(self.ruleset, self.state, view))
            self._drawn[drawn_for] = found
        return found

    def choices(self, actor: str, sight: Sight) -> tuple[ActionChoice, ...]:
        """The action panel's choices of `actor` at this step for a viewer with `sight`,
        built once for every seat whose sight is the same (the GM's and the acting
        player's, when the player's map identifies everyone the GM's does), and the legal
        actions under them once for every seat (`core.choices.choices_in_sight`). Kept
        with this step's fight, so a new step builds them anew."""
        found = self._choices.get((actor, sight))
        if found is None:
            legal = self._legal.get(actor)
            if legal is None:
                legal = self._legal[actor] = legal_actions(self.ruleset, self.state, actor)
            found = tuple(
                choices_in_sight(self.ruleset, self.state, actor, sight, legal, odds=False)
            )
            self._choices[(actor, sight)] = found
        return found


class Tables:
    """Builds snapshots from the fights this server keeps in memory (`Fight`), keeping the
    recent snapshots too: the same seat at the same step is the same snapshot, however many
    browsers ask. The store stays the authority: a fight is read again whenever a caller
    needs a step newer than the one kept, and `fight` with no step always asks the store."""

    def __init__(self, store: EncounterStore) -> None:
        self.store = store
        self._snapshots: Kept[Snapshot] = Kept(CACHE_SIZE)
        self._fights: OrderedDict[str, Fight] = OrderedDict()
        self._lock = threading.Lock()

    def fight(self, encounter_id: str, at_least: int | None = None) -> Fight:
        """The fight at step `at_least` or later, from memory when it is kept that far;
        None: as the store has it now (one read)."""
        with self._lock:
            kept = self._fights.get(encounter_id)
        if kept is not None and at_least is not None and kept.seq >= at_least:
            return kept
        return self._refresh(encounter_id, kept)

    def fight_at(self, encounter_id: str, seq: int | None) -> Fight:
        """The fight for judging an action decided on step `seq`: the kept one when it is at
        that step (were the store further on, the store refuses the action as stale),
        else the store's."""
        with self._lock:
            kept = self._fights.get(encounter_id)
        if kept is not None and seq is not None and kept.seq == seq:
            return kept
        return self._refresh(encounter_id, kept)

    def record(self, encounter_id: str, acted: Acted, dice: Any) -> None:
        """An action this process just committed, taken into the kept fight without a
        read: the entry is the one the store wrote (the action in its stored spelling, the
        dice typed in), the state the one the store resolved. Only onto the step right
        before it; otherwise (a step written meanwhile by another caller or process) the
        next `fight` reads the store."""
        if acted.kind != "action":
            return
        stored = json.loads(acted.action_json)
        self._take(encounter_id, acted.seq, stored, acted.events, lambda _: acted.state, dice)

    def heard(self, encounter_id: str, seq: int, entry: Any) -> None:
        """An action another worker of this server committed (web/bus.py), as it wrote it:
        taken in as `record` takes this process's own, its state replayed from its events
        (nothing rolled), when the kept fight is at the step before. Anything else, or an
        entry that does not read, is left for the next `fight`'s read of the store."""
        if not isinstance(entry, dict):
            return
        with self._lock:
            kept = self._fights.get(encounter_id)
        if kept is None or kept.seq != seq - 1:
            return
        try:
            events = decode_events(cast(Ruleset, kept.ruleset), entry["events"])
            action, dice = json.loads(entry["action"]), entry.get("dice")
        except Exception:  # a malformed word from a worker: the store still has the truth
            return
        if not isinstance(action, dict):
            return

        def replayed(fight: Fight) -> EncounterState:
            return replay(cast(Ruleset, fight.ruleset), fight.state, events)

        self._take(encounter_id, seq, action, events, replayed, dice)

    def _take(
        self,
        encounter_id: str,
        seq: int,
        action: dict[str, Any],
        events: tuple[Event, ...],
        state: Callable[[Fight], EncounterState],
        dice: Any,
    ) -> None:
        """Move the kept fight from step `seq - 1` to `seq` by one action entry."""
        with self._lock:
            kept = self._fights.get(encounter_id)
        if kept is None or kept.seq != seq - 1:
            return
        entry = Entry(
            seq=seq,
            kind="action",
            action=action,
            events=events,
            undone=False,
            at="",
            dice=None if dice is None else tuple(dice),
        )
        made = replace(kept, seq=seq, state=state(kept), undoable=True, redoable=False)
        with kept.lock:
            if kept.fold.seq != seq - 1:
                return
            kept.fold.extend([entry])
        with self._lock:
            if self._fights.get(encounter_id) is kept:
                self._fights[encounter_id] = made

    def forget_links(self, encounter_id: str) -> None:
        """The encounter's links changed in this process: read them again when next shown."""
        with self._lock:
            kept = self._fights.get(encounter_id)
        if kept is not None:
            with kept.lock:
                kept.links = None

    def _refresh(self, encounter_id: str, kept: Fight | None) -> Fight:
        fold: LogFold | None = None
        if kept is not None:
            loaded, entries = self.store.follow(encounter_id, after=kept.seq)
            if kept.seq <= loaded.seq and kept.ruleset_id == loaded.ruleset:
                fold = kept.fold
        else:
            loaded = self.store.load(encounter_id)
        ruleset = cast(BaseRuleset, loaded.encounter.ruleset)
        if fold is None:
            fold = LogFold(ruleset, loaded.encounter.setup)
            entries = self.store.history(encounter_id)
        made = Fight(
            encounter_id=encounter_id,
            title=loaded.meta.title,
            ruleset_id=loaded.ruleset,
            ruleset=ruleset,
            seq=loaded.seq,
            state=loaded.encounter.state,
            undoable=loaded.encounter.undoable,
            redoable=loaded.encounter.redoable,
            fold=fold,
            links=kept.links if kept is not None else None,
        )
        lock = kept.lock if kept is not None and kept.fold is fold else made.lock
        made.lock = lock
        with lock:
            fold.extend(e for e in entries if e.seq <= loaded.seq)
        with self._lock:
            now = self._fights.get(encounter_id)
            if now is None or now.seq <= made.seq:
                self._fights[encounter_id] = made
            self._fights.move_to_end(encounter_id)
            while len(self._fights) > FIGHTS:
                self._fights.popitem(last=False)
        return made

    def _links(self, fight: Fight) -> tuple[Link, ...]:
        with fight.lock:
            links = fight.links
        if links is None:
            links = tuple(self.store.links(fight.encounter_id))
            with fight.lock:
                fight.links = links
        return links

    def snapshot(self, seat: Seat, fight: Fight | None = None) -> Snapshot:
        """The seat's snapshot of `fight` (default: the fight as the store has it now)."""
        if fight is None:
            fight = self.fight(seat.encounter_id)
        viewer = seat.viewer(fight.state)
        links = self._links(fight) if seat.is_gm else ()
        key = (seat.encounter_id, fight.seq, seat.role, viewer, seat.combatants, links)
        return self._snapshots.get(key, lambda: self._snapshot(seat, fight, viewer, links))

    def _snapshot(
        self, seat: Seat, fight: Fight, viewer: str | None, links: tuple[Link, ...]
    ) -> Snapshot:
        """The seat's snapshot drawn afresh (`snapshot` keeps what this makes)."""
        state = fight.state
        view = fight.map_view(viewer)
        drawn, tracker = fight.drawn(viewer)
        actor = state.actor if state.actor is not None and _may_act(seat, state.actor) else None
        choices: tuple[ActionChoice, ...] = ()
        if actor is not None:
            built_for = None if seat.is_gm else actor  # as `action_choices` sees the map
            choices = fight.choices(actor, sight_of(fight.map_view(built_for)))
        with fight.lock:  # the fold may be further on (a newer refresh): cut below
            lines = fight.fold.lines(viewer)
            undone = fight.fold.taken_back(viewer)
        if lines and lines[-1].seq > fight.seq:
            lines = [line for line in lines if line.seq <= fight.seq]
            undone = tuple(line.seq for line in lines if line.undone)
        return Snapshot(
            encounter_id=seat.encounter_id,
            title=fight.title,
            ruleset=fight.ruleset_id,
            seq=fight.seq,
            role=seat.role,
            viewer=viewer,
            drawn=drawn,
            view=view,
            tracker=tracker,
            actor=actor,
            waiting_for=_turn_name(view),
            choices=choices,
            log=tuple(lines),
            undone=undone,
            undoable=seat.is_gm and fight.undoable,
            redoable=seat.is_gm and fight.redoable,
            combatants=tuple((c.id, c.name) for c in state.combatants) if seat.is_gm else (),
            links=links,
        )


def same_for_all(ruleset: BaseRuleset) -> bool:
    """Whether every viewer's map is the GM's but for its `viewer`: the ruleset shows
    everyone the whole state (its `view` and `map_view` are `BaseRuleset`'s) and its map
    model reads the viewer only through that view (`MapModel.viewer_blind`). A ruleset
    that redacts its view is drawn for each viewer from what that viewer may know."""
    kind = type(ruleset)
    return (
        model_of(ruleset).viewer_blind
        and kind.view is BaseRuleset.view
        and kind.map_view is BaseRuleset.map_view
    )


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
