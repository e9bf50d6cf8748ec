"""A snapshot rendered into the pieces a page is made of: the parts (status, tracker,
action panel, GM tools), the map's two pieces (svg.Drawn) and the log lines.

Rendered once per snapshot, and so once per seat view and step, however many sockets show
it; a log line, which never changes once written but for being taken back, is rendered
once for everyone who reads it the same. The socket messages (app.py) are put together
from these, whole or as a delta.

Most of a page does not change from one step to the next, so a part is drawn again only
when what it is drawn from changes: each part's template is given only its inputs, and
the markup is kept by them (`kept.Kept`): the action panel by its choices (the same object
for every seat `table.Fight.choices` built them once for), its actor and the names it
uses, and each of its options by what its button shows, from one step to the next; a
tracker row by its row, the tracker by its rows; the GM's tools by their flags,
combatants and links. The status line names the step, so it is drawn every step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from fracas.core.choices import ActionChoice, Option
from fracas.core.jsontext import json_key
from fracas.web import svg
from fracas.web.kept import Kept
from fracas.web.log import LogLine
from fracas.web.table import Snapshot, TrackerRow

KEPT = 512
"""Rendered snapshots and log lines kept per server."""
OPTIONS_KEPT = 4096
"""Rendered options kept per server: a panel holds a few dozen, and most come back in the
acting fighter's next panels."""


@dataclass(frozen=True, slots=True)
class Rendered:
    parts: dict[str, str]
    drawn: svg.Drawn
    undone: tuple[int, ...]


class Pieces:
    def __init__(self, env: Environment) -> None:
        self.env = env
        self._rendered: Kept[Rendered] = Kept(KEPT)
        self._lines: Kept[str] = Kept(KEPT)
        self._kept: dict[str, Kept[str]] = {
            name: Kept(KEPT) for name in ("panel", "tracker", "rows", "row", "gm")
        }
        self._options: Kept[Markup] = Kept(OPTIONS_KEPT)

    def of(self, snapshot: Snapshot) -> Rendered:
        """The snapshot's pieces (kept by the snapshot's identity: `Tables` hands every
        caller of one seat view and step the same snapshot)."""
        return self._rendered.get(id(snapshot), lambda: self._rendering(snapshot), held=snapshot)

    def _rendering(self, snapshot: Snapshot) -> Rendered:
        names = {t.id: t.name for t in snapshot.view.tokens if t.id is not None}
        parts = {
            "status": self._render("status", s=snapshot, names=names),
            "tracker": self.tracker(snapshot.tracker),
            "panel": self.panel(snapshot.actor, snapshot.choices, names),
            "gm": self.gm(snapshot) if snapshot.role == "gm" else "",
        }
        return Rendered(parts, snapshot.drawn, snapshot.undone)

    def panel(
        self, actor: str | None, choices: tuple[ActionChoice, ...], names: dict[str, str]
    ) -> str:
        """The action panel: kept by its choices' identity (built once per step and sight,
        `table.Fight.choices`), its actor, and the names of everyone its map identifies.
        Each option's markup is kept apart (`option`): a new step's panel mostly offers
        what the last one did."""
        named = tuple(names.items())
        key = (actor, id(choices), named)

        def drawn() -> str:
            buttons = [
                (c, Markup("\n").join([self.option(o, names, named) for o in c.options]))
                for c in choices
            ]
            return self._render("panel", actor=actor, choices=buttons, names=names)

        return self._kept["panel"].get(key, drawn, held=choices)

    def option(self, option: Option, names: dict[str, str], named: tuple[object, ...]) -> Markup:
        """One option's button, kept by all it is drawn from: its action (its fields in
        their order, with their values as JSON writes them), its marks and the names of
        everyone the panel's map identifies (`named`, the items of `names`)."""
        # its JSON in its own order of fields: exactly what its markup shows (its JSON and
        # its words, which follow the fields' order)
        key = (json_key(option.action), option.marks, named)
        return self._options.get(
            key, lambda: Markup(self._render("option", option=option, names=names))
        )

    def tracker(self, rows: tuple[TrackerRow, ...]) -> str:
        """The tracker, kept by its rows; a row drawn once for as long as it stays as it is.
        Looked up first by the rows' identity: the seats that share a step's map share its
        rows (`table.Fight.drawn`), which are then compared once, not once a seat."""
        return self._kept["rows"].get(
            id(rows),
            lambda: self._kept["tracker"].get(
                rows, lambda: self._render("tracker", rows=[self._row(row) for row in rows])
            ),
            held=rows,
        )

    def _row(self, row: TrackerRow) -> str:
        return self._kept["row"].get(row, lambda: self._render("tracker_row", row=row))

    def gm(self, snapshot: Snapshot) -> str:
        """The GM's tools: kept by the moves open to the GM, the combatants and the links."""
        inputs = {
            "undoable": snapshot.undoable,
            "redoable": snapshot.redoable,
            "over": bool(snapshot.view.outcome),
            "combatants": snapshot.combatants,
            "links": snapshot.links,
        }
        key = tuple(inputs.values())
        return self._kept["gm"].get(key, lambda: self._render("gm", **inputs))

    def _render(self, part: str, **inputs: Any) -> str:
        return self.env.get_template(f"part_{part}.html").render(**inputs)

    def lines(self, snapshot: Snapshot, since: int) -> list[str]:
        """The snapshot's log lines after step `since`, oldest first, as markup (read from
        the end: a socket kept up to date wants only the last few of a long log)."""
        log = snapshot.log
        start = len(log)
        while start > 0 and log[start - 1].seq > since:
            start -= 1
        return [self.line(line) for line in log[start:]]

    def line(self, line: LogLine) -> str:
        return self._lines.get(
            line, lambda: self.env.get_template("part_logline.html").render(line=line)
        )
