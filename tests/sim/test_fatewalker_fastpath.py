"""The `fatewalker` simulation fast path plays exactly the engine's fights, seed for seed.

fatewalker/fastpath/ restates armed melee on the tick timeline (initiative, simultaneous
groups, strikes, parries and dodges, energy shields, the wound chart, Tough's Will,
bleeding, fading and recharging) over plain lists, so that `fracas sim` need not build
events. That is only allowed because this file holds every trial it reports equal to the
one the engine's loop (`sim.trial.play`, the `tactics` policy) reports with the same seed:
winner, rounds, ticks, end, every combatant's HP, standing, damage dealt and taken.

What it covers: examples/fatewalker-duel.yaml, with and without a scripted part (one leaving
a declaration waiting too), and generated melee fights (two or three sides, ties of
Awareness, every option it reads, a scripted first blow). What falls back to the engine, and
is checked to: the crossfire (guns, a map), the brawl (unarmed grapplers), the grenades
(explosives and theme powers) and the shieldwall (hand shields, thrown weapons); the
policies aggressive, focus and greedy; a hold in the scripted part; any power, weapon field
or unread option; and, mid-fight, a fighter with no weapon that reaches a foe (the tactics
would move or strike bare-handed).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.core.dice import Dice, ScriptedRng
from fracas.core.fastpath import ForkPoint
from fracas.rulesets.fatewalker import RULESET
from fracas.scenario import ScenarioSpec, parse_scenario
from fracas.sim.job import build_fork, fight_dice, make_job, play_range
from fracas.sim.policies import POLICIES
from fracas.sim.trial import play, play_fast
from tests.sim.helpers import engine_trial, example, fast_and_engine

DUEL = "fatewalker-duel.yaml"


def test_the_duel_plays_the_engines_fights() -> None:
    played = fast_and_engine(example(DUEL), 11, range(300), None)
    assert {t.end for t in played} == {"won"}  # Lady Ilaria wins every one of these
    assert any(t.taken[0] > 0 for t in played)  # but the guards' blows get through at times
    assert len({t.rounds for t in played}) > 5  # fights short and long: many branches taken
    assert all(t.ticks is not None and t.rounds == (t.ticks + 5) // 6 for t in played)


@pytest.mark.parametrize("max_rounds", [1, 2, 3, 5])
def test_duels_cut_by_the_round_limit_are_the_engines_too(max_rounds: int) -> None:
    """The limit counts the clock's 6-tick spans (`TickClock.round`), as the engine's loop."""
    played = fast_and_engine(example(DUEL), 3, range(60), max_rounds)
    assert any(t.end == "round limit" for t in played)


def test_the_simulator_uses_the_fast_path_and_reports_what_the_engine_would() -> None:
    job = make_job(example(DUEL), 9, {}, None)
    fork = build_fork(job)
    assert fork.fast is not None
    assert play_range(job, 0, 40) == [engine_trial(fork, job, i) for i in range(40)]


def test_each_of_a_simultaneous_group_is_credited_with_its_own_blow() -> None:
    """L1431: equals "must resolve their actions simultaneously": ada and bo declare at tick
    1 and resolve together in one action (bo's declaration), yet the "dealt" column credits
    each with the HP its own blow took (`Wounded.dealt_by`), not bo with both. ada: 2
    successes, 2x5, dice 1 and 9: 5; bo: 2 successes, 2x5, dice 1 and 1: 10. The axes' 8
    ticks put the next go at tick 9, past the one 6-tick span played. The fast path agrees."""
    axe = {"id": "axe", "damage": "2x3", "speed": 8, "reach": 2}
    fighter = {"attributes": {"prowess": 3, "awareness": 3, "resilience": 3}, "start_tick": 1}
    data = {
        "ruleset": "fatewalker",
        "combatants": [
            {"id": "ada", "side": "a", "position": {"x": 0, "y": 0}, "weapons": [axe], **fighter},
            {"id": "bo", "side": "a", "position": {"x": 0, "y": 1}, "weapons": [axe], **fighter},
            {"id": "cy", "side": "b", "position": {"x": 1, "y": 0}, "weapons": [axe]},
        ],
    }
    for combatant in data["combatants"]:
        combatant["skills"] = {"weaponry": 5, "agility": 2}
    data["combatants"][2].update(start_tick=20, skills={"weaponry": 0})  # no parry, no dodge
    fork = build_fork(make_job(parse_scenario(data), 0, {}, 1))
    faces = [1, 1, 9, 1, 9, 1, 1, 9, 1, 1]
    tactics = dict.fromkeys(fork.sides, POLICIES["tactics"])
    engine = play(fork, 0, Dice(ScriptedRng(faces)), Dice.seeded(0), tactics, 1)
    assert (engine.dealt, engine.taken, engine.ticks) == ((5, 10, 0), (0, 0, 15), 9)
    assert play_fast(fork, 0, Dice(ScriptedRng(faces)), 1) == engine


# -- generated melee fights -----------------------------------------------------------------

DAMAGE = ["2x5/3x3", "2x3/4x1", "2x3/3x1", "3x3", "1x5/2x3", "4x1/1x3", "6x1 @4", "2x7/1x5 @6"]


@st.composite
def weapons(draw: st.DrawFn, n: int) -> dict[str, Any]:
    return {
        "id": f"w{n}",
        "damage": draw(st.sampled_from(DAMAGE)),
        "type": draw(st.sampled_from(["physical", "slug", "energy"])),
        "size": draw(st.sampled_from(["XS", "S", "M", "L", "XL"])),
        "speed": draw(st.integers(1, 9)),
        "reach": draw(st.sampled_from([1.5, 2.0, 3.0])),  # everyone stands within 1.5 m
        "stun": draw(st.booleans()),
    }


@st.composite
def fighters(draw: st.DrawFn, side: str, index: int) -> dict[str, Any]:
    small = st.integers(0, 7)
    sheet: dict[str, Any] = {
        "id": f"{side}{index}",
        "side": side,
        "position": {"x": draw(st.sampled_from([0, 0.5, 1])), "y": draw(st.sampled_from([0, 1]))},
        "attributes": {
            "prowess": draw(st.integers(1, 8)),
            "awareness": draw(st.integers(2, 3)),  # ties: simultaneous groups
            "will": draw(st.integers(0, 5)),
            "resilience": draw(st.integers(1, 6)),
        },
        "skills": {
            "weaponry": draw(small),
            "agility": draw(small),
            "observe": draw(st.integers(0, 3)),
            "resilience": draw(small),
        },
        "weapons": [draw(weapons(n)) for n in range(draw(st.integers(1, 2)))],
        "wounds": {
            "temporary": draw(st.integers(0, 6)),
            "columns": draw(st.integers(1, 4)),
            "column_height": draw(st.integers(1, 3)),
            "mortal": draw(st.integers(1, 4)),
        },
        "spend_will": draw(st.sampled_from(["never", "mortal", "wounds"])),
    }
    armor = draw(st.sampled_from(["none", "table", "own"]))
    if armor == "table":
        sheet["armor"] = draw(st.sampled_from(["leather", "chain", "synthsilk"]))
    elif armor == "own":
        sheet["armor"] = {
            "id": "own",
            "absorb": draw(st.integers(0, 2)),
            "deflection": {"physical": draw(st.integers(0, 3)), "slug": 1, "energy": 0},
            "under_shield": True,
        }
    if armor != "table" and draw(st.booleans()):
        sheet["energy_shield"] = {
            "id": "field",
            "min_activation": draw(st.integers(0, 6)),
            "max_absorb": draw(st.integers(0, 12)),
            "recharge": draw(st.integers(0, 3)),
            "reserve": draw(st.integers(0, 8)),
        }
    if draw(st.booleans()):
        sheet["start_tick"] = draw(st.integers(1, 6))
    return sheet


OPTIONS: dict[str, list[Any]] = {
    "faces": ["zero_to_nine", "one_to_ten"],
    "success": ["below", "at_or_below"],
    "tn_cap": [7, 8],
    "promotions": ["net", "net_minus_two"],
    "dodge_tie": ["defender", "attacker"],
    "parry": ["damage", "successes"],
    "cancel": ["after_absorb", "before_absorb"],
    "margin": ["short_of_two", "failed_dice"],
    "shield_cap": ["half_energy", "energy"],
    "consciousness": [2, 1],
    "temporary_fade": [0, 9, 600],
    "start_range": ["by_arms", "long"],
}


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    sizes = draw(st.lists(st.integers(1, 2), min_size=2, max_size=3))  # 2 or 3 sides
    combatants = [draw(fighters("abc"[s], i)) for s, size in enumerate(sizes) for i in range(size)]
    options = {
        name: draw(st.sampled_from(vs)) for name, vs in OPTIONS.items() if draw(st.booleans())
    }
    if draw(st.booleans()):
        options["surprise"] = {"a": draw(st.integers(1, 6))}
    data = {"ruleset": "fatewalker", "options": options, "combatants": combatants}
    if draw(st.booleans()):
        data["actions"] = _opening_blow(combatants)
    return data


def _opening_blow(combatants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A scripted first blow: everyone starts at tick 1, so the first of the highest
    Awareness strikes its first foe, at once or, in a group of equals, as a declaration the
    trials must resolve (the fork then waits on the rest of the group)."""
    for c in combatants:
        c["start_tick"] = 1
    first = max(combatants, key=lambda c: c["attributes"]["awareness"])  # the first of them
    foe = next(c for c in combatants if c["side"] != first["side"])
    weapon = first["weapons"][0]["id"]
    return [{"actor": first["id"], "do": "strike", "target": foe["id"], "weapon": weapon}]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=scenarios(), seed=st.integers(0, 10**6), max_rounds=st.sampled_from([2, 6, 40]))
def test_generated_melee_fights_are_the_engines(
    data: dict[str, Any], seed: int, max_rounds: int
) -> None:
    fast_and_engine(parse_scenario(data), seed, range(6), max_rounds)


# -- what the fast path does not model ----------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "fatewalker-crossfire.yaml",
        "fatewalker-brawl.yaml",
        "fatewalker-shieldwall.yaml",
        "fatewalker-grenades.yaml",  # explosives, covering fire and theme powers (fw-finish)
    ],
)
def test_the_other_examples_are_left_to_the_engine(name: str) -> None:
    job = make_job(example(name), 1, {}, 3)
    assert build_fork(job).fast is None
    assert len(play_range(job, 0, 2)) == 2  # and the simulator still plays them


def test_other_policies_are_left_to_the_engine() -> None:
    spec = example(DUEL)
    for name in ("aggressive", "focus", "greedy"):
        assert build_fork(make_job(spec, 1, {"guard": name}, None)).fast is None
    assert build_fork(make_job(spec, 1, {"guard": "tactics"}, None)).fast is not None


def _duel_with(change: dict[str, Any], who: int = 0, **top: Any) -> ScenarioSpec:
    data = example(DUEL).model_dump(mode="json", exclude_unset=True)
    data["combatants"][who].update(change)
    data.update(top)
    return parse_scenario(data)


@pytest.mark.parametrize(
    ("change", "top"),
    [
        ({"powers": ["painless"]}, {}),  # powers act on every roll: not restated
        ({"shield": {"id": "buckler", "size": "S"}}, {}),  # a hand-held shield
        ({"aid": {"serum": 1}}, {}),  # first aid for a bleeding friend
        ({"aware_at": 20}, {}),  # a late comer
        ({}, {"options": {"offhand_penalty": 3}}),  # an option this module does not read
        ({}, {"map": {"light": "low_light"}}),
        ({}, {"actions": [{"actor": "ilaria", "do": "hold"}]}),  # a hold in the scripted part
    ],
)
def test_what_the_fast_path_does_not_restate_is_left_to_the_engine(
    change: dict[str, Any], top: dict[str, Any]
) -> None:
    job = make_job(_duel_with(change, **top), 1, {}, 3)
    assert build_fork(job).fast is None
    assert len(play_range(job, 0, 2)) == 2


@pytest.mark.parametrize(
    "actions",
    [
        [{"actor": "ilaria", "do": "strike", "target": "brann", "weapon": "rapier"}],
        [  # Brann declares; Tova, his equal in Awareness, has yet to: the fork waits on her
            {"actor": "ilaria", "do": "strike", "target": "tova", "weapon": "rapier"},
            {"actor": "brann", "do": "strike", "target": "ilaria", "weapon": "halberd"},
        ],
    ],
)
def test_a_fork_after_a_scripted_part_is_taken_up(actions: list[dict[str, Any]]) -> None:
    data = example(DUEL).model_dump(mode="json", exclude_unset=True)
    for person, tick in zip(data["combatants"], (1, 2, 2), strict=True):
        person["start_tick"] = tick
    spec = parse_scenario({**data, "actions": actions})
    played = fast_and_engine(spec, 6, range(60), None)
    assert all(t.ticks is not None and t.ticks >= 1 for t in played)


def test_a_weapon_field_it_does_not_restate_is_left_to_the_engine() -> None:
    gun = {"id": "pistol", "damage": "2x3/2x1", "ranges": [10, 25, 50], "magazine": 8}
    rapier = example(DUEL).model_dump(mode="json", exclude_unset=True)["combatants"][0]["weapons"]
    job = make_job(_duel_with({"weapons": [*rapier, gun]}), 1, {}, 3)
    assert build_fork(job).fast is None


def test_a_fighter_out_of_reach_hands_the_fight_back_mid_way() -> None:
    """Tova two metres further off: the tactics would walk or run to her, which the fast
    path does not restate, so it declines each trial and the engine plays it."""
    spec = _duel_with({"position": {"x": 0, "y": 6}}, who=2)
    job = make_job(spec, 4, {}, 20)
    fork = build_fork(job)
    assert fork.fast is not None
    assert all(play_fast(fork, i, fight_dice(job.seed, i), 20) is None for i in range(5))
    assert play_range(job, 0, 5) == [engine_trial(fork, job, i) for i in range(5)]


def test_only_the_tactics_policy_is_accepted_by_the_hook_itself() -> None:
    setup = RULESET.setup(example(DUEL))
    point = ForkPoint(setup, None, None)
    assert RULESET.fast_path(point, {"house": "tactics", "guard": "tactics"}) is not None
    assert RULESET.fast_path(point, {"house": "tactics", "guard": "focus"}) is None
