"""What a refusal may tell a player, and an enemy one has not found at distance 0 (P52), and
grappling in the dark (P54)."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.events import DiceRolled
from fracas.rulesets.pools.events import Gripped
from tests.rulesets.pools.helpers import HIT, MISS, Fight, soldier

GRASS = {"cover": [{"distance": 2, "rating": "weak"}]}
ROOK = [{"target": "rook"}]


def crowded(**kw: Any) -> Fight:
    """ada and crow, hidden from her in the grass, share distance 2; rook stands at 5."""
    return Fight(
        soldier("ada", "a", 2, gear=[{"id": "flare", "charges": 1}]),
        soldier("crow", "b", 2, hidden=True),
        soldier("rook", "b", 5),
        map=GRASS,
        **kw,
    )


def test_an_enemy_one_has_not_found_does_not_stop_a_shot() -> None:
    """ "You cannot perform ranged attacks if there are enemies within distance 0": P52
    reads the enemies one knows are there; crow, unnoticed in the grass beside ada, does not
    stop her shot at rook (2 dice, 1 success: 1 hit of 3)."""
    fight = crowded(dice=[HIT, MISS])
    fight.act("ada", "shoot", weapon="rifle", targets=ROOK)
    assert fight.damage() == [("rook", 3, 7)]


def test_the_any_reading_refuses_without_naming_the_hidden_enemy() -> None:
    """`close_enemy_blocks: any`: any enemy at distance 0 stops the shot; the refusal says
    one is there (that is the reading) but not who."""
    fight = crowded(options={"close_enemy_blocks": "any"})
    error = fight.refuse(
        "ada", "shoot", "an enemy it has not found is at distance 0", weapon="rifle", targets=ROOK
    )
    assert "crow" not in str(error)


FORMS: list[tuple[str, dict[str, Any]]] = [
    ("attack", {"target": "{}"}),
    ("shoot", {"weapon": "rifle", "targets": [{"target": "{}"}]}),
    ("grapple", {"target": "{}"}),
    ("mount", {"target": "{}"}),
    ("use", {"item": "flare", "target": "{}"}),
    ("ambush", {"targets": ["{}"]}),
    ("trigger", {"when": {"event": "moves", "who": "{}"}, "then": {"do": "take_cover"}}),
    (
        "trigger",
        {"when": {"event": "moves"}, "then": {"do": "attack", "target": "{}"}},
    ),
]


def _naming(fields: dict[str, Any], name: str) -> dict[str, Any]:
    def fill(value: Any) -> Any:
        if value == "{}":
            return name
        if isinstance(value, dict):
            return {k: fill(v) for k, v in value.items()}
        if isinstance(value, list):
            return [fill(v) for v in value]
        return value

    return fill(fields)  # type: ignore[no-any-return]


@pytest.mark.parametrize(("do", "fields"), FORMS)
def test_naming_an_enemy_one_is_unaware_of_is_refused_as_naming_nobody(
    do: str, fields: dict[str, Any]
) -> None:
    """ "If you succeed, the opponent is not aware of your presence": a player whose
    combatant is entirely unaware of crow learns nothing from naming it; the refusal is word
    for word the one a name of nobody gets, and lists only whom ada knows of."""
    fight = crowded()
    hidden = str(fight.refuse("ada", do, "there is no combatant", **_naming(fields, "crow")))
    nobody = str(fight.refuse("ada", do, "there is no combatant", **_naming(fields, "ghost")))
    assert hidden.replace("crow", "X", 1) == nobody.replace("ghost", "X", 1)
    assert nobody.endswith("combatants: ada, rook")


def test_grappling_someone_one_hides_from_is_an_ambush() -> None:
    """ "If you try to do something to someone you are hiding from ... this is considered
    an ambush": a grab from hiding must be sprung as one first."""
    fight = Fight(soldier("ada", "a", 2, hidden=True), soldier("rook", "b", 2), map=GRASS)
    fight.refuse("ada", "grapple", "acting on it is an ambush; spring it first", target="rook")


@pytest.mark.parametrize(
    ("blind", "dice", "reasons"),
    [
        (False, [HIT, HIT, MISS, MISS, MISS, MISS], ["grapple: ada", "grapple: rook"]),
        (True, [HIT, MISS, MISS], ["grapple: ada, unseen target", "grapple: rook"]),
    ],
)
def test_grappling_in_the_dark(blind: bool, dice: list[int], reasons: list[str]) -> None:
    """ "If you cannot see a target directly due to darkness ... you may roll to attack, but
    may only roll 1 die, and only obtain success on a 6 or higher." P54: a grapple is a
    contest of Strength, not an attack, so by default ada rolls her 4 dice (3 + the
    difference 1) in the dark; `blind_grapple: true` makes the grab the one die on 6."""
    fight = Fight(
        soldier("ada", "a", 2, strength=3),
        soldier("rook", "b", 2, strength=2),
        map={"light": "dark"},
        options={"blind_grapple": blind},
        dice=dice,
    )
    fight.act("ada", "grapple", target="rook")
    assert [e.reason for e in fight.events(DiceRolled)] == reasons
    assert [e.target for e in fight.events(Gripped)] == ["rook"]
    assert fight.dice_left == 0
