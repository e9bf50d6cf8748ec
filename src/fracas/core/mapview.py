"""What a battle map shows one viewer: a neutral description a page draws without knowing
the ruleset.

Each ruleset measures space its own way (a tile grid, six battle lines, a distance track
with altitude, a plane in metres), so a web table that drew each one itself would need code
per ruleset. Instead a ruleset answers `map_view(state, viewer)` with a `MapView`: the kind
of space and its extent, the tokens, the terrain, the fog, the zones and the overlays, all in
the space's own coordinates, and a renderer (`fracas.web.svg`) draws any of them.

A `MapView` is built from what the ruleset's redaction lets the viewer know
(`BaseRuleset.view`, core/secrecy.py), never from the bare state: a token comes only from a
combatant the view lists, with only the fields the view gives, so a map cannot show a player
what the rest of the table would hide from it. A ruleset describes its map with a
`MapModel` (its `map_model`, as `odds_model` describes its dice); one without a map model
gets `list_view`, every combatant it shows in a row.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from fracas.core.actions import Action
    from fracas.core.ruleset import BaseRuleset
    from fracas.core.state import EncounterState

Point = tuple[float, float]
"""A place in the space's own coordinates: (x, y) on a grid or a plane, (line, 0) on the
lines, (distance, altitude) on a track."""
SpaceKind = Literal["grid", "lines", "track", "plane", "list"]
PickKind = Literal["target", "cell", "line", "distance", "point"]
"""How a field of an action is picked on the map: a combatant (`data-target`), a grid tile
(`data-cell="x,y"`), a battle line (`data-line`), a distance on a track (`data-distance`), a
point of a plane (`data-point="x,y"`)."""


@dataclass(frozen=True, slots=True)
class Space:
    """The kind of space and its extent: x and y each run from their first to their last
    value inclusive (tiles and lines are counted, metres and distances measured)."""

    kind: SpaceKind
    x: tuple[float, float]
    y: tuple[float, float] = (0, 0)
    unit: str = ""
    """What one step of x measures (`tile`, `line`, `5 m`, `m`)."""
    y_unit: str = ""
    labels: tuple[str, ...] = ()
    """Names of the x positions where they have names (the six lines)."""


@dataclass(frozen=True, slots=True)
class Token:
    """One combatant as the viewer knows it. `id` is None for someone the viewer knows is
    there but cannot identify (the Blind beside someone in the dark), `at` None for one it
    knows of but not where (an ally out of sight); `hp` and `max_hp` are None where the
    ruleset counts harm otherwise and says it in `summary`."""

    id: str | None
    name: str
    side: str | None
    at: Point | None
    status: str = "active"
    hp: int | None = None
    max_hp: int | None = None
    summary: str = ""
    """Harm or state in a few words (a wound chart, armor hit points)."""
    conditions: tuple[str, ...] = ()
    facing: str | None = None
    """One of the eight compass points (n, ne, e ... nw), where the ruleset has facing."""
    size: tuple[float, float] = (1, 1)
    """Width and length in the space's units."""
    acting: bool = False
    reach: float = 0
    """The radius of its melee range, in the space's units, where the ruleset draws one."""


@dataclass(frozen=True, slots=True)
class Feature:
    """Something on the map that is not a combatant: a wall, cover, impassable terrain, a
    light (with the `radius` it lights), an item lying there, a trap the viewer knows of."""

    kind: str
    at: Point
    label: str = ""
    radius: float = 0


@dataclass(frozen=True, slots=True)
class Shade:
    """A place not in full light: `level` is `dim` (low light) or `dark`."""

    at: Point
    level: Literal["dim", "dark"]


@dataclass(frozen=True, slots=True)
class Fog:
    """What the viewer may see of the light. `veiled`: the viewer is not shown the darkness
    map at all (a Blind player), so the page veils the whole space; otherwise `shades` are
    the places not in full light."""

    veiled: bool = False
    shades: tuple[Shade, ...] = ()


@dataclass(frozen=True, slots=True)
class Zone:
    """A stretch of space with a meaning: one of the six lines (`line`), a distance band
    (`band`, from `start` to `end` along x). `side` is the side that owns it, if any."""

    kind: str
    label: str
    start: Point
    end: Point
    side: str | None = None


@dataclass(frozen=True, slots=True)
class Overlay:
    """A drawing over the map joining places: a Blind move's lines (`path`), who holds or
    engages whom (`link`)."""

    kind: str
    points: tuple[Point, ...]
    label: str = ""


@dataclass(frozen=True, slots=True)
class MapView:
    """Everything the map shows `viewer` (None: the GM) of one state."""

    ruleset: str
    viewer: str | None
    space: Space
    tokens: tuple[Token, ...]
    features: tuple[Feature, ...] = ()
    fog: Fog = field(default_factory=Fog)
    zones: tuple[Zone, ...] = ()
    overlays: tuple[Overlay, ...] = ()
    sides: tuple[str, ...] = ()
    """Every side the viewer knows of, in a fixed order, so colours stay put."""
    turn: str | None = None
    """Whose turn it is, when the viewer may know."""
    clock: str = ""
    """Round or tick, in words."""
    outcome: str | None = None

    def token(self, combatant_id: str) -> Token | None:
        return next((t for t in self.tokens if t.id == combatant_id), None)

    def to_json(self) -> dict[str, Any]:
        """The map as plain JSON data, for a page that draws it itself."""
        return dataclasses.asdict(self)


SOMEONE_AT = "someone@"
"""How a token the viewer cannot identify is named on the page and in its choices: by its
place, `someone@5,3` (core/choices.py turns it back into the id, `unmask`)."""


def handle(token: Token) -> str | None:
    """What the page calls a token: its id, or for someone unidentified its place."""
    if token.id is not None:
        return token.id
    if token.at is None:
        return None
    return SOMEONE_AT + spot(token.at)


def spot(value: Any) -> str:
    """A place as a data attribute writes it: `3,4` for a tile or a point, `5` for a line or
    a distance; whole numbers without a decimal point, so `1.0` and `1` are one place."""
    if isinstance(value, list | tuple):
        return ",".join(spot(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def xy(position: Any) -> Point | None:
    """The point of a position written `{x, y, ...}`; None when it has no x and y."""
    if not isinstance(position, Mapping) or "x" not in position or "y" not in position:
        return None
    return (float(position["x"]), float(position["y"]))


Locate = Callable[[Any], "Point | None"]
Draw = Callable[["BaseRuleset", "EncounterState", "str | None"], MapView]
More = Callable[["EncounterState", str], Iterable["Action"]]


def _no_more(state: EncounterState, actor: str) -> Iterable[Action]:
    return ()


@dataclass(frozen=True)
class MapModel:
    """How a ruleset's map is drawn and picked on.

    `draw` builds the `MapView`; `places` names the action fields whose values are places of
    the map, with how each is picked (`tiers`: `to` is a cell); `more` proposes actions worth
    offering besides the ruleset's `candidate_actions` (a move to every tile), which the
    action panel (core/choices.py) verifies like any other: it adds no rule, only values
    to try."""

    draw: Draw | None = None
    places: Mapping[str, PickKind] = field(default_factory=dict)
    more: More = _no_more
    locate: Locate = xy
    """The point of a combatant's `position_json`, where the map shows it unidentified."""
    viewer_blind: bool = False
    """`draw` reads the viewer only through the ruleset's `view` (and names it in the map's
    `viewer`): where that view is the whole state for everyone, every viewer's map is the
    GM's under the viewer's name, and the server draws it once a step (web/table.py)."""


def view_of(ruleset: BaseRuleset, state: EncounterState, viewer: str | None) -> dict[str, Any]:
    """The ruleset's redacted view, the only source a map is built from."""
    return ruleset.view(state, viewer)


def tokens(
    view: Mapping[str, Any],
    locate: Locate,
    *,
    summary: Callable[[Mapping[str, Any]], str] = lambda entry: "",
    facing: Callable[[Mapping[str, Any]], str | None] = lambda entry: None,
    size: Callable[[Mapping[str, Any]], tuple[float, float]] = lambda entry: (1, 1),
) -> tuple[Token, ...]:
    """The tokens of a view's `combatants`, each read only from its own entry: `locate`
    turns the entry's `position` into a point (None: not known); an entry marked `unknown`
    (someone there the viewer cannot identify) becomes a token without id, name or side."""
    out: list[Token] = []
    turn = view.get("turn")
    for entry in view.get("combatants", ()):
        position = entry.get("position")
        at = None if position is None else locate(position)
        if entry.get("unknown"):
            out.append(Token(id=None, name="someone", side=None, at=at, status="unknown"))
            continue
        out.append(
            Token(
                id=entry["id"],
                name=entry["name"],
                side=entry["side"],
                at=at,
                status=entry.get("status", "active"),
                hp=entry.get("hp"),
                max_hp=entry.get("max_hp"),
                summary=summary(entry) if entry.get("state") is not None else "",
                conditions=tuple(entry.get("conditions", ())),
                facing=facing(position) if isinstance(position, Mapping) else None,
                size=size(position) if isinstance(position, Mapping) else (1, 1),
                acting=turn is not None and entry["id"] == turn,
            )
        )
    return tuple(out)


def grid_space(width: int, height: int) -> Space:
    """A tile grid of `width` x `height` tiles, (0, 0) at the top left."""
    return Space(kind="grid", x=(0, width - 1), y=(0, height - 1), unit="tile", y_unit="tile")


def grid_features(
    walls: Iterable[tuple[int, int]], cover: Iterable[tuple[int, int]] = ()
) -> tuple[Feature, ...]:
    """A grid's walls and cover tiles as features, in a fixed order."""
    return (
        *(Feature("wall", (float(x), float(y))) for x, y in sorted(walls)),
        *(Feature("cover", (float(x), float(y))) for x, y in sorted(cover)),
    )


def sides_of(found: Iterable[Token]) -> tuple[str, ...]:
    """The sides of the tokens, in order of first appearance."""
    return tuple(dict.fromkeys(t.side for t in found if t.side is not None))


def clock_of(view: Mapping[str, Any]) -> str:
    """The round or tick a view states, in words."""
    if "tick" in view:
        return f"tick {view['tick']}"
    if view.get("round"):
        return f"round {view['round']}"
    return ""


def framed(
    ruleset: BaseRuleset,
    viewer: str | None,
    view: Mapping[str, Any],
    *,
    space: Space,
    tokens: tuple[Token, ...],
    **drawn: Any,
) -> MapView:
    """A `MapView` of `tokens` in `space`, with what every map takes from the view (whose
    turn, the round or tick, the outcome) and the sides in the order the tokens give them;
    `drawn` holds the rest (features, fog, zones, overlays)."""
    return MapView(
        ruleset=ruleset.info.id,
        viewer=viewer,
        space=space,
        tokens=tokens,
        sides=drawn.pop("sides", None) or sides_of(tokens),
        turn=view.get("turn"),
        clock=clock_of(view),
        outcome=view.get("outcome"),
        **drawn,
    )


def list_view(ruleset: BaseRuleset, state: EncounterState, viewer: str | None) -> MapView:
    """The map of a ruleset without one: every combatant the view lists, in a row, so a
    ruleset that lands later is playable before it draws its space."""
    view = view_of(ruleset, state, viewer)
    found = tokens(view, lambda position: None)
    placed = tuple(dataclasses.replace(t, at=(float(n), 0.0)) for n, t in enumerate(found))
    space = Space(kind="list", x=(0, max(0, len(placed) - 1)))
    return framed(ruleset, viewer, view, space=space, tokens=placed)


def draw(ruleset: BaseRuleset, state: EncounterState, viewer: str | None) -> MapView:
    """The ruleset's map for `viewer` (None: the GM), or the generic list."""
    model = model_of(ruleset)
    return (model.draw or list_view)(ruleset, state, viewer)


def model_of(ruleset: Any) -> MapModel:
    """The ruleset's `map_model`, or the default for one that declares none."""
    found = getattr(ruleset, "map_model", None)
    return found if isinstance(found, MapModel) else MapModel()
