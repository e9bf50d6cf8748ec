"""The older revisions' throwables, areas and conditions (rules/legacy.py, option
legacy_throwables): Throw, scatter, molotov / smoke bomb / acid, zones, Robustness on
entering, stacking and RemoveCondition.

Dice order for a throw: the thrower's 2d6 (DC 12), the two scatter d8s on a failure, damage,
then each occupant's Robustness 2d6 (DC 10) in listing order.
"""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.dice import Dice, ScriptedRng
from fracas.core.encounter import replay
from fracas.core.events import event_from_json
from fracas.core.transaction import Transaction
from fracas.rulesets.nwo import RULESET
from fracas.rulesets.nwo.actions import Move
from fracas.rulesets.nwo.rules import legacy, movement
from fracas.rulesets.nwo.rules.legacy import ThrowLanded, stacks, zones
from tests.rulesets.nwo.core_helpers import Fight, op

ON = {"legacy_throwables": True}


def landed(fight: Fight) -> tuple[int, int]:
    spot: tuple[int, int] = fight.events(ThrowLanded)[-1].landed
    return spot


def molotov_fight(*dice: int, **kwargs: Any) -> Fight:
    """ada (Aiming 4: +2) at (0, 9); rex on (5, 5), sam on (6, 6) in the 3x3, tom outside."""
    return Fight(
        op("ada", "crew", 0, 9, skills={"aiming": 4}),
        op("rex", "gang", 5, 5, hp=20),
        op("sam", "gang", 6, 6, skills={"robustness": 4}),
        op("tom", "gang", 8, 5),
        dice=list(dice),
        options=ON,
        **kwargs,
    )


# -- the option ------------------------------------------------------------------------


def test_without_the_option_throw_and_remove_condition_are_refused() -> None:
    """Revisions table: the Throwables section is "removed" in the newest revision, so the
    legacy actions need the option legacy_throwables."""
    fight = Fight(op("ada", "crew", 0, 0), op("rex", "gang", 5, 5))
    fight.refuse("ada", "throw", "legacy_throwables: true", item="molotov", at=[5, 5])
    fight.refuse("ada", "remove_condition", "legacy_throwables: true", condition="smoke")


# -- throwing ----------------------------------------------------------------------------


def test_a_molotov_on_target_burns_the_3x3_and_leaves_a_fire_zone() -> None:
    """Seed: "Throwables can be tossed onto a tile, affecting the adjacent 3x3 area, by making
    a Ranged Attack (DC 12) roll"; "Molotov || 2 || 3x3"; A21: "Molotov damage hits everyone
    in the 3×3 once"; those caught roll Robustness DC 10 or burn."""
    fight = molotov_fight(5, 5, 3, 3, 4, 4)
    fight.act("ada", "throw", item="molotov", at=[5, 5])
    throw = fight.rolled()[0]
    assert (throw.modifier, throw.total, throw.purpose) == (2, 12, "throw molotov (DC 12)")
    assert landed(fight) == (5, 5)
    assert fight.damage() == [("rex", 2, 0, 18), ("sam", 2, 0, 8)]
    robustness = [(r.combatant, r.modifier, r.total) for r in fight.rolled()[1:]]
    assert robustness == [("rex", 0, 6), ("sam", 2, 10)]
    assert stacks(fight.get("rex"), "burning_fire") == 1
    assert not fight.get("sam").has("burning_fire")
    assert fight.get("tom").hp == 10
    [zone] = zones(fight.state)
    assert (zone.thrower, zone.condition, zone.centre, zone.radius) == (
        "ada",
        "burning_fire",
        (5, 5),
        1,
    )
    assert fight.get("ada").acted
    assert fight.dice.remaining == ()


def test_a_zone_lingers_three_rounds_counted_at_the_throwers_turn() -> None:
    """Seed: "AOEs affect a 3x3 tile area and linger on the ground for 3 turns"; A21: "3
    turns" means 3 rounds counted at the thrower's turn."""
    fight = molotov_fight(5, 5, 6, 5, 4, 4)
    fight.act("ada", "throw", item="molotov", at=[5, 5])
    for round_number in (2, 3):
        fight.end("ada", "rex", "sam", "tom")
        assert fight.state.turns.round == round_number
        assert len(zones(fight.state)) == 1
    fight.end("ada", "rex", "sam", "tom")
    assert fight.state.turns.round == 4
    assert zones(fight.state) == []


def test_a_smoke_bomb_covers_5x5_without_damage() -> None:
    """Seed: "Smoke Bomb || - || 5x5"."""
    fight = molotov_fight(6, 6, 1, 1, 6, 6, 1, 2)
    fight.act("ada", "throw", item="smoke_bomb", at=[6, 5])
    assert fight.damage() == []
    assert [r.combatant for r in fight.rolled()[1:]] == ["rex", "sam", "tom"]
    assert [fight.get(x).has("smoke") for x in ("rex", "sam", "tom")] == [True, False, True]
    assert zones(fight.state)[0].radius == 2


def test_acid_hits_one_target_on_the_tile() -> None:
    """Seed: "Acid Attack || 3 || Single Target"; it burns: Burning (Acid), no zone."""
    fight = molotov_fight(6, 6)
    fight.act("ada", "throw", item="acid", at=[5, 5])
    assert fight.damage() == [("rex", 3, 0, 17)]
    assert stacks(fight.get("rex"), "burning_acid") == 1
    assert zones(fight.state) == []


@pytest.mark.parametrize(
    ("faces", "spot"),
    [
        ((2, 7), (5, 5)),
        ((1, 1), (3, 3)),
        ((3, 5), (7, 4)),
        ((8, 8), (7, 7)),
        ((4, 6), (3, 6)),
    ],
)
def test_a_failed_throw_scatters_by_two_d8(faces: tuple[int, int], spot: tuple[int, int]) -> None:
    """Seed: "The random location is determined using two separate 1d8 rolls. Each roll
    offsets the AoE one tile in the direction indicated by the chart" (1 2 3 / 4 X 5 / 6 7 8);
    worked example 1.4 #16 with y growing downward: (2,7) cancel, (1,1) → (−2,−2), (3,5) →
    (+2,−1)."""
    fight = Fight(op("ada", "crew", 0, 9), op("rex", "gang", 9, 0), dice=[1, 1, *faces], options=ON)
    fight.act("ada", "throw", item="smoke_bomb", at=[5, 5])
    assert fight.rolled()[0].total == 2
    assert landed(fight) == spot
    assert fight.dice.remaining == ()


def test_a_scatter_step_into_a_wall_is_skipped_and_the_next_still_applies() -> None:
    """Seed: "If a roll would move the center of the AoE into a solid wall, the shift just
    doesn't happen; low barriers do not count." Worked example 1.4 #16: "If a wall blocks the
    1st step, the 2nd still applies." The map's edge is as solid."""
    fight = Fight(
        op("ada", "crew", 0, 9),
        op("rex", "gang", 9, 0),
        walls=[(5, 4)],
        cover=[(6, 5)],
        dice=[1, 1, 2, 5],
        options=ON,
    )
    fight.act("ada", "throw", item="smoke_bomb", at=[5, 5])
    assert landed(fight) == (6, 5)
    edge = Fight(op("ada", "crew", 0, 9), op("rex", "gang", 9, 0), dice=[1, 1, 1, 4], options=ON)
    edge.act("ada", "throw", item="smoke_bomb", at=[0, 0])
    assert landed(edge) == (0, 0)


def test_a_throw_needs_an_open_tile_in_sight_and_the_action() -> None:
    """Seed: "Throwables can be tossed onto a tile" with a Ranged Attack roll, which needs a
    clear line of fire; it takes the action."""
    fight = Fight(
        op("ada", "crew", 0, 5),
        op("rex", "gang", 9, 0),
        walls=[(3, 5), (7, 7)],
        dice=[6, 6],
        options=ON,
    )
    fight.refuse("ada", "throw", r"\(7, 7\) is a wall", item="molotov", at=[7, 7])
    fight.refuse("ada", "throw", "off the 10x10 map", item="molotov", at=[10, 7])
    fight.refuse("ada", "throw", "blocks the line of sight", item="molotov", at=[6, 5])
    fight.act("ada", "throw", item="acid", at=[4, 4])
    fight.refuse("ada", "throw", "already used", item="acid", at=[4, 4])


def test_a_throw_after_moving_takes_the_ranged_penalty() -> None:
    """Seed: "Movement imposes a -2 penalty to ranged attack rolls" (a throw is a Ranged
    Attack roll)."""
    fight = Fight(
        op("ada", "crew", 0, 9, skills={"aiming": 6}),
        op("rex", "gang", 9, 0),
        dice=[5, 4, 2, 7],
        options=ON,
    )
    fight.act("ada", "move", to=[1, 9])
    fight.act("ada", "throw", item="acid", at=[5, 5])
    assert (fight.rolled()[0].modifier, fight.rolled()[0].total) == (1, 10)


# -- conditions --------------------------------------------------------------------------


def test_conditions_stack_to_two() -> None:
    """Seed: "Conditions can be stacked up to two times."""
    fight = molotov_fight(6, 6, 6, 6, 6, 6)
    for _ in range(3):
        fight.act("ada", "throw", item="acid", at=[5, 5])
        fight.end("ada", "rex", "sam", "tom")
    assert stacks(fight.get("rex"), "burning_acid") == 2
    assert fight.get("rex").hp == 11


def test_an_afflicted_thrower_throws_at_disadvantage() -> None:
    """Seed: "Regardless of the type, Conditions apply disadvantage to the afflicted
    character" (A21: on all of its rolls)."""
    fight = molotov_fight(6, 6, 2, 2, 2, 7)
    fight.gm("ada", add_condition="smoke")
    fight.act("ada", "throw", item="acid", at=[5, 5])
    throw = fight.rolled()[0]
    assert (throw.edge, throw.pair, throw.total) == (-1, (2, 2), 6)
    assert len(fight.events(ThrowLanded)) == 1
    assert fight.dice.remaining == ()


def test_an_afflicted_attacker_attacks_at_disadvantage() -> None:
    """Seed: "Conditions apply disadvantage to the afflicted character"."""
    fight = Fight(
        op("rex", "gang", 5, 5, weapons=["short_blade"]),
        op("ada", "crew", 5, 6),
        dice=[6, 5, 1, 1, 1, 2],
        options=ON,
    )
    fight.gm("rex", add_condition="burning_fire")
    fight.act("rex", "attack", target="ada")
    assert fight.rolled()[0].edge == -1


def test_remove_condition_removes_one_stack_per_action() -> None:
    """Seed: "An action can be spent by an afflicted character to remove a Condition"; A21:
    "Stacks are counted up to 2, each needing its own removal action"."""
    fight = molotov_fight(6, 6, 6, 6)
    fight.act("ada", "throw", item="acid", at=[5, 5])
    fight.end("ada", "rex", "sam", "tom")
    fight.act("ada", "throw", item="acid", at=[5, 5])
    fight.end("ada")
    fight.act("rex", "remove_condition", condition="burning_acid")
    assert stacks(fight.get("rex"), "burning_acid") == 1
    fight.refuse("rex", "remove_condition", "already used", condition="burning_acid")
    fight.end("rex", "sam", "tom", "ada")
    fight.act("rex", "remove_condition", condition="burning_acid")
    assert not fight.get("rex").has("burning_acid")
    fight.end("rex", "sam", "tom", "ada")
    fight.refuse("rex", "remove_condition", "not burning_acid", condition="burning_acid")
    fight.refuse("rex", "remove_condition", "accepted: burning_fire", condition="sleepy")


def test_a_condition_cannot_be_removed_inside_a_zone_that_applies_it() -> None:
    """Seed: "unless attempted while within an AOE that applies it"."""
    fight = molotov_fight(5, 5, 3, 3, 4, 4)
    fight.act("ada", "throw", item="molotov", at=[5, 5])
    fight.end("ada")
    fight.refuse(
        "rex", "remove_condition", "stands in ada's burning_fire area", condition="burning_fire"
    )
    fight.act("rex", "move", to=[5, 2])
    fight.act("rex", "remove_condition", condition="burning_fire")
    assert not fight.get("rex").has("burning_fire")


# -- entering a zone -----------------------------------------------------------------------


def _move_and_check(fight: Fight, actor: str, faces: list[int], **fields: Any) -> Transaction:
    """Resolve a move and the legacy after-action check in one transaction, as the ruleset's
    `after_action` will once it calls `legacy.after_action`."""
    action = fight.action(actor, "move", **fields)
    assert isinstance(action, Move)
    RULESET.verify(fight.state, action)
    tx = Transaction(RULESET, fight.state, Dice(ScriptedRng(faces)))
    movement.resolve_move(tx, action)
    legacy.after_action(tx)
    return tx


def test_moving_into_a_zone_needs_robustness_ten() -> None:
    """Seed: "A character moving into an existing AOE requires passing a DC 10 Robustness
    check or else risk taking on the Condition imposed by it" (A21: a failure takes it)."""
    fight = molotov_fight(5, 5, 6, 6, 6, 6)
    fight.act("ada", "throw", item="molotov", at=[5, 5])
    fight.end("ada", "rex", "sam")
    failed = _move_and_check(fight, "tom", [2, 3], to=[6, 5])
    assert failed.state.get("tom").has("burning_fire")
    passed = _move_and_check(fight, "tom", [5, 5], to=[6, 4])
    assert not passed.state.get("tom").has("burning_fire")
    outside = _move_and_check(fight, "tom", [], to=[8, 2])
    assert not outside.state.get("tom").has("burning_fire")


def test_moving_inside_a_zone_is_no_new_entry() -> None:
    """Seed: "moving into an existing AOE": a step from inside to inside enters nothing."""
    fight = molotov_fight(5, 5, 6, 6, 6, 6)
    fight.act("ada", "throw", item="molotov", at=[5, 5])
    fight.end("ada")
    within = _move_and_check(fight, "rex", [], path=[[4, 5], [4, 4]])
    assert [e for e in within.events if e.kind == "dice_rolled"] == []


def test_moving_into_a_zone_checks_robustness_in_play() -> None:
    """Seed: "A character moving into an existing AOE requires passing a DC 10 Robustness
    check"."""
    fight = molotov_fight(5, 5, 6, 6, 6, 6, 2, 3)
    fight.act("ada", "throw", item="molotov", at=[5, 5])
    fight.end("ada", "rex", "sam")
    fight.act("tom", "move", to=[6, 5])
    assert fight.get("tom").has("burning_fire")


def test_the_log_replays_to_the_same_state() -> None:
    """The log is the source of truth: a throw's events, through JSON, rebuild the state."""
    fight = molotov_fight(1, 1, 1, 1, 3, 3, 4, 4)
    fight.act("ada", "throw", item="molotov", at=[6, 6])
    events = [event_from_json(e.to_json(), "nwo") for e in fight.log]
    assert replay(RULESET, fight.encounter.setup, events) == fight.state
