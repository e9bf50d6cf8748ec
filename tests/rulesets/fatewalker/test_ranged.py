"""Range, visibility and shooting with scripted dice (Dramatic Scenes, "Range and
Visibility" L1494-1538, "Ranged Combat" L1539-1587, melee rules L1657-1659, "Situational
Awareness" L1460-1467; Actions and Maneuvers, "Ranged Actions" L3325-3419, "Take Cover").
Dice order: the shooter's pool, then the damage dice. Faces are a d10's 1-10; 10 reads 0."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from fracas.rulesets.fatewalker.events import AimTaken, Noticed, ShotTaken, Struck
from fracas.rulesets.fatewalker.rules import ranged, visibility
from fracas.rulesets.fatewalker.scene import Lamp, Scene
from tests.rulesets.fatewalker.helpers import Fight, walker

CARBINE = {
    "id": "carbine",
    "damage": "3x1",
    "type": "slug",
    "speed": 5,
    "ranges": [15, 40, 80],
    "magazine": 2,
    "reload": 6,
}
"""Example data: the seed tabulates no weapons."""


def shooter(**extra: Any) -> dict[str, Any]:
    """Prowess 3, Ranged 5, Observe 2, the carbine; Visible Range 25."""
    return walker(
        "ada",
        "a",
        weapons=[CARBINE],
        **{"skills": {"ranged": 5, "observe": 2, "agility": 3}, **extra},
    )


def mark(x: float = 10, start: int = 60, **extra: Any) -> dict[str, Any]:
    return walker("bo", "b", x=x, start=start, weapons=[], **extra)


def _mods(fight: Fight) -> dict[str, int]:
    return dict(fight.events(ShotTaken)[-1].modifiers)


def test_visible_range_bands_and_the_summed_percentages() -> None:
    """L1503-1509: 0-VR Short, VR-2xVR Medium, 2x-5x Long, 5x-10x Extreme; the digest's
    derived vector: Visible Range 20 in fog (-50%) on a Small target (-25%) leaves 5."""
    assert [visibility.sight_band(m, 20) for m in (20, 40, 100, 200, 201)] == [0, 1, 2, 3, None]
    fight = Fight(shooter(visible_range=20), mark(attributes={"size": 6}))
    ada, bo = fight.get("ada"), fight.get("bo")
    foggy = replace(fight.state, arena=Scene(weather="fog"))
    assert visibility.visible_range(foggy, ada, bo, "sum") == pytest.approx(5)
    assert visibility.visible_range(foggy, ada, bo, "product") == pytest.approx(7.5)


def test_darkness_is_eased_by_light_illumination_and_infrared() -> None:
    """L1515-1524: Dark Night -75%; "Target Well Illuminated: Ignore darkness-based range
    penalties"; "some illumination: Halve"; "Lighting: No darkness penalties within range of
    illumination"; "IR Imaging: Reduce all darkness penalties to -25%"."""
    fight = Fight(shooter(), mark())
    dark = replace(fight.state, arena=Scene(light="dark_night"))
    ada, bo = fight.get("ada"), fight.get("bo")
    assert visibility.darkness_percent(dark, ada, bo) == 75
    assert visibility.darkness_percent(dark, ada, replace(bo, illumination="some")) == 37
    assert visibility.darkness_percent(dark, ada, replace(bo, illumination="well")) == 0
    assert (
        visibility.darkness_percent(
            dark, replace(ada, optics=ada.optics.model_copy(update={"infrared": True})), bo
        )
        == 25
    )
    lit = replace(fight.state, arena=Scene(light="dark_night", lights=(Lamp(x=9, y=0, radius=2),)))
    assert visibility.darkness_percent(lit, ada, bo) == 0


def test_target_speed_penalties() -> None:
    """L1575-1581: Target Moving 8+ -1, 14+ -2, 20+ -3, "Every 20+ beyond 20 -1" (gap 29);
    the digest's vector 14: 8 m per 6 ticks is about 10 kph."""
    assert [ranged.target_moving_dice(r) for r in (5, 8, 14, 20, 39, 40, 60)] == [
        0,
        -1,
        -2,
        -3,
        -3,
        -4,
        -5,
    ]


def test_a_shot_at_short_range_on_a_still_target_and_its_hit() -> None:
    """L1557 Short Range +1; L1569 Target Immobile +1 (option `immobile`); Shoot is
    Prowess(Ranged) at the weapon's speed; 2 successes hit, net successes promote."""
    fight = Fight(shooter(), mark(), dice=[1, 1, 9, 9, 9, 9, 9, 9])
    fight.act("ada", "shoot", target="bo", weapon="carbine")
    assert _mods(fight) == {"short range": 1, "target immobile": 1}
    assert fight.events(ShotTaken)[0].band == "short"
    struck = fight.events(Struck)[0]
    assert (struck.successes, struck.hit) == (2, True)
    assert fight.clock.next_tick("ada") == 6
    assert fight.get("ada").rounds_fired("carbine") == 1


def test_a_walking_shooter_a_running_target_a_long_shot() -> None:
    """L1553 Attacker Walking -1; L1561 Long Range -2 (40-80 m for this carbine); L1575
    Target Moving 8+ -1."""
    runner = walker("bo", "b", x=50, start=2, weapons=[])
    fight = Fight(shooter(attributes={"prowess": 6}), runner, dice=[9] * 6)
    fight.act("ada", "begin_moving", mode="walk", x=0, y=30)
    fight.act("bo", "begin_moving", mode="run", x=100, y=0)
    fight.act("ada", "shoot", target="bo", weapon="carbine")
    assert _mods(fight) == {"attacker walking": -1, "long range": -2, "target moving 10": -1}


def test_out_of_range_or_out_of_sight_is_refused() -> None:
    """L1495: "Maximum Effective range is calculated as 2x Long range"; beyond 10x Visible
    Range nothing is seen."""
    fight = Fight(shooter(), mark(x=161))
    fight.refuse("ada", "shoot", "reaches 160 m", target="bo", weapon="carbine")
    fight = Fight(shooter(visible_range=5), mark(x=60))
    fight.refuse("ada", "shoot", r"sees 50\.0 m", target="bo", weapon="carbine")


def test_the_worse_of_weapon_and_eyesight_sets_the_band() -> None:
    """L1495: "For the purposes of penalties the character suffers the worst of the two"."""
    fight = Fight(shooter(visible_range=5), mark(x=12), dice=[9, 9, 9])
    fight.act("ada", "shoot", target="bo", weapon="carbine")
    assert fight.events(ShotTaken)[0].band == "long"  # 12 m: weapon short, eyes 2x-5x


def test_prone_high_ground_and_cover() -> None:
    """L1545 Attacker Prone (Firearm) +2; L1549 High Ground +1 (3 m above); L1583 Target
    50% cover -2 around it; L1585 "Shooting through 50/90% cover -1/-2"."""
    ada = shooter(position={"x": 0, "y": 0, "z": 4}, attributes={"prowess": 6})
    fight = Fight(ada, mark(start=2), dice=[9] * 9)
    fight.act("ada", "go_prone")  # tick 1, next 3
    fight.act("bo", "take_cover", cover=50, barrier=3)  # tick 2
    fight.act("ada", "shoot", target="bo", weapon="carbine")
    assert _mods(fight) == {
        "attacker prone": 2,
        "high ground": 1,
        "short range": 1,
        "target immobile": 1,
        "around 50% cover": -2,
    }


def test_a_barrier_shot_through_demotes_like_deflection() -> None:
    """L1590: "Barrier simply functions as Armor-Deflection against any attack going through
    it equal to it's rating": 2 net successes promote, a barrier of 2 takes them back."""
    bo = mark(start=2, attributes={"awareness": 2})
    dice = [9] * 6 + [1, 1, 9, 9, 9] + [9, 9, 9]
    fight = Fight(shooter(attributes={"prowess": 4}), bo, dice=dice)
    fight.act("ada", "shoot", target="bo", weapon="carbine")  # tick 1: a miss, next 6
    fight.act("bo", "take_cover", cover=50, barrier=2)  # tick 2, next 5
    fight.end("bo")
    fight.act("ada", "shoot", target="bo", weapon="carbine", cover="through")
    assert _mods(fight)["through 50% cover"] == -1
    assert fight.events(Struck)[-1].pool == "3x1"


def test_aim_adds_a_die_only_to_the_shot_that_follows() -> None:
    """L3349: Aim "Adds a +1 ... The shoot action must immediately follow the aim"; the
    bonus is capped by Observe; Basic Aim combines with no other aim."""
    fight = Fight(shooter(), mark(), dice=[9] * 7)
    fight.act("ada", "aim")
    assert fight.events(AimTaken)[0].bonus == 1
    fight.act("ada", "aim")  # tick 5: +2, the Observe 2 cap
    fight.refuse("ada", "aim", "the most its Observe 2 allows")
    fight.refuse("ada", "aim", "combines with no other aim", basic=True)
    fight.act("ada", "shoot", target="bo", weapon="carbine")
    assert _mods(fight)["aim"] == 2


def test_an_aim_is_lost_if_anything_comes_between() -> None:
    fight = Fight(shooter(), mark(), dice=[9] * 5)
    fight.act("ada", "aim")  # ready at tick 5
    fight.end("ada")  # waiting is something else: the shot comes at 6
    fight.act("ada", "shoot", target="bo", weapon="carbine")
    assert "aim" not in _mods(fight)


def test_empty_then_reload_by_the_table() -> None:
    """L3369-3372 (the digest's vectors 15 and 16): Reload 0 successes drop the load, 1 adds
    5 ticks, 2 add 3, 3 add 1, 4+ the base time; Quick Reload 1 +3, 2 normal, 3-4 -1, 5+
    -2."""
    assert [ranged.reload_ticks(6, s, False) for s in range(5)] == [None, 11, 9, 7, 6]
    assert [ranged.reload_ticks(6, s, True) for s in range(1, 6)] == [9, 6, 5, 5, 4]
    fight = Fight(shooter(), mark(), dice=[9] * 10 + [1, 1, 9])
    fight.act("ada", "shoot", target="bo", weapon="carbine")
    fight.act("ada", "shoot", target="bo", weapon="carbine")
    fight.refuse("ada", "shoot", "empty: reload", target="bo", weapon="carbine")
    fight.act("ada", "reload", weapon="carbine")  # Focus 3 at Agility 3: 2 successes
    assert fight.get("ada").rounds_fired("carbine") == 0
    assert fight.clock.next_tick("ada") == 11 + 9


def test_a_miss_into_a_melee_strays_when_the_margin_is_the_melee_range(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """L1657: "Ranged attacks against someone in any kind of melee combat are at -1";
    L1659: those "which miss hit the other person if margin of failure is equal to current
    melee range" (margin: 2 - successes, gap 12)."""
    cy = walker("cy", "a", x=11, start=60, weapons=[])
    monkeypatch.setattr(ranged, "in_melee", lambda state, target: ("cy", 1))
    fight = Fight(shooter(), mark(), cy, dice=[1, 9, 9, 9, 9, 9, 9])
    fight.act("ada", "shoot", target="bo", weapon="carbine")
    assert _mods(fight)["target in melee"] == -1
    hits = [(s.target, s.hit) for s in fight.events(Struck)]
    assert hits == [("bo", False), ("cy", True)]


def test_the_unaware_notice_a_fight_within_twice_their_awareness() -> None:
    """L1465: characters "see all non-stealth activity ... up to (2x Awareness) meters";
    with option `notice: senses` the unaware join when a fighter is that close."""
    sentry = walker("cy", "b", x=7, start=None, aware_at=50, attributes={"awareness": 3})
    fight = Fight(shooter(), sentry, mark(x=40), options={"notice": "senses"}, dice=[9, 9, 9])
    assert fight.events(Noticed) == []  # 7 m > 6 m
    fight.act("ada", "begin_moving", mode="walk", x=5, y=0)
    fight.end("ada", "ada", "ada", "ada")
    assert [n.combatant for n in fight.events(Noticed)] == ["cy"]


@pytest.mark.parametrize(("melee_range", "strays"), [(1, False), (3, True)])
def test_under_failed_dice_a_stray_reads_the_dice_that_failed(
    monkeypatch: pytest.MonkeyPatch, melee_range: int, strays: bool
) -> None:
    """L1659: a miss into a melee hits "the other person if margin of failure is equal to
    current melee range"; with option `margin: failed_dice` (gap 12, reading B) the margin
    of 1 success on 4 dice is the 3 dice that failed, not 2 - 1."""
    cy = walker("cy", "a", x=11, start=60, weapons=[])
    monkeypatch.setattr(ranged, "in_melee", lambda state, target: ("cy", melee_range))
    dice = [1, 9, 9, 9] + ([9, 9, 9] if strays else [])
    fight = Fight(shooter(), mark(), cy, dice=dice, options={"margin": "failed_dice"})
    fight.act("ada", "shoot", target="bo", weapon="carbine")
    hits = [(s.target, s.hit) for s in fight.events(Struck)]
    assert hits == [("bo", False), ("cy", True)] if strays else [("bo", False)]
    assert fight.dice_left == 0
