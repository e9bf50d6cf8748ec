"""Redaction: an event as one viewer may receive it.

Filtering events per viewer is not enough for a ruleset with GM-only information: an event a
player may see (it was shot, a trap sprang on it) can still name someone that player does not
know is there ("x's rifle", "x's trap"). A ruleset with secrets therefore answers
`shown(state, event, viewer)` with the event to send (possibly rewritten) or None, and builds
the rewrite with `scrub`, which works on any event class, so an event added later is redacted
by the same rule instead of leaking until someone remembers it.

A redacted event is for showing (`to_json`, `describe`), never for replay: its ids may no
longer name combatants, so `evolve` on it means nothing. The log keeps the true events.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from fracas.core.events import DiceRolled, Event

if TYPE_CHECKING:
    from fracas.core.ruleset import BaseRuleset
    from fracas.core.state import EncounterState

SOMEONE = "someone"
"""What a combatant the viewer does not know of is called in what it receives."""
TOKEN = re.compile(r"[A-Za-z0-9_-]+")
"""A word as ids are spelt ([a-z0-9_-]+): a whole id is replaced, never part of one, so a
hidden `ada` leaves a known `ada-2` alone while `ada's rifle` becomes `someone's rifle`."""

E = TypeVar("E", bound=Event)


def scrub(event: E, names: Mapping[str, str], drop: Collection[str] = ()) -> E:
    """`event` with every secret name in `names` (an id, a trap's id ...) replaced by what the
    viewer may call it, in every field: plain ids, free text (`source`, `why`, a dice roll's
    `reason`), tuples of ids and nested records (a condition's `source`).

    In the fields named in `drop`, lists of who took part (an initiative order, the rolls of
    an ambush), an entry that is a secret name, or a tuple that begins with one, is left out
    instead: "someone, someone" would still count the hidden. The event itself comes back
    when nothing in it is secret, so redacting costs no copy when there is nothing to hide."""
    if not names:
        return event
    changes: dict[str, Any] = {}
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        if field.name in drop and isinstance(value, tuple):
            kept = tuple(v for v in value if not _names_secret(v, names))
            new = _rewrite(kept, names)
        else:
            new = _rewrite(value, names)
        if new is not value:
            changes[field.name] = new
    return dataclasses.replace(event, **changes) if changes else event


def _names_secret(entry: Any, names: Mapping[str, str]) -> bool:
    if isinstance(entry, tuple) and entry:
        entry = entry[0]
    return isinstance(entry, str) and entry in names


def _rewrite(value: Any, names: Mapping[str, str]) -> Any:
    """`value` with the secret names replaced; the very same object when none was in it."""
    if isinstance(value, str):
        if value in names:
            return names[value]
        new = TOKEN.sub(lambda m: names.get(m.group(0), m.group(0)), value)
        return value if new == value else new
    if isinstance(value, tuple):
        items = [_rewrite(v, names) for v in value]
        if all(a is b for a, b in zip(items, value, strict=True)) and len(items) == len(value):
            return value
        return tuple(items)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for field in dataclasses.fields(value):
            old = getattr(value, field.name)
            new = _rewrite(old, names)
            if new is not old:
                changes[field.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    return value


def scrub_json(value: Any, names: Mapping[str, str]) -> Any:
    """A view's JSON (dicts, lists, strings) with the secret names in `names` replaced, as
    `scrub` does for events: the last guard of a view, whose records hold ids in many places
    (whom one keeps in front, a condition's source, a trigger's action)."""
    if not names:
        return value
    if isinstance(value, dict):
        return {k: scrub_json(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub_json(v, names) for v in value]
    return _rewrite(value, names) if isinstance(value, str) else value


def perceived(
    state: EncounterState, event: Event, hidden: Collection[str], fields: Iterable[str]
) -> bool:
    """Whether an event that may name combatants the viewer does not know of (`hidden`) still
    reaches it: one that names none of them does; one that does reaches it only when it also
    names someone the viewer knows of, in the id `fields` given (its doer, whom it is done to)
    or, for a roll, in its reason. An unknown one's own doings (its turn, its initiative, the
    action it spends) do not: even as "someone", each one would count the hidden. What it
    does to someone the viewer knows (a shot, a grapple) does, with the doer as "someone"."""
    if isinstance(event, DiceRolled):
        words = TOKEN.findall(event.reason)
    else:
        words = [w for w in (getattr(event, f, None) for f in fields) if isinstance(w, str)]
    if not any(w in hidden for w in words):
        return True
    return any(w not in hidden and state.find(w) is not None for w in words)


def shown_events(
    ruleset: BaseRuleset,
    before: EncounterState,
    events: Iterable[Event],
    viewer: str | None,
) -> list[Event]:
    """What `viewer` (None: the GM) receives of `events`, which happened in order from the
    state `before`: each one judged on the state just after it (`shown`'s contract), as a
    server broadcasting an action's events to each player's browser needs."""
    return shown_after(ruleset, evolved(ruleset, before, events), viewer)


def evolved(
    ruleset: BaseRuleset, before: EncounterState, events: Iterable[Event]
) -> list[tuple[Event, EncounterState]]:
    """Each of `events`, which happened in order from `before`, with the state just after
    it: the same for every viewer, so a server judging one step for several works it out
    once (`shown_after`)."""
    out = []
    state = before
    for event in events:
        state = ruleset.evolve(state, event)
        out.append((event, state))
    return out


def shown_after(
    ruleset: BaseRuleset, after: Iterable[tuple[Event, EncounterState]], viewer: str | None
) -> list[Event]:
    """`shown_events` of events paired with the state just after each (`evolved`)."""
    out: list[Event] = []
    for event, state in after:
        seen = ruleset.shown(state, event, viewer)
        if seen is not None:
            out.append(seen)
    return out
