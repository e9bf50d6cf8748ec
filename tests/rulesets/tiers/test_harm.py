"""Unconsciousness and death (rules/harm.py)."""

from __future__ import annotations

import pytest

from fracas.core.state import Status
from tests.rulesets.tiers.helpers import Fight, warrior


def _blow(hp: int, dice: list[int], **options: str) -> Fight:
    """a hits b for (difference + Body 5 + T3): a 20-less roll avoids crits."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, hp=hp),
        warrior("c", "blue", 9, 9),
        dice=dice,
        options=options,
    )
    fight.act("a", "attack", target="b")
    return fight


def test_unconscious_at_zero() -> None:
    """Seed: "A character becomes unconscious as soon as their HP becomes 0 (zero) or less":
    2 + 5 + 3 = 10 takes b from 10 to 0."""
    fight = _blow(10, [12, 10])
    assert (fight.get("b").hp, fight.get("b").status) == (0, Status.UNCONSCIOUS)


def test_dead_at_minus_max_hp() -> None:
    """Checklist 2.3 #3 and seed: "A character with 100HP will become unconscious at 0HP &
    will finally die at -100HP" (B7): 12 + 5 + 3 = 20 takes b from 10 to -10."""
    fight = _blow(10, [19, 7])
    assert (fight.get("b").hp, fight.get("b").status) == (-10, Status.DEAD)


def test_death_below_minus_max_reading() -> None:
    """B7, `death: below_negative_max`: "falls below their total maximum HP in negative value"
    read literally: -10 with a maximum of 10 is not yet death."""
    fight = _blow(10, [19, 7], death="below_negative_max")
    assert (fight.get("b").hp, fight.get("b").status) == (-10, Status.UNCONSCIOUS)


def test_the_unconscious_take_no_actions() -> None:
    """Seed: "They may not declare any actions. They simply lay there": their turn passes."""
    fight = _blow(10, [12, 10])
    fight.end("a")
    assert fight.state.actor == "c"


def test_a_gm_setting_hp_to_zero_knocks_out() -> None:
    """A GM override of HP to 0 has the consequence damage would have: unconscious."""
    fight = Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 0), warrior("c", "blue", 2, 2))
    fight.act("gm", "override", target="b", hp=0)
    assert fight.get("b").status is Status.UNCONSCIOUS


@pytest.mark.parametrize(("hp", "status"), [(1, Status.ACTIVE), (0, Status.UNCONSCIOUS)])
def test_the_boundary_of_unconsciousness(hp: int, status: Status) -> None:
    """Seed: "unconscious as soon as their HP becomes 0 (zero) or less": 1 HP still stands."""
    fight = _blow(10 + hp, [12, 10])
    assert fight.get("b").status is status
