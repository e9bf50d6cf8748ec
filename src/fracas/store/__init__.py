"""Persistent encounters: an append-only log per fight in SQLite or PostgreSQL.

`open_store()` is the door; docs/storage.md describes the design, the limits and the dice.
"""

from fracas.store.limits import MAX_ACTION_BYTES, MAX_DICE, MAX_ENTRIES, MAX_SCENARIO_BYTES
from fracas.store.results import (
    Access,
    Acted,
    Created,
    EncounterSummary,
    Entry,
    Link,
    Loaded,
    StaleSequence,
    StoreError,
)
from fracas.store.store import EncounterStore, open_store

__all__ = [
    "MAX_ACTION_BYTES",
    "MAX_DICE",
    "MAX_ENTRIES",
    "MAX_SCENARIO_BYTES",
    "Access",
    "Acted",
    "Created",
    "EncounterStore",
    "EncounterSummary",
    "Entry",
    "Link",
    "Loaded",
    "StaleSequence",
    "StoreError",
    "open_store",
]
