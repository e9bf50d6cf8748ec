"""The `lines` tactics play as a sensible table would: close in rather than trade shots at
long range, dash when no attack can be made, defend when badly hurt, revive the dying."""

from __future__ import annotations

from dataclasses import replace

from fracas.core.actions import EndTurn
from fracas.core.state import Status
from fracas.rulesets.lines import RULESET
from fracas.rulesets.lines.actions import Aim, Attack, Dash, Defend, Move
from fracas.rulesets.lines.fighter import Fighter
from tests.rulesets.lines.helpers import KIT, SWORD, Fight, fighter

PISTOL = {"id": "pistol", "attack": "1d6+1", "damage": "1d6+1", "range": 2, "hands": 1}
BOW = {"id": "bow", "attack": "1d6+2", "damage": "1d6+2", "range": 3, "hands": 2}


def test_a_shooter_beyond_effective_range_steps_closer_before_shooting() -> None:
    """The skirmish's last two standing once traded shots from lines 1 and 5 for 30 rounds,
    at -2 and -1; a step first takes a line of penalty off, and the shot follows."""
    fight = Fight(
        fighter("cato", "guards", 1, dexterity=2, weapons=[PISTOL]),
        fighter("wren", "raiders", 5, dexterity=0, weapons=[BOW]),
    )
    assert RULESET.suggest(fight.state) == Move(actor="cato", to=2)
    fight.act("cato", "move", to=2)
    assert RULESET.suggest(fight.state) == Attack(actor="cato", target="wren", weapon="pistol")


def test_a_fighter_out_of_melee_reach_dashes_toward_the_foe() -> None:
    fight = Fight(
        fighter("ada", "guards", 2, weapons=[SWORD]),
        fighter("rook", "raiders", 5, weapons=[SWORD]),
    )
    assert RULESET.suggest(fight.state) == Dash(actor="ada", to=4)


def test_a_dash_stops_at_reach_instead_of_overshooting() -> None:
    fight = Fight(
        fighter("ada", "guards", 3, weapons=[SWORD]),
        fighter("rook", "raiders", 5, weapons=[SWORD]),
    )
    assert RULESET.suggest(fight.state) == Move(actor="ada", to=4)


def test_badly_hurt_with_poor_odds_takes_a_defensive_stance_while_an_ally_fights() -> None:
    fight = Fight(
        fighter("ada", "guards", 3, weapons=[SWORD]),
        fighter("bob", "guards", 3, weapons=[SWORD]),
        fighter("rook", "raiders", 4, dexterity=6, weapons=[SWORD]),
    )
    state = fight.state
    worn = state.with_combatant(_with_hp(fight, "ada", 4))
    assert RULESET.suggest(worn) == Defend(actor="ada")
    alone = worn.with_combatant(_with_hp(fight, "bob", 4))
    assert not isinstance(RULESET.suggest(alone), Defend), "with nobody else fighting, it fights on"


def test_aims_when_an_aimed_attack_next_turn_beats_two_plain_ones() -> None:
    """1d6+3 against 1d6+6 hits 1 time in 12; with the aiming d6, about 1 in 2."""
    fight = Fight(
        fighter("ada", "guards", 3, weapons=[SWORD]),
        fighter("rook", "raiders", 4, dexterity=6, weapons=[SWORD]),
    )
    assert RULESET.suggest(fight.state) == Aim(actor="ada")


def test_a_healer_steps_over_to_a_dying_ally_and_heals() -> None:
    fight = Fight(
        fighter("doc", "guards", 1, mind=4, weapons=[], gear=[KIT]),
        fighter("ada", "guards", 3, weapons=[SWORD]),
        fighter("rook", "raiders", 4, weapons=[SWORD]),
    )
    dying = fight.state.with_combatant(_with_hp(fight, "ada", 0, status="dying"))
    assert RULESET.suggest(dying) == Move(actor="doc", to=2)


def test_with_the_action_spent_and_nothing_left_to_do_the_turn_ends() -> None:
    fight = Fight(
        fighter("ada", "guards", 3, weapons=[SWORD]),
        fighter("rook", "raiders", 4, weapons=[SWORD]),
        dice=[1, 6],
    )
    fight.act("ada", "attack", target="rook", weapon="sword")
    assert RULESET.suggest(fight.state) == EndTurn(actor="ada")


def _with_hp(fight: Fight, fid: str, hp: int, status: str | None = None) -> Fighter:
    who = fight.get(fid)
    return replace(who, hp=hp, status=Status(status) if status else who.status)
