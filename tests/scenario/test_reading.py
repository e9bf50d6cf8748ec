"""Reading a scenario file that nobody vouched for: every hostile shape ends in one clear
refusal naming the file and the place, without a traceback, a hang or a memory blow-up
(issue 6, section 2). The bounds are documented in docs/scenario-format.md, "Limits"."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from fracas import yaml_input
from fracas.core.errors import ScenarioError
from fracas.core.events import Said
from fracas.runner import run_scenario
from fracas.scenario import load_scenario
from fracas.yaml_input import MAX_BYTES, MAX_DEPTH, MAX_NODES

DUEL = """\
ruleset: lines
order: [ada, rook]
combatants:
  - id: ada
    side: players
    position: {line: 3}
    stats: {constitution: 3}
    weapons: [{id: sword, attack: 1d6+3, damage: 1d6+2}]
  - {id: rook, side: raiders, position: {line: 4}, stats: {constitution: 3}}
"""


@pytest.fixture(autouse=True, params=["libyaml", "python"])
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test reads with libyaml's loader (when PyYAML has it) and with the pure-Python
    fallback: both must refuse the same files the same way."""
    if request.param == "python":
        monkeypatch.setattr(yaml_input, "_BaseLoader", yaml.SafeLoader)
        monkeypatch.setattr(yaml_input, "_Loader", yaml_input._refusing_duplicates(yaml.SafeLoader))
    return str(request.param)


def write(tmp_path: Path, content: str | bytes) -> Path:
    path = tmp_path / "fight.yaml"
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


def refused(tmp_path: Path, content: str | bytes, match: str) -> str:
    with pytest.raises(ScenarioError, match=match) as caught:
        load_scenario(write(tmp_path, content))
    return str(caught.value)


def test_the_duel_itself_loads(tmp_path: Path) -> None:
    assert [c.id for c in load_scenario(write(tmp_path, DUEL)).combatants] == ["ada", "rook"]


def test_libyaml_is_used_where_present(loader: str) -> None:
    """The C loader is much faster on large files; the pure-Python one is the fallback."""
    expected = (
        getattr(yaml, "CSafeLoader", yaml.SafeLoader) if loader == "libyaml" else yaml.SafeLoader
    )
    assert issubclass(yaml_input._Loader, expected)


def test_a_key_given_twice_is_refused_with_both_lines(tmp_path: Path) -> None:
    """The last `seed:` used to win silently; now the file says which lines clash."""
    message = refused(tmp_path, DUEL + "seed: 1\nseed: 2\n", "key 'seed' is given twice")
    assert "line 11" in message and "first on line 10" in message
    refused(
        tmp_path,
        DUEL.replace("{constitution: 3}}", "{constitution: 3, mind: 1, mind: 2}}"),
        "key 'mind' is given twice",
    )


def test_a_merge_key_may_be_overridden(tmp_path: Path) -> None:
    """`<<: *base` followed by a key of its own is YAML's way to vary a template: no clash."""
    text = DUEL.replace(
        "  - {id: rook, side: raiders, position: {line: 4}, stats: {constitution: 3}}",
        "  - &base {id: rook, side: raiders, position: {line: 4}, stats: {constitution: 3}}\n"
        "  - {<<: *base, id: crow}",
    ).replace("order: [ada, rook]", "order: [ada, rook, crow]")
    assert [c.id for c in load_scenario(write(tmp_path, text)).combatants] == [
        "ada",
        "rook",
        "crow",
    ]


def test_a_file_that_is_not_utf8_is_refused_with_the_byte_offset(tmp_path: Path) -> None:
    content = DUEL.encode() + b"# caf\xe9\n"
    offset = len(DUEL.encode()) + len(b"# caf")
    refused(tmp_path, content, f"not UTF-8 text: byte 0xe9 at offset {offset} \\(line 10\\)")


def test_a_raw_control_character_is_refused_with_its_line(tmp_path: Path) -> None:
    """YAML forbids raw control characters; the refusal shows how to keep one as text."""
    text = DUEL.replace("side: players", "side: pla\x07yers")
    message = refused(tmp_path, text, r"line 5, column 14: control character U\+0007")
    assert 'write it escaped in a double-quoted string, "\\x07", to keep it' in message
    refused(tmp_path, DUEL + "# \x00\n", r"line 10, column 3: control character U\+0000")


def test_markup_and_escapes_in_names_sides_and_talk_are_kept_as_data(tmp_path: Path) -> None:
    """Rich markup (`[/]`, `[bold red]`) and ANSI escapes written escaped in a double-quoted
    string are ordinary text: loaded and played unchanged, never interpreted here."""
    name = "[bold red]Ada[/]"
    side = "\x1b[31mplayers\x1b[0m"
    words = "[/] \x1b]8;;http://x\x1b\\link"
    text = (
        DUEL.replace(
            "    side: players", '    name: "[bold red]Ada[/]"\n    side: "\\e[31mplayers\\e[0m"'
        )
        + "actions:\n"
        + '  - {actor: ada, do: say, text: "[/] \\e]8;;http://x\\e\\\\link"}\n'
    )
    spec = load_scenario(write(tmp_path, text))
    ada = spec.combatants[0]
    assert (ada.name, ada.side) == (name, side)
    result = run_scenario(spec)
    assert result.error is None
    fighter = result.encounter.state.get("ada")
    assert (fighter.name, fighter.side) == (name, side)
    said = [e for e in result.encounter.log if isinstance(e, Said)]
    assert [e.text for e in said] == [words]


def test_nesting_5000_deep_is_refused_without_recursion(tmp_path: Path) -> None:
    """Both flow (`[[[[`) and block (indentation) nesting; neither may reach a recursive
    composer or constructor and end in RecursionError."""
    refused(tmp_path, DUEL + "map: " + "[" * 5000 + "]" * 5000 + "\n", "nest")
    refused(tmp_path, DUEL + "actions:\n" + "- " * 5000 + "x\n", f"more than {MAX_DEPTH}")
    mappings = "".join(" " * depth + "a:\n" for depth in range(1, 1200))
    refused(tmp_path, DUEL + "options:\n" + mappings, f"more than {MAX_DEPTH}")
    assert MAX_DEPTH == 64


@pytest.mark.parametrize("field", ["options", "map", "actions", "combatants[1].name"])
def test_an_alias_bomb_in_any_field_is_refused_before_it_is_built(
    tmp_path: Path, field: str
) -> None:
    """ "Billion laughs": nine levels of nine aliases each would expand to 9**9 values."""
    anchors = ['x0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 10):
        anchors.append(f"x{level}: &l{level} [" + ", ".join([f"*l{level - 1}"] * 9) + "]")
    bomb = "anchors: {" + ", ".join(anchors) + "}\n"
    if field == "combatants[1].name":
        text = bomb + DUEL.replace("{id: rook,", "{id: rook, name: *l9,")
    else:
        text = bomb + DUEL + f"{field}: *l9\n"
    refused(tmp_path, text, f"expands past {MAX_NODES} values")


def test_an_alias_that_contains_itself_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, DUEL + "options: &loop {again: *loop}\n", "alias \\*loop refers to a value")


def test_an_endless_file_is_refused_after_reading_at_most_the_cap() -> None:
    """/dev/zero never ends: the reader takes MAX_BYTES + 1 and stops."""
    with pytest.raises(ScenarioError, match=f"larger than {MAX_BYTES} bytes"):
        load_scenario("/dev/zero")


def test_a_50_mb_file_is_refused_by_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    with path.open("wb") as handle:
        handle.write(DUEL.encode())
        handle.truncate(50 * 1024 * 1024)
    with pytest.raises(ScenarioError, match="larger than 1048576 bytes"):
        load_scenario(path)
    assert MAX_BYTES == 1_048_576


def test_a_file_just_under_the_cap_is_read(tmp_path: Path) -> None:
    padding = "#" * (MAX_BYTES - len(DUEL) - 1) + "\n"
    assert len(load_scenario(write(tmp_path, DUEL + padding)).combatants) == 2


def test_a_number_too_long_to_read_is_refused(tmp_path: Path) -> None:
    refused(tmp_path, DUEL + "seed: " + "9" * 5000 + "\n", "not valid YAML")


def test_yaml_syntax_errors_name_line_and_column(tmp_path: Path) -> None:
    refused(tmp_path, DUEL + "actions: [\n", "not valid YAML at line 11, column 1")
