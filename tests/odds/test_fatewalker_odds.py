"""fatewalker's odds: the walk that counts dice per class of faces (`reads="counts"`) equals
the brute force over every face on small pools, wounded dice at half TN included; the
closed form of a plain strike and a shot (`exact_odds`) equals that walk under every
reading option that touches the dice, against armor, an energy shield, a parry, stun and
Tough; sampled estimates lie within 4 standard errors of it; and what the closed form does
not model it leaves to the walk."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest

from fracas.core.odds import action_odds
from fracas.core.odds_walk import enumerate_odds, sample_odds
from fracas.core.state import EncounterState
from fracas.rulesets.fatewalker import RULESET as FATEWALKER
from fracas.rulesets.fatewalker.odds import classes
from fracas.runner import run_scenario
from fracas.scenario import load_scenario
from tests.rulesets.fatewalker.helpers import Fight, walker

from .brute import brute_force
from .test_closed_forms import _same as same_as_walk

LEAVES = 200_000
STICK = {"id": "stick", "damage": "1x3", "speed": 5}
CLUB = {"id": "club", "damage": "1x3/1x1", "speed": 5}
BOW = {"id": "bow", "damage": "1x3", "speed": 5, "ranges": [10, 25, 50]}


def _hurt(state: EncounterState, who: str, **marks: int) -> EncounterState:
    """`who` with marks on the wound chart (Normal marks give wound penalties)."""
    found = state.find(who)
    assert found is not None
    return state.with_combatant(dataclasses.replace(found, **marks))  # type: ignore[arg-type]


def _small(
    weapon: dict[str, Any] = STICK, *, prowess: int = 2, options: dict[str, Any] | None = None
) -> Fight:
    """ada, Prowess `prowess` at Weaponry 5, against bo, Prowess 1 at Agility 3 (a dodge of
    4 dice) 1 m off."""
    return Fight(
        walker("ada", "a", attributes={"prowess": prowess}, skills={"ranged": 5}, weapons=[weapon]),
        walker("bo", "b", x=1, start=4, attributes={"prowess": 1}, skills={"agility": 3}),
        options=options,
    )


def _strike(weapon: str = "stick", reaction: str | None = "none") -> Any:
    raw: dict[str, Any] = {"actor": "ada", "do": "strike", "target": "bo", "weapon": weapon}
    if reaction is not None:
        raw["reaction"] = reaction
    return FATEWALKER.parse_action(raw)


def _same(state: EncounterState, action: Any, *, brute: bool = False) -> None:
    """The closed form equals the walk, ending for ending (and the brute force)."""
    same_as_walk(FATEWALKER, state, action, brute=brute)


def test_a_plain_strike_equals_the_brute_force() -> None:
    """2 dice at TN 5, no reaction: both must succeed (1/4), then the stick's one die,
    promoted twice (1x7), succeeds on 5 faces of 10, one of them the 0 that penetrates."""
    fight = _small()
    _same(fight.state, _strike(), brute=True)
    odds = action_odds(FATEWALKER, fight.state, _strike())
    assert odds.method == "exact" and odds.how == "formula"
    assert odds.outcomes == {"hit": Fraction(1, 4), "miss": Fraction(3, 4)}
    assert odds.effects["critical failure"] == Fraction(1, 4)  # neither die succeeds
    assert odds.expected_damage == Fraction(1, 4) * Fraction(5, 10) * 7


def test_wounded_dice_roll_at_half_the_tn_in_the_walk_and_the_closed_form() -> None:
    """ada with one wound penalty: one die at TN 5, one at TN 2 (rules/roll.py); bo, wounded
    past its pool, keeps one wounded die of its dodge. The brute force reads the faces in
    place, so the walk's classes must put each die at its own TN."""
    fight = _small()
    state = _hurt(_hurt(fight.state, "ada", normal=1), "bo", normal=21)
    _same(state, _strike(), brute=True)
    _same(state, _strike(reaction="dodge"), brute=True)


def test_two_kinds_of_damage_dice_and_the_reading_options() -> None:
    fight = _small(CLUB, options={"faces": "one_to_ten", "success": "at_or_below"})
    _same(fight.state, _strike("club"), brute=True)
    fight = _small(CLUB, options={"promotions": "net_minus_two"})
    _same(fight.state, _strike("club"), brute=True)


def test_a_parry_that_stops_the_blow_equals_the_brute_force() -> None:
    """ada's 2 dice at TN 2 against bo's parry with a 1x1 twig, two wounded dice at TN 3: two
    successes stop the blow and the twig's point cancels one of the hit's (before or after
    Absorb). Low TNs keep the brute force's deeper branches few."""
    for cancel in ("after_absorb", "before_absorb"):
        fight = Fight(
            walker("ada", "a", attributes={"prowess": 2}, skills={"weaponry": 2}, weapons=[STICK]),
            walker(
                "bo",
                "b",
                x=1,
                start=4,
                attributes={"prowess": 4},
                skills={"weaponry": 6},
                weapons=[{"id": "twig", "damage": "1x1", "speed": 5}],
                armor="leather",
            ),
            options={"cancel": cancel},
        )
        state = _hurt(fight.state, "bo", normal=6)
        _same(state, _strike(reaction="parry"), brute=cancel == "after_absorb")
        odds = action_odds(FATEWALKER, state, _strike(reaction="parry"))
        assert odds.outcomes["parried"] > 0


def test_a_shot_equals_the_brute_force() -> None:
    fight = _small(BOW)
    action = FATEWALKER.parse_action(
        {"actor": "ada", "do": "shoot", "target": "bo", "weapon": "bow"}
    )
    state = _hurt(fight.state, "ada", normal=6)
    _same(state, action, brute=True)


def _duel(**options: Any) -> EncounterState:
    spec = load_scenario("examples/fatewalker-duel.yaml").model_copy(
        update={"autoplay": False, "options": options}
    )
    return run_scenario(spec).encounter.state


DUEL = [
    {"actor": "ilaria", "do": "strike", "target": "brann", "weapon": "rapier"},
    {"actor": "ilaria", "do": "strike", "target": "tova", "weapon": "rapier", "reaction": "none"},
    {"actor": "ilaria", "do": "strike", "target": "tova", "weapon": "rapier", "reaction": "parry"},
    {"actor": "ilaria", "do": "strike", "target": "brann", "weapon": "unarmed"},
]
OPTIONS = [
    {},
    {"faces": "one_to_ten"},
    {"success": "at_or_below"},
    {"dodge_tie": "attacker"},
    {"parry": "successes"},
    {"cancel": "before_absorb"},
    {"promotions": "net_minus_two"},
]


@pytest.mark.parametrize("raw", DUEL, ids=lambda r: f"{r['target']}-{r['weapon']}")
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_the_closed_form_equals_the_walk_in_the_duel(
    raw: dict[str, Any], options: dict[str, Any]
) -> None:
    """Lady Ilaria's 7 dice at TN 7 against chain, leather, a dodge or a parry: every
    ending's chance is the walk's, under each option that reads the dice."""
    _same(_duel(**options), FATEWALKER.parse_action(raw))


def test_the_closed_form_walks_what_comes_after_the_blow() -> None:
    """An unarmed blow on a half-filled chart asks a consciousness roll after the damage
    (stun); a target with Will spends it on the blow (Tough); an energy shield takes dice
    out of the pool. The closed form walks the roll and lets the rules do the rest."""
    state = _hurt(_duel(), "brann", normal=9, stun=3)
    _same(state, FATEWALKER.parse_action({**DUEL[3], "reaction": "none"}))
    state = _hurt(_duel(), "brann", temporary=6, normal=20)
    tough = state.find("brann")
    assert tough is not None and tough.will_left > 0  # type: ignore[attr-defined]
    _same(state, FATEWALKER.parse_action(DUEL[0]))
    odds = action_odds(FATEWALKER, state, FATEWALKER.parse_action(DUEL[0]))
    assert 0 < odds.dies < 1


def test_a_shot_at_an_energy_shield_equals_the_walk() -> None:
    """The Duelling shield (its whole energy of 5 under `shield_cap: energy`) takes a
    promoted 5-point die out of the pool before the roll."""
    fight = Fight(
        walker(
            "ada",
            "a",
            attributes={"prowess": 6},
            skills={"ranged": 6},
            weapons=[{**BOW, "damage": "3x1"}],
        ),
        walker("bo", "b", x=12, start=4, armor="leather", energy_shield="duelling"),
        options={"shield_cap": "energy"},
    )
    action = FATEWALKER.parse_action(
        {"actor": "ada", "do": "shoot", "target": "bo", "weapon": "bow"}
    )
    _same(fight.state, action)


def test_sampled_odds_lie_within_4_standard_errors_of_the_exact() -> None:
    state = _duel()
    action = FATEWALKER.parse_action(DUEL[0])
    exact = action_odds(FATEWALKER, state, action)
    assert exact.method == "exact"
    sampled = sample_odds(FATEWALKER, state, action, samples=2000, seed="fatewalker")
    for name, p in exact.outcomes.items():
        assert abs(sampled.outcomes.get(name, Fraction(0)) - p) <= 4 * sampled.error(p) + 1e-12
    assert abs(sampled.expected_damage - exact.expected_damage) <= (
        4 * sampled.expected_damage_error() + 0.05
    )


def test_a_power_on_the_roll_is_left_to_the_walk() -> None:
    """Intrepid IV rerolls the failed dice in their places: the closed form steps aside, and
    the walk reads the reroll face by face (its reason names no TN)."""
    fight = _small()
    state = fight.state
    ada = state.find("ada")
    assert ada is not None
    powered = state.with_combatant(
        dataclasses.replace(ada, powers=("intrepid_iv",))  # type: ignore[arg-type]
    )
    action = _strike()
    assert FATEWALKER.exact_odds(powered, action) is None
    walked = enumerate_odds(FATEWALKER, powered, action, leaves=LEAVES)
    assert dict(walked.chances) == brute_force(FATEWALKER, powered, action)


def test_the_classes_read_only_the_rolls_they_know() -> None:
    from fracas.core.notation import as_expr

    state = _small().state
    pool = classes(
        state, as_expr("3d10"), "strike with stick: ada, 2 dice at TN 5, 1 wounded at TN 2"
    )
    assert pool is not None and len(pool) == 3
    assert pool[0] == ((5, 6, 7, 8, 9), (1, 2, 3, 4, 10))
    assert pool[2] == ((2, 3, 4, 5, 6, 7, 8, 9), (1, 10))
    damage = classes(state, as_expr("1d10"), "damage to bo: 1 dice worth 3 at TN 5")
    assert damage == (((5, 6, 7, 8, 9), (1, 2, 3, 4), (10,)),)
    assert classes(state, as_expr("2d10"), "strike with stick: ada rerolls 2 failed dice") is None
    assert classes(state, as_expr("2d10"), "damage to bo: 3 dice worth 3 at TN 5") is None
