"""Every CLI command under fuzzed arguments and files: each answers, or refuses with exit 2
and a message on stderr; no exception, traceback or hang (issue 12, part 3). The stored
commands also leave the stored fight exactly as it was whenever they refuse."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from fracas.store import EncounterStore, open_store
from tests.fuzz.budget import share
from tests.fuzz.cli_helpers import ARGS, WHOLE_COMMANDS, WORDS, answered_or_refused, invoke
from tests.fuzz.databases import KINDS, empty_database
from tests.fuzz.test_dice_fuzz import ANY_TEXT
from tests.scenario.test_garbage import VALUES, _paths

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SKIRMISH = (EXAMPLES / "lines-skirmish.yaml").read_text(encoding="utf-8")
FILE_BYTES = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.integers(0, len(SKIRMISH)).map(lambda n: SKIRMISH[:n].encode()),
    st.sampled_from([b"", b"\xef\xbb\xbf", b"a: &a [*a]", b"- " * 100, b"{" * 200]),
)


@WHOLE_COMMANDS
@given(ANY_TEXT, st.booleans())
@example("1d6\x1b[2J", False)
@example("[/]", True)
def test_roll_answers_or_refuses(text: str, as_json: bool) -> None:
    args = ["roll", "--seed", "1", "--", text] + (["--json"] if as_json else [])
    answered_or_refused(invoke(args), args)


@WHOLE_COMMANDS
@given(ANY_TEXT)
@example("100d100")
def test_odds_of_notation_answers_or_refuses(text: str) -> None:
    args = ["odds", "--", text]
    answered_or_refused(invoke(args), args)


@WHOLE_COMMANDS
@given(st.sampled_from(["roll", "odds", "run", "sim", "rulesets"]), ARGS)
def test_any_arguments_to_the_plain_commands(command: str, args: list[str]) -> None:
    """Missing files, unknown options, options without values: all usage errors or refusals."""
    full = [command, *args]
    if command == "sim":
        full += ["--workers", "1", "--trials", "2"]
    answered_or_refused(invoke(full), full)


@WHOLE_COMMANDS
@given(FILE_BYTES, st.sampled_from(["run", "odds", "sim"]))
@example(b"ruleset: lines\ncombatants: [{id: a, side: x}, {id: a, side: y}]", "run")
def test_any_file_to_run_odds_and_sim(tmp_path: Path, content: bytes, command: str) -> None:
    path = tmp_path / "fuzzed.yaml"
    path.write_bytes(content)
    args = {
        "run": ["run", str(path)],
        "odds": ["odds", str(path), "--action", "{actor: ada, do: end_turn}"],
        "sim": ["sim", str(path), "--trials", "2", "--workers", "1"],
    }[command]
    answered_or_refused(invoke(args), args)


# the stored commands ------------------------------------------------------------------

STORED_COMMANDS = share(10)
"""A tenth of the profile's examples for each database: a command and two reads of the
whole database per example."""


@pytest.fixture(scope="module", params=KINDS)
def stored(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, str]]:
    """One database of each kind holding one fight: (its URL, the fight's id)."""
    url = empty_database(request.param, tmp_path_factory)
    path = tmp_path_factory.mktemp("cli-fuzz-files") / "skirmish.yaml"
    path.write_text(SKIRMISH, encoding="utf-8")
    result = invoke(["encounter", "new", str(path), "--seed", "4", "--json", "--db", url])
    assert result.exit_code == 0, result.output
    yield url, json.loads(result.stdout)["id"]


def snapshot(url: str) -> str:
    """Everything stored, as one text: what a refusal must leave exactly as it was."""
    store: EncounterStore = open_store(url)
    try:
        return json.dumps([store.export(s.id) for s in store.list()], sort_keys=True)
    finally:
        store.close()


def refusal_changes_nothing(url: str, args: list[str]) -> None:
    before = snapshot(url)
    result = invoke([*args, "--db", url])
    answered_or_refused(result, args)
    if result.exit_code != 0:
        assert snapshot(url) == before, (args, "a refusal changed what is stored")


ACTORS = st.one_of(st.sampled_from(["ada", "bram", "gm", "rook", "nobody"]), st.text(max_size=8))
ACTIONS = st.one_of(
    st.sampled_from(["attack", "move", "end_turn", "say", "override", "shout"]),
    st.text(max_size=8),
)
FIELDS = st.lists(
    st.one_of(
        WORDS,
        st.builds(
            "{}={}".format,
            st.sampled_from(["to", "target", "weapon", "text", "hp", "x", "to_", "Bad"]),
            st.one_of(st.text(max_size=12), st.sampled_from(["[", "{a: *b}", "&a [*a]", "9e999"])),
        ),
    ),
    max_size=4,
)
DICE = st.one_of(
    st.none(),
    st.lists(st.integers(-5, 30), max_size=8).map(lambda f: ",".join(map(str, f))),
    st.text(max_size=10),
)


@STORED_COMMANDS
@given(ACTORS, ACTIONS, FIELDS, DICE, st.one_of(st.none(), st.integers(-3, 2**70)))
@example("ada", "move", ["to={x: 3}"], None, None)
@example("ada", "say", ["text=" + "a" * 20000], None, None)
@example("gm", "override", ["target=ada", "hp=-1"], "1,2", 2**70)
def test_act_refuses_cleanly_and_changes_nothing(
    stored: tuple[str, str],
    actor: str,
    action: str,
    fields: list[str],
    dice: str | None,
    seq: int | None,
) -> None:
    url, fight = stored
    args = ["act", fight, "--", actor, action, *fields]
    if dice is not None:
        args[2:2] = ["--dice", dice]
    if seq is not None:
        args[2:2] = ["--seq", str(seq)]
    refusal_changes_nothing(url, args)


@STORED_COMMANDS
@given(
    st.sampled_from(["undo", "redo", "log", "encounter show", "encounter export"]),
    st.one_of(st.just(None), st.text(max_size=40)),
    st.one_of(st.none(), st.integers(-3, 2**70)),
)
def test_moves_and_readers_refuse_cleanly(
    stored: tuple[str, str], command: str, fight: str | None, seq: int | None
) -> None:
    """A wrong id, a stale or absurd --seq: refused, nothing changed."""
    url, real = stored
    args = [*command.split(), "--", real if fight is None else fight]
    if seq is not None and command in ("undo", "redo"):
        args[1:1] = ["--seq", str(seq)]
    refusal_changes_nothing(url, args)


@STORED_COMMANDS
@given(FILE_BYTES, st.sampled_from(["encounter new", "encounter import"]))
@example(b'{"format": "fracas-encounter", "version": 1}', "encounter import")
@example(b"[]", "encounter import")
@example(b'{"entries": [' + b"[" * 5000 + b"]" * 5000 + b"]}", "encounter import")
def test_new_and_import_of_any_file(
    stored: tuple[str, str], tmp_path: Path, content: bytes, command: str
) -> None:
    url, _ = stored
    path = tmp_path / "fuzzed.file"
    path.write_bytes(content)
    refusal_changes_nothing(url, [*command.split(), str(path)])


@STORED_COMMANDS
@given(st.data())
def test_an_export_mangled_in_one_place_imports_or_is_refused(
    stored: tuple[str, str], tmp_path: Path, data: st.DataObject
) -> None:
    """The importer's own checks (format, version, entries, links) meet a real document."""
    url, fight = stored
    exported = json.loads(invoke(["encounter", "export", fight, "--db", url]).stdout)
    where = data.draw(st.sampled_from(_paths(exported)[1:]))
    parent = exported
    for step in where[:-1]:
        parent = parent[step]
    parent[where[-1]] = data.draw(VALUES)
    path = tmp_path / "mangled.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    refusal_changes_nothing(url, ["encounter", "import", str(path)])


def test_an_export_holding_infinity_is_refused_as_not_json(
    stored: tuple[str, str], tmp_path: Path
) -> None:
    """Found by the test above: Python's reader took `Infinity` in an event, and the store's
    writer then failed on it with a bare ValueError."""
    url, fight = stored
    exported = json.loads(invoke(["encounter", "export", fight, "--db", url]).stdout)
    exported["entries"][0]["events"][0] = float("inf")
    path = tmp_path / "infinite.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    before = snapshot(url)
    result = invoke(["encounter", "import", str(path), "--db", url])
    assert result.exit_code == 2
    assert result.stderr == f"error: {path}: not JSON: Infinity is not a JSON number\n"
    assert snapshot(url) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["sim", "SKIRMISH", "--workers", "1000000", "--trials", "2"],
            "--workers must be at most 256, not 1000000",
        ),
        (
            [
                "odds",
                "SKIRMISH",
                "--action",
                "{actor: ada, do: end_turn}",
                "--sampled",
                "--samples",
                "1000000000000",
            ],
            "--samples must be from 1 to 1,000,000, not 1000000000000",
        ),
    ],
)
def test_counts_that_would_run_for_days_are_refused_at_once(
    tmp_path: Path, args: list[str], message: str
) -> None:
    """Found looking for missing bounds: a million worker processes were forked, and a
    trillion samples were taken one by one."""
    path = tmp_path / "skirmish.yaml"
    path.write_text(SKIRMISH, encoding="utf-8")
    result = invoke([str(path) if a == "SKIRMISH" else a for a in args])
    assert result.exit_code == 2
    assert message in result.stderr
