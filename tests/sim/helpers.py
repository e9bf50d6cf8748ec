"""Scenarios the simulator tests share."""

from __future__ import annotations

from pathlib import Path

from fracas.scenario import ScenarioSpec, load_scenario, parse_scenario
from fracas.sim.job import Job, build_fork, fight_dice, make_job, trial_dice
from fracas.sim.policies import POLICIES
from fracas.sim.trial import Fork, Trial, play, play_fast
from tests.engine.fixtures import duel

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def example(name: str) -> ScenarioSpec:
    return load_scenario(ROOT / "examples" / name)


def one_swing(rounds: int = 1) -> ScenarioSpec:
    """Ada swings her sword (1d6+3) at Rook (Dexterity 1) once a round; Rook, made far too
    tough to fall and with no weapon, cannot hurt anyone."""
    data = duel(autoplay={"max_rounds": rounds})
    rook = data["combatants"][1]
    rook.update(hp=99, weapons=[])
    return parse_scenario(data)


# -- fast paths (tests/sim/test_*_fastpath.py) --------------------------------------------------


def engine_trial(fork: Fork, job: Job, index: int) -> Trial:
    """Trial `index` of `job` played through the engine's loop with the `tactics` policy."""
    tactics = dict.fromkeys(fork.sides, POLICIES["tactics"])
    dice, policy_dice = trial_dice(job.seed, index)
    return play(fork, index, dice, policy_dice, tactics, job.max_rounds)


def fast_and_engine(
    spec: ScenarioSpec,
    seed: int,
    trials: range,
    max_rounds: int | None,
    *,
    handed_back: bool = False,
) -> list[Trial]:
    """Play `trials` through the engine and the ruleset's fast path; they must agree on
    every one. With `handed_back`, a trial may also come back None (the fast path met
    something it does not restate mid-fight; the simulator then plays it through the engine),
    and only the trials it finished are returned."""
    job = make_job(spec, seed, {}, max_rounds)
    fork = build_fork(job)
    assert fork.fast is not None, "the fast path declined a fork it models"
    played = []
    for index in trials:
        fast = play_fast(fork, index, fight_dice(job.seed, index), job.max_rounds)
        engine = engine_trial(fork, job, index)
        if fast is None and handed_back:
            continue
        assert fast == engine, f"trial {index}"
        played.append(engine)
    return played
