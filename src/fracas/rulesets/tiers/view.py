"""What each viewer may know of a `tiers` fight: the GM-only information of a dark room.

"When darkness falls upon you, your GM will make a small map to track the movements &
orientation of all creatures in the area & mark any obstacles. Only the GM & any characters
that are not effected by the Blind status effect may see the map."

The state holds the whole truth (true positions, facings, the lines of this round's Blind
moves): the rules need it. What may leave the server is decided here, in one place, per
viewer, so the web table (and any later client) asks `view(state, viewer)` instead of
`state.to_json()` and `shows(state, event, viewer)` for each event it would broadcast:

- `viewer=None` is the GM: everything, plus `gm_map`.
- A combatant's id is that player's view: the combatants it identifies (rules/light.py) in
  full; its allies it cannot see without their position or state (it knows its party, not
  where they are in the dark); an unseen character adjacent to it as `{"unknown": true,
  "position": ...}` (the Blind are "aware of each others presence there. However, they cannot
  identify them"), or in full but for its `state` once it has identified them with
  `identify` (while they stay adjacent); other unseen characters not at all. A stealth
  attacker is seen in full by all where its attack revealed it (rules/reveal.py). `gm_map` only
  when it is not Blind.
- Events whose class says `gm_only = True` (the GM marking lines, bumps in the dark) reach
  only the GM and the non-Blind; moves and turns of a combatant, and the weapons it drops or
  grabs (which name its tile), go only to viewers who identify it where it stands after the
  event.

`fracas run --json` is the GM's own tool and prints the whole state, as before.
"""

from __future__ import annotations

from typing import Any, cast

from fracas.core.events import Event
from fracas.core.secrecy import SOMEONE, perceived, scrub, scrub_json
from fracas.core.state import Combatant, EncounterState
from fracas.rulesets.tiers.events import Dropped, ExchangeRolled, Faced, Grabbed, Moved
from fracas.rulesets.tiers.rules.blindness import Crashed
from fracas.rulesets.tiers.rules.common import distance, fighter
from fracas.rulesets.tiers.rules.light import BRIGHT, blind, identifies, light_at
from fracas.rulesets.tiers.rules.reveal import revealed
from fracas.rulesets.tiers.warrior import Warrior

GM = None
"""The viewer who sees everything."""
NAMED = (
    "combatant",
    "target",
    "attacker",
    "defender",
    "caster",
    "owner",
    "holder",
    "mover",
    "other",
    "carried_by",
)
"""The fields by which an event names the ones it is about: one that names only characters
a Blind viewer does not know of (their own turns, actions, wounds) does not reach it."""
LOUD = (Crashed, ExchangeRolled)
"""The noises every viewer hears, the Blind included, to orient on (TIERS-15, TIERS-17):
sent even when only the unknown are in them, who are then "someone"."""
LISTS = ("order", "combatants")
"""Fields that list who takes part: the unknown leave them rather than be "someone"."""


def gm_map(state: EncounterState) -> dict[str, Any]:
    """The GM's map of the dark: where everyone truly is and faces, who is Blind, the lines
    of this round's Blind moves, and the weapons lying on the map."""
    people = cast(tuple[Warrior, ...], state.combatants)
    board = state.arena
    return {
        "room_light": "bright"
        if getattr(board, "level", BRIGHT) >= BRIGHT
        else getattr(board, "level", BRIGHT),
        "lights": [{"x": x, "y": y, "kind": k} for x, y, k in getattr(board, "sources", ())]
        + [{"carried_by": c, "kind": k} for c, k in getattr(board, "carried", ())],
        # weapons dropped on the map (rules/dropping.py): objects on the GM's map
        "ground": [
            {"x": g.at[0], "y": g.at[1], "weapon": g.weapon.id, "tier": g.tier}
            for g in getattr(board, "ground", ())
        ],
        "combatants": [
            {
                "id": c.id,
                "x": c.x,
                "y": c.y,
                "facing": c.facing,
                "light": _light_name(light_at(state, c.tile)),
                "blind": blind(state, c),
                "lines": [[list(a), list(b)] for a, b in c.trails],
            }
            for c in people
        ],
    }


def _light_name(level: int) -> str | int:
    return "bright" if level >= BRIGHT else level


def _known(state: EncounterState, me: Warrior, them: Warrior) -> bool:
    """Whether `me` sees `them` in full: it identifies them, or their stealth attack revealed
    them "to everyone" where they stand (rules/reveal.py)."""
    return identifies(state, me, them) or revealed(state, them)


def view(state: EncounterState, viewer: str | None) -> dict[str, Any]:
    """The state as `viewer` may see it (None: the GM)."""
    whole = state.to_json()
    if viewer is GM:
        whole["gm_map"] = gm_map(state)
        return whole
    me = fighter(state, viewer)
    listed: list[dict[str, Any]] = []
    for other, data in zip(state.combatants, whole["combatants"], strict=True):
        them = cast(Warrior, other)
        if _known(state, me, them):
            listed.append(data)
        elif them.id in me.identified and distance(me.tile, them.tile) == 1:
            listed.append({**data, "state": None})
        else:
            if them.side == me.side:  # it knows its party, not where they are
                listed.append({**data, "position": None, "state": None})
            if distance(me.tile, them.tile) == 1:
                listed.append({"unknown": True, "position": {"x": them.x, "y": them.y}})
    hidden = unseen(state, me)
    # a record it may see can still name one it does not know of (whom it keeps in front)
    whole["combatants"] = scrub_json(listed, dict.fromkeys(hidden, SOMEONE))
    if whole.get("turn") in hidden:
        whole["turn"] = None  # someone it does not know of is acting; who is not its to know
    if not blind(state, me):
        whole["gm_map"] = gm_map(state)
    return whole


def shows(state: EncounterState, event: Event, viewer: str | None) -> bool:
    """Whether `event` may be sent to `viewer` at all; `state` is the state just after it."""
    return shown(state, event, viewer) is not None


def shown(state: EncounterState, event: Event, viewer: str | None) -> Event | None:
    """`event` as `viewer` receives it (None: the GM, who receives it whole), or None when it
    may not see it; `state` is the state just after it. A Blind viewer calls whom it does not
    know of (`unseen`) "someone"."""
    if viewer is GM:
        return event
    me = fighter(state, viewer)
    if getattr(type(event), "gm_only", False):
        return None if blind(state, me) else event
    if isinstance(event, Moved | Faced | Dropped | Grabbed):
        # a drop or a grab says where its maker stands, as a move does
        who = event.target if isinstance(event, Moved) else event.combatant
        if not _known(state, me, fighter(state, who)):
            return None
    hidden = unseen(state, me)
    if not hidden:
        return event
    if not isinstance(event, LOUD) and not perceived(state, event, hidden, NAMED):
        return None
    return scrub(event, dict.fromkeys(hidden, SOMEONE), drop=LISTS)


def unseen(state: EncounterState, me: Warrior) -> frozenset[str]:
    """Whom `me`'s player does not know of: nobody when it is not Blind (it sees the GM's
    map, which names everyone); when Blind, every enemy its view leaves out or shows only as
    someone unknown beside it."""
    if not blind(state, me):
        return frozenset()
    return frozenset(
        c.id for c in state.combatants if c.side != me.side and not _named(state, me, c)
    )


def _named(state: EncounterState, me: Warrior, other: Combatant) -> bool:
    """Whether `me`'s view names `other`: seen, revealed, or identified beside it."""
    them = cast(Warrior, other)
    if _known(state, me, them):
        return True
    return them.id in me.identified and distance(me.tile, them.tile) == 1
