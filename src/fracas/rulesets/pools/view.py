"""What each viewer may know of a `pools` fight: who hides from whom, and the traps.

The state holds the whole truth (the rules need it); what may leave the server is decided
here, per viewer, so a web table asks `view(state, viewer)` instead of `state.to_json()` and
`shows(state, event, viewer)` for each event it would send (as `tiers/view.py` does):

- `viewer=None` is the GM: everything, plus `gm`: every hider with the enemies it is hidden
  from, and every trap with its owner.
- A combatant's id is that player's view: enemies hidden from it are left out (also as the
  one whose turn it is: `turn` is then null); the others are shown without their secrets
  (whom they hide from, their traps) unless on its side; its own side's records leave out
  the enemies hidden from it, and a spotted trap whose maker hides from it names no maker.
  `gm` holds only what its side knows: its own side's hiding and traps, and the enemy traps
  it has spotted.
- Events whose class names a `secret_to_side` field (awareness, a trap laid or spotted)
  reach only the GM and that combatant's side. The secret checks (stealth, search,
  spotting, a trap's dice) reach only the GM. An event about a combatant hidden from the
  viewer (its moves, its turns, its actions) does not reach it.

`fracas run --json` is the GM's own tool and prints the whole state.
"""

from __future__ import annotations

import dataclasses
from typing import Any, cast

from fracas.core.events import DiceRolled, Event
from fracas.core.secrecy import SOMEONE, perceived, scrub, scrub_json
from fracas.core.state import EncounterState
from fracas.rulesets.pools.events import AmbushChecked, AmbushSprung, Contested
from fracas.rulesets.pools.rules.common import soldier
from fracas.rulesets.pools.soldier import Soldier

GM = None
"""The viewer who sees everything."""
SECRET_CHECKS = ("stealth", "search", "spotting", "trap hiding", "trap damage", "trap spotting")
"""The checks the GM rolls behind the screen (the `check` of a contest, the start of a
roll's reason)."""
SUBJECTS = (
    "combatant",
    "attacker",
    "shooter",
    "rider",
    "mount",
    "holder",
    "taker",
    "owner",
    "spotter",
    "initiator",
    "responder",
)
"""The fields by which an event names the one who does it (or whose thing it is)."""
OBJECTS = ("target", "leaver", "prey")
"""The fields by which an event names the one it is done to (or, for a move, the mover)."""
LISTS = (
    "order",
    "ambushers",
    "ambushed",
    "round_order",
    "hidden_from",
    "unnoticed_by",
    "located_at",
)
"""Fields that list who takes part: the hidden leave them rather than be "someone"."""
HIDDEN_TRAP = "hidden-trap"
"""What a trap is called to one who does not know its maker (its id names the maker)."""


def _people(state: EncounterState) -> tuple[Soldier, ...]:
    return cast(tuple[Soldier, ...], state.combatants)


def secrets(state: EncounterState, viewer: Soldier | None) -> dict[str, Any]:
    """Who hides from whom and the traps, as far as `viewer` (None: the GM) knows."""
    hiding = []
    traps = []
    for who in _people(state):
        mine = viewer is None or who.side == viewer.side
        if who.hidden_from and mine:
            hiding.append({"id": who.id, "hidden_from": list(who.hidden_from)})
        for trap in who.traps:
            if mine:
                traps.append({"owner": who.id, **trap.to_json()})
            elif viewer is not None and viewer.id in trap.spotted_by:
                seen = {"owner": who.id, **trap.to_json()}
                if viewer.id in who.hidden_from:  # the trap is seen, its hidden maker not
                    seen.update(owner=None, id=None, spotted_by=[viewer.id])
                traps.append(seen)
    return {"hiding": hiding, "traps": traps}


def view(state: EncounterState, viewer: str | None) -> dict[str, Any]:
    """The state as `viewer` may see it (None: the GM)."""
    whole = state.to_json()
    if viewer is GM:
        whole["gm"] = secrets(state, None)
        return whole
    me = soldier(state, viewer)
    unseen = {c.id for c in _people(state) if c.side != me.side and me.id in c.hidden_from}
    shown = []
    for them, data in zip(_people(state), whole["combatants"], strict=True):
        if them.side == me.side:
            shown.append({**data, "state": _without(data["state"], unseen)})
        elif me.id not in them.hidden_from:
            public = {k: v for k, v in data["state"].items() if k not in them.secrets_json()}
            shown.append({**data, "state": public})
    whole["combatants"] = shown
    whole["gm"] = secrets(state, me)
    for hider in whole["gm"]["hiding"]:
        hider["hidden_from"] = [e for e in hider["hidden_from"] if e not in unseen]
    acting = state.find(whole["turn"]) if whole.get("turn") else None
    if acting is not None and acting.side != me.side and me.id in _hidden(acting):
        whole["turn"] = None  # someone it cannot see is acting; who is not its to know
    # the last guard: a record it may see can still name one it does not know of (the
    # source of a condition, whom a trigger watches)
    return cast(dict[str, Any], scrub_json(whole, _secret_names(state, frozenset(unseen))))


def _without(record: dict[str, Any], unseen: set[str]) -> dict[str, Any]:
    """An ally's record without the enemies hidden from the viewer: that an ally hides from
    them must not tell the viewer they are there (each player sees as its combatant)."""
    out = dict(record)
    for name in ("hidden_from", "unnoticed_by"):
        if name in out:
            out[name] = [e for e in out[name] if e not in unseen]
    return out


def shows(state: EncounterState, event: Event, viewer: str | None) -> bool:
    """Whether `event` may be sent to `viewer` at all; `state` is the state just after it."""
    return shown(state, event, viewer) is not None


def shown(state: EncounterState, event: Event, viewer: str | None) -> Event | None:
    """`event` as `viewer` receives it (None: the GM, who receives it whole), or None when it
    may not see it; `state` is the state just after it. Whom the viewer does not know of
    (`unseen`) is "someone" in what it receives, and their traps `hidden-trap`."""
    if viewer is GM:
        return event
    me = soldier(state, viewer)
    owner_field = getattr(type(event), "secret_to_side", None)
    if owner_field is not None and soldier(state, getattr(event, owner_field)).side != me.side:
        return None
    if isinstance(event, Contested) and event.check in SECRET_CHECKS:
        return None
    if isinstance(event, DiceRolled) and event.reason.startswith(SECRET_CHECKS):
        return None
    hidden = unseen(state, me)
    if not hidden:
        return event
    if not _perceived(state, event, hidden):
        return None
    names = _secret_names(state, hidden)
    if isinstance(event, AmbushChecked | AmbushSprung):
        return _ambush(event, names)
    return scrub(event, names, drop=LISTS)


def unseen(state: EncounterState, me: Soldier) -> frozenset[str]:
    """The enemies hidden from `me`: whom its player does not know of (view leaves them out)."""
    return frozenset(c.id for c in _people(state) if c.side != me.side and me.id in _hidden(c))


def _perceived(state: EncounterState, event: Event, hidden: frozenset[str]) -> bool:
    """Whether an event touches the viewer's world at all. One about an enemy it does not know
    of (that one moves, is hurt, springs a trap on nobody it knows) does not; one done by
    such an enemy reaches it only when done to someone it knows of (`core.secrecy.perceived`:
    it is shot, it walks into the trap), with the doer as "someone"."""
    if any(getattr(event, name, None) in hidden for name in OBJECTS):
        return False
    return perceived(state, event, hidden, (*SUBJECTS, *OBJECTS))


def _secret_names(state: EncounterState, hidden: frozenset[str]) -> dict[str, str]:
    """What the viewer calls the hidden and their traps (a trap's id names its maker); every
    trap each hidden one ever laid, as a sprung one is no longer in the state."""
    names = dict.fromkeys(hidden, SOMEONE)
    for who in hidden:
        for n in range(1, soldier(state, who).traps_laid + 1):
            names[f"{who}-trap-{n}"] = HIDDEN_TRAP
    return names


def _ambush(event: AmbushChecked | AmbushSprung, names: dict[str, str]) -> Event:
    """An ambush as seen by one who does not know every ambusher: the hidden leave the lists
    of rolls and the order (their number is a secret), and those among them who caught the
    ambushed are one "someone" (that someone did is no secret: the ambushed are caught)."""
    caught = tuple(dict.fromkeys(names.get(c, c) for c in event.caught))
    if isinstance(event, AmbushChecked):
        return dataclasses.replace(scrub(event, names, drop=LISTS), caught=caught)
    kept_before = [c for c in event.round_order[: event.index] if c not in names]
    out = scrub(event, names, drop=LISTS)
    return dataclasses.replace(out, caught=caught, index=len(kept_before))


def _hidden(who: Any) -> tuple[str, ...]:
    return cast(Soldier, who).hidden_from
