"""The engine's cost over its dice, for whichever fracas is first on `sys.path`.

`run.py` runs this file twice in one sitting, once against the working tree and once against
the code before the speed work (exported from git), so the two sets of figures share the
machine's mood. It prints one JSON object and asserts nothing.

The *overhead factor* of a fight is the time it takes to autoplay, over the time bare
`random.Random.randint` takes to draw the very same faces (same sides, same count) in the
same process. The faces are learnt by replaying the fight once with a recording generator;
the timed runs use a plain seeded `random.Random`, so recording costs nothing we measure.

Only the parts of fracas that every version since the first has kept are used here
(`Encounter`, `Dice`, `autoplay`, `parse_scenario`, the rulesets' `RULESET`).
"""

from __future__ import annotations

import copy
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from fracas.core.dice import Dice
from fracas.core.encounter import Encounter
from fracas.core.registry import get_ruleset
from fracas.runner import autoplay
from fracas.scenario import parse_scenario

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
MAX_ROUNDS = 40


class Recorder(random.Random):
    """A seeded generator that notes the range of every face it hands out."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.asked: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.asked.append((a, b))
        return super().randint(a, b)


def example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((EXAMPLES / name).read_text(encoding="utf-8"))
    data.pop("actions", None)
    data.pop("autoplay", None)
    return data


def _fight(data: dict[str, Any], rng: random.Random, max_rounds: int) -> Encounter:
    spec = parse_scenario(data)
    ruleset = get_ruleset(spec.ruleset)
    order = tuple(spec.order) if spec.order is not None else None
    encounter = Encounter(ruleset, ruleset.setup(spec), Dice(rng), order=order)
    autoplay(encounter, max_rounds)
    return encounter


def best_of(work: Callable[[], object], repeat: int) -> float:
    """The least CPU time of `repeat` runs: this process's own time, so other programs
    busy on the machine slow the wall clock but hardly these figures."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def overhead(data: dict[str, Any], seeds: range, repeat: int = 5) -> dict[str, float]:
    """Fights per second and the overhead factor over `seeds` whole autoplayed fights."""
    asked: list[tuple[int, int]] = []
    actions = 0
    for seed in seeds:
        recorder = Recorder(seed)
        actions += len(_fight(data, recorder, MAX_ROUNDS).actions)
        asked += recorder.asked

    def fights() -> None:
        for seed in seeds:
            _fight(data, random.Random(seed), MAX_ROUNDS)

    def bare_dice() -> None:
        randint = random.Random(0).randint
        for a, b in asked:
            randint(a, b)

    fight_time = best_of(fights, repeat)
    dice_time = best_of(bare_dice, repeat * 3)
    return {
        "fights": len(seeds),
        "faces": len(asked),
        "actions": actions,
        "fights_per_second": len(seeds) / fight_time,
        "overhead": fight_time / dice_time,
    }


def scaled(data: dict[str, Any], per_side: int) -> dict[str, Any]:
    """The example's two sides cloned up to `per_side` each, on a map grown to hold them."""
    sides: dict[str, list[dict[str, Any]]] = {}
    for raw in data["combatants"]:
        sides.setdefault(raw["side"], []).append(raw)
    grown = copy.deepcopy(data)
    grown["combatants"] = []
    rows = max(per_side, 10)
    for column, members in enumerate(sides.values()):
        for n in range(per_side):
            clone = copy.deepcopy(members[n % len(members)])
            clone["id"] = f"{clone['id']}{n}"
            clone.pop("name", None)
            if data["ruleset"] == "nwo":
                clone["position"] = {"x": 1 if column == 0 else 22, "y": n}
            grown["combatants"].append(clone)
    if data["ruleset"] == "nwo":
        grown["map"] = {"width": 24, "height": rows, "cover": [[11, 3], [12, 6], [11, 9]]}
    return grown


def per_action(
    data: dict[str, Any], per_side: int, seeds: range, rounds: int
) -> tuple[float, float]:
    """Seconds per action over the first `rounds` rounds of `seeds` fights at this size:
    all told, and for the engine alone (the same actions acted again without the tactics
    that chose them, so what the rules cost shows apart from what choosing costs)."""
    grown = scaled(data, per_side)
    played = [_fight(grown, random.Random(s), rounds) for s in seeds]
    actions = sum(len(fight.actions) for fight in played)

    def fights() -> None:
        for seed in seeds:
            _fight(grown, random.Random(seed), rounds)

    def engine() -> None:
        for seed, fight in zip(seeds, played, strict=True):
            again = Encounter(fight.ruleset, fight.setup, Dice(random.Random(seed)))
            for action in fight.actions:
                again.act(action)

    return best_of(fights, 2) / max(actions, 1), best_of(engine, 2) / max(actions, 1)


def main() -> None:
    nwo = example("nwo-firefight.yaml")
    lines = example("lines-skirmish.yaml")
    report: dict[str, Any] = {
        "nwo": overhead(nwo, range(10)),
        "lines": overhead(lines, range(40)),
        "per_action": {
            ruleset: {str(n): per_action(data, n, range(3), rounds=3) for n in (2, 4, 8, 16)}
            for ruleset, data in (("nwo", nwo), ("lines", lines))
        },
    }
    json.dump(report, sys.stdout)


if __name__ == "__main__":
    main()
