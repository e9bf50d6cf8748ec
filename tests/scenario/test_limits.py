"""The scenario-level bounds and types every ruleset shares (docs/scenario-format.md,
"Limits"): sizes that would hang a run, booleans posing as numbers, the GM's reserved id."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from fracas.core.errors import FracasError, ScenarioError
from fracas.rulesets.lines import RULESET as LINES
from fracas.rulesets.nwo import RULESET as NWO
from fracas.scenario import MAX_COMBATANTS, MAX_ROUNDS, load_scenario, parse_scenario
from tests.engine.fixtures import duel
from tests.rulesets.nwo.core_helpers import op, scenario


def refused(data: dict[str, Any], match: str) -> None:
    with pytest.raises(ScenarioError, match=match):
        parse_scenario(data)


def test_ten_thousand_combatants_are_refused_by_the_documented_cap() -> None:
    data = duel()
    rook = data["combatants"][1]
    data["combatants"] += [{**rook, "id": f"r{n}"} for n in range(10_000)]
    refused(data, f"combatants: at most {MAX_COMBATANTS} combatants, not 10002")
    assert MAX_COMBATANTS == 200


def test_the_cap_itself_is_accepted() -> None:
    data = duel()
    rook = data["combatants"][1]
    data["combatants"] += [{**rook, "id": f"r{n}"} for n in range(MAX_COMBATANTS - 2)]
    data["order"] = [c["id"] for c in data["combatants"]]
    assert len(LINES.setup(parse_scenario(data)).combatants) == MAX_COMBATANTS


def test_a_billion_rounds_of_autoplay_are_refused() -> None:
    refused(duel(autoplay={"max_rounds": 10**9}), f"autoplay.max_rounds: .* {MAX_ROUNDS}")
    assert MAX_ROUNDS == 1000
    assert parse_scenario(duel(autoplay={"max_rounds": MAX_ROUNDS})).autoplay_rounds == 1000


@pytest.mark.parametrize(
    ("change", "place"),
    [
        ({"seed": True}, "seed"),
        ({"dice": [6, False]}, r"dice\[1\]"),
        ({"autoplay": {"max_rounds": True}}, "autoplay.max_rounds"),
    ],
)
def test_booleans_are_not_numbers_at_the_top(change: dict[str, Any], place: str) -> None:
    """YAML reads `yes`/`true` as a boolean, which Python would count as 1."""
    written = "false" if False in change.get("dice", []) else "true"
    refused(duel(**change), f"{place}: expected a whole number, not {written}")


def test_booleans_are_not_numbers_in_a_combatant() -> None:
    data = duel()
    data["combatants"][0]["hp"] = True
    refused(data, r"combatants\[0\].hp: expected a whole number, not true")
    data = duel()
    data["combatants"][1]["stats"]["dexterity"] = True
    refused(data, r"combatants\[1\].stats.dexterity: expected a whole number, not true")


def test_booleans_are_not_numbers_in_a_sheet() -> None:
    data = duel()
    data["combatants"][0]["position"] = {"line": True}
    with pytest.raises(
        ScenarioError, match=r"combatants\[0\].position.line: expected a whole number, not true"
    ):
        LINES.setup(parse_scenario(data))
    nwo = scenario(op("ada", "crew", 0, 0, skills={"aiming": True}), op("rex", "gang", 3, 3))
    with pytest.raises(
        ScenarioError, match=r"combatants\[0\].skills.aiming: expected a whole number, not true"
    ):
        NWO.setup(parse_scenario(nwo))
    nwo = scenario(op("ada", "crew", 0, 0), op("rex", "gang", 3, 3), walls=[(True, 2)])
    with pytest.raises(
        ScenarioError, match=r"map.walls\[0\]\[0\]: expected a whole number, not true"
    ):
        NWO.setup(parse_scenario(nwo))


def test_booleans_are_not_numbers_in_an_action() -> None:
    with pytest.raises(ScenarioError, match=r"move\.to: expected a whole number, not true"):
        LINES.parse_action({"actor": "ada", "do": "move", "to": True})
    with pytest.raises(ScenarioError, match=r"override\.hp: expected a whole number, not true"):
        LINES.parse_action({"actor": "gm", "do": "override", "target": "ada", "hp": True})
    with pytest.raises(ScenarioError, match=r"move.to\[0\]: expected a whole number, not true"):
        NWO.parse_action({"actor": "ada", "do": "move", "to": [True, 2]})


def test_the_id_gm_is_reserved_for_the_game_master() -> None:
    """`actor: gm` means the game master's override; a combatant by that name could not act."""
    data = duel(order=["ada", "gm"])
    data["combatants"][1]["id"] = "gm"
    refused(data, r"combatants\[1\].id: 'gm' is reserved for the game master's overrides")


def test_a_combatant_named_gm_is_refused_in_one_line_naming_the_file_and_the_ids_accepted(
    tmp_path: Path,
) -> None:
    """The web table seats the GM as `gm` (store links of role "gm", web/seat.py refuses a
    player acting as `gm`), so a combatant by that id is refused when the file is read, in
    one FracasError naming the file, the combatant and the ids that would do."""
    data = duel()
    data["combatants"][1]["id"] = "gm"
    path = tmp_path / "gm.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(FracasError) as refusal:
        load_scenario(path)
    assert str(refusal.value) == (
        f"{path}: combatants[1].id: 'gm' is reserved for the game master's overrides and its "
        "seat at the web table; pick another id: lowercase letters, digits, _ and -, "
        "anything but 'gm'"
    )


def test_numeric_options_are_strict_and_bounded() -> None:
    """An option number is a number too, kept within what a sheet could reach."""
    for ruleset, data, name, top in (
        (LINES, duel(), "hp_per_constitution", 10),
        (NWO, scenario(op("ada", "crew", 0, 0), op("rex", "gang", 3, 3)), "default_hp", 100),
    ):
        with pytest.raises(
            ScenarioError, match=rf"options.{name}: expected a whole number, not true"
        ):
            ruleset.setup(parse_scenario({**data, "options": {name: True}}))
        with pytest.raises(ScenarioError, match=rf"options.{name}: .*less than or equal to {top}"):
            ruleset.setup(parse_scenario({**data, "options": {name: top + 1}}))
