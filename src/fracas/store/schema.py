"""The tables, and the hand-kept list of forward migrations that builds and upgrades them.

Why not alembic: the schema is five small tables that only fracas writes, upgraded in place
when a store opens. A list of numbered Python functions, each run once in its own
transaction and recorded in `schema_version`, does that in forty lines, runs the same on
SQLite and PostgreSQL, and needs no second tool or configuration directory. A migration is
never edited once released; a change is a new function at the end of `MIGRATIONS`.

Everything the log holds is stored as text (JSON for actions and events, ISO 8601 for times),
so both databases hand back the very bytes that went in and an export is identical whichever
one it came from.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import sqlalchemy as sa

from fracas.core.errors import FracasError

metadata = sa.MetaData()

schema_version = sa.Table(
    "fracas_schema_version",
    metadata,
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("applied", sa.String(40), nullable=False),
)

encounters = sa.Table(
    "fracas_encounters",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("title", sa.Text, nullable=False),
    sa.Column("ruleset", sa.String(64), nullable=False),
    sa.Column("scenario", sa.Text, nullable=False),
    sa.Column("source", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("outcome", sa.Text, nullable=True),
    sa.Column("created", sa.String(40), nullable=False),
    sa.Column("updated", sa.String(40), nullable=False),
)


def _belongs_to_encounter(*, index: bool = False) -> sa.Column[str]:
    """The column that ties a row to its encounter (and goes with it)."""
    return sa.Column(
        "encounter_id",
        sa.String(32),
        sa.ForeignKey("fracas_encounters.id", ondelete="CASCADE"),
        nullable=False,
        index=index,
    )


entries = sa.Table(
    "fracas_entries",
    metadata,
    _belongs_to_encounter(),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("action", sa.Text, nullable=True),
    sa.Column("events", sa.Text, nullable=False),
    sa.Column("target", sa.Integer, nullable=True),
    sa.Column("dice", sa.Text, nullable=True),
    sa.Column("at", sa.String(40), nullable=False),
    # the guard two writers meet at: only one row can ever hold a given seq
    sa.PrimaryKeyConstraint("encounter_id", "seq", name="fracas_entries_seq"),
)

links = sa.Table(
    "fracas_links",
    metadata,
    sa.Column("token", sa.String(64), primary_key=True),
    _belongs_to_encounter(index=True),
    sa.Column("role", sa.String(16), nullable=False),
    sa.Column("combatants", sa.Text, nullable=False),
    sa.Column("label", sa.Text, nullable=True),
    sa.Column("created", sa.String(40), nullable=False),
    sa.Column("revoked", sa.String(40), nullable=True),
    # the key a token is looked up by (migration 3): its SHA-256, not the token itself
    sa.Column("digest", sa.String(64), nullable=True, index=True),
)

snapshots = sa.Table(
    "fracas_snapshots",
    metadata,
    _belongs_to_encounter(),
    sa.Column("seq", sa.Integer, nullable=False),
    sa.Column("code", sa.String(64), nullable=False),
    sa.Column("data", sa.LargeBinary, nullable=False),
    sa.PrimaryKeyConstraint("encounter_id", "seq", name="fracas_snapshots_seq"),
)

Migration = Callable[[sa.Connection], None]


def _create_log(conn: sa.Connection) -> None:
    """1: encounters, their append-only log and their links."""
    for table in (encounters, entries, links):
        table.create(conn)


def _create_snapshots(conn: sa.Connection) -> None:
    """2: snapshots of a rebuilt fight, so loading a long one does not replay it all."""
    snapshots.create(conn)


def _digest_links(conn: sa.Connection) -> None:
    """3: each link's SHA-256 beside its token, so a token is found by its digest. A lookup
    by the token itself compares the guess with stored tokens in the index, taking longer
    the more leading characters match; the digest of a guess tells nothing of any token.
    A database made by migration 1 since this one was written has the column already."""
    columns = {column["name"] for column in sa.inspect(conn).get_columns(links.name)}
    if "digest" not in columns:
        conn.exec_driver_sql("ALTER TABLE fracas_links ADD COLUMN digest VARCHAR(64)")
        conn.exec_driver_sql("CREATE INDEX ix_fracas_links_digest ON fracas_links (digest)")
    for token in conn.execute(sa.select(links.c.token).where(links.c.digest.is_(None))).scalars():
        conn.execute(
            sa.update(links).where(links.c.token == token).values(digest=token_digest(token))
        )


def token_digest(token: str) -> str:
    """The key a link token is stored and looked up by."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


MIGRATIONS: tuple[Migration, ...] = (_create_log, _create_snapshots, _digest_links)
"""Index i holds the migration to version i + 1."""


def current_version(conn: sa.Connection) -> int:
    if not sa.inspect(conn).has_table(schema_version.name):
        return 0
    found = conn.execute(sa.select(sa.func.max(schema_version.c.version))).scalar()
    return int(found or 0)


MIGRATION_LOCK = 0x66726163
"""PostgreSQL advisory lock key ('frac') held while migrating, so two servers starting on a
new database at once do not both create its tables; SQLite's write lock does the same."""


def migrate(engine: sa.Engine, now: Callable[[], str]) -> int:
    """Bring the database up to the newest version, one migration per transaction, and
    return that version. A database newer than this fracas is refused, not touched."""
    while True:
        with engine.connect().execution_options(fracas_write=True) as conn, conn.begin():
            if conn.dialect.name == "postgresql":
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(MIGRATION_LOCK)))
            schema_version.create(conn, checkfirst=True)
            version = current_version(conn)
            if version > len(MIGRATIONS):
                raise FracasError(
                    f"the database is at schema version {version}, newer than this fracas "
                    f"knows ({len(MIGRATIONS)}); upgrade fracas to open it"
                )
            if version == len(MIGRATIONS):
                return version
            MIGRATIONS[version](conn)
            conn.execute(sa.insert(schema_version).values(version=version + 1, applied=now()))
