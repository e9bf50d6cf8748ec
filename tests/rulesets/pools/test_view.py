"""GM-only information under `pools` (who hides from whom, traps) and how a scenario starts
someone hidden or with traps laid; refusals of bad `hidden` and `traps` entries."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.errors import ScenarioError
from fracas.rulesets.pools import RULESET
from fracas.rulesets.pools.view import GM, shows
from fracas.scenario import parse_scenario
from tests.rulesets.pools.helpers import HIT, MISS, Fight, scenario, soldier

GRASS = {"cover": [{"distance": 2, "rating": "weak"}]}
TRAP = {"distance": 4, "kind": "killing", "hiding": 2, "damage": 3}


def ambush_ready() -> Fight:
    return Fight(
        soldier("ada", "a", 2, hidden=True, traps=[TRAP]),
        soldier("bo", "a", 8),
        soldier("rook", "b", 5),
        map=GRASS,
        dice=[MISS, HIT],
    )


def ids(seen: dict[str, Any]) -> list[str]:
    return [c["id"] for c in seen["combatants"]]


def test_the_gm_sees_who_hides_and_every_trap() -> None:
    seen = RULESET.view(ambush_ready().state, GM)
    assert ids(seen) == ["ada", "bo", "rook"]
    assert seen["gm"]["hiding"] == [{"id": "ada", "hidden_from": ["rook"]}]
    assert [t["id"] for t in seen["gm"]["traps"]] == ["ada-trap-1"]
    assert seen["combatants"][0]["state"]["hidden_from"] == ["rook"]


def test_a_player_does_not_see_who_hides_from_it_nor_their_traps() -> None:
    rook = RULESET.view(ambush_ready().state, "rook")
    assert ids(rook) == ["bo", "rook"]
    assert rook["gm"] == {"hiding": [], "traps": []}
    bo = RULESET.view(ambush_ready().state, "bo")
    assert ids(bo) == ["ada", "bo", "rook"]
    assert bo["gm"]["hiding"] == [{"id": "ada", "hidden_from": ["rook"]}]


def test_the_secret_checks_and_the_hiders_moves_reach_only_the_gm_and_its_side() -> None:
    """ada steps into the open before rook's eyes: a spotting check it wins (1 against 0)."""
    fight = Fight(
        soldier("ada", "a", 2, hidden=True),
        soldier("rook", "b", 5),
        map=GRASS,
        dice=[HIT, MISS],
    )
    events = fight.act("ada", "move", to=3)
    state = fight.state
    for_rook = [e.kind for e in events if shows(state, e, "rook")]
    for_gm = [e.kind for e in events if RULESET.shows(state, e, GM)]
    assert for_rook == []
    assert for_gm == ["action_spent", "moved", "dice_rolled", "dice_rolled", "contested"]


def test_an_enemy_trap_shows_once_spotted() -> None:
    fight = Fight(
        soldier("rook", "b", 5, intelligence=2),
        soldier("ada", "a", 0, traps=[TRAP]),
        dice=[HIT, HIT],
    )
    fight.act("rook", "move", to=4)
    assert [t["id"] for t in RULESET.view(fight.state, "rook")["gm"]["traps"]] == ["ada-trap-1"]


def refused(match: str, *combatants: dict[str, Any]) -> None:
    with pytest.raises(ScenarioError, match=match):
        RULESET.setup(parse_scenario(scenario(*combatants)))


def test_hidden_names_enemies_only() -> None:
    refused(
        r"combatants\[0\]\.hidden: 'bo' is not an enemy of ada; give true, false or enemy "
        r"ids \(rook\)",
        soldier("ada", "a", 2, hidden=["bo"]),
        soldier("bo", "a", 2),
        soldier("rook", "b", 5),
    )


def test_a_trap_entry_names_its_field_and_what_is_accepted() -> None:
    refused(
        r"combatants\[0\]\.traps\[0\]\.kind: .*'killing' or 'incapacitating'",
        soldier("ada", "a", 2, traps=[{**TRAP, "kind": "stunning"}]),
        soldier("rook", "b", 5),
    )
    refused(
        r"combatants\[0\]\.traps\[0\]\.hiding: .*less than or equal to 20",
        soldier("ada", "a", 2, traps=[{**TRAP, "hiding": 21}]),
        soldier("rook", "b", 5),
    )


def test_starting_hidden_from_some_enemies_only() -> None:
    """`hidden: [ids]`: those enemies are entirely unaware; the others found it where it
    starts (P24)."""
    fight = Fight(
        soldier("ada", "a", 2, hidden=["crow"]),
        soldier("rook", "b", 5),
        soldier("crow", "b", 6),
        map=GRASS,
    )
    ada = fight.get("ada")
    assert (ada.hidden_from, ada.unnoticed_by, ada.located_at) == (
        ("crow",),
        ("crow",),
        (("rook", 2, True),),
    )
