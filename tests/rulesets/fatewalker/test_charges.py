"""Charges, Stop Charge, Engage and Gut, Redirect and Leaping Dodge, and the melee chart's
moving rows, with scripted dice (Actions and Maneuvers: the melee table L3440/L3498,
L3446/L3506, L3472/L3546; the unarmed table L3568/L3639; Evasions L3290/L3315,
L3288/L3312; Dramatic Scenes L1617-1632).

Dice order: the attack's pool, the reaction's (and a leap's), the damage dice, then a Stop
Charge's strike back, a leaper's landing, or a charge's footing rolls and a fall's damage.
Faces are a d10's 1-10.
"""

from __future__ import annotations

import dataclasses

from fracas.rulesets.fatewalker.events import (
    DamageRolled,
    LeapSet,
    Moved,
    PoolRolled,
    PostureSet,
    RangeChanged,
    Struck,
)
from fracas.rulesets.fatewalker.rules import melee
from tests.rulesets.fatewalker.helpers import KNIFE, Fight, walker


def runner(**extra: object) -> dict[str, object]:
    """Prowess 5, Weaponry 5, the knife (reach 2, 5 ticks), Speed 5 (runs 10 m a segment)."""
    return walker("ada", "a", attributes={"prowess": 5}, **extra)


def far(x: float = 10, start: int = 20, **extra: object) -> dict[str, object]:
    return walker("bo", "b", x=x, start=start, **extra)


def _run_in(fight: Fight) -> None:
    """Ada runs at bo at tick 1 (2 ticks) and charges at tick 3, 2 ticks into the run."""
    fight.act("ada", "begin_moving", mode="run", toward="bo", within=1.8)


def test_a_charge_adds_1_damage_per_2_ticks_run_and_takes_the_running_penalty() -> None:
    """L3498: "The attack adds +1 damage for every 2 ticks spent running prior to the
    maneuver (up to +3). The attack suffers running penalties as well as the built in
    penalty": Prowess 5 - 1 - 1 (the chart's "Attacker Running", L1624) = 3 dice; 2 ticks
    run, +1 damage. The charger runs on into reach, strikes, and stops."""
    dice = [1, 2, 9] + [9] * 5 + [9]
    fight = Fight(runner(), far(), dice=dice)
    _run_in(fight)
    fight.act("ada", "charge", target="bo", weapon="knife", reaction="none")
    attack = fight.events(PoolRolled)[0]
    assert (attack.dice, attack.successes) == (3, 2)
    assert fight.events(Struck)[0].pool == "5x3/1x1"
    assert fight.events(DamageRolled)[0].normal == 1  # nothing rolled, the +1 of the run
    ada = fight.get("ada")
    assert (ada.x, ada.motion) == (8.0, None)  # closed to the knife's 2 m, and stopped
    assert fight.clock.next_tick("ada") == 8  # tick 3 + the knife's 5
    assert fight.dice_left == 0


def test_evasions_get_2_against_a_charge() -> None:
    """L3498: "all evasions get +2 against a charge": Dodge +3, +2 = Prowess 3 + 5."""
    fight = Fight(runner(), far(), dice=[1, 2, 9] + [9] * 8 + [9] * 6)
    _run_in(fight)
    fight.act("ada", "charge", target="bo", weapon="knife", reaction="dodge")
    assert fight.events(PoolRolled)[1].dice == 8


def test_a_charge_needs_a_run_and_a_target_within_its_reach() -> None:
    """L3498: a charge "requires room to run": from a run, at what the run reaches."""
    standing = Fight(runner(), far(x=1.5))
    standing.refuse("ada", "charge", "not running", target="bo", weapon="knife")
    fight = Fight(runner(), far(x=30, start=40))
    _run_in(fight)
    fight.refuse("ada", "charge", "reaches", target="bo", weapon="knife")


def test_an_unarmed_charge_knocks_both_and_the_fallen_take_their_margin() -> None:
    """L3639: "The base damage is 4x1 with each run tick action adding +1 damage (up to +4)
    ... The attacker must simply pass (1 success) a Prowess(Agility) roll, however
    regardless ... the maneuver costs 5-successes extra ticks ... The defender must pass the
    same roll, but with a penalty equal to the total boxes of normal wounds taken from the
    charge ... the defender suffers additional damage should they fall equal to margin of
    failure ... (Margin of Failure)x1." 2 ticks run: +2; 8 + 6 stun, 3 to Temporary and 5
    boxes of Normal: the defender's 3 dice at -5 are none, it falls, and takes 1x1."""
    ada = runner(weapons=[], skills={"unarmed": 3, "agility": 2})
    bo = far(weapons=[])
    # the charge, its 2x3 and 2x1, the charger's footing (5 dice), the fall's 1x1
    dice = [1, 2, 9, 1, 1, 9, 9, 1, 9, 9, 9, 9, 1]
    fight = Fight(ada, bo, dice=dice)
    _run_in(fight)
    fight.act("ada", "charge", target="bo", reaction="none")
    assert fight.events(Struck)[0].pool == "2x3/2x1"
    blow, fall = fight.events(DamageRolled)
    assert (blow.normal, blow.total, fall.total) == (8, 8, 1)
    footing = [p for p in fight.events(PoolRolled) if p.what.startswith("footing")]
    assert [(p.dice, p.successes) for p in footing] == [(5, 1), (0, 0)]
    assert [(p.combatant, p.prone) for p in fight.events(PostureSet)] == [("bo", True)]
    assert fight.clock.next_tick("ada") == 3 + 8 + 4  # 8 ticks, then 5 - 1 recovering
    assert fight.clock.next_tick("bo") == 20 + 5
    assert fight.dice_left == 0


def test_stop_charge_skewers_the_charger_with_the_charge_bonus() -> None:
    """L3507: "A stop charge is a counterattack designed to skewer a charging enemy ... in a
    tie both parties take damage. On success this maneuver will add bonus damage to the
    attack equivalent to whatever the charge attack's bonus was": Prowess 5 - 2 = 3 dice;
    3 against the charge's 2: the charge misses, the knife strikes back with net 1, +1."""
    dice = [1, 2, 9] + [1, 2, 3] + [9] * 6
    fight = Fight(runner(), far(attributes={"prowess": 5}), dice=dice)
    _run_in(fight)
    fight.act("ada", "charge", target="bo", weapon="knife", reaction="stop_charge")
    charge, skewer = fight.events(Struck)
    assert (charge.hit, charge.net) == (False, -1)
    assert (skewer.attacker, skewer.hit, skewer.pool) == ("bo", True, "4x3/2x1")
    assert fight.events(DamageRolled)[0].normal == 1
    assert fight.dice_left == 0
    strike = Fight(walker("ada", "a"), far(x=1))
    strike.refuse(
        "ada", "strike", "a charge only", target="bo", weapon="knife", reaction="stop_charge"
    )


def test_redirect_moves_the_attacker_a_metre_per_net_success() -> None:
    """Worked example 10 (L3315): "if the attacker scores 2 successes and the dodger scores
    4, they can move the attacker 2 meters" (past the defender)."""
    bo = far(
        x=1, start=4, attributes={"prowess": 4}, skills={"unarmed": 4, "observe": 3, "agility": 3}
    )
    fight = Fight(walker("ada", "a"), bo, dice=[1, 2, 9, 1, 1, 1, 1])  # 2 against 4
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="redirect")
    assert fight.events(Struck)[0].hit is False
    moved = fight.events(Moved)[0]
    assert (moved.combatant, moved.x, moved.metres) == ("ada", 2.0, 2)
    assert fight.clock.next_tick("bo") == 4 + 7


def test_a_leaping_dodge_leaps_away_and_a_hit_leaper_may_land_prone() -> None:
    """L3312: "resolved as both a leap roll ... and the dodge roll. The dodge roll resolves
    as normal however if they get hit then they may fall as a result and need to make a
    Prowess(Agility): -(Total Damage Taken) roll. They only need 1 success to avoid landing
    prone." A standing jump: Speed 5 / 3 m straight away; until its next tick the leaper
    counts as leaping (the melee chart's -2), unless it fell: a leaper lying prone has
    landed, so the chart's prone row (+1) stands in for the leap's."""
    bo = far(x=1, start=4, skills={"agility": 4})
    # the attack, the dodge (4), the leap (3), the knife's 5x3 and 1x1
    dice = [1, 2, 9, 9, 9, 9, 9, 9, 9, 9, 1, 9, 9, 9, 9, 9]
    fight = Fight(walker("ada", "a"), bo, dice=dice)
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="leaping_dodge")
    assert fight.events(PoolRolled)[1].dice == 4  # Prowess 3, +1
    assert round(fight.get("bo").x, 3) == round(1 + 5 / 3, 3)
    assert fight.events(LeapSet)[0].until == 12
    assert fight.events(DamageRolled)[0].total == 3
    assert [(p.combatant, p.prone) for p in fight.events(PostureSet)] == [("bo", True)]
    assert melee.situation(fight.state, fight.get("ada"), fight.get("bo")) == 1
    still_up = dataclasses.replace(fight.get("bo"), prone=False)
    assert melee.situation(fight.state, fight.get("ada"), still_up) == -2
    assert fight.dice_left == 0


def test_engage_and_gut_engages_then_guts_each_at_minus_one() -> None:
    """L3546: "Resolve the Engage first, then the gut. Target can react to both"; "-1 (to
    both)", "Engage + Gut: -2" ticks: 5 + 4 - 2 from a 4-tick dagger."""
    dagger = {**KNIFE, "id": "dagger", "size": "S", "speed": 4}
    ada = walker(
        "ada",
        "a",
        attributes={"awareness": 5},
        weapons=[dagger],
        skills={"weaponry": 5, "unarmed": 3, "agility": 2},
    )
    dice = [1, 2, 9, 9] + [1, 1] + [9] * 6
    fight = Fight(ada, far(x=1, start=20), dice=dice)
    fight.act(
        "ada", "engage_and_gut", target="bo", weapon="dagger", counter="none", reaction="none"
    )
    assert fight.events(RangeChanged)[0].range == 5
    engage, gut = fight.events(PoolRolled)
    assert (engage.dice, gut.dice) == (4, 2)  # at Medium now: the gut's -1 alone
    assert fight.clock.next_tick("ada") == 1 + 3 + 4


def test_with_charge_defender_always_a_missed_defender_still_keeps_its_feet() -> None:
    """Option `charge_defender: always`: L3639's defender's roll ("The defender must pass
    the same roll ... Similarly the defender is also delayed 5-successes ticks") after a
    charge that missed, at no penalty."""
    ada = runner(weapons=[], skills={"unarmed": 3, "agility": 2})
    dice = [9, 9, 9, 1, 9, 9, 9, 9, 1, 9, 9]  # the charge, the charger's 5, the charged's 3
    fight = Fight(ada, far(weapons=[]), dice=dice, options={"charge_defender": "always"})
    _run_in(fight)
    fight.act("ada", "charge", target="bo", reaction="none")
    footing = [p for p in fight.events(PoolRolled) if p.what.startswith("footing")]
    assert [(p.combatant, p.successes) for p in footing] == [("ada", 1), ("bo", 1)]
    assert fight.clock.next_tick("bo") == 24
    assert fight.dice_left == 0


def test_friendly_fire_turns_a_dodged_blow_onto_someone_near() -> None:
    """L3321: "The dodge roll functions as normal except with a -1 penalty to the roll and
    +1 tick ... if the defender scores 1 or more then they get to roll Prowess(Observe): +
    (Net Successes) as the new attack roll against the new target using the attacker's
    weapon's stats for damage": Prowess 3 + 3 - 1 = 5 dice; net 1; Prowess 3 + 1 at
    Observe 4 onto cy, 1 m past bo, who is far from its own action and takes it."""
    bo = far(x=1, start=4, skills={"agility": 5, "observe": 4})
    cy = walker("cy", "a", x=2, start=30)
    # the attack, the dodge (5), the friendly fire (4), the knife's 5x3 and 1x1 on cy
    dice = [1, 2, 9, 1, 1, 1, 9, 9, 1, 2, 9, 9, 1, 9, 9, 9, 9, 9]
    fight = Fight(walker("ada", "a"), bo, cy, dice=dice)
    fight.act("ada", "strike", target="bo", weapon="knife", reaction="friendly_fire")
    dodge, turned = fight.events(PoolRolled)[1:3]
    assert (dodge.dice, dodge.successes, turned.dice, turned.tn) == (5, 3, 4, 4)
    blows = [(s.target, s.hit, s.pool) for s in fight.events(Struck)]
    assert blows == [("bo", False, "3x3/3x1"), ("cy", True, "5x3/1x1")]
    assert fight.events(DamageRolled)[0].target == "cy"
    assert fight.clock.next_tick("bo") == 4 + 9
    assert fight.dice_left == 0


def test_a_defensive_throw_answers_a_charge() -> None:
    """L3659: Defensive Throw, "used as an unarmed counter to charge or leaping maneuvers.
    The penalty is ... -3 for armed ... thrown (Net Successes / 2) meters ... falling damage
    equal to (Net Successes -2)x1 @5. If ... 3 or more net successes the target is also
    prone": Prowess 6 - 3 = 3 dice, 3 net over a charge with none, 1.5 m, 1x1."""
    thrower = far(weapons=(), attributes={"prowess": 6}, skills={"unarmed": 5, "strength": 2})
    fight = Fight(runner(), thrower, dice=[9, 9, 9, 1, 1, 1, 1])
    _run_in(fight)
    fight.act("ada", "charge", target="bo", weapon="knife", reaction="defensive_throw")
    assert fight.events(PoolRolled)[1].dice == 3
    ada = fight.get("ada")
    assert (ada.x, ada.prone, ada.motion) == (6.5, True, None)
    assert fight.events(DamageRolled)[-1].total == 1
    assert fight.dice_left == 0
