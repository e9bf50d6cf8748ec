"""`fracas sim FILE`: how likely each side is to win, from many simulated fights.

Only Typer is imported at module level, as for every command (`fracas --help` stays quick);
the simulator, Rich and matplotlib load when the command runs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from fracas.core.errors import FracasError

if TYPE_CHECKING:
    from fracas.sim.report import Report

PROGRESS_FROM = 200
"""Trials from which a bar shows how far the run is (a short run finishes before it would
be read)."""


def sim(
    file: Annotated[Path, typer.Argument(help="A scenario file (see docs/scenario-format.md).")],
    trials: Annotated[int, typer.Option("--trials", "-n", help="Fights to play.")] = 1000,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Seed of every trial's dice; default the file's, else 0."),
    ] = None,
    workers: Annotated[
        int | None, typer.Option("--workers", help="Local processes; default the CPU count.")
    ] = None,
    policy: Annotated[
        list[str] | None,
        typer.Option(
            "--policy",
            help="SIDE=NAME, once per side: tactics (default), aggressive, focus, greedy.",
        ),
    ] = None,
    max_rounds: Annotated[
        int | None,
        typer.Option("--max-rounds", help="Round limit; default the file's autoplay limit."),
    ] = None,
    dask: Annotated[
        str | None,
        typer.Option("--dask", help="Play on this Dask scheduler (tcp://host:8786) instead."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for programs.")] = False,
    plot_to: Annotated[
        Path | None, typer.Option("--plot", help="Also draw the results into this PNG file.")
    ] = None,
) -> None:
    """Play the fight out many times after its scripted actions and report each side's
    chance to win (95% interval), the fights' length, survivors and damage."""
    from fracas.cli.main import _refuse
    from fracas.scenario import load_scenario
    from fracas.sim import Options, simulate
    from fracas.sim.run import parse_policies

    try:
        spec = load_scenario(file)
        options = Options(
            trials=trials,
            seed=seed,
            workers=workers,
            policies=parse_policies(policy or []),
            max_rounds=max_rounds,
            dask=dask,
        )
        show_bar = not as_json and trials >= PROGRESS_FROM and sys.stderr.isatty()
        report = _with_bar(spec, options) if show_bar else simulate(spec, options)
        if plot_to is not None:
            from fracas.sim.plot import plot

            plot(report, plot_to)
    except FracasError as error:
        message = str(error)
        _refuse(message if message.startswith(str(file)) else f"{file}: {message}")
    if as_json:
        print(json.dumps(report.to_json(), indent=2))
        return
    _print(report)


def _with_bar(spec: Any, options: Any) -> Report:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from fracas.cli.main import _err
    from fracas.sim import simulate

    columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=_err(), transient=True) as bar:
        task = bar.add_task("fights", total=options.trials)
        return simulate(spec, options, lambda done: bar.advance(task, done))


def _percent(share: dict[str, Any]) -> tuple[str, str]:
    low, high = share["interval"]
    return f"{share['probability']:.1%}", f"{low:.1%} – {high:.1%}"


def _print(report: Report) -> None:
    from rich.table import Table

    from fracas.cli.main import _out
    from fracas.cli.text import literal

    out = _out()
    out.print(
        f"[bold]{literal(report.ruleset)}[/bold]  {report.trials:,} fights  seed {report.seed}  "
        f"at most {report.max_rounds} rounds"
    )
    table = Table("side", "policy", "wins", "95% interval", "survivors", title="\nwho wins")
    for side, row in report.sides.items():
        share, interval = _percent(row["wins"])
        survivors = f"{row['mean_survivors']:.2f} of {row['members']}"
        table.add_row(literal(side), row["policy"], share, interval, survivors)
    for end, row in report.ends.items():
        if row["count"]:
            share, interval = _percent(row)
            label = "stopped at the round limit" if end == "round limit" else end
            table.add_row(label, "", share, interval, "")
    out.print(table)
    length = report.length
    out.print(
        f"\nlength in {report.clock}: mean {length['mean']:.2f}, median {length['median']}, "
        f"middle half {length['p25']}–{length['p75']}, range {length['min']}–{length['max']}"
    )
    biggest = max(length["histogram"].values())
    for value, count in length["histogram"].items():
        bar = "█" * max(1, round(30 * count / biggest))
        out.print(f"  {value:>5}  {count / report.trials:6.1%}  {bar}", markup=False)
    people = Table(
        "combatant",
        "side",
        "survives",
        "HP if standing",
        "damage dealt",
        "damage taken",
        title="\nper combatant (means per fight)",
    )
    for row in report.combatants:
        standing = row["mean_hp_if_standing"]
        people.add_row(
            literal(row["name"]),
            literal(row["side"]),
            f"{row['survived']['probability']:.1%}",
            "–" if standing is None else f"{standing:.1f}",
            f"{row['mean_damage_dealt']:.2f}",
            f"{row['mean_damage_taken']:.2f}",
        )
    out.print(people)
