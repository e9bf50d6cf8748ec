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
    """A11/NWO-7: the "reduced movement range" of a turn that shoots and moves: half, or the
    whole movement."""
    move_after_shot: Literal["declared", "free"] = "declared"
    """NWO-7: moving after a shot made standing needs the move declared before the shot
    (`shoot_and_move`, so the shot takes -2), or is allowed and the shot keeps no penalty."""
    focus_kept_by_focusing: bool = True
    """A12: focusing again keeps the Focus bonus (reading a) or loses it (reading b)."""
    sentinel_needs_action: bool = True
    """A13: Sentinel needs the wielder's unspent action, and counts as the round's AoO."""
    ranged_shield: Literal["between", "shoot_through", "always"] = "between"
    """NWO-52: against a shot a human shield gives advantage and takes the failed attacks when
    it stands on the line of fire between shooter and protected (`between`), wherever it
    stands (`always`), or never, meeting the shot only as a character to shoot through
    (`shoot_through`)."""
    flame_blocked_by_characters: bool = False
    """A10: whether characters on a flamethrower's line of fire defend and take the attack
    on a failure, as with any shot (the default lets the flames pass: they "ignore cover")."""
    reload_after_moving: Literal["unfinished", "next_turn"] = "unfinished"
    """A18/NWO-53: a failed reload in a turn that has already moved cannot be the dedicated
    turn, so the weapon stays empty; or the next turn is dedicated to it."""
    legacy_throwables: bool = False
    """Older revisions' throwables, AoE and conditions section (off in the newest revision)."""
    ambush_catches_unready: bool = True
    """NWO-1: the side caught by an ambush round starts with its weapons holstered."""
    default_hp: Int = Field(default=10, ge=1, le=100)
    """A20: HP of a sheet that gives none (the seed has no base HP)."""
