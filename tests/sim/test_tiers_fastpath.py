"""The `tiers` simulation fast path plays exactly the engine's fights, seed for seed.

tiers/fastpath.py restates the rules and the tactics of a lit fight over plain lists so
that `fracas sim` need not build events; that is only allowed because this file holds every
trial it reports equal to the one the engine's loop (`sim.trial.play`, the `tactics` policy)
reports with the same seed: winner, rounds, end, every combatant's HP, standing, damage
dealt and taken. The duel example and generated sheets, maps and options are both played,
fights cut by the round limit included, and whatever the fast path does not model must make
it decline (None), so the engine plays it.

Covered: `tiers-duel.yaml`. Left to the engine (the fast path declines, tested below):
`tiers-dark-room.yaml` (darkness), `tiers-torchlit-crypt.yaml` (low light, crossbows, a pair
in hand), `tiers-ambush.yaml` (stealth, a pair in hand), `tiers-drake-lair.yaml` (a large
body); any policy but `tactics`; a fork after a scripted part; an option value outside
`fastpath.MODELLED` other than its default.
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.core.dice import Dice, face_stream
from fracas.core.fastpath import ForkPoint
from fracas.rulesets.tiers import RULESET
from fracas.rulesets.tiers.fastpath import MODELLED
from fracas.rulesets.tiers.fastpath.compiled import Compiled
from fracas.rulesets.tiers.fastpath.fight import Fight
from fracas.rulesets.tiers.options import TiersOptions
from fracas.scenario import ScenarioSpec, parse_scenario
from fracas.sim.job import build_fork, fight_dice, make_job, play_range
from fracas.sim.policies import POLICIES
from fracas.sim.trial import Trial, opening, play, play_fast
from tests.sim.helpers import engine_trial, example, fast_and_engine

COVERED = ["tiers-duel.yaml"]
DECLINED = [
    "tiers-dark-room.yaml",
    "tiers-torchlit-crypt.yaml",
    "tiers-ambush.yaml",
    "tiers-drake-lair.yaml",
]


def _both(
    spec: ScenarioSpec,
    seed: int,
    trials: range,
    max_rounds: int | None,
    *,
    handed_back: bool = False,
) -> list[Trial]:
    """The engine and the fast path agree on every trial; with `handed_back`, a trial may be
    handed back (a bare-handed fighter whose natural weapon a crit lowered takes up a carried
    weapon, which is not restated)."""
    return fast_and_engine(spec, seed, trials, max_rounds, handed_back=handed_back)


@pytest.mark.parametrize("name", COVERED)
def test_every_covered_tiers_example_plays_the_engines_fights(name: str) -> None:
    played = _both(example(name), 11, range(300), None)
    assert {t.end for t in played} == {"won"}
    assert len({t.winner for t in played}) == 2  # both sides win some: many branches taken


@pytest.mark.parametrize("name", COVERED)
@pytest.mark.parametrize("max_rounds", [1, 2, 3])
def test_fights_cut_by_the_round_limit_are_the_engines_too(name: str, max_rounds: int) -> None:
    played = _both(example(name), 3, range(60), max_rounds)
    assert any(t.end == "round limit" for t in played)


@pytest.mark.parametrize(
    "options",
    [
        {"attacker_faces_target": True},  # B43: brienne meets counterattacks shield first
        {"tie": "reroll"},
        {"tie": "defender", "min_damage": 1},
        {"natural_crit_fail": "used_weapon", "crit_fail_ten_armor": "counts"},
        {"crits": False, "death": "below_negative_max"},
        {"cloaks_add_to_armor": False, "natural_armor_under_worn": "covered"},
        {"unarmed_counterattacks": False, "diagonal": "alternate"},
    ],
)
def test_the_duel_under_other_modelled_options_is_the_engines(options: dict[str, Any]) -> None:
    _both(_duel_with(options=options), 5, range(80), None)


def test_a_trial_that_meets_what_is_not_restated_is_handed_back_to_the_engine() -> None:
    """A crit wears c0's claws (natural weapon T1, bare hands) to T0, below the T1 blade it
    carries: tactics._rearm would swap it in, which the fast path does not restate, so
    trial 2 is handed back (None) and the simulator plays it through the engine."""
    bare = {"body": 1, "reflex": 0, "presence": 1}

    def fighter(cid: str, side: str, x: int, y: int, **more: Any) -> dict[str, Any]:
        race = {"move": more.pop("move", 0), "natural_weapon": more.pop("claws", 0)}
        at = {"x": x, "y": y, "facing": "n"}
        return {"id": cid, "side": side, "hp": 1, "position": at, "stats": bare, "race": race}

    c0 = fighter("c0", "c", 2, 0, move=1, claws=1)
    c0["weapons"] = [{"id": "w0", "kind": "melee", "tier": 1, "hands": 1, "reach": 1}]
    c0["wielding"] = []
    data = {
        "ruleset": "tiers",
        "map": {"width": 5, "height": 5},
        "combatants": [
            fighter("a0", "a", 0, 0),
            fighter("b0", "b", 0, 2),
            fighter("b1", "b", 0, 1, claws=1),
            c0,
            fighter("c1", "c", 1, 0),
        ],
    }
    job = make_job(parse_scenario(data), 0, {}, 2)
    fork = build_fork(job)
    assert fork.fast is not None
    assert play_fast(fork, 2, fight_dice(job.seed, 2), job.max_rounds) is None
    assert play_range(job, 0, 6) == [engine_trial(fork, job, i) for i in range(6)]


def test_the_simulator_uses_the_fast_path_and_reports_what_the_engine_would() -> None:
    job = make_job(example("tiers-duel.yaml"), 9, {}, None)
    fork = build_fork(job)
    assert fork.fast is not None
    assert play_range(job, 0, 40) == [engine_trial(fork, job, i) for i in range(40)]


class _Opening(random.Random):
    """Hands out `faces` first (initiative, as scripted), then what the seed gives."""

    def __init__(self, faces: list[int], seed: int) -> None:
        super().__init__(seed)
        self.faces = faces[:]

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0) if self.faces else super().randint(a, b)


@pytest.mark.parametrize(
    "faces",  # Reflex: brienne 3, pod 4, rorge 2, biter 3
    [
        [15, 5, 11, 2],  # 18, 9, 13, 5: no tie
        [12, 11, 13, 12, 5, 4, 9, 1, 7, 3],  # all at 15; then brienne and pod at 8; 10, 7
        # two pairs at 13 and 7, the top one first; each ties once more when re-rolled
        [10, 9, 5, 4, 2, 1, 20, 3, 8, 7, 1, 2],
        [17, 16, 18, 1, 3, 3, 4, 1, 2, 5, 1],  # three at 20; two of them at 6, then at 4
        [5, 20, 1, 5, *[7, 7] * 20],  # brienne and biter at 8, 20 times: listing order
    ],
)
def test_initiative_ties_are_rerolled_as_the_engine_does(faces: list[int]) -> None:
    """Seed 001: "the turn order will be determined by 1d20 + reflex bonus rolled by each
    combatant ... Any tie will be rerolled to determine turn order placement as a
    tie-breaker." Scripted initiative faces with ties among two, three and all four, nested
    ties, and ties past the engine's re-roll limit: the fast path's order, and the whole
    fight after it, are the engine's."""
    job = make_job(example("tiers-duel.yaml"), 4, {}, None)
    fork = build_fork(job)
    assert fork.fast is not None
    engine_state = opening(fork, Dice(_Opening(faces, 0)))
    fight = Fight(cast(Compiled, fork.fast), face_stream(Dice(_Opening(faces, 0)), 20))
    fight.start()
    assert [fork.ids[n] for n in fight.order] == list(engine_state.rounds.order)
    tactics = dict.fromkeys(fork.sides, POLICIES["tactics"])
    for seed in range(8):
        fast = play_fast(fork, seed, Dice(_Opening(faces, seed)), job.max_rounds)
        policy_dice = Dice.seeded(f"{job.seed}:{seed}:policy")
        dice = Dice(_Opening(faces, seed))
        assert fast == play(fork, seed, dice, policy_dice, tactics, job.max_rounds)


# -- generated sheets, maps and options -----------------------------------------------------


@st.composite
def weapons(draw: st.DrawFn, body: int, index: int) -> dict[str, Any]:
    kind = draw(st.sampled_from(["melee", "melee", "bow", "thrown"]))
    card: dict[str, Any] = {"id": f"w{index}", "kind": kind, "tier": draw(st.integers(0, body))}
    if kind == "melee":
        card["hands"] = draw(st.sampled_from([1, 2]))
        card["reach"] = draw(st.integers(1, 3))
    else:
        card["hands"] = 2 if kind == "bow" else 1
        card["range"] = draw(st.integers(1, 12))
    return card


@st.composite
def fighters(draw: st.DrawFn, side: str, index: int, tile: tuple[int, int]) -> dict[str, Any]:
    body = draw(st.integers(1, 7))
    skill = st.integers(0, 5)
    arms = draw(st.lists(st.integers(0, 3), max_size=3))
    cards = [draw(weapons(body, n)) for n in range(len(arms))]
    sheet: dict[str, Any] = {
        "id": f"{side}{index}",
        "side": side,
        "hp": draw(st.integers(1, 40)),
        "position": {
            "x": tile[0],
            "y": tile[1],
            "facing": draw(st.sampled_from(["n", "ne", "e", "se", "s", "sw", "w", "nw"])),
        },
        "stats": {"body": body, "reflex": draw(st.integers(0, 5)), "presence": 1},
        "skills": {
            name: draw(skill)
            for name in ("main_hand", "unarmed", "two_handed", "bow", "thrown", "off_hand")
        },
        "race": {
            "move": draw(st.integers(0, 6)),
            "range_bonus": draw(st.integers(0, 2)),
            "natural_weapon": draw(st.integers(0, 2)),
            "natural_reach": draw(st.integers(1, 2)),
            "natural_armor": draw(st.integers(0, 2)),
        },
        "weapons": cards,
    }
    if cards and draw(st.booleans()):
        sheet["wielding"] = []  # bare hands, weapons carried
    if draw(st.booleans()):
        sheet["armor"] = {"id": "coat", "tier": draw(st.integers(0, body))}
    if draw(st.booleans()):
        sheet["cloaks"] = [{"id": "cloak", "tier": 1}]
        if sheet.get("armor", {"tier": 0})["tier"] + 1 > body:
            del sheet["cloaks"]
    one_handed = not cards or "wielding" in sheet or cards[0]["hands"] == 1
    if draw(st.booleans()):
        sheet["shield"] = {
            "id": "buckler",
            "tier": draw(st.integers(0, body)),
            "equipped": one_handed and draw(st.booleans()),
        }
    return sheet


OPTION_VALUES: dict[str, list[Any]] = {
    name: (
        [True, False]
        if field.annotation is bool
        else [0, 1]
        if name == "min_damage"
        else list(field.annotation.__args__)  # a Literal's values
    )
    for name, field in TiersOptions.model_fields.items()
    if name in MODELLED
}


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    width, height = draw(st.integers(5, 10)), draw(st.integers(4, 8))
    tiles = [(x, y) for x in range(width) for y in range(height)]
    walls = draw(st.lists(st.sampled_from(tiles), max_size=6, unique=True))
    free = [t for t in tiles if t not in walls]
    sizes = draw(st.lists(st.integers(1, 3), min_size=2, max_size=3))  # 2 or 3 sides
    places = draw(st.permutations(free))
    combatants: list[dict[str, Any]] = []
    for s, size in enumerate(sizes):
        for i in range(size):
            combatants.append(draw(fighters("abc"[s], i, places[len(combatants)])))
    options = {
        name: draw(st.sampled_from(values))
        for name, values in OPTION_VALUES.items()
        if draw(st.booleans())
    }
    data: dict[str, Any] = {
        "ruleset": "tiers",
        "options": options,
        "map": {"width": width, "height": height, "walls": walls[:3], "terrain": walls[3:]},
        "combatants": combatants,
    }
    if draw(st.booleans()):
        data["order"] = draw(st.permutations([c["id"] for c in combatants]))
    return data


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=scenarios(), seed=st.integers(0, 10**6), max_rounds=st.sampled_from([2, 5, 30]))
def test_generated_tiers_fights_are_the_engines(
    data: dict[str, Any], seed: int, max_rounds: int
) -> None:
    spec = parse_scenario(data)
    job = make_job(spec, seed, {}, max_rounds)
    if build_fork(job).fast is None:
        # the one sheet it declines here: bare hands with a better weapon to take up
        assert any(
            c.get("wielding") == []
            and any(w["tier"] > c["race"]["natural_weapon"] for w in c["weapons"])
            for c in data["combatants"]
        )
        return
    _both(spec, seed, range(6), max_rounds, handed_back=True)


# -- what the fast path does not model ----------------------------------------------------


@pytest.mark.parametrize("name", DECLINED)
def test_the_other_examples_are_left_to_the_engine(name: str) -> None:
    job = make_job(example(name), 1, {}, 3)
    assert build_fork(job).fast is None
    assert len(play_range(job, 0, 2)) == 2  # and the simulator still plays them


def test_other_policies_are_left_to_the_engine() -> None:
    spec = example("tiers-duel.yaml")
    for name in ("aggressive", "focus", "greedy"):
        job = make_job(spec, 1, {"brigands": name}, None)
        assert build_fork(job).fast is None
    assert build_fork(make_job(spec, 1, {"brigands": "tactics"}, None)).fast is not None


def _duel_with(**changes: Any) -> ScenarioSpec:
    data = example("tiers-duel.yaml").model_dump(mode="json", exclude_unset=True)
    data.update(changes)
    return parse_scenario(data)


@pytest.mark.parametrize(
    "changes",
    [
        {"options": {"arc": "octant"}},  # an option it does not restate
        {"options": {"opening_attack": "rorge"}},
        {"map": {"width": 10, "height": 8, "light": {"level": 4}}},  # low light
        {"map": {"width": 10, "height": 8, "lights": [{"x": 0, "y": 0, "kind": "torch"}]}},
        {
            "order": ["brienne", "pod", "rorge", "biter"],
            "actions": [{"actor": "brienne", "do": "end_turn"}],
        },
    ],
)
def test_what_it_does_not_restate_is_left_to_the_engine(changes: dict[str, Any]) -> None:
    spec = _duel_with(**changes)
    job = make_job(spec, 1, {}, 3)
    assert build_fork(job).fast is None
    assert len(play_range(job, 0, 2)) == 2


def test_only_the_tactics_policy_is_accepted_by_the_hook_itself() -> None:
    spec = example("tiers-duel.yaml")
    point = ForkPoint(RULESET.setup(spec), None, None)
    assert RULESET.fast_path(point, {"knights": "tactics", "brigands": "tactics"}) is not None
    assert RULESET.fast_path(point, {"knights": "tactics", "brigands": "focus"}) is None
