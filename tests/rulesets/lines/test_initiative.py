"""Initiative: d6 + Perception, fixed for the whole fight; ties (C4)."""

from __future__ import annotations

from fracas.core.events import DiceRolled, OrderSet

from .helpers import Fight, ada, bob, raider, run


def test_lines_3_initiative_is_d6_plus_perception() -> None:
    """ "At the start of the fight, everyone participating in the fight rolls a d6 and adds their
    Perception to it. The result decides the order in which all entities on the combat area will
    move." Perception 3 + d6 4 = 7 beats Perception 1 + d6 5 = 6."""
    result = run(ada(perception=3), raider(perception=1), dice=[4, 5], order=())
    rolls = [(r.expr, r.faces, r.total) for r in result.encounter.log if isinstance(r, DiceRolled)]
    assert rolls == [("1d6+3", (4,), 7), ("1d6+1", (5,), 6)]
    (order,) = [e for e in result.encounter.log if isinstance(e, OrderSet)]
    assert (order.order, order.reason) == (("ada", "raider"), "initiative")
    assert result.encounter.state.actor == "ada"
    assert result.scripted is not None and result.scripted.remaining == ()


def test_lines_3_higher_total_goes_first_whoever_is_listed_first() -> None:
    """ "The result decides the order in which all entities on the combat area will move": ada
    1+2 = 3, bob 5+1 = 6, the raider 6+1 = 7 act raider, bob, ada, whatever the listing."""
    result = run(ada(perception=2), bob(perception=1), raider(perception=1), dice=[1, 5, 6])
    assert result.encounter.state.turns.order == ("ada", "bob", "raider")  # fixed by `order`
    result = run(
        ada(perception=2), bob(perception=1), raider(perception=1), dice=[1, 5, 6], order=()
    )
    assert result.encounter.state.turns.order == ("raider", "bob", "ada")
    assert result.encounter.state.actor == "raider"


def test_c4_order_is_fixed_for_the_whole_fight() -> None:
    """C4: "At the start of the fight" - initiative is rolled once; later rounds keep the order
    and roll nothing."""
    fight = Fight(ada(perception=0), raider(perception=0), dice=[2, 6], order=())
    assert fight.state.turns.order == ("raider", "ada")
    for _ in range(3):
        fight.end("raider", "ada")
    assert (fight.state.turns.round, fight.state.actor) == (4, "raider")
    assert fight.state.turns.order == ("raider", "ada")
    assert fight.dice.remaining == ()


def test_c4_tie_goes_to_higher_perception_without_a_reroll() -> None:
    """C4, option `initiative_ties` (default perception_then_reroll): equal totals are ordered
    by the higher Perception first; no die is re-rolled."""
    # ada 2+3 = 5, raider 4+1 = 5: ada has Perception 3.
    fight = Fight(ada(perception=3), raider(perception=1), dice=[2, 4, 6, 6], order=())
    assert fight.state.turns.order == ("ada", "raider")
    assert fight.dice.remaining == (6, 6)


def test_c4_equal_total_and_perception_reroll_among_the_tied() -> None:
    """C4: equal totals with equal Perception re-roll among the tied until the tie breaks."""
    # ada 3+1 = 4, raider 3+1 = 4; re-roll 5+1 = 6, 5+1 = 6; re-roll 1+1 = 2, 4+1 = 5.
    fight = Fight(ada(perception=1), raider(perception=1), dice=[3, 3, 5, 5, 1, 4], order=())
    assert fight.state.turns.order == ("raider", "ada")
    reasons = [r.reason for r in fight.rolls()]
    assert reasons == [
        "initiative: ada",
        "initiative: raider",
        "initiative tie re-roll: ada",
        "initiative tie re-roll: raider",
        "initiative tie re-roll: ada",
        "initiative tie re-roll: raider",
    ]
    assert fight.dice.remaining == ()


def test_c4_option_initiative_ties_reroll_ignores_perception() -> None:
    """C4, option `initiative_ties: reroll`: equal totals re-roll at once, whatever the
    Perception (here the raider, Perception 1, wins the re-roll 6+1 = 7 against 1+3 = 4)."""
    fight = Fight(
        ada(perception=3),
        raider(perception=1),
        dice=[2, 4, 1, 6],
        order=(),
        options={"initiative_ties": "reroll"},
    )
    assert fight.state.turns.order == ("raider", "ada")
    assert [r.total for r in fight.rolls()] == [5, 5, 4, 7]
    assert fight.dice.remaining == ()


def test_c4_three_way_initiative_with_one_tie() -> None:
    """C4: only the tied pair is re-ordered; the others keep their place by total."""
    # ada 4+2 = 6, bob 5+1 = 6, raider 1+1 = 2: ada (Perception 2) before bob (1).
    fight = Fight(
        ada(perception=2), bob(perception=1), raider(perception=1), dice=[4, 5, 1], order=()
    )
    assert fight.state.turns.order == ("ada", "bob", "raider")
    assert fight.dice.remaining == ()
