"""Illegal actions: each is refused with a message naming the problem, and changes nothing.

`Fight.refuse` checks that the state, the log length and the dice used are all unchanged.
"""

from __future__ import annotations

from typing import Any

from fracas.rulesets.lines import RULESET
from fracas.runner import run_scenario
from fracas.scenario import parse_scenario

from .helpers import DAGGER, KIT, MAUL, SWORD, Fight, ada, bob, fighter, raider, scenario

ATTACK: dict[str, Any] = {"actor": "ada", "do": "attack", "target": "raider", "weapon": "sword"}


def test_refuses_a_second_action_in_a_turn() -> None:
    """LINES-4: "All entities partaking in combat can make 1 action during their turn." """
    fight = Fight(ada(gear=[KIT]), raider(), dice=[4, 2, 5])
    fight.act("ada", "attack", target="raider", weapon="sword")
    fight.refuse(
        "ada", "attack", "ada has already used this turn's action", target="raider", weapon="sword"
    )
    fight.refuse("ada", "heal", "ada has already used this turn's action", target="ada", item="kit")
    fight.refuse("ada", "defend", "ada has already used this turn's action")
    fight.refuse("ada", "aim", "ada has already used this turn's action")
    fight.refuse("ada", "grapple", "ada has already used this turn's action", target="raider")
    fight.refuse("ada", "shove", "ada has already used this turn's action", target="raider")


def test_refuses_acting_out_of_turn() -> None:
    """LINES-3: the initiative "decides the order in which all entities on the combat area will
    move" - nobody acts in another's turn."""
    fight = Fight(dice=[])
    fight.refuse("raider", "attack", "it is ada's turn, not raider's", target="ada", weapon="sword")
    fight.refuse("raider", "move", "it is ada's turn, not raider's", to=5)
    fight.refuse("raider", "end_turn", "it is ada's turn, not raider's")


def test_refuses_melee_beyond_reach() -> None:
    """LINES-9: "Melee weapons (unless specified otherwise) can only attack entities that are
    located in the same line as the attacker or one of the neighboring lines." """
    fight = Fight(ada(line=1), raider(line=4), dice=[])
    fight.refuse(
        "ada",
        "attack",
        r"raider is 3 lines away \(line 4, ada on line 1\); melee weapon sword reaches 1",
        target="raider",
        weapon="sword",
    )


def test_refuses_moving_two_lines_without_a_dash() -> None:
    """LINES-8/15: one neighbouring line per turn; two need a dash."""
    fight = Fight(dice=[])
    fight.refuse(
        "ada",
        "move",
        r"line 5 is 2 lines from line 3; ada can move 1 more this turn \(a dash allows 2\)",
        to=5,
    )


def test_refuses_moving_while_grappled() -> None:
    """LINES-18: "the target is immobilized and the only thing it can do is to try to break
    free." """
    fight = Fight(dice=[4, 3])
    fight.act("ada", "grapple", target="raider")
    fight.end("ada")
    fight.refuse("raider", "move", r"raider is grappled by ada; .*break free", to=5)
    fight.refuse("raider", "dash", r"raider is grappled by ada; .*break free", to=6)


def test_refuses_anything_but_break_free_while_grappled() -> None:
    """LINES-18: "the only thing it can do is to try to break free." Talking and ending the turn
    stay free."""
    fight = Fight(ada(), raider(gear=[KIT]), dice=[4, 3, 6, 1])
    fight.act("ada", "grapple", target="raider")
    fight.end("ada")
    message = "raider is grappled by ada; the only thing it can do is try to break free"
    fight.refuse("raider", "attack", message, target="ada", weapon="sword")
    fight.refuse("raider", "heal", message, target="raider", item="kit")
    fight.refuse("raider", "defend", message)
    fight.refuse("raider", "aim", message)
    fight.refuse("raider", "shove", message, target="ada")
    fight.refuse("raider", "grapple", message, target="ada")
    fight.act("raider", "say", text="Let go!")
    fight.act("raider", "break_free")
    assert not fight.get("raider").has("grappled")
    assert fight.dice.remaining == ()


def test_refuses_break_free_when_not_grappled() -> None:
    """LINES-18: breaking free is for the grappled."""
    fight = Fight(dice=[])
    fight.refuse("ada", "break_free", "ada is not grappled")
    fight.refuse("ada", "release", "ada is not grappling raider", target="raider")


def test_refuses_heal_with_no_charges() -> None:
    """LINES-11: "If equipped with any medical gear" - a spent kit is no gear to heal with."""
    kit = {**KIT, "charges": 1}
    fight = Fight(ada(mind=4, gear=[kit]), raider(), dice=[3])
    fight.act("gm", "override", target="ada", hp=5)
    fight.act("ada", "heal", target="ada", item="kit")
    fight.end("ada", "raider")
    assert fight.get("ada").charges == (0,)
    fight.refuse("ada", "heal", "ada's kit has no charges left", target="ada", item="kit")
    fight.refuse(
        "ada", "heal", r"ada has no medical gear 'stim'; it carries: kit", target="ada", item="stim"
    )
    assert fight.dice.remaining == ()


def test_refuses_heal_at_full_hp() -> None:
    """LINES-11: "The amount of healed HP" - nothing to heal at full HP."""
    fight = Fight(ada(gear=[KIT]), raider(), dice=[])
    fight.refuse("ada", "heal", r"ada is at full HP \(15/15\)", target="ada", item="kit")


def test_refuses_an_unknown_weapon() -> None:
    """LINES-5: "The dice needed and modifiers are written down on each weapon's card" - no card,
    no attack."""
    fight = Fight(dice=[])
    fight.refuse(
        "ada", "attack", "ada has no weapon 'axe'; it carries: sword", target="raider", weapon="axe"
    )


def test_refuses_dual_wielding_a_two_handed_weapon() -> None:
    """LINES-13: "All characters can dual wield 1-handed weapons" """
    fight = Fight(ada(weapons=[SWORD, MAUL, DAGGER]), raider(), dice=[])
    fight.refuse(
        "ada",
        "attack",
        "maul is two-handed; only one-handed weapons can be dual wielded",
        target="raider",
        weapon="sword",
        second_weapon="maul",
    )
    fight.refuse(
        "ada",
        "attack",
        "dual wielding needs two different weapons",
        target="raider",
        weapon="dagger",
        second_weapon="dagger",
    )


def test_refuses_attacking_a_dying_target_by_default() -> None:
    """C15 (option attack_dying, default refuse) with LINES-12 "they are dying"."""
    rook = fighter("rook", "raiders", 5)
    fight = Fight(ada(), bob(), raider(hp=2), rook, dice=[3, 3, 1])
    fight.act("ada", "attack", target="raider", weapon="sword")
    fight.end("ada")
    fight.refuse(
        "bob",
        "attack",
        r"raider is dying and cannot be attacked \(option attack_dying: kills allows it\)",
        target="raider",
        weapon="sword",
    )
    fight.refuse("bob", "grapple", "raider is dying", target="raider")


def test_refuses_targets_that_are_not_there() -> None:
    """An attack needs someone else, alive, who exists."""
    fight = Fight(dice=[])
    fight.refuse("ada", "attack", "ada cannot attack itself", target="ada", weapon="sword")
    fight.refuse("ada", "attack", "there is no combatant 'ghost'", target="ghost", weapon="sword")


def test_refusal_in_a_scenario_file_stops_the_run_with_the_state_before_it() -> None:
    """A scenario file's refused action: the run stops there, reports the action's index and
    the refusal, and keeps the state as it stood before that action."""
    actions: list[dict[str, Any]] = [
        ATTACK,
        {"actor": "ada", "do": "move", "to": 2},
        {**ATTACK, "weapon": "sword"},
        {"actor": "ada", "do": "end_turn"},
    ]
    result = run_scenario(parse_scenario(scenario(dice=[4, 2, 5], actions=actions)))
    assert result.error is not None
    assert result.error.action == 2
    assert result.error.place == "actions[2] (ada attack raider)"
    assert result.error.message == "ada has already used this turn's action"
    before = run_scenario(parse_scenario(scenario(dice=[4, 2, 5], actions=actions[:2])))
    assert before.error is None
    assert result.encounter.state == before.encounter.state
    assert len(result.encounter.log) == len(before.encounter.log)
    assert result.scripted is not None and result.scripted.remaining == ()
    assert result.to_json()["error"] == {
        "action": 2,
        "message": "ada has already used this turn's action",
    }


def test_refusal_in_a_scenario_file_of_an_out_of_reach_attack() -> None:
    """LINES-9 in a file: the first action refused, nothing rolled, the state as set up."""
    data = scenario(ada(line=1), raider(), dice=[4, 2, 5], actions=[ATTACK])
    result = run_scenario(parse_scenario(data))
    assert result.error is not None
    assert result.error.action == 0
    assert "raider is 3 lines away" in result.error.message
    spec = parse_scenario(data)
    fresh = run_scenario(parse_scenario({**data, "actions": []}))
    assert result.encounter.state == fresh.encounter.state
    assert RULESET.setup(spec).combatants == result.encounter.state.combatants
    assert result.scripted is not None and result.scripted.remaining == (4, 2, 5)
