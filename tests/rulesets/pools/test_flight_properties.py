"""Whatever flyers do, nothing goes below altitude 0 (issue 8's property; seed 004: "Once you
hit the ground — reaching altitude 0 — you take [speed] × 3 damage")."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.core.errors import FracasError
from fracas.rulesets.pools.events import Fell, Moved
from tests.rulesets.pools.helpers import Fight, soldier

CHOICES: list[dict[str, Any]] = [
    {"do": "fly", "up": 1},
    {"do": "fly", "up": -1},
    {"do": "fly", "stop": True},
    {"do": "knock_out"},
    {"do": "nothing"},
]


@settings(max_examples=120, deadline=None)
@given(
    start=st.integers(0, 6),
    mode=st.sampled_from(["falling", "creature"]),
    step=st.sampled_from(["one", "speed"]),
    plays=st.lists(st.sampled_from(range(len(CHOICES))), min_size=1, max_size=25),
)
def test_nothing_goes_below_altitude_zero(
    start: int, mode: str, step: str, plays: list[int]
) -> None:
    fight = Fight(
        soldier("kite", "a", 3, altitude=start, perks=["flight"], speed=2, hp=500),
        soldier("wren", "a", 0),
        soldier("rook", "b", 9),
        options={"fall_speed_mode": mode, "flight_step": step},
    )
    for play in plays:
        for _ in range(3):  # to kite's next turn, or round the table once if it is down
            if fight.state.actor == "kite":
                break
            fight.end(fight.state.actor)
        if fight.state.actor == "kite":
            _play(fight, CHOICES[play])
            fight.end("kite")
        assert all(c.altitude >= 0 for c in fight.state.combatants)
    assert all(e.altitude >= 0 for e in fight.log if isinstance(e, Fell | Moved))


def _play(fight: Fight, choice: dict[str, Any]) -> None:
    kite = fight.get("kite")
    if choice["do"] == "knock_out":
        fight.encounter.act(
            fight.ruleset.parse_action({"actor": "gm", "do": "override", "target": "kite", "hp": 0})
        )
        return
    if choice["do"] == "nothing" or not kite.is_active:
        return
    fields = {"stop": True} if "stop" in choice else {"altitude": kite.altitude + choice["up"]}
    with contextlib.suppress(FracasError):  # below 0, already falling, down: refused
        fight.act("kite", "fly", **fields)
