"""`fracas sim --plot FILE.png`: the win probabilities with their intervals, and how long
the fights lasted, as one picture for a GM deciding whether to soften an encounter."""

from __future__ import annotations

from pathlib import Path

from fracas.core.errors import FracasError
from fracas.sim.report import Report


def plot(report: Report, path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")  # no display needed: the chart only goes to a file
        import matplotlib.pyplot as plt
    except ImportError:  # pragma: no cover - the sim extra is part of dev
        raise FracasError("--plot needs matplotlib: pip install 'fracas[sim]'") from None
    names = [*report.sides, *(e for e, row in report.ends.items() if row["count"])]
    rows = [*(s["wins"] for s in report.sides.values())]
    rows += [row for row in report.ends.values() if row["count"]]
    shares = [r["probability"] for r in rows]
    below = [r["probability"] - r["interval"][0] for r in rows]
    above = [r["interval"][1] - r["probability"] for r in rows]
    figure, (wins, lengths) = plt.subplots(1, 2, figsize=(11, 4.2))
    wins.bar(names, shares, yerr=[below, above], capsize=6, color="#4a7ab5")
    wins.set_ylim(0, 1)
    wins.set_ylabel("probability (95% Wilson interval)")
    wins.set_title(f"who wins: {report.trials:,} simulated fights")
    histogram = {int(k): v for k, v in report.length["histogram"].items()}
    lengths.bar(list(histogram), [v / report.trials for v in histogram.values()], color="#b5834a")
    lengths.set_xlabel(report.clock)
    lengths.set_ylabel("share of fights")
    lengths.set_title(f"how long: mean {report.length['mean']:.1f} {report.clock}")
    figure.suptitle(f"{report.ruleset}, seed {report.seed}")
    figure.tight_layout()
    try:
        figure.savefig(path, dpi=100)
    except OSError as error:
        raise FracasError(f"--plot {path}: cannot write the chart ({error.strerror})") from None
    finally:
        plt.close(figure)
