"""Markup typed by anyone at the table stays text in every page, fragment and frame.

Issue 12: "markup in names and notes is inert in the page". tests/web/test_api_pages.py
shows one `<script>` name escaped; here every place a person's words reach is tried (a
combatant's name and side, the encounter's title from an upload's file name, a link's
label, a GM override's note and condition, a `say` line) with payloads aimed at text,
attribute values (single and double quoted) and the SVG map, and each page is parsed to
prove no element or event handler came from them. The page's script is read too: it never
turns data into markup (docs/web.md: it "inserts only HTML the server rendered").
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fracas.store import EncounterStore
from tests.store.helpers import DUEL

PAYLOAD = "\"'><img src=x onerror=alert(1)><svg onload=alert(2)><script>alert(3)</script>"
SCENARIO = DUEL.replace(
    "  - id: ada\n    side: guards\n",
    f"  - id: ada\n    name: {json.dumps('Ada ' + PAYLOAD)}\n    side: {json.dumps(PAYLOAD)}\n",
)
STATIC = Path(__file__).resolve().parents[2] / "src" / "fracas" / "web" / "static"


class Elements(HTMLParser):
    """Every start tag and attribute a browser would build from a page or fragment."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attributes: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes += [(name, value or "") for name, value in attrs]


def assert_inert(markup: str) -> None:
    parsed = Elements()
    parsed.feed(markup)
    assert "img" not in parsed.tags and parsed.tags.count("script") <= 1
    assert [n for n, _ in parsed.attributes if n.startswith("on")] == []
    scripts = [v for n, v in parsed.attributes if n == "src"]
    assert scripts in ([], ["/static/fracas.js"])
    svgs = parsed.tags.count("svg")
    assert svgs <= 1  # the map's own, never one from a name


def fragments(message: dict[str, Any]) -> list[str]:
    return [message["map"], *message["parts"].values(), *message["log"]]


def test_markup_anywhere_a_person_writes_stays_text(
    client: TestClient, web_store: EncounterStore
) -> None:
    made = client.post(
        "/encounters", files={"file": (f"{PAYLOAD}.yaml", SCENARIO.encode(), "text/yaml")}
    )
    assert made.status_code == 200, made.text
    gm = str(made.url).rsplit("/", 1)[1]
    access = web_store.access(gm)
    assert access is not None
    encounter = access.encounter_id
    link = client.post(f"/api/{gm}/links", json={"combatants": ["ada"], "label": PAYLOAD})
    player = link.json()["token"]
    said = client.post(
        f"/api/{player}/act", json={"action": {"actor": "ada", "do": "say", "text": PAYLOAD}}
    )
    assert said.status_code == 200, said.text
    override = {
        "actor": "gm",
        "do": "override",
        "target": "raider",
        "add_condition": PAYLOAD,
        "note": PAYLOAD,
    }
    assert client.post(f"/api/{gm}/act", json={"action": override}).status_code == 200
    history = json.dumps([e.action for e in web_store.history(encounter)])
    assert history.count("onerror=alert(1)") == 3  # said, a condition, a note: kept as typed
    with client.websocket_connect(f"/ws/{player}") as socket:
        socket.send_json({"seq": -1})
        frame = socket.receive_json()
    pages = [client.get(f"/gm/{gm}").text, client.get(f"/play/{player}").text]
    assert all("onerror=alert(1)" in page for page in pages)  # shown, as text
    for page in pages:
        assert_inert(page)
    for token in (gm, player):
        for piece in fragments(client.get(f"/api/{token}/state").json()):
            assert_inert(piece)
    for piece in fragments(frame):
        assert_inert(piece)


def test_the_pages_script_builds_no_markup_from_data() -> None:
    """fracas.js: the one `innerHTML` is the `fragment` helper, and it is only handed the
    server's rendered map (or its moving layer), parts and log lines; words go in as
    `textContent`."""
    for script in STATIC.glob("*.js"):
        code = script.read_text(encoding="utf-8")
        for sink in ("outerHTML", "insertAdjacentHTML", "document.write", "eval(", "Function("):
            assert sink not in code, (script.name, sink)
        assert len(re.findall(r"\.innerHTML\s*=", code)) == 1
        assert re.search(
            r"const fragment = \(html\) => \{\s*"
            r"const holder = document\.createElement\(\"template\"\);\s*"
            r"holder\.innerHTML = html;",
            code,
        )
        uses = re.findall(r"fragment\(([^)]*)\)", code)
        # the map's moving layer (a delta's `live`) is parsed inside an <svg> wrapper
        in_svg = '`<svg xmlns="http://www.w3.org/2000/svg">${html}</svg>`'
        assert sorted(set(uses)) == sorted(["html", "message.map", in_svg]), uses
        assert "notice" in code and "box.textContent = words" in code


def test_the_check_catches_markup_that_would_run() -> None:
    """The parse above, on the payload left unescaped and on a lone handler: both caught."""
    with pytest.raises(AssertionError):
        assert_inert(PAYLOAD)
    with pytest.raises(AssertionError):
        assert_inert('<span title="x" onmouseover="alert(1)">Ada</span>')
