"""Movement under `nwo` (rules/movement.py): tiles, armor, dash, diagonals, walls and
occupied tiles, attacks of opportunity, Sentinel, Disengage and crawling.

Dice order for a move: reactions where they fall due along the path (each reaction is the
reactor's attack roll, then the mover's defense), then the mover goes on.
"""

from __future__ import annotations

import pytest

from fracas.rulesets.nwo.events import AttackResolved, Moved
from tests.rulesets.nwo.core_helpers import Fight, op


def attackers(fight: Fight) -> list[tuple[str, str]]:
    return [(e.attacker, e.weapon) for e in fight.events(AttackResolved)]


# -- how far -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("armor", "tiles"), [("none", 6), ("light", 6), ("medium", 5), ("heavy", 4)]
)
def test_movement_is_six_tiles_less_the_armor_penalty(armor: str, tiles: int) -> None:
    """Seed: "double their movement speed from 6 to 12 tiles"; armor table: Medium "-1
    Movement", Heavy "-2 Movement"."""
    fight = Fight(op("ada", "crew", 0, 0, armor=armor), op("rex", "gang", 0, 9), width=12)
    fight.refuse("ada", "move", "out of reach", to=[tiles + 1, 0])
    fight.act("ada", "move", to=[tiles, 0])
    assert fight.get("ada").tile == (tiles, 0)
    assert fight.get("ada").moved == tiles


def test_movement_may_be_split_within_the_budget() -> None:
    """Seed: "A turn is comprised of an Action and Movement": the movement's 6 tiles may be
    walked in pieces, and no further."""
    fight = Fight(op("ada", "crew", 0, 0), op("rex", "gang", 0, 9))
    fight.act("ada", "move", to=[4, 0])
    fight.refuse("ada", "move", "can move 2 more tiles", to=[7, 0])
    fight.act("ada", "move", to=[6, 0])


@pytest.mark.parametrize(
    ("armor", "option", "tiles"),
    [
        ("none", "double_reduced", 12),
        ("medium", "double_reduced", 10),
        ("medium", "twelve_minus", 11),
        ("heavy", "double_reduced", 8),
    ],
)
def test_dash_doubles_the_movement(armor: str, option: str, tiles: int) -> None:
    """Worked example 1.4 #4 ("Dash: 6 → 12 tiles") and A11 (option dash_with_armor): medium
    armor dashes (6 − 1) × 2 = 10, or 12 − 1 = 11."""
    fight = Fight(
        op("ada", "crew", 0, 0, armor=armor),
        op("rex", "gang", 0, 9),
        width=14,
        options={"dash_with_armor": option},
    )
    fight.refuse("ada", "dash", "out of reach", to=[tiles + 1, 0])
    fight.act("ada", "dash", to=[tiles, 0])
    ada = fight.get("ada")
    assert (ada.tile, ada.acted, ada.movement_spent) == ((tiles, 0), True, True)


def test_dash_takes_the_whole_movement() -> None:
    """NWO-4: "Some actions will consume both your action and movement, such as dashing"."""
    fight = Fight(op("ada", "crew", 0, 0), op("rex", "gang", 0, 9), width=14)
    fight.act("ada", "move", to=[1, 0])
    fight.refuse("ada", "dash", "already moved", to=[8, 0])


@pytest.mark.parametrize(
    ("rule", "far", "too_far"),
    [("one", (6, 6), (7, 7)), ("two", (3, 3), (4, 4)), ("alternate", (4, 4), (5, 5))],
)
def test_diagonal_steps_cost_what_the_option_says(
    rule: str, far: tuple[int, int], too_far: tuple[int, int]
) -> None:
    """Contract option `diagonal`: a diagonal step costs 1, or 2, or 1 and 2 alternately (the
    seed's tiles give no rule for diagonals)."""
    fight = Fight(op("ada", "crew", 0, 0), op("rex", "gang", 9, 0), options={"diagonal": rule})
    fight.refuse("ada", "move", "out of reach", to=list(too_far))
    fight.act("ada", "move", to=list(far))


def test_walls_and_occupied_tiles_cannot_be_entered() -> None:
    """Seed: "Characters can only move to tiles within the highlighted green space"; one
    combatant a tile, and walls are solid."""
    fight = Fight(op("ada", "crew", 1, 1), op("rex", "gang", 3, 1), walls=[(2, 2)])
    fight.refuse("ada", "move", "is a wall", to=[2, 2])
    fight.refuse("ada", "move", "taken", to=[3, 1])
    fight.refuse("ada", "move", "neighbouring open tiles", path=[[2, 2], [3, 3]])
    fight.refuse("ada", "move", "taken", path=[[2, 1], [3, 1], [4, 1]])
    fight.refuse("ada", "move", "is a wall or off", to=[10, 1])


def test_walking_around_a_wall_costs_the_detour() -> None:
    """Seed: movement is tile based; a wall in the way makes the path longer."""
    walls = [(2, y) for y in range(0, 9)]
    fight = Fight(op("ada", "crew", 1, 0), op("rex", "gang", 9, 9), walls=walls)
    fight.refuse("ada", "move", "out of reach", to=[3, 0])
    fight.act("ada", "move", to=[1, 5])


def gunfight(**kwargs: object) -> Fight:
    """ada (Aiming 6: +3 standing, +1 moving) with a handgun; rex eight tiles south."""
    return Fight(
        op("ada", "crew", 0, 0, weapons=["handgun"], skills={"aiming": 6}),
        op("rex", "gang", 0, 8),
        **kwargs,  # type: ignore[arg-type]
    )


def test_declared_shot_then_move_takes_the_minus_two_and_the_reduced_range() -> None:
    """NWO-7, shot first: "you must activate the action toggle and then the movement toggle,
    before performing said action or movement" and "the reduced movement range when shooting
    and moving during the same turn. Movement imposes a -2 penalty". Declared first, the shot
    is 4+4+3-2 = 9 against 2+2, and the move after it reaches 3 tiles (half of 6), not 4."""
    fight = gunfight(dice=[4, 4, 2, 2])
    fight.act("ada", "shoot_and_move")
    fight.act("ada", "attack", target="rex")
    shot = fight.rolled()[0]
    assert (shot.combatant, shot.modifier, shot.total) == ("ada", 1, 9)
    fight.refuse("ada", "move", "can move 3 more tiles", to=[4, 0])
    fight.act("ada", "move", to=[3, 0])
    assert fight.get("ada").tile == (3, 0)


def test_move_then_shot_takes_the_minus_two_and_the_reduced_range() -> None:
    """NWO-7, move first: "the reduced movement range when shooting and moving during the same
    turn. Movement imposes a -2 penalty". Two tiles, then the shot at 4+4+3-2 = 9; the turn's
    movement is now the reduced 3, counting the 2 walked before the shot: 1 tile is left."""
    fight = gunfight(dice=[4, 4, 2, 2])
    fight.act("ada", "move", to=[2, 0])
    fight.act("ada", "attack", target="rex")
    assert fight.rolled()[0].modifier == 1
    fight.refuse("ada", "move", "can move 1 more tiles", to=[4, 0])
    fight.act("ada", "move", to=[3, 0])


def test_a_shot_after_moving_beyond_the_reduced_range_is_refused() -> None:
    """NWO-7: a turn that shoots and moves has "the reduced movement range": after 4 tiles
    (more than half of 6) the turn cannot shoot any more, nor declare it will."""
    fight = gunfight()
    fight.act("ada", "move", to=[4, 0])
    fight.refuse(
        "ada", "attack", "has moved 4 tiles this turn; .* reduced movement range of 3", target="rex"
    )
    fight.refuse("ada", "shoot_and_move", "has moved 4 tiles; shooting and moving allows 3")
    fight.act("ada", "move", to=[6, 0])  # a turn that does not shoot keeps its 6


def test_moving_after_an_undeclared_shot_is_refused() -> None:
    """NWO-7: the toggles come "before performing said action or movement": a shot made
    standing, with no move declared, took no -2 (4+4+3 = 11), so no move may follow it; the
    declaration comes too late once the shot is made."""
    fight = gunfight(dice=[4, 4, 2, 2])
    fight.act("ada", "attack", target="rex")
    assert fight.rolled()[0].total == 11
    fight.refuse("ada", "move", "declare it before the shot", to=[1, 0])
    fight.refuse("ada", "shoot_and_move", "already shot")


def test_move_after_shot_free_lets_an_undeclared_shot_move_within_the_reduced_range() -> None:
    """Option move_after_shot: free (the other reading of NWO-7: the -2 is for movement
    already made): the standing shot keeps +3 (11), and the move after it still gets only
    the reduced range of 3."""
    fight = gunfight(dice=[4, 4, 2, 2], options={"move_after_shot": "free"})
    fight.act("ada", "attack", target="rex")
    assert fight.rolled()[0].total == 11
    fight.refuse("ada", "move", "can move 3 more tiles", to=[4, 0])
    fight.act("ada", "move", to=[3, 0])


def test_shoot_and_move_full_keeps_the_whole_movement_but_not_the_shot() -> None:
    """Option shoot_and_move: full (A11: no reduction of the range, only the -2): six tiles,
    then the shot at 4+4+3-2 = 9."""
    fight = gunfight(dice=[4, 4, 2, 2], options={"shoot_and_move": "full"})
    fight.act("ada", "move", to=[6, 0])
    fight.act("ada", "attack", target="rex")
    assert fight.rolled()[0].total == 9


def test_suppressive_fire_keeps_the_reduced_range_too() -> None:
    """NWO-7 for every ranged attack: suppressive fire ("Make a ranged attack roll") after 4
    tiles is refused like a shot."""
    fight = Fight(
        op("ada", "crew", 0, 0, weapons=["assault_rifle"], skills={"aiming": 6}),
        op("rex", "gang", 4, 8),
        cover=[(4, 7)],
    )
    fight.act("ada", "move", to=[4, 0])
    fight.refuse("ada", "suppress", "reduced movement range of 3", target="rex")


# -- attacks of opportunity --------------------------------------------------------------


def test_leaving_an_engagement_provokes_an_attack_of_opportunity() -> None:
    """Seed: "Attacks of Opportunity (AoO) can occur when a target chooses to leave an
    attacker's Engagement range"; the AoO comes before the step out, and the mover goes on."""
    fight = Fight(
        op("ada", "crew", 3, 3, weapons=["short_blade"]),
        op("rex", "gang", 4, 3, weapons=["short_blunt"], skills={"melee": 4}),
        dice=[4, 4, 1, 2],
    )
    fight.act("ada", "move", to=[1, 3])
    assert attackers(fight) == [("rex", "short_blunt")]
    assert fight.damage() == [("ada", 2, 0, 8)]
    assert [e.path for e in fight.events(Moved)] == [((3, 3), (2, 3), (1, 3))]
    assert fight.get("rex").aoo_used
    assert fight.dice.remaining == ()


def test_a_long_inline_weapon_engages_from_as_far_as_it_reaches() -> None:
    """Seed: "Attacks of Opportunity (AoO) can occur when a target chooses to leave an
    attacker's Engagement range"; a scenario's own pole weapon with reach 3 (the longest a
    sheet may give) engages ada three tiles off, and her step out of that range draws its
    strike (a step only asks those near enough to reach it: this checks the bound drops
    nobody)."""
    pole = {"id": "pike", "kind": "melee", "damage": 2, "crit_damage": 4, "reach": 3}
    fight = Fight(
        op("ada", "crew", 4, 3, weapons=["short_blade"]),
        op("rex", "gang", 1, 3, weapons=[pole], skills={"melee": 4}),
        dice=[4, 4, 1, 2],
    )
    fight.act("ada", "move", to=[6, 3])
    assert attackers(fight) == [("rex", "pike")]
    assert fight.damage() == [("ada", 2, 0, 8)]
    assert [e.path for e in fight.events(Moved)] == [((4, 3), (5, 3), (6, 3))]
    assert fight.dice.remaining == ()


def test_moving_within_the_range_does_not_provoke() -> None:
    """Seed: "Movement within an attacker's range will not trigger an attack of opportunity"."""
    fight = Fight(
        op("ada", "crew", 3, 3, weapons=["short_blade"]),
        op("rex", "gang", 4, 3, weapons=["short_blunt"]),
    )
    fight.act("ada", "move", path=[[3, 4], [4, 4]])
    assert attackers(fight) == []


def test_one_attack_of_opportunity_a_round_resetting_on_the_reactors_turn() -> None:
    """Seed: "all Human characters can use one AOO per round of combat, resetting on that
    character's turn"."""
    fight = Fight(
        op("ada", "crew", 3, 3, weapons=["short_blade"]),
        op("bob", "crew", 5, 3, weapons=["short_blade"]),
        op("rex", "gang", 4, 3, weapons=["short_blunt"], hp=20),
        dice=[4, 4, 1, 2, 4, 4, 1, 2],
    )
    fight.act("ada", "move", to=[1, 3])
    fight.end("ada")
    fight.act("bob", "move", to=[7, 3])
    assert attackers(fight) == [("rex", "short_blunt")]
    fight.end("bob")
    fight.act("rex", "move", to=[2, 3])
    fight.end("rex")
    fight.act("ada", "move", to=[0, 6])
    assert attackers(fight) == [("rex", "short_blunt"), ("rex", "short_blunt")]
    assert fight.dice.remaining == ()


def test_declined_reactions_are_not_taken() -> None:
    """Actions contract: a move names in `declined` the reactors who pass on their AoO; the
    seed's AoOs "can occur", they are not forced."""
    fight = Fight(
        op("ada", "crew", 3, 3, weapons=["short_blade"]),
        op("rex", "gang", 4, 3, weapons=["short_blunt"]),
    )
    fight.act("ada", "move", to=[1, 3], declined=["rex"])
    assert attackers(fight) == []
    assert not fight.get("rex").aoo_used


def test_an_aoo_that_drops_the_mover_stops_the_move() -> None:
    """Seed: AoO on leaving engagement; a mover taken down cannot walk on."""
    fight = Fight(
        op("ada", "crew", 3, 3, weapons=["short_blade"], hp=2),
        op("rex", "gang", 4, 3, weapons=["short_blunt"]),
        op("sam", "gang", 9, 9),
        dice=[4, 4, 1, 2],
    )
    fight.act("ada", "move", to=[1, 3])
    assert fight.get("ada").tile == (3, 3)
    assert fight.get("ada").hp == 0


def test_a_shooter_swings_the_stock_as_an_attack_of_opportunity() -> None:
    """Seed: "Ranged weapons cannot utilize Attacks of Opportunity to deal a Ranged Attack. A
    person with a ranged weapon may make an Improvised Weapon roll to hit someone with a stock
    or 'pistol whip,' but they cannot fire at a retreating opponent." (1 damage, no crit)."""
    fight = Fight(
        op("ada", "crew", 3, 3, weapons=["short_blade"]),
        op("rex", "gang", 4, 3, weapons=["shotgun"]),
        dice=[4, 4, 1, 2],
    )
    fight.act("ada", "move", to=[1, 3])
    assert attackers(fight) == [("rex", "improvised")]
    assert fight.damage() == [("ada", 1, 0, 9)]


def test_a_grappled_character_cannot_walk_away() -> None:
    """Seed: "When a character is grappled: Their movement is reduced to 0" (grapple set by a
    GM override; the no-AoO half of "They do not trigger attacks of opportunity" needs a drag
    and is the grapple module's to test)."""
    fight = Fight(
        op("ada", "crew", 3, 3, weapons=["short_blade"]),
        op("rex", "gang", 4, 3, weapons=["short_blunt"]),
    )
    fight.gm("ada", add_condition="grappled")
    fight.refuse("ada", "move", "grappled", to=[1, 3])
    fight.refuse("ada", "disengage", "grappled", to=[1, 3])


def test_dashing_still_provokes() -> None:
    """Seed: "Dashing is not the same as Disengaging, and can still provoke Engagement or
    Attacks of Opportunity."""
    fight = Fight(
        op("ada", "crew", 3, 3, weapons=["short_blade"]),
        op("rex", "gang", 4, 3, weapons=["short_blunt"]),
        dice=[1, 2, 6, 5],
        width=14,
    )
    fight.act("ada", "dash", to=[3, 9])
    assert attackers(fight) == [("rex", "short_blunt")]
    assert fight.get("ada").tile == (3, 9)


def test_a_dasher_neither_engages_nor_takes_attacks_of_opportunity() -> None:
    """Seed: "When dashing, you are not able to engage other targets or use attacks of
    opportunity." The dasher's flag lasts until its next turn."""
    fight = Fight(
        op("ada", "crew", 0, 3, weapons=["short_blade"]),
        op("rex", "gang", 8, 3, weapons=["short_blunt"]),
        width=14,
    )
    fight.act("ada", "dash", to=[7, 3])
    fight.end("ada")
    fight.act("rex", "move", to=[10, 3])
    assert attackers(fight) == []


# -- sentinel ----------------------------------------------------------------------------


def test_a_sentinel_hit_ends_the_movement_and_spends_the_spearmans_action() -> None:
    """Seed: "As a reaction, a character wielding a spear can make an attack of opportunity
    when a target enters their engagement range. Upon a successful hit, the target ends their
    movement and cannot advance. This consumes your action for that turn, but not your
    movement."""
    fight = Fight(
        op("ada", "crew", 1, 3, weapons=["short_blade"]),
        op("rex", "gang", 5, 3, weapons=["spear"], skills={"melee": 4}),
        dice=[4, 5, 1, 2],
    )
    fight.act("ada", "move", path=[[2, 3], [3, 3], [4, 3]])
    assert attackers(fight) == [("rex", "spear")]
    assert fight.get("ada").tile == (3, 3)
    assert fight.get("ada").movement_spent
    rex = fight.get("rex")
    assert (rex.acted, rex.movement_spent, rex.aoo_used) == (True, False, True)
    assert fight.damage() == [("ada", 2, 0, 8)]


def test_a_sentinel_miss_lets_the_mover_advance() -> None:
    """Seed: "Upon a successful hit, the target ends their movement" — a miss does not."""
    fight = Fight(
        op("ada", "crew", 1, 3, weapons=["short_blade"]),
        op("rex", "gang", 5, 3, weapons=["spear"]),
        dice=[1, 2, 5, 4],
    )
    fight.act("ada", "move", path=[[2, 3], [3, 3], [4, 3]])
    assert fight.get("ada").tile == (4, 3)


def test_a_sentinel_before_the_spearmans_turn_costs_that_rounds_action() -> None:
    """Seed: "This consumes your action for that turn" with A13 (sentinel_needs_action): the
    round's action, as with Help ("it will count as your action for that round")."""
    fight = Fight(
        op("ada", "crew", 1, 3, weapons=["short_blade"]),
        op("rex", "gang", 5, 3, weapons=["spear"]),
        dice=[4, 5, 1, 2],
    )
    fight.act("ada", "move", path=[[2, 3], [3, 3], [4, 3]])
    fight.end("ada")
    fight.refuse("rex", "attack", "action", target="ada")


def test_a_spearman_who_has_acted_is_no_sentinel() -> None:
    """A13 (sentinel_needs_action): "only available if the wielder's action for this round is
    unspent"; rex spent it attacking bob."""
    fight = Fight(
        op("rex", "gang", 5, 3, weapons=["spear"]),
        op("ada", "crew", 1, 3, weapons=["short_blade"]),
        op("bob", "crew", 5, 5),
        dice=[1, 1, 6, 6],
    )
    fight.act("rex", "attack", target="bob")
    fight.end("rex")
    fight.act("ada", "move", path=[[2, 3], [3, 3], [4, 3]])
    assert attackers(fight) == [("rex", "spear")]
    assert fight.get("ada").tile == (4, 3)
    assert fight.dice.remaining == ()


def test_sentinel_can_be_declined() -> None:
    """Actions contract: `declined` passes on every reaction, Sentinel included."""
    fight = Fight(
        op("ada", "crew", 1, 3, weapons=["short_blade"]),
        op("rex", "gang", 5, 3, weapons=["spear"]),
    )
    fight.act("ada", "move", path=[[2, 3], [3, 3], [4, 3]], declined=["rex"])
    assert fight.get("ada").tile == (4, 3)
    assert not fight.get("rex").acted


# -- disengage ---------------------------------------------------------------------------


def test_disengage_moves_without_provoking() -> None:
    """Seed: "As an action, a character may choose to Disengage from combat. This allows them
    to move without triggering AOOs." Engaged by one: no roll (worked example 1.4 #15)."""
    fight = Fight(
        op("ada", "crew", 3, 3, weapons=["short_blade"]),
        op("rex", "gang", 4, 3, weapons=["short_blunt"]),
    )
    fight.act("ada", "disengage", to=[0, 3])
    assert attackers(fight) == [] and fight.faces() == []
    ada = fight.get("ada")
    assert (ada.tile, ada.acted, ada.movement_spent) == ((0, 3), True, True)


def test_disengaging_from_two_needs_resolve_twelve() -> None:
    """Worked example 1.4 #15 and seed: "If you are Engaged by two or more people, Disengage
    actions require a Resolve (DC 12) roll to be attempted" (A5: ½ Resolve, so 4 gives +2)."""
    fight = Fight(
        op("ada", "crew", 3, 3, weapons=["short_blade"], skills={"resolve": 4}),
        op("rex", "gang", 4, 3, weapons=["short_blunt"]),
        op("sam", "gang", 3, 4, weapons=["short_blunt"]),
        dice=[5, 5],
    )
    fight.act("ada", "disengage", to=[0, 1])
    roll = fight.rolled()[0]
    assert (roll.modifier, roll.total) == (2, 12)
    assert fight.get("ada").tile == (0, 1)
    assert attackers(fight) == []


def test_a_failed_resolve_spends_the_action_and_keeps_the_movement() -> None:
    """Seed: "Disengage actions require a Resolve (DC 12) roll to be attempted": 11 fails; the
    ordinary movement is left, and walking off then provokes both."""
    fight = Fight(
        op("ada", "crew", 3, 3, weapons=["short_blade"], skills={"resolve": 4}),
        op("rex", "gang", 4, 3, weapons=["short_blunt"]),
        op("sam", "gang", 3, 4, weapons=["short_blunt"]),
        dice=[4, 5, 1, 1, 6, 6, 1, 1, 6, 6],
    )
    fight.act("ada", "disengage", to=[0, 1])
    ada = fight.get("ada")
    assert (ada.tile, ada.acted, ada.movement_spent) == ((3, 3), True, False)
    fight.act("ada", "move", to=[1, 1])
    assert [a for a, _ in attackers(fight)] == ["rex", "sam"]
    assert fight.dice.remaining == ()


# -- prone and crawl ---------------------------------------------------------------------


def test_the_prone_crawl_one_tile() -> None:
    """Seed: "Prone characters can crawl to an adjacent tile while prone."""
    fight = Fight(op("ada", "crew", 3, 3), op("rex", "gang", 9, 9))
    fight.refuse("ada", "crawl", "not prone", to=[3, 4])
    fight.gm("ada", add_condition="prone")
    fight.refuse("ada", "move", "prone", to=[3, 5])
    fight.refuse("ada", "crawl", "costs 2 tiles", path=[[3, 4], [3, 5]])
    fight.act("ada", "crawl", to=[3, 4])
    assert fight.get("ada").tile == (3, 4)
    fight.refuse("ada", "crawl", "no movement left", to=[3, 5])


def test_the_prone_do_not_engage() -> None:
    """Seed: "Prone characters cannot Engage characters within melee range."""
    fight = Fight(
        op("ada", "crew", 3, 3, weapons=["short_blade"]),
        op("rex", "gang", 4, 3, weapons=["short_blunt"]),
    )
    fight.gm("rex", add_condition="prone")
    fight.act("ada", "move", to=[1, 3])
    assert attackers(fight) == []


def test_an_attack_of_opportunity_that_stuns_ends_the_move() -> None:
    """Short blunt crit: "Target is stunned until the end of their next turn" - a stunned
    mover can go no further, so the rest of the path is not walked (the AoO comes before the
    step out of reach)."""
    fight = Fight(
        op("ada", "crew", 3, 3, weapons=["short_blade"]),
        op("rex", "gang", 4, 3, weapons=["short_blunt"], skills={"melee": 4}),
        dice=[6, 6, 1, 2],
    )
    fight.act("ada", "move", to=[1, 3])
    assert attackers(fight) == [("rex", "short_blunt")]
    assert fight.damage() == [("ada", 3, 0, 7)]
    assert fight.events(Moved) == []
    assert fight.get("ada").tile == (3, 3)
    assert fight.get("ada").has("stunned")
    assert fight.get("ada").movement_spent
    assert fight.dice.remaining == ()
