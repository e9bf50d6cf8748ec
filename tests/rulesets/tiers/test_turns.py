"""Rounds, initiative and the turn's actions (rules/initiative.py, common.require_action):
"Each turn a character may perform 2 actions ... only declare 1 contested action."
"""

from __future__ import annotations

from fracas.rulesets.tiers.events import ActionSpent
from tests.rulesets.tiers.helpers import Fight, warrior


def _duel(**kwargs: object) -> Fight:
    return Fight(warrior("a", "red", 0, 0), warrior("b", "blue", 1, 0), **kwargs)  # type: ignore[arg-type]


def test_initiative_is_1d20_plus_reflex_highest_first() -> None:
    """Seed: "the turn order will be determined by 1d20 + reflex bonus rolled by each
    combatant. With the highest total roll going first": 5 + 4 = 9 beats 7 + 0 = 7."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("b", "blue", 1, 0, reflex=4),
        dice=[7, 5],
        order=None,
    )
    assert fight.state.turns.order == ("b", "a")
    assert fight.rolls() == [("1d20+0", 7), ("1d20+4", 9)]


def test_initiative_ties_are_rerolled_among_the_tied() -> None:
    """Seed: "Any tie will be rerolled to determine turn order placement as a tie-breaker":
    a and b tie on 12 and re-roll (3 against 9); c, on 15, is not re-rolled."""
    fight = Fight(
        warrior("a", "red", 0, 0, reflex=2),
        warrior("b", "blue", 1, 0, reflex=2),
        warrior("c", "blue", 2, 0),
        dice=[10, 10, 15, 3, 9],
        order=None,
    )
    assert fight.state.turns.order == ("c", "b", "a")
    assert fight.dice_left == 0


def test_two_actions_one_contested() -> None:
    """Seed: "They may use either 1 contested action & 1 non-contested action": after the
    attack a move is still allowed."""
    fight = _duel(dice=[10, 10])
    fight.act("a", "attack", target="b")
    fight.act("a", "move", to={"x": 0, "y": 1})
    assert [(e.action, e.contested) for e in fight.events(ActionSpent)] == [
        ("attack b", True),
        ("move", False),
    ]


def test_a_second_contested_action_is_refused() -> None:
    """Seed: "During each turn a character may only declare 1 contested action"."""
    fight = _duel(dice=[10, 10])
    fight.act("a", "attack", target="b")
    fight.refuse("a", "attack", "already declared this turn's one contested action", target="b")


def test_two_non_contested_actions_trade_the_contested_one() -> None:
    """Seed: "A character may trade their contested action for an additional non-contested
    action ... like moving twice in a round"; the contested action is then gone."""
    fight = _duel()
    fight.act("a", "move", to={"x": 0, "y": 1})
    fight.act("a", "move", to={"x": 0, "y": 2})
    fight.refuse("a", "attack", "used both of this turn's actions", target="b")


def test_a_third_action_is_refused() -> None:
    """Seed: "Each turn a character may perform 2 actions"."""
    fight = _duel(dice=[10, 10])
    fight.act("a", "move", to={"x": 0, "y": 1})
    fight.act("a", "move", to={"x": 1, "y": 1})
    fight.refuse("a", "move", "used both of this turn's actions", to={"x": 2, "y": 1})


def test_the_contested_action_only_on_ones_own_turn() -> None:
    """Seed: "Their contested action may only be used on their turn"."""
    fight = _duel()
    fight.refuse("b", "attack", "it is a's turn, not b's", target="a")


def test_a_new_turn_gives_two_actions_again() -> None:
    """Seed: "Each turn a character may perform 2 actions": the count starts over each turn."""
    fight = _duel(dice=[10, 10, 10, 10])
    fight.act("a", "attack", target="b")
    fight.act("a", "move", to={"x": 0, "y": 1})
    fight.end("a", "b")
    assert (fight.get("a").actions, fight.get("a").contested) == (0, False)
    fight.act("a", "attack", target="b")


def test_swap_is_free() -> None:
    """Seed: "Free actions can be done at any time ... equip or switch between worn weapons":
    swapping twice uses none of the turn's two actions."""
    dagger = {"id": "dagger", "kind": "melee", "tier": 1}
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[{"id": "sword", "kind": "melee", "tier": 3}, dagger]),
        warrior("b", "blue", 1, 0),
    )
    fight.act("a", "swap", weapon="dagger")
    fight.act("a", "swap", weapon="dagger", hand="off")
    assert (fight.get("a").main, fight.get("a").off, fight.get("a").actions) == (None, "dagger", 0)


def test_table_order_players_first_without_dice() -> None:
    """B17, `turn_order: table`: "go around the room ... starting with players going first,
    then the enemy NPCs": the first listed side first, in the listed order, no dice."""
    fight = Fight(
        warrior("p1", "players", 0, 0),
        warrior("n1", "npcs", 1, 0),
        warrior("p2", "players", 2, 0),
        order=None,
        options={"turn_order": "table"},
    )
    assert fight.state.turns.order == ("p1", "p2", "n1")
    assert fight.rolls() == []
