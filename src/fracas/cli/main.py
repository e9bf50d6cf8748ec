"""`fracas rulesets | roll | odds | run`.

Every refusal is one line on stderr and exit code 2; nothing prints a traceback for bad input.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table

from fracas.core.dice import Dice, ManualRng
from fracas.core.distribution import distribution
from fracas.core.errors import FracasError
from fracas.core.notation import parse
from fracas.core.registry import available
from fracas.runner import RunResult, run_scenario
from fracas.scenario import load_scenario

app = typer.Typer(
    help="Run tabletop-RPG fights exactly as their rules say.",
    no_args_is_help=True,
    add_completion=False,
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]
SeedOption = Annotated[int | None, typer.Option("--seed", help="Seed the dice.")]
ManualFlag = Annotated[
    bool, typer.Option("--manual", help="Roll physical dice: fracas asks for each face.")
]


def _ask_for_face(low: int, high: int) -> int:
    die = f"d{high}" if low == 1 else f"die ({low}-{high})"
    answer: int = typer.prompt(f"roll a {die}, face", type=int, err=True)
    return answer


def _refuse(message: str, payload: dict[str, Any] | None = None) -> NoReturn:
    if payload is not None:
        print(json.dumps(payload, indent=2))
    err.print(f"error: {message}", markup=False, soft_wrap=True)
    raise typer.Exit(2)


@app.command()
def rulesets(as_json: JsonFlag = False) -> None:
    """List the installed rulesets."""
    found = sorted(available().items())
    if as_json:
        rows = [{"id": key, "name": r.info.name, "source": r.info.source} for key, r in found]
        print(json.dumps(rows, indent=2))
        return
    table = Table("id", "name", "source seed")
    for key, ruleset in found:
        table.add_row(key, ruleset.info.name, ruleset.info.source)
    out.print(table)


@app.command()
def roll(
    expr: Annotated[str, typer.Argument(help="Dice notation, e.g. 2d6+1, 4d6dl1, 6d6>=5.")],
    seed: SeedOption = None,
    manual: ManualFlag = False,
    as_json: JsonFlag = False,
) -> None:
    """Roll dice once and show every face."""
    dice = Dice(ManualRng(_ask_for_face)) if manual else Dice.seeded(seed)
    try:
        rolled = dice.roll(expr, reason="roll")
    except FracasError as error:
        _refuse(str(error))
    if as_json:
        print(json.dumps({"expr": rolled.expr, "faces": list(rolled.faces), "total": rolled.total}))
        return
    faces = ", ".join(map(str, rolled.faces))
    out.print(f"{rolled.expr}: [{faces}] = [bold]{rolled.total}[/bold]")


@app.command()
def odds(
    expr: Annotated[str, typer.Argument(help="Dice notation, e.g. 2d6+1.")],
    as_json: JsonFlag = False,
) -> None:
    """Exact probability of every total, with the mean and standard deviation."""
    try:
        parsed = parse(expr)
        dist = distribution(parsed)
    except FracasError as error:
        _refuse(str(error))
    if as_json:
        print(
            json.dumps(
                {
                    "expr": str(parsed),
                    "outcomes": [
                        {"total": total, "probability": float(p), "exact": str(p)}
                        for total, p in dist.probabilities
                    ],
                    "mean": float(dist.mean()),
                    "stdev": dist.stdev(),
                },
                indent=2,
            )
        )
        return
    table = Table("total", "probability", "at least", "", title=str(parsed))
    biggest = max(p for _, p in dist.probabilities)
    for total, p in dist.probabilities:
        bar = "█" * round(30 * p / biggest)
        table.add_row(str(total), f"{float(p):.4%}", f"{float(dist.at_least(total)):.2%}", bar)
    out.print(table)
    out.print(f"mean {float(dist.mean()):.4f}   standard deviation {dist.stdev():.4f}")


@app.command()
def run(
    file: Annotated[Path, typer.Argument(help="A scenario file (see docs/scenario-format.md).")],
    seed: SeedOption = None,
    manual: ManualFlag = False,
    as_json: JsonFlag = False,
) -> None:
    """Play a scenario file and print the log and the final state."""
    try:
        spec = load_scenario(file)
        result = run_scenario(spec, seed, ManualRng(_ask_for_face) if manual else None)
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
    header = f"[bold]{result.spec.ruleset}[/bold]"
    if result.seed is not None:
        header += f"  seed {result.seed}"
    out.print(header)
    for event in result.encounter.log:
        line = event.describe()
        if event.kind == "round_started":
            out.print(f"\n[bold]── {line} ──[/bold]")
        elif event.kind == "turn_started":
            out.print(f"[bold cyan]{line}[/bold cyan]")
        elif event.kind == "dice_rolled":
            out.print(f"    [dim]{line}[/dim]", markup=True)
        else:
            out.print(f"  {line}")


def _health(hp: int, max_hp: int, extra: dict[str, Any]) -> str:
    """HP, and armor hitpoints where the ruleset has them (they are spent first)."""
    armor = extra.get("ahp")
    return f"{hp}/{max_hp}" + (f" +{armor} AHP" if armor else "")


def _print_state(result: RunResult) -> None:
    state = result.encounter.state
    table = Table("combatant", "side", "hp", "status", "position", "conditions", title="\nstanding")
    for combatant in state.combatants:
        position = combatant.position_json()
        where = ", ".join(f"{k} {v}" for k, v in position.items()) if position else ""
        table.add_row(
            combatant.name,
            combatant.side,
            _health(combatant.hp, combatant.max_hp, combatant.state_json()),
            str(combatant.status),
            where,
            ", ".join(str(c) for c in combatant.conditions),
        )
    out.print(table)
    if state.outcome is not None:
        out.print(f"[bold green]outcome: {state.outcome}[/bold green] (round {state.turns.round})")
    elif result.stopped == "round limit":
        out.print(f"no outcome: stopped at the round limit (round {state.turns.round})")
    else:
        out.print(f"no outcome yet: round {state.turns.round}, {state.actor}'s turn")
    if result.scripted is not None and result.scripted.remaining:
        out.print(f"scripted dice left: {list(result.scripted.remaining)}")


def main() -> None:  # pragma: no cover - thin wrapper for `python -m fracas`
    app()
    sys.exit(0)
