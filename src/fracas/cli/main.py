"""`fracas rulesets | roll | odds | run | sim`.

Every refusal is one line on stderr and exit code 2; nothing prints a traceback for bad input.

The engine is imported inside each command, not here: `fracas --help` and a typo should not
wait for lark, icepool, pydantic and every ruleset to load (that was most of a quarter
second). Text that comes from a scenario file is printed through `cli.text`, never as markup.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from fracas import __version__
from fracas.cli import encounter_command, serve_command, sim_command
from fracas.cli.text import literal, plain, plain_lines
from fracas.core.errors import FracasError

if TYPE_CHECKING:
    from rich.console import Console

    from fracas.core.dice import Answer, ManualRng
    from fracas.runner import RunResult

app = typer.Typer(add_completion=False)

NOTATION = {"ignore_unknown_options": True}
"""For commands taking dice notation: ``-1d4+2`` is an expression, not an unknown option."""

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]
SeedOption = Annotated[int | None, typer.Option("--seed", help="Seed the dice.")]
ManualFlag = Annotated[
    bool, typer.Option("--manual", help="Roll physical dice: fracas asks for each face.")
]


@cache
def _out() -> Console:
    from rich.console import Console

    return Console(highlight=False)


@cache
def _err() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def _show_version(asked: bool) -> None:
    if asked:
        print(f"fracas {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Run tabletop-RPG fights exactly as their rules say."""
    _tolerate_narrow_terminals()
    if ctx.invoked_subcommand is None:  # plain `fracas`: a question, not a mistake
        print(ctx.get_help())
        raise typer.Exit()


def _tolerate_narrow_terminals() -> None:
    """On a terminal that cannot show a character (an ASCII locale, a name in Thai), print
    a replacement mark instead of stopping with UnicodeEncodeError halfway through a fight."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")


def _ask_for_face(low: int, high: int, purpose: str) -> Answer:
    """One line from stdin for a physical die; None when the input has ended."""
    die = f"d{high}" if low == 1 else f"die ({low}-{high})"
    about = f"{plain(purpose)}: " if purpose else ""
    _err().print(f"{about}roll a {die}, face: ", end="", markup=False)
    line = sys.stdin.readline()
    if not sys.stdin.isatty():  # nobody typed a newline; keep the next message on its own line
        _err().print()
    return line if line else None


def _say_refused(message: str) -> None:
    _err().print(f"  {plain(message)}; try again", markup=False)


def _manual() -> ManualRng:
    from fracas.core.dice import ManualRng

    return ManualRng(_ask_for_face, refused=_say_refused)


def _refuse(message: str, payload: dict[str, Any] | None = None) -> NoReturn:
    if payload is not None:
        print(json.dumps(payload, indent=2))
    _err().print(f"error: {plain_lines(message)}", markup=False, soft_wrap=True)
    raise typer.Exit(2)


def _seed_or_manual(seed: int | None, manual: bool) -> None:
    if seed is not None and manual:
        _refuse(
            f"--seed {seed} and --manual do not go together: with --manual every face is "
            "typed in, so no seed is used; leave out one of them"
        )


@app.command()
def rulesets(as_json: JsonFlag = False) -> None:
    """List the installed rulesets."""
    from rich.table import Table

    from fracas.core.registry import available

    found = sorted(available().items())
    if as_json:
        rows = [{"id": key, "name": r.info.name, "source": r.info.source} for key, r in found]
        print(json.dumps(rows, indent=2))
        return
    table = Table("id", "name", "source seed")
    for key, ruleset in found:
        table.add_row(literal(key), literal(ruleset.info.name), literal(ruleset.info.source))
    _out().print(table)


@app.command(context_settings=NOTATION)
def roll(
    expr: Annotated[str, typer.Argument(help="Dice notation, e.g. 2d6+1, 4d6dl1, -1d4+2.")],
    seed: SeedOption = None,
    manual: ManualFlag = False,
    as_json: JsonFlag = False,
) -> None:
    """Roll dice once and show every face, and the seed that rolls them again."""
    import secrets

    from fracas.core.dice import Dice

    _seed_or_manual(seed, manual)
    used = None if manual else seed if seed is not None else secrets.randbelow(2**31)
    dice = Dice(_manual()) if manual else Dice.seeded(used)
    try:
        rolled = dice.roll(expr, reason="")
    except FracasError as error:
        _refuse(str(error))
    if as_json:
        faces = list(rolled.faces)
        print(
            json.dumps({"expr": rolled.expr, "faces": faces, "total": rolled.total, "seed": used})
        )
        return
    faces_text = ", ".join(map(str, rolled.faces))
    again = "" if used is None else f"   (seed {used})"
    _out().print(f"{rolled.expr}: \\[{faces_text}] = [bold]{rolled.total}[/bold]{again}")


@app.command(context_settings=NOTATION)
def odds(
    expr: Annotated[
        str, typer.Argument(help="Dice notation (2d6+1), or a scenario FILE with --action.")
    ],
    action: Annotated[
        str | None,
        typer.Option("--action", help="With FILE: the action, as the file lists actions."),
    ] = None,
    actor: Annotated[
        str | None, typer.Option("--actor", help="With FILE: who acts (default: whose turn).")
    ] = None,
    sampled: Annotated[
        bool, typer.Option("--sampled", help="With FILE: sample even where exact odds fit.")
    ] = False,
    samples: Annotated[int, typer.Option("--samples", help="With FILE: samples if sampled.")] = (
        10_000
    ),
    seed: Annotated[int, typer.Option("--seed", help="With FILE: seed of the samples.")] = 0,
    as_json: JsonFlag = False,
) -> None:
    """Exact probability of every total of dice notation; or, given a scenario FILE and an
    --action, the odds of that action after the file's listed actions."""
    from fracas.cli import odds_command

    if odds_command.is_scenario(expr):
        try:
            found = odds_command.scenario_odds(
                Path(expr),
                action,
                actor,
                method="sampled" if sampled else "auto",
                samples=samples,
                seed=seed,
            )
        except FracasError as error:
            _refuse(str(error))
        ruleset = found_ruleset(Path(expr))
        if as_json:
            print(json.dumps(odds_command.payload(found, ruleset), indent=2))
        else:
            print(odds_command.render(found, ruleset))
        return
    if action is not None or actor is not None:
        _refuse(f"--action and --actor go with a scenario file, and {expr!r} is not one")
    _dice_odds(expr, as_json)


def found_ruleset(file: Path) -> str:
    from fracas.scenario import load_scenario

    return load_scenario(file).ruleset


def _dice_odds(expr: str, as_json: bool) -> None:
    from fracas.core.distribution import distribution
    from fracas.core.notation import parse

    try:
        parsed = parse(expr)
        dist = distribution(parsed)
    except FracasError as error:
        _refuse(str(error))
    if as_json:
        outcomes = [
            {"total": total, "probability": float(p), "exact": str(p)}
            for total, p in dist.probabilities
        ]
        summary = {"mean": float(dist.mean()), "stdev": dist.stdev()}
        print(json.dumps({"expr": str(parsed), "outcomes": outcomes, **summary}, indent=2))
        return
    print(_odds_table(str(parsed), dist.table()))
    print(f"mean {float(dist.mean()):.4f}   standard deviation {dist.stdev():.4f}")


def _odds_table(title: str, rows: list[tuple[int, float, float]]) -> str:
    """Plain aligned columns: a Rich table takes seconds at the 20,000 totals odds allows."""
    width = max(len("total"), *(len(str(total)) for total, _, _ in rows))
    biggest = max(p for _, p, _ in rows)
    lines = [title, f"{'total':>{width}}  probability  at least"]
    for total, p, at_least in rows:
        bar = "█" * round(30 * p / biggest)
        lines.append(f"{total:>{width}}  {p:>11.4%}  {at_least:>8.2%}  {bar}")
    return "\n".join(lines)


@app.command()
def run(
    file: Annotated[Path, typer.Argument(help="A scenario file (see docs/scenario-format.md).")],
    seed: SeedOption = None,
    manual: ManualFlag = False,
    as_json: JsonFlag = False,
) -> None:
    """Play a scenario file and print the log and the final state."""
    from fracas.runner import run_scenario
    from fracas.scenario import load_scenario

    _seed_or_manual(seed, manual)
    try:
        spec = load_scenario(file)
        if seed is not None and spec.dice is not None:
            _refuse(
                f"{file}: --seed {seed} would change nothing: the file scripts its dice "
                f"({len(spec.dice)} faces under 'dice:'); leave out --seed, or delete the "
                "file's dice list to roll them from the seed"
            )
        result = run_scenario(spec, seed, _manual() if manual else None)
    except FracasError as error:
        message = str(error)
        _refuse(message if message.startswith(str(file)) else f"{file}: {message}")
    if as_json:
        payload = result.to_json()
        if result.error is not None:
            _refuse(f"{file}: {result.error}", payload)
        print(json.dumps(payload, indent=2))
        return
    _print_log(result)
    _print_state(result)
    if result.error is not None:
        _refuse(f"{file}: {result.error}")


def _print_log(result: RunResult) -> None:
    out = _out()
    header = f"[bold]{literal(result.spec.ruleset)}[/bold]"
    if result.seed is not None:
        header += f"  seed {result.seed}"
    out.print(header)
    for event in result.encounter.log:
        line = literal(event.describe())
        if event.kind in ("round_started", "tick_reached"):
            out.print(f"\n[bold]── {line} ──[/bold]")
        elif event.kind == "turn_started":
            out.print(f"[bold cyan]{line}[/bold cyan]")
        elif event.kind == "dice_rolled":
            out.print(f"    [dim]{line}[/dim]")
        else:
            out.print(f"  {line}")


def _health(hp: int, max_hp: int, extra: dict[str, Any]) -> str:
    """HP, and armor hitpoints where the ruleset has them (they are spent first)."""
    armor = extra.get("ahp")
    return f"{hp}/{max_hp}" + (f" +{armor} AHP" if armor else "")


def _print_state(result: RunResult) -> None:
    from rich.table import Table

    out = _out()
    state = result.encounter.state
    # a turn model with something to say per combatant (the tick clock's next action tick)
    # gets a column of its own; rounds have nothing to add
    turn_notes = {c.id: state.turns.standing(c.id) for c in state.combatants}
    columns = ["combatant", "side", "hp", "status", "position", "conditions"]
    if any(note is not None for note in turn_notes.values()):
        columns.append("turn")
    state_notes = {c.id: c.state_note() for c in state.combatants}
    if any(note is not None for note in state_notes.values()):
        columns.append("state")
    table = Table(*columns, title="\nstanding")
    if "state" in columns:
        table.columns[-1].overflow = "fold"  # a wound chart is one word; fold it, never cut it
    for combatant in state.combatants:
        position = combatant.position_json()
        where = ", ".join(f"{k} {v}" for k, v in position.items()) if position else ""
        cells = [
            combatant.name,
            combatant.side,
            _health(combatant.hp, combatant.max_hp, combatant.state_json()),
            str(combatant.status),
            where,
            ", ".join(str(c) for c in combatant.conditions),
        ]
        if "turn" in columns:
            cells.append(turn_notes[combatant.id] or "")
        if "state" in columns:
            cells.append(state_notes[combatant.id] or "")
        table.add_row(*(literal(cell) for cell in cells))
    out.print(table)
    when = state.turns.describe()
    if state.outcome is not None:
        outcome = literal(str(state.outcome))
        out.print(f"[bold green]outcome: {outcome}[/bold green] ({when})")
    elif result.stopped == "round limit":
        out.print(f"no outcome: stopped at the round limit ({when})")
    elif result.stopped == "stalled":
        out.print(
            f"no outcome: autoplay stopped, its tactics kept acting without the turn moving on "
            f"({when}); please report it with the scenario and the seed"
        )
    else:
        actor = literal(str(state.actor))
        out.print(f"no outcome yet: {when}, {actor}'s turn")
    if result.scripted is not None and result.scripted.remaining:
        out.print(f"scripted dice left: {list(result.scripted.remaining)}", markup=False)


app.command()(sim_command.sim)  # its body lives in cli/sim_command.py
encounter_command.register(app)  # fracas encounter ..., act, undo, redo, log
app.command()(serve_command.serve)  # its body lives in cli/serve_command.py
