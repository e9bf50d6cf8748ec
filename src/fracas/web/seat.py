"""Who is at the table behind a link: the GM, or a player and the combatants it controls.

The link token is the only credential: the store maps it to an `Access` (an encounter, a
role, the combatants), and everything a page or a socket may show or do is decided here
from that, never from what the browser says about itself.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from fracas.core.actions import GM
from fracas.core.state import EncounterState
from fracas.store import Access, EncounterStore
from fracas.store.results import Role


class Refused(Exception):
    """A request the link may not make; `status` is the HTTP status that says so."""

    def __init__(self, message: str, status: int = 403) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True, slots=True)
class Seat:
    token: str
    encounter_id: str
    role: Role
    combatants: frozenset[str]

    @property
    def is_gm(self) -> bool:
        return self.role == "gm"

    def viewer(self, state: EncounterState) -> str | None:
        """Whose eyes the page shows the fight through: None (everything) for the GM; for a
        player, the combatant of theirs whose turn it is, else the first of theirs by id.
        A player who controls several sees as one of them at a time, so no page ever
        merges what two characters know into more than either of them knows."""
        if self.is_gm:
            return None
        if state.actor in self.combatants:
            return state.actor
        return min(self.combatants)

    def check_action(self, raw: Any) -> dict[str, Any]:
        """Refuse an action the link may not ask for, before the rules are asked at all:
        a player acts only for its own combatants and never as the GM."""
        if not isinstance(raw, dict):
            raise Refused("an action is a JSON object such as {actor, do, target}", 400)
        actor = raw.get("actor")
        if not self.is_gm and (
            not isinstance(actor, str) or actor == GM or actor not in self.combatants
        ):
            mine = ", ".join(sorted(self.combatants))
            raise Refused(f"this link acts only for {mine}, not for {actor!r}")
        return raw

    def check_gm(self, what: str) -> None:
        if not self.is_gm:
            raise Refused(f"only the GM may {what}")


def seat_of(store: EncounterStore, token: str) -> Seat:
    """The seat behind a link token; an unknown or revoked one is refused as not found, so
    a guess learns nothing about which links exist."""
    access: Access | None = store.access(token)
    if access is None:
        raise Refused("no such link (it may have been revoked)", 404)
    return Seat(token, access.encounter_id, access.role, access.combatants)


class Seats:
    """The seat behind each token this server has been asked about, kept in the process so
    an action or an update costs no query to learn who is asking.

    A link revoked through this server is forgotten at once (`forget`); one revoked by
    another process (`fracas encounter links revoke` on the same database) is found by
    `recheck`, which the hub's poll runs every two seconds, so such a link works for at most
    that long after it was revoked (docs/security.md). `fresh` always asks the store: a
    socket's own request to catch up uses it, so a revoked socket is closed at its next word.
    """

    def __init__(self, store: EncounterStore, size: int = 4096) -> None:
        self.store = store
        self.size = size
        self._known: OrderedDict[str, Seat] = OrderedDict()
        self._lock = threading.Lock()

    def seat(self, token: str) -> Seat:
        found = self.held(token)
        return found if found is not None else self.fresh(token)

    def held(self, token: str) -> Seat | None:
        """The seat if this process holds the token, else None (no query)."""
        with self._lock:
            return self._known.get(token)

    def fresh(self, token: str) -> Seat:
        """The seat as the store says now; an unknown or revoked token is refused (and
        forgotten)."""
        try:
            found = seat_of(self.store, token)
        except Refused:
            self.forget(token)
            raise
        with self._lock:
            self._known[token] = found
            self._known.move_to_end(token)
            while len(self._known) > self.size:
                self._known.popitem(last=False)
        return found

    def known(self, token: str) -> bool:
        """Whether the token is still held as a working link (not revoked as far as this
        process has heard)."""
        return self.held(token) is not None

    def forget(self, token: str) -> None:
        with self._lock:
            self._known.pop(token, None)

    def recheck(self) -> set[str]:
        """Ask the store about every token held; forget, and return, those it no longer
        lets in."""
        with self._lock:
            tokens = list(self._known)
        gone = set()
        for token in tokens:
            if self.store.access(token) is None:
                self.forget(token)
                gone.add(token)
        return gone
