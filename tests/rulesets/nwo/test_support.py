"""Help, Focus and Overwatch (seed 000 "Help", "Focus", "Overwatch"; NWO-25..35)."""

from __future__ import annotations

import pytest

from fracas.core.conditions import Expiry
from fracas.core.errors import ScenarioError
from fracas.rulesets.nwo import RULESET
from fracas.rulesets.nwo.events import Moved
from fracas.rulesets.nwo.rules import support
from fracas.rulesets.nwo.rules.common import FOCUSED, HELPED, OVERWATCH
from fracas.scenario import parse_scenario

from .support_helpers import Fight, person

GUN = ["handgun"]


def crew(**extra: object) -> list[dict[str, object]]:
    """ada (aiming 6: +3 shots) with three adjacent crewmates, and rex five tiles east."""
    return [
        person("ada", "crew", 1, 1, GUN, skills={"aiming": 6, "resolve": 4}),
        person("bo", "crew", 1, 0, skills={"aiming": 4, "resolve": 4, "perception": 6}),
        person("cy", "crew", 1, 2, skills={"aiming": 4, "melee": 6, "strength": 8}),
        person("dee", "crew", 0, 1, skills={"aiming": 4}),
        person("rex", "gang", 6, 1, ["short_blade"], **extra),
    ]


# -- Help ----------------------------------------------------------------------------------


def test_worked_example_5_help_three_six_third_refused() -> None:
    """1.4 #5 and NWO-27: "If you succeed, the character performing the action receives a +3
    Bonus modifier to their roll. A character can only receive two help actions for a roll,
    to a maximum bonus of +6." """
    fight = Fight(*crew(), dice=[4, 4, 5, 3, 2, 1, 3, 3])
    fight.act("bo", "help", target="ada", skill="aiming")
    assert support.help_count(fight.state, "ada") == 1
    assert support.help_bonus(fight.state, fight.get("ada")) == 3
    fight.act("cy", "help", target="ada", skill="aiming")
    assert support.help_bonus(fight.state, fight.get("ada")) == 6
    fight.refuse(
        "dee",
        "help",
        "ada already has 2 helps \\(\\+6\\) for this roll",
        target="ada",
        skill="aiming",
    )
    fight.act("ada", "attack", target="rex", weapon="handgun")
    shot = fight.rolled()[-2]
    assert (shot.modifier, shot.total) == (9, 12)  # Aiming 6 -> +3, plus +6
    assert fight.get("rex").hp == 7
    assert not fight.get("ada").has(HELPED)  # used by that roll
    assert fight.dice_left == 0


def test_help_roll_is_dc_10_with_the_assisted_skill() -> None:
    """NWO-27: "roll the same skill as the check being performed ... Every help action comes
    with a DC of 10." Aiming 4 helping a shot: +2; 4+3+2 = 9 fails and gives nothing."""
    fight = Fight(*crew(), dice=[4, 3])
    fight.act("bo", "help", target="ada", skill="aiming")
    roll = fight.rolled()[-1]
    assert (roll.modifier, roll.total) == (2, 9)
    assert support.help_count(fight.state, "ada") == 0
    assert fight.get("bo").has(support.HELPED_OUT_OF_TURN)  # the action is spent anyway


def test_help_falls_back_on_resolve_at_disadvantage() -> None:
    """NWO-27: "or roll Resolve at disadvantage". Resolve 4 (+2), pairs 6+6 and 5+4: the
    worse, 9, makes 11."""
    fight = Fight(*crew(), dice=[6, 6, 5, 4])
    fight.act("bo", "help", target="ada")
    roll = fight.rolled()[-1]
    assert (roll.edge, roll.pair, roll.total) == (-1, (5, 4), 11)
    assert support.help_bonus(fight.state, fight.get("ada")) == 3


def test_help_substitutions() -> None:
    """NWO-28: "Spotting - Perception can be used by a spotter to assist a shooter instead of
    Aiming (in the form of a ranged attack roll)"; "The Right Tool ... you can use that weapon
    skill in lieu of fitness or strength (in the form of a melee attack roll)"; Athleticism:
    "Fitness and Strength can be used interchangeably"."""
    fight = Fight(*crew(), dice=[4, 3, 4, 2])
    fight.act("bo", "help", target="ada", skill="perception for aiming")
    assert fight.rolled()[-1].modifier == 3  # Perception 6 / 2
    fight.act("cy", "help", target="ada", skill="melee for strength")
    assert fight.rolled()[-1].modifier == 4  # Melee 6 / 2 + STR bonus 1 at level 8
    assert support.help_count(fight.state, "ada") == 2
    assert support.help_roll("fitness for strength").rolled == "fitness"
    assert support.help_roll("strength for fitness").rolled == "strength"
    fight.refuse(
        "dee", "help", "perception cannot stand in for melee when helping; a helper rolls melee",
        target="ada", skill="perception for melee",
    )  # fmt: skip
    fight.refuse(
        "dee", "help", "a helper rolls aiming or perception",
        target="ada", skill="melee for aiming",
    )  # fmt: skip
    fight.refuse("dee", "help", "unknown skill 'cooking'", target="ada", skill="cooking")


def test_help_needs_an_adjacent_ally() -> None:
    """NWO-25: "You must be directly adjacent to the character you are helping (1 tile)." """
    people = crew()
    people[1] = person("bo", "crew", 3, 3, skills={"aiming": 4})
    fight = Fight(*people)
    fight.refuse("bo", "help", "ada is 2 tiles away; help needs an adjacent target", target="ada")
    fight.refuse("ada", "help", "rex is not on ada's side", target="rex")
    fight.refuse("ada", "help", "ada cannot help itself", target="ada")


def test_help_never_applies_to_defense_and_lapses_with_the_turn() -> None:
    """NWO-25: "You cannot use the help action for defense rolls against attacks." NWO-27:
    "The roll being assisted must take place in the same turn as the help action." """
    people = crew()
    people[4] = person("rex", "gang", 2, 1, ["short_blade"], skills={"melee": 4})
    fight = Fight(*people, dice=[5, 5, 4, 4, 1, 2], order=["rex", "ada", "bo", "cy", "dee"])
    fight.act("bo", "help", target="ada", skill="nimble")  # out of turn, in rex's turn
    assert support.help_bonus(fight.state, fight.get("ada")) == 3
    fight.act("rex", "attack", target="ada", weapon="short_blade")
    defense = fight.rolled()[-1]
    assert (defense.combatant, defense.modifier) == ("ada", 0)  # no +3 on a defense roll
    assert fight.get("ada").has(HELPED)  # not spent by the defense
    fight.end("rex")
    assert not fight.get("ada").has(HELPED)  # lapsed with rex's turn


def test_help_out_of_turn_counts_as_the_rounds_action() -> None:
    """NWO-26: "The help action can be taken out of turn order if you have not already acted
    that round, and it will count as your action for that round. During your turn, you can
    move to and help someone" (the movement stays)."""
    fight = Fight(*crew(), dice=[4, 4], order=["ada", "bo", "rex", "cy", "dee"])
    help_ = fight.action("bo", "help", target="ada", skill="aiming")
    assert support.may_act_out_of_turn(fight.state, help_)
    fight.encounter.act(help_)
    assert not support.may_act_out_of_turn(fight.state, help_)
    fight.refuse("bo", "help", "it is ada's turn, not bo's", target="ada", skill="aiming")
    fight.end("ada")
    assert fight.get("bo").acted  # its own turn starts with the action spent
    fight.refuse("bo", "help", "bo has already used this turn's action", target="ada")
    fight.act("bo", "move", to=[2, 0])  # the movement is still there
    fight.end("bo", "rex", "cy", "dee")
    assert not fight.get("bo").has(support.HELPED_OUT_OF_TURN)  # a new round
    assert support.may_act_out_of_turn(fight.state, help_)


def test_help_after_own_turn_only_if_the_action_was_not_used() -> None:
    """NWO-26: "if you have not already acted that round": a helper whose turn passed with
    the action unused may still help; one who acted may not."""
    fight = Fight(*crew(), dice=[4, 4], order=["bo", "cy", "ada", "rex", "dee"])
    fight.end("bo", "cy")
    fight.act("bo", "help", target="ada", skill="aiming")  # bo's turn passed unused
    assert support.help_bonus(fight.state, fight.get("ada")) == 3
    fight.refuse("bo", "help", "it is ada's turn, not bo's", target="ada")


def test_helper_who_acted_this_round_cannot_help() -> None:
    """NWO-26: "if you have not already acted that round"."""
    people = crew()
    people[1] = person("bo", "crew", 1, 0, GUN, skills={"aiming": 4})
    fight = Fight(*people, dice=[1, 1, 1, 2], order=["bo", "ada", "rex", "cy", "dee"])
    fight.act("bo", "attack", target="rex", weapon="handgun")
    fight.end("bo")
    fight.refuse("bo", "help", "it is ada's turn, not bo's", target="ada")
    assert not support.may_act_out_of_turn(fight.state, fight.action("bo", "help", target="ada"))


# -- Focus ---------------------------------------------------------------------------------


def duel(**options: object) -> Fight:
    return Fight(
        person("ada", "crew", 1, 1, GUN, skills={"aiming": 6, "resolve": 4}),
        person("rex", "gang", 6, 1, ["handgun"]),
        dice=list(options.pop("dice", [])),  # type: ignore[call-overload]
        options=dict(options),
    )


def test_focus_gives_advantage_on_the_next_turns_shot() -> None:
    """NWO-33: "Focusing for a turn ... gives Advantage to a Ranged Attack made on the next
    turn." Pairs 1+2 and 5+4 keep 9: 9+3 = 12 against 6; the shot uses the focus up."""
    fight = duel(dice=[1, 2, 5, 4, 3, 3])
    fight.act("ada", "focus")
    focus = fight.get("ada").condition(FOCUSED)
    assert focus is not None and focus.detail == "round 1"
    fight.refuse("ada", "attack", "already used this turn's action", target="rex")
    fight.end("ada", "rex")
    fight.act("ada", "attack", target="rex", weapon="handgun")
    shot = fight.rolled()[0]
    assert (shot.edge, shot.pair, shot.total) == (1, (5, 4), 12)
    assert not fight.get("ada").has(FOCUSED)
    assert fight.get("rex").hp == 7


def test_focus_is_lost_if_the_next_turn_does_not_fire() -> None:
    """NWO-33: "If you do not fire after aiming, or use an action to continue Focusing, this
    bonus is lost." """
    fight = duel(dice=[2, 2, 3, 3])
    fight.act("ada", "focus")
    fight.end("ada", "rex")
    assert fight.get("ada").has(FOCUSED)
    fight.end("ada")
    assert not fight.get("ada").has(FOCUSED)
    fight.end("rex")
    fight.act("ada", "attack", target="rex", weapon="handgun")
    assert fight.rolled()[0].edge == 0  # two faces, no advantage


def test_continuing_to_focus_keeps_it_by_default() -> None:
    """A12 (option focus_kept_by_focusing, default True): "use an action to continue
    Focusing" keeps the bonus for the turn after."""
    fight = duel(dice=[1, 1, 4, 4, 2, 2])
    fight.act("ada", "focus")
    fight.end("ada", "rex")
    fight.act("ada", "focus")
    assert fight.get("ada").condition(FOCUSED).detail == "round 2"  # type: ignore[union-attr]
    fight.end("ada", "rex")
    fight.act("ada", "attack", target="rex", weapon="handgun")
    assert fight.rolled()[0].edge == 1


def test_continuing_to_focus_loses_it_under_reading_b() -> None:
    """A12 reading (b), option focus_kept_by_focusing=False: focusing again loses it."""
    fight = duel(focus_kept_by_focusing=False)
    fight.act("ada", "focus")
    fight.end("ada", "rex")
    fight.act("ada", "focus")
    assert not fight.get("ada").has(FOCUSED)


def test_starting_focused_pays_off_on_the_first_turn_only() -> None:
    """NWO-33: "starting combat while Focused gives Advantage to a Ranged Attack made on the
    next turn"; unused, it is gone after that turn."""
    fight = Fight(
        person("ada", "crew", 1, 1, GUN, skills={"aiming": 6}, focused=True),
        person("rex", "gang", 6, 1, ["handgun"]),
    )
    focus = fight.get("ada").condition(FOCUSED)
    assert focus is not None and focus.expiry is Expiry.END_OF_TURN
    fight.end("ada")
    assert not fight.get("ada").has(FOCUSED)


def test_ranged_attack_on_the_focused_calls_for_resolve_12() -> None:
    """NWO-34: "If a ranged attack is made against a Focused character, that character must
    make a DC 12 Resolve roll to remain focused." Resolve 4 (+2): 5+4+2 = 11 fails."""
    fight = duel(dice=[1, 1, 3, 3, 5, 4])
    fight.act("ada", "focus")
    fight.end("ada")
    fight.act("rex", "attack", target="ada", weapon="handgun")  # a miss: 2 against 6
    check = fight.rolled()[-1]
    assert (check.combatant, check.total) == ("ada", 11)
    assert not fight.get("ada").has(FOCUSED)


def test_resolve_12_keeps_the_focus() -> None:
    """NWO-34: DC 12 passed: 6+4+2 = 12 keeps it."""
    fight = duel(dice=[1, 1, 3, 3, 6, 4])
    fight.act("ada", "focus")
    fight.end("ada")
    fight.act("rex", "attack", target="ada", weapon="handgun")
    assert fight.get("ada").has(FOCUSED)


def test_melee_damage_breaks_focus() -> None:
    """NWO-34: "taking melee damage while Focused breaks your focus" (a pistol-whip: rex
    holds only a gun, so it does not engage)."""
    fight = Fight(
        person("ada", "crew", 1, 1, GUN, skills={"aiming": 6}),
        person("rex", "gang", 2, 1, ["handgun"]),
        dice=[5, 5, 1, 1],
    )
    fight.act("ada", "focus")
    fight.end("ada")
    fight.act("rex", "attack", target="ada", weapon="improvised")
    assert fight.get("ada").hp == 9
    assert not fight.get("ada").has(FOCUSED)


def test_becoming_engaged_breaks_focus() -> None:
    """NWO-34: "Becoming engaged ... while Focused breaks your focus"; "Focusing can be done
    from cover"."""
    fight = Fight(
        person("ada", "crew", 1, 1, GUN, skills={"aiming": 6}),
        person("rex", "gang", 5, 1, ["short_blade"]),
        cover=[[2, 1]],
    )
    fight.act("ada", "focus")
    fight.end("ada")
    fight.act("rex", "move", to=[2, 2])
    assert not fight.get("ada").has(FOCUSED)
    fight.end("rex")
    fight.refuse("ada", "focus", "ada is engaged by rex; becoming engaged breaks focus")


def test_focus_refusals() -> None:
    """NWO-35: "you cannot shoot and maintain focus within the same turn. Likewise, you
    cannot perform Overwatch and Focus in the same turn." """
    fight = duel(dice=[1, 1, 2, 2])
    fight.act("ada", "attack", target="rex", weapon="handgun")
    fight.refuse("ada", "focus", "ada has shot this turn")
    fight.end("ada", "rex")
    fight.act("ada", "overwatch", trigger="moves:rex")
    fight.refuse("ada", "focus", "ada is on Overwatch; Overwatch and Focus need a turn each")
    unarmed = Fight(person("ada", "crew", 1, 1), person("rex", "gang", 6, 1))
    unarmed.refuse("ada", "focus", "ada holds no ranged weapon")


# -- Overwatch -----------------------------------------------------------------------------


def watch_fight(*extra: dict[str, object], dice: list[int] | None = None, **kw: object) -> Fight:
    return Fight(
        person("ada", "crew", 1, 1, GUN, skills={"aiming": 6}),
        person("rex", "gang", 8, 1, ["handgun"]),
        *extra,
        dice=dice,
        **kw,  # type: ignore[arg-type]
    )


def test_overwatch_fires_when_the_character_moves() -> None:
    """NWO-29: "Overwatch allows a character to "delay" their attack until certain events
    happen ... When a specific character moves". 4+4+3 = 11 against 2+2."""
    fight = watch_fight(dice=[4, 4, 2, 2])
    fight.act("ada", "overwatch", trigger="moves:rex")
    detail = fight.get("ada").condition(OVERWATCH).detail  # type: ignore[union-attr]
    assert detail == "moves:rex|-|handgun|0"
    fight.end("ada")
    fight.act("rex", "move", to=[8, 5])
    shot = fight.rolled()[0]
    assert (shot.combatant, shot.modifier, shot.total) == ("ada", 3, 11)
    assert fight.get("rex").hp == 7
    assert not fight.get("ada").has(OVERWATCH)
    assert fight.get("ada").rounds("handgun") == 14


def test_overwatch_after_moving_takes_the_minus_two() -> None:
    """NWO-30: "If you move during the same turn you apply overwatch, you must apply the -2
    movement attack roll penalty to your overwatch roll" (moving after declaring counts)."""
    fight = watch_fight(dice=[4, 4, 2, 2])
    fight.act("ada", "overwatch", trigger="moves:rex")
    fight.act("ada", "move", to=[1, 2])
    detail = fight.get("ada").condition(OVERWATCH).detail  # type: ignore[union-attr]
    assert detail.endswith("|1")  # type: ignore[union-attr]
    fight.end("ada")
    fight.act("rex", "move", to=[8, 5])
    assert fight.rolled()[0].modifier == 1


def test_unused_overwatch_ends_at_the_start_of_the_next_turn() -> None:
    """NWO-30: "If not used, Overwatch ends at the start of the character's next turn." """
    fight = watch_fight()
    fight.act("ada", "overwatch", trigger="moves:rex")
    fight.end("ada", "rex")
    assert not fight.get("ada").has(OVERWATCH)


def test_overwatch_on_an_area_fires_for_non_allies_only() -> None:
    """NWO-29: "When any non-ally character enters a certain area"."""
    bo = person("bo", "crew", 4, 4)
    fight = watch_fight(bo, dice=[4, 4, 2, 2], order=["ada", "bo", "rex"])
    fight.act("ada", "overwatch", trigger="enters:5,3,6,6")
    fight.end("ada")
    fight.act("bo", "move", to=[5, 4])
    assert fight.get("ada").has(OVERWATCH)
    fight.end("bo")
    fight.act("rex", "move", to=[6, 3])
    assert fight.get("rex").hp == 7
    assert not fight.get("ada").has(OVERWATCH)


def test_overwatch_before_another_character_acts() -> None:
    """NWO-29: "Before or after another character acts": `acts:rex` shoots as rex's turn
    starts, before rex does anything."""
    fight = watch_fight(dice=[4, 4, 2, 2])
    fight.act("ada", "overwatch", trigger="acts:rex")
    fight.end("ada")
    assert fight.get("rex").hp == 7
    assert fight.state.actor == "rex"


def test_overwatch_when_a_character_takes_damage() -> None:
    """NWO-29: "If another character takes or deals damage": rex shooting bo sets ada's
    watch off at rex. Rex 3+3 beats bo 1+1; ada 4+4+3 beats rex 2+2."""
    bo = person("bo", "crew", 8, 4)
    fight = watch_fight(bo, dice=[3, 3, 1, 1, 4, 4, 2, 2], order=["ada", "rex", "bo"])
    fight.act("ada", "overwatch", trigger="damaged:bo", target="rex")
    fight.end("ada")
    fight.act("rex", "attack", target="bo", weapon="handgun")
    assert (fight.get("bo").hp, fight.get("rex").hp) == (7, 7)


def test_focus_then_overwatch_timeline() -> None:
    """NWO-31: "If a character is Focused (meaning, they used the Focus action during the
    previous turn) then Overwatch will use that focus, but only if it activates during the
    turn"; table: Turn 1 Focus, Turn 2 Overwatch (Shooting Must Happen Here), Turn 3 Focus
    Expires, Overwatch Ends on Start of Character's Turn."""
    fight = watch_fight(dice=[1, 1, 5, 4, 2, 2])
    fight.act("ada", "focus")
    fight.end("ada", "rex")
    fight.act("ada", "overwatch", trigger="moves:rex")
    fight.end("ada")
    assert fight.get("ada").has(FOCUSED)  # kept past turn 2 for the watch
    fight.act("rex", "move", to=[8, 5])
    shot = fight.rolled()[0]
    assert (shot.edge, shot.total) == (1, 12)
    assert not fight.get("ada").has(FOCUSED)


def test_focus_and_overwatch_both_end_at_turn_three() -> None:
    """NWO-31 table, turn 3: "Focus Expires, Overwatch Ends on Start of Character's Turn"."""
    fight = watch_fight()
    fight.act("ada", "focus")
    fight.end("ada", "rex")
    fight.act("ada", "overwatch", trigger="moves:rex")
    fight.end("ada", "rex")
    assert not fight.get("ada").has(FOCUSED)
    assert not fight.get("ada").has(OVERWATCH)


def test_overwatch_holds_fire_without_a_line_of_sight() -> None:
    """NWO-29: "When Overwatch is triggered, typical range and rolling rules still apply":
    a wall between them on every tile of the move means no shot, and the watch keeps waiting.
    (The wall once stopped at y=3..5, when the watch looked only at the end of the move; rex's
    first step is in sight of it, and the watch now shoots him there.)"""
    fight = watch_fight(walls=[[6, y] for y in range(0, 7)])
    fight.act("ada", "overwatch", trigger="moves:rex")
    fight.end("ada")
    fight.act("rex", "move", to=[8, 5])
    held = fight.events(support.OverwatchHeld)
    assert held and "wall blocks the line of sight" in held[0].why
    assert fight.get("ada").has(OVERWATCH)


def test_overwatch_refusals() -> None:
    """NWO-29: "While using a ranged weapon"; "Characters must define these events clearly";
    NWO-35: "you cannot perform Overwatch and Focus in the same turn"."""
    bo = person("bo", "crew", 2, 2)
    fight = watch_fight(bo)
    fight.refuse("ada", "overwatch", "unknown overwatch trigger 'sees:rex'", trigger="sees:rex")
    fight.refuse("ada", "overwatch", "bo is an ally; name the `target`", trigger="moves:bo")
    fight.refuse("ada", "overwatch", "an area trigger is", trigger="enters:1,2,3")
    fight.refuse("ada", "overwatch", "ada cannot overwatch itself", trigger="moves:ada")
    fight.act("ada", "focus")
    fight.refuse("ada", "overwatch", "ada focused this turn", trigger="moves:rex")
    melee = Fight(person("ada", "crew", 1, 1, ["short_blade"]), person("rex", "gang", 6, 1))
    melee.refuse("ada", "overwatch", "ada holds no ranged weapon", trigger="moves:rex")


# -- Overwatch at the moment of its trigger --------------------------------------------------


def moved_paths(fight: Fight) -> list[tuple[tuple[int, int], ...]]:
    return [e.path for e in fight.events(Moved)]


def test_overwatch_shoots_the_mover_where_it_is_seen() -> None:
    """NWO-29/30: "Overwatch allows a character to "delay" their attack until certain events
    happen ... When a specific character moves", and "When Overwatch is triggered, typical
    range and rolling rules still apply": the shot comes on rex's first step, (8, 2), in
    sight, not at (8, 5) behind the wall where the move ends. 4+4+3 = 11 beats 2+2."""
    fight = watch_fight(dice=[4, 4, 2, 2], walls=[[6, 3], [6, 4], [6, 5]])
    fight.act("ada", "overwatch", trigger="moves:rex")
    fight.end("ada")
    fight.act("rex", "move", to=[8, 5])
    assert moved_paths(fight) == [((8, 1), (8, 2)), ((8, 2), (8, 3), (8, 4), (8, 5))]
    assert fight.get("rex").hp == 7
    assert not fight.events(support.OverwatchHeld)


def test_overwatch_waits_for_the_first_tile_in_sight() -> None:
    """NWO-29: the trigger comes at once, but the shot only where "typical range and rolling
    rules" allow it: rex walks from behind one wall to behind another and is shot on (8, 7),
    the first tile of the gap between them (4+4+3 = 11 against 2+2)."""
    walls = [[6, y] for y in (*range(0, 5), *range(8, 12))]
    fight = Fight(
        person("ada", "crew", 1, 1, GUN, skills={"aiming": 6}),
        person("rex", "gang", 8, 5, ["handgun"]),
        dice=[4, 4, 2, 2],
        walls=walls,
    )
    board = fight.state.arena
    assert [board.sight_blocked((1, 1), (8, y)) for y in range(5, 12)] == [
        True, True, False, False, False, True, True
    ]  # fmt: skip
    fight.act("ada", "overwatch", trigger="moves:rex")
    fight.end("ada")
    fight.act("rex", "move", to=[8, 11])
    assert moved_paths(fight) == [
        ((8, 5), (8, 6), (8, 7)),
        ((8, 7), (8, 8), (8, 9), (8, 10), (8, 11)),
    ]
    assert fight.get("rex").hp == 7


def test_an_overwatch_shot_that_drops_the_mover_ends_the_move() -> None:
    """NWO-29: the shot is taken mid-move, so a mover it drops goes no further: rex (3 HP)
    falls on (8, 2)."""
    fight = Fight(
        person("ada", "crew", 1, 1, GUN, skills={"aiming": 6}),
        person("rex", "gang", 8, 1, ["handgun"], hp=3),
        dice=[4, 4, 2, 2],
    )
    fight.act("ada", "overwatch", trigger="moves:rex")
    fight.end("ada")
    fight.act("rex", "move", to=[8, 5])
    assert fight.get("rex").tile == (8, 2)
    assert fight.get("rex").hp == 0


def test_an_area_watch_shoots_inside_the_area() -> None:
    """NWO-29: "When any non-ally character enters a certain area": rex crossing the column
    x = 5 is shot as he stands in it, on (5, 1), not where his move ends at (3, 1)."""
    fight = watch_fight(dice=[4, 4, 2, 2])
    fight.act("ada", "overwatch", trigger="enters:5,0,5,9")
    fight.end("ada")
    fight.act("rex", "move", to=[3, 1])
    assert moved_paths(fight) == [((8, 1), (7, 1), (6, 1), (5, 1)), ((5, 1), (4, 1), (3, 1))]
    assert fight.get("rex").hp == 7


def test_overwatch_after_another_character_acts() -> None:
    """NWO-29: "Before or after another character acts": `acted:rex` waits for rex's action
    (his shot at bo: 3+3 beats 1+1, bo 10 -> 7) and shoots him right after it (4+4+3 = 11
    beats 2+2, rex 10 -> 7), not as his turn starts."""
    bo = person("bo", "crew", 8, 4)
    fight = watch_fight(bo, dice=[3, 3, 1, 1, 4, 4, 2, 2], order=["ada", "rex", "bo"])
    fight.act("ada", "overwatch", trigger="acted:rex")
    fight.end("ada")
    assert fight.get("ada").has(OVERWATCH)
    fight.act("rex", "move", to=[8, 2])
    assert fight.get("ada").has(OVERWATCH)  # a move is not an action
    fight.act("rex", "attack", target="bo", weapon="handgun")
    assert [r.combatant for r in fight.rolled()] == ["rex", "bo", "ada", "rex"]
    assert (fight.get("bo").hp, fight.get("rex").hp) == (7, 7)


def test_overwatch_when_a_character_deals_damage() -> None:
    """NWO-29: "If another character takes or deals damage": `deals:rex` lets rex's missed
    shot at bo go (2+2 against 5+5); when bo walks away and rex's stock catches him (3+3
    against 1+1, 1 damage), ada fires at rex then and there: 4+4+3 = 11 beats 2+2."""
    bo = person("bo", "crew", 8, 2)
    fight = watch_fight(bo, dice=[2, 2, 5, 5, 3, 3, 1, 1, 4, 4, 2, 2], order=["ada", "rex", "bo"])
    fight.act("ada", "overwatch", trigger="deals:rex")
    fight.end("ada")
    fight.act("rex", "attack", target="bo", weapon="handgun")
    assert fight.get("ada").has(OVERWATCH)
    fight.end("rex")
    fight.act("bo", "move", to=[8, 5])
    assert [r.combatant for r in fight.rolled()] == ["rex", "bo", "rex", "bo", "ada", "rex"]
    assert (fight.get("bo").hp, fight.get("rex").hp) == (9, 7)
    assert not fight.get("ada").has(OVERWATCH)


def test_a_damage_watch_fires_mid_move_where_the_damage_is_dealt() -> None:
    """NWO-29: "If another character takes ... damage": cy's attack of opportunity cuts rex
    as he leaves (8, 1) (4+4+2 = 10 against 1+1, 2 damage), and ada's `damaged:rex` shoots
    him there, in sight (4+4+3 = 11 against 2+2), before he walks on behind the wall."""
    cy = person("cy", "crew", 9, 0, ["short_blade"], skills={"melee": 4})
    fight = watch_fight(
        cy,
        dice=[4, 4, 1, 1, 4, 4, 2, 2],
        walls=[[6, y] for y in range(2, 7)],
        order=["ada", "rex", "cy"],
    )
    fight.act("ada", "overwatch", trigger="damaged:rex")
    fight.end("ada")
    fight.act("rex", "move", to=[8, 5])
    assert [r.combatant for r in fight.rolled()] == ["cy", "rex", "ada", "rex"]
    assert fight.get("rex").hp == 5
    assert fight.get("rex").tile == (8, 5)
    assert fight.dice.remaining == ()


def test_a_sheet_may_start_the_fight_on_overwatch_in_pve() -> None:
    """NWO-32: "pre-initiative overwatch actions are only applicable in PVE Encounters": ada
    starts watching rex, who moves first and is shot (4+4+3 = 11 against 2+2); unused, the
    watch would end at the start of ada's first turn."""
    fight = Fight(
        person("ada", "crew", 1, 1, GUN, skills={"aiming": 6}, overwatch={"trigger": "moves:rex"}),
        person("rex", "gang", 8, 1, ["handgun"]),
        dice=[4, 4, 2, 2],
        order=["rex", "ada"],
    )
    assert fight.get("ada").condition(OVERWATCH).detail == "moves:rex|-|handgun|0"  # type: ignore[union-attr]
    fight.act("rex", "move", to=[8, 3])
    assert fight.get("rex").hp == 7
    idle = Fight(
        person("ada", "crew", 1, 1, GUN, overwatch={"trigger": "moves:rex"}),
        person("rex", "gang", 8, 1),
        order=["rex", "ada"],
    )
    idle.end("rex")
    assert not idle.get("ada").has(OVERWATCH)


def test_pre_combat_overwatch_refusals() -> None:
    """NWO-32: "Overwatch cannot be used before combat begins in PVP"; Focus and Overwatch
    cannot share a turn, the one before the fight included; a pre-combat watch is checked as
    the action is."""
    ada = person("ada", "crew", 1, 1, GUN, overwatch={"trigger": "moves:rex"})
    rex = person("rex", "gang", 8, 1)
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.overwatch: .* before combat in PvP"):
        RULESET.setup(parse_scenario(pre_combat(ada, rex, pvp=True)))
    both = {**ada, "focused": True}
    with pytest.raises(ScenarioError, match="both Focused and on Overwatch"):
        RULESET.setup(parse_scenario(pre_combat(both, rex)))
    wrong = {**ada, "overwatch": {"trigger": "sees:rex"}}
    with pytest.raises(ScenarioError, match="unknown overwatch trigger 'sees:rex'"):
        RULESET.setup(parse_scenario(pre_combat(wrong, rex)))


def pre_combat(*people: dict[str, object], pvp: bool = False) -> dict[str, object]:
    return {
        "ruleset": "nwo",
        "order": [p["id"] for p in people],
        "map": {"width": 12, "height": 12, "pvp": pvp},
        "combatants": list(people),
    }


def test_a_turn_starting_with_its_action_spent_is_not_acting() -> None:
    """NWO-29: "after another character acts" is after an action: rex's turn starting with the
    action his earlier help used up (NWO-26) is bookkeeping, and ada's `acted:rex` waits (his
    help, 1+1 and 2+2 at disadvantage, came before she declared)."""
    cy = person("cy", "gang", 8, 2)
    fight = watch_fight(cy, dice=[1, 1, 2, 2], order=["cy", "ada", "rex"])
    fight.act("rex", "help", target="cy")
    fight.end("cy")
    fight.act("ada", "overwatch", trigger="acted:rex")
    fight.end("ada")
    assert fight.state.actor == "rex" and fight.get("rex").acted
    assert fight.get("ada").has(OVERWATCH)
    assert fight.get("rex").hp == 10
    assert fight.dice.remaining == ()
