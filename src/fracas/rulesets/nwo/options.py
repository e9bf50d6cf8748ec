"""The interpretation switches of `nwo`; each names a gap (A-number) of the checklist.

The defaults are the readings docs/rulesets/nwo.md argues for.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from fracas.core.validation import Int


class NwoOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    parry: Literal["defender", "reroll"] = "defender"
    """NWO-12: equal totals go to the defender, or (both parties agreeing) both re-roll."""
    advantage: Literal["best_pair", "three_dice_keep_two"] = "best_pair"
    """A2: advantage rolls the pair twice and keeps the better total, or rolls 3d6 keeping two."""
    halves: Literal["down", "up"] = "down"
    """A3: how every "half" rounds."""
    check_modifier: Literal["half", "full"] = "half"
    """A5: the skill modifier on checks (Resolve, Hiding, Strength contests...)."""
    crit_wins: bool = True
    """A7: an attack crit hits whatever the totals, unless the defense crits too."""
    max_crit_chain: Int = Field(default=10, ge=1, le=100)
    """A9: how many extra attacks a chain of crits may add to one action."""
    diagonal: Literal["one", "alternate", "two"] = "one"
    """Contract: a diagonal step costs 1 tile, or 1 and 2 alternately, or 2."""
    dash_with_armor: Literal["double_reduced", "twelve_minus"] = "double_reduced"
    """A11: dash in medium armor is (6-1)x2 = 10, or 12-1 = 11."""
    shoot_and_move: Literal["half", "full"] = "half"
    """A11/NWO-7: the "reduced movement range" when shooting and moving in one turn."""
    focus_kept_by_focusing: bool = True
    """A12: focusing again keeps the Focus bonus (reading a) or loses it (reading b)."""
    sentinel_needs_action: bool = True
    """A13: Sentinel needs the wielder's unspent action, and counts as the round's AoO."""
    ranged_shield: Literal["line_of_fire", "always"] = "line_of_fire"
    """NWO-52: against a shot a human shield works through the line-of-sight rules only, or
    as against melee (advantage, and a miss hits the shield) wherever it stands."""
    legacy_throwables: bool = False
    """Older revisions' throwables, AoE and conditions section (off in the newest revision)."""
    ambush_catches_unready: bool = True
    """NWO-1: the side caught by an ambush round starts with its weapons holstered."""
    default_hp: Int = Field(default=10, ge=1, le=100)
    """A20: HP of a sheet that gives none (the seed has no base HP)."""
