"""The `pools` battle map: the distance track (one unit is 5 m) with altitude above it,
the cover and the fog along it, and the distance bands that set a shot's penalty.

Read from `view(state, viewer)` (pools/view.py): a player's map leaves out the enemies
hidden from it, and shows the traps and the hiding its side knows of (the view's `gm`
part), never the GM's. The cover, the light and the weapons on the ground are the
battlefield everyone sees."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

from fracas.core.actions import Action
from fracas.core.mapview import (
    Feature,
    Fog,
    MapModel,
    MapView,
    Overlay,
    Point,
    Shade,
    Space,
    Token,
    Zone,
    framed,
    tokens,
    view_of,
)
from fracas.core.ruleset import BaseRuleset
from fracas.core.state import EncounterState
from fracas.rulesets.pools.actions import Aim, Attack, Grapple, Move, Shoot, TakeCover
from fracas.rulesets.pools.rules.common import soldier
from fracas.rulesets.pools.sheet import UNARMED, Battlefield

BAND = 10
"""Distances per step of the range penalty: "-3d6 per 10 distances" (POOLS-24)."""
MARGIN = 2
"""Distances drawn beyond the farthest thing on the track, so one can move past it."""


def draw(ruleset: BaseRuleset, state: EncounterState, viewer: str | None) -> MapView:
    view = view_of(ruleset, state, viewer)
    field = cast(Battlefield, state.arena)
    hiding = {h["id"]: h["hidden_from"] for h in view["gm"]["hiding"]}
    found = tokens(view, _on_track, summary=lambda entry: _summary(entry, hiding))
    features = [
        *(Feature("cover", (float(c.distance), 0.0), label=c.rating) for c in field.cover),
        *(Feature("item", (float(g.distance), 0.0), label=_weapon(g.weapon)) for g in field.ground),
        *(
            Feature("trap", (float(t["distance"]), 0.0), label=str(t["kind"]))
            for t in view["gm"]["traps"]
        ),
    ]
    places = [t.at[0] for t in found if t.at is not None] + [f.at[0] for f in features]
    low = max(0.0, min(places, default=0.0) - MARGIN)
    high = max(places, default=0.0) + MARGIN
    top = max((t.at[1] for t in found if t.at is not None), default=0.0) + 1
    return framed(
        ruleset,
        viewer,
        view,
        space=Space(kind="track", x=(low, high), y=(0, top), unit="5 m", y_unit="altitude"),
        tokens=found,
        features=tuple(features),
        fog=_fog(field, low, high),
        zones=_bands(found, viewer, view.get("turn"), low, high),
        overlays=_riding(view, found),
    )


def _on_track(position: Any) -> Point | None:
    if not isinstance(position, Mapping) or position.get("distance") is None:
        return None
    return (float(position["distance"]), float(position.get("altitude") or 0))


def _weapon(weapon: Any) -> str:
    return weapon if isinstance(weapon, str) else str(weapon.id)


def _summary(entry: Mapping[str, Any], hiding: Mapping[str, list[str]]) -> str:
    state = entry["state"]
    words = [f"armor: {state['armor']}"] if state.get("armor") else []
    if state.get("in_cover"):
        words.append("in cover")
    if hiding.get(entry["id"]):
        words.append("hidden from " + ", ".join(hiding[entry["id"]]))
    return "; ".join(words)


def _fog(field: Battlefield, low: float, high: float) -> Fog:
    """The dark hides everyone (POOLS-57); fog or smoke hides who stands in it."""
    if field.light == "dark":
        return Fog(
            shades=tuple(Shade((float(d), 0.0), "dark") for d in range(int(low), int(high) + 1))
        )
    return Fog(shades=tuple(Shade((float(d), 0.0), "dark") for d in sorted(field.obscured)))


def _bands(
    found: Iterable[Token], viewer: str | None, turn: str | None, low: float, high: float
) -> tuple[Zone, ...]:
    """The range bands around whom the viewer plays (the GM: whoever acts): melee at its
    own distance, then every 10 distances another -3d6 (POOLS-21, POOLS-24)."""
    focus = next((t for t in found if t.id is not None and t.id == (viewer or turn)), None)
    if focus is None or focus.at is None:
        return ()
    here = focus.at[0]
    zones = [Zone("band", "melee", (here, 0.0), (here, 0.0), side=focus.side)]
    widest = max(here - low, high - here)
    for step in range(int(widest // BAND) + 1):
        label = "no range penalty" if step == 0 else f"-{3 * step}d6"
        near, far = step * BAND + (1 if step == 0 else 0), (step + 1) * BAND - 1
        for sign in (1, -1):
            start, end = here + sign * near, here + sign * far
            if min(start, end) <= high and max(start, end) >= low:
                zones.append(Zone("band", label, (start, 0.0), (end, 0.0), side=focus.side))
    return tuple(zones)


def _riding(view: Mapping[str, Any], found: Iterable[Token]) -> tuple[Overlay, ...]:
    places = {t.id: t.at for t in found if t.id is not None and t.at is not None}
    links = []
    for entry in view["combatants"]:
        mount = (entry.get("state") or {}).get("riding")
        if mount in places and entry["id"] in places:
            links.append(Overlay("link", (places[entry["id"]], places[mount]), label="riding"))
    return tuple(links)


def more(state: EncounterState, actor: str) -> Iterable[Action]:
    """Values worth trying beside the tactics' wishes: a step either way, cover, a blow, a
    grapple and a shot with each weapon at each other combatant (verify keeps the legal)."""
    me = soldier(state, actor)
    for to in (me.distance - 1, me.distance + 1):
        if to >= 0:
            yield Move(actor=actor, to=to)
    yield TakeCover(actor=actor)
    for other in state.combatants:
        if other.id == actor:
            continue
        yield Grapple(actor=actor, target=other.id)
        for weapon in (UNARMED, *(w.id for w in me.weapons)):
            yield Attack(actor=actor, target=other.id, weapon=weapon)
        for w in me.weapons:
            yield Shoot(actor=actor, weapon=w.id, targets=[Aim(target=other.id)])


MAP = MapModel(draw=draw, places={"to": "distance"}, more=more)
