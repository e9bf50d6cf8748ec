"""How fast the hot paths are, as ratios against a baseline timed in the same run.

Absolute seconds depend on the machine; ratios against plain `random.randint` calls made a
moment earlier on the same machine do not (much). Run with `make bench`. Nothing here asserts:
timing goals are read by people, never enforced by tests.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

from fracas.core.dice import Dice
from fracas.core.encounter import Encounter, replay
from fracas.rulesets.lines import RULESET
from fracas.rulesets.nwo import RULESET as NWO
from fracas.runner import autoplay
from fracas.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_scenario(ROOT / "examples/lines-skirmish.yaml")
NWO_SPEC = load_scenario(ROOT / "examples/nwo-firefight.yaml")


def timed(work: Callable[[], object], repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def baseline() -> None:
    rng = random.Random(1)
    for _ in range(10_000):
        rng.randint(1, 6)


def dice_rolls() -> None:
    dice = Dice(random.Random(1))
    for _ in range(10_000):
        dice.roll("1d6+2", reason="bench")


def whole_fights() -> list[Encounter]:
    fights = []
    for seed in range(20):
        enc = Encounter(RULESET, RULESET.setup(SPEC), Dice(random.Random(seed)))
        autoplay(enc, 40)
        fights.append(enc)
    return fights


def nwo_fights() -> None:
    for seed in range(5):
        enc = Encounter(NWO, NWO.setup(NWO_SPEC), Dice(random.Random(seed)))
        autoplay(enc, 40)


def main() -> None:
    base = timed(baseline)
    fights = whole_fights()
    fresh = Encounter(RULESET, RULESET.setup(SPEC), Dice(random.Random(0)))
    events = sum(len(f.log) for f in fights)
    rows = [
        ("10k rolls of 1d6+2 through Dice", timed(dice_rolls)),
        ("20 whole skirmishes, autoplayed", timed(whole_fights, repeat=3)),
        (
            f"replaying those 20 logs ({events} events)",
            timed(lambda: [replay(RULESET, f.setup, f.log) for f in fights]),
        ),
        ("5 nwo 4-against-4 firefights, autoplayed", timed(nwo_fights, repeat=3)),
        (
            "legal_actions at the start, x100",
            timed(lambda: [fresh.legal_actions() for _ in range(100)]),
        ),
    ]
    print(f"baseline: 10k random.randint(1, 6) = {base * 1000:.2f} ms")
    for name, seconds in rows:
        print(f"{name:45s} {seconds * 1000:9.2f} ms   {seconds / base:8.1f}x baseline")


if __name__ == "__main__":
    main()
