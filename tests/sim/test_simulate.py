"""Results depend on the seed only: not on the number of workers, nor on where they run;
the observed hit rate agrees with the exact odds; every policy finishes every example."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from fracas.core.distribution import compare
from fracas.core.errors import ScenarioError
from fracas.sim import Options, simulate
from fracas.sim.backends import run_here
from fracas.sim.job import make_job
from fracas.sim.policies import POLICIES
from tests.sim.helpers import EXAMPLES, example, one_swing


def test_the_same_seed_gives_the_same_report_for_one_and_two_workers() -> None:
    spec = example("lines-skirmish.yaml")
    one = simulate(spec, Options(trials=60, seed=3, workers=1))
    two = simulate(spec, Options(trials=60, seed=3, workers=2))
    assert one.to_json() == two.to_json()
    other = simulate(spec, Options(trials=60, seed=4, workers=1))
    assert other.to_json() != one.to_json()


def test_a_dask_local_cluster_gives_the_local_report() -> None:
    distributed = pytest.importorskip("distributed")
    spec = example("nwo-ambush-at-the-pump.yaml")  # forked after its scripted actions
    local = simulate(spec, Options(trials=30, seed=9, workers=1))
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        by_client = simulate(spec, Options(trials=30, seed=9, dask=client))
        by_address = simulate(spec, Options(trials=30, seed=9, dask=cluster.scheduler_address))
    assert by_client.to_json() == local.to_json()
    assert by_address.to_json() == local.to_json()


def test_the_observed_hit_rate_lies_within_four_standard_errors_of_the_exact_odds() -> None:
    """lines: "roll the attack against the defender's 1d6 + Dexterity; a tie is the
    defender's" (the default `tie` option). Ada's 1d6+3 against Rook's 1d6+1."""
    greater, _, _ = compare("1d6+3", "1d6+1")
    exact = float(greater)
    job = make_job(one_swing(), 21, {}, None)
    n = 3000
    trials = run_here(job, n)
    rook = 1
    hits = sum(1 for t in trials if t.taken[rook] > 0)
    error = math.sqrt(exact * (1 - exact) / n)
    assert abs(hits / n - exact) < 4 * error, (hits / n, exact)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
@pytest.mark.parametrize("policy", list(POLICIES))
def test_every_policy_plays_every_example_to_an_outcome(path: Path, policy: str) -> None:
    spec = example(path.name)
    trials = 6
    sides = {c.side for c in spec.combatants}
    report = simulate(
        spec,
        Options(trials=trials, seed=1, workers=1, policies=dict.fromkeys(sides, policy)),
    )
    assert report.ends["stalled"]["count"] == 0
    assert report.ends["round limit"]["count"] == 0
    won = sum(row["wins"]["count"] for row in report.sides.values())
    assert won + report.ends["draw"]["count"] == trials


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (Options(trials=0), "--trials must be between 1 and 10,000,000, not 0"),
        (Options(policies={"guards": "sneaky"}), "unknown policy 'sneaky'; accepted: tactics"),
        (Options(policies={"pirates": "focus"}), "there is no side 'pirates'; the sides are"),
        (Options(workers=0), "--workers must be at least 1, not 0"),
        (Options(max_rounds=0), "--max-rounds must be at least 1, not 0"),
    ],
)
def test_bad_requests_are_refused_with_one_message(options: Options, message: str) -> None:
    with pytest.raises(ScenarioError, match=message.replace("(", r"\(")):
        simulate(example("lines-skirmish.yaml"), options)
