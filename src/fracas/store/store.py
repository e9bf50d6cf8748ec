"""The encounter store: fights that outlive the process playing them.

Each encounter is its scenario text, its seed and an append-only log. Entry 0 is the
opening (initiative); every later entry is one action with the events it produced, or an
undo or a redo naming the action entry it takes back or restores. Nothing is ever updated
or deleted in the log, so the whole evening can be read back, and the live fight is always
what the log rebuilds (see `live.rebuild`).

Every write is one transaction that (1) locks the encounter against other writers, (2)
checks the sequence number the caller decided on, (3) resolves the action against the
fight as the log left it and (4) appends the entry; when `act` returns, the commit is on
disk. A refusal at any step rolls everything back. An in-process cache keeps the live fight
of recently used encounters keyed by their sequence number, so a busy fight is not rebuilt
for every action; a fight changed by another process has a newer seq and is rebuilt.

Dice: an action rolls from `Random(f"{seed}:{seq}")`, the stored seed and the entry's own
sequence number, so it rolls the same whether or not the process restarted between two
actions, and an import can re-resolve the log to prove it. The opening and the scenario's
own `actions:` roll as `fracas run` does (the file's scripted `dice:`, else one stream from
the seed), so `fracas encounter new FILE --seed 7` starts where `fracas run` would.
"""

from __future__ import annotations

import builtins
import hmac
import json
import pickle
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from fracas.core.errors import FracasError
from fracas.core.events import Event
from fracas.store import schema, snapshots
from fracas.store.batch import BATCH_LIVES, GroupCommit, for_engine, refused_write
from fracas.store.document import replayed
from fracas.store.engine import database_url, make_engine
from fracas.store.lane import AheadWrite, Lane
from fracas.store.limits import (
    MAX_ENTRIES,
    MAX_LABEL,
    MAX_LINKS,
    action_json,
    check_scenario,
    check_seed,
    faces_of,
    looks_like_key,
)
from fracas.store.live import (
    Live,
    LogRow,
    NewFight,
    decode_events,
    encode,
    encode_events,
    play_scenario,
    rebuild,
)
from fracas.store.live import scenario_spec as parse_stored
from fracas.store.results import (
    Access,
    Acted,
    Created,
    EncounterSummary,
    Entry,
    EntryKind,
    Link,
    Loaded,
    Role,
    StaleSequence,
    StoreError,
)

CACHE_SIZE = 64
"""Live fights kept in memory per store: more than a server's tables play at once."""
CATCH_UP = 32
"""How many steps behind the store a cached fight may be and still be brought forward from
its log entries rather than rebuilt from the snapshot."""
FORMAT = "fracas-encounter"
FORMAT_VERSION = 1


def open_store(url: str | None = None) -> EncounterStore:
    """The store at `url`; None reads FRACAS_DATABASE_URL, else ./fracas.db (SQLite).
    Creates the tables of a new database and migrates an older one forward."""
    return EncounterStore(make_engine(database_url(url)))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


# The statements of every action, built once: executing a built statement with its values
# spares SQLAlchemy building it and working out its cache key again for each write (a
# fifth of an action's time in the store). Every value is still a bound parameter.
_ENCOUNTER = sa.select(schema.encounters).where(
    schema.encounters.c.id == sa.bindparam("encounter_id")
)
_ENCOUNTER_LOCKED = _ENCOUNTER.with_for_update()
_ADD_ENTRY = sa.insert(schema.entries)
_LOG_AFTER = (
    sa.select(
        schema.entries.c.seq,
        schema.entries.c.kind,
        schema.entries.c.action,
        schema.entries.c.events,
        schema.entries.c.target,
        schema.entries.c.dice,
        schema.entries.c.at,
    )
    .where(
        schema.entries.c.encounter_id == sa.bindparam("encounter_id"),
        schema.entries.c.seq > sa.bindparam("after"),
    )
    .order_by(schema.entries.c.seq)
)
_STEP = (
    sa.update(schema.encounters)
    .where(schema.encounters.c.id == sa.bindparam("encounter_id"))
    .values(
        seq=sa.bindparam("new_seq"),
        outcome=sa.bindparam("new_outcome"),
        updated=sa.bindparam("new_updated"),
    )
)
_ADVANCE = _STEP.where(schema.encounters.c.seq == sa.bindparam("ahead_seq"))
"""The fight's row moved on to an entry's step only if it still stands at the step the entry
was resolved at (`write_ahead`): the check and the row's lock in one statement."""
_ADVANCED = _ADVANCE.returning(schema.encounters.c.id).cte("advanced")
_APPEND_AHEAD = (
    sa.insert(schema.entries)
    .from_select(
        ["encounter_id", "seq", "kind", "action", "events", "target", "dice", "at"],
        sa.select(
            _ADVANCED.c.id,
            *(
                sa.bindparam(name, type_=schema.entries.c[name].type)
                for name in ("seq", "kind", "action", "events", "target", "dice", "at")
            ),
        ),
    )
    .returning(schema.entries.c.seq)
)
"""PostgreSQL: `_ADVANCE` and the entry's insert as one statement, so an action resolved
ahead is written in one round trip and committed on its own: the entry is appended only
if the row moved on (`write_ahead`), and returns its step when it was (psycopg reports no
row count for a statement that begins with a CTE)."""


class EncounterStore:
    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine
        try:
            self.schema_version = schema.migrate(engine, _now)
        except sa.exc.OperationalError as error:
            engine.dispose()
            where = engine.url.render_as_string(hide_password=True)
            raise StoreError(f"cannot open the database {where}: {_first_line(error)}") from None
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._seeds: dict[str, int] = {}
        """Each cached fight's dice seed (fixed at its creation), for `_resolved_ahead`."""
        self._cache_lock = threading.Lock()
        self.group = for_engine(engine, self._writing)
        """Where act, undo and redo are written: on SQLite several callers' in one commit
        (batch.py)."""
        self.lane: Lane | None = None
        """Where actions resolved ahead are committed when another process owns the
        writes (lane.py: the workers of `fracas serve --workers`); None: here."""

    @property
    def writers_take_turns(self) -> bool:
        """Whether every writer of this database, in any process, waits for one lock: so
        on SQLite, where the workers of a server commit through one process (lane.py);
        PostgreSQL's writers of different fights run side by side, each on its own."""
        return isinstance(self.group, GroupCommit)

    def close(self) -> None:
        self.group.close()
        self.engine.dispose()

    def __enter__(self) -> EncounterStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # creating ------------------------------------------------------------------------

    def create(
        self,
        scenario_text: str,
        *,
        source: str = "<text>",
        seed: int | None = None,
        title: str | None = None,
    ) -> Created:
        """Start a fight from a scenario file's text and play its listed `actions:` (never
        its autoplay: the table plays from there). A file that does not load, or an action
        in it that the rules refuse, raises ScenarioError and stores nothing."""
        check_scenario(scenario_text, source)
        spec = parse_stored(scenario_text, source)
        if seed is None:
            seed = spec.seed if spec.seed is not None else secrets.randbelow(2**31)
        seed = check_seed(seed)
        now = _now()
        live, rows = play_scenario(scenario_text, source, seed, now)
        title = (title or _title(source, spec.ruleset))[:MAX_LABEL]
        return self._insert(
            NewFight(title, spec.ruleset, source, seed, scenario_text, now, now, rows, live)
        )

    def _insert(self, fight: NewFight) -> Created:
        """Store a new fight under a fresh id, with its GM link, in one transaction."""
        encounter_id = secrets.token_hex(8)
        gm_token = secrets.token_urlsafe(32)
        with self._writing() as conn:
            conn.execute(
                sa.insert(schema.encounters).values(
                    id=encounter_id,
                    title=fight.title,
                    ruleset=fight.ruleset,
                    scenario=fight.scenario,
                    source=fight.source,
                    seed=fight.seed,
                    seq=fight.live.seq,
                    outcome=fight.live.encounter.state.outcome,
                    created=fight.created,
                    updated=fight.updated,
                )
            )
            conn.execute(
                sa.insert(schema.entries),
                [_row_values(encounter_id, row, row.at) for row in fight.rows],
            )
            self._insert_link(conn, encounter_id, gm_token, "gm", frozenset(), None, _now())
        self._keep(encounter_id, fight.live)
        return Created(encounter_id, gm_token)

    # reading -------------------------------------------------------------------------

    def list(self) -> list[EncounterSummary]:
        """Every stored encounter, the most recently played first."""
        with self._reading() as conn:
            rows = conn.execute(
                sa.select(schema.encounters).order_by(
                    schema.encounters.c.updated.desc(), schema.encounters.c.id
                )
            ).all()
        return [_summary(row) for row in rows]

    def summary(self, encounter_id: str) -> EncounterSummary:
        with self._reading() as conn:
            return _summary(self._row(conn, encounter_id))

    def scenario(self, encounter_id: str) -> str:
        """The scenario text the fight was created from, as it was given."""
        with self._reading() as conn:
            return str(self._row(conn, encounter_id).scenario)

    def load(self, encounter_id: str) -> Loaded:
        """The fight as it stands, live (its undo and redo stacks rebuilt) and independent
        of the store: acting on it changes nothing stored."""
        with self._reading() as conn:
            row = self._row(conn, encounter_id)
            live = self._live(conn, row)
        self._keep(encounter_id, live)
        return Loaded(live.copy().encounter, live.seq, row.ruleset, _summary(row))

    def history(self, encounter_id: str, *, after: int = -1) -> builtins.list[Entry]:
        """Every log entry, oldest first; `undone` marks the actions that no longer stand.
        With `after`, only the entries after that step (a reader that keeps the log so far,
        as the web server does); their `undone` then says only whether a later entry among
        them took the action back."""
        with self._reading() as conn:
            row = self._row(conn, encounter_id)
            rows = self._log_rows(conn, encounter_id, after)
        return _entries(row.ruleset, rows)

    def follow(self, encounter_id: str, *, after: int) -> tuple[Loaded, builtins.list[Entry]]:
        """`load` and `history(after=...)` at once, from one read of the fight's row and one
        of its new entries: what a reader that keeps the fight at step `after` needs to
        come up to the store's step (the web server's `Tables`, at every step another
        process or worker wrote)."""
        with self._reading() as conn:
            row = self._row(conn, encounter_id)
            rows = self._log_rows(conn, encounter_id, after)
            live = self._live(conn, row, (after, rows))
        self._keep(encounter_id, live)
        loaded = Loaded(live.copy().encounter, live.seq, row.ruleset, _summary(row))
        return loaded, _entries(row.ruleset, [r for r in rows if r.seq <= row.seq])

    # playing -------------------------------------------------------------------------

    def act(
        self,
        encounter_id: str,
        raw_action: Mapping[str, Any],
        *,
        expected_seq: int | None = None,
        dice: Sequence[int] | None = None,
    ) -> Acted:
        """Verify, resolve and append one action (a scenario file's shape: actor, do, ...).
        It is committed to disk before this returns. `dice` are faces rolled at the table
        for exactly this action, in the order the ruleset rolls them; without them the
        action rolls from the encounter's seed and its sequence number."""
        action_text = action_json(raw_action)
        faces = faces_of(dice)
        dice_text = None if faces is None else encode(list(faces))
        ready = self._resolved_ahead(encounter_id, raw_action, faces, expected_seq)
        if ready is not None and ready[0] < MAX_ENTRIES:
            at, live, events, events_text = ready
            entry = LogRow(live.seq, "action", action_text, events_text, None, dice_text, _now())
            outcome = live.encounter.state.outcome
            snapshot = _snapshot_data(live) if entry.seq % snapshots.SNAPSHOT_EVERY == 0 else None
            ahead = AheadWrite(encounter_id, at, entry, outcome, snapshot)
            if self.lane.commit(ahead) if self.lane is not None else self.write_ahead(ahead, live):
                self._keep(encounter_id, live)
                return Acted(
                    live.seq, "action", events, live.encounter.state, action_text, events_text
                )

        def write(conn: sa.Connection) -> tuple[Live, Any, str]:
            # not resolved ahead, or the fight moved on from the step it was resolved at
            row, live = self._locked(conn, encounter_id, expected_seq)
            events = live.act(dict(raw_action), faces, row.seed)
            events_text = encode_events(events)
            entry = LogRow(live.seq, "action", action_text, events_text, None, dice_text, _now())
            self._append(conn, row, entry, live)
            return live, events, events_text

        live, events, events_text = self.group.run(write)
        self._keep(encounter_id, live)
        return Acted(live.seq, "action", events, live.encounter.state, action_text, events_text)

    def write_ahead(self, write: AheadWrite, live: Live | None = None) -> bool:
        """Append an entry resolved ahead (here, or by a worker: lane.py), if the stored
        fight is still at the step it was resolved at: False, and nothing written, if not
        (the caller then writes the action resolving it inside the write). `live`: the
        fight after the entry, for a later write of the same batch to start from.
        On PostgreSQL, an entry that brings no snapshot is written by one statement."""
        if write.snapshot is None and self.engine.dialect.name == "postgresql":
            return self._append_at_once(write)

        def append(conn: sa.Connection) -> bool:
            if conn.execute(_ADVANCE, _ahead_values(write)).rowcount != 1:
                return False
            self._insert_entry(conn, write.encounter_id, write.entry)
            if write.snapshot is not None:
                self._store_snapshot(conn, write.encounter_id, write.entry.seq, write.snapshot)
            if live is not None and BATCH_LIVES in conn.info:
                conn.info[BATCH_LIVES][write.encounter_id] = live
            return True

        return self.group.run(append)

    def _append_at_once(self, write: AheadWrite) -> bool:
        """`write_ahead` as one statement committed by itself (`_APPEND_AHEAD`): one round
        trip to the server instead of a transaction's five."""
        values = _ahead_values(write)
        try:
            with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                return len(conn.execute(_APPEND_AHEAD, values).all()) == 1
        except sa.exc.IntegrityError:
            raise _taken(write.entry.seq) from None
        except sa.exc.OperationalError as error:
            raise refused_write(error) from None

    def _resolved_ahead(
        self,
        encounter_id: str,
        raw_action: Mapping[str, Any],
        faces: tuple[int, ...] | None,
        expected_seq: int | None,
    ) -> tuple[int, Live, tuple[Event, ...], str] | None:
        """The action resolved before its write, on the cached fight, when the cache holds
        the step it was decided on (or any step, for an action bound to none): the step it
        was resolved at, the fight after it and its events. The write uses them only if the
        stored fight is still at that step, which makes them exactly what resolving inside
        the write would give (the dice are seeded by the encounter and the step). So the
        rules, and the events' JSON, are worked out outside the writers' one lane
        (batch.py), which then holds only the database's work. A refusal is not raised
        here: resolved again inside the write, it comes after the check for a stale step,
        as it always has."""
        with self._cache_lock:
            cached = self._cache.get(encounter_id)
            seed = self._seeds.get(encounter_id)
        if cached is None or seed is None:
            return None
        if expected_seq is not None and cached.seq != expected_seq:
            return None
        live = cached.copy()
        try:
            events = live.act(dict(raw_action), faces, seed)
        except FracasError:
            return None
        return cached.seq, live, events, encode_events(events)

    def undo(self, encounter_id: str, *, expected_seq: int | None = None) -> Acted:
        """Take back the last action that stands; the undo is itself a log entry."""
        return self._move(encounter_id, expected_seq, "undo")

    def redo(self, encounter_id: str, *, expected_seq: int | None = None) -> Acted:
        """Restore the last undone action with the events it had (no new roll)."""
        return self._move(encounter_id, expected_seq, "redo")

    def _move(self, encounter_id: str, expected_seq: int | None, kind: EntryKind) -> Acted:

        def write(conn: sa.Connection) -> tuple[Live, Any]:
            row, live = self._locked(conn, encounter_id, expected_seq)
            target, events = live.undo() if kind == "undo" else live.redo()
            self._append(conn, row, LogRow(live.seq, kind, None, "[]", target, None, _now()), live)
            return live, events

        live, events = self.group.run(write)
        self._keep(encounter_id, live)
        return Acted(live.seq, kind, events, live.encounter.state)

    # export and import ---------------------------------------------------------------

    def export(self, encounter_id: str) -> dict[str, Any]:
        """The encounter as one JSON document: scenario, seed and the whole log. Links are
        left out: they are secrets of this server, and an import gets new ones."""
        with self._reading() as conn:
            row = self._row(conn, encounter_id)
            rows = self._log_rows(conn, encounter_id)
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "title": row.title,
            "ruleset": row.ruleset,
            "source": row.source,
            "seed": row.seed,
            "scenario": row.scenario,
            "created": row.created,
            "updated": row.updated,
            "entries": [
                {
                    "seq": r.seq,
                    "kind": r.kind,
                    "action": None if r.action is None else json.loads(r.action),
                    "events": json.loads(r.events),
                    "target": r.target,
                    "dice": None if r.dice is None else json.loads(r.dice),
                    "at": r.at,
                }
                for r in rows
            ],
        }

    def import_(self, data: Mapping[str, Any]) -> Created:
        """Store an exported encounter under a new id and GM token. The log is played
        again (the same seed and faces roll the same dice) and must give exactly the
        events the document lists, so a document cannot slip in events the rules never
        produced; any difference is refused and nothing is stored."""
        return self._insert(replayed(data))

    # links ---------------------------------------------------------------------------

    def add_player_link(
        self, encounter_id: str, combatants: Sequence[str], label: str | None = None
    ) -> str:
        """A new secret link for a player who controls `combatants`; returns its token."""
        if isinstance(combatants, str) or not combatants:
            raise StoreError("a player link needs a list of one or more combatant ids")
        if label is not None and len(label) > MAX_LABEL:
            raise StoreError(f"a link's label is at most {MAX_LABEL} characters")
        state = self.load(encounter_id).encounter.state
        for combatant in combatants:
            if not isinstance(combatant, str) or state.find(combatant) is None:
                known = ", ".join(c.id for c in state.combatants)
                raise StoreError(f"there is no combatant {combatant!r}; the fight has: {known}")
        token = secrets.token_urlsafe(32)
        with self._writing() as conn:
            self._row(conn, encounter_id, lock=True)
            count = conn.execute(
                sa.select(sa.func.count())
                .select_from(schema.links)
                .where(schema.links.c.encounter_id == encounter_id)
            ).scalar_one()
            if count > MAX_LINKS:
                raise StoreError(f"an encounter has at most {MAX_LINKS} player links")
            self._insert_link(
                conn, encounter_id, token, "player", frozenset(combatants), label, _now()
            )
        return token

    def revoke_link(self, encounter_id: str, token: str) -> None:
        """Stop a player link from working; revoking one already revoked changes nothing."""
        if not looks_like_key(token):
            raise StoreError(f"encounter {encounter_id!r} has no such link")
        with self._writing() as conn:
            link = conn.execute(
                sa.select(schema.links).where(
                    schema.links.c.token == token, schema.links.c.encounter_id == encounter_id
                )
            ).first()
            if link is None:
                raise StoreError(f"encounter {encounter_id!r} has no such link")
            if link.role == "gm":
                raise StoreError("the GM link cannot be revoked: nobody could run the fight")
            if link.revoked is None:
                conn.execute(
                    sa.update(schema.links)
                    .where(schema.links.c.token == token)
                    .values(revoked=_now())
                )

    def links(self, encounter_id: str) -> builtins.list[Link]:
        """The encounter's links, the GM's first, then players' in the order made."""
        with self._reading() as conn:
            self._row(conn, encounter_id)
            rows = conn.execute(
                sa.select(schema.links)
                .where(schema.links.c.encounter_id == encounter_id)
                .order_by(schema.links.c.role, schema.links.c.created, schema.links.c.token)
            ).all()
        return [
            Link(
                r.token,
                _role(r.role),
                frozenset(json.loads(r.combatants)),
                r.label,
                r.created,
                r.revoked,
            )
            for r in rows
        ]

    def access(self, token: str) -> Access | None:
        """Who a link token lets in, or None for an unknown or revoked one. Found by its
        digest and compared in constant time, so a guess's timing tells nothing of any
        stored token (schema migration 3)."""
        if not looks_like_key(token):
            return None
        with self._reading() as conn:
            row = conn.execute(
                sa.select(schema.links).where(
                    schema.links.c.digest == schema.token_digest(token),
                    schema.links.c.revoked.is_(None),
                )
            ).first()
        if row is None or not hmac.compare_digest(row.token.encode(), token.encode()):
            return None
        return Access(row.encounter_id, _role(row.role), frozenset(json.loads(row.combatants)))

    # the database --------------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[sa.Connection]:
        """One write transaction; SQLite takes its write lock at the start of it."""
        try:
            with (
                self.engine.connect().execution_options(fracas_write=True) as conn,
                conn.begin(),
            ):
                yield conn
        except sa.exc.OperationalError as error:
            raise refused_write(error) from None

    @contextmanager
    def _reading(self) -> Iterator[sa.Connection]:
        with self.engine.connect() as conn, conn.begin():
            yield conn

    def _row(self, conn: sa.Connection, encounter_id: str, *, lock: bool = False) -> Any:
        query = _ENCOUNTER_LOCKED if lock else _ENCOUNTER
        shaped = looks_like_key(encounter_id)
        row = conn.execute(query, {"encounter_id": encounter_id}).first() if shaped else None
        if row is None:
            raise StoreError(f"there is no encounter {encounter_id!r}; `fracas encounter list`")
        return row

    def _log_rows(
        self, conn: sa.Connection, encounter_id: str, after: int = -1
    ) -> builtins.list[LogRow]:
        rows = conn.execute(_LOG_AFTER, {"encounter_id": encounter_id, "after": after}).all()
        return [LogRow(*r) for r in rows]

    def _live(
        self, conn: sa.Connection, row: Any, read: tuple[int, Sequence[LogRow]] | None = None
    ) -> Live:
        """The fight at the row's seq: from this batch's earlier writes or the cache when
        either holds that seq, else rebuilt. `read`: the log entries after a step, which
        the caller has read already (so a cached fight at or after that step needs no
        read of its own)."""
        staged = conn.info.get(BATCH_LIVES, {}).get(row.id)
        if staged is not None and staged.seq == row.seq:
            return staged.copy()  # type: ignore[no-any-return]
        with self._cache_lock:
            cached = self._cache.get(row.id)
            self._seeds[row.id] = row.seed
        if cached is not None and cached.seq == row.seq:
            return cached.copy()
        if cached is not None and row.seq - CATCH_UP <= cached.seq < row.seq:
            # a few steps behind (written by another caller, who has not kept it yet, or
            # by another process): the cached fight and the entries since
            caught = cached.copy()
            if read is not None and read[0] <= cached.seq:
                entries = [entry for entry in read[1] if entry.seq > cached.seq]
            else:
                entries = self._log_rows(conn, row.id, after=cached.seq)
            for entry in entries:
                if entry.seq <= row.seq:
                    caught.apply(entry)
            return caught
        live = self._snapshot(conn, row)
        rows = self._log_rows(conn, row.id, after=-1 if live is None else live.seq)
        if live is None:
            live = rebuild(row.scenario, row.source, row.ruleset, rows)
        else:
            for entry in rows:
                live.apply(entry)
        if len(rows) >= snapshots.SNAPSHOT_EVERY:
            self._save_snapshot(conn, row.id, live)
        return live

    def _snapshot(self, conn: sa.Connection, row: Any) -> Live | None:
        """The latest snapshot this code wrote at or before the row's seq, if it loads."""
        from fracas.core.registry import get_ruleset

        table = schema.snapshots
        found = conn.execute(
            sa.select(table.c.data)
            .where(
                table.c.encounter_id == row.id,
                table.c.seq <= row.seq,
                table.c.code == snapshots.code_fingerprint(),
            )
            .order_by(table.c.seq.desc())
            .limit(1)
        ).scalar()
        if found is None:
            return None
        try:
            return snapshots.load(found, get_ruleset(row.ruleset))
        except Exception:  # any failure at all: the log is the truth, replay it instead
            return None

    def _save_snapshot(self, conn: sa.Connection, encounter_id: str, live: Live) -> None:
        """Save `live` as the encounter's one snapshot, if it can be; never fails the
        transaction around it (a savepoint takes a refused write back alone)."""
        data = _snapshot_data(live)
        if data is not None:
            self._store_snapshot(conn, encounter_id, live.seq, data)

    def _store_snapshot(
        self, conn: sa.Connection, encounter_id: str, seq: int, data: bytes
    ) -> None:
        table = schema.snapshots
        try:
            with conn.begin_nested():
                conn.execute(sa.delete(table).where(table.c.encounter_id == encounter_id))
                conn.execute(
                    sa.insert(table).values(
                        encounter_id=encounter_id,
                        seq=seq,
                        code=snapshots.code_fingerprint(),
                        data=data,
                    )
                )
        except sa.exc.DBAPIError:
            return

    def _locked(
        self, conn: sa.Connection, encounter_id: str, expected_seq: int | None, row: Any = None
    ) -> tuple[Any, Live]:
        """The encounter's row, locked for this write (`row`: already read so), checked by
        `_check_step`, and its fight."""
        if row is None:
            row = self._row(conn, encounter_id, lock=True)
        self._check_step(row, expected_seq)
        return row, self._live(conn, row)

    def _check_step(self, row: Any, expected_seq: int | None) -> None:
        """Refuse a write decided on another step than the stored one, or past the log's end."""
        if expected_seq is not None and expected_seq != row.seq:
            raise StaleSequence(
                f"the fight moved on: the action was decided at step {expected_seq}, and the "
                f"fight is at step {row.seq} now; look again and decide anew",
                current=row.seq,
            )
        if row.seq >= MAX_ENTRIES:
            raise StoreError(f"an encounter's log holds at most {MAX_ENTRIES} entries")

    def _append(self, conn: sa.Connection, row: Any, entry: LogRow, live: Live) -> None:
        self._insert_entry(conn, row.id, entry)
        conn.execute(_STEP, _step_values(row.id, entry, live.encounter.state.outcome))
        if entry.seq % snapshots.SNAPSHOT_EVERY == 0:
            self._save_snapshot(conn, row.id, live)
        if BATCH_LIVES in conn.info:
            conn.info[BATCH_LIVES][row.id] = live

    def _insert_entry(self, conn: sa.Connection, encounter_id: str, entry: LogRow) -> None:
        try:
            conn.execute(_ADD_ENTRY, _row_values(encounter_id, entry, entry.at))
        except sa.exc.IntegrityError:
            raise _taken(entry.seq) from None

    def _insert_link(
        self,
        conn: sa.Connection,
        encounter_id: str,
        token: str,
        role: Role,
        combatants: frozenset[str],
        label: str | None,
        now: str,
    ) -> None:
        conn.execute(
            sa.insert(schema.links).values(
                token=token,
                encounter_id=encounter_id,
                role=role,
                combatants=encode(sorted(combatants)),
                label=label,
                created=now,
                revoked=None,
                digest=schema.token_digest(token),
            )
        )

    def _keep(self, encounter_id: str, live: Live) -> None:
        """Cache a committed fight, unless a later step of it is cached already (callers
        of one batch wake in any order; a step, once committed, is never taken back)."""
        with self._cache_lock:
            known = self._cache.get(encounter_id)
            if known is None or known.seq <= live.seq:
                self._cache[encounter_id] = live
            self._cache.move_to_end(encounter_id)
            while len(self._cache) > CACHE_SIZE:
                dropped, _ = self._cache.popitem(last=False)
                self._seeds.pop(dropped, None)


def _ahead_values(write: AheadWrite) -> dict[str, Any]:
    """The values of `_ADVANCE` and `_APPEND_AHEAD` for an entry resolved ahead."""
    return {
        **_row_values(write.encounter_id, write.entry, write.entry.at),
        **_step_values(write.encounter_id, write.entry, write.outcome),
        "ahead_seq": write.ahead_seq,
    }


def _step_values(encounter_id: str, entry: LogRow, outcome: str | None) -> dict[str, Any]:
    """The values of `_STEP`: the row moved on to `entry`'s step."""
    return {
        "encounter_id": encounter_id,
        "new_seq": entry.seq,
        "new_outcome": outcome,
        "new_updated": entry.at,
    }


def _taken(seq: int) -> StaleSequence:
    return StaleSequence(f"the fight moved on: another action took step {seq} first", current=seq)


def _snapshot_data(live: Live) -> bytes | None:
    """`live` as a snapshot holds it, or None for a fight that will not pickle cleanly (it
    is then rebuilt from the log, as if it had no snapshot)."""
    try:
        return snapshots.dump(live)
    except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):
        return None


def _row_values(encounter_id: str, row: LogRow, at: str) -> dict[str, Any]:
    return {
        "encounter_id": encounter_id,
        "seq": row.seq,
        "kind": row.kind,
        "action": row.action,
        "events": row.events,
        "target": row.target,
        "dice": row.dice,
        "at": at,
    }


def _standing(rows: Sequence[LogRow]) -> set[int]:
    """The action seqs among `rows` that no later row among them took back: over the whole
    log, the actions that stand now (an undo or redo names the action it moves, and an
    action taken back and never restored stays taken back once a new action is made)."""
    taken: set[int | None] = set()
    for r in rows:
        if r.kind == "undo":
            taken.add(r.target)
        elif r.kind == "redo":
            taken.discard(r.target)
    return {r.seq for r in rows if r.kind == "action" and r.seq not in taken}


def _entries(ruleset_id: str, rows: Sequence[LogRow]) -> builtins.list[Entry]:
    """Log rows as entries, their events decoded (see `history` for `undone`)."""
    from fracas.core.registry import get_ruleset

    ruleset = get_ruleset(ruleset_id)
    standing = _standing(rows)
    return [
        Entry(
            seq=r.seq,
            kind=_kind(r.kind),
            action=None if r.action is None else json.loads(r.action),
            events=decode_events(ruleset, r.events),
            undone=r.kind == "action" and r.seq not in standing,
            at=r.at,
            target=r.target,
            dice=None if r.dice is None else tuple(json.loads(r.dice)),
        )
        for r in rows
    ]


def _summary(row: Any) -> EncounterSummary:
    return EncounterSummary(
        row.id,
        row.title,
        row.ruleset,
        row.seq,
        row.outcome,
        row.created,
        row.updated,
        row.seed,
        row.source,
    )


def _title(source: str, ruleset: str) -> str:
    return Path(source).stem if source != "<text>" else f"{ruleset} encounter"


def _kind(kind: str) -> EntryKind:
    if kind in ("start", "action", "undo", "redo"):
        return kind  # type: ignore[return-value]
    raise FracasError(f"the log holds an unknown entry kind {kind!r}")


def _role(role: str) -> Role:
    if role in ("gm", "player"):
        return role  # type: ignore[return-value]
    raise FracasError(f"the store holds an unknown link role {role!r}")


def _first_line(error: sa.exc.DBAPIError) -> str:
    """The driver's own words, without SQLAlchemy's SQL echo and background link."""
    return str(error.orig).strip().split("\n", 1)[0]
