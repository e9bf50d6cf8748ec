"""The `pools` simulation fast path plays exactly the engine's fights, seed for seed.

pools/fastpath.py restates the rules and the tactics over plain lists so that `fracas sim`
need not build events; that is only allowed because this file holds every trial it reports
equal to the one the engine's loop (`sim.trial.play`, the `tactics` policy) reports with the
same seed: winner, rounds, end, every combatant's HP, standing, damage dealt and taken.

Covered: the brawl (grapples, human shields, disarms, pins, free attacks, friendly fire) and
the squad assault (a flyer shot down falls, drags, devours, ammunition, thrown objects), and
generated sheets, maps and options. Left to the engine, because the fast path declines them:
the ambush example (hidden raiders and traps), the cavalry example (mounts), any policy but
`tactics`, darkness, fog or `weak_cover_hides` (someone could be unseen), and any condition
the rules did not put there.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.core.fastpath import ForkPoint
from fracas.rulesets.pools import RULESET
from fracas.rulesets.pools.options import PoolsOptions
from fracas.scenario import ScenarioSpec, parse_scenario
from fracas.sim.job import Job, build_fork, fight_dice, make_job, play_range, trial_dice
from fracas.sim.policies import POLICIES
from fracas.sim.trial import Fork, Trial, play, play_fast
from tests.sim.helpers import example

COVERED = ["pools-brawl.yaml", "pools-squad-assault.yaml"]
DECLINED = ["pools-ambush.yaml", "pools-cavalry.yaml"]


def _engine(fork: Fork, job: Job, index: int) -> Trial:
    tactics = dict.fromkeys(fork.sides, POLICIES["tactics"])
    dice, policy_dice = trial_dice(job.seed, index)
    return play(fork, index, dice, policy_dice, tactics, job.max_rounds)


def _both(
    spec: ScenarioSpec, seed: int, trials: range, max_rounds: int | None
) -> tuple[list[Trial], int]:
    """Play `trials` through the engine and the fast path; every trial the fast path plays
    must be the engine's. Returns the engine's trials and how many the fast path handed
    back (the simulator plays those through the engine)."""
    job = make_job(spec, seed, {}, max_rounds)
    fork = build_fork(job)
    assert fork.fast is not None, "the fast path declined a fork it models"
    played, handed_back = [], 0
    for index in trials:
        fast = play_fast(fork, index, fight_dice(job.seed, index), job.max_rounds)
        engine = _engine(fork, job, index)
        if fast is None:
            handed_back += 1
        else:
            assert fast == engine, f"trial {index}"
        played.append(engine)
    return played, handed_back


@pytest.mark.parametrize("name", COVERED)
def test_the_covered_examples_play_the_engines_fights(name: str) -> None:
    played, handed_back = _both(example(name), 11, range(150), None)
    assert handed_back == 0
    assert {t.end for t in played} == {"won"}
    assert len({t.winner for t in played}) == 2  # both sides win some: many branches taken


@pytest.mark.parametrize("name", COVERED)
@pytest.mark.parametrize("max_rounds", [1, 3])
def test_fights_cut_by_the_round_limit_are_the_engines_too(name: str, max_rounds: int) -> None:
    played, handed_back = _both(example(name), 3, range(40), max_rounds)
    assert handed_back == 0
    assert any(t.end == "round limit" for t in played)


WEAK_COVER = {"cover": [{"distance": d, "rating": "weak"} for d in (0, 1, 3)]}
"""The brawl with tall grass (2d6) for cover, where the bouncer starts too."""


@pytest.mark.parametrize(
    "changes",
    [
        {"options": {"body_cover": "added", "ff_spread": "first_ally", "ff_zero_hits_ally": True}},
        {"options": {"tie": "reroll", "grapple_bonus": "signed", "free_attack": "per_round"}},
        {"options": {"death": "never", "devoured": "dead", "range_measure": "sum"}},
        {"map": WEAK_COVER, "options": {"success_on": 4}},
    ],
)
def test_the_brawl_under_other_readings_is_the_engines(changes: dict[str, Any]) -> None:
    """The brawl holds a human shield up against the pistolero, so it reaches the body as
    cover, friendly fire on the shield and the holds' contests under each reading."""
    played, handed_back = _both(_brawl_with(**changes), 5, range(80), None)
    assert handed_back == 0
    assert len({t.winner for t in played}) == 2


def test_the_simulator_uses_the_fast_path_and_reports_what_the_engine_would() -> None:
    job = make_job(example("pools-brawl.yaml"), 9, {}, None)
    fork = build_fork(job)
    assert fork.fast is not None
    assert play_range(job, 0, 30) == [_engine(fork, job, i) for i in range(30)]


# -- generated sheets, maps and options ----------------------------------------------------

PIERCINGS = ["none", "light", "medium", "heavy"]


@st.composite
def weapons(draw: st.DrawFn, index: int) -> dict[str, Any] | str:
    kind = draw(st.sampled_from(["melee", "ranged", "ranged", "thrown", "built-in"]))
    if kind == "built-in":
        return draw(st.sampled_from(["makeshift", "makeshift_2h", "thrown_object", "unarmed"]))
    card: dict[str, Any] = {
        "id": f"w{index}",
        "kind": kind,
        "damage": draw(st.integers(0, 5)),
        "hands": draw(st.sampled_from([1, 2])),
        "piercing": draw(st.sampled_from(PIERCINGS)),
        "bypasses_shield": draw(st.booleans()),
    }
    if kind != "melee":
        card["rate_of_fire"] = draw(st.integers(1, 6))
        if draw(st.booleans()):
            card["ammo"] = draw(
                st.lists(
                    st.sampled_from(
                        ["ball", {"id": "ap", "piercing": "medium"}, {"id": "hp", "damage": 4}]
                    ),
                    min_size=1,
                    max_size=3,
                )
            )
    return card


@st.composite
def soldiers(draw: st.DrawFn, side: str, index: int, places: list[int]) -> dict[str, Any]:
    flyer = draw(st.integers(0, 4)) == 0
    arms = draw(st.lists(st.integers(0, 9), max_size=3, unique=True))
    carried = [draw(weapons(n)) for n in arms]
    names = [w if isinstance(w, str) else w["id"] for w in carried]
    sheet: dict[str, Any] = {
        "id": f"{side}{index}",
        "side": side,
        "hp": draw(st.integers(1, 16)),
        "position": {
            "distance": draw(st.sampled_from(places)),
            "altitude": draw(st.integers(0, 2)) if flyer else 0,
        },
        "stats": {
            "strength": draw(st.integers(0, 6)),
            "dexterity": draw(st.integers(0, 3)),  # ties, so initiative rolls off too
            "intelligence": draw(st.integers(0, 3)),
        },
        "armor": draw(
            st.sampled_from(
                ["none", "light", "medium", "heavy", {"category": "personal", "reduction": 1}]
            )
        ),
        "weapons": [w for n, w in enumerate(carried) if w not in names[:n]],  # ids unique
        "hands": draw(st.sampled_from([2, 2, 1, 0])),
        "speed": draw(st.integers(0, 3)),
    }
    if flyer:
        sheet["perks"] = ["flight"]
    if draw(st.booleans()):
        sheet["limbs"] = [{"id": "tail", "manipulates": draw(st.booleans())}]
    return sheet


OPTION_VALUES: dict[str, list[Any]] = {
    "success_on": [4, 5, 6],
    "tie": ["defender", "attacker", "reroll"],
    "extra_shot_dice": ["per_target", "total"],
    "ff_zero_hits_ally": [True, False],
    "ff_spread": ["per_ally", "first_ally"],
    "range_measure": ["larger", "sum"],
    "free_attack": ["per_leave", "per_round"],
    "death": ["below_zero", "negative_max", "never"],
    "grapple_bonus": ["positive", "signed"],
    "devoured": ["unconscious", "dead"],
    "body_cover": ["larger", "added"],
    "fall_speed_mode": ["falling", "creature"],
}
"""Every switch the rules the fast path restates read (the others are about stealth, traps,
triggers and mounts, which it declines, or `weak_cover_hides`, which it declines too)."""


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    sizes = draw(st.lists(st.integers(1, 3), min_size=2, max_size=3))  # 2 or 3 sides
    far = draw(st.sampled_from([1, 3, 12]))  # 12: range penalties
    combatants = []
    for s, size in enumerate(sizes):
        places = [0, 1] if s == 0 else [far - 1, far] if s == 1 else [0, far]
        combatants += [draw(soldiers("abc"[s], i, places)) for i in range(size)]
    cover = [
        {"distance": d, "rating": draw(st.sampled_from(["weak", "middling", "strong"]))}
        for d in sorted(set(draw(st.lists(st.integers(0, far), max_size=4))))
    ]
    options = {
        name: draw(st.sampled_from(values))
        for name, values in OPTION_VALUES.items()
        if draw(st.booleans())
    }
    data: dict[str, Any] = {
        "ruleset": "pools",
        "options": options,
        "map": {"cover": cover},
        "combatants": combatants,
    }
    opening = draw(st.sampled_from(["rolled", "fixed", "ended"]))
    if opening != "rolled":
        data["order"] = draw(st.permutations([c["id"] for c in combatants]))
        if opening == "ended":  # the fork is a state: the first turn already ended
            data["actions"] = [{"actor": data["order"][0], "do": "end_turn"}]
    return data


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=scenarios(), seed=st.integers(0, 10**6), max_rounds=st.sampled_from([2, 6, 30]))
def test_generated_pools_fights_are_the_engines(
    data: dict[str, Any], seed: int, max_rounds: int
) -> None:
    _both(parse_scenario(data), seed, range(5), max_rounds)


def test_the_generated_options_are_every_switch_the_fast_path_reads() -> None:
    declined = {"weak_cover_hides"}
    unread = {  # stealth, traps, triggers, mounts, an unseen target: all declined forks
        "blind_success_on",
        "stealth_needs_concealment",
        "ambush_check",
        "incapacitating_trap",
        "mounted_prey",
        "close_enemy_blocks",
        "trap_search",
        "blind_grapple",
        "trigger_timing",
        "mount_load",
        "heavy_weight",
        "flight_step",
    }
    assert set(PoolsOptions.model_fields) == set(OPTION_VALUES) | declined | unread


# -- what the fast path does not model ----------------------------------------------------


@pytest.mark.parametrize("name", DECLINED)
def test_stealth_traps_and_mounts_are_left_to_the_engine(name: str) -> None:
    job = make_job(example(name), 1, {}, 3)
    assert build_fork(job).fast is None
    assert len(play_range(job, 0, 2)) == 2  # and the simulator still plays them


def test_other_policies_are_left_to_the_engine() -> None:
    spec = example("pools-brawl.yaml")
    for name in ("aggressive", "focus", "greedy"):
        assert build_fork(make_job(spec, 1, {"gang": name}, None)).fast is None
    assert build_fork(make_job(spec, 1, {"gang": "tactics"}, None)).fast is not None


def _brawl_with(**changes: Any) -> ScenarioSpec:
    data = example("pools-brawl.yaml").model_dump(mode="json", exclude_unset=True)
    data.update(changes)
    return parse_scenario(data)


@pytest.mark.parametrize(
    "changes",
    [
        {"options": {"weak_cover_hides": True}},
        {"map": {"light": "dark"}},
        {"map": {"obscured": [3]}},
    ],
)
def test_a_field_where_someone_could_be_unseen_is_left_to_the_engine(
    changes: dict[str, Any],
) -> None:
    assert build_fork(make_job(_brawl_with(**changes), 1, {}, None)).fast is None


def test_a_condition_the_rules_did_not_put_there_is_left_to_the_engine() -> None:
    data = example("pools-brawl.yaml").model_dump(mode="json", exclude_unset=True)
    data["order"] = ["barkeep", "pistolero", "bouncer", "enforcer"]
    data["actions"] = [
        {"actor": "gm", "do": "override", "target": "enforcer", "add_condition": "blessed"}
    ]
    spec = parse_scenario(data)
    fork = build_fork(make_job(spec, 1, {}, None))
    assert fork.state is not None and fork.fast is None
    assert len(play_range(make_job(spec, 1, {}, 3), 0, 2)) == 2


def test_a_hold_the_rules_made_is_taken_up_from_the_fork() -> None:
    """The bouncer grapples the enforcer in the file's scripted part (faces chosen so the
    grapple wins): the fast path reads the hold off the fork's state."""
    data = example("pools-brawl.yaml").model_dump(mode="json", exclude_unset=True)
    data["order"] = ["bouncer", "barkeep", "enforcer", "pistolero"]
    data["dice"] = [6, 6, 6, 6, 6, 6, 6, 1, 1, 1]  # bouncer 7 dice (5 + 2), enforcer 3
    data["actions"] = [
        {"actor": "bouncer", "do": "grapple", "target": "enforcer"},
        {"actor": "bouncer", "do": "end_turn"},
    ]
    spec = parse_scenario(data)
    job = make_job(spec, 2, {}, None)
    fork = build_fork(job)
    assert fork.state is not None
    assert fork.state.get("enforcer").has("grappled")
    _both(spec, 2, range(60), None)


@pytest.mark.parametrize("cover", [[], [{"distance": 1, "rating": "weak"}]])
def test_a_flyer_with_nothing_to_hit_from_the_air_flies_down(cover: list[Any]) -> None:
    """tactics: "a flyer ... comes down a step only when none of its weapons can hurt
    anyone": Kestrel with talons alone descends a step a turn, into the cover it lands in
    (flight.py: "Going down to 0 is a safe landing, into the cover there as a mover would")."""
    data = example("pools-squad-assault.yaml").model_dump(mode="json", exclude_unset=True)
    kestrel = next(c for c in data["combatants"] if c["id"] == "kestrel")
    kestrel["weapons"] = [{"id": "talons", "kind": "melee", "damage": 2}]
    data["map"]["cover"] = [c for c in data["map"]["cover"] if c["distance"] != 1] + cover
    spec = parse_scenario(data)
    played, handed_back = _both(spec, 1, range(40), 3)
    assert handed_back == 0
    assert len(played) == 40


def test_only_the_tactics_policy_is_accepted_by_the_hook_itself() -> None:
    setup = RULESET.setup(example("pools-brawl.yaml"))
    point = ForkPoint(setup, None, None)
    assert RULESET.fast_path(point, {"bar": "tactics", "gang": "tactics"}) is not None
    assert RULESET.fast_path(point, {"bar": "tactics", "gang": "focus"}) is None
