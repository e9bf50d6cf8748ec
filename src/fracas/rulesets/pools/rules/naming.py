"""Naming a combatant in an action, and what a refusal may tell a player (P52).

A player's refusals reach that player, so none may give away an enemy the player's
combatant is entirely unaware of (seed 004: "If you succeed, the opponent is not aware of
your presence"). Every id an action names (a target, the targets of a volley, an ambush's
targets and allies, a trigger's `who` and its held action's targets) is checked here before
the rule's own verify: an id the actor is entirely unaware of is refused with the very
message an id that names nobody gets, listing only those the actor knows of. An enemy it
has lost track of is known to be about, so the rules may speak of it ("does not know where
rook is; it may search").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from fracas.core.actions import Action
from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState

FIELDS = ("target", "who")
"""Fields that name one combatant."""
LISTS = ("targets", "joined_by")
"""Fields that list combatants (or aims, whose `target` names one)."""


def named(action: Action | Mapping[str, Any]) -> Iterator[str]:
    """Every combatant id `action` names, its trigger's `when` and `then` included."""
    get = action.get if isinstance(action, Mapping) else lambda k: getattr(action, k, None)
    for name in FIELDS:
        value = get(name)
        if isinstance(value, str):
            yield value
    for name in LISTS:
        for item in get(name) or ():
            value = item.get("target") if isinstance(item, Mapping) else item
            value = getattr(value, "target", value)
            if isinstance(value, str):
                yield value
    for nested in ("when", "then"):
        inner = get(nested)
        if isinstance(inner, Mapping):
            yield from named(inner)
        elif inner is not None and hasattr(inner, "who"):
            yield from named({"who": inner.who})


def unaware(state: EncounterState, actor_id: str, other: str) -> bool:
    """Whether `actor_id` cannot know `other` exists: no such combatant, or one entirely
    unaware of it."""
    found = state.find(other)
    return found is None or actor_id in getattr(found, "unnoticed_by", ())


def require_known_names(state: EncounterState, action: Action) -> None:
    """Refuse an id the actor cannot know of exactly as an id that names nobody."""
    actor = state.find(action.actor)
    if actor is None or action.by_gm:
        return
    for other in named(action):
        if other != actor.id and unaware(state, actor.id, other):
            raise IllegalAction(no_such(state, other, actor.id))


def no_such(state: EncounterState, other: str, viewer: str | None = None) -> str:
    """ "There is no combatant" and those `viewer` knows of (None: those hidden from
    nobody)."""
    known = [
        c.id
        for c in state.combatants
        if (viewer is None and not getattr(c, "unnoticed_by", ()))
        or (viewer is not None and not unaware(state, viewer, c.id))
    ]
    return f"there is no combatant {other!r}; combatants: {', '.join(known)}"
