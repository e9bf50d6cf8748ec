"""The combat area: six lines, mirrored sides, unlimited occupancy, the ambush (C13)."""

from __future__ import annotations

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.lines import RULESET
from fracas.rulesets.lines.fighter import Fighter
from fracas.scenario import parse_scenario

from .helpers import Fight, ada, bob, fighter, raider, scenario


def _lines(*combatants: dict[str, object], layout: str | None = None) -> dict[str, int]:
    state = RULESET.setup(parse_scenario(scenario(*combatants, layout=layout)))
    return {c.id: c.line for c in state.combatants if isinstance(c, Fighter)}


def test_lines_1_six_lines_front_mid_back_mirrored() -> None:
    """ "All fights take place on an area divided into 6 lines - a player's front line, midline,
    and backline mirrored by the ones belonging to enemies" - the first side holds lines 1-3
    (back 1, front 3), the other 4-6 (front 4, back 6); with no position one starts in front."""
    combatants = [
        ada(line=1),
        bob(line=2),
        fighter("cat", "players", None),
        raider(line=None),
        fighter("rook", "raiders", 5),
        fighter("wren", "raiders", 6),
    ]
    assert _lines(*combatants) == {
        "ada": 1,
        "bob": 2,
        "cat": 3,
        "raider": 4,
        "rook": 5,
        "wren": 6,
    }


@pytest.mark.parametrize(
    ("combatants", "message"),
    [
        ((ada(line=4), raider()), "players starts on lines 1-3 in the standard layout, not 4"),
        ((ada(), raider(line=3)), "raiders starts on lines 4-6 in the standard layout, not 3"),
    ],
)
def test_lines_1_standard_layout_keeps_each_side_in_its_own_lines(
    combatants: tuple[dict[str, object], ...], message: str
) -> None:
    """ "a player's front line, midline, and backline mirrored by the ones belonging to enemies
    (unless one of the sides gets ambushed)" - in the standard layout nobody starts in the other
    side's lines."""
    with pytest.raises(ScenarioError, match=message):
        RULESET.setup(parse_scenario(scenario(*combatants)))


def test_c13_ambushed_layout_places_freely() -> None:
    """C13 (and LINES-1 "unless one of the sides gets ambushed"): with `map: {layout:
    ambushed}` the GM places everyone on any line."""
    assert _lines(ada(line=5), raider(line=2), layout="ambushed") == {"ada": 5, "raider": 2}


def test_c13_ambushed_layout_needs_every_position() -> None:
    """C13: in an ambush there is no default front line; each position must be given."""
    with pytest.raises(ScenarioError, match="required in an ambushed layout"):
        RULESET.setup(parse_scenario(scenario(ada(line=None), raider(), layout="ambushed")))


def test_lines_2_a_line_holds_any_number_of_entities() -> None:
    """ "Unless specified, each line can hold any number of entities." Four fighters of both
    sides crowd into line 4."""
    fight = Fight(
        ada(line=4),
        bob(line=4),
        raider(line=4),
        fighter("rook", "raiders", 4),
        layout="ambushed",
        dice=[],
    )
    fight.end("ada", "bob", "raider")
    fight.act("rook", "move", to=3)
    fight.end("rook")
    fight.act("ada", "move", to=3)
    assert {c.id: c.line for c in fight.state.combatants} == {
        "ada": 3,
        "bob": 4,
        "raider": 4,
        "rook": 3,
    }


def test_sheet_refuses_a_stimpack_whose_dice_have_no_maximum() -> None:
    """ "stimpacks ... always heal the maximum amount they can": exploding dice have no
    maximum, so such a card is refused when the scenario is read, not when it is used."""
    stim = {"id": "stim", "kind": "stimpack", "heal": "1d6!", "charges": 1}
    spec = parse_scenario(scenario(ada(gear=[stim]), raider()))
    with pytest.raises(
        ScenarioError,
        match=r"combatants\[0\]\.gear\[0\]: a stimpack heals its maximum, and 1d6! explodes",
    ):
        RULESET.setup(spec)


def test_c8_a_sheet_with_hp_but_no_constitution_takes_the_constitution_hp_implies() -> None:
    """C8: "Constitution (and with it the maximum amount of HP)" ties the two together; a sheet
    that gives only `hp: 12` gets Constitution 12 // 5 = 2; a sheet with neither is refused."""
    lone = fighter("lone", "raiders", 4, hp=12)
    del lone["stats"]["constitution"]
    state = RULESET.setup(parse_scenario(scenario(ada(), lone)))
    made = state.get("lone")
    assert isinstance(made, Fighter)
    assert (made.hp, made.max_hp, made.constitution) == (12, 12, 2)
    del lone["hp"]
    with pytest.raises(ScenarioError, match=r"combatants\[1\]: .*give stats.constitution"):
        RULESET.setup(parse_scenario(scenario(ada(), lone)))
