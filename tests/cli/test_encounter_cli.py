"""`fracas encounter ...`, `fracas act|undo|redo|log`: a stored fight played command by
command, each command a fresh process as far as the store knows (nothing is cached between
them), refusals on one line with exit 2, and an action killed mid-way never half-written."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fracas.cli.main import app
from fracas.store import open_store
from tests.store.conftest import database_url  # noqa: F401  (the SQLite and PostgreSQL fixture)

runner = CliRunner()
EXAMPLES = Path(__file__).parents[2] / "examples"
SKIRMISH = EXAMPLES / "lines-skirmish.yaml"


def fracas(db: str, *args: str) -> Any:
    result = runner.invoke(app, [*args, "--db", db])
    return result


def new(db: str, path: Path = SKIRMISH, seed: int = 4) -> str:
    result = fracas(db, "encounter", "new", str(path), "--seed", str(seed), "--json")
    assert result.exit_code == 0, result.stderr
    created = json.loads(result.stdout)
    assert len(created["gm_token"]) >= 40
    return str(created["id"])


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cli.db'}"


def test_new_prints_the_id_and_gm_token_and_list_shows_it(db: str) -> None:
    result = fracas(db, "encounter", "new", str(SKIRMISH), "--seed", "4")
    assert result.exit_code == 0, result.stderr
    first, second = result.stdout.splitlines()
    assert first.startswith("encounter ") and second.startswith("gm token ")
    encounter_id = first.split()[1]
    listed = json.loads(fracas(db, "encounter", "list", "--json").stdout)
    assert [(e["id"], e["title"], e["ruleset"], e["seq"]) for e in listed] == [
        (encounter_id, "lines-skirmish", "lines", 1)  # the file's own action: bram's shout
    ]
    assert encounter_id in fracas(db, "encounter", "list").stdout


def test_show_prints_the_standing_as_run_does(db: str) -> None:
    encounter_id = new(db)
    result = fracas(db, "encounter", "show", encounter_id)
    assert result.exit_code == 0, result.stderr
    assert "standing" in result.stdout and "Ada Voss" in result.stdout
    assert "wren's turn" in result.stdout
    state = json.loads(fracas(db, "encounter", "show", encounter_id, "--json").stdout)
    assert state["seq"] == 1 and state["turn"] == "wren"


def test_act_undo_redo_and_log(db: str) -> None:
    encounter_id = new(db)
    said = fracas(db, "act", encounter_id, "wren", "say", "text=Loose!", "--json")
    assert said.exit_code == 0, said.stderr
    assert json.loads(said.stdout)["seq"] == 2
    ended = fracas(db, "act", encounter_id, "wren", "end_turn", "--seq", "2")
    assert ended.exit_code == 0, ended.stderr
    assert "step 3" in ended.stdout
    undone = fracas(db, "undo", encounter_id)
    assert undone.exit_code == 0 and "taken back" in undone.stdout
    assert (
        json.loads(fracas(db, "encounter", "show", encounter_id, "--json").stdout)["turn"] == "wren"
    )
    redone = fracas(db, "redo", encounter_id, "--seq", "4")
    assert redone.exit_code == 0, redone.stderr
    entries = json.loads(fracas(db, "log", encounter_id, "--format", "json").stdout)
    assert [(e["seq"], e["kind"], e["target"]) for e in entries] == [
        (0, "start", None),
        (1, "action", None),
        (2, "action", None),
        (3, "action", None),
        (4, "undo", 3),
        (5, "redo", 3),
    ]
    assert entries[2]["action"] == {"actor": "wren", "do": "say", "text": "Loose!"}
    text = fracas(db, "log", encounter_id).stdout
    assert "#2 wren say" in text and "#4 undo of #3" in text and "wren says: Loose!" in text


def test_values_are_read_as_yaml(db: str) -> None:
    """`to='{x: 5, y: 1}'` is a mapping and `shots=2` a number, as in a scenario file."""
    encounter_id = new(db, EXAMPLES / "tiers-duel.yaml", seed=3)
    result = fracas(db, "act", encounter_id, "pod", "move", "to={x: 5, y: 1}", "--json")
    assert result.exit_code == 0, result.stderr
    with open_store(db) as store:
        [*_, entry] = store.history(encounter_id)
        assert entry.action == {"actor": "pod", "do": "move", "to": {"x": 5, "y": 1}}
        assert store.load(encounter_id).encounter.state.get("pod").position_json()["x"] == 5


def test_markdown_log_escapes_stored_text_and_strikes_undone_actions(db: str) -> None:
    encounter_id = new(db)
    said = fracas(db, "act", encounter_id, "wren", "say", "text='**loud** `code` [x](y)'")
    assert said.exit_code == 0, said.stderr
    fracas(db, "undo", encounter_id)
    markdown = fracas(db, "log", encounter_id, "--format", "markdown").stdout
    assert markdown.startswith("**lines-skirmish** · lines · step 3\n")
    assert "~~**#2 wren say**~~ (undone)" in markdown
    assert r"- wren says: \*\*loud\*\* \`code\` \[x\](y)" in markdown
    assert "**loud**" not in markdown


def test_export_import_round_trip_through_files(db: str, tmp_path: Path) -> None:
    encounter_id = new(db)
    fracas(db, "act", encounter_id, "wren", "say", "text=hold")
    out = tmp_path / "fight.json"
    assert fracas(db, "encounter", "export", encounter_id, "-o", str(out)).exit_code == 0
    imported = fracas(db, "encounter", "import", str(out), "--json")
    assert imported.exit_code == 0, imported.stderr
    new_id = json.loads(imported.stdout)["id"]
    again = fracas(db, "encounter", "export", new_id).stdout
    assert json.loads(again) == json.loads(out.read_text())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["act", "{id}", "wren", "attack", "rook"],
            "'rook': give the action's fields as key=value",
        ),
        (["act", "{id}", "wren", "say", "text=a", "text=b"], "text= is given twice"),
        (["act", "{id}", "wren", "say", "text=[1, 2"], "not valid YAML"),
        (["act", "{id}", "ada", "end_turn"], "it is wren's turn"),
        (["act", "{id}", "wren", "end_turn", "--seq", "5"], "the fight moved on"),
        (["act", "{id}", "wren", "end_turn", "--dice", "x"], "--dice 'x'"),
        (["act", "nope", "wren", "end_turn"], "there is no encounter 'nope'"),
        (["redo", "{id}"], "nothing to redo"),
        (["log", "{id}", "--format", "html"], "give text, markdown or json"),
        (["encounter", "import", "{missing}"], "cannot read"),
        (["encounter", "new", "{missing}"], "cannot read"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_changes_nothing(
    db: str, tmp_path: Path, args: list[str], message: str
) -> None:
    encounter_id = new(db)
    with open_store(db) as store:
        before = store.export(encounter_id)
    filled = [a.format(id=encounter_id, missing=tmp_path / "missing.json") for a in args]
    result = fracas(db, *filled)
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr
    with open_store(db) as store:
        assert store.export(encounter_id) == before
        assert len(store.list()) == 1


def test_a_bad_database_url_is_one_line(tmp_path: Path) -> None:
    result = fracas(f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}", "encounter", "list")
    assert result.exit_code == 2
    assert "cannot open the database" in result.stderr


def _command(url: str, *args: str) -> list[str]:
    return [sys.executable, "-m", "fracas", *args, "--db", url]


def test_undo_and_redo_persist_across_processes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'proc.db'}"
    run = lambda *a: subprocess.run(_command(url, *a), capture_output=True, text=True, check=True)  # noqa: E731
    encounter_id = json.loads(
        run("encounter", "new", str(SKIRMISH), "--seed", "4", "--json").stdout
    )["id"]
    run("act", encounter_id, "wren", "end_turn")
    run("undo", encounter_id)
    assert json.loads(run("encounter", "show", encounter_id, "--json").stdout)["turn"] == "wren"
    run("redo", encounter_id)
    assert json.loads(run("encounter", "show", encounter_id, "--json").stdout)["turn"] == "rook"


def test_kill_9_of_act_never_leaves_half_an_action(database_url: str) -> None:  # noqa: F811
    """Writers killed with SIGKILL at random moments: every acknowledged action is in the
    log, the log is whole (each seq once, each entry readable), and it replays to the state
    a fresh process computes. First `fracas act` processes, then a writer that appends as
    fast as it can, so the kill lands inside transactions too."""
    with open_store(database_url) as store:
        encounter_id = store.create(SKIRMISH.read_text(), seed=4).encounter_id
    rng = random.Random(20261203)
    acknowledged: list[str] = []
    for attempt in range(6):
        text = f"cli-{attempt}"
        process = subprocess.Popen(
            _command(database_url, "act", encounter_id, "wren", "say", f"text={text}"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(0.5, 2.5))  # start-up takes most of a second
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
        if process.wait() == 0:
            acknowledged.append(text)
    loop = (
        "import sys\n"
        "from fracas.store import open_store\n"
        "store = open_store(sys.argv[1])\n"
        "for n in range(100000):\n"
        "    text = f'{sys.argv[3]}-{n}'\n"
        "    store.act(sys.argv[2], {'actor': 'wren', 'do': 'say', 'text': text})\n"
        "    print(text, flush=True)\n"
    )
    for round_ in range(3):
        writer = subprocess.Popen(
            [sys.executable, "-c", loop, database_url, encounter_id, f"loop{round_}"],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert writer.stdout is not None
        first = writer.stdout.readline()  # it is appending now
        time.sleep(rng.uniform(0.0, 0.3))
        os.kill(writer.pid, signal.SIGKILL)
        rest, _ = writer.communicate()
        acknowledged.extend((first + rest).split())
    with open_store(database_url) as store:
        entries = store.history(encounter_id)
        assert [e.seq for e in entries] == list(range(len(entries)))
        said = [e.action["text"] for e in entries if e.action is not None]
        assert len(said) == len(set(said))
        assert set(acknowledged) <= set(said)
        assert any(t.startswith("loop") for t in said)
        fresh = store.load(encounter_id).encounter
        assert len(fresh.steps) == len(entries) - 1
        played_again = store.import_(store.export(encounter_id))  # every action resolved anew
        assert store.load(played_again.encounter_id).encounter.state == fresh.state
