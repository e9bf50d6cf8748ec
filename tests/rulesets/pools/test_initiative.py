"""Turn order (seed 004): "Initiative is ordered from highest Dexterity to lowest. In case
of ties, all tied parties roll their Dexterities; whoever has more successes goes first
among them. Roll off multiple times if needed." """

from __future__ import annotations

from fracas.core.events import DiceRolled
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier


def test_tied_dexterities_roll_off() -> None:
    fight = Fight(
        soldier("ada", "a", 0, dexterity=2),
        soldier("rook", "b", 5, dexterity=2),
        soldier("top", "b", 5, dexterity=3),
        order=None,
        dice=[MISS, HIT, HIT, HIT],  # ada 1, rook 2
    )
    assert fight.state.turns.order == ("top", "rook", "ada")


def test_a_roll_off_that_ties_again_is_rolled_again() -> None:
    fight = Fight(
        soldier("ada", "a", 0, dexterity=1),
        soldier("rook", "b", 5, dexterity=1),
        order=None,
        dice=[HIT, HIT, HIT, MISS],
    )
    assert fight.state.turns.order == ("ada", "rook")
    assert [e.reason for e in fight.events(DiceRolled)] == [
        "initiative roll-off 1: ada",
        "initiative roll-off 1: rook",
        "initiative roll-off 2: ada",
        "initiative roll-off 2: rook",
    ]
