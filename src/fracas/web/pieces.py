"""A snapshot rendered into the pieces a page is made of: the parts (status, tracker,
action panel, GM tools), the map's two pieces (svg.Drawn) and the log lines.

Rendered once per snapshot, and so once per seat view and step, however many sockets show
it; a log line, which never changes once written but for being taken back, is rendered
once for everyone who reads it the same. The socket messages (app.py) are put together
from these, whole or as a delta.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from jinja2 import Environment

from fracas.web import svg
from fracas.web.log import LogLine
from fracas.web.table import Snapshot

PARTS = ("status", "tracker", "panel", "gm")
KEPT = 512
"""Rendered snapshots and log lines kept per server."""


@dataclass(frozen=True, slots=True)
class Rendered:
    parts: dict[str, str]
    drawn: svg.Drawn
    undone: tuple[int, ...]


class Pieces:
    def __init__(self, env: Environment) -> None:
        self.env = env
        self._made: OrderedDict[int, tuple[Snapshot, Rendered]] = OrderedDict()
        self._lines: OrderedDict[LogLine, str] = OrderedDict()
        self._lock = threading.Lock()

    def of(self, snapshot: Snapshot) -> Rendered:
        """The snapshot's pieces (kept by the snapshot's identity: `Tables` hands every
        caller of one seat view and step the same snapshot)."""
        with self._lock:
            found = self._made.get(id(snapshot))
        if found is not None and found[0] is snapshot:
            return found[1]
        names = {t.id: t.name for t in snapshot.view.tokens if t.id is not None}
        parts = {
            name: self.env.get_template(f"part_{name}.html").render(s=snapshot, names=names)
            for name in PARTS
        }
        undone = tuple(line.seq for line in snapshot.log if line.undone)
        made = Rendered(parts, snapshot.drawn, undone)
        with self._lock:
            self._made[id(snapshot)] = (snapshot, made)
            while len(self._made) > KEPT:
                self._made.popitem(last=False)
        return made

    def lines(self, snapshot: Snapshot, since: int) -> list[str]:
        """The snapshot's log lines after step `since`, oldest first, as markup."""
        return [self.line(line) for line in snapshot.log if line.seq > since]

    def line(self, line: LogLine) -> str:
        with self._lock:
            found = self._lines.get(line)
        if found is not None:
            return found
        made = self.env.get_template("part_logline.html").render(line=line)
        with self._lock:
            self._lines[line] = made
            while len(self._lines) > KEPT:
                self._lines.popitem(last=False)
        return made
