"""Bumps in the dark (rules/blindness.py, TIERS-23, TIERS-24, B32, B53): the pair whose lines
crossed counts as adjacent for the exchanges that follow, a bumped character may re-orient on
the mover's turn, and a sighted mover chooses which Blind lines it crosses as an event.

The scene of most tests, in a pitch-black 12x12 room: b (an NPC, facing west) walks 4 tiles
from (7, 5) to (3, 5); then a (a player, facing north) walks 5 tiles from (5, 7) to (5, 2),
across b's line at (5, 5). They end 3 tiles apart. Dice: an attack rolls the attacker's d20,
then the defender's; a free stealth attack rolls its one d20.
"""

from __future__ import annotations

from typing import Any

import pytest

from fracas.rulesets.tiers.events import Faced, FellShort
from fracas.rulesets.tiers.rules.blindness import Bumped
from tests.rulesets.tiers.helpers import Fight, warrior

DARK = {"width": 12, "height": 12, "light": {"level": 0}}
"""A pitch-black room."""


def _crossing(*more: dict[str, Any], dice: list[int] | None = None, **kw: Any) -> Fight:
    """b's line is on the map and a has walked across it; a's turn goes on."""
    fight = Fight(
        warrior("b", "npcs", 7, 5, facing="w"),
        warrior("a", "players", 5, 7),
        *more,
        map=DARK,
        dice=dice or [],
        **kw,
    )
    fight.act("b", "move", distance=4, direction="forward")
    fight.end("b")
    fight.act("a", "move", distance=5, direction="forward")
    return fight


def test_a_bumped_pair_counts_as_adjacent_for_the_exchanges_that_follow() -> None:
    """Seed: "each time a line is crossed by another, they will have bumped into each other
    while moving. After any exchanges occur, they will continue to their previously declared
    end point" (B32): a, at (5, 2), strikes b, at (3, 5), with its sword (reach 1) as if next
    to it: 15 against 5, 10 + Body 5 + T3 = 18."""
    fight = _crossing(dice=[15, 5])
    assert (fight.get("a").tile, fight.get("b").tile) == ((5, 2), (3, 5))
    assert [(e.mover, e.other, e.how) for e in fight.events(Bumped)] == [("a", "b", "crossed")]
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("b", 18, 12)]


def test_the_bumped_defender_counterattacks_as_if_adjacent() -> None:
    """Seed: "If they are in melee range & wielding a melee weapon, they will counterattack":
    after the bump b's sword reaches a; 5 against 15, b wins by 10: 10 + 5 + 3 = 18 to a."""
    fight = _crossing(dice=[5, 15])
    fight.act("a", "attack", target="b")
    assert fight.damage() == [("a", 18, 12)]


def test_the_one_whose_line_was_crossed_may_strike_back_for_free() -> None:
    """Seed: all others "gain the ability to declare a Stealth bonus attack against them;
    which is a free action" "(even if they are also blind)": on a's turn b uses it on a, whom
    it bumped: 12 + Body 5 + T3 = 20."""
    fight = _crossing(dice=[12])
    fight.act("b", "free_stealth_attack", target="a")
    assert fight.damage() == [("a", 20, 10)]


def test_moving_on_leaves_the_bump_behind() -> None:
    """Seed: "they will continue to their previously declared end point": a bump holds only
    for the exchanges at the crossing; once a walks on (1 tile more, to (5, 1)) b is 4 tiles
    from it again."""
    fight = _crossing()
    fight.act("a", "move", distance=1, direction="forward")
    assert (fight.get("a").bumped, fight.get("b").bumped) == ((), ())
    fight.refuse("b", "free_stealth_attack", r"a is 4 squares away \(5, 1\)", target="a")


def test_the_bump_ends_with_the_turn() -> None:
    """Seed: "at the end of the turn, each character involved in a crossing event that turn":
    the bump is that turn's; on b's next turn a is 3 squares away."""
    fight = _crossing()
    fight.end("a")
    assert fight.get("b").bumped == ()
    fight.refuse("b", "attack", "a is 3 squares away", target="a")


def test_a_bumped_character_may_re_orient_on_the_movers_turn() -> None:
    """Seed: "Then, at the end of the turn, each character involved in a crossing event that
    turn may declare a new end of turn orientation in response to the new event.": b may face
    east on a's turn, after the bump; c, not involved, may not."""
    fight = Fight(
        warrior("b", "npcs", 7, 5, facing="w"),
        warrior("a", "players", 5, 7),
        warrior("c", "npcs", 10, 10),
        map=DARK,
    )
    fight.act("b", "move", distance=4, direction="forward")
    fight.end("b")
    fight.refuse("b", "face", "it is a's turn, not b's", facing="e")
    fight.act("a", "move", distance=5, direction="forward")
    fight.act("b", "face", facing="e")
    assert fight.get("b").facing == "e"
    assert [(e.combatant, e.facing) for e in fight.events(Faced)][-1] == ("b", "e")
    fight.refuse("c", "face", "it is a's turn, not c's", facing="e")


def _sighted(**move: Any) -> Fight:
    """b's Blind line runs from (7, 5) to (3, 5); c, with dark vision and a move of 6, walks
    from (5, 8) to (5, 2), across it."""
    fight = Fight(
        warrior("b", "npcs", 7, 5, facing="w"),
        warrior("c", "players", 5, 8, race={"dark_vision": True, "move": 6}),
        map=DARK,
        dice=[12],
    )
    fight.act("b", "move", distance=4, direction="forward")
    fight.end("b")
    fight.act("c", "move", to={"x": 5, "y": 2}, **move)
    return fight


def test_a_sighted_mover_slips_past_a_blind_line_by_default() -> None:
    """Seed: "Characters that are not Blind may: Move around the room as normal. Choose if
    crossing a path line from a Blind character would cause an event." By default (B53) the
    crossing is none: no bump, and b at (3, 5) is 3 squares from c."""
    fight = _sighted()
    assert fight.events(Bumped) == []
    fight.refuse("c", "free_stealth_attack", "b is 3 squares away", target="b")


def test_a_sighted_mover_may_make_the_crossing_an_event() -> None:
    """Seed: "Choose if crossing a path line from a Blind character would cause an event";
    "Use a free stealth attack against any Blinded character each round": with `bump: [b]`
    c bumps into b where their paths cross and strikes it there for free, 12 + 5 + 3 = 20."""
    fight = _sighted(bump=["b"])
    assert [(e.mover, e.other, e.how) for e in fight.events(Bumped)] == [("c", "b", "crossed")]
    fight.act("c", "free_stealth_attack", target="b")
    assert fight.damage() == [("b", 20, 10)]


def test_bump_refusals() -> None:
    """A `bump` names a line the sighted path crosses; a Blind mover's crossings are bumps
    already."""
    fight = Fight(
        warrior("b", "npcs", 7, 5, facing="w"),
        warrior("c", "players", 5, 8, race={"dark_vision": True, "move": 6}),
        warrior("d", "npcs", 1, 10),
        map=DARK,
    )
    fight.act("b", "move", distance=4, direction="forward")
    fight.end("b")
    fight.refuse(
        "c",
        "move",
        r"bump: c's path \(5, 8\) to \(6, 9\) crosses no line b left this round \(it crosses",
        to={"x": 6, "y": 9},
        bump=["b"],
    )
    fight.refuse(
        "c",
        "move",
        "crosses no line d left this round; lines crossed: b",
        to={"x": 5, "y": 2},
        bump=["d"],
    )
    fight.refuse("c", "move", "there is no combatant 'e'", to={"x": 5, "y": 2}, bump=["e"])
    fight.end("c")
    fight.refuse(
        "d",
        "move",
        "d moves Blind: every line its move crosses is a bump already",
        distance=1,
        direction="forward",
        bump=["b"],
    )


@pytest.mark.parametrize(("reading", "lies_at"), [("finishes_move", (5, 2)), ("stays", (5, 6))])
def test_option_bumped_fallen(reading: str, lies_at: tuple[int, int]) -> None:
    """Seed: "After any exchanges occur, they will continue to their previously declared end
    point on the map (even if they crawl there with their last breath)", against "An
    unconscious character ... They simply lay there" (B32). a (20 HP) walks across b's line
    at (5, 5) to (5, 2); b's free stealth attack deals 12 + 5 + T3 = 20 and a falls. By
    default it lies at its end point; with `bumped_fallen: stays` on (5, 6), the last tile
    of its path before the line it met."""
    fight = Fight(
        warrior("b", "npcs", 7, 5, facing="w"),
        warrior("a", "players", 5, 7, hp=20),
        map=DARK,
        dice=[12],
        options={"bumped_fallen": reading},
    )
    fight.act("b", "move", distance=4, direction="forward")
    fight.end("b")
    fight.act("a", "move", distance=5, direction="forward")
    assert fight.get("a").crossed_at == (5, 6)
    fight.act("b", "free_stealth_attack", target="a")
    assert fight.damage() == [("a", 20, 0)]
    assert not fight.get("a").is_active
    assert fight.get("a").tile == lies_at
    assert len(fight.events(FellShort)) == (reading == "stays")
