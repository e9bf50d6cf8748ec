"""JSON made by orjson where it can be, by the standard library where orjson refuses.

orjson writes the same JSON several times quicker, which matters where the server writes
JSON at every step: socket messages, and the keys actions are told apart and kept by. It
refuses a whole number past 64 bits (a browser may echo one back as an `id`) and keys that
are not strings; those go to the standard writer. Each function always writes a given
value the same way, so its output is a stable key.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_sorted = json.JSONEncoder(sort_keys=True).encode
_in_order = json.JSONEncoder().encode


def json_text(message: Any) -> str:
    """`message` as compact JSON text (what Starlette's `send_json` writes)."""
    try:
        return orjson.dumps(message).decode()
    except orjson.JSONEncodeError:
        return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def json_key(value: Any, *, sort_keys: bool = False) -> str | bytes:
    """A key for `value` that tells apart exactly what its JSON tells apart (1 from true,
    a list's order; with `sort_keys`, not a mapping's order). Made of the rulesets' own
    actions, whose numbers are finite: orjson writes a NaN as null, the standard writer
    as NaN."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS if sort_keys else 0)
    except orjson.JSONEncodeError:
        return _sorted(value) if sort_keys else _in_order(value)
