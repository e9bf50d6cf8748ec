"""Shooting into a group holding allies (seed 004): "you need 1 additional success for each
ally within that group in order to hit an enemy"."""

from __future__ import annotations

import pytest

from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier


def brawl(*faces: int, allies: int = 2, enemies: int = 3, **options: object) -> Fight:
    """A shooter at 0 (Dexterity 4, 3 rifle shots: 6 dice) into distance 5, where `allies`
    of its own and `enemies` stand; the target is e0."""
    people = [soldier("gun", "a", 0, dexterity=4)]
    people += [soldier(f"al{n}", "a", 5) for n in range(allies)]
    people += [soldier(f"e{n}", "b", 5) for n in range(enemies)]
    fight = Fight(*people, dice=list(faces), options=options)
    fight.act("gun", "shoot", weapon="rifle", targets=[{"target": "e0", "shots": 3}])
    return fight


def test_each_ally_there_costs_one_success() -> None:
    """Checklist example 6: 2 allies with 3 enemies: 3 net successes to hit the enemy (once)."""
    fight = brawl(HIT, HIT, HIT, MISS, MISS, MISS)
    assert (fight.shots()[0].hits, fight.shots()[0].ally_hits) == (1, ())
    assert fight.damage() == [("e0", 3, 7)]


def test_too_few_successes_hit_the_allies_in_initiative_order() -> None:
    """ "If you do not have as many successes as you have allies in that spot, you will
    shoot your ally instead, in order of initiative." (P6: one ally a success)"""
    fight = brawl(HIT, HIT, MISS, MISS, MISS, MISS)
    assert fight.shots()[0].ally_hits == ("al0", "al1")
    assert fight.damage() == [("al0", 3, 7), ("al1", 3, 7)]


def test_all_stray_shots_into_the_first_ally_when_the_table_says() -> None:
    fight = brawl(HIT, HIT, MISS, MISS, MISS, MISS, ff_spread="first_ally")
    assert fight.shots()[0].ally_hits == ("al0", "al0")


@pytest.mark.parametrize(("zero_hits", "hit"), [(False, ()), (True, ("al0",))])
def test_a_total_miss_hits_an_ally_only_by_option(zero_hits: bool, hit: tuple[str]) -> None:
    """P6 `ff_zero_hits_ally`."""
    fight = brawl(*[MISS] * 6, ff_zero_hits_ally=zero_hits)
    assert fight.shots()[0].ally_hits == hit


def test_three_times_the_enemies_keeps_the_allies_safe() -> None:
    """ "If there are 3× or more enemies as you have allies in a distance, you have no
    chance of hitting your allies" (checklist example 6: 1 ally and 3 enemies needs only the
    usual 1 success)."""
    fight = brawl(HIT, MISS, MISS, MISS, MISS, MISS, allies=1, enemies=3)
    assert (fight.shots()[0].hits, fight.shots()[0].ally_hits) == (1, ())
