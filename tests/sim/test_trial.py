"""The simulator's own loop plays exactly the fights autoplay plays, seed for seed: it keeps
no log and no undo history, and that must change the cost of a fight, never the fight."""

from __future__ import annotations

import pytest

from fracas.core.dice import Dice
from fracas.core.encounter import Encounter
from fracas.runner import autoplay
from fracas.sim.job import build_fork, make_job, trial_dice
from fracas.sim.policies import POLICIES
from fracas.sim.trial import play
from tests.sim.helpers import EXAMPLES, example

FAST = [p.name for p in EXAMPLES if p.name != "fatewalker-crossfire.yaml"]
"""Every example but the slowest (a second a fight), which the policy test still plays."""


@pytest.mark.parametrize("name", FAST)
def test_the_simulated_fight_is_the_autoplayed_fight(name: str) -> None:
    spec = example(name)
    job = make_job(spec, 5, {}, None)
    fork = build_fork(job)
    tactics = dict.fromkeys(fork.sides, POLICIES["tactics"])
    for index in range(4):
        dice, policy_dice = trial_dice(job.seed, index)
        trial = play(fork, index, dice, policy_dice, tactics, job.max_rounds)
        again, _ = trial_dice(job.seed, index)
        if fork.state is None:
            encounter = Encounter(fork.ruleset, fork.setup, again, order=fork.order)
        else:  # forked after the scripted part: carry on from there with the trial's dice
            encounter = Encounter(fork.ruleset, fork.setup, Dice.seeded(0), order=fork.order)
            encounter.state, encounter.dice = fork.state, again
        stopped = autoplay(encounter, job.max_rounds)
        state = encounter.state
        assert trial.hp == tuple(state.get(cid).hp for cid in fork.ids)
        assert trial.standing == tuple(state.get(cid).is_active for cid in fork.ids)
        assert trial.rounds == min(state.turns.round, job.max_rounds)
        if stopped == "outcome":
            assert trial.end in ("won", "draw")
            assert (trial.winner or "draw") == str(state.outcome).removesuffix(" won")
        else:
            assert trial.end == stopped
