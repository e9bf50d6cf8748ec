"""The interpretation switches of `lines`: each names a gap in seed 002 and the readings offered.

The defaults are the readings docs/rulesets/lines.md argues for; a table that reads its rules
differently sets `options:` in the scenario file.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from fracas.core.validation import Int


class LinesOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    tie: Literal["defender", "attacker"] = "defender"
    """C2: who wins an attack roll equal to the defense roll."""
    contest_tie: Literal["defender", "attacker"] = "defender"
    """C2/C9: who wins an equal Strength/Dexterity contest (grapple, shove, breaking free)."""
    crit_doubles_negative_modifiers: bool = True
    """C3: whether a negative damage modifier is doubled on a critical too."""
    hp_per_constitution: Int = Field(default=5, ge=1, le=10)
    """C8: maximum HP = Constitution x this, when a sheet gives no hp."""
    move_uses_action: bool = False
    """C5: whether stepping to a neighbouring line costs the turn's one action."""
    dying_counts: Literal["own_turns", "rounds"] = "own_turns"
    """C7: what "the next 3 turns" of dying counts."""
    dying_ends: Literal["at_third_turn", "after_third_turn"] = "at_third_turn"
    """C7: death comes as the third dying turn (or round end) arrives, or only once it has
    passed (allies acting after the dying fighter in that round still get to heal)."""
    revive_hp: Literal["healed", "one"] = "healed"
    """C7: HP after revival: the amount healed (capped by the new maximum), or 1."""
    heal_reach: Literal["melee", "same_line", "any"] = "melee"
    """C14: how far medical gear reaches: as melee (same or neighbouring line), same line, any."""
    defend_lasts: Literal["next_turn_start", "next_turn_end"] = "next_turn_start"
    """C12: when a defensive stance ends."""
    aim_applies_to: Literal["first_attack", "every_attack"] = "first_attack"
    """C12: which attacks of the next turn get the aiming d6."""
    shove_at_edge: Literal["no_move", "refuse"] = "no_move"
    """C10: shoving someone already on line 1 or 6 away from the battlefield."""
    attack_dying: Literal["refuse", "kills"] = "refuse"
    """C15: whether a dying combatant can be attacked, and a hit then kills."""
    initiative_ties: Literal["perception_then_reroll", "reroll"] = "perception_then_reroll"
    """C4: how equal initiative totals are ordered."""
    helpless_defense: Literal["none", "roll"] = "none"
    """C16: whether an unconscious target rolls a defense at all (none means a total of 0)."""
