"""Grappling, restraint, human shields and shoving under `nwo` (rules/holds.py).

Dice order: the initiator's 2d6 (grappler, escaper, shover), then the responder's; a tie is
a parry for the responder, or both re-roll with `parry: reroll`. Strength check modifiers
are half the skill: ada (STR 8) +4, rex (STR 4) +2.
"""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.encounter import replay
from fracas.core.events import event_from_json
from fracas.core.transaction import Transaction
from fracas.rulesets.nwo import RULESET
from fracas.rulesets.nwo.events import AttackResolved, Moved, WeaponsChanged
from fracas.rulesets.nwo.rules import holds, support
from fracas.rulesets.nwo.rules.common import GRAPPLED, PRONE, RESTRAINED, SHIELDED
from tests.rulesets.nwo.holds_helpers import Fight, condition, grappled, op, pair

# -- Grapple ----------------------------------------------------------------------------


def test_a_won_strength_contest_grapples_the_target() -> None:
    """NWO-44: "Grappling is a contested Strength check": ada 5+5+4 = 14 beats rex 1+1+2 = 4;
    rex's lost check is the first towards restraint (A16)."""
    fight = grappled()
    hold = condition(fight, "rex", GRAPPLED)
    assert hold is not None and hold.source == "ada"
    assert [(r.combatant, r.total) for r in fight.rolled()] == [("ada", 14), ("rex", 4)]
    assert fight.get("rex").grapple_fails == 1
    assert fight.get("ada").acted
    assert fight.dice.remaining == ()


def test_a_tied_grapple_is_a_parry_for_the_defender() -> None:
    """NWO-12: "If an attacker and defender roll the same result, be it for an attack,
    grapple, or special move ... parries go in favor of the defender": 3+3+4 = 10 vs
    4+4+2 = 10 leaves rex free."""
    fight = pair(dice=[3, 3, 4, 4])
    fight.act("ada", "grapple", target="rex")
    assert not fight.get("rex").has(GRAPPLED)
    assert fight.get("rex").grapple_fails == 0
    assert fight.dice.remaining == ()


def test_a_tied_grapple_is_rerolled_when_the_table_agrees() -> None:
    """NWO-12: "if both parties agree, a 'Parry' can instead result in a re-roll from both
    parties": 10 vs 10, then 6+6+4 = 16 vs 1+1+2 = 4."""
    fight = pair(dice=[3, 3, 4, 4, 6, 6, 1, 1], options={"parry": "reroll"})
    fight.act("ada", "grapple", target="rex")
    assert fight.get("rex").has(GRAPPLED)
    assert fight.dice.remaining == ()


def test_a_grapple_needs_a_free_hand() -> None:
    """NWO-44: "can be attempted so long as one of the Attacker's hands is free": a spear
    (two-handed) or two one-handed weapons leave none; one handgun leaves one."""
    fight = pair(ada={"weapons": ["spear"]})
    fight.refuse("ada", "grapple", "no free hand", target="rex")
    fight = pair(ada={"weapons": ["handgun", "short_blade"]})
    fight.refuse("ada", "grapple", "no free hand", target="rex")
    fight.refuse("ada", "grapple", "one-handed", target="rex", drop_weapon="short_blade")
    fight.refuse("ada", "grapple", "does not hold", target="rex", drop_weapon="spear")
    fight = pair(ada={"weapons": ["handgun"]}, dice=[5, 5, 1, 1])
    fight.act("ada", "grapple", target="rex")
    assert fight.get("rex").has(GRAPPLED)


def test_a_two_handed_weapon_is_dropped_for_free_to_grapple() -> None:
    """NWO-44: "Attackers can Drop a two-handed weapon as a free action to attempt to Grapple
    a target, leaving their weapon on the ground" (dropped even if the grapple fails)."""
    fight = pair(ada={"weapons": ["spear"]}, dice=[1, 1, 6, 6])
    fight.act("ada", "grapple", target="rex", drop_weapon="spear")
    ada = fight.get("ada")
    assert (ada.wielded, ada.dropped) == ((), ("spear",))
    assert fight.events(WeaponsChanged)[0].why == "drops the spear to grapple (free)"
    assert not fight.get("rex").has(GRAPPLED)


def test_a_grapple_needs_an_adjacent_target_and_the_action() -> None:
    """NWO-10: a grapple is an action; its reach is a hand's (1 tile)."""
    fight = pair(rex={"position": {"x": 5, "y": 2}})
    fight.refuse("ada", "grapple", "3 tiles away", target="rex")
    fight.refuse("ada", "grapple", "cannot grapple itself", target="ada")
    fight = grappled(op("cat", "gang", 1, 2, skills={"strength": 4}))
    fight.refuse("ada", "grapple", "already used", target="cat")


def test_a_grappled_target_cannot_move() -> None:
    """NWO-45: "Their movement is reduced to 0." (movement.py reads the hold this module
    sets.)"""
    fight = grappled()
    fight.end("ada")
    fight.refuse("rex", "move", "grappled", to=[5, 5])


def test_a_grappled_target_attacks_with_disadvantage_and_keeps_its_weapon() -> None:
    """NWO-45: "When a character is grappled: ... Attack rolls are made with disadvantage ...
    Grappled characters are not automatically restrained or disarmed." rex still holds his
    short blade, unrestrained, and his swing at ada keeps the worse pair: 1+1 of 1+1 and 5+5,
    against ada's unarmed 5+5+1 (STR 8 bonus) = 11, a miss."""
    fight = grappled(dice=(1, 1, 5, 5, 5, 5))
    assert fight.get("rex").wielded == ("short_blade",)
    assert not fight.get("rex").has(RESTRAINED)
    fight.end("ada")
    fight.act("rex", "attack", target="ada")
    swing = fight.rolled()[-2]
    assert (swing.combatant, swing.edge, swing.pair, swing.total) == ("rex", -1, (1, 1), 2)
    assert fight.damage() == []
    assert fight.dice.remaining == ()


def test_a_dragged_target_provokes_no_attack_of_opportunity() -> None:
    """NWO-45: grappled characters "do not trigger attacks of opportunity": ada drags rex out
    of bo's reach (bo holds a short blade next to rex) and bo gets no strike; no dice."""
    bo = op("bo", "crew", 4, 2, weapons=["short_blade"])
    fight = grappled(bo)
    fight.act("ada", "drag", target="rex", to=[1, 2])
    assert fight.get("rex").tile == (2, 2)
    assert fight.events(AttackResolved) == []
    assert fight.dice.remaining == ()


def test_the_grapplers_own_attacks_have_disadvantage() -> None:
    """NWO-48: "While maintaining a grapple, a character's attacks are made with
    disadvantage." ada's unarmed strike next turn keeps 1+1 of 1+1 and 6+6 (+1 = 3) against
    rex's 2+2 with the short blade: a miss."""
    fight = grappled(dice=(1, 1, 6, 6, 2, 2))
    fight.end("ada", "rex")
    fight.act("ada", "attack", target="rex", weapon="unarmed")
    strike = fight.rolled()[-2]
    assert (strike.combatant, strike.edge, strike.pair, strike.total) == ("ada", -1, (1, 1), 3)
    assert fight.damage() == []
    assert fight.dice.remaining == ()


def test_release_is_only_during_the_grapplers_turn() -> None:
    """NWO-48: "they can end the grapple as a free action during their turn": not in rex's."""
    fight = grappled()
    fight.end("ada")
    fight.refuse("ada", "release", "it is rex.s turn, not ada.s", target="rex")
    assert fight.get("rex").has(GRAPPLED)


def test_an_already_held_target_cannot_be_grappled_again() -> None:
    """One hold a target: a second grappler waits until the first lets go."""
    fight = grappled(op("cat", "crew", 3, 3, skills={"strength": 8}))
    fight.end("ada", "rex")
    fight.refuse("cat", "grapple", "already grappled", target="rex")


# -- Escape -------------------------------------------------------------------------------


def test_escape_is_a_contested_strength_roll_on_the_targets_turn() -> None:
    """NWO-46: "A character can use their action attempt to escape a grapple via a contested
    Strength roll on their turn": rex 6+6+2 = 14 beats ada 1+1+4 = 6; a success resets the
    run of failures (A16)."""
    fight = grappled(dice=(6, 6, 1, 1))
    fight.end("ada")
    fight.act("rex", "escape")
    assert not fight.get("rex").has(GRAPPLED)
    assert fight.get("rex").grapple_fails == 0
    assert fight.get("rex").acted
    assert [r.combatant for r in fight.rolled()[2:]] == ["rex", "ada"]
    assert fight.dice.remaining == ()


def test_a_failed_escape_keeps_the_grapple_and_counts() -> None:
    """NWO-46: "remaining grappled on a failed roll"; a tie (4+4+2 = 10 vs 3+3+4 = 10) goes
    to the grappler, who defends here."""
    fight = grappled(dice=(4, 4, 3, 3))
    fight.end("ada")
    fight.act("rex", "escape")
    assert fight.get("rex").has(GRAPPLED)
    assert fight.get("rex").grapple_fails == 2


def test_three_failed_checks_in_a_row_restrain_and_disarm() -> None:
    """NWO-49: "If a character fails a grapple check three times in a row ... they are
    considered restrained"; NWO-50 (R0): restrained "Is disarmed". The lost grapple, then
    two lost escapes (A16); the restraint replaces the grapple."""
    fight = grappled(dice=(1, 1, 6, 6, 1, 2, 6, 6))
    fight.end("ada")
    fight.act("rex", "escape")
    fight.end("rex", "ada")
    fight.act("rex", "escape")
    rex = fight.get("rex")
    hold = rex.condition(RESTRAINED)
    assert hold is not None and hold.source == "ada"
    assert not rex.has(GRAPPLED)
    assert rex.grapple_fails == 3
    assert (rex.wielded, rex.dropped) == ((), ("short_blade",))
    assert fight.dice.remaining == ()


def test_a_win_in_between_resets_the_run() -> None:
    """A16: "any success resets it": fail, win the upgrade contest, fail: one in a row."""
    fight = grappled(dice=(1, 1, 6, 6, 1, 1, 6, 6, 1, 1, 6, 6))
    fight.end("ada")
    fight.act("rex", "escape")  # fails: 2
    fight.end("rex")
    fight.act("ada", "restrain", target="rex")  # ada 1+1+4 = 6 loses to 6+6+2 = 14: reset
    assert fight.get("rex").grapple_fails == 0
    fight.end("ada")
    fight.act("rex", "escape")  # fails: 1
    assert fight.get("rex").grapple_fails == 1
    assert fight.get("rex").has(GRAPPLED)


def test_escape_refusals() -> None:
    """NWO-50: "A character cannot escape being restrained on their own"; a spear's crit
    grapple: the target "cannot attempt to free themselves until the end of your next
    turn" (NO_ESCAPE); and there must be a grapple to escape."""
    fight = pair()
    fight.end("ada")
    fight.refuse("rex", "escape", "not grappled")
    fight = grappled()
    fight.gm("rex", add_condition="no_escape")
    fight.end("ada")
    fight.refuse("rex", "escape", "cannot attempt to free")
    fight = grappled(dice=(6, 6, 1, 1))
    fight.end("ada", "rex")
    fight.act("ada", "restrain", target="rex")
    fight.end("ada")
    fight.refuse("rex", "escape", "restrained")


def test_a_hit_on_the_grappler_triggers_a_break_free_roll() -> None:
    """NWO-46: "A successful attack on the grappler from the target likewise triggers a
    contested Strength roll to attempt to break free." rex attacks at disadvantage
    (grappled): 6+5 and 6+4 keep 10; ada defends unarmed 1+2+1 = 4; the short blade's 2
    damage; then rex 5+5+2 = 12 beats ada 1+1+4 = 6."""
    fight = grappled(dice=(6, 5, 6, 4, 1, 2, 5, 5, 1, 1))
    fight.end("ada")
    fight.act("rex", "attack", target="ada")
    assert fight.damage() == [("ada", 2, 0, 8)]
    assert not fight.get("rex").has(GRAPPLED)
    assert fight.dice.remaining == ()


def test_a_failed_break_free_after_a_hit_counts_too() -> None:
    """NWO-49 with A16: the break-free roll is a grapple check; losing it counts."""
    fight = grappled(dice=(6, 5, 6, 4, 1, 2, 1, 1, 5, 5))
    fight.end("ada")
    fight.act("rex", "attack", target="ada")
    assert fight.get("rex").has(GRAPPLED)
    assert fight.get("rex").grapple_fails == 2


def test_a_miss_on_the_grappler_triggers_nothing() -> None:
    """Only "A successful attack" triggers the roll: 1+2 and 1+1 keep 2, ada 6+6 defends."""
    fight = grappled(dice=(1, 2, 1, 1, 6, 5))
    fight.end("ada")
    fight.act("rex", "attack", target="ada")
    assert fight.get("rex").has(GRAPPLED)
    assert fight.dice.remaining == ()


# -- Restrain -----------------------------------------------------------------------------


def test_the_grappler_may_roll_to_upgrade_into_a_restraint() -> None:
    """NWO-47: "The character performing the grapple does not need to roll to maintain it,
    but can do so in order to attempt an upgrade into a Restraint": 6+6+4 = 16 vs 1+1+2."""
    fight = grappled(dice=(6, 6, 1, 1))
    fight.end("ada", "rex")
    fight.act("ada", "restrain", target="rex")
    hold = condition(fight, "rex", RESTRAINED)
    assert hold is not None and hold.source == "ada"
    assert not fight.get("rex").has(GRAPPLED)
    assert fight.get("rex").wielded == ()
    assert fight.dice.remaining == ()


def test_restrain_needs_a_grapple_of_ones_own() -> None:
    """NWO-47: the upgrade is a roll of "The character performing the grapple"."""
    fight = pair()
    fight.refuse("ada", "restrain", "does not hold", target="rex")


def test_two_helpers_restrain_without_a_contest(monkeypatch: pytest.MonkeyPatch) -> None:
    """NWO-49: "or the grappler is aided by two other characters, they are considered
    restrained" (A16: two successful Help bonuses on the grappler's roll). The help count
    comes from support.py; here it is stubbed to 2."""
    monkeypatch.setattr(support, "help_count", lambda state, who: 2, raising=False)
    fight = grappled()
    assert fight.get("rex").has(RESTRAINED)
    assert not fight.get("rex").has(GRAPPLED)
    assert fight.get("rex").wielded == ()
    assert fight.dice.remaining == ()


def helpers() -> tuple[dict[str, Any], dict[str, Any]]:
    """Two allies of ada's, adjacent to her, STR 8: a help roll 3+3+4 = 10 meets DC 10."""
    return (
        op("cat", "crew", 1, 2, skills={"strength": 8}),
        op("dan", "crew", 2, 3, skills={"strength": 8}),
    )


def test_two_real_helps_on_the_grapple_restrain_at_once() -> None:
    """NWO-49 with NWO-25/27 (support.py's Help): "the grappler is aided by two other
    characters"; both helps add +3 to ada's grapple roll: 1+1+4+6 = 12 beats 1+1+2 = 4."""
    fight = pair(*helpers(), dice=[3, 3, 3, 3, 1, 1, 1, 1])
    fight.act("cat", "help", target="ada", skill="strength")
    fight.act("dan", "help", target="ada", skill="strength")
    fight.act("ada", "grapple", target="rex")
    assert fight.rolled()[-2].total == 12
    hold = condition(fight, "rex", RESTRAINED)
    assert hold is not None and hold.source == "ada"
    assert fight.dice.remaining == ()


def test_one_help_only_adds_to_the_roll() -> None:
    """NWO-27: one success is +3; a single helper does not make a restraint."""
    fight = pair(*helpers(), dice=[3, 3, 1, 1, 1, 1])
    fight.act("cat", "help", target="ada", skill="strength")
    fight.act("ada", "grapple", target="rex")
    assert fight.rolled()[-2].total == 9
    assert fight.get("rex").has(GRAPPLED) and not fight.get("rex").has(RESTRAINED)


def test_two_helpers_make_the_upgrade_automatic() -> None:
    """NWO-49: "or the grappler is aided by two other characters, they are considered
    restrained": cat and dan both help ada (3+3+4 = 10 each, DC 10), and her upgrade needs no
    roll. (This test once stubbed the help count; the helps are real now.)"""
    fight = grappled(*helpers(), dice=(3, 3, 3, 3))
    fight.end("ada", "rex", "cat", "dan")
    fight.act("cat", "help", target="ada", skill="strength")
    fight.act("dan", "help", target="ada", skill="strength")
    fight.act("ada", "restrain", target="rex")
    assert fight.get("rex").has(RESTRAINED)
    assert not fight.get("rex").has(GRAPPLED)
    assert fight.dice.remaining == ()


def test_the_restrained_cannot_move_or_attack() -> None:
    """NWO-50: "When restrained, a character: Cannot move. Cannot make attacks." (movement.py
    and attack.py read the restraint this module sets.)"""
    fight = grappled(dice=(6, 6, 1, 1))
    fight.end("ada", "rex")
    fight.act("ada", "restrain", target="rex")
    fight.end("ada")
    fight.refuse("rex", "move", "restrained", to=[5, 5])
    fight.refuse("rex", "attack", "restrained", target="ada", weapon="unarmed")


def test_a_restrainer_makes_one_handed_attacks_only() -> None:
    """NWO-51: "When a character is restraining another, they are able to make one-handed
    attacks" (A16: without the grappler's disadvantage): 3+3 alone, +1 unarmed (STR 8)."""
    fight = grappled(dice=(6, 6, 1, 1, 3, 3, 1, 1))
    fight.end("ada", "rex")
    fight.act("ada", "restrain", target="rex")
    fight.end("ada", "rex")
    fight.act("ada", "attack", target="rex", weapon="unarmed")
    attack = [r for r in fight.rolled() if r.combatant == "ada"][-1]
    assert (attack.edge, attack.total) == (0, 7)
    assert fight.damage() == [("rex", 1, 0, 9)]
    assert fight.dice.remaining == ()


def test_binding_a_restrained_target_frees_the_restrainers_hands() -> None:
    """NWO-50: "The character maintaining restraint must keep hold of the character or put
    them into physical restraints." A `restrain` on one's own restrained target binds it:
    the restraint stays when ada walks off, and an adjacent ally frees it (NWO-51)."""
    fight = grappled(op("cat", "gang", 4, 2), dice=(6, 6, 1, 1))
    fight.end("ada", "rex", "cat")
    fight.act("ada", "restrain", target="rex")
    fight.end("ada", "rex", "cat")
    fight.act("ada", "restrain", target="rex")
    hold = condition(fight, "rex", RESTRAINED)
    assert hold is not None and (hold.source, hold.detail) == (None, "bound by ada")
    fight.act("ada", "move", to=[0, 0], declined=["rex"])
    assert fight.get("rex").has(RESTRAINED)
    fight.end("ada", "rex")
    fight.act("cat", "free", target="rex")
    assert not fight.get("rex").has(RESTRAINED)
    assert fight.get("cat").acted


def test_a_hand_held_restraint_cannot_be_freed_by_another() -> None:
    """NWO-51: `free` is for "physical restraints"; a restrainer's grip ends when it lets go."""
    fight = grappled(op("cat", "gang", 4, 2), dice=(6, 6, 1, 1))
    fight.end("ada", "rex", "cat")
    fight.act("ada", "restrain", target="rex")
    fight.end("ada", "rex")
    fight.refuse("cat", "free", "held by ada", target="rex")


def test_a_gm_restraint_is_physical_and_needs_an_adjacent_freer() -> None:
    """NWO-51: "Another character can use their action to free a character from physical
    restraints if they are directly adjacent." A GM-applied restraint is physical."""
    fight = pair(op("cat", "gang", 6, 6))
    fight.gm("rex", add_condition="restrained")
    fight.end("ada", "rex")
    fight.refuse("cat", "free", "adjacent", target="rex")
    fight.refuse("cat", "free", "not restrained", target="ada")
    fight.act("cat", "move", to=[4, 3])
    fight.act("cat", "free", target="rex")
    assert not fight.get("rex").has(RESTRAINED)


# -- ForceProne, Drag, Release ------------------------------------------------------------


def test_the_grappler_forces_the_target_prone_without_a_contest() -> None:
    """NWO-48: "Characters grappling with a target can force that target to a prone state as
    an action with no additional contest. Both characters are considered Prone." """
    fight = grappled()
    fight.end("ada", "rex")
    fight.act("ada", "force_prone", target="rex")
    assert fight.get("rex").has(PRONE) and fight.get("ada").has(PRONE)
    assert fight.get("ada").acted
    assert fight.dice.remaining == ()
    fight.end("ada", "rex")
    fight.refuse("ada", "drag", "prone", target="rex", to=[0, 2])


def test_force_prone_needs_a_hold() -> None:
    """NWO-48: only "Characters grappling with a target"."""
    fight = pair()
    fight.refuse("ada", "force_prone", "does not grapple", target="rex")


@pytest.mark.parametrize(("armor", "tiles"), [("none", 3), ("medium", 2)])
def test_a_drag_moves_half_the_standard_distance(armor: str, tiles: int) -> None:
    """Worked example 1.4 #12 and NWO-48: "The grappler can use their movement to move half
    their standard distance with their grappled target": move 6 -> 3 tiles; medium armor
    (move 5) -> 2. The target follows onto the tile the grappler left."""
    fight = grappled(
        ada={"armor": armor, "position": {"x": 6, "y": 2}}, rex={"position": {"x": 7, "y": 2}}
    )
    fight.refuse("ada", "drag", f"can move {tiles} tiles", target="rex", to=[5 - tiles, 2])
    fight.act("ada", "drag", target="rex", to=[6 - tiles, 2])
    assert fight.get("ada").tile == (6 - tiles, 2)
    assert fight.get("rex").tile == (7 - tiles, 2)
    assert fight.get("rex").has(GRAPPLED)
    assert fight.get("ada").movement_spent
    moved = fight.events(Moved)[-1]
    assert (moved.target, moved.forced, moved.cost) == ("rex", True, tiles)


def test_a_drag_after_some_movement_halves_what_is_left() -> None:
    """NWO-48 read as "half their standard distance": 2 tiles walked leave 4, half is 2."""
    fight = grappled()
    fight.act("ada", "move", path=[[2, 3], [2, 2]])
    fight.refuse("ada", "drag", "can move 2 tiles", target="rex", to=[2, 5])
    fight.act("ada", "drag", target="rex", to=[0, 2])
    assert (fight.get("ada").tile, fight.get("rex").tile) == ((0, 2), (1, 2))


def test_drag_refusals() -> None:
    """A drag needs a hold and the movement."""
    fight = pair()
    fight.refuse("ada", "drag", "does not grapple", target="rex", to=[0, 2])
    fight = grappled()
    fight.act("ada", "move", path=[[2, 3]])
    fight.act("ada", "drag", target="rex", to=[1, 3])
    fight.refuse("ada", "drag", "no movement left", target="rex", to=[1, 4])


def test_the_grappler_releases_as_a_free_action() -> None:
    """NWO-48: "they can end the grapple as a free action during their turn"."""
    fight = grappled()
    fight.end("ada", "rex")
    fight.act("ada", "release", target="rex")
    assert not fight.get("rex").has(GRAPPLED)
    assert fight.get("rex").grapple_fails == 0
    assert not fight.get("ada").acted
    fight.refuse("ada", "release", "does not grapple", target="rex")


def test_a_hold_ends_when_the_grappler_walks_away() -> None:
    """A hold needs the holder within reach: walking 2 tiles off lets go."""
    fight = grappled()
    fight.act("ada", "move", to=[0, 2], declined=["rex"])
    assert not fight.get("rex").has(GRAPPLED)
    assert fight.get("rex").grapple_fails == 0


def test_a_hold_ends_when_the_grappler_goes_down() -> None:
    """A downed grappler holds nothing."""
    fight = grappled()
    fight.gm("ada", status="unconscious")
    assert not fight.get("rex").has(GRAPPLED)


# -- Human shield -------------------------------------------------------------------------


ALWAYS = {"ranged_shield": "always"}
"""The option that lets a human shield work against shots from anywhere (as in melee)."""


def shooter() -> dict[str, Any]:
    return op("vic", "gang", 2, 8, weapons=["handgun"])


def shot_behind_rex(vic: dict[str, Any], dice: tuple[int, ...], **kwargs: Any) -> Fight:
    """ada has grappled rex and holds it up as her human shield; on vic's turn vic shoots ada
    with its handgun. `dice` follow the grapple's."""
    fight = grappled(vic, dice=dice, **kwargs)
    fight.act("ada", "human_shield", shield="rex")
    fight.end("ada", "rex")
    fight.act("vic", "attack", target="ada")
    return fight


def in_line() -> dict[str, Any]:
    """vic at (5, 2): rex at (3, 2) stands on its line of fire to ada at (2, 2)."""
    return op("vic", "gang", 5, 2, weapons=["handgun"])


def test_a_held_target_can_be_used_as_a_human_shield() -> None:
    """NWO-52: "When a character is grappling or restraining a target ... they are able to
    utilize them as a Human Shield." Using it is free."""
    fight = grappled(shooter())
    fight.act("ada", "human_shield", shield="rex")
    shield = condition(fight, "ada", SHIELDED)
    assert shield is not None and shield.source == "rex"


def test_against_a_shot_the_shield_counts_when_it_stands_in_the_line_of_fire() -> None:
    """NWO-52: "Characters protected by a human shield are able to roll defense with
    advantage. Attack rolls made against the character that fail instead damage the Human
    Shield. When shielding from ranged attacks, utilize line of sight rules." (default
    ranged_shield: between). vic at (5, 2) shoots ada at (2, 2) with rex at (3, 2) on the line
    of fire: rex rolls nothing of its own and gives no +6 cover; vic 2+2 = 4 against ada's
    advantage, 3+3 kept over 1+1 = 6: the failed shot hits rex for the handgun's 3. From
    (2, 8) rex is not between them: vic 1+1 = 2 against ada 3+3 = 6 with no advantage, and
    the miss hurts nobody."""
    fight = shot_behind_rex(in_line(), (2, 2, 3, 3, 1, 1))
    assert [(r.combatant, r.modifier, r.total, r.edge) for r in fight.rolled()[-2:]] == [
        ("vic", 0, 4, 0),
        ("ada", 0, 6, 1),
    ]
    assert fight.damage() == [("rex", 3, 0, 7)]
    assert fight.dice.remaining == ()
    away = shot_behind_rex(shooter(), (1, 1, 3, 3))
    assert [(r.combatant, r.total, r.edge) for r in away.rolled()[-2:]] == [
        ("vic", 2, 0),
        ("ada", 6, 0),
    ]
    assert away.damage() == []
    assert away.dice.remaining == ()


def test_a_prone_shield_blocks_no_line_of_sight() -> None:
    """NWO-52 through the line-of-sight rules: "Any tile occupied by a non-prone character
    ... is considered blocking line-of-sight." ada forces rex prone, and "Both characters are
    considered Prone", so rex on the line no longer shields her: vic shoots at the prone ada
    with disadvantage, (1, 1) kept under (2, 2), against her plain 3+3 = 6, and the miss
    hurts nobody."""
    fight = grappled(in_line(), dice=(1, 1, 2, 2, 3, 3))
    fight.act("ada", "human_shield", shield="rex")
    fight.end("ada", "rex", "vic")
    fight.act("ada", "force_prone", target="rex")
    fight.end("ada", "rex")
    fight.act("vic", "attack", target="ada")
    assert [(r.combatant, r.total, r.edge) for r in fight.rolled()[-2:]] == [
        ("vic", 2, -1),
        ("ada", 6, 0),
    ]
    assert fight.get("rex").has(PRONE)
    assert condition(fight, "ada", SHIELDED) is not None
    assert fight.damage() == []
    assert fight.dice.remaining == ()


def test_shoot_through_option_meets_the_shield_only_as_a_character_in_the_way() -> None:
    """NWO-52 read with option ranged_shield: shoot_through ("utilize line of sight rules" as
    the whole of it): vic at (5, 2) shoots ada at (2, 2) through rex at (3, 2): vic 2+2 = 4;
    rex in the line defends 3+3 = 6 and the shot goes on; ada is in cover: 1+1+6 = 8, no
    advantage, and the miss hurts nobody. From (2, 8) rex is not in the line: vic 5+5 = 10
    against ada 1+1 = 2 with no advantage: ada takes 3."""
    options = {"ranged_shield": "shoot_through"}
    fight = shot_behind_rex(in_line(), (2, 2, 3, 3, 1, 1), options=options)
    assert [(r.combatant, r.total, r.edge) for r in fight.rolled()[-3:]] == [
        ("vic", 4, 0),
        ("rex", 6, 0),
        ("ada", 8, 0),
    ]
    assert fight.damage() == []
    assert fight.dice.remaining == ()
    away = shot_behind_rex(shooter(), (5, 5, 1, 1), options=options)
    assert away.damage() == [("ada", 3, 0, 7)]
    assert away.dice.remaining == ()


def test_a_shielded_defender_rolls_with_advantage_and_a_miss_hits_the_shield() -> None:
    """NWO-52 (with option ranged_shield: always for the shot): "Characters protected by a
    human shield are able to roll defense with advantage. Attack rolls made against the
    character that fail instead damage the Human Shield." vic shoots 2+2 = 4; ada's ranged
    defense keeps 3+3 over 1+1; rex takes the handgun's base 3 with no roll of its own."""
    fight = shot_behind_rex(shooter(), (2, 2, 1, 1, 3, 3), options=ALWAYS)
    assert [r.edge for r in fight.rolled()[-2:]] == [0, 1]
    assert fight.damage() == [("rex", 3, 0, 7)]
    assert fight.dice.remaining == ()


def test_the_shield_takes_armor_damage_first() -> None:
    """A15: the shield's damage goes through its armor first: light armor 2 AHP, 1 HP."""
    fight = shot_behind_rex(shooter(), (2, 2, 1, 1, 3, 3), rex={"armor": "light"}, options=ALWAYS)
    assert fight.damage() == [("rex", 3, 0, 9)]


def test_the_shields_own_miss_does_not_hurt_it() -> None:
    """NWO-52 read narrowly: a hostage that swings at its captor and misses is not "instead"
    damaged by its own attack. rex: 1+2 and 1+1 keep 2; ada 3+3 and 1+1 keep 6 (+1)."""
    fight = grappled(dice=(1, 2, 1, 1, 3, 3, 1, 1))
    fight.act("ada", "human_shield", shield="rex")
    fight.end("ada")
    fight.act("rex", "attack", target="ada")
    assert fight.damage() == []
    assert fight.dice.remaining == ()


def test_a_willing_adjacent_ally_can_shield() -> None:
    """NWO-52: "or are adjacent to a willing character" (willing: the same side)."""
    fight = pair(op("cat", "crew", 1, 2), op("dan", "crew", 6, 6))
    fight.act("ada", "human_shield", shield="cat")
    assert condition(fight, "ada", SHIELDED) is not None
    fight.refuse("ada", "human_shield", "neither held", shield="rex")
    fight.refuse("ada", "human_shield", "adjacent", shield="dan")
    fight.refuse("ada", "human_shield", "itself", shield="ada")


def test_the_shield_stops_when_it_steps_away() -> None:
    """A willing shield that walks off no longer stands between."""
    fight = pair(op("cat", "crew", 1, 2))
    fight.act("ada", "human_shield", shield="cat")
    fight.end("ada", "rex")
    fight.act("cat", "move", to=[0, 5])
    assert condition(fight, "ada", SHIELDED) is None


def test_a_released_hostage_stops_shielding() -> None:
    """The hold is what made rex a shield; released, it is neither held nor willing."""
    fight = grappled()
    fight.act("ada", "human_shield", shield="rex")
    fight.act("ada", "release", target="rex")
    assert condition(fight, "ada", SHIELDED) is None


# -- Shove --------------------------------------------------------------------------------


def test_a_shove_is_contested_strength_and_knocks_prone() -> None:
    """NWO-41/42: "both characters engage in a contested STR vs. STR or FIT (Defender's
    choice) roll"; "If knocked Prone, Prone rules apply." 4+4+4 = 12 vs 2+2+2 = 6."""
    fight = pair(dice=[4, 4, 2, 2])
    fight.act("ada", "shove", target="rex", result="prone")
    assert fight.get("rex").has(PRONE)
    assert fight.get("ada").acted
    assert fight.dice.remaining == ()


def test_the_defender_may_resist_with_fitness() -> None:
    """NWO-41: "STR vs. STR or FIT (Defender's choice)": FIT 10 rolls +5: 4+4+4 = 12 ties
    2+5+5 = 12, a parry for the defender. Unasked, the defender takes the better skill."""
    fight = pair(rex={"skills": {"strength": 4, "fitness": 10}}, dice=[4, 4, 2, 5, 4, 4, 2, 5])
    fight.act("ada", "shove", target="rex", defender_skill="fitness")
    assert not fight.get("rex").has(PRONE)
    assert fight.rolled()[-1].modifier == 5
    fight.end("ada", "rex")
    fight.act("ada", "shove", target="rex")
    assert fight.rolled()[-1].modifier == 5


def test_the_defender_may_choose_to_fail() -> None:
    """NWO-41: "Defenders can choose to automatically fail this roll if desired." No dice."""
    fight = pair()
    fight.act("ada", "shove", target="rex", defender_fails=True)
    assert fight.get("rex").has(PRONE)
    assert fight.dice.remaining == ()


def test_a_shove_pushes_half_the_shovers_strength() -> None:
    """Worked example 1.4 #11 and NWO-42: "the target gets shoved back [Attacker's ½ STR]
    tiles in the direction of the Attacker's choice": STR 6 pushes 3 tiles, straight away
    from the shover by default."""
    fight = pair(ada={"skills": {"strength": 6}})
    fight.act("ada", "shove", target="rex", result="away", defender_fails=True)
    assert fight.get("rex").tile == (6, 2)
    moved = fight.events(Moved)[-1]
    assert (moved.forced, moved.cost) == (True, 3)
    assert fight.damage() == []


def test_the_shover_picks_the_direction() -> None:
    """NWO-42: "in the direction of the Attacker's choice", rounded to the 8 directions:
    (3, 1) is east, (2, 2) south-east."""
    fight = pair(ada={"skills": {"strength": 4}})
    fight.act("ada", "shove", target="rex", result="away", direction=[3, 1], defender_fails=True)
    assert fight.get("rex").tile == (5, 2)
    fight = pair(ada={"skills": {"strength": 4}})
    fight.act("ada", "shove", target="rex", result="away", direction=[2, 2], defender_fails=True)
    assert fight.get("rex").tile == (5, 4)
    fight = pair()
    fight.refuse("ada", "shove", "non-zero", target="rex", result="away", direction=[0, 0])


def test_a_shove_into_a_wall_stops_and_hurts() -> None:
    """NWO-43 [R0]: "If knocked into a wall ... the target ... take[s] 2 damage" (A17: the
    push stops at the wall; armor first): light armor takes both."""
    fight = pair(ada={"skills": {"strength": 6}}, rex={"armor": "light"}, walls=[(5, 2)])
    fight.act("ada", "shove", target="rex", result="away", defender_fails=True)
    assert fight.get("rex").tile == (4, 2)
    assert fight.damage() == [("rex", 2, 0, 10)]


def test_the_map_edge_counts_as_a_wall() -> None:
    """A17 extended: the edge of the map stops a push like a wall."""
    fight = pair(ada={"skills": {"strength": 10}}, width=6)
    fight.act("ada", "shove", target="rex", result="away", defender_fails=True)
    assert fight.get("rex").tile == (5, 2)
    assert fight.damage() == [("rex", 2, 0, 8)]


def test_a_shove_into_a_character_hurts_both() -> None:
    """Worked example 1.4 #11 and NWO-43: "If knocked into ... other character, the target
    (and that character) both take 2 damage."""
    fight = pair(op("cat", "gang", 5, 2), ada={"skills": {"strength": 6}})
    fight.act("ada", "shove", target="rex", result="away", defender_fails=True)
    assert fight.get("rex").tile == (4, 2)
    assert fight.damage() == [("rex", 2, 0, 8), ("cat", 2, 0, 8)]


def test_a_lost_shove_does_nothing() -> None:
    """NWO-41: the shove is a contest; 1+1+4 = 6 loses to 6+6+2 = 14."""
    fight = pair(dice=[1, 1, 6, 6])
    fight.act("ada", "shove", target="rex", result="away")
    assert fight.get("rex").tile == (3, 2)
    assert not fight.get("rex").has(PRONE)


def test_shove_refusals() -> None:
    """A shove is an action against an adjacent target."""
    fight = pair(rex={"position": {"x": 6, "y": 2}})
    fight.refuse("ada", "shove", "4 tiles away", target="rex")


def test_push_is_public_for_crit_effects() -> None:
    """The long-blunt crit calls `push` directly (A9: no contest): 2 tiles north-west."""
    fight = pair()
    tx = Transaction(RULESET, fight.state, None)
    holds.push(tx, "rex", (-1, -1), 2, "ada")
    assert [(e.target, e.path) for e in tx.events if isinstance(e, Moved)] == [
        ("rex", ((3, 2), (2, 1), (1, 0)))
    ]


def test_a_shoved_hostage_leaves_the_hold() -> None:
    """A push that carries the held target out of reach ends the hold."""
    fight = grappled(op("cat", "crew", 4, 3, skills={"strength": 6}))
    fight.end("ada", "rex")
    fight.act("cat", "shove", target="rex", result="away", direction=[1, 0], defender_fails=True)
    assert fight.get("rex").tile == (6, 2)
    assert not fight.get("rex").has(GRAPPLED)


def test_a_hostage_shoved_into_its_grappler_hurts_both() -> None:
    """NWO-43: "the target (and that character) both take 2 damage"; the hold stands."""
    fight = grappled(op("cat", "crew", 4, 3, skills={"strength": 6}))
    fight.end("ada", "rex")
    fight.act("cat", "shove", target="rex", result="away", direction=[-1, 0], defender_fails=True)
    assert fight.get("rex").tile == (3, 2)
    assert fight.damage() == [("rex", 2, 0, 8), ("ada", 2, 0, 8)]
    assert fight.get("rex").has(GRAPPLED)


def test_the_log_replays_and_round_trips_through_json() -> None:
    """The event log is the source of truth: this module's events (the failure count
    included) replay to the same state and survive JSON."""
    fight = grappled(op("cat", "crew", 4, 3, skills={"strength": 6}), dice=(1, 1, 6, 6))
    fight.end("ada")
    fight.act("rex", "escape")
    fight.end("rex")
    fight.act("cat", "shove", target="rex", result="away", direction=[0, 1], defender_fails=True)
    log = fight.log
    rebuilt = replay(fight.encounter.ruleset, fight.encounter.setup, log)
    assert rebuilt == fight.state
    again = replay(
        fight.encounter.ruleset,
        fight.encounter.setup,
        [event_from_json(e.to_json(), "nwo") for e in log],
    )
    assert again == fight.state
    assert any(isinstance(e, holds.GrappleFailsSet) for e in log)
