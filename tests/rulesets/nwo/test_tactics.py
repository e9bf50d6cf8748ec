"""The `nwo` tactics play as a sensible player would: reload an empty gun, draw a holstered
weapon, dash (around walls and bodies) when nobody is in reach, flank cover, brace when
badly hurt in melee."""

from __future__ import annotations

from dataclasses import replace

from fracas.core.actions import EndTurn
from fracas.core.conditions import Condition, Expiry
from fracas.core.state import EncounterState
from fracas.rulesets.nwo import RULESET
from fracas.rulesets.nwo.actions import Attack, Brace, Dash, Draw, Move, Reload, ResolveCheck
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules.common import SUPPRESSED, grid
from tests.rulesets.nwo.core_helpers import Fight, op


def _changed(state: EncounterState, oid: str, **changes: object) -> EncounterState:
    who = state.get(oid)
    assert isinstance(who, Operative)
    return state.with_combatant(replace(who, **changes))  # type: ignore[arg-type]


def test_an_empty_gun_is_reloaded() -> None:
    """Seed 9 of the firefight stalled with Gorm's shotgun empty for 30 rounds."""
    fight = Fight(
        op("gorm", "ash", 2, 2, weapons=["shotgun"], skills={"aiming": 6}),
        op("mara", "scav", 6, 2, weapons=["handgun"]),
    )
    empty = _changed(fight.state, "gorm", ammo=(("shotgun", 0),))
    assert RULESET.suggest(empty) == Reload(actor="gorm", weapon="shotgun")


def test_a_holstered_weapon_is_drawn() -> None:
    """The ambushed side starts holstered; empty hands draw rather than punch."""
    fight = Fight(
        op("mara", "scav", 2, 2, weapons=[], holstered=["handgun"]),
        op("vask", "ash", 6, 2, weapons=["handgun"]),
    )
    assert RULESET.suggest(fight.state) == Draw(actor="mara", weapons=("handgun",))


def test_nobody_in_reach_means_a_dash_toward_the_nearest_foe() -> None:
    fight = Fight(
        op("tobin", "scav", 0, 5, weapons=["two_handed_axe"]),
        op("lett", "ash", 15, 5, weapons=["spear"]),
        width=16,
    )
    suggestion = RULESET.suggest(fight.state)
    assert isinstance(suggestion, Dash)
    assert suggestion.to is not None
    walked = grid(fight.state).distance((0, 5), suggestion.to)
    assert walked > 6, "a dash covers more than a walk"


def test_the_way_to_a_foe_goes_around_a_wall_and_the_fallen() -> None:
    """Seed 9 of the firefight: Tobin stood two tiles from Gorm, with a pillar and fallen
    fighters between them, and ended every turn: no tile in reach was nearer as the crow
    flies. Measured on foot, the way round is nearer."""
    walls = [(3, y) for y in range(0, 9)]
    fight = Fight(
        op("tobin", "scav", 2, 1, weapons=["two_handed_axe"]),
        op("gorm", "ash", 4, 1, weapons=["shotgun"]),
        walls=walls,
        width=8,
    )
    empty = _changed(fight.state, "gorm", ammo=(("shotgun", 0),))
    suggestion = RULESET.suggest(empty)
    assert isinstance(suggestion, Dash | Move)
    assert suggestion.to is not None and suggestion.to[0] > 3, "round the wall's end, past it"


def test_a_shooter_whose_target_hides_behind_cover_steps_round_it() -> None:
    """Cover next to the target adds 6 to its defense; a step or two to where the cover is
    off the line of fire is worth the -2 for moving."""
    fight = Fight(
        op("ines", "scav", 2, 4, weapons=["submachine_gun"], skills={"aiming": 6}),
        op("sil", "ash", 8, 4, weapons=["revolver"]),
        cover=[(7, 4)],
    )
    suggestion = RULESET.suggest(fight.state)
    assert isinstance(suggestion, Move)
    assert suggestion.to is not None
    assert not grid(fight.state).cover_between(suggestion.to, (8, 4))
    fight.act("ines", "move", to=list(suggestion.to))
    assert RULESET.suggest(fight.state) == Attack(
        actor="ines", target="sil", weapon="submachine_gun"
    )


def test_badly_hurt_and_losing_in_melee_braces_while_an_ally_fights() -> None:
    fight = Fight(
        op("okoro", "scav", 2, 2, weapons=["short_blade"], hp=10),
        op("tobin", "scav", 5, 5, weapons=["two_handed_axe"]),
        op("lett", "ash", 3, 2, weapons=["spear"], skills={"melee": 10, "strength": 10}),
    )
    worn = _changed(fight.state, "okoro", hp=2)
    assert RULESET.suggest(worn) == Brace(actor="okoro")
    alone = _changed(worn, "tobin", hp=2, ahp=0)
    assert RULESET.suggest(alone) != Brace(actor="okoro"), "with nobody else fighting, it fights on"


def test_a_shooter_does_not_fire_through_a_friend() -> None:
    """A character in the line of fire who fails its ranged defense takes the shot: a
    sensible player steps aside rather than risk hitting a friend."""
    fight = Fight(
        op("ines", "scav", 2, 4, weapons=["submachine_gun"], skills={"aiming": 6}),
        op("tobin", "scav", 5, 4, weapons=["two_handed_axe"]),
        op("sil", "ash", 8, 4, weapons=["revolver"]),
    )
    rooted = _changed(fight.state, "ines", movement_spent=True)
    assert RULESET.suggest(rooted) == EndTurn(actor="ines"), "no shot through tobin"
    suggestion = RULESET.suggest(fight.state)
    assert isinstance(suggestion, Move)
    assert suggestion.to is not None
    assert (5, 4) not in grid(fight.state).line(suggestion.to, (8, 4))


def test_empty_hands_with_nothing_to_draw_punch() -> None:
    """Only a gun's stock is an improvised weapon; a fighter with a better Melee than Nimble
    and nothing in hand still strikes unarmed instead of standing idle."""
    fight = Fight(
        op("crew", "a", 2, 2, weapons=[], skills={"melee": 4, "nimble": 0}),
        op("gang", "b", 3, 3, weapons=[]),
    )
    assert RULESET.suggest(fight.state) == Attack(actor="crew", target="gang", weapon="unarmed")


def test_a_suppressed_fighter_first_takes_the_free_resolve_check() -> None:
    """Until the check is passed, neither moving nor shooting back at the suppressor is
    allowed; the check is free, so it comes first."""
    fight = Fight(
        op("mara", "scav", 2, 2, weapons=["handgun"], skills={"resolve": 6}),
        op("vask", "ash", 8, 2, weapons=["assault_rifle"]),
    )
    pinned = Condition(name=SUPPRESSED, source="vask", expiry=Expiry.START_OF_TURN, anchor="vask")
    suppressed = _changed(fight.state, "mara", conditions=(pinned,))
    assert RULESET.suggest(suppressed) == ResolveCheck(actor="mara")


def test_a_hopeless_shot_gives_way_to_a_blade() -> None:
    """Sil's revolver (Aiming 0) against a target behind cover rolls 2d6 against 2d6 + 6
    (about 1 in 37); a strong, skilled blade next to the target hits 97 times in 100."""
    fight = Fight(
        op(
            "sil",
            "ash",
            2,
            4,
            weapons=["revolver", "short_blade"],
            skills={"aiming": 0, "melee": 10, "strength": 10},
        ),
        op("lett", "scav", 6, 4, weapons=["short_blunt"]),
        cover=[(5, 3), (5, 4), (5, 5)],
    )
    suggestion = RULESET.suggest(fight.state)
    assert isinstance(suggestion, Move)
    assert suggestion.to is not None
    assert grid(fight.state).distance(suggestion.to, (6, 4)) == 1
    fight.act("sil", "move", to=list(suggestion.to))
    assert RULESET.suggest(fight.state) == Attack(actor="sil", target="lett", weapon="short_blade")
