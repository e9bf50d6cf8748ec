"""Autoplay in the dark: how a Blind fighter gets on with the fight.

A Blind character cannot name a tile or keep a foe in front (rules/blindness.py), so the
plain tactics' walk and facing would be refused and the fight would stall. A Blind NPC that
sees no foe in any light has no cue and moves by the GM's d20 table; otherwise the Blind
fighter orients on the light, or (a player) on the sound of the fight ("They may orient on
others using other senses available to them – primarily sound"): it heads for the nearest
foe by one of the 8 directions relative to its facing, never farther than the tile next to
the foe, and steers round a wall it would walk into (the tactics play the GM's part of a
fair table, which knows the walls). It then faces the way the noise comes from. Cheap: one
short walk along a straight line per heading tried, at most five headings.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from fracas.core.actions import Action
from fracas.core.state import EncounterState
from fracas.rulesets.tiers.actions import Face, Groping, Move
from fracas.rulesets.tiers.rules.blindness import PLAYERS, TURNS, blind_reach
from fracas.rulesets.tiers.rules.common import STEP, direction, distance, grid, standing
from fracas.rulesets.tiers.rules.light import identifies
from fracas.rulesets.tiers.sheet import FACINGS, Facing
from fracas.rulesets.tiers.warrior import Tile, Warrior

RELATIVE = {turn: name for name, turn in TURNS.items()}
TRIES = (0, 1, -1, 2, -2)
"""Headings tried, in eighths of a turn away from the straight way to the foe."""


def _free_run(state: EncounterState, start: Tile, heading: str, most: int) -> int:
    """How many tiles a straight walk from `start` goes before a wall or someone standing."""
    board, taken = grid(state), standing(state)
    dx, dy = STEP[heading]
    here, run = start, 0
    while run < most:
        ahead = (here[0] + dx, here[1] + dy)
        if ahead not in board.neighbours(here) or ahead in taken:
            break
        here, run = ahead, run + 1
    return run


def _any_cue(state: EncounterState, me: Warrior) -> bool:
    """Whether `me` sees a foe to orient on: "if there is a light in the distance ... they
    may use that light to orient themselves. They can see & identify those within the
    illuminated area"."""
    return any(
        c.side != me.side and c.is_active and identifies(state, me, cast(Warrior, c))
        for c in state.combatants
    )


def blind_wishes(state: EncounterState, me: Warrior, foe: Warrior) -> Iterator[Action]:
    """A Blind walk toward `foe` (if it brings `me` nearer) and a facing toward it. A Blind
    NPC that sees no foe at all (none stands in light) has no cue to follow and leaves its
    move to the GM's d20 table."""
    toward = direction(me.tile, foe.tile)
    gap = distance(me.tile, foe.tile)
    if gap > 1 and me.side != PLAYERS and not _any_cue(state, me):
        yield Move(actor=me.id)
    elif gap > 1:
        base = FACINGS.index(toward)
        for turn in TRIES:
            heading = FACINGS[(base + turn) % 8]
            run = _free_run(state, me.tile, heading, min(blind_reach(state, me, heading), gap - 1))
            if run == 0:
                continue
            dx, dy = STEP[heading]
            if distance((me.tile[0] + dx * run, me.tile[1] + dy * run), foe.tile) >= gap:
                continue
            relative = RELATIVE[(FACINGS.index(heading) - FACINGS.index(me.facing)) % 8]
            yield Move(actor=me.id, distance=run, direction=cast(Groping, relative))
            break
    if me.facing != toward:
        yield Face(actor=me.id, facing=cast(Facing, toward))
