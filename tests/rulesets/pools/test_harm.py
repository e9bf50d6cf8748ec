"""What HP at 0 and below means (P13: the seed says only that traps leave 0 or push below)."""

from __future__ import annotations

import pytest

from tests.rulesets.pools.helpers import HIT, Fight, soldier


@pytest.mark.parametrize(
    ("hp", "death", "status"),
    [
        (3, "below_zero", "unconscious"),  # 3 - 3 = 0: incapacitated
        (2, "below_zero", "dead"),  # -1
        (2, "negative_max", "unconscious"),
        (1, "negative_max", "dead"),  # -2 <= -1
        (1, "never", "unconscious"),
    ],
)
def test_zero_incapacitates_and_below_zero_kills(hp: int, death: str, status: str) -> None:
    """ "A killing trap can kill its prey, and its damage can push someone into negative HP
    directly. An incapacitating trap will never kill ... Prey is always left at 0 HP." """
    fight = Fight(
        soldier("ada", "a", 0, dexterity=1),
        soldier("rook", "b", 5, hp=hp),
        options={"death": death},
        dice=[HIT],
    )
    fight.act("ada", "shoot", weapon="rifle", targets=[{"target": "rook"}])
    assert fight.get("rook").status == status
    assert fight.state.outcome == "a won"


def test_a_gm_setting_hp_to_zero_incapacitates() -> None:
    fight = Fight(soldier("ada", "a", 0), soldier("rook", "b", 5), soldier("crow", "b", 5))
    fight.act("gm", "override", target="rook", hp=0)
    assert fight.get("rook").status == "unconscious"
