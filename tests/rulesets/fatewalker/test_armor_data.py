"""The seed's armor and energy-shield tables as data (Armor, newest revision, L3-97), chosen
on the sheet by id; inline armor stays possible."""

from __future__ import annotations

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.fatewalker.catalog import armor_table, energy_shield_table
from tests.rulesets.fatewalker.helpers import Fight, walker

ERAS = {"primitive": 8, "21st-century": 4, "1st-republic": 4, "2nd-republic": 8}


def test_every_row_of_every_era_is_loaded() -> None:
    """L10-83: eight primitive rows, four of the 21st century, four 1st Republic rows
    besides the Plasteel modifier, eight of the 2nd Republic; each primitive row also exists
    in plasteel."""
    table = armor_table()
    primitive = [k for k, r in table.items() if r.era == "primitive"]
    variants = [f"plasteel-{k}" for k in primitive]
    rows = [r for k, r in table.items() if k not in variants]
    assert {era: sum(r.era == era for r in rows) for era in ERAS} == ERAS
    assert all(table[v].era == "1st-republic" for v in variants)


@pytest.mark.parametrize(
    ("key", "absorb", "pse", "under_shield"),
    [
        ("padded-cloth", 0, (1, 0, 1), True),  # L15
        ("chain", 1, (4, 1, 2), False),  # L23
        ("polymer-knit-vest", 1, (1, 3, 1), True),  # L36
        ("full-plasteel-encounter", 5, (4, 6, 4), False),  # L59
        ("synth-ballistic-vest", 2, (3, 4, 2), True),  # L70
        ("ceramsteel-power", 8, (8, 8, 8), False),  # L82
    ],
)
def test_rows_read_as_printed(
    key: str, absorb: int, pse: tuple[int, int, int], under_shield: bool
) -> None:
    """L13: "Absorb !! Deflection (P/S/E) !! Special": the numbers of the row, and whether
    its Special says it "Functions under a shield"."""
    row = armor_table()[key]
    d = row.deflection
    assert (row.absorb, (d.physical, d.slug, d.energy), row.under_shield) == (
        absorb,
        pse,
        under_shield,
    )


def test_plasteel_modifies_a_primitive_row() -> None:
    """L51: "Plasteel Infantry Armor || 5 || +100% || - || +1 || -/+1/+1 || (use primitive
    armor stats)": Chain Armor (13, Absorb 1, 4/1/2) becomes 26, Absorb 2, 4/2/3, TL 5."""
    row = armor_table()["plasteel-chain"]
    d = row.deflection
    assert (row.cost, row.absorb, (d.physical, d.slug, d.energy), row.tech_level) == (
        26,
        2,
        (4, 2, 3),
        5,
    )
    assert row.encumbrance == armor_table()["chain"].encumbrance


def test_energy_shields_read_as_printed() -> None:
    """L88-96: "Min Activation !! Max Absorb !! Recharge !! Energy Reserve"."""
    table = energy_shield_table()
    assert [(s.min_activation, s.max_absorb, s.recharge, s.reserve) for s in table.values()] == [
        (6, 20, 1, 7),
        (6, 20, 1, 5),
        (8, 30, 2, 10),
        (9, 40, 3, 20),
    ]


def test_a_sheet_names_its_armor_and_shield_by_id() -> None:
    fight = Fight(
        walker("ada", "a", armor="synthsilk", energy_shield="duelling"),
        walker("bo", "b", x=1, armor={"absorb": 2, "deflection": {"physical": 3}}),
    )
    ada, bo = fight.get("ada"), fight.get("bo")
    assert ada.armor is not None and ada.armor.deflection.energy == 2
    assert ada.energy_shield is not None and (ada.energy, ada.energy_shield.reserve) == (5, 5)
    assert bo.armor is not None and bo.armor.absorb == 2


def test_an_unknown_id_lists_the_ids() -> None:
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.armor.*no armor 'mail'.*chain"):
        Fight(walker("ada", "a", armor="mail"), walker("bo", "b"))
    with pytest.raises(ScenarioError, match=r"energy_shield.*'personal'.*duelling"):
        Fight(walker("ada", "a", energy_shield="personal"), walker("bo", "b"))


def test_an_energy_shield_goes_only_over_armor_that_functions_under_one() -> None:
    """L1675: energy shields "prevent the use of heavier armors"; the armor rows that may be
    worn with one say "Functions under a shield" (gap 26; option `shield_armor: any`)."""
    with pytest.raises(ScenarioError, match=r"combatants\[0\]\.energy_shield: chain does not"):
        Fight(walker("ada", "a", armor="chain", energy_shield="standard"), walker("bo", "b"))
    fight = Fight(
        walker("ada", "a", armor="chain", energy_shield="standard"),
        walker("bo", "b"),
        options={"shield_armor": "any"},
    )
    assert fight.get("ada").energy == 7


def test_the_tables_ship_in_the_package() -> None:
    """The data are package files (hatch's wheel takes everything under src/fracas)."""
    from importlib.resources import files

    data = files("fracas.rulesets.fatewalker").joinpath("data")
    assert {p.name for p in data.iterdir()} >= {
        "armor.toml",
        "plasteel.toml",
        "energy_shields.toml",
    }
