"""The unarmed strikes and counters that need grapples, prone or Will (fw-grapple): Headbutt,
Trip Kick, Leap Kick, Nerve Strike, Catch Strike, Defensive Throw, Throw and Disarm; prone
on the melee chart; the top yielding; shooting into a grapple. Scripted dice, faces 1-10.
"""

from __future__ import annotations

from fracas.rulesets.fatewalker.events import (
    KnockedOut,
    Moved,
    PoolRolled,
    PostureSet,
    ShotTaken,
    Struck,
    Wounded,
)
from fracas.rulesets.fatewalker.grapple_events import GroundEnded, WeaponDropped
from fracas.rulesets.fatewalker.rules import melee
from tests.rulesets.fatewalker.helpers import KNIFE, Fight, walker

SKILLS = {"unarmed": 5, "strength": 4, "agility": 4, "observe": 3, "stamina": 2}


def ada(**extra: object) -> dict[str, object]:
    """Prowess 4, Unarmed 5, Agility 4, Strength 4, unarmed."""
    skills = {**SKILLS, **extra.pop("skills", {})}  # type: ignore[dict-item]
    attributes = {"prowess": 4, "awareness": 4, **extra.pop("attributes", {})}  # type: ignore[dict-item]
    return walker("ada", "a", attributes=attributes, skills=skills, weapons=(), **extra)


def bo(**extra: object) -> dict[str, object]:
    extra.setdefault("weapons", ())
    extra.setdefault("start", 50)
    return walker("bo", "b", x=1, **extra)  # type: ignore[arg-type]


def test_a_headbutt_hurts_both_and_ignores_armor_without_helmets() -> None:
    """L3644: "The attacker takes half of the damage done ... Armor for purposes of reducing
    damage only applies (to either side) if helmets are worn." Prowess 4 - 2 = 2 dice; 5x1
    @6 promoted twice is 2x3/3x1, chain's Deflection 4 left out: 6 + 1 = 7 stun to bo, 3 to
    ada."""
    fight = Fight(ada(), bo(armor="chain"), dice=[1, 1, 1, 1, 1, 9, 9])
    fight.act("ada", "headbutt", target="bo", reaction="none")
    assert fight.events(Struck)[-1].pool == "2x3/3x1"
    hurt = [(e.target, e.amount) for e in fight.events(Wounded)]
    assert hurt == [("bo", 7), ("ada", 3)]
    assert fight.clock.next_tick("ada") == 6


def test_a_headbutt_into_a_helmet_meets_the_armor_and_costs_more() -> None:
    """L3644: "headbutting someone wearing a helmet will cause the attacker to take an
    additional 1-3 damage": bo's helmet 2 lets chain count (5x1 +2 -4 = 3x1 @6, Absorb 1)."""
    fight = Fight(ada(), bo(armor="chain", helmet=2), dice=[1, 1, 1, 1, 1])
    fight.act("ada", "headbutt", target="bo", reaction="none")
    assert fight.events(Struck)[-1].pool == "3x1"
    hurt = [(e.target, e.amount) for e in fight.events(Wounded)]
    assert hurt == [("bo", 2), ("ada", 3)]
    fight = Fight(ada(), bo(), dice=[1, 1])
    fight.refuse("ada", "headbutt", "cannot be blocked", target="bo", reaction="block")


def test_a_trip_kick_fells_a_target_that_loses_its_footing() -> None:
    """L3670: "the target must pass a Prowess(Agility): - (Normal damage taken) to avoid
    falling. If they fall they are prone and take additional damage (separate) instance equal
    to (margin of failure)x1 @5". 1 damage: bo rolls 2 dice at TN 2, none succeeds (option
    `footing`: 1 success passes); margin 2, so 2x1 more."""
    fight = Fight(ada(), bo(), dice=[1, 1, 9, 9, 9, 9, 9, 1, 9, 9, 9, 1, 1])
    fight.act("ada", "trip_kick", target="bo", reaction="none")
    footing = fight.events(PoolRolled)[-1]
    assert (footing.what, footing.dice, footing.tn) == ("footing", 2, 2)
    assert fight.get("bo").prone
    assert [e.amount for e in fight.events(Wounded)] == [1, 2]


def test_a_leap_kick_covers_speed_over_3_and_lands_beside_the_target() -> None:
    """L3700: "The attacker can cover their Speed / 3 meters with this attack": Speed 5 adds
    1.7 m to arm's length; Prowess(Agility): -2."""
    far = walker("bo", "b", x=3.7, start=50, weapons=())
    fight = Fight(ada(), far, dice=[1, 1, 9, 9, 9, 9, 9, 9])
    fight.refuse("ada", "leap_kick", "reaches", target="bo", reaction="none")
    fight = Fight(ada(), walker("bo", "b", x=3.5, start=50, weapons=()), dice=[1, 1, *[9] * 6])
    fight.act("ada", "leap_kick", target="bo", reaction="none")
    assert fight.events(Moved)[-1].x == 2.5
    assert fight.clock.next_tick("ada") == 12


def test_a_defensive_throw_answers_a_leap() -> None:
    """L3642: "counter to charge or leaping maneuvers. The penalty is -2 as a counter to
    unarmed attacks ... thrown (Net Successes / 2) meters ... falling damage equal to (Net
    Successes -2)x1 @5. If the maneuver resulted in 3 or more net successes the target is
    also prone"."""
    thrower = walker(
        "bo",
        "b",
        x=3,
        start=50,
        weapons=(),
        attributes={"prowess": 5},
        skills={"unarmed": 5, "strength": 2},
    )
    fight = Fight(ada(), thrower, dice=[9, 9, 1, 1, 1, 1])
    fight.act("ada", "leap_kick", target="bo", reaction="defensive_throw")
    assert fight.get("ada").prone
    assert fight.get("ada").x == 0.5  # landed at 2, thrown 1.5 m back
    assert fight.events(Wounded)[-1].target == "ada"


def test_a_nerve_strike_spends_will_as_fatigue() -> None:
    """L3724: "Resolves exactly as a martial strike, however for every 2 full points of
    damage that makes it through armor, the target also suffers 1 point of fatigue": 9
    points, 4 fatigue from Will 5."""
    striker = ada(attributes={"focus": 6}, skills={"unarmed": 6, "physick": 3})
    fight = Fight(striker, bo(attributes={"will": 5}), dice=[1, 1, 1, 1, 1, 1, 9, 9])
    fight.act("ada", "nerve_strike", target="bo", reaction="none")
    assert fight.get("bo").will_left == 1
    assert not fight.events(KnockedOut)


def test_a_catch_strike_turns_a_kick_into_a_grapple() -> None:
    """L3674: "Success on this maneuver results in a grapple of level equal to (Net Successes
    -1)": the catch's 4 against the kick's 1, net 3, grapple level 2: range 2."""
    kicker = walker("bo", "b", x=1, weapons=(), skills={"unarmed": 4, "agility": 2})
    fight = Fight(ada(start=4), kicker, dice=[1, 9, 9, 1, 1, 1, 1])
    fight.act("bo", "kick", target="ada", reaction="catch_strike")
    assert not fight.events(Struck)[-1].hit
    assert melee.melee_range(fight.state, "ada", "bo") == melee.GRAPPLE
    assert fight.clock.next_tick("ada") == 11


def test_a_catch_strike_with_no_success_takes_the_margin_too() -> None:
    """L3674: "Failure (0 successes on the maneuver) results in the full strike damage +
    Margin of failure": -2 against a punch, 2 dice, none succeeds: +2 damage."""
    puncher = walker("bo", "b", x=1, weapons=(), skills={"unarmed": 4, "agility": 2})
    fight = Fight(ada(start=4), puncher, dice=[1, 1, 9, 9, 9, 9, 9, 9, 9, 9])
    fight.act("bo", "strike", target="ada", reaction="catch_strike")
    assert fight.events(Wounded)[-1].amount == 2
    fight = Fight(ada(start=4), walker("bo", "b", x=1), dice=[1])
    fight.refuse(
        "bo",
        "strike",
        "unarmed strike or kick",
        target="ada",
        weapon="knife",
        reaction="catch_strike",
    )


def test_a_throw_sends_the_target_net_over_2_metres_and_down() -> None:
    """L3668: "The target is thrown (Net Successes /2) meters and the damage roll is equal
    to (Net successes)x1 @5. On 3 or more successes the target also lands prone"."""
    fight = Fight(ada(), bo(), dice=[1, 1, 1, 9, 1, 1, 9])
    fight.act("ada", "body_throw", target="bo", counter="none")
    assert fight.get("bo").x == 2.5
    assert fight.get("bo").prone
    assert fight.events(Wounded)[-1].amount == 2
    assert fight.clock.next_tick("ada") == 12


def test_a_disarm_needs_a_grapple_and_drops_the_weapon() -> None:
    """L3696: "The disarm maneuver requires a grapple/takedown/hold"; the weapon's size
    counts (the knife is M: 0)."""
    fight = Fight(ada(), bo(weapons=(KNIFE,)), dice=[1, 1, 1, 1, 9])
    fight.refuse("ada", "disarm", "needs a grapple", target="bo", counter="none")
    fight.act("ada", "grapple", target="bo", counter="none")
    assert melee.melee_range(fight.state, "ada", "bo") == melee.CONTACT
    fight.act("ada", "disarm", target="bo", counter="none")
    assert fight.events(WeaponDropped)[-1].weapon == "knife"
    assert fight.get("bo").weapons == ()


def test_prone_feeds_the_melee_chart() -> None:
    """L1620-1624: "Attacker Prone || -2", "Target Prone || +1": 4 dice become 5 against a
    prone target, and 2 from the ground."""
    fight = Fight(ada(start=2), bo(start=1), dice=[9] * 5)
    fight.act("bo", "go_prone")
    fight.act("ada", "strike", target="bo", reaction="none")
    assert fight.events(PoolRolled)[-1].dice == 5
    fight = Fight(ada(start=4), bo(start=10), dice=[9] * 2)
    fight.act("ada", "go_prone")
    fight.act("ada", "strike", target="bo", reaction="none")
    assert fight.events(PoolRolled)[-1].dice == 2


def test_ground_fighters_fight_by_the_ground_rules() -> None:
    """L1662-1668: top and bottom have their own rules (the bottom's -1); the chart's prone
    rows are not added between them (option `ground_chart: chart_too` adds them)."""
    faces = [1, 1, 9, 9, 1, 1, 1, 9, 9, 9, 9, 9, 9, 9, 9, 9]
    for chart, dice in (("ground_rules", 4), ("chart_too", 3)):
        fight = Fight(ada(), bo(start=30), dice=faces, options={"ground_chart": chart})
        fight.act("ada", "grapple", target="bo", counter="none")
        fight.act("ada", "takedown", target="bo", counter="none")
        fight.act("ada", "strike", target="bo", reaction="none")
        assert fight.events(PoolRolled)[-1].dice == dice


def test_the_top_who_evades_someone_else_yields_the_ground() -> None:
    """L1666: Top Position "Cannot evade attacks from anyone but bottom without immediate
    yielding ground combat"."""
    carl = walker("carl", "b", y=1, start=15)
    faces = [1, 1, 9, 9, 1, 1, 1, 9, 9, 1, 9, 9, 9, 9, 9, 9, *[9] * 7]
    fight = Fight(ada(), bo(start=30), carl, dice=faces)
    fight.act("ada", "grapple", target="bo", counter="none")
    fight.act("ada", "takedown", target="bo", counter="none")
    fight.act("carl", "strike", target="ada", weapon="knife", reaction="dodge")
    assert fight.events(GroundEnded)
    assert fight.get("ada").ground is None and fight.get("bo").ground is None
    assert fight.events(PostureSet)[-1].prone


def test_a_shot_into_a_grapple_takes_another_die() -> None:
    """L1658: "Ranged attacks against someone in any kind of grapple combat (ranges 1-3) are
    at an additional -1"."""
    pistol = {"id": "pistol", "damage": "3x3", "speed": 4, "ranges": [10, 20, 40]}
    carl = walker("carl", "a", x=6, start=2, weapons=(pistol,), skills={"ranged": 5})
    fight = Fight(ada(), bo(), carl, dice=[1, 1, 9, 9, 9, 9, 9])
    fight.act("ada", "grapple", target="bo", counter="none")
    fight.act("carl", "shoot", target="bo", weapon="pistol")
    mods = dict(fight.events(ShotTaken)[-1].modifiers)
    assert mods["target in melee"] == -1
    assert mods["target in a grapple"] == -1
