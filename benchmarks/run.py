"""How fast the hot paths are, as ratios measured in one run. `make bench` runs this.

Absolute seconds depend on the machine; ratios against plain `random.randint` calls made a
moment earlier on the same machine do not (much). The engine's figures are measured twice in
the same sitting: for the working tree, and for the code as it stood before the speed work of
issue 6 (`BEFORE`, exported from git into a scratch folder), so "3x faster" is read off one run
rather than off two days. Nothing here asserts: timing goals are read by people, never
enforced by tests.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

from overhead import best_of

from fracas.core.dice import Dice
from fracas.core.encounter import Encounter, replay
from fracas.rulesets.lines import RULESET
from fracas.runner import autoplay
from fracas.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
BEFORE = "c3b00d4"
"""The last commit before the engine was made faster (issue 6); the figures it gives are the
"before" column, and docs/performance.md keeps them."""
SIZES = ("2", "4", "8", "16")


def baseline() -> None:
    rng = random.Random(1)
    for _ in range(10_000):
        rng.randint(1, 6)


def dice_rolls() -> None:
    dice = Dice(random.Random(1))
    for _ in range(10_000):
        dice.roll("1d6+2", reason="bench")


def skirmishes() -> list[Encounter]:
    spec = load_scenario(ROOT / "examples/lines-skirmish.yaml")
    fights = []
    for seed in range(20):
        enc = Encounter(RULESET, RULESET.setup(spec), Dice(random.Random(seed)))
        autoplay(enc, 40)
        fights.append(enc)
    return fights


def hot_paths() -> None:
    base = best_of(baseline, 5)
    fights = skirmishes()
    events = sum(len(f.log) for f in fights)
    fresh = fights[0]
    fresh = Encounter(RULESET, fresh.setup, Dice(random.Random(0)))
    rows = [
        ("10k rolls of 1d6+2 through Dice", best_of(dice_rolls, 5)),
        (
            f"replaying 20 skirmish logs ({events} events)",
            best_of(lambda: [replay(RULESET, f.setup, f.log) for f in fights], 5),
        ),
        (
            "lines legal_actions at the start, x100",
            best_of(lambda: [fresh.legal_actions() for _ in range(100)], 5),
        ),
    ]
    print(f"baseline: 10k random.randint(1, 6) = {base * 1000:.2f} ms")
    for name, seconds in rows:
        print(f"{name:45s} {seconds * 1000:9.2f} ms   {seconds / base:8.1f}x baseline")


def engine_figures(source: Path) -> dict[str, Any]:
    """benchmarks/overhead.py's report for the fracas found in `source` (a `src` folder)."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks/overhead.py")],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def export_before(into: Path) -> Path:
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", BEFORE, "src"],
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def compare() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        before = engine_figures(export_before(Path(scratch)))
    now = engine_figures(ROOT / "src")
    print(f"\nthe engine, before ({BEFORE}) and now, measured in this run")
    print(f"{'':38s} {'before':>10s} {'now':>10s} {'now/before':>11s}")
    for ruleset in ("nwo", "lines"):
        for key, label in (("overhead", "overhead factor"), ("fights_per_second", "fights/s")):
            old, new = before[ruleset][key], now[ruleset][key]
            print(f"{ruleset + ' ' + label:38s} {old:10.1f} {new:10.1f} {new / old:11.2f}")
    print("\ncost of one action by fight size (first 3 rounds), in microseconds:")
    print("all told (tactics choosing, then the engine acting), and the engine alone")
    for ruleset in ("nwo", "lines"):
        for name, figures in (("before", before), ("now", now)):
            for part, label in ((0, "all"), (1, "engine")):
                costs = {n: figures["per_action"][ruleset][n][part] for n in SIZES}
                row = "  ".join(f"{n}v{n} {costs[n] * 1e6:7.1f}" for n in SIZES)
                growth = costs[SIZES[-1]] / costs[SIZES[0]]
                print(f"{ruleset:6s} {name:7s} {label:7s} {row}   16v16/2v2 {growth:5.2f}")


def simulation() -> None:
    """benchmarks/simulation.py's figures: what `fracas sim` costs per ruleset, and scaling."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks/simulation.py")],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT / "benchmarks",
    )
    report: dict[str, Any] = json.loads(done.stdout)
    scaling = report.pop("scaling")
    build = report.pop("build")
    print("\nfracas sim, one process, the tactics policy (goal: overhead at most 10)")
    print(f"{build}")
    print(f"{'':16s} {'fights/s':>10s} {'faces/fight':>12s} {'overhead':>10s}")
    for ruleset, row in report.items():
        if "trials_in_order" in row:  # simulation.long_run: a whole run's trials
            print(
                f"{ruleset:16s} {row['fights_per_second']:10.1f} "
                f"{row['faces_per_fight']:12.1f} {row['overhead']:10.1f}   "
                f"trials 0-{row['trials_in_order'] - 1:.0f} in one process"
            )
            continue
        if "replayed_overhead" in row:  # simulation.unseen: trials new to the process
            print(
                f"{ruleset:16s} {row['fights_per_second']:10.1f} {'':12s} "
                f"{row['overhead']:10.1f}   replayed {row['replayed_overhead']:.1f}"
            )
            continue
        print(
            f"{ruleset:16s} {row['fights_per_second']:10.1f} {row['faces_per_fight']:12.1f} "
            f"{row['overhead']:10.1f}"
        )
        if "fast_overhead" in row:  # the ruleset's fast path, what `fracas sim` plays
            print(
                f"{ruleset + ' fast':16s} {row['fast_fights_per_second']:10.1f} "
                f"{row['faces_per_fight']:12.1f} {row['fast_overhead']:10.1f}   "
                f"engine / fast {row['engine_over_fast']:.1f}"
            )
    print("\nscaling, 2 workers against 1 (goal: at least 1.8)")
    for name, row in scaling.items():
        print(
            f"{name:12s} {row['trials']} fights: 1 worker {row['one']:.2f} s, 2 workers "
            f"{row['two']:.2f} s, speedup {row['speedup']:.2f}; projected on 2 free cores "
            f"{row['projected']:.2f}; the machine's own, bare randint: {row['machine']:.2f} "
            f"(load average {row['load_average']:.1f})"
        )


def main() -> None:
    hot_paths()
    compare()
    simulation()


if __name__ == "__main__":
    main()
