"""Map queries (queries.py): where a combatant can go, whom it can attack with what, and who
would get an attack of opportunity on a path. None of them rolls or changes anything."""

from __future__ import annotations

from fracas.rulesets.nwo import queries
from tests.rulesets.nwo.core_helpers import Fight, op


def test_reachable_tiles_are_the_movement_budget_around_blockers() -> None:
    """Seed: "movement range indicated by toggling the movement button on the Dice Panel.
    Characters can only move to tiles within the highlighted green space."""
    fight = Fight(
        op("ada", "crew", 0, 0, armor="heavy"), op("rex", "gang", 1, 0), width=8, height=1
    )
    found = queries.reachable(fight.state, "ada")
    assert found == {}
    fight2 = Fight(
        op("ada", "crew", 0, 0, armor="heavy"), op("rex", "gang", 7, 0), width=8, height=1
    )
    assert queries.reachable(fight2.state, "ada") == {(1, 0): 1, (2, 0): 2, (3, 0): 3, (4, 0): 4}


def test_reachable_for_a_dash_and_for_the_spent_or_held() -> None:
    """Seed: "a character can double their movement speed from 6 to 12 tiles"; grappled
    movement "is reduced to 0"."""
    fight = Fight(op("ada", "crew", 0, 0), op("rex", "gang", 0, 1), width=14, height=2)
    assert max(queries.reachable(fight.state, "ada", "dash").values()) == 12
    fight.gm("ada", add_condition="grappled")
    assert queries.reachable(fight.state, "ada") == {}


def test_reachable_for_the_prone_is_a_crawl() -> None:
    """Seed: "Prone characters can crawl to an adjacent tile while prone."""
    fight = Fight(op("ada", "crew", 1, 1), op("rex", "gang", 5, 5))
    fight.gm("ada", add_condition="prone")
    assert queries.reachable(fight.state, "ada") == {}
    assert set(queries.reachable(fight.state, "ada", "crawl").values()) == {1}
    assert len(queries.reachable(fight.state, "ada", "crawl")) == 8


def test_targets_per_weapon_in_hand() -> None:
    """Seed: "Your combat roll in a scenario is determined by the weapon a character has
    equipped"; melee reaches one tile (spears two), shots need a clear line of sight."""
    fight = Fight(
        op("ada", "crew", 2, 2, weapons=["handgun", "short_blade"]),
        op("rex", "gang", 3, 2),
        op("sam", "gang", 6, 2),
        op("tom", "gang", 2, 6),
        op("bob", "crew", 1, 2),
        walls=[(2, 4)],
    )
    assert queries.targets(fight.state, "ada") == {
        "handgun": ["rex", "sam", "bob"],
        "short_blade": ["rex", "bob"],
    }


def test_targets_add_unarmed_when_a_hand_is_free_and_nothing_melee_is_held() -> None:
    """Seed: "Unarmed | 1 | Double 6" is a melee weapon row; a free hand can punch."""
    fight = Fight(
        op("ada", "crew", 2, 2, weapons=["handgun"]),
        op("rex", "gang", 3, 2),
        op("sam", "gang", 2, 5),
    )
    assert queries.targets(fight.state, "ada") == {"handgun": ["rex", "sam"], "unarmed": ["rex"]}


def test_engaged_two_handed_shooter_has_no_targets() -> None:
    """Seed: "While Engaged, characters cannot shoot with two-handed ranged weapons"."""
    fight = Fight(
        op("ada", "crew", 2, 2, weapons=["shotgun"]),
        op("rex", "gang", 3, 2, weapons=["short_blade"]),
        op("sam", "gang", 6, 6),
    )
    assert queries.targets(fight.state, "ada") == {"shotgun": []}


def test_opportunity_attackers_on_a_path() -> None:
    """Seed: "cannot leave the range of an attacker without triggering an attack of
    opportunity. Movement within an attacker's range will not trigger an attack of
    opportunity." Each reactor once, at the tile it strikes from."""
    fight = Fight(
        op("ada", "crew", 3, 3, weapons=["short_blade"]),
        op("rex", "gang", 4, 3, weapons=["short_blunt"]),
        op("sam", "gang", 2, 2, weapons=["spear"]),
        op("tom", "gang", 3, 5, weapons=["handgun"]),
    )
    path = [(3, 4), (2, 5), (1, 6)]
    found = queries.opportunity_attackers(fight.state, "ada", path)
    assert found == [("rex", (3, 4)), ("sam", (3, 4))]
    assert queries.opportunity_attackers(fight.state, "ada", [(4, 4)]) == []
    fight.gm("rex", add_condition="prone")
    assert queries.opportunity_attackers(fight.state, "ada", path) == [("sam", (3, 4))]


def test_legal_actions_match_verifying_every_candidate() -> None:
    """The fast legal_actions (one verified move per kind, the rest from the reachable map)
    lists exactly what verifying every candidate one by one would, all through a fight."""
    import random
    from pathlib import Path

    from fracas.core.dice import Dice
    from fracas.core.encounter import Encounter
    from fracas.core.ruleset import BaseRuleset
    from fracas.rulesets.nwo import RULESET
    from fracas.scenario import load_scenario

    spec = load_scenario(Path(__file__).parents[3] / "examples" / "nwo-firefight.yaml")
    enc = Encounter(RULESET, RULESET.setup(spec), Dice(random.Random(3)))
    chooser = random.Random(5)
    for _ in range(25):
        if enc.state.outcome is not None:
            break
        fast = RULESET.legal_actions(enc.state)
        assert fast == BaseRuleset.legal_actions(RULESET, enc.state)
        enc.act(chooser.choice(fast))
