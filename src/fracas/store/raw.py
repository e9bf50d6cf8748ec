"""An Action written back in the shape a scenario file lists it: `{actor, do, ...}`.

The log stores every action in that shape (it is what people type, and what every ruleset's
`parse_action` reads), so a front end that picks from `legal_actions` turns its choice into
this before handing it to `EncounterStore.act`.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from pydantic import BaseModel

from fracas.core.actions import Action


def as_raw(action: Action) -> dict[str, Any]:
    """`action` as plain JSON data that `ruleset.parse_action` reads back to an equal action."""
    fields = {f.name: _plain(getattr(action, f.name)) for f in dataclasses.fields(action)}
    return {"actor": fields.pop("actor"), "do": action.do, **fields}


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return _plain(value.value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(_plain(v) for v in value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
