"""The bounds on what the store accepts, so a hostile or mistaken request is refused with
the limit in its message before anything is stored (docs/storage.md, "Limits")."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from fracas.core.errors import DiceError, ScenarioError
from fracas.store.live import encode
from fracas.yaml_input import MAX_BYTES

MAX_SCENARIO_BYTES = MAX_BYTES
"""A stored scenario is at most what `fracas run` reads from a file: 1 MiB."""
MAX_ACTION_BYTES = 16_384
"""One action as JSON; the largest real one (a volley at a dozen targets) is under 1 KiB."""
MAX_DICE = 256
"""Faces typed in for one action; the biggest pools roll a few dozen."""
MAX_ENTRIES = 100_000
"""Log entries per encounter: an evening's fight takes a few hundred."""
MAX_LABEL = 200
MAX_LINKS = 100
"""Player links per encounter, revoked ones included."""


KEY_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What every encounter id (`token_hex`) and link token (`token_urlsafe`) looks like. Anything
else is no key of ours, and is answered "not found" without a query: PostgreSQL refuses a
NUL character in a query's text with an error of its own rather than finding nothing."""


def looks_like_key(text: object) -> bool:
    return isinstance(text, str) and KEY_SHAPE.fullmatch(text) is not None


def check_scenario(text: str, source: str) -> None:
    if not isinstance(text, str):
        raise ScenarioError(f"{source}: a scenario is YAML text")
    if len(text) > MAX_SCENARIO_BYTES or len(text.encode("utf-8", "replace")) > MAX_SCENARIO_BYTES:
        raise ScenarioError(
            f"{source}: larger than {MAX_SCENARIO_BYTES} bytes; a scenario is at most 1 MiB"
        )


def action_json(raw: Mapping[str, Any]) -> str:
    if not isinstance(raw, Mapping):
        raise ScenarioError(
            "an action is a mapping such as {actor: ada, do: attack, target: raider}"
        )
    try:
        text = encode(dict(raw))
    except (TypeError, ValueError) as error:
        raise ScenarioError(f"an action must be plain JSON data: {error}") from None
    except RecursionError:
        raise ScenarioError("an action is nested too deeply to be plain JSON data") from None
    if len(text.encode("utf-8")) > MAX_ACTION_BYTES:
        raise ScenarioError(f"an action is at most {MAX_ACTION_BYTES} bytes as JSON")
    return text


def document_json(raw: bytes | str) -> Any:
    """JSON from outside (an export to import): refused, not crashed on, when it is not JSON
    (NaN and Infinity included) or nests past what Python's parser can follow (about a
    thousand levels; an export nests six)."""
    try:
        return json.loads(raw, parse_constant=_no_constant)
    except RecursionError:
        raise ScenarioError("not JSON fracas reads: nested too deeply for an export") from None
    except ValueError as error:  # JSONDecodeError and UnicodeDecodeError both are
        raise ScenarioError(f"not JSON: {error}") from None


def _no_constant(name: str) -> Any:
    """Python's reader takes NaN and Infinity, which are not JSON and which the store's own
    writer refuses: refused here, before anything is stored."""
    raise ValueError(f"{name} is not a JSON number")


def faces_of(dice: Sequence[int] | None) -> tuple[int, ...] | None:
    if dice is None:
        return None
    if isinstance(dice, str | bytes) or len(dice) > MAX_DICE:
        raise DiceError(f"dice: give a list of at most {MAX_DICE} whole-number faces")
    faces = tuple(dice)
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, int):
            raise DiceError(f"dice: {face!r} is not a face; give whole numbers such as 4")
    return faces


SEEDS = range(-(2**63), 2**63)
"""What the database's BIGINT holds; `Random` takes any integer, the column does not."""


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed not in SEEDS:
        raise ScenarioError(f"a seed is a whole number from -2**63 to 2**63 - 1, not {seed!r}")
    return seed
