"""`fracas encounter new|list|show|export|import`, and `fracas act|undo|redo|log`: a fight
kept in a database (see docs/storage.md) and played one command at a time.

Every command takes `--db URL` (else FRACAS_DATABASE_URL, else ./fracas.db). A refusal is one
line on stderr and exit code 2, and changes nothing stored. The store is imported inside each
command, as the engine is in cli/main.py, so `fracas --help` stays quick.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NoReturn

import typer

from fracas.cli.text import literal, plain
from fracas.core.errors import FracasError

if TYPE_CHECKING:
    from fracas.core.events import Event
    from fracas.store import Created, EncounterStore, EncounterSummary, Entry

encounter_app = typer.Typer(
    add_completion=False, help="Fights kept in a database, played over many sessions."
)

DbOption = Annotated[
    str | None,
    typer.Option("--db", help="Database URL (default: $FRACAS_DATABASE_URL, else ./fracas.db)."),
]
JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]
SeqOption = Annotated[
    int | None,
    typer.Option("--seq", help="Refuse unless the fight is still at this step (no lost updates)."),
]
IdArgument = Annotated[str, typer.Argument(help="The encounter's id (`fracas encounter list`).")]
MAX_IMPORT_BYTES = 64 * 1_048_576
"""An export of the longest log the store keeps (100,000 entries) fits several times over."""
KEY = re.compile(r"^[a-z_][a-z0-9_]*$")


def register(app: typer.Typer) -> None:
    """Add these commands to the `fracas` app (cli/main.py calls this once)."""
    app.add_typer(encounter_app, name="encounter")
    app.command(context_settings={"ignore_unknown_options": True})(act)
    app.command()(undo)
    app.command()(redo)
    app.command()(log)


def _opened(db: str | None) -> EncounterStore:
    from fracas.store import open_store

    try:
        return open_store(db)
    except FracasError as error:
        _refuse(str(error))


def _refuse(message: str) -> NoReturn:
    from fracas.cli.main import _refuse as refuse

    refuse(message)


@encounter_app.command("new")
def new(
    file: Annotated[Path, typer.Argument(help="A scenario file (see docs/scenario-format.md).")],
    seed: Annotated[int | None, typer.Option("--seed", help="Seed the dice.")] = None,
    db: DbOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Start a fight from a scenario file and keep it; prints its id and the GM token."""
    from fracas.yaml_input import read_text

    store = _opened(db)
    try:
        created = store.create(read_text(file), source=str(file), seed=seed)
    except FracasError as error:
        message = str(error)
        _refuse(message if message.startswith(str(file)) else f"{file}: {message}")
    finally:
        store.close()
    _print_created(created, as_json)


@encounter_app.command("list")
def list_(db: DbOption = None, as_json: JsonFlag = False) -> None:
    """List the stored fights, the most recently played first."""
    store = _opened(db)
    try:
        found = store.list()
    finally:
        store.close()
    if as_json:
        print(json.dumps([_summary_json(s) for s in found], indent=2))
        return
    if not found:
        print("no encounters yet: `fracas encounter new FILE` starts one")
        return
    from rich.table import Table

    from fracas.cli.main import _out

    table = Table("id", "title", "ruleset", "step", "outcome", "last played (UTC)")
    table.columns[0].no_wrap = True  # an id is copied from here: never cut or folded
    for s in found:
        when = s.updated[:16].replace("T", " ")
        cells = [s.id, s.title, s.ruleset, str(s.seq), s.outcome or "", when]
        table.add_row(*(literal(c) for c in cells))
    _out().print(table)


@encounter_app.command("show")
def show(encounter_id: IdArgument, db: DbOption = None, as_json: JsonFlag = False) -> None:
    """The fight as it stands, as `fracas run` prints a final state."""
    from fracas.cli.main import _out, _print_state
    from fracas.runner import RunResult
    from fracas.store.live import scenario_spec

    store = _opened(db)
    try:
        loaded = store.load(encounter_id)
        scenario = store.scenario(encounter_id)
    except FracasError as error:
        _refuse(str(error))
    finally:
        store.close()
    if as_json:
        print(json.dumps({**loaded.encounter.state.to_json(), "seq": loaded.seq}, indent=2))
        return
    meta = loaded.meta
    _out().print(
        f"[bold]{literal(meta.title)}[/bold]  {literal(meta.ruleset)}  step {loaded.seq}"
        f"  seed {meta.seed}"
    )
    spec = scenario_spec(scenario, meta.source)
    _print_state(RunResult(spec, loaded.encounter, meta.seed, None))


@encounter_app.command("export")
def export(
    encounter_id: IdArgument,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to FILE, not stdout.")
    ] = None,
    db: DbOption = None,
) -> None:
    """Write the fight as one JSON document that `fracas encounter import` reads back."""
    store = _opened(db)
    try:
        document = store.export(encounter_id)
    except FracasError as error:
        _refuse(str(error))
    finally:
        store.close()
    text = json.dumps(document, indent=1, ensure_ascii=False) + "\n"
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        _refuse(f"{output}: cannot write: {error.strerror or error}")


@encounter_app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="A file `fracas encounter export` wrote.")],
    db: DbOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Keep an exported fight under a new id; prints the id and its new GM token."""
    try:
        with file.open("rb") as handle:
            raw = handle.read(MAX_IMPORT_BYTES + 1)
    except OSError as error:
        _refuse(f"{file}: cannot read: {error.strerror or error}")
    if len(raw) > MAX_IMPORT_BYTES:
        _refuse(f"{file}: larger than {MAX_IMPORT_BYTES} bytes; not an export of one fight")
    from fracas.store.limits import document_json

    store = _opened(db)
    try:
        created = store.import_(document_json(raw))
    except FracasError as error:
        _refuse(f"{file}: {error}")
    finally:
        store.close()
    _print_created(created, as_json)


def act(
    encounter_id: IdArgument,
    actor: Annotated[str, typer.Argument(help="Who acts (a combatant id, or gm).")],
    action: Annotated[str, typer.Argument(help="What they do: attack, move, end_turn ...")],
    fields: Annotated[
        list[str] | None,
        typer.Argument(help="The action's fields as key=value; values are YAML: to='{x: 3}'."),
    ] = None,
    dice: Annotated[
        str | None,
        typer.Option("--dice", help="Faces rolled at the table, in order: --dice 4,3,3."),
    ] = None,
    seq: SeqOption = None,
    db: DbOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Take one action in a stored fight; it is on disk when this returns."""
    raw = _action(actor, action, fields or [])
    faces = _dice(dice)
    store = _opened(db)
    try:
        acted = store.act(encounter_id, raw, expected_seq=seq, dice=faces)
    except FracasError as error:
        _refuse(f"{actor} {action}: {error}")
    finally:
        store.close()
    _print_acted(acted.seq, acted.events, acted.state.outcome, as_json)


def undo(
    encounter_id: IdArgument, seq: SeqOption = None, db: DbOption = None, as_json: JsonFlag = False
) -> None:
    """Take back the last action of a stored fight (kept in its log as an undo)."""
    _move(encounter_id, seq, db, as_json, "undo")


def redo(
    encounter_id: IdArgument, seq: SeqOption = None, db: DbOption = None, as_json: JsonFlag = False
) -> None:
    """Restore the last undone action, with the dice it rolled."""
    _move(encounter_id, seq, db, as_json, "redo")


def _move(
    encounter_id: str,
    seq: int | None,
    db: str | None,
    as_json: bool,
    kind: Literal["undo", "redo"],
) -> None:
    store = _opened(db)
    try:
        move = store.undo if kind == "undo" else store.redo
        acted = move(encounter_id, expected_seq=seq)
    except FracasError as error:
        _refuse(f"{kind}: {error}")
    finally:
        store.close()
    if not as_json:
        print("taken back:" if kind == "undo" else "restored:")
    _print_acted(acted.seq, acted.events, acted.state.outcome, as_json)


def log(
    encounter_id: IdArgument,
    format_: Annotated[
        str, typer.Option("--format", help="text, markdown (to paste in a chat) or json.")
    ] = "text",
    db: DbOption = None,
) -> None:
    """The fight's whole log: every action, its rolls and results, undos and redos."""
    if format_ not in ("text", "markdown", "json"):
        _refuse(f"--format {format_!r}: give text, markdown or json")
    store = _opened(db)
    try:
        entries = store.history(encounter_id)
        meta = store.summary(encounter_id)
    except FracasError as error:
        _refuse(str(error))
    finally:
        store.close()
    if format_ == "json":
        print(json.dumps([_entry_json(e) for e in entries], indent=1, ensure_ascii=False))
    elif format_ == "markdown":
        print(markdown_log(meta, entries))
    else:
        print("\n".join(plain(line) for line in text_log(meta, entries)))


def _heading(entry: Entry) -> str:
    """What one entry was, in a few words: `#3 ada attack raider`, `#5 undo of #3`."""
    if entry.kind == "start":
        return f"#{entry.seq} the fight begins"
    if entry.kind in ("undo", "redo"):
        return f"#{entry.seq} {entry.kind} of #{entry.target}"
    raw = entry.action or {}
    words = [str(raw[k]) for k in ("actor", "do", "target") if raw.get(k) is not None]
    dice = "" if entry.dice is None else f" (dice typed in: {', '.join(map(str, entry.dice))})"
    return f"#{entry.seq} {' '.join(words)}{dice}"


def text_log(meta: EncounterSummary, entries: list[Entry]) -> list[str]:
    lines = [f"{meta.title} ({meta.ruleset}), step {meta.seq}"]
    for entry in entries:
        lines.append(_heading(entry) + ("   [undone]" if entry.undone else ""))
        lines.extend(f"    {event.describe()}" for event in entry.events)
    if meta.outcome:
        lines.append(f"outcome: {meta.outcome}")
    return lines


MARKDOWN = re.compile(r"([\\`*_~|<>\[\]])")


def _md(text: str) -> str:
    """Text shown as itself in chat markdown: markup characters escaped, one line."""
    return MARKDOWN.sub(r"\\\1", plain(text))


def markdown_log(meta: EncounterSummary, entries: list[Entry]) -> str:
    """The log ready to paste into a chat: a bold line per entry, its events listed under
    it, undone actions struck through, every piece of stored text escaped."""
    lines = [f"**{_md(meta.title)}** · {_md(meta.ruleset)} · step {meta.seq}", ""]
    for entry in entries:
        heading = f"**{_md(_heading(entry))}**"
        lines.append(f"~~{heading}~~ (undone)" if entry.undone else heading)
        lines.extend(f"- {_md(event.describe())}" for event in entry.events)
        lines.append("")
    if meta.outcome:
        lines.append(f"**outcome: {_md(meta.outcome)}**")
    return "\n".join(lines).rstrip() + "\n"


def _action(actor: str, action: str, fields: list[str]) -> dict[str, Any]:
    """`key=value` words as an action mapping; each value is read as YAML."""
    from fracas.yaml_input import load_yaml

    raw: dict[str, Any] = {"actor": actor, "do": action}
    for word in fields:
        key, equals, value = word.partition("=")
        if not equals or not KEY.match(key):
            _refuse(f"{word!r}: give the action's fields as key=value, e.g. target=raider")
        if key in raw:
            _refuse(f"{key}= is given twice (actor and action are the first two words)")
        try:
            raw[key] = load_yaml(value, f"{key}=") if value else None
        except FracasError as error:
            _refuse(str(error))
    return raw


def _dice(text: str | None) -> list[int] | None:
    if text is None:
        return None
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    if not words or not all(re.fullmatch(r"-?\d{1,6}", w) for w in words):
        _refuse(f"--dice {text!r}: give the faces as whole numbers, e.g. --dice 4,3,3")
    return [int(w) for w in words]


def _print_created(created: Created, as_json: bool) -> None:
    if as_json:
        print(json.dumps({"id": created.encounter_id, "gm_token": created.gm_token}))
        return
    print(f"encounter {created.encounter_id}")
    print(f"gm token  {created.gm_token}")


def _print_acted(seq: int, events: tuple[Event, ...], outcome: str | None, as_json: bool) -> None:
    if as_json:
        payload = {"seq": seq, "events": [e.to_json() for e in events], "outcome": outcome}
        print(json.dumps(payload, indent=2))
        return
    for event in events:
        print(plain(f"  {event.describe()}"))
    print(f"step {seq}" + (plain(f"; outcome: {outcome}") if outcome else ""))


def _summary_json(s: Any) -> dict[str, Any]:
    return {
        "id": s.id,
        "title": s.title,
        "ruleset": s.ruleset,
        "seq": s.seq,
        "outcome": s.outcome,
        "created": s.created,
        "updated": s.updated,
    }


def _entry_json(entry: Entry) -> dict[str, Any]:
    return {
        "seq": entry.seq,
        "kind": entry.kind,
        "action": entry.action,
        "events": [e.to_json() for e in entry.events],
        "undone": entry.undone,
        "target": entry.target,
        "dice": None if entry.dice is None else list(entry.dice),
        "at": entry.at,
    }
