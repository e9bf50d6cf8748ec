"""The interpretation switches of `tiers`: each names a gap of seed 001 (rules checklist
section 2.4, B-numbers) and the readings offered. The defaults are the readings
docs/rulesets/tiers.md argues for; a table that reads the rules differently sets `options:`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class TiersOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    tie: Literal["none", "defender", "reroll"] = "none"
    """B1: equal contested totals. none: nobody wins, no damage; defender: the defender wins
    by 0; reroll: both roll again (initiator first) until the totals differ."""
    death: Literal["at_negative_max", "below_negative_max"] = "at_negative_max"
    """B7: "death occurs when their current HP falls below their total maximum HP in negative
    value" against the example "die at -100HP": dead at HP <= -max (the example), or only at
    HP < -max (the sentence read literally)."""
    crossbow_beyond: Literal["refuse", "contested"] = "refuse"
    """B9: a crossbow shot farther than the crossbow skill in tiles (but within its range):
    refused, or rolled as a contested exchange dealing bow damage."""
    turn_order: Literal["initiative", "table"] = "initiative"
    """B17: "the most common way to determine turn order is to simply go around the room ...
    starting with players going first"; fracas cannot see the table, so `table` takes the
    scenario's listing, the side of the first listed combatant (the players) first. The
    seed's other way, 1d20 + Reflex, is the default since it needs no seating. A scenario's
    `order:` overrides both."""
    crits: bool = True
    """Natural 20s and 1s lower gear Tiers ("Critical Rolls"); off for a table that skips it."""
