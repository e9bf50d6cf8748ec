"""Thrown weapons, the missile defences, Evasive Running and shots into a melee on the range
ladder, with scripted dice (Actions and Maneuvers: Throw L3430, Careful Throw L3452/L3516,
Cobra Strike L3458/L3525, Parry Projectile L3552, Block Projectile L3724, Sidestep L3306,
Dodge Missile L3324, Evasive Running L3309; Dramatic Scenes L1657-1659).

Dice order: the thrower's (shooter's) pool, the defence's, the damage dice. Faces are a
d10's 1-10.
"""

from __future__ import annotations

from fracas.rulesets.fatewalker.events import (
    DamageRolled,
    EvasiveSet,
    MotionSet,
    PoolRolled,
    RangeChanged,
    ReactionTaken,
    RoundsCounted,
    ShotTaken,
    Struck,
)
from fracas.rulesets.fatewalker.rules import ranged
from tests.rulesets.fatewalker.helpers import Fight, walker

DAGGER = {
    "id": "dagger",
    "damage": "2x3",
    "size": "S",
    "speed": 4,
    "ranges": [5, 10, 20],
    "launcher": "thrown",
    "magazine": 2,
}
"""Example data: two throwing daggers (the seed tabulates no weapons)."""
CARBINE = {"id": "carbine", "damage": "3x1", "type": "slug", "speed": 5, "ranges": [15, 40, 80]}


def thrower(agility: int = 2) -> dict[str, object]:
    """Prowess 3, Weaponry 5, Observe 2: two daggers."""
    skills = {"weaponry": 5, "observe": 2, "agility": agility}
    return walker("ada", "a", weapons=[DAGGER], skills=skills)


def _mods(fight: Fight) -> dict[str, int]:
    return dict(fight.events(ShotTaken)[-1].modifiers)


def test_a_throw_rolls_weaponry_on_the_ranged_chart() -> None:
    """L3430 "Throw || None || Action || Prowess(Weaponry) || -": the chart's short range +1
    and target immobile +1 make 5 dice at TN 5; net 2 promotes 2x3 to 2x5. One dagger of
    two is thrown."""
    fight = Fight(thrower(), walker("bo", "b", x=4, start=20), dice=[1, 2, 9, 9, 9, 9, 9])
    fight.act("ada", "throw", target="bo", weapon="dagger", reaction="none")
    assert _mods(fight) == {"short range": 1, "target immobile": 1}
    assert fight.events(PoolRolled)[0].dice == 5
    assert fight.events(Struck)[0].pool == "2x5"
    assert fight.events(RoundsCounted)[0].fired == 1
    assert fight.clock.next_tick("ada") == 5


def test_careful_throw_and_cobra_strike() -> None:
    """L3452, L3458, L3525: Careful Throw "+1 || +2"; Cobra Strike "-1 || Ready + Weapon:
    -2", "Cannot make the attack faster than the base weapon speed": an S dagger readies in
    3 (L3256), so 4 + 3 - 2."""
    careful = Fight(thrower(), walker("bo", "b", x=4, start=20), dice=[9] * 6)
    careful.act("ada", "throw", target="bo", weapon="dagger", careful=True, reaction="none")
    assert _mods(careful)["careful throw"] == 1
    assert careful.clock.next_tick("ada") == 1 + 4 + 2
    cobra = Fight(
        thrower(agility=3),
        walker("bo", "b", x=4, start=20),
        dice=[9] * 4,
    )
    cobra.act("ada", "throw", target="bo", weapon="dagger", cobra=True, reaction="none")
    assert _mods(cobra)["cobra strike"] == -1
    assert cobra.clock.next_tick("ada") == 1 + 5


def test_thrown_weapons_run_out_and_need_a_thrown_weapon() -> None:
    """L3422: "Melee maneuver require a weapon to be in hand. This includes maneuver for
    thrown weapons as well": two daggers are two throws; a knife is not thrown."""
    fight = Fight(thrower(), walker("bo", "b", x=4, start=20), dice=[9] * 10)
    fight.act("ada", "throw", target="bo", weapon="dagger", reaction="none")
    fight.act("ada", "throw", target="bo", weapon="dagger", reaction="none")
    fight.refuse("ada", "throw", "thrown every dagger", target="bo", weapon="dagger")
    knife = Fight(walker("ada", "a"), walker("bo", "b", x=4, start=20))
    knife.refuse("ada", "throw", "no thrown weapon", target="bo", weapon="knife")


def test_dodge_missile_has_no_penalty_against_thrown_weapons() -> None:
    """L3324: "No penalty for thrown weapons, -2 for arrows, -4 for bullets/bolts";
    Awareness(Agility), 5 ticks; it cancels successes, the defender winning ties."""
    bo = walker("bo", "b", x=4, start=20, skills={"agility": 6})
    fight = Fight(thrower(), bo, dice=[1, 2, 3, 9, 9, 1, 2, 9, 9, 9])  # 3, 2, the 1x5/1x3
    fight.act("ada", "throw", target="bo", weapon="dagger", reaction="dodge_missile")
    dodge = fight.events(PoolRolled)[1]
    assert (dodge.dice, dodge.tn, dodge.successes) == (3, 6, 2)
    struck = fight.events(Struck)[0]
    assert (struck.reaction, struck.net, struck.pool) == ("dodge_missile", 1, "1x5/1x3")
    assert fight.clock.next_tick("bo") == 25


def test_the_missile_defences_know_their_missiles() -> None:
    """L3306, L3724: Sidestep is good "against thrown weapons with a -3"; Block Projectile blocks
    "thrown projectiles or even arrows"; a bullet is neither. A shot can be answered."""
    gunner = walker("ada", "a", weapons=[CARBINE], skills={"ranged": 5})
    bo = walker("bo", "b", x=10, start=20, skills={"agility": 6, "observe": 2})
    fight = Fight(gunner, bo, dice=[1, 2, 3, 9, 9, 9, 9, 9])  # the shot, then its 3x3
    fight.refuse(
        "ada", "shoot", "cannot answer bullets", target="bo", weapon="carbine", reaction="sidestep"
    )
    fight.refuse(
        "ada",
        "shoot",
        "cannot answer bullets",
        target="bo",
        weapon="carbine",
        reaction="block_projectile",
    )
    fight.act("ada", "shoot", target="bo", weapon="carbine", reaction="dodge_missile")
    dodge = fight.events(PoolRolled)[1]
    assert dodge.dice == 0  # Awareness 3, -4 for bullets
    assert fight.events(Struck)[0].reaction == "dodge_missile"
    dodger = walker("bo", "b", x=4, start=20, skills={"agility": 3, "observe": 2})
    sidestep = Fight(thrower(), dodger, dice=[9] * 5)
    sidestep.act("ada", "throw", target="bo", weapon="dagger", reaction="sidestep")
    assert sidestep.events(PoolRolled)[1].dice == 0  # Prowess 3 - 3


def test_a_strike_cannot_be_answered_with_a_missile_defence() -> None:
    """L3324: Dodge Missile is "An improved sidestep purely for dodging projectiles"."""
    fight = Fight(walker("ada", "a"), walker("bo", "b", x=1, start=4))
    fight.refuse(
        "ada", "strike", "not a blow", target="bo", weapon="knife", reaction="dodge_missile"
    )


def test_evasive_running_at_2_speed_minus_1_and_its_penalty_to_shots() -> None:
    """L3309: "The speed of Evasive Running is (2 x Base Speed) - 1" (derived vector: Speed
    5 runs 9 m); "Instead of the normal running target penalty ranged attacks against the
    character instead suffer (Successes -1) as a penalty"; rolled again every 6 ticks; an
    initiated, exclusive action."""
    ada = walker("ada", "a", skills={"agility": 3, "stamina": 3})
    bo = walker("bo", "b", x=20, start=3, weapons=[CARBINE], skills={"ranged": 5})
    fight = Fight(ada, bo, dice=[1, 1, 1, 9, 9, 9, 9])  # the run, the shot, the next run
    fight.act("ada", "evasive_run", x=0, y=30)
    motion = fight.events(MotionSet)[0]
    assert (motion.mode, motion.rate) == ("evasive", 9.0)
    assert fight.events(EvasiveSet)[0].successes == 3
    fight.act("bo", "shoot", target="ada", weapon="carbine")
    rows = _mods(fight)
    assert rows["target running evasively (3)"] == -2
    assert not any(r.startswith("target moving") for r in rows)
    fight.refuse("ada", "strike", "exclusive", target="bo", weapon="knife")


def test_a_shot_into_a_melee_reads_the_range_ladder() -> None:
    """L1657-1659: the ladder says who is in melee and at which range: a target at Contact
    (3) with a foe within 2 m is in melee at 3."""
    fight = Fight(
        walker("ada", "a", attributes={"awareness": 7}, skills={"weaponry": 5, "agility": 2}),
        walker("bo", "b", x=1, start=30),
        dice=[1, 1, 1, 1, 1, 1, 1, 9],
    )
    fight.act("ada", "engage", target="bo", counter="none")
    assert fight.events(RangeChanged)[-1].range == 3
    assert ranged.in_melee(fight.state, fight.get("bo")) == ("ada", 3)
    assert ranged.in_melee(fight.state, fight.get("ada")) == ("bo", 3)


def test_a_projectile_parry_stops_a_thrown_dagger_and_cancels_its_damage() -> None:
    """L3552: Parry Projectile, "-2 for thrown weapons", costs the weapon's speed - 4
    (L3476); as a parry "Damage done on the parry maneuver cancels damage done on the
    attack" (L3486): Prowess 5 - 2 at Weaponry 6; the knife's 3 points off the dagger's 5."""
    bo = walker(
        "bo", "b", x=4, start=20, attributes={"prowess": 5}, skills={"weaponry": 6, "observe": 4}
    )
    # the throw, the parry, the knife's 3x3 and 3x1, the dagger's 2x5
    dice = [1, 2, 9, 9, 9, 1, 2, 9, 1, 9, 9, 9, 9, 9, 1, 9]
    fight = Fight(thrower(), bo, dice=dice)
    fight.act("ada", "throw", target="bo", weapon="dagger", reaction="parry_projectile")
    parry = fight.events(PoolRolled)[1]
    assert (parry.dice, parry.tn, parry.successes) == (3, 6, 2)
    assert fight.events(DamageRolled)[0].total == 5 - 3
    assert fight.clock.next_tick("bo") == 21
    assert fight.dice_left == 0


def test_one_missile_defence_to_a_simultaneous_group() -> None:
    """L1431: anyone else "can only React or Preempt a single one of the simultaneous
    actions": the second dagger of a simultaneous pair flies unanswered."""
    cy = walker("cy", "a", y=1, start=1, weapons=[DAGGER], skills={"weaponry": 5})
    bo = walker("bo", "b", x=4, start=20, skills={"agility": 6})
    # ada's throw (5 dice), bo's dodge missile (3), cy's throw (5)
    fight = Fight(thrower(), cy, bo, dice=[9] * 5 + [9] * 3 + [9] * 5)
    fight.act("ada", "throw", target="bo", weapon="dagger", reaction="dodge_missile")
    fight.act("cy", "throw", target="bo", weapon="dagger", reaction="dodge_missile")
    first, second = fight.events(Struck)
    assert (first.reaction, second.reaction) == ("dodge_missile", None)
    assert len(fight.events(ReactionTaken)) == 1
    assert fight.dice_left == 0


def test_thrown_weapons_are_not_reloaded() -> None:
    """L3337: Reload, a Ranged Action, is "Replacing magazines, belts, boxes, shells, cells";
    L3422: thrown weapons are melee maneuvers ("This includes maneuver for thrown weapons as
    well"): the daggers thrown are gone, and nothing reloads them."""
    fight = Fight(thrower(), walker("bo", "b", x=4, start=20), dice=[9] * 10)
    fight.act("ada", "throw", target="bo", weapon="dagger", reaction="none")
    fight.refuse("ada", "reload", "thrown", weapon="dagger")


def test_autoplay_closes_in_with_its_blade_when_the_daggers_are_gone() -> None:
    """Tactics (not a rule), by L3337 and L3422 as above: a thrower whose daggers are all
    thrown runs at the nearest foe to strike with the knife in hand, instead of reloading."""
    from fracas.rulesets.fatewalker import RULESET
    from fracas.rulesets.fatewalker.actions import Move

    skills = {"weaponry": 5, "observe": 2, "agility": 2}
    ada = walker("ada", "a", weapons=[DAGGER, {"id": "knife", "damage": "3x3/3x1", "speed": 5}])
    ada["skills"] = skills
    fight = Fight(ada, walker("bo", "b", x=8, start=40), dice=[9] * 10)
    assert RULESET.suggest(fight.state).do == "throw"
    fight.act("ada", "throw", target="bo", weapon="dagger", reaction="none")
    fight.act("ada", "throw", target="bo", weapon="dagger", reaction="none")
    suggested = RULESET.suggest(fight.state)
    assert isinstance(suggested, Move)
    assert (suggested.mode, suggested.toward, suggested.within) == ("run", "bo", 0.9 * 2.0)
