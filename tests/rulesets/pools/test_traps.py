"""Traps (POOLS-34, 35; checklist worked example 10 and D12)."""

from __future__ import annotations

import pytest

from fracas.core.events import DiceRolled
from fracas.rulesets.pools.events import TrapSet, TrapSpotted, TrapSprung
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier


def laid(kind: str, prey_hp: int, prey_int: int, spotting: list[int], **kw: object) -> Fight:
    """ada (Intelligence 4) lays a trap at 3: hiding 6, 6, 6, 1 = 3 successes, damage
    6, 6, 6, 6 = 4; rook walks in from 4 and rolls to spot it."""
    fight = Fight(
        soldier("ada", "a", 3, intelligence=4),
        soldier("rook", "b", 4, hp=prey_hp, intelligence=prey_int),
        dice=[HIT, HIT, HIT, MISS, HIT, HIT, HIT, HIT, *spotting],
        **kw,  # type: ignore[arg-type]
    )
    fight.act("ada", "set_trap", kind=kind)
    fight.end("ada")
    fight.act("rook", "move", to=3)
    return fight


def test_a_trap_is_two_intelligence_checks() -> None:
    """ "A trap then requires 2 Intelligence checks. The first is how well-hidden the trap
    is: the amount of successes prey needs to spot it. The second is how damaging it is, if
    at all: each success means one point of damage." """
    fight = laid("killing", 10, 2, [HIT, MISS])
    (trap,) = fight.events(TrapSet)
    assert (trap.distance, trap.trap_kind, trap.hiding, trap.damage) == (3, "killing", 3, 4)
    reasons = [e.reason for e in fight.events(DiceRolled)]
    assert reasons[:2] == ["trap hiding: ada", "trap damage: ada"]
    assert fight.get("ada").acted


def test_worked_example_10_a_killing_trap_pushes_below_zero() -> None:
    """Checklist example 10: "4 damage successes against 3 HP: killing → −1 HP". "A killing
    trap can kill its prey, and its damage can push someone into negative HP directly."
    rook's 1 success is short of the 3 needed to spot it."""
    fight = laid("killing", 3, 2, [HIT, MISS])
    assert fight.events(TrapSprung)[0].prey == "rook"
    assert fight.damage() == [("rook", 4, -1)]
    assert fight.get("rook").status == "dead"
    assert fight.get("ada").traps == ()  # sprung once


def test_worked_example_10_an_incapacitating_trap_leaves_zero() -> None:
    """Checklist example 10: "incapacitating → 0 HP". "An incapacitating trap will never
    kill, even if its damage would be killing otherwise. Prey is always left at 0 HP." """
    fight = laid("incapacitating", 3, 2, [HIT, MISS])
    assert fight.damage() == [("rook", 3, 0)]
    assert fight.get("rook").status == "unconscious"


@pytest.mark.parametrize(("reading", "hp_left"), [("floor", 6), ("always_zero", 0)])
def test_an_incapacitating_trap_that_would_not_reach_zero(reading: str, hp_left: int) -> None:
    """D12: "Prey is always left at 0 HP": by default only when its damage would reach 0
    (`incapacitating_trap: floor`); `always_zero` reads it literally."""
    fight = laid("incapacitating", 10, 2, [HIT, MISS], options={"incapacitating_trap": reading})
    assert fight.hp("rook") == hp_left


def test_worked_example_10_enough_successes_spot_the_trap() -> None:
    """Checklist example 10: "hiding successes 3 → the prey needs ≥3 successes to spot it"."""
    fight = laid("killing", 3, 3, [HIT, HIT, HIT])
    assert fight.events(TrapSpotted)[0].spotter == "rook"
    assert fight.damage() == []
    assert fight.get("ada").traps[0].spotted_by == ("rook",)


def test_a_spotted_trap_is_not_rolled_for_again() -> None:
    """Prey that spotted a trap steps around it from then on: no more dice for it."""
    trap = {"distance": 3, "kind": "killing", "hiding": 3, "damage": 4}
    fight = Fight(
        soldier("rook", "b", 4, intelligence=3),
        soldier("ada", "a", 9, traps=[trap]),
        dice=[HIT, HIT, HIT],
    )
    fight.act("rook", "move", to=3)
    fight.end("rook", "ada")
    fight.act("rook", "move", to=4)
    fight.end("rook", "ada")
    fight.act("rook", "move", to=3)
    assert len(fight.events(TrapSpotted)) == 1
    assert fight.dice_left == 0 and fight.damage() == []


def test_traps_laid_before_the_fight_and_only_on_the_ground() -> None:
    """A sheet's `traps` were laid before the fight; allies and flyers do not spring them."""
    fight = Fight(
        soldier(
            "ada", "a", 9, traps=[{"distance": 3, "kind": "killing", "hiding": 0, "damage": 2}]
        ),
        soldier("bo", "a", 4),
        soldier("kite", "b", 4, altitude=1, perks=["flight"]),
        soldier("rook", "b", 2),
    )
    fight.act("ada", "move", to=8)
    fight.end("ada")
    fight.act("bo", "move", to=3)  # an ally: nothing
    fight.end("bo")
    fight.act("kite", "move", to=3)  # above it: nothing
    fight.end("kite")
    fight.act("rook", "move", to=3)  # hiding 0: seen without a roll
    assert [e.spotter for e in fight.events(TrapSpotted)] == ["rook"]
    assert fight.events(DiceRolled) == []


def test_a_trap_is_laid_on_the_ground() -> None:
    fight = Fight(soldier("kite", "a", 3, altitude=2, perks=["flight"]), soldier("rook", "b", 6))
    fight.refuse(
        "kite", "set_trap", "kite is at altitude 2; a trap is laid on the ground", kind="killing"
    )


def searcher(option: str, dice: list[int]) -> Fight:
    """ada (Intelligence 2) at 2 searches; rook's traps lie at 3 (hiding 2) and 4."""
    traps = [
        {"distance": 3, "kind": "killing", "hiding": 2, "damage": 3},
        {"distance": 4, "kind": "killing", "hiding": 1, "damage": 3},
    ]
    fight = Fight(
        soldier("ada", "a", 2, intelligence=2),
        soldier("rook", "b", 9, traps=traps),
        options={"trap_search": option},
        dice=dice,
    )
    fight.act("ada", "search")
    return fight


def test_a_search_may_spot_the_trap_where_the_next_step_goes() -> None:
    """ "The first is how well-hidden the trap is: the amount of successes prey needs to
    spot it." P53: a search looks at its own distance and one step either way: ada's 2
    successes meet the trap at 3's hiding of 2; the trap at 4 is beyond her next step. She
    then walks onto 3 without a roll."""
    fight = searcher("near", [HIT, HIT])
    assert [(e.trap, e.spotter) for e in fight.events(TrapSpotted)] == [("rook-trap-1", "ada")]
    fight.end("ada", "rook")
    fight.act("ada", "move", to=3)
    assert fight.events(TrapSprung) == []
    assert fight.dice_left == 0


def test_a_search_short_of_the_hiding_sees_nothing() -> None:
    """1 success against hiding 2: the trap stays hidden, and springs when ada steps in
    (her entering roll: a miss)."""
    fight = searcher("near", [HIT, MISS, MISS, MISS])
    assert fight.events(TrapSpotted) == []
    fight.end("ada", "rook")
    fight.act("ada", "move", to=3)
    assert fight.damage() == [("ada", 3, 7)]


@pytest.mark.parametrize("option", ["here", "none"])
def test_the_trap_search_option_narrows_the_search(option: str) -> None:
    """`trap_search: here` looks only at the searcher's own distance; `none` never: traps
    are spotted only by walking into them. Either way no die is rolled at 2."""
    fight = searcher(option, [])
    assert fight.events(TrapSpotted) == []
