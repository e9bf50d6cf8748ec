"""Acceptance tests for the `nwo` ruleset, written from the rule text alone.

Every expected number below was worked out by hand from the seed
(shared/seeds/000_4cf37ec50960f175.txt, newest top block) and the interpretations
documented in docs/rulesets/nwo.md, never from the implementation.

Conventions used in the arithmetic (all documented in docs/rulesets/nwo.md):
  * a roll is 2d6 + modifier (A1); halves round down (A3);
  * melee: 1/2 weapon skill (1/2 Nimble unarmed) + STR bonus (+1 at 8-9, +2 at 10) (A4);
  * ranged attack 1/2 Aiming; ranged defense +0, or +6 in cover;
  * checks and contests: 2d6 + 1/2 skill (A5); a hit needs more than the defense (A6);
  * HP 10 by default (A20); light/medium/heavy armor = 2/4/8 armor hitpoints.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fracas.runner import run_scenario
from fracas.scenario import load_scenario

HERE = Path(__file__).parent / "nwo"


def run(name: str) -> dict:
    return run_scenario(load_scenario(HERE / name)).to_json()


def run_path(path: Path) -> dict:
    return run_scenario(load_scenario(path)).to_json()


def who(result: dict, cid: str) -> dict:
    return next(c for c in result["combatants"] if c["id"] == cid)


def pos(result: dict, cid: str) -> tuple[int, int]:
    p = who(result, cid)["position"]
    return (p["x"], p["y"])


def rolls(result: dict) -> list[tuple[str, list[int], int]]:
    """Every panel roll as (who, kept pair, total), in order."""
    return [
        (e["combatant"], e["pair"], e["total"]) for e in result["events"] if e["kind"] == "rolled"
    ]


def resolutions(result: dict) -> list[str]:
    return [e["result"] for e in result["events"] if e["kind"] == "attack_resolved"]


def has_condition(result: dict, cid: str, name: str) -> bool:
    return any(c.startswith(name) for c in who(result, cid)["conditions"])


# ---------------------------------------------------------------------------------------------


def test_01_melee_contest_with_str_bonus():
    """Seed: "Melee Attack: ½ Weapon Skill (or ½ Nimble if Unarmed) + STR Bonus
    (+1 at lvl 8, +2 at lvl 10)"; "Melee Defense: ½ Weapon Skill ... + STR Bonus".

    axe (melee 7, STR 10): 7 // 2 + 2 = 5.  knife (melee 4, STR 8): 4 // 2 + 1 = 3.
    axe attacks: (4+3) + 5 = 12 vs knife (5+3) + 3 = 11 -> hit, one-handed axe 3: knife 10-3 = 7.
    (without the +2 STR bonus it would be 10 < 11, a miss.)
    knife attacks: (5+4) + 3 = 12 vs axe (3+2) + 5 = 10 -> hit, short blade 2: axe 10-2 = 8.
    All 8 faces used.
    """
    r = run("01_melee_str_bonus.yaml")
    assert r.get("error") is None
    assert rolls(r) == [
        ("axe", [4, 3], 12),
        ("knife", [5, 3], 11),
        ("knife", [5, 4], 12),
        ("axe", [3, 2], 10),
    ]
    assert resolutions(r) == ["hit", "hit"]
    assert who(r, "knife")["hp"] == 7
    assert who(r, "axe")["hp"] == 8
    assert r["dice_left"] == []


def test_02_ranged_shot_into_cover():
    """Seed: "If a target is obscured by cover ... giving a +6 to ranged defense rolls";
    "Ranged Defense: - (Or 6 if in cover)"; "Ranged Attack: Aiming/2".

    Cover tile (4,2) is next to mark (5,2) on rifle's line from (0,2).
    rifle (Aiming 8): (4+5) + 4 = 13 vs mark in cover (5+3) + 6 = 14 -> miss (7 < 13 without cover).
    pistol (Aiming 4) from (5,0), no cover on that line: (4+3) + 2 = 9 vs (5+2) + 0 = 7 -> hit.
    Handgun 3 damage on light armor (2 AHP): AHP 2-2 = 0, HP 10-1 = 9.
    """
    r = run("02_ranged_cover.yaml")
    assert r.get("error") is None
    assert rolls(r) == [
        ("rifle", [4, 5], 13),
        ("mark", [5, 3], 14),
        ("pistol", [4, 3], 9),
        ("mark", [5, 2], 7),
    ]
    assert resolutions(r) == ["miss", "hit"]
    mark = who(r, "mark")
    assert mark["hp"] == 9
    assert mark["state"]["ahp"] == 0
    assert r["dice_left"] == []


def test_03_parry_goes_to_the_defender():
    """Seed: "If an attacker and defender roll the same result ... this is known as a 'Parry'.
    By default, parries go in favor of the defender, meaning they successfully block the attack."

    blade (melee 6): (4+2) + 3 = 9 vs club (melee 4): (5+2) + 2 = 9 -> parry, club stays at 10.
    club back: (6+1) + 2 = 9 vs blade (3+1) + 3 = 7 -> hit, short blunt 2: blade 10-2 = 8.
    """
    r = run("03_parry.yaml")
    assert r.get("error") is None
    assert [t for _, _, t in rolls(r)] == [9, 9, 9, 7]
    assert resolutions(r) == ["parry", "hit"]
    assert who(r, "club")["hp"] == 10
    assert who(r, "blade")["hp"] == 8
    assert r["dice_left"] == []


def test_04_armor_hitpoints_absorb_damage_first():
    """Seed: "if you are wearing light armor and receive 3 damage, you will take 2 points of AHP
    and 1 point of your HP as damage. But if you are wearing medium armor and receive 3 damage,
    you take 3 points of AHP, with 1 point of AHP remaining."

    x (melee 4, +2) vs med: (5+3)+2 = 10 > (2+1)+0 = 3: 3 dmg -> med AHP 4-3 = 1, HP 10.
    y (+2) vs lite: (4+2)+2 = 8 > (3+1) = 4: 3 dmg -> lite AHP 2-2 = 0, HP 10-1 = 9.
    Round 2, x vs med: (5+2)+2 = 9 > (1+2) = 3: 3 dmg -> AHP 1-1 = 0, HP 10-2 = 8.
    """
    r = run("04_armor_hitpoints.yaml")
    assert r.get("error") is None
    assert r["round"] == 2
    damaged = [(e["target"], e["ahp"], e["hp"]) for e in r["events"] if e["kind"] == "damaged"]
    assert damaged == [("med", 1, 10), ("lite", 0, 9), ("med", 0, 8)]
    assert who(r, "med")["state"]["ahp"] == 0
    assert who(r, "med")["hp"] == 8
    assert who(r, "lite")["state"]["ahp"] == 0
    assert who(r, "lite")["hp"] == 9
    assert r["dice_left"] == []


def test_05_firearm_crits_handgun_extra_attack_and_bolt_action_double():
    """Seed: "Handgun || 3 || Double 6 || 4 || Make an additional attack on the same target.
    This attack can also crit." and "Bolt Action Rifle || 4 || Double 6 || 8 || Deal Double
    Damage On A Crit (8)".

    gun (Aiming 6, +3): [6,6] = 15, crit, vs t1 (3+2) = 5 -> 4 crit damage: t1 10-4 = 6.
      extra attack: (5+1)+3 = 9 vs (4+1) = 5 -> hit 3: t1 6-3 = 3. Two shots: handgun ammo -2.
    bolt (Aiming 4, +2): [6,6] = 14, crit, vs t2 (2+3) = 5 -> 8 damage on light armor:
      AHP 2-2 = 0, HP 10-6 = 4.  The trailing face 1 is left.
    """
    r = run("05_crit_firearms.yaml")
    assert r.get("error") is None
    assert rolls(r) == [
        ("gun", [6, 6], 15),
        ("t1", [3, 2], 5),
        ("gun", [5, 1], 9),
        ("t1", [4, 1], 5),
        ("bolt", [6, 6], 14),
        ("t2", [2, 3], 5),
    ]
    assert resolutions(r) == ["critical", "hit", "critical"]
    assert who(r, "t1")["hp"] == 3
    assert who(r, "t2")["hp"] == 4
    assert who(r, "t2")["state"]["ahp"] == 0
    # two handgun rounds spent, one per shot (magazine size itself is fracas data, A18)
    spent = [
        e["rounds"] for e in r["events"] if e["kind"] == "ammo_set" and e["combatant"] == "gun"
    ]
    assert len(spent) == 2
    assert spent[1] == spent[0] - 1
    assert who(r, "gun")["state"]["ammo"] == {"handgun": spent[1]}
    assert r["dice_left"] == [1]


def test_06_short_blunt_crit_stuns_until_the_end_of_the_next_turn():
    """Seed: "Short Blunt|| 2 || Double 6 || 3 || Target is stunned until the end of their next
    turn." Docs A9: "stun: no action, movement or reaction through the target's next turn".

    club (melee 4, +2): [6,6] = 14 crit vs foe (melee 2, +1): (5+4)+1 = 10 -> 3: foe 10-3 = 7,
    stunned.  club walks off (1,1) -> (4,2): foe is stunned, so no attack of opportunity (no dice).
    foe's turn ends -> stun gone.  Round 2 foe steps to (3,2) and attacks:
    (4+2)+1 = 7 vs club (1+2)+2 = 5 -> hit, one-handed long blade 3: club 10-3 = 7.
    Trailing face 6 left (proves no AoO roll was taken).
    """
    r = run("06_crit_short_blunt_stun.yaml")
    assert r.get("error") is None
    assert rolls(r) == [
        ("club", [6, 6], 14),
        ("foe", [5, 4], 10),
        ("foe", [4, 2], 7),
        ("club", [1, 2], 5),
    ]
    assert resolutions(r) == ["critical", "hit"]
    assert who(r, "foe")["hp"] == 7
    assert who(r, "club")["hp"] == 7
    assert pos(r, "club") == (4, 2)
    assert pos(r, "foe") == (3, 2)
    assert not has_condition(r, "foe", "stunned")
    assert r["round"] == 2
    assert r["dice_left"] == [6]


def test_06b_the_stunned_cannot_act_on_their_turn(tmp_path):
    """Same crit as test_06 (foe 10-3 = 7, stunned); then foe, on its own turn, tries to attack:
    "Target is stunned until the end of their next turn" -> refused, action index 2,
    nothing after the crit consumed: dice left [4, 2, 1, 2, 6]."""
    text = (HERE / "06_crit_short_blunt_stun.yaml").read_text(encoding="utf-8")
    head = text.split("actions:")[0]
    variant = tmp_path / "stunned_attacks.yaml"
    variant.write_text(
        head
        + "actions:\n"
        + "  - {actor: club, do: attack, target: foe}\n"
        + "  - {actor: club, do: end_turn}\n"
        + "  - {actor: foe, do: attack, target: club}\n",
        encoding="utf-8",
    )
    r = run_path(variant)
    assert r.get("error") is not None
    assert r["error"]["action"] == 2
    assert r["turn"] == "foe"
    assert who(r, "foe")["hp"] == 7
    assert has_condition(r, "foe", "stunned")
    assert who(r, "club")["hp"] == 10
    assert r["dice_left"] == [4, 2, 1, 2, 6]


def test_07_defense_crit():
    """Seed: "In the event of a critical success defense roll, the character automatically
    succeeds against the attack and negates any crit effects. In the unlikely but still possible
    event that both attack and defender crit, Parry Rules apply."

    axe (melee 10, STR 10: 5+2 = 7): (6+5)+7 = 18 vs def (short blade, crit on double 6):
      [6,6]+0 = 12, a defense crit -> the attack fails despite 18 > 12.
    club (melee 4, +2): [6,6]+2 = 14 crit vs def [6,6] = 12 crit -> both crit: parry, defender
      wins; no damage, no stun.  def stays at 10 HP with no conditions.
    """
    r = run("07_defense_crit.yaml")
    assert r.get("error") is None
    assert [t for _, _, t in rolls(r)] == [18, 12, 14, 12]
    assert resolutions(r) == ["defense_critical", "parry"]
    d = who(r, "def")
    assert d["hp"] == 10
    assert d["conditions"] == []
    assert r["dice_left"] == []


def test_08_attack_of_opportunity_when_leaving_engagement():
    """Seed: "While Engaged, characters ... cannot leave the range of an attacker without
    triggering an attack of opportunity. Movement within an attacker's range will not trigger an
    attack of opportunity." and "all Human characters can use one AOO per round of combat,
    resetting on that character's turn."

    runner (3,2) -> (3,3): still 1 tile from guard (2,2): no AoO.
    runner (3,3) -> (6,3): leaves; guard (melee 6, +3): (5+3)+3 = 11 vs runner (short blade,
      melee 0): (2+1)+0 = 3 -> hit 3: runner 10-3 = 7, ends at (6,3), moved 1+3 = 4.
    runner2 (1,3) -> (0,5) also leaves guard's reach, but guard's one AoO is spent: HP 10.
    guard's turn starts -> the AoO resets (aoo_used False).  Trailing face 1 left.
    """
    r = run("08_attack_of_opportunity.yaml")
    assert r.get("error") is None
    assert rolls(r) == [("guard", [5, 3], 11), ("runner", [2, 1], 3)]
    assert who(r, "runner")["hp"] == 7
    assert pos(r, "runner") == (6, 3)
    assert who(r, "runner")["state"]["moved"] == 4
    assert who(r, "runner2")["hp"] == 10
    assert pos(r, "runner2") == (0, 5)
    assert r["turn"] == "guard"
    assert who(r, "guard")["state"]["aoo_used"] is False
    assert r["dice_left"] == [1]


def test_09_dash_in_medium_armor():
    """Seed: "As an action, a character can double their movement speed from 6 to 12 tiles.
    Dashing ... can still provoke Engagement or Attacks of Opportunity."; "Medium || 4 || -1
    Initiative, -1 Movement". Docs A11: "dash in armor: (6 - penalty) x 2".

    d1 medium: (6-1)*2 = 10: dash (0,0) -> (10,0) is legal.  Leaving guard (1,1) provokes:
      guard (5+3)+3 = 11 vs d1 unarmed (2+1)+0 = 3 -> 3 dmg: AHP 4-3 = 1, HP 10.
    d2 medium: dash (0,4) -> (11,4) is 11 > 10 -> refused, error.action 2.
    """
    r = run("09_dash_medium_armor.yaml")
    assert r.get("error") is not None
    assert r["error"]["action"] == 2
    d1 = who(r, "d1")
    assert pos(r, "d1") == (10, 0)
    assert d1["state"]["moved"] == 10
    assert d1["state"]["ahp"] == 1
    assert d1["hp"] == 10
    assert pos(r, "d2") == (0, 4)
    assert who(r, "d2")["state"]["moved"] == 0
    assert r["dice_left"] == []


def test_10_shove_away_into_a_wall():
    """Seed: "When shoving, both characters engage in a contested STR vs. STR or FIT ... roll";
    "If knocked away, the target gets shoved back [Attacker's ½ STR] tiles";
    "If knocked into a wall or other character, the target (and that character) both take 2
    damage." Docs A17: "the push stops at the obstacle".

    bull STR 6: (4+3) + 3 = 10 vs mark STR 2: (2+3) + 1 = 6 -> bull wins.
    Push 6 // 2 = 3 tiles east from (2,2): (3,2), then the wall at (4,2) stops it.
    mark at (3,2), 10-2 = 8 HP; bull untouched.
    """
    r = run("10_shove_into_wall.yaml")
    assert r.get("error") is None
    assert rolls(r) == [("bull", [4, 3], 10), ("mark", [2, 3], 6)]
    assert pos(r, "mark") == (3, 2)
    assert who(r, "mark")["hp"] == 8
    assert pos(r, "bull") == (1, 2)
    assert who(r, "bull")["hp"] == 10
    assert r["dice_left"] == []


def test_11_grapple_then_failed_escape():
    """Seed: "Grappling is a contested Strength check"; "When a character is grappled: Their
    movement is reduced to 0."; "A character can use their action attempt to escape a grapple
    via a contested Strength roll on their turn, remaining grappled on a failed roll."
    Docs A16: lost grapple and escape contests count towards three in a row.

    grip STR 8: (4+3) + 4 = 11 vs prey STR 4: (3+2) + 2 = 7 -> grappled.
    prey escapes: (3+1) + 2 = 6 vs grip (2+4) + 4 = 10 -> fails, still grappled (2 fails in a row).
    prey then tries to move -> refused (movement 0), error.action 3.
    """
    r = run("11_grapple_failed_escape.yaml")
    assert rolls(r) == [
        ("grip", [4, 3], 11),
        ("prey", [3, 2], 7),
        ("prey", [3, 1], 6),
        ("grip", [2, 4], 10),
    ]
    assert r.get("error") is not None
    assert r["error"]["action"] == 3
    assert has_condition(r, "prey", "grappled")
    assert who(r, "prey")["state"]["grapple_fails"] == 2
    assert pos(r, "prey") == (2, 1)
    assert r["dice_left"] == []


def test_12_help_gives_plus_three_and_spends_the_helpers_action():
    """Seed: "Every help action comes with a DC of 10. If you succeed, the character performing
    the action receives a +3 Bonus modifier to their roll." and "The help action can be taken out
    of turn order if you have not already acted that round, and it will count as your action for
    that round."

    aide (melee 4): (5+3) + 2 = 10 >= DC 10 -> success.
    hero (melee 4): (4+3) + 2 + 3 = 12 vs foe (melee 6): (5+3) + 3 = 11 -> hit (9 < 11 unhelped).
    Short blade 2: foe 10-2 = 8.  On aide's own turn its attack is refused: error.action 4.
    """
    r = run("12_help_plus_three.yaml")
    assert rolls(r) == [("aide", [5, 3], 10), ("hero", [4, 3], 12), ("foe", [5, 3], 11)]
    assert resolutions(r) == ["hit"]
    assert who(r, "foe")["hp"] == 8
    assert r.get("error") is not None
    assert r["error"]["action"] == 4
    assert r["turn"] == "aide"
    assert r["dice_left"] == []


def test_13_reload_when_empty():
    """Seed: "Once your available ammunition ... is spent, characters using a ranged weapon must
    make a roll to Reload (DC 10). On success, their Reload is instant, allowing them to take a
    normal action. On failure, a turn must be dedicated to Reloading their weapon."
    Docs A18: "a failed reload spends the action and still reloads"; A5: 2d6 + 1/2 skill.

    Pistols hold 1 round (inline magazine: 1), Aiming 6 -> +3, damage 3.
    R1 quick: (5+4)+3 = 12 > (3+2) = 5, mark 7.  slow: (5+3)+3 = 11 > (2+1) = 3, mark 4.
    R2 quick reloads: (4+3)+3 = 10 >= 10 -> instant; shoots (5+2)+3 = 10 > (4+1) = 5: mark 1.
    slow reloads: (2+1)+3 = 6 < 10 -> fails, action spent, magazine full; its shot is refused
    (error.action 9).  Ammo: quick 0, slow 1.
    """
    r = run("13_reload_when_empty.yaml")
    assert [t for _, _, t in rolls(r)] == [12, 5, 11, 3, 10, 10, 5, 6]
    assert who(r, "mark")["hp"] == 1
    assert who(r, "quick")["state"]["ammo"] == {"pistol": 0}
    assert who(r, "slow")["state"]["ammo"] == {"pistol": 1}
    assert r.get("error") is not None
    assert r["error"]["action"] == 9
    assert r["round"] == 2
    assert r["turn"] == "slow"
    assert r["dice_left"] == []


def test_14_moving_seven_tiles_is_refused():
    """Seed: "Dashing: As an action, a character can double their movement speed from 6 to 12
    tiles." (so a plain turn moves 6).  Docs: "Movement may be split over several move actions."

    walker (no armor) moves 4 to (4,0); 3 more to (7,0) makes 7 > 6 -> refused, error.action 1,
    walker stays at (4,0) with 4 spent.
    """
    r = run("14_illegal_move_seven.yaml")
    assert r.get("error") is not None
    assert r["error"]["action"] == 1
    assert pos(r, "walker") == (4, 0)
    assert who(r, "walker")["state"]["moved"] == 4


def test_15_second_attack_in_a_turn_is_refused():
    """Seed: "All actions listed here take your one action per turn, unless explicitly defined
    as a reaction."

    axe (melee 4, +2): (5+4)+2 = 11 vs mark unarmed (2+1)+0 = 3 -> 3: mark 10-3 = 7.
    A second attack the same turn -> refused, error.action 1, faces [3, 3] untouched.
    """
    r = run("15_illegal_second_attack.yaml")
    assert rolls(r) == [("axe", [5, 4], 11), ("mark", [2, 1], 3)]
    assert who(r, "mark")["hp"] == 7
    assert r.get("error") is not None
    assert r["error"]["action"] == 1
    assert r["dice_left"] == [3, 3]


@pytest.mark.parametrize(
    ("name", "index"),
    [
        ("09_dash_medium_armor.yaml", 2),
        ("11_grapple_failed_escape.yaml", 3),
        ("12_help_plus_three.yaml", 4),
        ("13_reload_when_empty.yaml", 9),
        ("14_illegal_move_seven.yaml", 1),
        ("15_illegal_second_attack.yaml", 1),
    ],
)
def test_refusals_exit_2_on_the_command_line(name, index):
    """docs/scenario-format.md: "any illegal action, exit with code 2 ... With --json, an illegal
    action also prints the state as it stood before that action, plus "error": {"action": N}"."""
    cli = Path(sys.executable).with_name("fracas")
    proc = subprocess.run(
        [str(cli), "run", str(HERE / name), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("error:")
    assert json.loads(proc.stdout)["error"]["action"] == index
