"""Armor above Body (rules/overweight.py, B35, TIERS-80): refused at load by default; with
`overweight_armor: immobile`, the seed's "Their move becomes 0"."""

from __future__ import annotations

import pytest

from fracas.core.errors import ScenarioError
from tests.rulesets.tiers.helpers import Fight, warrior

IMMOBILE = {"overweight_armor": "immobile"}
WALL = {"width": 12, "height": 12, "walls": [[0, 5]]}


def _heavy(**kw: object) -> Fight:
    """a (Body 5) in T4 armor under a T2 cloak, T6 in all; b far off."""
    return Fight(
        warrior("a", "red", 1, 5, armor={"tier": 4}, cloaks=[{"tier": 2}]),
        warrior("b", "blue", 9, 9),
        **kw,  # type: ignore[arg-type]
    )


def test_by_default_the_sheet_is_refused() -> None:
    """B35's default reading: armor and cloaks above Body never load."""
    with pytest.raises(ScenarioError, match="a T6 armor with its cloaks needs Body 6"):
        _heavy()


def test_immobile_armor_above_body_makes_move_zero() -> None:
    """Seed: "If the armor tier is too high, they cannot move in it. Their move becomes 0.
    This may be the case when adding cloaks ... to a armor set that is already on the cusp":
    with `immobile`, T4 armor + T2 cloak on Body 5 loads, and a may neither move nor climb;
    its actions are not spent by the refusals."""
    fight = _heavy(options=IMMOBILE, map=WALL)
    why = r"a's armor with its cloaks is T6, above its Body 5: it cannot move in it"
    fight.refuse("a", "move", why, to={"x": 2, "y": 5})
    fight.refuse("a", "climb", why)
    assert fight.get("a").actions == 0


def test_an_overweight_blocker_cannot_step_in() -> None:
    """A block is a move into the mover's path: with move 0, a cannot make it."""
    fight = Fight(
        warrior("b", "blue", 5, 1),
        warrior("a", "red", 4, 4, armor={"tier": 4}, cloaks=[{"tier": 2}]),
        options=IMMOBILE,
    )
    fight.refuse(
        "b",
        "move",
        "above its Body 5: it cannot move in it",
        to={"x": 5, "y": 6},
        block={"by": "a", "at": {"x": 5, "y": 4}},
    )


def test_within_body_it_walks() -> None:
    """The same option with armor and cloaks at Body (T3 + T2 on Body 5): the move is whole."""
    fight = Fight(
        warrior("a", "red", 1, 5, armor={"tier": 3}, cloaks=[{"tier": 2}]),
        warrior("b", "blue", 9, 9),
        options=IMMOBILE,
    )
    fight.act("a", "move", to={"x": 2, "y": 5})
    assert fight.get("a").tile == (2, 5)


def test_an_overweight_defender_cannot_dodge() -> None:
    """A dodge is a reserved move away: with move 0, a's dodge is refused and the attack
    stands to be made."""
    fight = Fight(
        warrior("a", "red", 0, 0, armor={"tier": 4}, cloaks=[{"tier": 2}]),
        warrior("b", "blue", 1, 0),
        options=IMMOBILE,
    )
    fight.act("a", "reserve")
    fight.end("a")
    fight.refuse(
        "b",
        "attack",
        "a cannot dodge there: a's armor with its cloaks is T6, above its Body 5",
        target="a",
        dodge={"x": 0, "y": 2},
    )
