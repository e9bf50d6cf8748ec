"""Acceptance tests for the `lines` ruleset (seed 002), written from the rule text only.

Every expected number below was worked out by hand from the seed
(seeds/002_02c41e182597e954.txt) and the interpretations documented in
docs/rulesets/lines.md; the scenarios live in tests/acceptance/lines/.
"""

from pathlib import Path

import yaml

import fracas.runner
import fracas.scenario

HERE = Path(__file__).parent / "lines"


def run(name, tmp_path=None, upto=None):
    """Run a scenario file and return the `.to_json()` dict.

    With `upto`, only the first `upto` actions are played (a trimmed copy is written
    to `tmp_path`), to look at the state part-way through the same fight.
    """
    path = HERE / name
    if upto is not None:
        data = yaml.safe_load(path.read_text())
        data["actions"] = data["actions"][:upto]
        path = tmp_path / name
        path.write_text(yaml.safe_dump(data))
    result = fracas.runner.run_scenario(fracas.scenario.load_scenario(path))
    return result.to_json()


def who(out, cid):
    return next(c for c in out["combatants"] if c["id"] == cid)


def events(out, kind):
    return [e for e in out["events"] if e["kind"] == kind]


# --- initiative --------------------------------------------------------------------------


def test_initiative_tie_then_acting_out_of_turn():
    """'everyone participating in the fight rolls a d6 and adds their Perception to it.
    The result decides the order in which all entities on the combat area will move.'

    a: 4+2 = 6, b: 3+3 = 6, c: 4+2 = 6 -- a three-way tie.
    C4: higher Perception first -> b (3); a and c (both 2) re-roll among themselves,
    in listing order: a rolls 2, c rolls 5 -> c before a. Order: b, c, a.
    Faces used: 3 + 2 = 5 of 6, so dice_left = [6].
    b ends its turn -> c's turn; a attacking now is out of turn: refused at actions[1],
    nothing rolled, state as before (round 1, c's turn).
    """
    out = run("01_initiative_tie_out_of_turn.yaml")
    assert events(out, "order_set")[-1]["order"] == ["b", "c", "a"]
    assert out["round"] == 1
    assert out["turn"] == "c"
    assert out["dice_left"] == [6]
    assert out["error"]["action"] == 1
    assert "turn" in out["error"]["message"]
    assert "c's turn" in out["error"]["message"]
    for cid in ("a", "b", "c"):
        c = who(out, cid)
        assert (c["hp"], c["max_hp"], c["status"]) == (10, 10, "active")
    assert who(out, "a")["state"]["acted"] is False


# --- attack rolls --------------------------------------------------------------------------


def test_hit_then_miss_on_an_equal_roll():
    """'when an attack roll is performed, the targeted character makes a roll for Dexterity
    to see if they were hit.'

    ada machete 1d6+3: 3+3 = 6 vs rook 1d6+1: 4+1 = 5 -> hit; damage 1d6+2: 4+2 = 6;
    rook 15 (Con 3 x 5) - 6 = 9.
    rook maul 1d6+2: 2+2 = 4 vs ada 1d6+2: 2+2 = 4 -> equal, C2 (tie: defender) -> miss,
    no damage roll. dice_left = [1]. rook ends -> round 2, ada's turn.
    """
    out = run("02_hit_and_miss.yaml")
    assert out.get("error") is None
    assert who(out, "rook")["hp"] == 9
    assert who(out, "rook")["max_hp"] == 15
    assert who(out, "ada")["hp"] == 15
    rolls = events(out, "attack_rolled")
    assert [(r["attack"], r["defense"], r["result"]) for r in rolls] == [
        (6, 5, "hit"),
        (4, 4, "miss"),
    ]
    assert out["round"] == 2
    assert out["turn"] == "ada"
    assert who(out, "ada")["state"]["acted"] is False
    assert out["dice_left"] == [1]
    assert out["outcome"] is None


def test_critical_at_margin_exactly_5_with_a_2d6_plus_1_card():
    """'Should an attack roll exceed one's defense roll by 5 or more, a critical attack is
    performed. In such a case, another d6 is added to the damage roll and all modifiers
    are doubled.'

    Round 1: axe 1d6+4: 6+4 = 10 vs rook 1d6+1: 4+1 = 5 -> margin 5 -> critical.
    Damage: card dice 3+4, extra d6 2, modifier +1 doubled to +2 -> 3+4+2+2 = 11; 20 -> 9.
    Round 2: 5+4 = 9 vs 4+1 = 5 -> margin 4 -> normal: 1+1+1 = 3; 9 -> 6.
    """
    out = run("03_critical_margin_5.yaml")
    assert out.get("error") is None
    assert [d["amount"] for d in events(out, "damaged")] == [11, 3]
    rook = who(out, "rook")
    assert (rook["hp"], rook["max_hp"], rook["status"]) == (6, 20, "active")
    assert out["dice_left"] == []
    assert (out["round"], out["turn"]) == (2, "ada")


def test_ranged_shot_beyond_effective_range():
    """'Attacking an enemy outside of the effective range can be done with a negative
    modifier (-1 per each line of difference between the target and effective range).'

    Rifle range 3. bram line 1 -> wren line 6: distance 5, penalty 2:
    3+3-2 = 4 vs wren 2+2 = 4 -> equal -> miss (6 vs 4 would have hit).
    Round 2: bram moves to line 2 (free, C5): distance 4, penalty 1:
    4+3-1 = 6 vs 3+2 = 5 -> hit, damage 2+3 = 5; wren 10 -> 5.
    """
    out = run("04_ranged_beyond_range.yaml")
    assert out.get("error") is None
    rolls = events(out, "attack_rolled")
    assert [(r["penalty"], r["attack"], r["defense"], r["result"]) for r in rolls] == [
        (2, 4, 4, "miss"),
        (1, 6, 5, "hit"),
    ]
    wren = who(out, "wren")
    assert (wren["hp"], wren["max_hp"], wren["position"]) == (5, 10, {"line": 6})
    bram = who(out, "bram")
    assert bram["position"] == {"line": 2}
    assert bram["state"]["moved"] == 1
    assert bram["state"]["acted"] is True
    assert out["dice_left"] == []


def test_dual_wield_then_a_second_action_is_refused():
    """'All characters can dual wield 1-handed weapons, though attacking with both of them
    in a turn comes with a -4 penalty to the second attack' and 'All entities partaking in
    combat can make 1 action during their turn.'

    machete 2+3 = 5 vs jax 1+2 = 3 -> hit, 1+2 = 3; jax 10 -> 7.
    hatchet 6+2-4 = 4 vs 1+2 = 3 -> hit, margin 1 (no critical; 8 vs 3 would be one),
    damage 3+1 = 4; jax 7 -> 3.
    Both attacks are one action (C11); a further attack is refused at actions[1] and the
    face 5 stays unused.
    """
    out = run("05_dual_wield_then_second_action.yaml")
    rolls = events(out, "attack_rolled")
    assert [(r["weapon"], r["penalty"], r["attack"], r["defense"]) for r in rolls] == [
        ("machete", 0, 5, 3),
        ("hatchet", 4, 4, 3),
    ]
    assert [d["amount"] for d in events(out, "damaged")] == [3, 4]
    jax = who(out, "jax")
    assert (jax["hp"], jax["max_hp"], jax["status"]) == (3, 10, "active")
    assert who(out, "ada")["state"]["acted"] is True
    assert out["error"]["action"] == 1
    assert "action" in out["error"]["message"]
    assert out["dice_left"] == [5]
    assert (out["round"], out["turn"]) == (1, "ada")


# --- stances ----------------------------------------------------------------------------


def test_aim_then_attack_a_defending_enemy(tmp_path):
    """'they can add the second d6 to their defense roll' (defensive stance) and
    'In the next turn, they can add the second d6 to their attack roll.' (taking aim)

    Round 1: ada aims, rook defends.
    Round 2: ada 1d6+3+1d6 = 2+3+3 = 8 vs rook 2d6+1 = 1+2+1 = 4 -> margin 4, plain hit
    (without aim 5 vs 4; without the stance 8 vs 2, a critical). damage 4+2 = 6; 15 -> 9.
    Part-way (after ada's attack) rook still has 'defending (rook)'; after ada ends her
    turn rook's turn starts and the stance ends (C12); ada's aim was used by the attack.
    """
    mid = run("06_defend_and_aim.yaml", tmp_path, upto=5)
    assert "defending (rook)" in who(mid, "rook")["conditions"]
    assert not any("aim" in c for c in who(mid, "ada")["conditions"])

    out = run("06_defend_and_aim.yaml")
    assert out.get("error") is None
    rolls = events(out, "attack_rolled")
    assert [(r["attack"], r["defense"], r["result"]) for r in rolls] == [(8, 4, "hit")]
    rook = who(out, "rook")
    assert (rook["hp"], rook["max_hp"]) == (9, 15)
    assert rook["conditions"] == []
    assert who(out, "ada")["conditions"] == []
    assert (out["round"], out["turn"]) == (2, "rook")
    assert out["dice_left"] == []


# --- healing and dying ----------------------------------------------------------------------


def test_heal_capped_by_mind_and_stimpack_heals_its_maximum():
    """'The amount of healed HP can be no greater than the healer's Mind (unless stimpacks
    are used, which always heal the maximum amount they can).'

    GM override: ada 3/15. cato (Mind 2) medkit 2d6 = 5+6 = 11 -> capped to 2: ada 5.
    Round 2: stimpack 1d6+2 heals its maximum 6+2 = 8, rolls nothing: ada 13/15.
    Charges: medkit 3 -> 2, stim 1 -> 0; face 4 unused.
    """
    out = run("07_heal_capped_by_mind.yaml")
    assert out.get("error") is None
    ada = who(out, "ada")
    assert (ada["hp"], ada["max_hp"], ada["status"]) == (13, 15, "active")
    assert [h.get("amount") for h in events(out, "healed")] == [2, 8]
    cato = who(out, "cato")
    assert cato["state"]["gear"] == {"medkit": 2, "stim": 0}
    assert cato["state"]["acted"] is True
    assert out["dice_left"] == [4]
    assert (out["round"], out["turn"]) == (2, "cato")


def test_dying_then_revived_with_constitution_and_max_hp_lowered():
    """'If they are healed during the next 3 turns, they come back to life with their
    Constitution (and with it the maximum amount of HP) lowered by one.'

    GM override: ada 4/15. rook maul 5+2 = 7 vs ada 1+2 = 3 (margin 4), damage 1+1+2 = 4
    -> ada 0: dying. rook ends; ada's turn is passed (1st dying turn); cato's turn.
    cato (Mind 4) medkit 2d6 = 1+2 = 3 (under Mind) -> ada revives:
    Constitution 3 -> 2, max HP 15 -> 15*2/3 = 10 (= 2 x 5), HP = amount healed 3 (C7).
    """
    out = run("08_dying_then_revived.yaml")
    assert out.get("error") is None
    assert [e["combatant"] for e in events(out, "turn_skipped")] == ["ada"]
    ada = who(out, "ada")
    assert (ada["hp"], ada["max_hp"], ada["status"]) == (3, 10, "active")
    assert ada["state"]["constitution"] == 2
    assert ada["state"]["dying_turns_left"] == 0
    assert ada["conditions"] == []
    assert who(out, "cato")["state"]["gear"] == {"medkit": 2}
    assert len(events(out, "revived")) == 1
    assert out["dice_left"] == [6]
    assert (out["round"], out["turn"]) == (1, "cato")


def test_dying_then_dead_after_three_turns(tmp_path):
    """'The character who doesn't get healed during those 3 turns ... dies permanently.'

    GM override: ada 2/15. rook 6+2 = 8 vs ada 2+2 = 4 (margin 4), 1+1+2 = 4 -> 0: dying,
    3 turns left. C7 (own turns, death at the start of the third): ada's round-1 turn
    passed (2 left), round-2 turn passed (1 left); at the start of round 3 she is still
    dying; when rook ends his round-3 turn, ada's third turn comes up and she dies.
    """
    mid = run("09_dying_then_dead.yaml", tmp_path, upto=6)
    ada = who(mid, "ada")
    assert (ada["hp"], ada["status"]) == (0, "dying")
    assert ada["state"]["dying_turns_left"] == 1
    assert (mid["round"], mid["turn"]) == (3, "rook")

    out = run("09_dying_then_dead.yaml")
    assert out.get("error") is None
    ada = who(out, "ada")
    assert (ada["hp"], ada["max_hp"], ada["status"]) == (0, 15, "dead")
    assert len(events(out, "died")) == 1
    assert (out["round"], out["turn"]) == (3, "bram")
    assert out["outcome"] is None
    assert out["dice_left"] == []


# --- grappling and shoving ----------------------------------------------------------------


def test_grapple_then_failed_break_free_rolls(tmp_path):
    """'the target is immobilized and the only thing it can do is to try to break free.
    With each failed roll, their Constitution temporarily drops by 1. Should it fall to 0
    in such a way, the target is exhausted or loses consciousness.'

    rook Str 4 (his higher) 3+4 = 7 vs bram Dex 3 (his higher) 2+3 = 5 -> grappled.
    bram break free 4+3 = 7 vs rook 3+4 = 7 -> equal, the initiator fails (C2):
    Constitution 2 -> 1 (strain 1), max HP stays 10 (C9).
    Round 2: rook passes; bram 1+3 = 4 vs 2+4 = 6 -> fails: Constitution 0 ->
    unconscious, 'exhausted'. No guard stands: 'raiders won'.
    """
    mid = run("10_grapple_failed_break_free.yaml", tmp_path, upto=3)
    bram = who(mid, "bram")
    assert any("grappl" in c for c in bram["conditions"])
    assert bram["state"]["constitution_strain"] == 1
    assert (bram["hp"], bram["max_hp"], bram["status"]) == (10, 10, "active")

    out = run("10_grapple_failed_break_free.yaml")
    assert out.get("error") is None
    bram = who(out, "bram")
    assert bram["status"] == "unconscious"
    assert "exhausted" in bram["conditions"]
    assert bram["state"]["constitution_strain"] == 2
    assert (bram["hp"], bram["max_hp"]) == (10, 10)
    assert out["outcome"] == "raiders won"
    assert out["turn"] is None
    assert out["dice_left"] == []


def test_shove_at_the_edge_then_on_a_shared_line():
    """'a successful roll pushes the entity by 1 line away from the one pushing (their
    choice if the two of them are in the same line).'

    Ambushed layout: ada line 5, wren line 6. ada Str 3: 5+3 = 8 vs wren Dex 3: 2+3 = 5
    -> success, but there is no line 7: wren stays on 6 (C10 no_move).
    Round 2: ada moves to 6 and shoves towards line 1: 4+3 = 7 vs 1+3 = 4 -> wren to 5.
    """
    out = run("11_shove_at_edge.yaml")
    assert out.get("error") is None
    assert who(out, "wren")["position"] == {"line": 5}
    assert who(out, "ada")["position"] == {"line": 6}
    assert who(out, "wren")["hp"] == 10
    assert who(out, "ada")["state"]["acted"] is True
    assert out["dice_left"] == []
    assert (out["round"], out["turn"]) == (2, "ada")


# --- refusals -------------------------------------------------------------------------------


def test_melee_two_lines_away_is_refused():
    """'Melee weapons (unless specified otherwise) can only attack entities that are located
    in the same line as the attacker or one of the neighboring lines.'

    ada on line 3, rook on line 5: distance 5-3 = 2 > reach 1 -> refused at actions[1]
    (actions[0] is free talk); no dice used, nobody hurt, ada still has her action.
    """
    out = run("12_illegal_melee_two_lines.yaml")
    assert out["error"]["action"] == 1
    msg = out["error"]["message"]
    assert "2 lines away" in msg
    assert "reaches 1" in msg
    assert out["dice_left"] == [4, 4, 4]
    assert who(out, "rook")["hp"] == 15
    assert who(out, "ada")["state"]["acted"] is False
    assert (out["round"], out["turn"]) == (1, "ada")
