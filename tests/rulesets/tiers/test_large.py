"""Large creatures (B21, TIERS-11): a `size: {width, length}` body on the map, reached in
melee at its nearest tile, moving and turning as one, with its shield arc from the centre line
as the seed's 3x5 draconic diagram draws it.

The drake of these tests is the diagram's creature: 3 tiles wide, 5 long, facing north, its
front-left tile (its `position`) at (5, 3), so its body is x 5-7, y 3-7 and its centre line the
row y = 5.
"""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.actions import EndTurn
from fracas.core.errors import ScenarioError
from fracas.rulesets.tiers import RULESET
from fracas.rulesets.tiers.actions import Face
from fracas.rulesets.tiers.rules.common import body, standing
from fracas.runner import run_scenario
from fracas.scenario import parse_scenario
from tests.rulesets.tiers.helpers import BOW, Fight, scenario, warrior

Tile = tuple[int, int]

DIAGRAM = (
    "#####",
    "#DDD#",
    "#DDD#",
    "#DDD#",
    "-DDD-",
    "-DDD-",
    "-----",
)
"""The seed's diagram, one character a tile: "####" where the shield cover functions, "DDDD"
the 3x5 draconic creature, "—–" where the shield does not offer protection. Its top-left
corner is (4, 2) on the test map."""


def _diagram(mark: str) -> set[Tile]:
    return {
        (4 + col, 2 + row)
        for row, line in enumerate(DIAGRAM)
        for col, char in enumerate(line)
        if char == mark
    }


COVERED, BARE, BODY = _diagram("#"), _diagram("-"), _diagram("D")


def drake(x: int = 5, y: int = 3, facing: str = "n", **extra: Any) -> dict[str, Any]:
    """The 3x5 drake: Body 8, claws T4 (natural weapon, reach 1), a T3 shield, 100 HP, move 4."""
    fields: dict[str, Any] = {
        "weapons": [],
        "hp": 100,
        "body": 8,
        "race": {"natural_weapon": 4, "move": 4},
        "shield": {"tier": 3},
        "size": {"width": 3, "length": 5},
    }
    fields.update(extra)
    return warrior("drake", "wyrm", x, y, facing=facing, **fields)


def test_the_diagram_as_transcribed() -> None:
    """The transcription holds the seed's counts: 15 body tiles, 11 covered, 9 not."""
    assert (len(BODY), len(COVERED), len(BARE)) == (15, 11, 9)


def test_a_large_creature_takes_width_by_length_tiles() -> None:
    """B21: `size: {width: 3, length: 5}` facing n from its front-left tile (5, 3) takes the
    diagram's 15 "D" tiles, every one of them the drake's square ("Only 1 character is allowed
    to take up a square at any time")."""
    fight = Fight(drake(), warrior("knight", "knights", 0, 0))
    assert body(fight.get("drake")) == BODY
    taken = standing(fight.state)
    assert {t for t, who in taken.items() if who == "drake"} == BODY
    assert fight.state.get("drake").position_json()["size"] == {"width": 3, "length": 5}


@pytest.mark.parametrize(
    ("drake_at", "knight_at", "match"),
    [
        ((5, 3), (6, 6), r"combatants\[1\]\.position: \(6, 6\) is taken by drake"),
        ((5, 9), (0, 0), r"combatants\[0\]\.position: \(5, 12\) is a wall, terrain or off"),
    ],
)
def test_nobody_starts_on_a_large_body_nor_does_it_leave_the_map(
    drake_at: Tile, knight_at: Tile, match: str
) -> None:
    """A knight listed after the drake cannot start on its body; a drake whose front-left tile
    is (5, 9) would reach y = 13 on a 12x12 map (the first tile off it is named)."""
    data = scenario(drake(*drake_at), warrior("knight", "knights", *knight_at))
    with pytest.raises(ScenarioError, match=match):
        RULESET.setup(parse_scenario(data))


def test_a_large_body_cannot_start_over_a_wall() -> None:
    walls = {"width": 12, "height": 12, "walls": [[7, 7]]}
    data = scenario(drake(), warrior("knight", "knights", 0, 0), map=walls)
    with pytest.raises(ScenarioError, match=r"position: \(7, 7\) is a wall"):
        RULESET.setup(parse_scenario(data))


def test_a_large_body_faces_a_straight_direction() -> None:
    """B21: a body of several tiles lies along the grid's rows, so it faces n, e, s or w."""
    with pytest.raises(ScenarioError, match="body faces n, e, s or w, not 'ne'"):
        RULESET.setup(parse_scenario(scenario(drake(facing="ne"), warrior("k", "k", 0, 0))))


def _struck_from(tile: Tile) -> Fight:
    """A knight (Body 5, T3 sword) on `tile` strikes the drake: the knight's d20 rolls 15, the
    drake's 5, so the knight wins by 10."""
    fight = Fight(warrior("knight", "knights", *tile), drake(), dice=[15, 5])
    fight.act("knight", "attack", target="drake")
    return fight


@pytest.mark.parametrize("tile", sorted(COVERED))
def test_the_drakes_shield_covers_the_diagrams_hashes(tile: Tile) -> None:
    """Seed: "The front arc that a shield protects for large creatures includes all tiles from
    it's center-line forward ... The “####” represent where the shield cover functions".
    "Melee damage = (roll difference + body + weapon bonus) – (armor bonus)" with the shield's
    Tier: 10 + 5 + 3 - 3 = 15 of the drake's 100, from each of the 11 covered tiles."""
    assert _struck_from(tile).damage() == [("drake", 15, 85)]


@pytest.mark.parametrize("tile", sorted(BARE))
def test_the_drakes_shield_does_not_cover_the_diagrams_dashes(tile: Tile) -> None:
    """Seed: "The “—–” represent where the shield does not offer protection": from each of the
    9 tiles beside the last two rows and behind, 10 + 5 + 3 = 18, no shield."""
    assert _struck_from(tile).damage() == [("drake", 18, 82)]


def test_melee_reaches_a_large_creature_at_its_nearest_tile() -> None:
    """Seed: "If a character wishes to attack another in melee range (generally 1 square) they
    need to be next to that character": next to any tile of the body. From (9, 5) the nearest
    tile, (7, 5), is 2 squares away, beyond a sword's reach 1, though the drake's front-left
    tile is farther still."""
    fight = Fight(warrior("knight", "knights", 9, 5), drake(), dice=[])
    fight.refuse("knight", "attack", r"drake is 2 squares away", target="drake")


def test_a_large_creature_counterattacks_from_its_nearest_tile() -> None:
    """Seed: "If they are in melee range & wielding a melee weapon, they will counterattack
    using the roll difference"; natural weapons deal "[roll difference] + Body Stat + (natural
    weapon bonus)". The knight at (8, 7), beside the drake's last row, rolls 5 against 15: the
    drake's claws answer from (7, 7) for 10 + 8 + 4 = 22 of the knight's 30."""
    fight = Fight(warrior("knight", "knights", 8, 7), drake(), dice=[5, 15])
    fight.act("knight", "attack", target="drake")
    assert fight.damage() == [("knight", 22, 8)]


def test_an_arrow_aims_at_the_nearest_tile_and_the_rest_of_the_body_hides_nothing() -> None:
    """An archer at (6, 11) looses at the drake's rear tile (6, 7), 4 squares off, behind the
    centre line: "Bow damage = (roll difference + weapon bonus) – (armor bonus)", 10 + 4 = 14,
    no shield. The drake's own tiles beside (6, 7) do not count as cover for itself."""
    fight = Fight(warrior("archer", "knights", 6, 11, weapons=[BOW]), drake(), dice=[15, 5])
    fight.act("archer", "attack", target="drake")
    assert fight.damage() == [("drake", 14, 86)]


def test_a_large_creature_moves_as_a_body() -> None:
    """B21: the whole body steps together. The drake (move 4) brings its front-left tile from
    (5, 3) to (5, 1): its body is then x 5-7, y 1-5, and its old rear rows are free."""
    fight = Fight(drake(), warrior("knight", "knights", 0, 11))
    fight.act("drake", "move", to={"x": 5, "y": 1})
    assert body(fight.get("drake")) == {(x, y) for x in range(5, 8) for y in range(1, 6)}
    assert (6, 7) not in standing(fight.state)


def test_a_large_body_cannot_move_onto_a_character_or_a_wall() -> None:
    """Seed: "No character may move through occupied squares (& terrain)". West by 3 would lay
    the drake over the knight at (3, 5); north by 3 over the wall at (6, 1); and the knight
    cannot step onto the drake's body."""
    fight = Fight(
        drake(),
        warrior("knight", "knights", 3, 5),
        map={"width": 12, "height": 12, "walls": [[6, 1]]},
    )
    fight.refuse("drake", "move", r"3x5 body cannot be brought to \(2, 3\)", to={"x": 2, "y": 3})
    fight.refuse("drake", "move", r"cannot be brought to \(5, 0\)", to={"x": 5, "y": 0})
    fight.end("drake")
    fight.refuse("knight", "move", r"\(5, 5\) is taken by drake", to={"x": 5, "y": 5})


@pytest.mark.parametrize(("gap", "passes"), [((3, 4, 5), True), ((4, 5), False)])
def test_a_large_body_passes_no_gap_narrower_than_itself(
    gap: tuple[int, ...], passes: bool
) -> None:
    """The drake faces east from (8, 3): its width runs south (y 3-5), its length west (x
    4-8). A wall along x = 9 is open at `gap`: 3 tiles let its head through to (10, 3), every
    tile of it stepping east; 2 do not, while a one-tile knight walks through 2."""
    walls = [[9, y] for y in range(12) if y not in gap]
    fight = Fight(
        drake(8, 3, facing="e"),
        warrior("knight", "knights", 8, 9),
        map={"width": 12, "height": 12, "walls": walls},
    )
    assert body(fight.get("drake")) == {(x, y) for x in range(4, 9) for y in range(3, 6)}
    if passes:
        fight.act("drake", "move", to={"x": 10, "y": 3})
        assert body(fight.get("drake")) == {(x, y) for x in range(6, 11) for y in range(3, 6)}
    else:
        fight.refuse("drake", "move", r"cannot be brought to \(10, 3\)", to={"x": 10, "y": 3})
        fight.end("drake")
        fight.act("knight", "move", to={"x": 10, "y": 5})


def test_a_large_body_turns_about_its_front_left_tile() -> None:
    """B21: facing e from (5, 3), the body swings to x 1-5, y 3-5. A knight on (2, 4) stands in
    the way of that turn; diagonal facings and a facing kept on a target are refused."""
    fight = Fight(drake(), warrior("knight", "knights", 2, 4))
    fight.refuse("drake", "face", r"cannot turn e: its body would take \(2, 4\)", facing="e")
    fight.refuse("drake", "face", "faces n, e, s or w", facing="ne")
    fight.refuse("drake", "face", "nor keep a target in front", target="knight")
    fight.act("drake", "face", facing="w")
    assert body(fight.get("drake")) == {(x, y) for x in range(5, 10) for y in range(1, 4)}


def test_the_tactics_play_a_fight_with_a_large_creature_to_its_end() -> None:
    """Autoplay with the drake and two knights ends every one of 40 seeded fights with an
    outcome: the tactics walk the body, turn it straight and strike at the nearest tile."""
    data = scenario(
        drake(),
        warrior("knight", "knights", 0, 11, skills={"main_hand": 3}),
        warrior("squire", "knights", 11, 11, skills={"main_hand": 2}),
    )
    del data["dice"]
    spec = parse_scenario({**data, "autoplay": True})
    stalled = [seed for seed in range(40) if run_scenario(spec, seed).stopped != "outcome"]
    assert stalled == []


def test_a_large_attackers_blow_meets_the_shield_from_its_nearest_tile() -> None:
    """The drake's claws strike a knight (T2 shield, facing n) at (6, 1): the drake's nearest
    tile, (6, 3), is 2 squares south, behind the knight's centre line, so no shield; facing
    s, the same blow comes from the front. 10 + 8 + 4 = 22, less the T2 shield: 20."""
    for facing, dealt in (("n", 22), ("s", 20)):
        fight = Fight(
            drake(race={"natural_weapon": 4, "move": 4, "natural_reach": 2}),
            warrior("knight", "knights", 6, 1, facing=facing, shield={"tier": 2}),
            dice=[15, 5],
        )
        fight.act("drake", "attack", target="knight", weapon="unarmed")
        assert fight.damage() == [("knight", dealt, 30 - dealt)]


def test_one_fallen_large_body_makes_any_of_its_tiles_terrain() -> None:
    """Seed: "the GM may declare that a space is occupied with enough bodies (or in the case of
    large races, one body) to have that square designated as terrain". The drake (5 HP) falls
    to the knight's 18; it lies on all 15 tiles, so the GM may make (7, 7), its rear corner,
    terrain on that one body, and nobody may step there after. The whelp keeps the fight on."""
    fight = Fight(
        warrior("knight", "knights", 8, 8),
        drake(hp=5),
        warrior("whelp", "wyrm", 0, 0),  # so the fight goes on
        dice=[15, 5],
    )
    fight.act("knight", "attack", target="drake")
    assert not fight.get("drake").is_active
    fight.act("gm", "make_terrain", at={"x": 7, "y": 7})
    fight.refuse("knight", "move", "is a wall or terrain", to={"x": 7, "y": 7})


def test_climbing_a_large_body_is_refused_as_the_gms_call() -> None:
    """Climbing a body is the GM's call (B55): refused, not played as if it took one tile."""
    fight = Fight(drake(), warrior("knight", "knights", 0, 0))
    fight.refuse(
        "drake", "climb", "whether a body that size can climb is the GM.s call", direction="up"
    )


def _turns_once_at_most(fight: Fight) -> bool:
    """With the drake's two actions spent (on `reserve` and `unequip_shield`), whether the
    tactics turn it once at most and then end its turn; raises if they turn it twice."""
    fight.act("drake", "reserve")
    fight.act("drake", "unequip_shield")
    wish = RULESET.suggest(fight.state)
    turned = isinstance(wish, Face)
    if turned:
        fight.encounter.act(wish)
        wish = RULESET.suggest(fight.state)
    assert isinstance(wish, EndTurn), wish
    return turned


def test_the_tactics_turn_a_large_body_at_most_once_a_turn() -> None:
    """A `face` is free, and a body turns about its front-left tile, so which of its tiles is
    nearest, and which foe, change with the turn: the tactics once turned a drake n toward
    the knight nearest it facing w, then w toward the one nearest it facing n, and so on
    without end (autoplay never finished one fight of the drake's lair). Now they judge each
    facing against every foe by where the body would lie: the drake of that fight turns once
    at most, and so it does wherever one knight stands; some places do ask for a turn."""
    assert not _turns_once_at_most(
        Fight(
            drake(9, 7, facing="w"),
            warrior("mirela", "knights", 8, 5, hp=21),
            warrior("aldis", "knights", 8, 9, hp=31),
            warrior("corvin", "knights", 12, 4, hp=30),
            map={"width": 16, "height": 12},
        )
    )
    turned = 0
    for x in range(16):
        for y in range(12):
            try:
                fight = Fight(
                    drake(9, 7, facing="w"),
                    warrior("knight", "knights", x, y),
                    map={"width": 16, "height": 12},
                )
            except ScenarioError:
                continue  # the knight would stand on the drake
            turned += _turns_once_at_most(fight)
    assert turned > 0
