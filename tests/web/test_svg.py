"""The SVG battle map (web/svg.py): every example draws as well-formed SVG for the GM and a
player of each side, with the data attributes the page hooks; a player's drawing holds
nobody its view leaves out; names are text, never markup. Each ruleset's map is saved under
tests/artifacts/maps/ (git-ignored) for a reviewer to look at, as PNG too when Debian's
chromium is installed."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fracas.core.choices import action_choices
from fracas.core.mapview import MapView, handle, list_view
from fracas.core.secrecy import TOKEN
from fracas.core.state import replace
from fracas.web.svg import render
from tests.rulesets.secrets import example_encounter
from tests.web.maps import (
    EXAMPLES,
    SECRET_EXAMPLES,
    one_player_per_side,
    played,
    ruleset_of,
    unknown_to,
)

SVG = "{http://www.w3.org/2000/svg}"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "maps"
CHROMIUM = "/usr/bin/chromium"


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def attributes(root: ET.Element, name: str) -> list[str]:
    return [e.attrib[name] for e in root.iter() if name in e.attrib]


def _hooks(found: MapView, root: ET.Element) -> None:
    """The data attributes the page hooks: a token per identified token, and a clickable
    element for every place of the space."""
    assert sorted(attributes(root, "data-target")) == sorted(
        str(handle(t)) for t in found.tokens if t.at is not None
    )
    (x0, x1), (y0, y1) = found.space.x, found.space.y
    kind = found.space.kind
    if kind == "grid":
        cells = set(attributes(root, "data-cell"))
        assert cells == {
            f"{x},{y}" for x in range(int(x0), int(x1) + 1) for y in range(int(y0), int(y1) + 1)
        }
    elif kind == "lines":
        assert set(attributes(root, "data-line")) == {str(n) for n in range(1, 7)}
    elif kind == "track":
        assert set(attributes(root, "data-distance")) == {
            str(d) for d in range(int(x0), int(x1) + 1)
        }
    elif kind == "plane":
        assert "plane" in attributes(root, "data-space")
        assert float(root.attrib["data-scale"]) > 0


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_renders_for_the_gm_and_a_player_of_each_side(example: Path) -> None:
    ruleset = ruleset_of(example)
    state = played(example).state
    for viewer in (None, *one_player_per_side(state)):
        found = ruleset.map_view(state, viewer)
        svg = render(found)
        root = parsed(svg)
        assert root.tag == f"{SVG}svg" and root.attrib["data-ruleset"] == ruleset.info.id
        _hooks(found, root)
        names = " ".join(root.itertext())
        for token in found.tokens:
            assert token.name in names
        if viewer is not None:
            words = set(TOKEN.findall(svg))
            for combatant_id, name in unknown_to(ruleset, state, viewer):
                assert combatant_id not in words and name not in svg


@pytest.mark.parametrize("example", SECRET_EXAMPLES, ids=lambda p: p.stem)
def test_a_players_drawing_never_holds_the_hidden_or_the_darkness_map(example: Path) -> None:
    """Through a few turns of autoplay: no player's SVG names anyone its view leaves out,
    and one whose view has no darkness map gets no lights and no shaded tiles."""
    ruleset = ruleset_of(example)
    encounter = example_encounter(ruleset, example, 3)
    hid_someone = False
    for _ in range(12):
        state = encounter.state
        for combatant in state.combatants:
            svg = render(ruleset.map_view(state, combatant.id))
            words = set(TOKEN.findall(svg))
            hidden = unknown_to(ruleset, state, combatant.id)
            hid_someone |= bool(hidden)
            for combatant_id, name in hidden:
                assert combatant_id not in words and name not in svg
            if ruleset.info.id == "tiers" and "gm_map" not in ruleset.view(state, combatant.id):
                root = parsed(svg)
                assert not [e for e in root.iter() if e.attrib.get("class") == "light"]
                assert [
                    e.attrib["class"] for e in root.iter() if "fog" in e.attrib.get("class", "")
                ] == ["fog veiled"]
        if state.outcome is not None:
            break
        encounter.act(ruleset.suggest(state))
    if example.stem == "pools-ambush":
        assert hid_someone  # the check above had someone to keep hidden


def test_a_name_with_markup_is_shown_as_text() -> None:
    example = next(p for p in EXAMPLES if p.stem == "tiers-duel")
    ruleset = ruleset_of(example)
    state = example_encounter(ruleset, example, 1).setup
    evil = '<script>alert("x")</script> & <b onload="x">'
    first = replace(state.combatants[0], name=evil)
    state = state.with_combatant(first)
    svg = render(ruleset.map_view(state, None))
    assert "<script" not in svg and "<b " not in svg
    assert "&lt;script&gt;" in svg
    root = parsed(svg)
    assert not [e for e in root.iter() if e.tag.endswith("script") or e.tag.endswith("}b")]
    titles = [e.text or "" for e in root.iter(f"{SVG}title")]
    assert any(evil in t for t in titles)  # the name reads back exactly, as text
    shown = render(dataclasses.replace(list_view(ruleset, state, None)))
    assert "<script" not in shown


def test_the_marks_of_the_choices_are_elements_of_the_drawing() -> None:
    """What the action panel says picks a choice (`data-cell="x,y"`, `data-target`) is an
    element the page can find in the SVG, for every map kind."""
    for example in EXAMPLES:
        ruleset = ruleset_of(example)
        state = played(example, steps=0).state
        actor = state.actor
        assert actor is not None
        root = parsed(render(ruleset.map_view(state, actor)))
        for choice in action_choices(ruleset, state, actor, odds=False):
            for option in choice.options:
                for attribute, value in option.marks:
                    if attribute == "point":
                        continue  # a plane is clicked anywhere; the page works the point out
                    assert value in attributes(root, f"data-{attribute}"), (example.stem, option)


def test_each_rulesets_map_is_saved_for_review() -> None:
    """One map per ruleset (and the dark room as its Blind ogre sees it) under
    tests/artifacts/maps/, PNG too when chromium is installed."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    chosen = {
        "tiers-dark-room": [None, "grunt", "hilde"],
        "lines-skirmish": [None],
        "nwo-firefight": [None],
        "pools-ambush": [None, "hale"],
        "pools-squad-assault": [None],
        "fatewalker-duel": [None],
        "fatewalker-crossfire": [None],
    }
    for example in EXAMPLES:
        if example.stem not in chosen:
            continue
        ruleset = ruleset_of(example)
        state = played(example, seed=3, steps=6).state
        for viewer in chosen[example.stem]:
            svg = render(ruleset.map_view(state, viewer))
            path = ARTIFACTS / f"{example.stem}-{viewer or 'gm'}.svg"
            path.write_text(svg, encoding="utf-8")
            assert parsed(path.read_text(encoding="utf-8")) is not None
            if shutil.which(CHROMIUM):
                _png(path, parsed(svg))


def _png(path: Path, root: ET.Element) -> None:
    png = path.with_suffix(".png")
    png.unlink(missing_ok=True)
    size = f"{root.attrib['width']},{root.attrib['height']}"
    subprocess.run(
        [
            CHROMIUM,
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            f"--screenshot={png}",
            f"--window-size={size}",
            path.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert png.stat().st_size > 0
