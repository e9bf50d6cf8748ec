"""The `lines` simulation fast path plays exactly the engine's fights, seed for seed.

lines/fastpath.py restates the rules and the tactics over plain lists so that `fracas sim`
need not build events; that is only allowed because this file holds every trial it reports
equal to the one the engine's loop (`sim.trial.play`, the `tactics` policy) reports with the
same seed: winner, rounds, end, every combatant's HP, standing, damage dealt and taken.
Examples and generated sheets and options are both played, fights cut by the round limit
included, and whatever the fast path does not model must make it decline (None).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.core.fastpath import ForkPoint
from fracas.rulesets.lines import RULESET
from fracas.rulesets.lines.options import LinesOptions
from fracas.scenario import ScenarioSpec, parse_scenario
from fracas.sim.job import build_fork, make_job, play_range
from tests.sim.helpers import EXAMPLES, engine_trial, example, fast_and_engine

LINES_EXAMPLES = [p.name for p in EXAMPLES if p.name.startswith("lines-")]


@pytest.mark.parametrize("name", LINES_EXAMPLES)
def test_every_lines_example_plays_the_engines_fights(name: str) -> None:
    played = fast_and_engine(example(name), 11, range(300), None)
    assert {t.end for t in played} <= {"won", "draw"}
    assert len({t.winner for t in played}) == 2  # both sides win some: many branches taken


@pytest.mark.parametrize("name", LINES_EXAMPLES)
@pytest.mark.parametrize("max_rounds", [1, 2, 3])
def test_fights_cut_by_the_round_limit_are_the_engines_too(name: str, max_rounds: int) -> None:
    played = fast_and_engine(example(name), 3, range(60), max_rounds)
    assert any(t.end == "round limit" for t in played)


def test_the_simulator_uses_the_fast_path_and_reports_what_the_engine_would() -> None:
    job = make_job(example("lines-skirmish.yaml"), 9, {}, None)
    fork = build_fork(job)
    assert play_range(job, 0, 40) == [engine_trial(fork, job, i) for i in range(40)]


# -- generated sheets and options -----------------------------------------------------------

DICE = ["1d6", "1d6+1", "1d6+3", "2d6", "2d6-1", "1d6+2", "1d4+1", "1d8-1", "1d6!", "3d6kh2"]


@st.composite
def weapons(draw: st.DrawFn) -> dict[str, Any]:
    card: dict[str, Any] = {
        "attack": draw(st.sampled_from(DICE)),
        "damage": draw(st.sampled_from([d for d in DICE if d not in ("2d6-1",)])),
        "hands": draw(st.sampled_from([1, 2])),
    }
    if draw(st.booleans()):
        card["range"] = draw(st.integers(0, 5))
    elif draw(st.booleans()):
        card["reach"] = draw(st.integers(0, 3))
    return card


GEAR = [
    {"id": "kit", "kind": "medkit", "heal": "2d6", "charges": 3},
    {"id": "stim", "kind": "stimpack", "heal": "1d6+2", "charges": 1},
    {"id": "empty", "kind": "medkit", "heal": "1d6", "charges": 0},
]


@st.composite
def fighters(draw: st.DrawFn, side: str, index: int, lines: list[int]) -> dict[str, Any]:
    stat = st.integers(0, 10)
    sheet: dict[str, Any] = {
        "id": f"{side}{index}",
        "side": side,
        "position": {"line": draw(st.sampled_from(lines))},
        "stats": {
            "strength": draw(stat),
            "dexterity": draw(st.integers(0, 6)),
            "constitution": draw(st.integers(1, 6)),
            "perception": draw(st.integers(0, 2)),  # ties, so the re-rolls are played too
            "mind": draw(stat),
        },
        "weapons": [
            {"id": f"w{n}", **card} for n, card in enumerate(draw(st.lists(weapons(), max_size=3)))
        ],
        "gear": draw(st.lists(st.sampled_from(GEAR), max_size=2, unique_by=lambda g: g["id"])),
        "dual_wield_penalty": draw(st.integers(0, 10)),
    }
    if draw(st.booleans()):
        sheet["hp"] = draw(st.integers(1, 40))
    return sheet


OPTION_VALUES: dict[str, list[Any]] = {
    name: (
        [1, 2, 5, 10]
        if name == "hp_per_constitution"
        else [True, False]
        if field.annotation is bool
        else list(field.annotation.__args__)  # a Literal's values
    )
    for name, field in LinesOptions.model_fields.items()
}


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    ambushed = draw(st.booleans())
    sizes = draw(st.lists(st.integers(1, 3), min_size=2, max_size=3))  # 2 or 3 sides
    combatants = []
    for s, size in enumerate(sizes):
        own = [1, 2, 3] if s == 0 else [4, 5, 6]
        lines = list(range(1, 7)) if ambushed else own
        combatants += [draw(fighters("abc"[s], i, lines)) for i in range(size)]
    options = {
        name: draw(st.sampled_from(values))
        for name, values in OPTION_VALUES.items()
        if draw(st.booleans())
    }
    data: dict[str, Any] = {"ruleset": "lines", "options": options, "combatants": combatants}
    if ambushed:
        data["map"] = {"layout": "ambushed"}
    opening = draw(st.sampled_from(["rolled", "fixed", "aimed", "defended", "ended"]))
    if opening != "rolled":
        order = [c["id"] for c in combatants]
        data["order"] = draw(st.permutations(order))
        first = data["order"][0]
        if opening == "aimed":  # the fork is mid-turn, its first fighter aiming
            data["actions"] = [{"actor": first, "do": "aim"}]
        elif opening == "defended":
            data["actions"] = [{"actor": first, "do": "defend"}, {"actor": first, "do": "end_turn"}]
        elif opening == "ended":
            data["actions"] = [{"actor": first, "do": "end_turn"}]
    return data


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=scenarios(), seed=st.integers(0, 10**6), max_rounds=st.sampled_from([2, 5, 30]))
def test_generated_lines_fights_are_the_engines(
    data: dict[str, Any], seed: int, max_rounds: int
) -> None:
    fast_and_engine(parse_scenario(data), seed, range(6), max_rounds)


# -- what the fast path does not model ----------------------------------------------------


def test_other_policies_are_left_to_the_engine() -> None:
    spec = example("lines-skirmish.yaml")
    for name in ("aggressive", "focus", "greedy"):
        job = make_job(spec, 1, {"raiders": name}, None)
        assert build_fork(job).fast is None
    assert build_fork(make_job(spec, 1, {"raiders": "tactics"}, None)).fast is not None


def _skirmish_with(actions: list[dict[str, Any]]) -> ScenarioSpec:
    data = example("lines-skirmish.yaml").model_dump(mode="json", exclude_unset=True)
    data["order"] = ["ada", "bram", "cato", "rook", "wren", "jax"]
    data["actions"] = actions
    return parse_scenario(data)


@pytest.mark.parametrize(
    "override",
    [
        {"add_condition": "blessed"},  # a GM's mark: no rule of lines reads it
        {"add_condition": "defending"},  # the rules' name, but not as the rules put it
    ],
)
def test_a_condition_the_rules_did_not_put_there_is_left_to_the_engine(
    override: dict[str, Any],
) -> None:
    spec = _skirmish_with([{"actor": "gm", "do": "override", "target": "rook", **override}])
    fork = build_fork(make_job(spec, 1, {}, None))
    assert fork.state is not None and fork.fast is None
    # and the simulator still plays those fights, through the engine
    assert len(play_range(make_job(spec, 1, {}, 5), 0, 3)) == 3


def test_a_state_the_rules_made_is_taken_up_mid_turn() -> None:
    spec = _skirmish_with([{"actor": "ada", "do": "move", "to": 4}, {"actor": "ada", "do": "aim"}])
    fast_and_engine(spec, 2, range(40), None)


def test_only_the_tactics_policy_is_accepted_by_the_hook_itself() -> None:
    spec = example("lines-skirmish.yaml")
    setup = RULESET.setup(spec)
    point = ForkPoint(setup, None, None)
    assert RULESET.fast_path(point, {"guards": "tactics", "raiders": "tactics"}) is not None
    assert RULESET.fast_path(point, {"guards": "tactics", "raiders": "focus"}) is None


def test_a_fork_a_fast_path_declines_has_none() -> None:
    """A fork a ruleset's fast path declines (nwo's, under an option it does not model)."""
    data = example("nwo-firefight.yaml").model_dump(mode="json", exclude_unset=True)
    data["options"] = {"halves": "up"}
    fork = build_fork(make_job(parse_scenario(data), 1, {}, None))
    assert fork.fast is None
