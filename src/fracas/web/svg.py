"""A `MapView` drawn as an SVG string, one drawing per kind of space.

The page embeds the string as it is and hooks the data attributes: a token carries
`data-target="<id>"` (`someone@x,y` for someone the viewer cannot identify), a grid tile
`data-cell="x,y"`, a battle line `data-line="n"`, a distance of a track `data-distance="d"`,
and the plane's background `data-space="plane"` with the root's `data-origin-x`,
`data-origin-y` and `data-scale` (in the SVG's own units: pixels of the viewBox a metre),
from which a click's point is worked out. The values are written as `core.mapview.spot`
writes them, so a clicked element matches the choices' marks as they are. Terrain, lights,
fog and melee rings let clicks through to the place below them.

Every name and label goes through the standard library's XML escaping, so a name such as
`<script>` is shown as text. Nothing is drawn that the `MapView` does not hold: secrecy is
settled before this (core/mapview.py).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from fracas.core.mapview import Feature, Fog, MapView, Point, Space, Token, Zone, handle, spot

PALETTE = ("#2f6fdf", "#d9480f", "#2b8a3e", "#9c36b5", "#e8a200", "#0b7285", "#c2255c")
"""Side colours, given out in the order the map lists the sides."""
NIGHT = "#1b2a4a"
"""The darkness: a night blue, so a dark tile never reads as a wall."""
UNKNOWN = "#868e96"
"""The colour of a token whose side the viewer does not know."""
PAD = 24
CLIP = "fracas-map-area"
"""The id of the clip path that keeps lights and terrain inside the drawn space."""
HEADER = 30
CELL = 40
TRACK_CELL = 60
"""A distance of a track: wide enough for three tokens side by side."""
LINE_WIDTH = 130
SLOT = 50
TOKEN_RADIUS = 15
SWATCH, LETTER, GAP = 16, 7.2, 12
"""A side's swatch, a letter of its name (generous, so wide letters fit) and the gap after."""
FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif"
ARROWS: Mapping[str, tuple[float, float]] = {
    "n": (0, -1),
    "ne": (0.7071, -0.7071),
    "e": (1, 0),
    "se": (0.7071, 0.7071),
    "s": (0, 1),
    "sw": (-0.7071, 0.7071),
    "w": (-1, 0),
    "nw": (-0.7071, -0.7071),
}
"""Unit vectors of the eight facings, y growing downward as on the grid."""


def el(tag: str, attrs: Mapping[str, object] | None = None, *children: str) -> str:
    """One element, its attribute values quoted and escaped; children are markup already
    built (use `text` for words)."""
    shown = "".join(
        f" {name.replace('_', '-')}={quoteattr(_value(value))}"
        for name, value in (attrs or {}).items()
        if value is not None
    )
    if not children:
        return f"<{tag}{shown}/>"
    return f"<{tag}{shown}>{''.join(children)}</{tag}>"


def text(words: str) -> str:
    return escape(words)


def _value(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


@dataclass(frozen=True, slots=True)
class Frame:
    """Where the space lies on the page: its size in pixels and the pixel of a point."""

    width: float
    height: float
    place: Callable[[Point], tuple[float, float]]
    scale: float
    """Pixels a unit of the space."""


TOKENS_KEPT = 4096
"""Drawn tokens kept per process (`_token`)."""
GROUNDS_KEPT = 512
"""Drawn grounds kept per process (`_still`): one or two per fight and viewer."""
LIVE = "live"
"""The `data-layer` of the group holding what moves from step to step (fog, overlays,
tokens, header): a page already showing a map of the same ground swaps only this group."""


@dataclass(frozen=True, slots=True)
class Drawn:
    """A map drawn in two pieces: `ground` (the svg element's opening, its background and
    click targets, and the features), and `live`, the group of what changes as the fight
    moves. `svg` is the whole map."""

    ground: str
    live: str

    @property
    def svg(self) -> str:
        return self.ground + self.live + "</svg>"


def render(view: MapView) -> str:
    """The whole map: background and click targets, zones, features, fog, overlays,
    tokens, then the header and the legend."""
    return draw(view).svg


def draw(view: MapView) -> Drawn:
    """The map as `render` draws it, in its two pieces (`Drawn`)."""
    colours = {side: PALETTE[n % len(PALETTE)] for n, side in enumerate(view.sides)}
    ground = ground_of(view)
    frame, still = _still(ground)
    moving = [
        _fog_drawn(view.fog, ground),
        *(_overlay(o.kind, o.points, o.label, frame) for o in view.overlays),
        _tokens(view, frame, colours),
        _header(view, frame),
    ]
    return Drawn(still, el("g", {"data_layer": LIVE}, *moving))


@dataclass(frozen=True, slots=True)
class Ground:
    """Everything the map's ground is drawn from, and nothing else: the ground drawers read
    only this, so it is also the key the drawn ground is kept by (`_still`) and a ground is
    drawn again exactly when one of these changes."""

    ruleset: str
    space: Space
    sides: tuple[str, ...]
    zones: tuple[Zone, ...]
    features: tuple[Feature, ...]
    tallest: int
    """The most tokens sharing one point of a battle line (the lines grow to hold them);
    0 in the other spaces, whose ground does not depend on the tokens."""


def ground_of(view: MapView) -> Ground:
    tallest = max(_stack_sizes(view.tokens).values(), default=0)
    return Ground(
        view.ruleset,
        view.space,
        view.sides,
        view.zones,
        view.features,
        tallest if view.space.kind == "lines" else 0,
    )


@functools.lru_cache(maxsize=GROUNDS_KEPT)
def _still(ground: Ground) -> tuple[Frame, str]:
    """The frame and the ground's markup (the svg element's opening, background and click
    targets, and the features), kept: from one step to the next it rarely changes."""
    colours = {side: PALETTE[n % len(PALETTE)] for n, side in enumerate(ground.sides)}
    drawer = DRAWERS[ground.space.kind]
    frame, drawn = drawer(ground, colours)
    still = [
        el("rect", {"width": frame.width, "height": frame.height, "fill": "#f8f9fa"}),
        drawn,
        el("clipPath", {"id": CLIP}, el("rect", _area(frame))),
        el(
            "g",
            {"clip_path": f"url(#{CLIP})", "class": "features", "pointer_events": "none"},
            *(_feature(f, frame) for f in ground.features),
        ),
    ]
    attrs: dict[str, object] = {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": f"0 0 {frame.width:.0f} {frame.height:.0f}",
        "width": f"{frame.width:.0f}",
        "height": f"{frame.height:.0f}",
        "font_family": FONT,
        "data_ruleset": ground.ruleset,
        "data_space": ground.space.kind,
        "data_scale": frame.scale,
        "role": "img",
        "aria_label": f"{ground.ruleset} battle map",
    }
    origin = frame.place((0.0, 0.0))
    attrs["data_origin_x"], attrs["data_origin_y"] = origin
    opening = el("svg", attrs, "")
    return frame, opening[: -len("</svg>")] + "".join(still)


def _area(frame: Frame) -> dict[str, object]:
    """The rectangle the space is drawn in (between the header and the footer line)."""
    return {
        "x": PAD,
        "y": HEADER + PAD,
        "width": frame.width - 2 * PAD,
        "height": frame.height - 2 * PAD - HEADER - 20,
    }


# -- the spaces ------------------------------------------------------------------------------


def _grid(ground: Ground, colours: Mapping[str, str]) -> tuple[Frame, str]:
    """A tile grid: one clickable square a tile."""
    x0, x1 = ground.space.x
    y0, y1 = ground.space.y
    columns, rows = int(x1 - x0) + 1, int(y1 - y0) + 1

    def place(p: Point) -> tuple[float, float]:
        return (PAD + (p[0] - x0 + 0.5) * CELL, HEADER + PAD + (p[1] - y0 + 0.5) * CELL)

    frame = Frame(columns * CELL + 2 * PAD, rows * CELL + 2 * PAD + HEADER + 20, place, CELL)
    cells = [
        el(
            "rect",
            {
                "x": PAD + (x - x0) * CELL,
                "y": HEADER + PAD + (y - y0) * CELL,
                "width": CELL,
                "height": CELL,
                "fill": "#ffffff",
                "stroke": "#dee2e6",
                "data_cell": f"{spot(float(x))},{spot(float(y))}",
                "class": "cell",
            },
        )
        for y in range(int(y0), int(y1) + 1)
        for x in range(int(x0), int(x1) + 1)
    ]
    return frame, el("g", {"class": "cells"}, *cells)


def _lines(ground: Ground, colours: Mapping[str, str]) -> tuple[Frame, str]:
    """The battle lines side by side, each a clickable column tinted by the side it is."""
    x0, x1 = ground.space.x
    count = int(x1 - x0) + 1
    rows = max(3, ground.tallest)
    top = HEADER + PAD + 24

    def place(p: Point) -> tuple[float, float]:
        return (PAD + (p[0] - x0 + 0.5) * LINE_WIDTH, top + SLOT / 2 + p[1] * SLOT)

    frame = Frame(count * LINE_WIDTH + 2 * PAD, top + rows * SLOT + PAD + 20, place, LINE_WIDTH)
    zones = {z.start[0]: z for z in ground.zones if z.kind == "line"}
    columns = []
    for n in range(count):
        line = x0 + n
        zone = zones.get(line)
        tint = colours.get(zone.side, UNKNOWN) if zone and zone.side else UNKNOWN
        left = PAD + n * LINE_WIDTH
        label = zone.label if zone else f"{line:g}"
        columns.append(
            el(
                "g",
                {"class": "line", "data_line": spot(line)},
                el(
                    "rect",
                    {
                        "x": left + 2,
                        "y": HEADER + PAD,
                        "width": LINE_WIDTH - 4,
                        "height": 24 + rows * SLOT,
                        "fill": tint,
                        "fill_opacity": 0.08,
                        "stroke": tint,
                        "stroke_opacity": 0.4,
                        "data_line": spot(line),
                    },
                ),
                el(
                    "text",
                    {
                        "x": left + LINE_WIDTH / 2,
                        "y": HEADER + PAD + 16,
                        "text_anchor": "middle",
                        "font_size": 13,
                        "fill": "#495057",
                    },
                    text(label),
                ),
            )
        )
    return frame, el("g", {"class": "lines"}, *columns)


def _track(ground: Ground, colours: Mapping[str, str]) -> tuple[Frame, str]:
    """The distance track along x, altitude rising above it: a clickable column a distance,
    and the range bands of whom the map is for as a strip under the ground."""
    x0, x1 = ground.space.x
    top_altitude = ground.space.y[1]
    columns = int(x1 - x0) + 1
    rows = int(top_altitude) + 1
    floor_y = HEADER + PAD + rows * CELL

    def place(p: Point) -> tuple[float, float]:
        return (PAD + (p[0] - x0 + 0.5) * TRACK_CELL, floor_y - (p[1] + 0.5) * CELL)

    frame = Frame(columns * TRACK_CELL + 2 * PAD, floor_y + 70 + PAD, place, TRACK_CELL)
    parts = []
    for n in range(columns):
        d = x0 + n
        left = PAD + n * TRACK_CELL
        parts.append(
            el(
                "rect",
                {
                    "x": left,
                    "y": HEADER + PAD,
                    "width": TRACK_CELL,
                    "height": rows * CELL,
                    "fill": "#ffffff" if n % 2 else "#f1f3f5",
                    "stroke": "#dee2e6",
                    "data_distance": spot(d),
                    "class": "distance",
                },
            )
        )
        parts.append(
            el(
                "text",
                {
                    "x": left + TRACK_CELL / 2,
                    "y": floor_y + 14,
                    "text_anchor": "middle",
                    "font_size": 11,
                },
                text(f"{d:g}"),
            )
        )
    parts.append(
        el(
            "line",
            {
                "x1": PAD,
                "x2": PAD + columns * TRACK_CELL,
                "y1": floor_y,
                "y2": floor_y,
                "stroke": "#495057",
                "stroke_width": 2,
            },
        )
    )
    parts.append(
        el(
            "text",
            {"x": PAD, "y": HEADER + PAD - 4, "font_size": 11, "fill": "#495057"},
            text(f"altitude above, distance along (1 = {ground.space.unit})"),
        )
    )
    for n, zone in enumerate(z for z in ground.zones if z.kind == "band"):
        first, last = sorted((zone.start[0], zone.end[0]))
        low, high = max(first, x0), min(last, x1)
        band_left = PAD + (low - x0) * TRACK_CELL
        tint = colours.get(zone.side or "", UNKNOWN)
        row = 0 if zone.label == "melee" else 1 + n % 2
        parts.append(
            el(
                "g",
                {"class": "band"},
                el(
                    "rect",
                    {
                        "x": band_left,
                        "y": floor_y + 20 + row * 14,
                        "width": (high - low + 1) * TRACK_CELL,
                        "height": 12,
                        "fill": tint,
                        "fill_opacity": 0.25 if row else 0.6,
                    },
                ),
                el(
                    "text",
                    {"x": band_left + 3, "y": floor_y + 30 + row * 14, "font_size": 10},
                    text(zone.label),
                ),
            )
        )
    return frame, el("g", {"class": "track"}, *parts)


def _plane(ground: Ground, colours: Mapping[str, str]) -> tuple[Frame, str]:
    """Open ground in metres, a metre grid faintly drawn, clicked anywhere for a point."""
    x0, x1 = ground.space.x
    y0, y1 = ground.space.y
    scale = max(18.0, min(48.0, 720 / max(1.0, x1 - x0)))

    def place(p: Point) -> tuple[float, float]:
        return (PAD + (p[0] - x0) * scale, HEADER + PAD + (p[1] - y0) * scale)

    width, height = (x1 - x0) * scale, (y1 - y0) * scale
    frame = Frame(width + 2 * PAD, height + 2 * PAD + HEADER + 20, place, scale)
    step = 1 if scale >= 24 else 5
    ends: list[tuple[Point, Point]] = [
        ((float(x), y0), (float(x), y1)) for x in range(int(x0), int(x1) + 1, step)
    ]
    ends += [((x0, float(y)), (x1, float(y))) for y in range(int(y0), int(y1) + 1, step)]
    lines = [_segment(place(a), place(b), "#e9ecef") for a, b in ends]
    background = el(
        "rect",
        {
            "x": PAD,
            "y": HEADER + PAD,
            "width": width,
            "height": height,
            "fill": "#ffffff",
            "stroke": "#ced4da",
            "data_space": "plane",
            "class": "plane",
        },
    )
    scale_bar = el(
        "text",
        {"x": PAD, "y": frame.height - 8, "font_size": 11, "fill": "#495057"},
        text(f"grid: {step} {ground.space.unit}"),
    )
    return frame, el("g", {"class": "plane"}, background, *lines, scale_bar)


def _segment(a: tuple[float, float], b: tuple[float, float], colour: str) -> str:
    return el("line", {"x1": a[0], "y1": a[1], "x2": b[0], "y2": b[1], "stroke": colour})


def _row(ground: Ground, colours: Mapping[str, str]) -> tuple[Frame, str]:
    """A ruleset without a map: the combatants in a row."""
    count = int(ground.space.x[1] - ground.space.x[0]) + 1

    def place(p: Point) -> tuple[float, float]:
        return (PAD + (p[0] + 0.5) * LINE_WIDTH, HEADER + PAD + SLOT / 2)

    return Frame(count * LINE_WIDTH + 2 * PAD, HEADER + 2 * PAD + SLOT + 20, place, 1), ""


DRAWERS: Mapping[str, Callable[[Ground, Mapping[str, str]], tuple[Frame, str]]] = {
    "grid": _grid,
    "lines": _lines,
    "track": _track,
    "plane": _plane,
    "list": _row,
}


# -- what lies on the space ----------------------------------------------------------------


def _feature(feature: Feature, frame: Frame) -> str:
    cx, cy = frame.place(feature.at)
    half = CELL / 2
    tip = el("title", None, text(f"{feature.kind} {feature.label}".strip()))
    if feature.kind == "wall":
        return el(
            "rect",
            {
                "x": cx - half,
                "y": cy - half,
                "width": CELL,
                "height": CELL,
                "fill": "#343a40",
                "class": "wall",
            },
            tip,
        )
    if feature.kind == "cover":
        return el(
            "rect",
            {
                "x": cx - half + 3,
                "y": cy - half + 3,
                "width": CELL - 6,
                "height": CELL - 6,
                "fill": "#a9825a",
                "fill_opacity": 0.55,
                "stroke": "#7c5a3a",
                "class": "cover",
            },
            tip,
        )
    if feature.kind == "light":
        glow = feature.radius * frame.scale if feature.radius else CELL * 0.45
        return el(
            "g",
            {"class": "light"},
            el("circle", {"cx": cx, "cy": cy, "r": glow, "fill": "#ffd43b", "fill_opacity": 0.18}),
            el("circle", {"cx": cx, "cy": cy, "r": 6, "fill": "#fab005", "stroke": "#e67700"}),
            tip,
        )
    if feature.kind == "trap":
        return el(
            "g",
            {"class": "trap"},
            el(
                "path",
                {
                    "d": f"M{cx - 7},{cy + 9} l14,-14 m-14,0 l14,14",
                    "stroke": "#c92a2a",
                    "stroke_width": 3,
                },
            ),
            tip,
        )
    return el(
        "g",
        {"class": feature.kind},
        el("path", {"d": f"M{cx},{cy + 6} l7,7 l-7,7 l-7,-7 z", "fill": "#868e96"}),
        tip,
    )


@functools.lru_cache(maxsize=GROUNDS_KEPT)
def _fog_drawn(fog: Fog, ground: Ground) -> str:
    """The fog over a ground, kept by both (the frame it is placed in is the ground's): a
    darkness map changes only as the lights do, and every viewer shown it sees the same."""
    frame, _ = _still(ground)
    return _fog(fog, ground.space, frame)


def _fog(fog: Fog, space: Space, frame: Frame) -> str:
    """The veil over a map the viewer may not see, or the shade of each place not in full
    light; shades let clicks through to the tiles below."""
    if fog.veiled:
        return el(
            "rect",
            {
                **_area(frame),
                "fill": NIGHT,
                "fill_opacity": 0.55,
                "class": "fog veiled",
                "pointer_events": "none",
            },
        )
    shades = []
    for shade in fog.shades:
        cx, cy = frame.place(shade.at)
        top, height = cy - CELL / 2, float(CELL)
        if space.kind == "track":  # a distance is dark or fogged at every altitude
            top = HEADER + PAD
            height = frame.place((shade.at[0], -0.5))[1] - top
        box = {"x": cx - frame.scale / 2, "y": top, "width": frame.scale, "height": height}
        opacity = 0.6 if shade.level == "dark" else 0.3
        shades.append(el("rect", {**box, "fill": NIGHT, "fill_opacity": opacity}))
    return el("g", {"class": "fog", "pointer_events": "none"}, *shades) if shades else ""


def _overlay(kind: str, points: tuple[Point, ...], label: str, frame: Frame) -> str:
    drawn = " ".join(f"{x:.1f},{y:.1f}" for x, y in (frame.place(p) for p in points))
    dash = "6 4" if kind == "path" else None
    return el(
        "polyline",
        {
            "points": drawn,
            "fill": "none",
            "stroke": "#495057",
            "stroke_width": 2,
            "stroke_dasharray": dash,
            "class": f"overlay {kind}",
            "pointer_events": "none",
        },
        el("title", None, text(f"{kind} {label}".strip())),
    )


# -- tokens -----------------------------------------------------------------------------


def _stack_sizes(found: Iterable[Token]) -> dict[Point, int]:
    sizes: dict[Point, int] = {}
    for token in found:
        if token.at is not None:
            sizes[token.at] = sizes.get(token.at, 0) + 1
    return sizes


def _tokens(view: MapView, frame: Frame, colours: Mapping[str, str]) -> str:
    """Each placed token at its point; tokens sharing a point are spread (down a battle line,
    around a tile or a distance); those placed nowhere are listed under the map."""
    shared = _stack_sizes(view.tokens)
    seen: dict[Point, int] = {}
    drawn = []
    unplaced = []
    for token in view.tokens:
        if token.at is None:
            unplaced.append(token)
            continue
        n = seen.get(token.at, 0)
        seen[token.at] = n + 1
        cx, cy = frame.place(token.at)
        dx, dy, radius = _spread(view.space.kind, n, shared[token.at], min(frame.scale, SLOT))
        colour = colours.get(token.side or "", UNKNOWN)
        drawn.append(_token(token, cx + dx, cy + dy, frame.scale, colour, radius))
    if unplaced:
        names = ", ".join(t.name for t in unplaced)
        drawn.append(
            el(
                "text",
                {"x": PAD, "y": frame.height - 6, "font_size": 11, "fill": "#495057"},
                text(f"somewhere unseen: {names}"),
            )
        )
    return el("g", {"class": "tokens"}, *drawn)


def _spread(kind: str, n: int, count: int, room: float) -> tuple[float, float, float]:
    """Where the n-th of `count` tokens on one point sits, from the point's centre, and its
    radius: down a battle line one under another; elsewhere side by side in rows of three
    across the `room` a place has, smaller the more share it."""
    if count == 1:
        return (0.0, 0.0, TOKEN_RADIUS)
    if kind == "lines":
        return (0.0, n * SLOT, TOKEN_RADIUS)
    across = min(count, 3)
    rows = -(-count // across)
    gap = room / across
    radius = min(TOKEN_RADIUS, gap / 2 - 1.5)
    column, row = n % across, n // across
    return ((column - (across - 1) / 2) * gap, (row - (rows - 1) / 2) * gap, radius)


@functools.lru_cache(maxsize=TOKENS_KEPT)
def _token(token: Token, cx: float, cy: float, scale: float, colour: str, radius: float) -> str:
    """One token drawn; kept, since from one step to the next most tokens are drawn the
    same (a token is a frozen value: equal tokens at one place draw alike)."""
    down = token.status not in ("active", "unknown", "unidentified")
    parts = []
    if token.reach:
        parts.append(
            el(
                "circle",
                {
                    "cx": cx,
                    "cy": cy,
                    "r": token.reach * scale,
                    "fill": colour,
                    "fill_opacity": 0.06,
                    "stroke": colour,
                    "stroke_dasharray": "4 3",
                    "class": "reach",
                    "pointer_events": "none",
                },
            )
        )
    if token.size != (1, 1) and scale == CELL:
        width, length = token.size
        parts.append(
            el(
                "rect",
                {
                    "x": cx - CELL / 2,
                    "y": cy - CELL / 2,
                    "width": width * CELL,
                    "height": length * CELL,
                    "fill": colour,
                    "fill_opacity": 0.2,
                    "stroke": colour,
                },
            )
        )
    parts.append(
        el(
            "circle",
            {
                "cx": cx,
                "cy": cy,
                "r": radius,
                "fill": colour,
                "fill_opacity": 0.35 if down else 0.9,
                "stroke": "#212529" if token.acting else "#ffffff",
                "stroke_width": 3 if token.acting else 1.5,
            },
        )
    )
    if token.facing is not None and token.facing in ARROWS:
        ux, uy = ARROWS[token.facing]
        tip_x, tip_y = cx + ux * (radius + 7), cy + uy * (radius + 7)
        parts.append(
            el(
                "line",
                {
                    "x1": cx + ux * radius,
                    "y1": cy + uy * radius,
                    "x2": tip_x,
                    "y2": tip_y,
                    "stroke": "#212529",
                    "stroke_width": 2.5,
                    "class": "facing",
                },
            )
        )
        parts.append(el("circle", {"cx": tip_x, "cy": tip_y, "r": 2.5, "fill": "#212529"}))
    parts.append(
        el(
            "text",
            {
                "x": cx,
                "y": cy + 4,
                "text_anchor": "middle",
                "font_size": 11 if radius >= TOKEN_RADIUS else 8,
                "font_weight": 600,
                "fill": "#ffffff",
            },
            text(_initials(token.name)),
        )
    )
    if token.hp is not None and token.max_hp:
        parts.append(_hp_bar(token.hp, token.max_hp, cx, cy + radius + 3, radius))
    if token.status == "dead":
        parts.append(
            el(
                "path",
                {
                    "d": f"M{cx - radius * 0.6},{cy - radius * 0.6} l{radius * 1.2},{radius * 1.2}",
                    "stroke": "#212529",
                    "stroke_width": 2,
                },
            )
        )
    parts.append(el("title", None, text(_tip(token))))
    return el(
        "g",
        {
            "class": "token" + (" acting" if token.acting else ""),
            "data_target": handle(token),
            "data_side": token.side,
            "data_status": token.status,
        },
        *parts,
    )


def _hp_bar(hp: int, max_hp: int, cx: float, top: float, radius: float) -> str:
    share = max(0.0, min(1.0, hp / max_hp))
    colour = "#2b8a3e" if share > 0.5 else "#e8a200" if share > 0.25 else "#c92a2a"
    width = 2 * radius
    return el(
        "g",
        {"class": "hp"},
        el("rect", {"x": cx - width / 2, "y": top, "width": width, "height": 4, "fill": "#dee2e6"}),
        el(
            "rect",
            {"x": cx - width / 2, "y": top, "width": width * share, "height": 4, "fill": colour},
        ),
    )


def _initials(name: str) -> str:
    words = [w for w in name.replace("_", " ").split() if w[:1].isalnum()]
    return ("".join(w[0] for w in words[:2]) or name[:2]).upper()


def _tip(token: Token) -> str:
    parts = [token.name]
    if token.side:
        parts.append(f"({token.side})")
    if token.hp is not None:
        parts.append(f"HP {token.hp}/{token.max_hp}")
    if token.status != "active":
        parts.append(token.status)
    if token.summary:
        parts.append(token.summary)
    if token.conditions:
        parts.append("; ".join(token.conditions))
    return " ".join(parts)


def _header(view: MapView, frame: Frame) -> str:
    """Round or tick, whose turn, the outcome, a word on the dark for a veiled map, and a
    swatch for each side, laid out from the right with room for wide letters."""
    acting = next((t.name for t in view.tokens if t.acting), None)
    veiled = "in the dark: only what you make out is shown" if view.fog.veiled else ""
    said = (view.clock, f"{acting}'s turn" if acting else "", view.outcome or "", veiled)
    return _header_drawn(" · ".join(w for w in said if w), view.sides, frame.width)


@functools.lru_cache(maxsize=GROUNDS_KEPT)
def _header_drawn(words: str, sides: tuple[str, ...], width: float) -> str:
    """The header from all it shows (kept: every seat of a step shows the same one)."""
    colours = {side: PALETTE[n % len(PALETTE)] for n, side in enumerate(sides)}
    parts = [
        el(
            "text",
            {"x": PAD, "y": 20, "font_size": 14, "font_weight": 600, "fill": "#212529"},
            text(words),
        )
    ]
    widths = [SWATCH + LETTER * len(side) + GAP for side in sides]
    x = width - PAD - sum(widths)
    for side, side_width in zip(sides, widths, strict=True):
        parts.append(el("circle", {"cx": x + 6, "cy": 16, "r": 6, "fill": colours[side]}))
        parts.append(el("text", {"x": x + SWATCH, "y": 20, "font_size": 12}, text(side)))
        x += side_width
    return el("g", {"class": "header"}, *parts)
