"""Rounds, initiative and the turn's actions (rules/initiative.py, common.require_action):
"Each turn a character may perform 2 actions ... only declare 1 contested action."
"""

from __future__ import annotations

import random

import pytest

from fracas.core.dice import Dice
from fracas.core.encounter import Encounter
from fracas.core.errors import ScenarioError
from fracas.core.events import ConditionRemoved
from fracas.rulesets.tiers import RULESET
from fracas.rulesets.tiers.events import ActionSpent
from fracas.rulesets.tiers.rules.effects import EffectsInPlay
from fracas.scenario import parse_scenario
from tests.rulesets.tiers.helpers import Fight, scenario, warrior
from tests.tactics_playout import play_suggestions


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


def test_npcs_may_roll_as_one_big_group() -> None:
    """Seed: "All NPC's can roll for turn order individually, as multiple groups, or as 1 big
    group (GM's choice)": `npc_initiative: group` rolls once for both NPC sides, 1d20 + the
    highest Reflex among them (6 + 3 = 9); the player's 8 is lower, so the NPCs go first, in
    listing order."""
    fight = Fight(
        warrior("n1", "goblins", 0, 0, reflex=1),
        warrior("p1", "players", 1, 0),
        warrior("n2", "wolves", 2, 0, reflex=3),
        dice=[6, 8],
        order=None,
        options={"npc_initiative": "group"},
    )
    assert fight.rolls() == [("1d20+3", 9), ("1d20+0", 8)]
    assert fight.state.turns.order == ("n1", "n2", "p1")


def test_npcs_may_roll_as_multiple_groups() -> None:
    """Seed: "... as multiple groups": `npc_initiative: side` rolls once for each NPC side;
    the goblins' 4 + 1 = 5 go last, after the player's 7 and the wolves' 10."""
    fight = Fight(
        warrior("g1", "goblins", 0, 0, reflex=1),
        warrior("p1", "players", 1, 0),
        warrior("w1", "wolves", 2, 0),
        warrior("g2", "goblins", 3, 0),
        dice=[4, 7, 10],
        order=None,
        options={"npc_initiative": "side"},
    )
    assert fight.rolls() == [("1d20+1", 5), ("1d20+0", 7), ("1d20+0", 10)]
    assert fight.state.turns.order == ("w1", "p1", "g1", "g2")


def test_a_group_tied_with_a_player_rerolls_as_one() -> None:
    """Seed: "Any tie will be rerolled": the NPC group and the player both total 12; one
    re-roll each (5 for the group, 9 for the player) puts the player first."""
    fight = Fight(
        warrior("p1", "players", 0, 0),
        warrior("n1", "npcs", 1, 0),
        warrior("n2", "npcs", 2, 0),
        dice=[12, 12, 9, 5],
        order=None,
        options={"npc_initiative": "group"},
    )
    assert fight.state.turns.order == ("p1", "n1", "n2")
    assert fight.dice_left == 0


def test_npcs_roll_individually_by_default() -> None:
    """Seed: "All NPC's can roll for turn order individually": by default each NPC rolls."""
    fight = Fight(
        warrior("p1", "players", 0, 0),
        warrior("n1", "npcs", 1, 0),
        warrior("n2", "npcs", 2, 0),
        dice=[10, 5, 15],
        order=None,
    )
    assert fight.state.turns.order == ("n2", "p1", "n1")


def _effect_fight(**kwargs: object) -> Fight:
    """a and b, listed order; the GM gives a `blessed` until the start of its next turn."""
    fight = _duel(**kwargs)
    fight.act("gm", "effect", target="a", name="blessed", turns=1)
    return fight


def _effect_names(fight: Fight, wid: str) -> list[tuple[str, int]]:
    return [(c.name, c.count) for c in fight.get(wid).conditions if c.detail == "effect"]


def test_an_effect_ending_at_the_start_of_the_turn_is_extended_by_the_first_action() -> None:
    """Seed: "If an effect ends at the start of their turn, they may declare an action to
    extend those effects before they wear off. But only if it's the first action they declare
    each turn": at the start of a's next turn `blessed` is ending; `extend` as the first
    action renews it to the start of the turn after, spending one non-contested action."""
    fight = _effect_fight(dice=[10, 10])
    fight.end("a", "b")
    assert _effect_names(fight, "a") == [("blessed", 1)]
    fight.act("a", "extend", effect="blessed")
    assert _effect_names(fight, "a") == [("blessed", 2)]
    assert [(e.action, e.contested) for e in fight.events(ActionSpent)] == [
        ("extend blessed", False)
    ]
    fight.act("a", "attack", target="b")  # the contested action is still there
    fight.end("a", "b")
    assert _effect_names(fight, "a") == [("blessed", 1)]


def test_an_ending_effect_wears_off_when_the_first_action_is_another() -> None:
    """Seed: "But only if it's the first action they declare each turn": a moves first, so
    `blessed` wears off before the move, and a later `extend` is refused."""
    fight = _effect_fight()
    fight.end("a", "b")
    fight.act("a", "move", to={"x": 0, "y": 1})
    assert _effect_names(fight, "a") == []
    removed = [e for e in fight.events(ConditionRemoved) if e.name == "blessed"]
    assert len(removed) == 1
    assert fight.encounter.log.index(removed[0]) < fight.encounter.log.index(
        fight.events(ActionSpent)[0]
    )
    fight.refuse("a", "extend", "bears no effect 'blessed' ending now", effect="blessed")


def test_an_ending_effect_wears_off_when_the_turn_ends_without_extending() -> None:
    """Seed: "they may declare an action to extend those effects before they wear off":
    ending the turn without one lets `blessed` go."""
    fight = _effect_fight()
    fight.end("a", "b")
    fight.end("a")
    assert _effect_names(fight, "a") == []


def test_a_free_action_first_does_not_spend_the_chance_to_extend() -> None:
    """B19: a swap is a free action, none of the turn's two declared actions, so `extend`
    after it is still the first action."""
    dagger = {"id": "dagger", "kind": "melee", "tier": 1}
    fight = Fight(
        warrior("a", "red", 0, 0, weapons=[{"id": "sword", "kind": "melee", "tier": 3}, dagger]),
        warrior("b", "blue", 1, 0),
    )
    fight.act("gm", "effect", target="a", name="blessed", turns=1)
    fight.end("a", "b")
    fight.act("a", "swap", weapon="dagger")
    fight.act("a", "extend", effect="blessed", turns=2)
    assert _effect_names(fight, "a") == [("blessed", 3)]


def test_an_effect_for_several_turns_is_only_ending_at_its_last_start() -> None:
    """Seed: "If an effect ends at the start of their turn": an effect for 2 turns is not
    ending at the first start, so it cannot be extended yet and a move leaves it be; every
    start of turn lists the effects in play ("apply those effects")."""
    fight = _duel()
    fight.act("gm", "effect", target="a", name="hasted", turns=2)
    fight.end("a", "b")
    fight.refuse("a", "extend", "does not end at the start of this turn", effect="hasted")
    fight.act("a", "move", to={"x": 0, "y": 1})
    assert _effect_names(fight, "a") == [("hasted", 2)]
    fight.end("a", "b")
    assert _effect_names(fight, "a") == [("hasted", 1)]
    assert [(e.effects, e.ending) for e in fight.events(EffectsInPlay)] == [
        (("hasted",), ()),
        (("hasted",), ("hasted",)),
    ]


def test_an_effect_from_an_override_never_ends_so_is_never_extended() -> None:
    """The GM's `override` `add_condition` never lapses: no start-of-turn effect to extend."""
    fight = _duel()
    fight.act("gm", "override", target="a", add_condition="blessed")
    fight.end("a", "b")
    fight.refuse("a", "extend", "bears no effect 'blessed' ending now", effect="blessed")


def _ambush(**options: object) -> Fight:
    """Two players listed first; the NPC ambusher n2, listed last, strikes p1 first."""
    return Fight(
        warrior("p1", "players", 0, 0),
        warrior("p2", "players", 5, 5),
        warrior("n1", "npcs", 8, 8),
        warrior("n2", "npcs", 1, 0),
        dice=[14, 9],
        order=None,
        options={"turn_order": "table", "opening_attack": "n2", **options},
    )


def test_table_order_starts_after_the_first_attack_has_concluded() -> None:
    """Seed: "starting with players going first, then the enemy NPCs after combat has
    initiated. This is true regardless of who initiated combat & after the first attack
    action has concluded — perhaps because of an ambush": n2's ambush (14 against 9) is
    round 1 alone and ends its turn; round 2 starts with the players."""
    fight = _ambush()
    assert fight.state.turns.order == ("p1", "p2", "n1", "n2")
    assert (fight.state.turns.round, fight.state.actor) == (1, "n2")
    fight.act("n2", "attack", target="p1")
    rolled = fight.exchange()
    assert (rolled.attack_total, rolled.defense_total, rolled.winner) == (14, 9, "attacker")
    assert (fight.state.turns.round, fight.state.actor) == (2, "p1")
    assert fight.dice_left == 0


def test_the_opening_turn_is_the_attack_alone() -> None:
    """Seed: "after the first attack action has concluded": the opener's move is refused
    before the attack; a free swap is not."""
    fight = _ambush()
    fight.refuse("n2", "move", "opens with n2's attack alone", to={"x": 2, "y": 0})
    fight.act("n2", "swap", weapon="sword", hand="off")
    assert fight.state.actor == "n2"


def test_the_opening_attack_needs_an_existing_opener() -> None:
    """A scenario naming an opener who is not in the fight is refused."""
    with pytest.raises(ScenarioError, match="opening_attack: there is no combatant 'zed'"):
        _ambush(opening_attack="zed")


def test_an_ending_effect_wears_off_when_the_bearers_turn_is_skipped() -> None:
    """Seed: "they may declare an action to extend those effects": a, knocked out, declares
    nothing when its turn comes up, so its ending `blessed` wears off then."""
    fight = Fight(
        warrior("a", "red", 0, 0),
        warrior("c", "red", 0, 1),
        warrior("b", "blue", 1, 0),
    )
    fight.act("gm", "effect", target="a", name="blessed", turns=1)
    fight.end("a")
    fight.act("gm", "override", target="a", hp=0)
    fight.end("c", "b")
    assert fight.state.actor == "c"
    assert _effect_names(fight, "a") == []
    assert [e.why for e in fight.events(ConditionRemoved) if e.name == "blessed"] == [
        "start of turn, the bearer cannot act to extend it"
    ]


def test_opening_groups_and_effects_replay_and_autoplay_legally() -> None:
    """The opening round, group initiative and effects are all in the log: replaying it gives
    the same state, and the tactics' suggestions stay legal from the ambush on."""
    for seed in range(20):
        data = scenario(
            warrior("p1", "players", 0, 0),
            warrior("p2", "players", 3, 0),
            warrior("n1", "npcs", 1, 0),
            warrior("n2", "npcs", 4, 1),
            order=None,
            options={"npc_initiative": "group", "opening_attack": "n1"},
        )
        enc = Encounter(RULESET, RULESET.setup(parse_scenario(data)), Dice(random.Random(seed)))
        enc.act(RULESET.parse_action({"actor": "gm", "do": "effect", "target": "p1", "name": "x"}))
        play_suggestions(enc, 120, lambda before, events: None)
        assert enc.state.turns.round > 1 or enc.state.outcome is not None


def test_table_order_puts_the_players_first_whoever_is_listed_first() -> None:
    """Seed: "starting with players going first, then the enemy NPCs ... regardless of who
    initiated combat": the `players` side leads even when an NPC is listed first."""
    listed = [("n1", "npcs"), ("p1", "players"), ("n2", "wolves"), ("p2", "players")]
    people = [warrior(wid, side, x, 0) for x, (wid, side) in enumerate(listed)]
    fight = Fight(*people, order=None, options={"turn_order": "table"})
    assert fight.state.turns.order == ("p1", "p2", "n1", "n2")
    assert fight.rolls() == []
