"""Mounts (seed 004, the mount paragraphs; POOLS-39..42)."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.errors import ScenarioError
from fracas.core.events import TurnSkipped
from fracas.rulesets.pools.events import Dismounted, FallBegan
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier


def horse(sid: str = "horse", distance: int = 2, **extra: Any) -> dict[str, Any]:
    """A creature that can be ridden: speed 3, bears a load of 2 at full speed."""
    fields: dict[str, Any] = {"speed": 3, "carry": 2, "weapons": [], **extra}
    return soldier(sid, "a", distance, **fields)


def test_mounting_takes_the_whole_turn() -> None:
    """ "It takes one turn to mount or dismount a creature." (P43: neither the action nor a
    ride is left that turn.)"""
    fight = Fight(soldier("ada", "a", 2), horse(), soldier("rook", "b", 8))
    fight.act("ada", "mount", target="horse")
    assert (fight.get("ada").riding, fight.get("horse").ridden_by) == ("horse", "ada")
    fight.refuse("ada", "move", "mounted horse this turn; mounting takes the whole turn", to=3)
    fight.refuse("ada", "attack", "used this turn's one action", target="rook")


def test_only_a_willing_mount_at_distance_zero() -> None:
    """ "When mounting a mountable creature ... provided they are willing" (P43: a creature
    with `carry`, of the rider's side, at the same place)."""
    fight = Fight(
        soldier("ada", "a", 2),
        horse(distance=3),
        soldier("bea", "a", 2),
        soldier("rook", "b", 2, speed=3, carry=2),
    )
    fight.refuse("ada", "mount", "horse is not at distance 0 from ada", target="horse")
    fight.refuse("ada", "mount", "bea cannot be ridden: its sheet gives no `carry`", target="bea")
    fight.refuse("ada", "mount", "rook is on side b: only a willing creature", target="rook")
    fight.refuse("ada", "mount", "ada cannot mount itself", target="ada")
    fight.refuse("ada", "dismount", "ada rides nothing")


def test_the_mount_moves_at_its_speed_and_moving_is_free() -> None:
    """ "it is the creature that does the moving instead. It uses their speed values" and
    "Whilst mounted, moving becomes free, as it is your mount that is moving, not you." """
    fight = Fight(soldier("ada", "a", 2, riding="horse"), horse(), soldier("rook", "b", 8))
    fight.act("ada", "move", to=3)
    fight.act("ada", "move", to=4)
    fight.act("ada", "move", to=5)
    assert fight.get("ada").acted is False
    assert (fight.get("ada").distance, fight.get("horse").distance) == (5, 5)
    fight.refuse("ada", "move", "horse carries ada 3 a turn .*; 3 used, so at most 0 more", to=6)


def test_weight_and_gear_and_the_heavy_perk_slow_the_mount() -> None:
    """ "your weight plus your gear's weight affects it. Carrying a lot of stuff, or having
    the Heavy perk, will affect your mount." (P42: each point of load over `carry` takes 1
    off the speed; rifle 1 + knife 1 + Heavy 2 = 4, over a carry of 2 by 2.)"""
    fight = Fight(
        soldier("ada", "a", 2, riding="horse", perks=["heavy"]), horse(), soldier("rook", "b", 8)
    )
    fight.act("ada", "move", to=3)
    fight.refuse("ada", "move", r"speed 3 - \(load 4 - carry 2, at least 0\) = 1", to=4)


@pytest.mark.parametrize(("load", "steps"), [("over_carry", 1), ("ignore", 3)])
def test_the_mount_load_option(load: str, steps: int) -> None:
    """P42 `mount_load: ignore`: the load changes nothing."""
    fight = Fight(
        soldier("ada", "a", 0, riding="horse", perks=["heavy"]),
        horse(distance=0),
        soldier("rook", "b", 8),
        options={"mount_load": load},
    )
    for to in range(1, steps + 1):
        fight.act("ada", "move", to=to)
    fight.refuse("ada", "move", "at most 0 more", to=steps + 1)


def test_a_rider_may_attack_in_the_middle_of_the_move() -> None:
    """ "You may perform attacks at any point during movement: at the start, in the middle,
    or after. This means you can move up to someone, attack them, and then move away." (The
    foe left at distance 0 still takes its free attack, at the rider.)"""
    fight = Fight(
        soldier("ada", "a", 2, riding="horse"),
        horse(),
        soldier("rook", "b", 4, strength=2),
        dice=[HIT, HIT, MISS, MISS, MISS, MISS, HIT, MISS],
        # ada's knife: 2 successes against rook's 0; rook's free attack: 0 against ada's 1
    )
    fight.act("ada", "move", to=3)
    fight.act("ada", "move", to=4)
    fight.act("ada", "attack", target="rook", weapon="knife")
    fight.act("ada", "move", to=5)
    assert fight.damage() == [("rook", 2, 8)]
    assert [(c.initiator, c.winner) for c in fight.contests()] == [("ada", "ada"), ("rook", "ada")]
    assert (fight.get("ada").distance, fight.get("horse").distance) == (5, 5)
    assert fight.dice_left == 0


def test_the_ridden_creature_gives_up_its_turns() -> None:
    """ "If the mounted creature is a player, they give up their actions and let you take
    control instead ... The mounted player cannot act on their own anymore" (P43: its turns
    are skipped while ridden; they come back on dismounting)."""
    fight = Fight(soldier("ada", "a", 2), horse(), soldier("rook", "b", 8))
    fight.act("ada", "mount", target="horse")
    fight.end("ada")
    assert [e.combatant for e in fight.events(TurnSkipped)] == ["horse"]
    assert fight.state.actor == "rook"
    fight.end("rook")
    fight.act("ada", "dismount")
    fight.refuse("ada", "move", "used this turn's one action", to=3)
    fight.end("ada")
    assert fight.state.actor == "horse"
    assert (fight.get("ada").riding, fight.get("horse").ridden_by) == (None, None)


def test_a_mount_knocked_out_throws_its_rider() -> None:
    """P47: a rider or mount out of the fight ends the riding."""
    fight = Fight(soldier("ada", "a", 2, riding="horse"), horse(), soldier("rook", "b", 8))
    fight.encounter.act(
        fight.ruleset.parse_action({"actor": "gm", "do": "override", "target": "horse", "hp": 0})
    )
    assert [e.why for e in fight.events(Dismounted)] == ["horse is unconscious"]
    fight.act("ada", "move", to=3)  # on foot again: the turn's action
    assert fight.get("ada").acted


def test_a_flying_mount_carries_its_rider_up_and_a_throw_in_the_air_is_a_fall() -> None:
    """A rider steers a flying mount's altitude as part of the free move (P43); thrown in the
    air, a rider without wings falls (P47, POOLS-54)."""
    griffon = horse("griffon", perks=["flight"])
    fight = Fight(soldier("ada", "a", 2, riding="griffon"), griffon, soldier("rook", "b", 8))
    fight.act("ada", "fly", altitude=1)
    fight.act("ada", "move", to=3)
    assert [(fight.get(c).distance, fight.get(c).altitude) for c in ("ada", "griffon")] == [
        (3, 1),
        (3, 1),
    ]
    fight.refuse("ada", "fly", "give the mount's `altitude: N`, or `dismount`", stop=True)
    fight.act("ada", "dismount")
    assert [e.why for e in fight.events(FallBegan)] == ["cannot fly"]
    fight.end("ada", "griffon", "rook")  # the fall counts in ada's own turns
    assert fight.get("ada").altitude == 0
    assert fight.damage() == [("ada", 3, 7)]


def test_starting_mounted_is_checked() -> None:
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.riding: there is no combatant"):
        Fight(soldier("ada", "a", 2, riding="pony"), horse(), soldier("rook", "b", 8))
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.riding: horse stands elsewhere"):
        Fight(soldier("ada", "a", 1, riding="horse"), horse(), soldier("rook", "b", 8))
    with pytest.raises(ScenarioError, match=r"horse cannot fly .* so its rider starts on"):
        Fight(
            soldier("ada", "a", 2, altitude=1, riding="horse"),
            horse(altitude=1),
            soldier("rook", "b", 8),
        )
