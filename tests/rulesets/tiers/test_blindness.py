"""The Blind (rules/blindness.py): attacks only within unarmed reach, shooting out of the dark
into light, moving by distance and direction, walls, the Blind NPC's d20 table, bumps, and the
GM's lines of the round.

Dice order: an attack rolls the attacker's d20, then the defender's; a Blind NPC's move rolls
the table's d20 and nothing else.
"""

from __future__ import annotations

from typing import Any

import pytest

from fracas.rulesets.tiers import RULESET
from fracas.rulesets.tiers.actions import Move
from fracas.rulesets.tiers.events import Damaged, Faced, Moved
from fracas.rulesets.tiers.rules.blindness import BlindRolled, Bumped, Crashed, table_row
from fracas.rulesets.tiers.view import view
from tests.rulesets.tiers.helpers import BOW, POLEAXE, Fight, warrior

DARK = {"width": 12, "height": 12, "light": {"level": 0}}
"""A pitch-black room."""
WALLED = {**DARK, "walls": [[x, 0] for x in range(12)]}
"""The dark room with a wall along its north edge (y = 0)."""


def _dark(*people: dict[str, Any], map: dict[str, Any] = DARK, **kw: Any) -> Fight:
    return Fight(*people, map=map, **kw)


def test_blind_attacks_only_within_unarmed_reach() -> None:
    """Seed: "They may only make attacks within their normal unarmed melee range. Including
    attacks with projectile & 2 handed melee weapons": a poleaxe (reach 2) cannot strike a
    foe 2 squares away in the dark."""
    fight = _dark(warrior("a", "players", 5, 5, weapons=[POLEAXE]), warrior("b", "npcs", 5, 3))
    fight.refuse(
        "a", "attack", "a is Blind towards b, .* 2 squares away: .*unarmed reach", target="b"
    )


def test_blind_may_still_strike_an_adjacent_foe() -> None:
    """Seed: the Blind attack "within their normal unarmed melee range": an adjacent foe is
    struck as usual, 10 + 0 + 0 against 5, 5 + Body 5 + T3 = 13."""
    fight = _dark(warrior("a", "players", 5, 5), warrior("b", "npcs", 5, 4), dice=[10, 5])
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 13, 17)]


def test_blind_bow_shot_within_unarmed_reach() -> None:
    """Seed: "Including attacks with projectile" weapons: a bow may be loosed in the dark at an
    adjacent foe, not at one 2 squares off."""
    near = _dark(warrior("a", "players", 5, 5, weapons=[BOW]), warrior("b", "npcs", 6, 5))
    near.encounter.verify(near.action("a", "attack", target="b"))
    far = _dark(warrior("a", "players", 5, 5, weapons=[BOW]), warrior("b", "npcs", 7, 5))
    far.refuse("a", "attack", "only within its unarmed reach", target="b")


def test_shooting_from_the_dark_into_light_but_not_back() -> None:
    """Seed: "Characters within the illuminated area may be targeted with range & projectile
    weapons from characters inside the darkness, but not vice versa."; "If any character is
    inside an illuminated area, they are still treated as being under the Blind status versus
    any character or object completely in the darkness." A torch at (0, 0) lights b; a stands
    in the dark 15 tiles east (beyond the Low Light ring)."""
    room = {"width": 20, "height": 3, "light": {"level": 0}, "lights": [{"x": 0, "y": 1}]}
    fight = Fight(
        warrior("a", "players", 16, 1, weapons=[{**BOW, "range": 20}]),
        warrior("b", "npcs", 2, 1, weapons=[{**BOW, "range": 20}]),
        map=room,
        order=["b", "a"],
    )
    fight.refuse("b", "attack", "b is Blind towards a", target="a")
    fight.end("b")
    fight.encounter.verify(fight.action("a", "attack", target="b"))


def test_blind_move_into_a_wall_deals_the_tiles_intended_less_armor() -> None:
    """Seed: "When moving, if they cross paths with an obstacle or hit a wall, they take
    damage equal to the total number of tiles they intended to move with that action ... This
    damage does not ignore armor. They forfeit the additional tiles"; checklist 2.3 #15: 4
    tiles intended, T1 armor: 3. From (5, 2) facing north, the wall is at y = 0."""
    fight = _dark(
        warrior("a", "players", 5, 2, armor={"tier": 1}, shield={"tier": 2}),
        warrior("b", "npcs", 10, 10),
        map=WALLED,
    )
    fight.act("a", "move", distance=4, direction="forward")
    assert fight.get("a").tile == (5, 1)
    assert fight.events(Crashed)[0].tile == (5, 0)
    assert fight.damage() == [("a", 3, 27)]


def test_option_wall_damage_shield() -> None:
    """B14, `wall_damage_shield: true`: the shield in hand reduces the wall's damage too:
    4 - (1 + 2) = 1."""
    fight = _dark(
        warrior("a", "players", 5, 2, armor={"tier": 1}, shield={"tier": 2}),
        warrior("b", "npcs", 10, 10),
        map=WALLED,
        options={"wall_damage_shield": True},
    )
    fight.act("a", "move", distance=4, direction="forward")
    assert fight.damage() == [("a", 1, 29)]


def test_blind_pc_moves_relative_to_its_facing() -> None:
    """Seed: "When a Blind player character moves, they may only declare the intended
    distance & one of 8 directions as: forward, left, right, backward, diagonally forward
    left, ...": facing east, "left" is north; the mover then faces the way it went (B33)."""
    fight = _dark(warrior("a", "players", 5, 5, facing="e"), warrior("b", "npcs", 10, 10))
    fight.act("a", "move", distance=3, direction="left")
    assert fight.events(Moved)[0].path == ((5, 5), (5, 4), (5, 3), (5, 2))
    assert fight.get("a").facing == "n"


def test_option_blind_move_facing_unchanged() -> None:
    """B33, `blind_move_facing: unchanged`: a sidestep keeps the facing; "backward (they turn
    around)" still turns the mover round."""
    fight = _dark(
        warrior("a", "players", 5, 5, facing="e"),
        warrior("b", "npcs", 10, 10),
        options={"blind_move_facing": "unchanged"},
    )
    fight.act("a", "move", distance=1, direction="left")
    assert fight.get("a").facing == "e"
    fight.act("a", "move", distance=1, direction="backward")
    assert (fight.get("a").tile, fight.get("a").facing) == ((4, 4), "w")


def test_blind_mover_cannot_pick_a_tile() -> None:
    """Seed: the Blind "may only declare the intended distance & one of 8 directions"."""
    fight = _dark(warrior("a", "players", 5, 5), warrior("b", "npcs", 10, 10))
    fight.refuse("a", "move", "a is Blind .* declares `distance` and `direction`", to=[5, 4])


def test_a_sighted_mover_names_its_tile() -> None:
    """Only the Blind move by direction; in light a move names its destination."""
    fight = Fight(warrior("a", "players", 5, 5), warrior("b", "npcs", 10, 10))
    fight.refuse("a", "move", "a is not Blind .* `to: {x, y}`", distance=2, direction="left")


def test_blind_move_distance_is_bounded_by_the_race_move() -> None:
    """Seed: "Each character may only move the distance associated with their race"."""
    fight = _dark(warrior("a", "players", 5, 5, race={"move": 3}), warrior("b", "npcs", 9, 9))
    fight.refuse("a", "move", "distance 4: a move goes 1 to 3 tiles", distance=4, direction="left")
    fight.refuse("a", "move", "needs its `distance`", direction="left")


def test_a_blind_pc_declares_a_direction() -> None:
    """Seed: only "When a Blind NPC moves ... the GM will roll 1d20"; a player declares."""
    fight = _dark(warrior("a", "players", 5, 5), warrior("b", "npcs", 9, 9))
    fight.refuse("a", "move", "a is a player character: a Blind move declares its `direction`")


@pytest.mark.parametrize(
    ("face", "row"),
    [
        (1, "forward_left"),
        (2, "forward_left"),
        (3, "forward"),
        (4, "forward"),
        (5, "forward_right"),
        (6, "forward_right"),
        (7, "right"),
        (8, "right"),
        (9, "backward_right"),
        (10, "backward_right"),
        (11, "backward"),
        (12, "backward"),
        (13, "backward_left"),
        (14, "backward_left"),
        (15, "left"),
        (16, "left"),
        (17, "stay"),
        (18, "stay"),
        (19, "act"),
        (20, "act"),
    ],
)
def test_blind_npc_table(face: int, row: str) -> None:
    """Seed's table: "1-2: diagonally forward left • 3-4: forward • 5-6: diagonally forward
    right • 7-8: right • 9-10: diagonally backward right • 11-12: backward (they turn around)
    • 13-14: diagonally backward left • 15-16: left • 17-18: quietly remain in place • 19-20:
    call out! ..."."""
    assert table_row(face) == row


def test_blind_npc_rolls_for_each_move() -> None:
    """Seed: "When a Blind NPC moves, unless they are moving toward a sound or other queue,
    the GM will roll 1d20 to determine their action. If they move twice on their turn, they
    roll for each of them." Facing north with move 2: 11 sends it backward (south, turning
    around), then 17 keeps it quietly in place."""
    fight = _dark(
        warrior("orc", "npcs", 5, 5, race={"move": 2}),
        warrior("b", "players", 10, 10),
        dice=[11, 17],
    )
    fight.act("orc", "move")
    assert (fight.get("orc").tile, fight.get("orc").facing) == ((5, 7), "s")
    fight.act("orc", "move")
    assert fight.get("orc").tile == (5, 7)
    assert [(e.face, e.result) for e in fight.events(BlindRolled)] == [
        (11, "backward"),
        (17, "stay"),
    ]
    assert fight.get("orc").actions == 2


def test_blind_npc_calling_out_does_not_move() -> None:
    """Seed: "19-20: call out! ... any action other than moving or remaining quiet": the
    move action is spent without moving (what it does instead is the GM's)."""
    fight = _dark(warrior("orc", "npcs", 5, 5), warrior("b", "players", 10, 10), dice=[19])
    fight.act("orc", "move")
    assert fight.get("orc").tile == (5, 5)
    assert fight.events(Moved) == []


def test_blind_npc_moving_toward_a_sound_declares_its_way() -> None:
    """Seed: "unless they are moving toward a sound or other queue": then no roll."""
    fight = _dark(warrior("orc", "npcs", 5, 5), warrior("b", "players", 10, 10))
    fight.act("orc", "move", distance=2, direction="forward")
    assert fight.get("orc").tile == (5, 3)
    assert fight.dice_left == 0


def test_walking_into_someone_stops_next_to_them() -> None:
    """B32: a Blind mover whose way runs into a standing character stops on the last free tile
    before it, unharmed, and the two bump into each other."""
    fight = _dark(warrior("a", "players", 5, 5), warrior("b", "npcs", 5, 2))
    fight.act("a", "move", distance=5, direction="forward")
    assert fight.get("a").tile == (5, 3)
    assert [(e.mover, e.other, e.how) for e in fight.events(Bumped)] == [("a", "b", "walked_into")]
    assert fight.events(Damaged) == []


def test_crossed_lines_are_bumps_and_the_mover_goes_on() -> None:
    """Seed: "the GM will mark their start point, their end point ..., & a line between them.
    In each round, each time a line is crossed by another, they will have bumped into each
    other while moving. After any exchanges occur, they will continue to their previously
    declared end point": b walks west along y = 5 through x 7..3; then a walks north along
    x = 5 across b's line and still reaches (5, 2)."""
    fight = _dark(
        warrior("b", "npcs", 7, 5, facing="w"),
        warrior("a", "players", 5, 7),
        order=["b", "a"],
    )
    fight.act("b", "move", distance=4, direction="forward")
    fight.end("b")
    fight.act("a", "move", distance=5, direction="forward")
    assert fight.get("a").tile == (5, 2)
    assert [(e.mover, e.other, e.how) for e in fight.events(Bumped)] == [("a", "b", "crossed")]
    assert fight.get("a").trails == (((5, 7), (5, 2)),)


def test_lines_come_off_the_map_at_the_end_of_the_round() -> None:
    """Seed: "In each round, each time a line is crossed": a line from last round crosses
    nothing in the next."""
    fight = _dark(
        warrior("b", "npcs", 7, 5, facing="w"),
        warrior("a", "players", 5, 7),
        order=["b", "a"],
    )
    fight.act("b", "move", distance=4, direction="forward")
    fight.end("b", "a")
    assert fight.get("b").trails == ()
    fight.end("b")
    fight.act("a", "move", distance=5, direction="forward")
    assert fight.events(Bumped) == []


def test_sighted_movers_leave_no_lines() -> None:
    """Seed: the non-Blind "Choose if crossing a path line from a Blind character would cause
    an event": by default their moves mark nothing."""
    fight = Fight(warrior("a", "players", 5, 5), warrior("b", "npcs", 10, 10))
    fight.act("a", "move", to=[5, 2])
    assert fight.get("a").trails == ()
    assert [type(e) for e in fight.log if isinstance(e, Faced)] == []


def test_blind_cannot_keep_an_unseen_foe_in_front() -> None:
    """Seed: "the Blinded character may not track their movements for their end of turn
    orientation (instead they may declare to turn to 1 of 8 directions ...)"."""
    fight = _dark(warrior("a", "players", 5, 5), warrior("b", "npcs", 5, 2))
    fight.refuse("a", "face", "a is Blind towards b and cannot keep it in front", target="b")
    fight.act("a", "face", facing="s")
    assert fight.get("a").facing == "s"


def test_tactics_walk_a_blind_fighter_toward_the_noise() -> None:
    """Autoplay: a Blind fighter facing east with b 4 tiles north heads "left" 3 tiles, to
    the tile next to b, then faces it; it never names a tile."""
    fight = _dark(warrior("a", "players", 5, 5, facing="e"), warrior("b", "npcs", 5, 1))
    assert RULESET.suggest(fight.state) == Move(actor="a", distance=3, direction="left")


def test_tactics_steer_a_blind_fighter_round_a_wall() -> None:
    """Autoplay: with a wall straight ahead the Blind fighter tries the next heading that
    still brings it nearer: diagonally forward right, 3 tiles to (8, 2), 3 from b instead of
    4, and no wall damage."""
    room = {**DARK, "walls": [[5, 4]]}
    fight = _dark(warrior("a", "players", 5, 5), warrior("b", "npcs", 5, 1), map=room)
    suggested = RULESET.suggest(fight.state)
    assert suggested == Move(actor="a", distance=3, direction="forward_right")


def test_identifying_an_adjacent_character_costs_a_non_contested_action() -> None:
    """Seed: "If another character comes into their space (any adjacent tile), they will be
    aware of each others presence there. However, they cannot identify them unless they use
    senses other than sight to do so. This requires 1 non-contested action.": a Blind player
    then sees b's sheet in its view, not before."""
    fight = _dark(warrior("a", "players", 5, 5), warrior("b", "npcs", 5, 4))
    assert view(fight.state, "a")["combatants"][1] == {
        "unknown": True,
        "position": {"x": 5, "y": 4},
    }
    fight.act("a", "identify", target="b")
    assert fight.get("a").identified == ("b",)
    assert (fight.get("a").actions, fight.get("a").contested) == (1, False)
    assert view(fight.state, "a")["combatants"][1]["id"] == "b"
    fight.refuse("a", "identify", "a has already identified b", target="b")


def test_identify_refusals() -> None:
    """Without sight only an adjacent character can be made out; one in view needs nothing."""
    fight = _dark(warrior("a", "players", 5, 5), warrior("b", "npcs", 5, 2))
    fight.refuse("a", "identify", "b is 3 squares from a: .* adjacent tile", target="b")
    lit = Fight(warrior("a", "players", 5, 5), warrior("b", "npcs", 5, 4))
    lit.refuse("a", "identify", "a can see b; there is nothing to identify", target="b")


def test_no_counterattack_into_the_dark_beyond_unarmed_reach() -> None:
    """Seed: those in light "may be targeted ... from characters inside the darkness, but not
    vice versa": a lit poleaxe-wielder who wins against a poleaxe from the dark 2 squares off
    deals nothing (its reach towards the unseen is unarmed reach); 5 against 15 in light
    would have dealt 10 + 5 + 2 = 17."""
    room = {"width": 20, "height": 3, "light": {"level": 0}, "lights": [{"x": 0, "y": 1}]}
    fight = Fight(
        warrior("a", "npcs", 12, 1, weapons=[POLEAXE], race={"dark_vision": True}),
        warrior("b", "players", 10, 1, weapons=[POLEAXE]),
        map=room,
        dice=[5, 15],
    )
    fight.act("a", "attack", target="b")
    assert fight.exchange().winner == "defender"
    assert fight.damage() == []


def test_tactics_leave_a_cueless_blind_npc_to_the_table() -> None:
    """Seed: "When a Blind NPC moves, unless they are moving toward a sound or other queue,
    the GM will roll 1d20"; "if there is a light in the distance ... they may use that light
    to orient themselves": with every foe in the dark the orc's move is the table's; with its
    foe in a torch's light it heads for it."""
    dark = _dark(warrior("orc", "npcs", 5, 5), warrior("b", "players", 5, 1))
    assert RULESET.suggest(dark.state) == Move(actor="orc")
    lit = {**DARK, "lights": [{"x": 0, "y": 0}]}
    cued = _dark(warrior("orc", "npcs", 11, 11), warrior("b", "players", 5, 1), map=lit)
    assert RULESET.suggest(cued.state) == Move(actor="orc", distance=5, direction="forward_left")


def test_option_diagonal_alternate_shortens_a_blind_diagonal() -> None:
    """Seed: "they may only declare the intended distance & one of 8 directions" within "the
    distance associated with their race" (B39). On a move of 3, facing n, a Blind step
    forward_right runs diagonally: 3 tiles by default, but with `diagonal: alternate` 3
    diagonals cost 4, so 2 at most; a straight way stays 3."""
    fight = _dark(
        warrior("a", "players", 5, 5, race={"move": 3}),
        warrior("b", "npcs", 11, 11),
        options={"diagonal": "alternate"},
    )
    fight.refuse(
        "a",
        "move",
        "distance 3: a move goes 1 to 2 tiles that way",
        distance=3,
        direction="forward_right",
    )
    fight.act("a", "move", distance=2, direction="forward_right")
    assert fight.get("a").tile == (7, 3)
    fight.act("a", "move", distance=3, direction="forward_left")  # it faces ne now: this is n
    assert fight.get("a").tile == (7, 0)


def test_a_wall_crash_counts_cloaks_and_natural_armor_as_blows_do() -> None:
    """Seed: "This damage does not ignore armor", and armor is the "armor bonus" every blow
    counts: worn T1, a T1 cloak and the race's natural armor 1 (B12, B34) take 3 off the 5
    tiles intended: 2 damage (worn armor alone would have left 4)."""
    fight = _dark(
        warrior(
            "a",
            "players",
            5,
            5,
            armor={"tier": 1},
            cloaks=[{"tier": 1}],
            race={"natural_armor": 1},
        ),
        warrior("b", "npcs", 10, 10),
        map=WALLED,
    )
    fight.act("a", "move", distance=5, direction="forward")
    assert fight.events(Crashed)[0].tile == (5, 0)
    assert fight.damage() == [("a", 2, 28)]
