"""Movement in 6-tick segments, with scripted dice (Dramatic Scenes, "Position and Movement"
L1442-1458; Actions and Maneuvers, "Begin Movement" to "Change/Stop/Continue Movement"
L3180-3268). Faces are a d10's 1-10; a 10 reads 0."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.fatewalker.events import Jumped, MotionEnded, Moved, WillSpent
from fracas.rulesets.fatewalker.rules.movement import jump_metres, leg_ticks, rate, sprint_rate
from tests.rulesets.fatewalker.helpers import Fight, walker


def far_foe(**extra: object) -> dict[str, object]:
    """Someone 100 m off who acts late, so the mover has the clock to itself."""
    return walker("zed", "b", x=100, start=60, **extra)


def runner(**extra: object) -> dict[str, object]:
    return walker("ada", "a", **{"attributes": {"speed": 5}, **extra})  # type: ignore[arg-type]


def test_the_speeds_of_movement() -> None:
    """L3216-3219: "Walking: (Speed) meters / 6 ticks"; "Running: (2xSpeed)"; "Crawling/
    Swimming: (Speed / 3) meters / 6 ticks (round up)"; "Climbing: (Speed / 5) meters / 6
    ticks (use fractions)". L1443: "The average is 5"."""
    assert [rate(m, 5) for m in ("walk", "run", "crawl", "swim", "climb")] == [5, 10, 2, 2, 1]
    assert rate("climb", 6) == pytest.approx(1.2)


def test_a_partial_segment_rounds_up() -> None:
    """L1446: "in general round up, so it would take 3 ticks to go 2 meters with a 5 move"
    (the digest's worked example 4), or "force all move actions to occur for a minimum of 6
    ticks"."""
    assert leg_ticks(2, 5, "round_up") == 3
    assert leg_ticks(2, 5, "whole") == 6
    assert leg_ticks(7, 5, "round_up") == 6


def test_begin_moving_costs_2_ticks_and_the_distance_comes_at_the_segments_end() -> None:
    """L1449/L3180: Begin Movement, 2 ticks; L1446: "For positional purposes a character
    covers the entire distance at the end of the movement"."""
    fight = Fight(runner(), far_foe())
    fight.act("ada", "begin_moving", mode="walk", x=12, y=0)
    assert fight.clock.next_tick("ada") == 3
    assert fight.get("ada").x == 0  # nothing credited yet
    fight.end("ada", "ada", "ada", "ada")  # ticks 3-6 waited
    assert fight.clock.tick == 7
    assert (fight.get("ada").x, fight.get("ada").motion.start) == (5, 7)  # then continues
    fight.end("ada", "ada", "ada", "ada", "ada", "ada")
    assert fight.get("ada").x == 10  # tick 13: the second segment
    fight.end("ada", "ada", "ada")
    assert fight.get("ada").x == 12  # the last 2 m take ceil(6 x 2 / 5) = 3 ticks: tick 16
    assert fight.events(MotionEnded)[-1].why == "arrived"
    assert fight.get("ada").motion is None


def test_stopping_needs_no_tick_and_credits_what_was_covered() -> None:
    """L3203: Stop Movement, 0 ticks, "don't require tick priority"; L1457 "All of the
    movement for each 6 tick interval occurs at the end of the 6 tick span, or as soon as
    they change movement type"."""
    bo = walker("bo", "a", x=-50, start=4, attributes={"awareness": 4})
    fight = Fight(runner(), bo, far_foe())
    fight.act("ada", "begin_moving", mode="run", x=40, y=0)
    fight.end("ada")  # ada waits at 3; bo, of higher Awareness, goes first at 4
    assert fight.state.actor == "bo"
    fight.act("ada", "stop")  # out of ada's turn, at tick 4: 3 ticks of 10 m per 6
    assert fight.get("ada").x == 5
    assert fight.get("ada").motion is None
    assert fight.state.actor == "bo"


def test_changing_movement_type_credits_the_old_rate_then_runs_at_the_new() -> None:
    """L3204: "Change Movement ... from Walking to Running or vice versa", 0 ticks."""
    fight = Fight(runner(), far_foe())
    fight.act("ada", "begin_moving", mode="walk", x=40, y=0)
    fight.end("ada")  # tick 4
    fight.act("ada", "change_move", mode="run")
    assert fight.get("ada").x == pytest.approx(2.5)  # 3 of 6 ticks walking
    assert (fight.get("ada").motion.rate, fight.get("ada").motion.start) == (10, 4)


def test_a_change_may_cost_ticks_by_option() -> None:
    """L1449: "these movement changes still have a tick cost" (gap 15, `change_ticks`)."""
    fight = Fight(runner(), far_foe(), options={"change_ticks": 1})
    fight.act("ada", "begin_moving", mode="walk", x=40, y=0)
    fight.act("ada", "stop")
    assert fight.clock.next_tick("ada") == 4


def test_crawling_needs_prone_and_prone_needs_standing_up_for_anything_else() -> None:
    """L3212: "If the character is standing and wishes to crawl they must first go prone. If
    the character is prone and wishes to do anything BUT crawl they must first stand up";
    L3183 Go Prone/Stand up 2/3 ticks."""
    fight = Fight(runner(), far_foe())
    fight.refuse("ada", "begin_moving", "go_prone before crawling", mode="crawl", x=5, y=0)
    fight.act("ada", "go_prone")
    assert fight.clock.next_tick("ada") == 3
    fight.refuse(
        "ada", "begin_moving", "stand_up before anything but crawling", mode="walk", x=5, y=0
    )
    fight.act("ada", "begin_moving", mode="crawl", x=5, y=0)
    assert fight.get("ada").motion.rate == 2


def test_a_mover_cannot_hold() -> None:
    """L3265: "The one caveat to held actions is the character cannot be moving"."""
    fight = Fight(runner(), far_foe())
    fight.act("ada", "begin_moving", mode="walk", x=40, y=0)
    fight.refuse("ada", "hold", "moving and cannot hold")


def test_sprinting_rolls_prowess_agility_costs_will_and_is_exclusive() -> None:
    """L3222: "Add successes from this roll to base speed and double it"; "the character
    cannot initiate other actions while sprinting"; L232: "Sprinting (1 point for every 30
    ticks ...)". Speed 5 with 3 successes: 16 m per 6 ticks."""
    ada = runner(skills={"agility": 4})
    fight = Fight(ada, walker("bo", "b", x=30, start=60), dice=[1, 2, 3])
    fight.act("ada", "sprint", x=100, y=0)
    assert fight.get("ada").motion.rate == sprint_rate(5, 3) == 16
    assert fight.events(WillSpent)[0].spent == 1
    assert fight.clock.next_tick("ada") == 4
    fight.end("ada")
    fight.refuse("ada", "strike", "sprinting, an exclusive action", target="bo", weapon="knife")


def test_a_jump_adds_strength_successes_to_speed() -> None:
    """L3226-3230: "Every success adds 1 to the base speed"; "Horizontal jump distance is
    equal to (Speed/3) meters"; "Running lap distance is equal to (Speed/2) + 1 meters";
    vertical "Speed * 10cm". Speed 5 with 1 success: 2 m, a 4 m leap, 60 cm up."""
    assert jump_metres("standing", 6) == 2
    assert jump_metres("leap", 6) == 4
    ada = runner(skills={"strength": 4})
    fight = Fight(ada, far_foe(), dice=[1, 9, 9])
    fight.act("ada", "jump", x=10, y=0)
    jumped = fight.events(Jumped)[0]
    assert (jumped.speed, jumped.metres, jumped.height_cm) == (6, 2, 60)
    assert fight.get("ada").x == 2
    assert fight.clock.next_tick("ada") == 4  # 3 ticks


def test_a_leap_needs_running_and_is_minus_3_a_metre_short_of_5() -> None:
    """L3226: "Running leaps require at least 5m of running distance and suffer a -3 penalty
    to the roll for each meter short"; L3186 Leap, 4 ticks. Speed 5 running 10 m a segment:
    after 3 ticks 5 m are run, none short; 3 successes make Speed 8, a 5 m leap."""
    ada = runner(attributes={"speed": 5, "prowess": 6}, skills={"strength": 4})
    fight = Fight(ada, far_foe(), dice=[1, 1, 1, 9, 9, 9])
    fight.refuse("ada", "jump", "needs the jumper running", kind="leap", x=30, y=0)
    fight.act("ada", "begin_moving", mode="run", x=40, y=0)
    fight.end("ada")
    fight.act("ada", "jump", kind="leap", x=40, y=0)  # tick 4
    assert (fight.events(Jumped)[0].speed, fight.events(Jumped)[0].metres) == (8, 5)
    assert fight.get("ada").x == 10
    assert fight.get("ada").motion is None
    assert fight.clock.next_tick("ada") == 8


def test_a_leap_short_of_its_run_up_loses_3_dice_a_metre() -> None:
    """After 2 ticks running, 3.3 m are run: 1.7 m short, counted as 2 m, -6 dice of 6."""
    ada = runner(attributes={"speed": 5, "prowess": 6}, skills={"strength": 4})
    fight = Fight(ada, far_foe())
    fight.act("ada", "begin_moving", mode="run", x=40, y=0)
    fight.act("ada", "jump", kind="leap", x=40, y=0)  # tick 3, no dice left to roll
    assert (fight.events(Jumped)[0].speed, fight.events(Jumped)[0].metres) == (5, 3.5)


def test_wounds_slow_a_walker() -> None:
    """L1708: "every 2 wound penalties suffered reduces base speed by 1" (gap 22)."""
    fight = Fight(runner(), far_foe())
    assert fight.get("ada").speed == 5
    assert replace(fight.get("ada"), normal=4).speed == 4  # two columns started: penalty 2
    assert replace(fight.get("ada"), normal=7).speed == 4  # three: still 1 off


def test_the_gm_places_a_combatant_and_ends_its_movement() -> None:
    """The GM's `override` of a position ({x, y}, metres); bad positions say what is
    accepted."""
    fight = Fight(runner(), far_foe())
    fight.act("ada", "begin_moving", mode="walk", x=40, y=0)
    fight.encounter.act(
        fight.encounter.ruleset.parse_action(
            {"actor": "gm", "do": "override", "target": "ada", "position": {"x": 7, "y": -2}}
        )
    )
    assert (fight.get("ada").x, fight.get("ada").y, fight.get("ada").motion) == (7, -2, None)
    assert fight.events(Moved)[-1].why == "placed by the GM"


def test_an_ambusher_acts_before_tick_1_and_pays_will() -> None:
    """L1440: "one member of the Ambushing side ... gets a free, Pre-Initiative action";
    L229 Will is spent on "Initiating Combat". Gap 31: its cost is added to its
    initiative tick."""
    ada = walker("ada", "a", start=3)
    fight = Fight(
        ada,
        walker("bo", "b", x=1, start=2),
        dice=[9, 9, 9],
        options={
            "ambush": {
                "by": "ada",
                "action": {"do": "strike", "target": "bo", "weapon": "knife", "reaction": "none"},
            }
        },
    )
    assert fight.events(WillSpent)[0].why == "initiating combat"
    assert fight.clock.next_tick("ada") == 3 + 5
    assert fight.state.actor == "bo"


def test_an_ambush_that_cannot_happen_is_refused_at_setup() -> None:
    with pytest.raises(ScenarioError, match=r"options\.ambush\.action"):
        Fight(
            walker("ada", "a"),
            walker("bo", "b", x=30),
            options={
                "ambush": {
                    "by": "ada",
                    "action": {"do": "strike", "target": "bo", "weapon": "knife"},
                }
            },
        )
