"""Snapshots: a rebuilt fight saved whole, so loading a long one does not replay its log.

Replaying costs about a millisecond per entry (a 1,000-action evening, a second on every
`fracas act`); reading a snapshot costs about a tenth of that. A snapshot is only ever a
shortcut: the log stays the source of truth, and a snapshot that is missing, was written by
other code, or does not load is ignored and the log replayed (then a fresh one is saved).

The format is Python's pickle of the encounter's parts (`Encounter.parts`), because the
state is a tree of the rulesets' own frozen dataclasses and no second serialisation of every
ruleset's state has to be kept in step with them. Two guards keep that honest:
- each snapshot carries a fingerprint of the fracas code that wrote it (every source and data
  file of the package), and one from any other code is never loaded, so an upgrade can
  never read an old shape as a new one;
- loading accepts only classes defined in fracas itself (no functions, no other modules), so
  a snapshot cannot name anything that runs code; snapshots are never imported from outside
  (an export holds the log alone).
Caches kept inside frozen objects (a state's index and memo, a grid's cost maps) are left
out: an object with fields outside its constructor is saved as its constructor's arguments.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import pickle
from functools import cache
from pathlib import Path
from typing import Any

from fracas.core.dice import Dice
from fracas.core.encounter import Encounter, EncounterParts
from fracas.core.ruleset import Ruleset
from fracas.store.live import Live

SNAPSHOT_EVERY = 100
"""Entries between snapshots: replaying 100 entries takes about a tenth of a second."""
PACKAGE = Path(__file__).resolve().parents[1]


@cache
def code_fingerprint() -> str:
    """A hash of every file of the installed fracas package: snapshots are only read by
    the very code that wrote them."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".toml", ".json", ".yaml", ".lark"):
            digest.update(str(path.relative_to(PACKAGE)).encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()


def dump(live: Live) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=5).dump(
        (live.encounter.parts, live.seq, tuple(live.done), tuple(live.undone))
    )
    return buffer.getvalue()


def load(data: bytes, ruleset: Ruleset) -> Live:
    """The fight a snapshot holds; raises (anything) when it does not load cleanly."""
    parts, seq, done, undone = _Unpickler(io.BytesIO(data)).load()
    if not (
        isinstance(parts, EncounterParts)
        and isinstance(seq, int)
        and all(isinstance(s, int) for s in (*done, *undone))
    ):
        raise pickle.UnpicklingError("not a snapshot of an encounter")
    encounter = Encounter.restored(ruleset, parts, Dice.seeded(0))
    return Live(encounter, seq, list(done), list(undone))


def _rebuilt(cls: type[Any], values: dict[str, Any]) -> Any:
    return cls(**values)


def _restored(cls: type, values: tuple[Any, ...]) -> Any:
    """A slotted dataclass put back field by field, without its `__init__`, as pickle's
    own way for it does (dataclasses' `__setstate__`), from the values in field order."""
    obj: Any = object.__new__(cls)
    for name, value in zip(_slotted_fields(cls) or (), values, strict=True):
        object.__setattr__(obj, name, value)
    return obj


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        cls = type(obj)
        if not dataclasses.is_dataclass(cls):
            return NotImplemented
        if _has_caches(cls):
            values = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj) if f.init}
            return _rebuilt, (cls, values)
        names = _slotted_fields(cls)
        if names is not None:
            # pickle's own way calls `dataclasses.fields` for every object: a snapshot of a
            # long fight holds thousands of events, and that was most of its time
            return _restored, (cls, tuple(getattr(obj, name) for name in names))
        return NotImplemented


@cache
def _has_caches(cls: type[Any]) -> bool:
    return any(not f.init for f in dataclasses.fields(cls))


@cache
def _slotted_fields(cls: type[Any]) -> tuple[str, ...] | None:
    """The field names of a dataclass with slots (None for one without)."""
    if "__slots__" not in cls.__dict__:
        return None
    return tuple(f.name for f in dataclasses.fields(cls))


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if module == __name__ and name in ("_rebuilt", "_restored"):
            return _rebuilt if name == "_rebuilt" else _restored
        if module.startswith("fracas.") and "." not in name:
            found = super().find_class(module, name)
            if isinstance(found, type) and found.__module__ == module:
                return found
        raise pickle.UnpicklingError(f"a snapshot may not name {module}.{name}")
