"""The `nwo` simulation fast path plays exactly the engine's fights, seed for seed.

nwo/fastpath.py restates the fight (the tactics' choices, their tile searches over the
same cached geometry, walks and dashes with attacks of opportunity and sentinels, draws
and swaps, the attack with its panel rolls, characters in the way, cover, armor, the
modelled crit effects, the turn flow) so that `fracas sim` need not build events. That
is only allowed because this file holds every trial it finishes equal to the one the
engine's loop (`sim.trial.play`, the `tactics` policy) reports with the same seed: winner,
rounds, end, every combatant's HP, standing, damage dealt and taken. A trial it hands back
(something it does not restate, such as a fight that stalls) is played by the engine, and
the simulator's own answer is checked against the engine's for those too.

Which examples it covers: `nwo-ambush-at-the-pump.yaml` (close quarters: every trial is
played by the fast path) and `nwo-firefight.yaml` (its sides walk to each other: nearly
every trial is the fast path's). Reloads, braces, stuns, splashes, grapples and restraints,
crowds and generated fights, close-quarters ones and ones that start apart, have tests of
their own here.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.core.fastpath import ForkPoint
from fracas.rulesets.nwo import RULESET, fastpath_tactics
from fracas.rulesets.nwo.fastpath import GIVE_UP_AFTER, _FastPath
from fracas.rulesets.nwo.fastpath_fight import Fight, decision_number
from fracas.rulesets.nwo.fastpath_fork import MOVED_SPAN
from fracas.rulesets.nwo.rules import holds
from fracas.scenario import ScenarioSpec, parse_scenario
from fracas.sim.job import Job, build_fork, fight_dice, make_job, play_range, trial_dice
from fracas.sim.policies import POLICIES
from fracas.sim.trial import Fork, Trial, play, play_fast
from tests.sim.helpers import example

PUMP = "nwo-ambush-at-the-pump.yaml"
FIREFIGHT = "nwo-firefight.yaml"


def _engine(fork: Fork, job: Job, index: int) -> Trial:
    tactics = dict.fromkeys(fork.sides, POLICIES["tactics"])
    dice, policy_dice = trial_dice(job.seed, index)
    return play(fork, index, dice, policy_dice, tactics, job.max_rounds)


def _both(
    spec: ScenarioSpec,
    seed: int,
    trials: range,
    max_rounds: int | None,
    handed_back: list[int] | None = None,
) -> int:
    """Play `trials` through the engine and the fast path; every trial the fast path
    finishes must be the engine's. Returns how many it finished (and adds the others to
    `handed_back`, if given)."""
    job = make_job(spec, seed, {}, max_rounds)
    fork = build_fork(job)
    assert fork.fast is not None, "the fast path declined a fork it models"
    finished = 0
    for index in trials:
        fast = play_fast(fork, index, fight_dice(job.seed, index), job.max_rounds)
        if fast is None:
            if handed_back is not None:
                handed_back.append(index)
            continue
        assert fast == _engine(fork, job, index), f"trial {index}"
        finished += 1
    return finished


def _restraints(monkeypatch: pytest.MonkeyPatch) -> tuple[list[int], list[int]]:
    """Restraints per trial as `_both` plays them (the fast path first, then the engine,
    trial by trial): the fast path's (`Fight.restrain`) and the engine's
    (`holds.restrain`), side by side, a trial's counts opened as the fast path starts it.
    Equal lists say the fast path restrained in the very trials the engine did, as often."""
    fast: list[int] = []
    engine: list[int] = []
    play_fight, restrain, engine_restrain = Fight.play, Fight.restrain, holds.restrain

    def counting_play(self: Fight, max_rounds: int) -> Any:
        fast.append(0)
        engine.append(0)
        return play_fight(self, max_rounds)

    def counting_restrain(self: Fight, n: int, holder: int) -> None:
        fast[-1] += 1
        restrain(self, n, holder)

    def counting_engine(tx: Any, target_id: str, holder_id: str, why: str) -> None:
        engine[-1] += 1
        engine_restrain(tx, target_id, holder_id, why)

    monkeypatch.setattr(Fight, "play", counting_play)
    monkeypatch.setattr(Fight, "restrain", counting_restrain)
    monkeypatch.setattr(holds, "restrain", counting_engine)
    return fast, engine


def test_the_pump_plays_the_engines_fights() -> None:
    job = make_job(example(PUMP), 11, {}, None)
    fork = build_fork(job)
    winners = set()
    for index in range(300):
        fast = play_fast(fork, index, fight_dice(job.seed, index), job.max_rounds)
        assert fast is not None, f"trial {index} was handed back"
        assert fast == _engine(fork, job, index), f"trial {index}"
        winners.add(fast.winner)
    assert winners == {"wardens", "raiders"}  # both sides win some: many branches taken


@pytest.mark.parametrize("max_rounds", [1, 2, 3])
def test_pump_fights_cut_by_the_round_limit_are_the_engines_too(max_rounds: int) -> None:
    assert _both(example(PUMP), 3, range(60), max_rounds) == 60


def test_the_simulator_uses_the_fast_path_and_reports_what_the_engine_would() -> None:
    job = make_job(example(PUMP), 9, {}, None)
    fork = build_fork(job)
    assert play_range(job, 0, 40) == [_engine(fork, job, i) for i in range(40)]


def test_the_firefight_is_played_by_the_fast_path() -> None:
    """Its sides start across the depot and must walk to each other round walls and cover
    (tactics._strike_after_moving, _nearer, _after_acting, _dash_target; movement.walk with
    its attacks of opportunity and Lett's spear standing sentinel, Mara's swap to her
    holstered handgun, blows with a rifle's stock, Lett's spear grappling and now and then
    restraining): 300 trials, every one finished by the fast path and the engine's."""
    finished = _both(example(FIREFIGHT), 5, range(300), None)
    assert finished == 300, f"{finished} of 300 finished"


_Key = tuple[int, bool, bool, bool, int, int, int, int]


def _keys(fighters: int, dry_span: int) -> st.SearchStrategy[_Key]:
    """`Fight.choose`'s parts within the spans `decision_number` numbers."""
    return st.tuples(
        st.integers(0, fighters - 1),
        st.booleans(),
        st.booleans(),
        st.booleans(),
        st.integers(0, MOVED_SPAN - 1),
        st.integers(0, dry_span - 1),
        st.integers(0, 10**24),  # a board's: its scene's number and the healths
        st.integers(0, 7),
    )


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_two_situations_share_a_decision_number_only_when_every_part_is_equal(
    data: st.DataObject,
) -> None:
    """A decision is remembered by one number made of who decides, the turn's three flags,
    the movement used, the empty guns, the board's number and the holds: two situations
    may share it only if they are one situation, or a fighter would be handed another's
    decision. Drawn pairs, and pairs one part apart."""
    fork = build_fork(make_job(example(FIREFIGHT), 5, {}, None))
    assert isinstance(fork.fast, _FastPath)
    c = fork.fast.compiled
    keys = _keys(len(c.side), c.dry_span)
    first = data.draw(keys)
    second = data.draw(st.one_of(keys, keys.map(lambda k: (*first[:-1], k[-1]))))
    part = data.draw(st.integers(0, 7))
    third = data.draw(keys)
    nearby = (*first[:part], third[part], *first[part + 1 :])
    for other in (second, nearby):
        same = decision_number(c, *first) == decision_number(c, *other)  # type: ignore[arg-type]
        assert same == (first == other), (first, other)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_two_boards_share_a_key_only_when_every_weighed_health_is_equal(
    data: st.DataObject,
) -> None:
    """A board is remembered by one number (`Fight.seen_by`): the scene, then for each
    fighter whether it is hurt (a friend of the side deciding) or its HP and armor
    hitpoints together, at least 1 (a foe). Two healths of the firefight drawn anywhere
    from 0 to their most (or beyond, which keys the board by a tuple instead) share it
    only if every weighed part is equal, or a side would be handed another board's
    decisions."""
    fork = build_fork(make_job(example(FIREFIGHT), 5, {}, None))
    assert isinstance(fork.fast, _FastPath)
    c = fork.fast.compiled
    fight = Fight(c, lambda: 1)
    side = data.draw(st.integers(0, len(c.side_names) - 1))
    top = c.health_span + 1

    def weighed() -> tuple[object, ...]:
        return tuple(
            fight.hurt(m) if c.side[m] == side else max(1, fight.hp[m] + fight.ahp[m])
            for m in range(len(c.side))
        )

    keys = []
    for _ in range(2):
        fight.hp = data.draw(
            st.lists(st.integers(0, top), min_size=len(c.side), max_size=len(c.side))
        )
        fight.ahp = data.draw(
            st.lists(st.integers(0, 4), min_size=len(c.side), max_size=len(c.side))
        )
        keys.append((fight.seen_by(7, side), weighed()))
    (first, first_parts), (second, second_parts) = keys
    assert (first == second) == (first_parts == second_parts)
    assert fight.seen_by(7, side) != fight.seen_by(8, side)


def test_the_firefight_from_a_state_and_cut_short_is_the_engines() -> None:
    """The fork after a first turn (a state, its order fixed), and fights cut by the round
    limit in mid-walk."""
    assert _both(_scripted_firefight(), 2, range(80), None) >= 50
    for max_rounds in (1, 2, 4):
        assert _both(example(FIREFIGHT), 3, range(40), max_rounds) >= 30


def test_the_simulator_answers_for_the_firefight_as_the_engine() -> None:
    """`fracas sim`'s own path: the fast path's trials and the handed-back ones together."""
    job = make_job(example(FIREFIGHT), 7, {}, None)
    fork = build_fork(job)
    assert play_range(job, 0, 30) == [_engine(fork, job, i) for i in range(30)]


@pytest.mark.pure
def test_a_fork_whose_every_trial_goes_back_is_left_to_the_engine_early(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After GIVE_UP_AFTER trials handed back and none finished, a fork's fast path stops
    trying (answers None at once); the trials are the engine's all the same. (Every trial
    of the firefight is restated now, restraints too, so the hand-back is forced.)"""
    monkeypatch.setattr(Fight, "play", lambda self, max_rounds: None)
    job = make_job(example(FIREFIGHT), 5, {}, None)
    fork = build_fork(job)
    fast = fork.fast
    assert isinstance(fast, _FastPath)
    for i in range(GIVE_UP_AFTER):
        assert not fast.given_up
        assert play_fast(fork, i, fight_dice(5, i), job.max_rounds) is None
    assert fast.given_up and fast.handed_back == GIVE_UP_AFTER
    assert play_fast(fork, 99, fight_dice(5, 99), job.max_rounds) is None
    assert fast.handed_back == GIVE_UP_AFTER  # not tried
    assert play_range(job, 0, 2) == [_engine(fork, job, i) for i in range(2)]


def test_a_fork_that_finishes_some_trials_keeps_trying() -> None:
    job = make_job(example(PUMP), 11, {}, None)
    fork = build_fork(job)
    fast = fork.fast
    assert isinstance(fast, _FastPath)
    for i in range(GIVE_UP_AFTER + 5):
        assert play_fast(fork, i, fight_dice(11, i), job.max_rounds) is not None
    assert fast.finished == GIVE_UP_AFTER + 5 and not fast.given_up


def test_an_ambush_is_left_to_the_engine() -> None:
    """The ambush round (initiative.ambush_round) is not restated."""
    data = example(PUMP).model_dump(mode="json", exclude_unset=True)
    for key in ("actions", "dice", "order"):
        data.pop(key, None)
    assert build_fork(make_job(parse_scenario(data), 1, {}, None)).fast is not None
    data["combatants"][1]["ambusher"] = True
    assert build_fork(make_job(parse_scenario(data), 1, {}, None)).fast is None


def _scripted_firefight(arms: dict[str, list[str]] | None = None) -> ScenarioSpec:
    """The firefight with a fixed order and its first turn ended, so the fork is a state;
    `arms` gives some of them other weapons."""
    data = example(FIREFIGHT).model_dump(mode="json", exclude_unset=True)
    data["order"] = [c["id"] for c in data["combatants"]]
    data["actions"] = [{"actor": data["order"][0], "do": "end_turn"}]
    for raw in data["combatants"]:
        if arms and raw["id"] in arms:
            raw["weapons"] = arms[raw["id"]]
            raw.pop("holstered", None)
    return parse_scenario(data)


def test_a_firefight_with_other_arms_is_walked_by_the_fast_path() -> None:
    """The firefight's map with the Ashen Hand re-armed (a rifle, an axe, a handgun, a long
    blade: no spear to stand sentinel or grapple) and its first turn ended:
    the scavengers walk and dash to them, every trial the fast path's, and the engine's."""
    arms = {
        "vask": ["bolt_action_rifle"],
        "lett": ["two_handed_axe"],
        "gorm": ["handgun"],
        "sil": ["one_handed_long_blade"],
        "mara": ["bolt_action_rifle"],
    }
    assert _both(_scripted_firefight(arms), 5, range(60), None) >= 55


def _cover_at_the_edge() -> ScenarioSpec:
    """Two handgunners against three, face to face on a small yard whose only crate stands
    on its bottom edge, within a walk: after acting each weighs the tiles beside the crate,
    three of them off the map (one past the map's last tile number)."""
    tiles = [(3, 1), (3, 2), (4, 1), (4, 2), (4, 3)]
    people = [
        {"id": f"{'ab'[min(n, 2) // 2]}{n}", "side": "ab"[min(n, 2) // 2],
         "position": {"x": x, "y": y}, "hp": 1, "weapons": ["handgun"]}
        for n, (x, y) in enumerate(tiles)
    ]  # fmt: skip
    return parse_scenario(
        {
            "ruleset": "nwo",
            "map": {"width": 8, "height": 6, "cover": [[6, 5]]},
            "combatants": people,
        }
    )


def test_cover_on_the_maps_edge_is_weighed_as_the_engine_weighs_it() -> None:
    """tactics._after_acting: a shooter steps behind cover that screens it from more
    shooters. Seed, Line of Sight: "If a target is obscured by cover [...] they are considered
    in 'Cover'". A crate on the map's edge has tiles beside it off the map, which the fast
    path asks about by tile and shooters, not by tile number: every trial the engine's."""
    assert _both(_cover_at_the_edge(), 0, range(40), 2) == 40


def _crowd() -> ScenarioSpec:
    """Two against six across a walled yard: the two weigh strikes at the `NEAREST` four
    foes only (tactics._options with `nearest`) when they look for a tile."""
    raiders = [
        {
            "id": f"r{i}",
            "side": "raiders",
            "position": {"x": 9, "y": y},
            "hp": 6,
            "skills": {"aiming": 4, "melee": 4},
            "weapons": ["handgun" if i % 2 else "one_handed_axe"],
        }
        for i, y in enumerate((0, 2, 3, 5, 6, 8))
    ]
    pair = [
        {
            "id": "ash",
            "side": "pair",
            "position": {"x": 0, "y": 3},
            "hp": 14,
            "armor": "medium",
            "skills": {"aiming": 8},
            "weapons": ["bolt_action_rifle"],
        },
        {
            "id": "bex",
            "side": "pair",
            "position": {"x": 0, "y": 5},
            "hp": 14,
            "armor": "light",
            "skills": {"melee": 8, "strength": 8},
            "weapons": ["two_handed_axe"],
        },
    ]
    board = {
        "width": 10,
        "height": 9,
        "walls": [[4, 2], [4, 3], [5, 6], [6, 6]],
        "cover": [[3, 5], [7, 2], [7, 3]],
    }
    return parse_scenario({"ruleset": "nwo", "map": board, "combatants": [*pair, *raiders]})


def test_a_crowd_is_weighed_at_the_nearest_foes_by_the_fast_path() -> None:
    """tactics.NEAREST: a fighter looking for a tile weighs strikes at the four nearest
    foes only. Two against six: every trial the fast path finishes is the engine's."""
    assert _both(_crowd(), 4, range(60), None) >= 50


def _stepping_back(*guards: str) -> ScenarioSpec:
    """A rifleman held in melee cannot fire its two-handed rifle, so each turn it steps out
    of the guards' reach to shoot (tactics._strike_after_moving) and each guard's weapon
    swings as it leaves (an attack of opportunity, in listing order); they walk after it."""
    rifle = {
        "id": "rifle",
        "side": "a",
        "position": {"x": 3, "y": 1},
        "hp": 16,
        "armor": "medium",
        "skills": {"aiming": 6},
        "weapons": ["bolt_action_rifle"],
    }
    held = [
        {"id": f"guard{n}", "side": "b", "position": {"x": 4, "y": 1 + n}, "hp": 16,
         "armor": "light", "skills": {"melee": 6}, "weapons": [guard]}
        for n, guard in enumerate(guards)
    ]  # fmt: skip
    board = {"width": 9, "height": 4}
    return parse_scenario({"ruleset": "nwo", "map": board, "combatants": [rifle, *held]})


@pytest.mark.parametrize("guard", ["short_blunt", "one_handed_axe"])
def test_attacks_of_opportunity_are_the_engines(guard: str) -> None:
    """movement._walk: "Leaving the range of a character that engages the mover gives that
    character an attack of opportunity", struck with the guard's weapon and its crits (the
    short blunt's stun lands on the mover in its own turn, crits._stun). Every trial the
    fast path's, and the engine's."""
    assert _both(_stepping_back(guard), 3, range(150), None) == 150


def test_a_stun_halts_the_walk_before_the_next_guard_swings() -> None:
    """movement._halted: a reaction that stuns the mover "ends the rest of its move": two
    short blunts hold the rifleman, and when the first one's blow stuns it as it steps
    back, the second swings no more. Every trial the fast path's, and the engine's."""
    assert _both(_stepping_back("short_blunt", "short_blunt"), 5, range(200), None) == 200


def _brawl() -> ScenarioSpec:
    """Two against two with bare hands in a small yard: fists crit on a double six."""
    fighters = [
        {"id": f"{side}{i}", "side": side, "position": {"x": x, "y": 1 + i}, "hp": 6,
         "skills": {"nimble": 6, "strength": 4}, "weapons": []}
        for side, x in (("a", 2), ("b", 3))
        for i in (0, 1)
    ]  # fmt: skip
    board = {"width": 6, "height": 4}
    return parse_scenario({"ruleset": "nwo", "map": board, "combatants": fighters})


@pytest.mark.pure
def test_a_bare_hands_crit_stuns_as_the_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed, weapons table: Unarmed, crit "Double 6", "Perform any other Melee Crit
    Effect"; neither the tactics nor an attack of opportunity name one, so crits._unarmed
    stuns the target through its next turn (the short blunt's crits._stun). 200 brawls,
    every one finished by the fast path (none handed back) and the engine's, some with
    bare-handed crits landed."""
    landed = []
    crit_effect = Fight.crit_effect

    def counting(self: Fight, n: int, target: int, weapon: Any, chain: int) -> None:
        landed.append(weapon.effect)
        crit_effect(self, n, target, weapon, chain)

    monkeypatch.setattr(Fight, "crit_effect", counting)
    assert _both(_brawl(), 6, range(200), None) == 200
    assert landed.count("any_melee_effect") >= 20


# -- generated close-quarters fights ----------------------------------------------------------

MODELLED_ARMS = [
    "handgun",
    "bolt_action_rifle",
    "submachine_gun",
    "two_handed_axe",
    "one_handed_axe",
    "two_handed_long_blade",
    "one_handed_long_blade",
    "short_blade",
    "revolver",
    "spear_like",
]
"""Catalog rows whose crit effects the fast path models (none, double damage, a long
blade's advantage, extra attacks, the revolver's forgone one), and an inline spear-length
blade (reach 2)."""

MELEE_ARMS = [
    "two_handed_axe",
    "one_handed_axe",
    "two_handed_long_blade",
    "one_handed_long_blade",
    "short_blade",
]
"""Drawn twice as often: a blade in hand keeps a fighter striking from where it stands."""

LATER_CRIT_ARMS = ["short_blunt", "spear", "shotgun", "assault_rifle"]
"""The firefight's arms with the crit effects the fast path came to play last (the stun,
the spear's grapple and its restraint, the splash, the suppression): the generated fights
held to the engine carry them; the fixed sample that must be mostly the fast path's was
drawn before them and leaves them out."""

INLINE = {
    "spear_like": {
        "id": "pike",
        "kind": "melee",
        "damage": 3,
        "crit": [5, 6],
        "crit_damage": 5,
        "effect": "double_damage",
        "hands": 2,
        "reach": 2,
    },
    "short_range": {
        "id": "sling",
        "kind": "ranged",
        "damage": 2,
        "crit": [6],
        "crit_damage": 4,
        "effect": "extra_attack",
        "hands": 1,
        "magazine": 2,
        "range": 2,
    },
}


HANDS = {
    "handgun": 1,
    "bolt_action_rifle": 2,
    "submachine_gun": 2,
    "two_handed_axe": 2,
    "one_handed_axe": 1,
    "two_handed_long_blade": 2,
    "one_handed_long_blade": 1,
    "short_blade": 1,
    "revolver": 1,
    "spear_like": 2,
    "short_range": 1,
    "short_blunt": 1,
    "spear": 2,
    "shotgun": 2,
    "assault_rifle": 2,
}


def _arm(name: str) -> Any:
    return INLINE.get(name, name)


@st.composite
def operatives(
    draw: st.DrawFn, side: str, index: int, tile: tuple[int, int], arms_from: list[str]
) -> dict[str, Any]:
    pick = st.sampled_from(arms_from)
    arms = draw(st.lists(pick, min_size=1, max_size=2, unique=True))
    if sum(HANDS[a] for a in arms) > 2:
        arms = arms[:1]  # two hands at most in hand
    sheet: dict[str, Any] = {
        "id": f"{side}{index}",
        "side": side,
        "position": {"x": tile[0], "y": tile[1]},
        "hp": draw(st.integers(1, 12)),
        "armor": draw(st.sampled_from(["none", "light", "medium", "heavy"])),
        "initiative_bonus": draw(st.integers(0, 2)),  # ties, so the re-rolls are played
        "skills": {
            "aiming": draw(st.integers(0, 9)),
            "melee": draw(st.integers(0, 10)),
            "strength": draw(st.integers(0, 10)),
            "nimble": draw(st.integers(0, 8)),
        },
        "weapons": [_arm(a) for a in arms],
    }
    spare = draw(st.sampled_from([None, "short_blade", "handgun"]))
    if spare is not None and spare not in arms:
        sheet["holstered"] = [spare]  # drawn or swapped to (tactics._draws)
    return sheet


@st.composite
def scenarios(draw: st.DrawFn, later_crits: bool = False) -> dict[str, Any]:
    """One to three a side in two facing columns of a small map (each fighter next to a
    foe or two), with a few walls and cover tiles around and now and then a gap in the
    line, so that most fighters strike from where they stand while shots cross friends
    and foes, cover screens some, and some must still step (those trials are handed
    back, and played by the engine)."""
    arms_from = [*MODELLED_ARMS, *MELEE_ARMS, "short_range"]
    if later_crits:
        arms_from += LATER_CRIT_ARMS
    sizes = draw(st.lists(st.integers(1, 3), min_size=2, max_size=2))
    combatants = []
    taken = set()
    for s, size in enumerate(sizes):
        rows = draw(st.permutations(range(1, 5)))
        for i in range(size):
            x = 3 + s + draw(st.sampled_from([0, 0, 0, 0, 1 if s else -1]))
            tile = (x, rows[i])
            taken.add(tile)
            combatants.append(draw(operatives("ab"[s], i, tile, arms_from)))
    free = [t for t in [(x, y) for x in range(8) for y in range(6)] if t not in taken]
    walls = draw(st.lists(st.sampled_from(free), max_size=3, unique=True))
    cover = draw(st.lists(st.sampled_from([t for t in free if t not in walls]), max_size=4))
    order = draw(st.permutations([c["id"] for c in combatants]))
    data: dict[str, Any] = {
        "ruleset": "nwo",
        "map": {"width": 8, "height": 6, "walls": walls, "cover": sorted(set(cover))},
        "order": order,
        "combatants": combatants,
    }
    opening = draw(st.sampled_from(["rolled", "fixed", "ended", "untouched"]))
    if opening == "rolled":  # each trial rolls initiative, ties and re-rolls included
        del data["order"]
    elif opening == "ended":
        data["actions"] = [{"actor": order[0], "do": "end_turn"}]
    elif opening == "untouched":
        data["dice"] = []  # the fork is the first turn, a state
    return data


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=scenarios(later_crits=True),
    seed=st.integers(0, 10**6),
    max_rounds=st.sampled_from([2, 5, 30]),
)
def test_generated_close_quarters_fights_are_the_engines(
    data: dict[str, Any], seed: int, max_rounds: int
) -> None:
    _both(parse_scenario(data), seed, range(6), max_rounds)


def test_generated_fights_are_mostly_played_by_the_fast_path() -> None:
    """Not only handed back: over a fixed sample of generated fights, the fast path plays
    a good share of the trials itself (each of them checked against the engine)."""
    finished = played = 0

    @settings(max_examples=40, deadline=None, database=None, derandomize=True)
    @given(data=scenarios())
    def count(data: dict[str, Any]) -> None:
        nonlocal finished, played
        finished += _both(parse_scenario(data), 7, range(5), None)
        played += 5

    count()
    assert finished * 10 >= played, f"{finished} of {played} trials played by the fast path"


@st.composite
def walks(draw: st.DrawFn) -> dict[str, Any]:
    """One to three a side starting at either end of a 10x7 map with walls and cover in
    between, so that every fight begins with walks and dashes (the tile searches, paths
    round walls and bodies, attacks of opportunity as fighters pass each other, spears
    standing sentinel, shots after moving): the arms of the close-quarters fights, spears
    included."""
    arms_from = [*MODELLED_ARMS, *MELEE_ARMS, "short_range", *LATER_CRIT_ARMS, "spear"]
    sizes = draw(st.lists(st.integers(1, 3), min_size=2, max_size=2))
    combatants = []
    taken = set()
    for s, size in enumerate(sizes):
        rows = draw(st.permutations(range(7)))
        for i in range(size):
            x = draw(st.sampled_from([0, 1])) if s == 0 else draw(st.sampled_from([8, 9]))
            tile = (x, rows[i])
            taken.add(tile)
            combatants.append(draw(operatives("ab"[s], i, tile, arms_from)))
    middle = [(x, y) for x in range(2, 8) for y in range(7)]
    walls = draw(st.lists(st.sampled_from(middle), max_size=8, unique=True))
    cover = draw(st.lists(st.sampled_from([t for t in middle if t not in walls]), max_size=5))
    data: dict[str, Any] = {
        "ruleset": "nwo",
        "map": {"width": 10, "height": 7, "walls": walls, "cover": sorted(set(cover))},
        "combatants": combatants,
    }
    if draw(st.booleans()):
        data["order"] = draw(st.permutations([c["id"] for c in combatants]))
    return data


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=walks(), seed=st.integers(0, 10**6), max_rounds=st.sampled_from([2, 6, 30]))
def test_generated_fights_that_start_apart_are_the_engines(
    data: dict[str, Any], seed: int, max_rounds: int
) -> None:
    _both(parse_scenario(data), seed, range(4), max_rounds)


def test_generated_fights_that_start_apart_are_mostly_the_fast_paths() -> None:
    """Over a fixed sample of fights that must walk first, the fast path finishes nine in
    ten trials at least itself (each checked against the engine)."""
    finished = played = 0

    @settings(max_examples=40, deadline=None, database=None, derandomize=True)
    @given(data=walks())
    def count(data: dict[str, Any]) -> None:
        nonlocal finished, played
        finished += _both(parse_scenario(data), 7, range(4), None)
        played += 4

    count()
    assert finished * 10 >= played * 9, f"{finished} of {played} trials played by the fast path"


# -- what the fast path does not model ------------------------------------------------------


def test_other_policies_are_left_to_the_engine() -> None:
    spec = example(PUMP)
    for name in ("aggressive", "focus", "greedy"):
        assert build_fork(make_job(spec, 1, {"raiders": name}, None)).fast is None
    assert build_fork(make_job(spec, 1, {"raiders": "tactics"}, None)).fast is not None


def _pump_with(**changes: Any) -> ScenarioSpec:
    data = example(PUMP).model_dump(mode="json", exclude_unset=True)
    data.update(changes)
    return parse_scenario(data)


@pytest.mark.parametrize(
    "changes",
    [
        {"options": {"max_crit_chain": 5}},  # any option but the defaults
        {"options": {"halves": "up"}},
        {
            "actions": [
                *example(PUMP).model_dump(mode="json", exclude_unset=True)["actions"],
                {"actor": "gm", "do": "override", "target": "kade", "add_condition": "prone"},
            ]
        },  # a condition the modelled rules never put there
    ],
)
def test_what_is_not_modelled_is_left_to_the_engine(changes: dict[str, Any]) -> None:
    spec = _pump_with(**changes)
    fork = build_fork(make_job(spec, 1, {}, None))
    assert fork.state is not None and fork.fast is None
    assert len(play_range(make_job(spec, 1, {}, 3), 0, 3)) == 3


def test_a_crit_effect_that_changes_the_attack_is_left_to_the_engine() -> None:
    """The flamethrower's area and canister (crits.canister, crits.flame_splash) change
    more than its crit: a fork where anyone carries one is declined, holstered or not."""
    data = example(PUMP).model_dump(mode="json", exclude_unset=True)
    data["combatants"][0]["holstered"] = ["flamethrower"]
    fork = build_fork(make_job(parse_scenario(data), 1, {}, None))
    assert fork.fast is None


def _melee_square(weapons: list[str]) -> ScenarioSpec:
    """Two against two on a square, everyone next to both foes, no armor, equal Melee: every
    blow is 2d6 against 2d6 (0.44, under the tactics' GOOD_CHANCE), so the hurt brace."""
    tiles = [(1, 1), (1, 2), (2, 1), (2, 2)]
    people = [
        {"id": f"{'ab'[n // 2]}{n % 2}", "side": "ab"[n // 2],
         "position": {"x": x, "y": y}, "hp": 9, "skills": {"melee": 4},
         "weapons": [weapons[n % len(weapons)]]}
        for n, (x, y) in enumerate(tiles)
    ]  # fmt: skip
    return parse_scenario(
        {"ruleset": "nwo", "map": {"width": 5, "height": 4}, "combatants": people}
    )


def test_braces_are_played_by_the_fast_path() -> None:
    """posture.resolve_brace: "When wielding a melee weapon, a character can use their action
    to make melee defense rolls with advantage until the start of their next turn." The
    tactics brace a hurt fighter, engaged, with a friend unhurt and no good blow: every
    trial of the square is the fast path's, and the engine's."""
    assert _both(_melee_square(["one_handed_axe"]), 6, range(80), None) == 80


def test_a_stun_crit_is_played_by_the_fast_path() -> None:
    """crits._stun: "Target is stunned until the end of their next turn" (no action,
    movement or reaction until then): the square with short blunts (a stun on Double 6),
    every trial the fast path's, and the engine's."""
    assert _both(_melee_square(["short_blunt", "one_handed_axe"]), 8, range(120), None) == 120


def _counting_holds(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """What the fast path's holds come to as it plays (`Fight.grips`): grapples landed,
    escapes won and lost, break-free contests after a hit on the grappler, holds ended by
    the holder's fall or by reach, walks halted by a grapple, restraints (a third failed
    check in a row) and how they end, a grapple the escaper itself held ended by its
    restraint's disarming, a restrainer's two-handed attack refused, and a fighter
    disarmed by a restraint taking up a holstered weapon."""
    seen: Counter[str] = Counter()
    grapple, escape, break_free = Fight.grapple, Fight.escape, Fight.break_free
    hold_on, walk, take_up = Fight.hold_on, Fight.walk, Fight.take_up
    held_back = fastpath_tactics.held_back
    escaping = [False]

    def counting_grapple(self: Fight, n: int, target: int) -> None:
        seen["grapple"] += 1
        grapple(self, n, target)

    def counting_escape(self: Fight, n: int) -> None:
        escaping[0] = True
        try:
            escape(self, n)
        finally:
            escaping[0] = False

    def counting_break_free(self: Fight, n: int) -> None:
        kind = "escape" if escaping[0] else "after hit"
        break_free(self, n)
        grips = self.grips
        assert grips is not None
        if grips.restrained[n] >= 0:
            seen[f"{kind}: restrained"] += 1
        else:
            seen[f"{kind}: {'lost' if grips.held[n] >= 0 else 'won'}"] += 1

    def counting_hold_on(self: Fight) -> None:
        grips = self.grips
        assert grips is not None
        before, restrainers = grips.held[:], grips.restrained[:]
        holders = [grips.holder(m) for m in range(len(before))]
        hold_on(self)
        for m, holder in enumerate(before):
            if holder >= 0 and grips.held[m] < 0:
                seen["ended: down" if self.status[holder] else "ended: out of reach"] += 1
                if escaping[0]:
                    seen["ended: the escaper's own grapple"] += 1
        for m, holder in enumerate(restrainers):
            if holder >= 0 and grips.restrained[m] < 0:
                down = self.status[holders[m]]
                seen["restraint ended: down" if down else "restraint ended: out of reach"] += 1

    def counting_take_up(self: Fight, n: int, k: int, *, swap: bool) -> None:
        if self.arms[n].dropped:
            seen["disarmed takes up"] += 1
        take_up(self, n, k, swap=swap)

    def counting_held_back(f: Fight, n: int, weapon: Any) -> bool:
        refused = held_back(f, n, weapon)
        seen["held back"] += refused
        return refused

    def counting_walk(self: Fight, n: int, path: list[Any]) -> None:
        grips = self.grips
        pinned = [] if grips is None else [m for m, h in enumerate(grips.restrained) if h >= 0]
        near = [m for m in pinned if self.c.gap(self.tile[m], path[0]) <= self.arms[m].reach]
        walk(self, n, path)
        if self.grips is not None and self.grips.held[n] >= 0:
            seen["walk halted"] += 1
        if any(self.c.gap(self.tile[m], self.tile[n]) > self.arms[m].reach for m in near):
            seen["walked off a restrained one"] += 1

    monkeypatch.setattr(Fight, "grapple", counting_grapple)
    monkeypatch.setattr(Fight, "escape", counting_escape)
    monkeypatch.setattr(Fight, "break_free", counting_break_free)
    monkeypatch.setattr(Fight, "hold_on", counting_hold_on)
    monkeypatch.setattr(Fight, "walk", counting_walk)
    monkeypatch.setattr(Fight, "take_up", counting_take_up)
    monkeypatch.setattr(fastpath_tactics, "held_back", counting_held_back)
    return seen


@pytest.mark.pure
def test_a_spear_grapple_is_played_by_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Spears: "Target is Grappled and cannot attempt to free themselves until the end of your
    next turn"; NWO-46: "A character can use their action attempt to escape a grapple via a
    contested Strength roll on their turn, remaining grappled on a failed roll", and "While
    maintaining a grapple, a character's attacks are made with disadvantage" (the grappled
    one's too, attack.attack_edge). The square with spears, 200 trials: dozens of grapples
    and escapes won and lost, every trial finished by the fast path and the engine's."""
    seen = _counting_holds(monkeypatch)
    assert _both(_melee_square(["spear"]), 4, range(200), None) == 200
    assert seen["grapple"] >= 100 and seen["escape: won"] >= 20 and seen["escape: lost"] >= 60
    assert seen["ended: down"] >= 20  # holds.after_action: the spearman fell


@pytest.mark.pure
def test_a_restraint_in_close_quarters_is_played_by_the_fast_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed, Grappling: "If a character fails a grapple check three times in a row ... they
    are considered restrained"; Restrained: "When restrained, a character: Cannot move.
    Cannot make attacks. Is disarmed." and "When a character is restraining another, they
    are able to make one-handed attacks" (holds.restrain, common.require_target,
    movement._may_take_aoo, attack.verify). The square with spears over 300 trials of two
    seeds: each restraint's holder, its spear refused, fights on with its bare hands, the
    restrained does nothing, and restraints end when the holder falls; none handed back,
    every trial the engine's, and the fast path restrains in the very trials the engine
    does, as often."""
    seen = _counting_holds(monkeypatch)
    fast, engine = _restraints(monkeypatch)
    for seed, trials in ((4, 200), (11, 100)):
        assert _both(_melee_square(["spear"]), seed, range(trials), None) == trials
    assert fast == engine and sum(fast) >= 10
    assert seen["escape: restrained"] >= 10 and seen["held back"] >= 10
    assert seen["restraint ended: down"] >= 2


HOOK = {"id": "hook", "kind": "melee", "damage": 2, "crit": [5, 6], "crit_damage": 3,
        "effect": "spear_grapple", "hands": 2, "reach": 2}  # fmt: skip
"""A spear that crits on a Double 5 too, so that grapples come often."""
DART = {"id": "dart", "kind": "ranged", "damage": 1, "crit": [6], "crit_damage": 2,
        "effect": "none", "hands": 1, "range": 3}  # fmt: skip


def _hook_and_gunner() -> ScenarioSpec:
    """A spearman next to a gunner it cannot hit well, and the gunner's friend walking up a
    long corridor with a dart: when it comes within 3, the spearman walks to it (the gunner
    has no melee weapon, so nothing engages it), and the gunner, held or not, swings its
    stock as it leaves (an attack of opportunity); a step too far ends the hold."""
    people = [
        ("s", "a", 36, 30, {"melee": 2, "strength": 8}, HOOK),
        ("h", "b", 37, 30, {"nimble": 4, "aiming": 2, "strength": 4}, "handgun"),
        ("w", "b", 0, 6, {"aiming": 2}, DART),
    ]
    data = {
        "ruleset": "nwo",
        "map": {"width": 40, "height": 3},
        "combatants": [
            {"id": cid, "side": side, "position": {"x": x, "y": 1}, "hp": hp,
             "skills": skills, "weapons": [weapon]}
            for cid, side, x, hp, skills, weapon in people
        ],
    }  # fmt: skip
    return parse_scenario(data)


@pytest.mark.pure
def test_the_held_who_hits_its_grappler_tries_to_break_free(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """NWO-46: "A successful attack on the grappler from the target likewise triggers a
    contested Strength roll to attempt to break free" (holds.after_hit, once the spear's ban
    has lapsed), and the hold ends after an action that leaves the held one out of the
    spear's reach (holds.after_action). 400 trials, every one finished by the fast path and
    the engine's, with both seen; the gunner's third failed check in a row (an escape's,
    once a break-free's) restrains it in many (it drops the handgun, and the spearman, its
    spear refused, punches it), in the very trials where the engine restrains it."""
    seen = _counting_holds(monkeypatch)
    fast, engine = _restraints(monkeypatch)
    assert _both(_hook_and_gunner(), 1, range(400), None) == 400
    assert seen["after hit: won"] + seen["after hit: lost"] >= 4
    assert seen["ended: out of reach"] >= 50
    assert fast == engine and seen["escape: restrained"] >= 50 and seen["held back"] >= 50
    assert seen["after hit: restrained"] >= 1  # a third failed check after the stock's blow


def _hooks_two_apart(hook: dict[str, object] = HOOK, hp: int = 10) -> ScenarioSpec:
    """Two against two, each a hook's reach (2) from both foes, with a handgun holstered:
    the hooks grapple at 2, so a holder whose hook is refused (two-handed) swaps to its
    handgun, whose reach of 1 ends the restraint at once, and the one it held, free but
    disarmed, draws its own handgun; two who grapple each other end the escaper's hold as
    its restraint disarms it (the hold's reach is then its bare hands'). Each holds `hook`
    and has `hp`."""
    corners = [("a0", (1, 1)), ("a1", (1, 3)), ("b0", (3, 1)), ("b1", (3, 3))]
    data = {
        "ruleset": "nwo",
        "map": {"width": 5, "height": 5},
        "combatants": [
            {"id": cid, "side": cid[0], "position": {"x": x, "y": y}, "hp": hp,
             "skills": {"melee": 4}, "weapons": [hook], "holstered": ["handgun"]}
            for cid, (x, y) in corners
        ],
    }  # fmt: skip
    return parse_scenario(data)


@pytest.mark.pure
def test_a_restraint_ends_and_the_disarmed_draws_as_the_engines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """holds.after_action: a restraint ends as a grapple does (the holder out of reach,
    holds._hold_reach: 1 without a spear in hand); holds._disarm drops what is in hand, so
    the freed draws what was holstered, never what it dropped (tactics._draws); and a
    restrained one's reach shrinks to its bare hands' for a hold it has on someone. 600
    trials, none handed back, every one the engine's, restraints in the same trials."""
    seen = _counting_holds(monkeypatch)
    fast, engine = _restraints(monkeypatch)
    assert _both(_hooks_two_apart(), 4, range(600), None) == 600
    assert fast == engine and sum(fast) >= 40
    assert seen["restraint ended: out of reach"] >= 40 and seen["disarmed takes up"] >= 40
    assert seen["ended: the escaper's own grapple"] >= 1


HEAVY_HOOK = {**HOOK, "id": "heavy_hook", "damage": 4}
"""A hook that outweighs a handgun: of what a freed fighter could take up, what it dropped
would come first (tactics._draws: the most damaging first)."""


@pytest.mark.pure
def test_the_freed_never_takes_up_what_its_restraint_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Restrained: "Is disarmed" (holds._disarm drops what is in hand to the ground), so
    once the restraint ends the freed fighter draws from its holster only. With the
    dropped hook more damaging than the holstered handgun, a fast path that still counted
    the hook among what it could draw would draw it first. 300 trials, every one the
    engine's, restraints and take-ups in them."""
    seen = _counting_holds(monkeypatch)
    fast, engine = _restraints(monkeypatch)
    spec = _hooks_two_apart(HEAVY_HOOK, hp=14)
    assert _both(spec, 4, range(300), None) == 300
    assert fast == engine and sum(fast) >= 15
    assert seen["disarmed takes up"] >= 10


def _brawlers_and_hooks() -> ScenarioSpec:
    """Two strong hooks against two weak brawlers with bare hands, all next to each other:
    the hooks grapple often and the brawlers' escapes fail, so restraints come often; with
    nothing in hand, a restraint disarms nobody, and the board reads the same whether a
    brawler is restrained or free (only its hold in the decision's key tells them apart);
    and the other hook, striking a restrained brawler, grapples it on top of the
    restraint."""
    tiles = [(1, 1), (1, 2), (2, 1), (2, 2)]
    people = [
        {"id": f"{side}{n % 2}", "side": side, "position": {"x": x, "y": y},
         "hp": 12 if side == "a" else 20,
         "skills": {"melee": 4, "nimble": 4, "strength": 8 if side == "a" else 0},
         "weapons": [HOOK] if side == "a" else []}
        for n, (x, y) in enumerate(tiles)
        for side in ["ab"[n // 2]]
    ]  # fmt: skip
    return parse_scenario(
        {"ruleset": "nwo", "map": {"width": 5, "height": 4}, "combatants": people}
    )


@pytest.mark.pure
def test_a_restrained_brawler_is_played_by_the_fast_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Restrained: "Cannot make attacks" (common.require_target: the brawler's fists, which
    a grappled one may still swing, are refused), nor an escape: "A character cannot escape
    being restrained on their own" (holds.verify_escape, even when a hook's crit grapples
    it again, crits._spear: the grapple, read first by holds.holder_of, then decides when
    both end). 300 trials, every one finished by the fast path and the engine's, the
    restraints in the same trials."""
    seen = _counting_holds(monkeypatch)
    fast, engine = _restraints(monkeypatch)
    grapple = Fight.grapple

    def counting_grapple(self: Fight, n: int, target: int) -> None:
        if self.grips is not None and self.grips.restrained[target] >= 0:
            seen["grappled while restrained"] += 1
        grapple(self, n, target)

    monkeypatch.setattr(Fight, "grapple", counting_grapple)
    assert _both(_brawlers_and_hooks(), 1, range(300), None) == 300
    assert fast == engine and sum(fast) >= 100
    assert seen["grappled while restrained"] >= 10


def _rifle_beside_the_pinned() -> ScenarioSpec:
    """A rifleman and a strong hook on either side of a weak spearman: the hook's crit
    grapples the spearman and its escapes fail, so it is restrained and disarmed; its bare
    hands still engage the rifleman next to it (common.engages: a fighter with nothing in
    hand engages at 1), so the rifleman, whose rifle is two-handed, steps away to shoot."""
    people = [
        ("x", "a", (1, 1), 12, {"aiming": 7}, "bolt_action_rifle"),
        ("r", "b", (2, 2), 20, {"melee": 5}, "spear"),
        ("h", "a", (3, 2), 12, {"melee": 5, "strength": 10}, HOOK),
    ]
    data = {
        "ruleset": "nwo",
        "map": {"width": 6, "height": 4},
        "combatants": [
            {"id": cid, "side": side, "position": {"x": x, "y": y}, "hp": hp,
             "skills": skills, "weapons": [weapon]}
            for cid, side, (x, y), hp, skills, weapon in people
        ],
    }  # fmt: skip
    return parse_scenario(data)


@pytest.mark.pure
def test_the_restrained_strike_no_one_who_walks_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """movement._may_take_aoo and _sentinels: "no reactions while restrained" (Restrained:
    "Cannot make attacks"): the rifleman walks out of the restrained spearman's reach and
    draws no blow. 200 trials, every one finished by the fast path and the engine's."""
    seen = _counting_holds(monkeypatch)
    fast, engine = _restraints(monkeypatch)
    assert _both(_rifle_beside_the_pinned(), 1, range(200), None) == 200
    assert fast == engine and sum(fast) >= 50
    assert seen["walked off a restrained one"] >= 30


@pytest.mark.pure
def test_a_grapple_halts_the_walk_before_the_next_guard_swings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """movement._halted: a reaction that grapples the mover "ends the rest of its move" (the
    grappled have movement 0): two spears hold the rifleman, and when the first one's
    attack of opportunity grapples it, the second swings no more; then the rifleman, held,
    stays put and tries to escape. Every trial the fast path's, and the engine's."""
    seen = _counting_holds(monkeypatch)
    assert _both(_stepping_back("spear", "spear"), 3, range(150), None) == 150
    assert seen["walk halted"] >= 10 and seen["escape: won"] + seen["escape: lost"] >= 20


def test_a_shotgun_splash_is_played_by_the_fast_path() -> None:
    """crits._splash: "2 Targets adjacent to the initial target receive 4 damage" (the two
    nearest the shooter, armor first, no defense roll). A shotgun and two handguns of one
    side fire at a tough foe between the two; a Double 6 splashes both, friends as they
    are: every trial the fast path's, and the engine's."""
    people = [
        ("gun", "a", (0, 2), "shotgun", 9),
        ("left", "a", (4, 1), "handgun", 4),
        ("right", "a", (4, 3), "handgun", 4),
        ("tough", "b", (3, 2), "handgun", 8),
    ]
    data = {
        "ruleset": "nwo",
        "map": {"width": 6, "height": 5},
        "combatants": [
            {"id": cid, "side": side, "position": {"x": x, "y": y}, "hp": 12,
             "armor": "heavy" if side == "b" else "none", "skills": {"aiming": aiming},
             "weapons": [weapon]}
            for cid, side, (x, y), weapon, aiming in people
        ],
    }  # fmt: skip
    assert _both(parse_scenario(data), 3, range(150), None) == 150


def test_an_assault_rifle_suppression_is_played_by_the_fast_path() -> None:
    """crits._suppress: "Target is suppressed until the beginning of their next turn". Two
    riflemen a side trade shots across open ground: every trial is the fast path's, and the
    engine's, suppressions (Double 5 or 6) included."""
    people = [
        ("a0", "a", (1, 1), "assault_rifle"),
        ("a1", "a", (1, 3), "assault_rifle"),
        ("b0", "b", (4, 1), "assault_rifle"),
        ("b1", "b", (4, 3), "assault_rifle"),
    ]
    data = {
        "ruleset": "nwo",
        "map": {"width": 6, "height": 5},
        "combatants": [
            {"id": cid, "side": side, "position": {"x": x, "y": y}, "hp": 10,
             "armor": "medium", "skills": {"aiming": 8}, "weapons": [weapon]}
            for cid, side, (x, y), weapon in people
        ],
    }  # fmt: skip
    assert _both(parse_scenario(data), 5, range(100), None) == 100


RELOADER = {"id": "pop", "kind": "ranged", "damage": 2, "crit": [6], "crit_damage": 3,
            "effect": "none", "hands": 1, "magazine": 1, "range": 3}  # fmt: skip
"""A one-round gun: every shot but the first needs a reload."""


@pytest.mark.parametrize("aiming", [0, 6])
def test_reloads_are_played_by_the_fast_path(aiming: int) -> None:
    """arms.resolve_reload: "DC 10 on Aiming" with half the skill; a pass keeps the action
    (the shot follows in the same turn), a failure takes the whole turn and fills the
    magazine. A shooter with a one-round gun held in melee by a brawler reloads after every
    shot (tactics._reloads, the first wish when nothing can be struck): every trial is the
    fast path's, and the engine's. Low Aiming fails most checks, high passes most."""
    data = {
        "ruleset": "nwo",
        "map": {"width": 6, "height": 4},
        "order": ["gun", "axe"],
        "combatants": [
            {"id": "gun", "side": "a", "position": {"x": 1, "y": 1}, "hp": 12,
             "skills": {"aiming": aiming}, "weapons": [RELOADER]},
            {"id": "axe", "side": "b", "position": {"x": 2, "y": 1}, "hp": 12,
             "armor": "heavy", "skills": {"melee": 2}, "weapons": ["short_blade"]},
        ],
    }  # fmt: skip
    assert _both(parse_scenario(data), 2, range(60), None) == 60


def test_only_the_tactics_policy_is_accepted_by_the_hook_itself() -> None:
    fork = build_fork(make_job(example(PUMP), 1, {}, None))
    assert fork.state is not None
    point = ForkPoint(fork.setup, fork.state, fork.order)
    assert RULESET.fast_path(point, {"wardens": "tactics", "raiders": "tactics"}) is not None
    assert RULESET.fast_path(point, {"wardens": "tactics", "raiders": "focus"}) is None
