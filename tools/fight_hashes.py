"""Fingerprints of many seeded fights, to prove a speed change changed no fight.

`python tools/fight_hashes.py --save FILE` before a change, `--check FILE` after it. For each
example and each of `--seeds` seeds it plays the fight twice:

- autoplayed through `Encounter` (the interactive engine), hashing the whole event log as
  JSON lines, so a changed roll, number, reason or decision shows;
- through the simulator's own loop (`sim.trial.play`, the tactics policy), hashing every
  action it chose, the faces it drew and the trial it reported, so a simulation fast path
  that skips events is held to the very same fights.

Golden files cover one seed per example; this covers the rest of the tactics' branches.
Nothing here is timed: run it on a busy machine as well as an idle one.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random  # noqa: TID251 - notes the faces a seeded generator hands out, as benchmarks do
import sys
from pathlib import Path
from typing import Any

from fracas.core.actions import Action
from fracas.core.dice import Dice
from fracas.core.encounter import Encounter
from fracas.core.ruleset import Ruleset
from fracas.core.state import EncounterState
from fracas.runner import autoplay
from fracas.scenario import load_scenario
from fracas.sim.job import build_fork, make_job, trial_dice
from fracas.sim.policies import POLICIES, Policy
from fracas.sim.trial import play

ROOT = Path(__file__).resolve().parents[1]


class _Drawn(random.Random):
    """A seeded generator that notes every face it hands out, in order."""

    def __init__(self, seed: str) -> None:
        super().__init__(seed)
        self.faces: list[int] = []

    def randint(self, a: int, b: int) -> int:
        face = super().randint(a, b)
        self.faces.append(face)
        return face


def _autoplayed(name: str, seeds: int) -> str:
    job = make_job(load_scenario(ROOT / "examples" / name), 1, {}, None)
    fork = build_fork(job)
    digest = hashlib.sha256()
    for index in range(seeds):
        dice, _ = trial_dice(job.seed, index)
        if fork.state is None:
            encounter = Encounter(fork.ruleset, fork.setup, dice, order=fork.order)
        else:
            encounter = Encounter(fork.ruleset, fork.setup, Dice.seeded(0), order=fork.order)
            encounter.state, encounter.dice = fork.state, dice
        stopped = autoplay(encounter, job.max_rounds)
        digest.update(stopped.encode())
        for event in encounter.log:
            digest.update(json.dumps(event.to_json(), sort_keys=True).encode())
    return digest.hexdigest()


def _simulated(name: str, seeds: int) -> str:
    job = make_job(load_scenario(ROOT / "examples" / name), 1, {}, None)
    fork = build_fork(job)
    digest = hashlib.sha256()
    chosen: list[Action] = []

    def noting(ruleset: Ruleset, state: EncounterState, dice: Dice) -> Action:
        action = ruleset.suggest(state)
        chosen.append(action)
        return action

    policies = dict.fromkeys(fork.sides, Policy("noting", "tactics, noted", noting))
    assert POLICIES["tactics"].choose.__name__ == "_tactics"  # `noting` is the same policy
    for index in range(seeds):
        drawn = _Drawn(f"{job.seed}:{index}")
        _, policy_dice = trial_dice(job.seed, index)
        chosen.clear()
        trial = play(fork, index, Dice(drawn), policy_dice, policies, job.max_rounds)
        digest.update(repr([repr(a) for a in chosen]).encode())
        digest.update(repr(drawn.faces).encode())
        digest.update(repr(trial).encode())
    return digest.hexdigest()


def fingerprints(names: list[str], seeds: int) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for name in names:
        out[name] = {"autoplay": _autoplayed(name, seeds), "sim": _simulated(name, seeds)}
        print(name, out[name]["autoplay"][:12], out[name]["sim"][:12], file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=60)
    parser.add_argument("--only", nargs="*", help="example file names (default: all)")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", type=Path)
    group.add_argument("--check", type=Path)
    args = parser.parse_args(argv)
    names = args.only or sorted(p.name for p in (ROOT / "examples").glob("*.yaml"))
    found = fingerprints(names, args.seeds)
    if args.save is not None:
        args.save.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        return 0
    expected: dict[str, Any] = json.loads(args.check.read_text())
    changed = [n for n in names if expected.get(n) != found[n]]
    for name in changed:
        print(f"CHANGED: {name}", file=sys.stderr)
    print("same fights" if not changed else f"{len(changed)} example(s) changed")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
