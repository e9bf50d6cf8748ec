"""Grapples, ground combat and holds (fw-grapple), with scripted dice (Dramatic Scenes
L1636-1668; Actions and Maneuvers, the unarmed table L3557-3730).

Dice order: the maneuver's pool, the counter's, then damage. Faces are a d10's 1-10, a
success under the TN; a 10 reads 0. Both fighters are unarmed, so their pair starts at
Medium (5), "the default unarmed combat range".
"""

from __future__ import annotations

from fracas.rulesets.fatewalker.events import (
    PoolRolled,
    Wounded,
)
from fracas.rulesets.fatewalker.grapple_events import Grappled, GroundEnded, HoldSet
from fracas.rulesets.fatewalker.rules import ground, melee
from tests.rulesets.fatewalker.helpers import Fight, walker

GRAPPLER = {"prowess": 4, "focus": 4, "awareness": 4}
GRAPPLER_SKILLS = {"unarmed": 5, "strength": 3, "agility": 3, "observe": 3}


def ada(**extra: object) -> dict[str, object]:
    """Prowess 4, Focus 4, Unarmed 5 (TN 5), every grapple requisite met, unarmed."""
    return walker("ada", "a", attributes=GRAPPLER, skills=GRAPPLER_SKILLS, weapons=(), **extra)


def bo(start: int = 50, **extra: object) -> dict[str, object]:
    """Prowess 3, no unarmed skill (no counter worth taking), 1 m away, acting late."""
    return walker("bo", "b", x=1, start=start, weapons=(), **extra)


def range_of(fight: Fight) -> int:
    return melee.melee_range(fight.state, "ada", "bo")


def test_a_grapple_locks_a_standing_grapple_net_minus_one_levels() -> None:
    """L3650: "When successfully completed this maneuver locks the two combatants in a
    standing grapple"; gap 18: net 3 tightens 2 levels (Catch Strike's "net - 1") from
    Short, so Medium (5) becomes Grapple (2). 8 ticks."""
    fight = Fight(ada(), bo(), dice=[1, 1, 1, 9])
    fight.act("ada", "grapple", target="bo", counter="none")
    assert range_of(fight) == melee.GRAPPLE
    assert fight.clock.next_tick("ada") == 9
    assert ground.in_grapple(fight.state, fight.get("bo"))


def test_a_grapple_by_two_a_step_by_option() -> None:
    """Option `grapple_steps: per_two`: a level per 2 net successes, as Engage moves."""
    fight = Fight(ada(), bo(), dice=[1, 1, 1, 9], options={"grapple_steps": "per_two"})
    fight.act("ada", "grapple", target="bo", counter="none")
    assert range_of(fight) == melee.CONTACT


def test_a_slip_loosens_a_level_per_net_success() -> None:
    """L3662: "Net successes on the maneuver reduce the grapple level"; the grappler's
    reactive Grapple (L3652 "a grapple maneuver can be performed as a reaction to an
    initiated Slip") cancels successes. Slip 3 - grapple 1 = 2 levels: Grapple (2) opens to
    Short (4), out of grappling. The reactive grapple's 8 ticks go onto ada's next tick."""
    fight = Fight(
        ada(),
        bo(start=5, skills={"unarmed": 5, "agility": 2}),
        dice=[1, 1, 1, 9, 1, 1, 1, 1, 9, 9, 9],
    )
    fight.act("ada", "grapple", target="bo", counter="none")
    fight.act("bo", "slip", target="ada", counter="grapple")
    slipped = fight.events(Grappled)[-1]
    assert (slipped.successes, slipped.against, slipped.net) == (3, 1, 2)
    assert range_of(fight) == melee.SHORT
    assert not ground.in_grapple(fight.state, fight.get("bo"))
    assert fight.clock.next_tick("ada") == 17


def _takedown(net_faces: list[int], damage: list[int], **options: object) -> Fight:
    """ada grapples bo to Contact (2 successes), then takes it down at tick 9 with the
    grapple bonus (+1 die at level 1): 5 dice."""
    fight = Fight(ada(), bo(), dice=[1, 1, 9, 9, *net_faces, *damage], options=options)
    fight.act("ada", "grapple", target="bo", counter="none")
    assert range_of(fight) == melee.CONTACT
    fight.act("ada", "takedown", target="bo", counter="none")
    return fight


def test_a_takedown_with_net_3_and_net_5() -> None:
    """Worked example 20 (L3672): "It takes 3 net successes to succeed on the takedown.
    Damage is equal to (net successes)x1 @5"; "Grapple bonuses are applied" (+1 at Contact,
    so 5 dice). Net 3: 3x1, both prone, ada on top at ground level 3; net 5: 5x1 at level 1
    (gap 18, "net successes -3" levels tighter than 3)."""
    fight = _takedown([1, 1, 1, 9, 9], [1, 1, 9])
    rolled = fight.events(PoolRolled)[-1]
    assert (rolled.what, rolled.dice) == ("takedown", 5)
    assert fight.get("ada").ground == ("bo", True)
    assert fight.get("bo").ground == ("ada", False)
    assert fight.get("ada").prone and fight.get("bo").prone
    assert range_of(fight) == 3
    assert fight.events(Wounded)[-1].amount == 2
    assert fight.clock.next_tick("ada") == 19
    fight = _takedown([1, 1, 1, 1, 1], [1, 1, 1, 1, 9])
    assert range_of(fight) == 1
    assert fight.events(Wounded)[-1].amount == 4


def test_a_takedown_short_of_3_net_fails_and_the_level_can_start_at_3() -> None:
    """L3672: 3 net successes or nothing; option `takedown_level: three` always starts at 3."""
    fight = _takedown([1, 1, 9, 9, 9], [])
    assert not fight.events(Grappled)[-1].success
    assert fight.get("bo").ground is None and not fight.get("bo").prone
    fight = _takedown([1, 1, 1, 1, 1], [1, 1, 1, 1, 9], takedown_level="three")
    assert range_of(fight) == 3


def test_a_sprawl_cancels_a_takedown() -> None:
    """L3690: "The sprawl is a specialized defense specifically designed to stop the
    Takedown attack": Prowess(Agility): +2, 6 ticks; its successes come off the takedown's."""
    fight = Fight(
        ada(),
        bo(start=20, skills={"unarmed": 4, "agility": 5}),
        dice=[1, 1, 9, 9, 1, 1, 1, 1, 9, 1, 9, 9, 9, 9, 9, 9, 9],
    )
    fight.act("ada", "grapple", target="bo", counter="none")
    fight.act("ada", "takedown", target="bo", counter="sprawl")
    sprawled = fight.events(PoolRolled)[-1]
    assert (sprawled.what, sprawled.dice) == ("sprawl", 5)
    result = fight.events(Grappled)[-1]
    assert (result.successes, result.against, result.success) == (4, 1, True)
    assert fight.clock.next_tick("bo") == 26


def test_the_bottom_sweeps_back_to_its_feet() -> None:
    """L1664: "Sweep maneuvers from the bottom can increase this number, with escape
    essentially occurring whenever the group combat reaches 4"; L3668 "potentially standing
    both combatants up". Bottom: "-1 to all maneuvers" (Focus 3 - 1 = 2 dice)."""
    fight = Fight(
        ada(),
        bo(start=15, skills={"unarmed": 5, "agility": 3}),
        dice=[1, 1, 9, 9, 1, 1, 1, 9, 9, 1, 1, 9, 1, 1],
    )
    fight.act("ada", "grapple", target="bo", counter="none")
    fight.act("ada", "takedown", target="bo", counter="none")
    assert range_of(fight) == 3
    fight.act("bo", "sweep", target="ada", counter="none")
    swept = fight.events(PoolRolled)[-1]
    assert (swept.what, swept.dice) == ("sweep", 2)
    assert fight.events(GroundEnded)
    assert not fight.get("ada").prone and not fight.get("bo").prone
    assert range_of(fight) == melee.SHORT


def test_the_bottom_cannot_stand_up_and_the_top_cannot_sweep() -> None:
    """Ground combat is left by a Sweep or Slip; a sweep "is used by the bottom"."""
    fight = Fight(ada(), bo(start=15), dice=[1, 1, 9, 9, 1, 1, 1, 9, 9, 1, 1, 9])
    fight.act("ada", "grapple", target="bo", counter="none")
    fight.act("ada", "takedown", target="bo", counter="none")
    fight.refuse("bo", "stand_up", "ground combat with ada: sweep or slip out")
    fight.refuse("bo", "grapple", "on the bottom", target="ada")
    fight.end("bo")
    assert ground.burden(fight.state, fight.get("bo"), "strike") == ground.BOTTOM


def test_holds_build_a_hold_value() -> None:
    """Worked example 19 (L3686): "a third type of grapple position (the hold), with a value
    equal to (net successes) /2, round up"; "Successive hold maneuvers ... receive a bonus
    equal to the current Hold value": net 3 gives 2, then net 4 (6 dice) gives 2 + 2 = 4.
    Damage 3x1 promoted by net against halved Deflection, as stun."""
    fight = Fight(
        ada(),
        bo(),
        dice=[1, 1, 9, 9, 1, 1, 1, 9, 1, 1, 9, 1, 1, 1, 1, 9, 9, 9, 9, 9],
    )
    fight.act("ada", "grapple", target="bo", counter="none")
    fight.act("ada", "lock", target="bo", counter="none")
    assert fight.get("bo").held == ("ada", 2)
    assert fight.events(Wounded)[-1].amount == 6  # 3x3: two dice of three succeed
    fight.act("ada", "lock", target="bo", counter="none")
    assert fight.events(PoolRolled)[-1].dice == 6
    assert [e.value for e in fight.events(HoldSet)] == [2, 4]
    assert ground.burden(fight.state, fight.get("bo"), "strike") == ground.HELD
    assert ground.burden(fight.state, fight.get("bo"), "slip") == 0
    fight.refuse("bo", "begin_moving", "in ada's hold: slip out", x=5, y=0)


def test_a_failed_hold_frees_the_defender() -> None:
    """L3684: "If the hold fails then the defender escapes and the two combatants are now
    adjacent": out of the grapple, at Short."""
    fight = Fight(ada(), bo(), dice=[1, 1, 9, 9, 1, 9, 9, 9])
    fight.act("ada", "grapple", target="bo", counter="none")
    fight.act("ada", "lock", target="bo", counter="none")
    assert range_of(fight) == melee.SHORT
    fight.refuse("ada", "lock", "needs a grapple", target="bo")


def test_a_choke_turns_damage_into_fatigue_and_an_empty_will_passes_out() -> None:
    """L3694: "for every 2 full points of damage that makes it through armor, the target also
    suffers 1 point of fatigue. If they run out of Will they immediately pass out" (the Will
    track holds the fatigue). 3x1 promoted by 3 is 3x3: 9 points, 4 fatigue; Will 3 runs out."""
    fight = Fight(ada(), bo(attributes={"will": 3}), dice=[1, 1, 9, 9, 1, 1, 1, 9, 1, 1, 1])
    fight.act("ada", "grapple", target="bo", counter="none")
    fight.act("ada", "choke_hold", target="bo", counter="none")
    assert fight.get("bo").will_left == 0
    assert fight.get("bo").status == "unconscious"
