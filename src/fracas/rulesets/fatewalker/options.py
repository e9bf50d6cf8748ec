"""The interpretation switches of `fatewalker`: each names a gap of seed 003 (the digest's
section 8 numbers them) and the readings offered. The defaults are the ones
docs/rulesets/fatewalker.md argues for; a table that reads the rules otherwise sets `options:`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from fracas.core.validation import NOT_BOOL, Int


class FatewalkerOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    faces: Literal["zero_to_nine", "one_to_ten"] = "zero_to_nine"
    """Gap 1: the seed never names its die, but its damage dice "come up as 0's" and its TNs
    run 2-8: a d10 read 0-9, its 10 read as 0 (zero_to_nine), or read as printed, 1-10
    (one_to_ten, where no die ever shows 0 and nothing penetrates armor)."""
    success: Literal["below", "at_or_below"] = "below"
    """Gap 1: "roll under a specific Target Number": a die succeeds when it reads below the TN
    (below: a TN of n succeeds on n faces of 10), or at or below it (at_or_below)."""
    tn_cap: Annotated[Literal[7, 8], NOT_BOOL] = 7
    """Gap 3: the highest TN a skill gives: 7 ("up to maximum of 7", Mastery), or 8 for a
    table whose characters have Perfection ("potentially roll against TN 8")."""
    promotions: Literal["net", "net_minus_two"] = "net"
    """Gap 5: every net success of a hit promotes a damage die (net, L1480 read literally),
    or only those beyond the 2 a hit needs (net_minus_two)."""
    dodge_tie: Literal["defender", "attacker"] = "defender"
    """Gap 6: a dodge that cancels exactly the attack's successes: the dodge's own "Defender
    wins in a tie" (defender), or the general "0 or more net successes remain the attack is
    considered successful" (attacker)."""
    surprise: dict[str, Int] = Field(default_factory=dict)
    """L1440: the GM's tick penalty for each surprised side (`{guards: 10}`; an ambush is the
    same with a "significantly nasty" penalty): its initiative is (10 + penalty) - successes."""
    # -- fw-melee ------------------------------------------------------------------------
    start_range: Literal["by_arms", "long"] = "by_arms"
    """Gap 17: where melee "always begins": at Long (6) when either side of a pair is armed and
    at Medium (5), "the default unarmed combat range", when neither is (by_arms); or at Long
    for everyone, as "starts at the maximum range of Long" reads alone (long)."""
    parry: Literal["damage", "successes"] = "damage"
    """Gap 7: a parry or block "resolved as an Attack" stops the blow on 2 successes and its
    damage cancels the attack's (damage); or its successes also cancel attack successes, as
    "reactions ... reduce the Attack's successes" (successes)."""
    margin: Literal["short_of_two", "failed_dice"] = "short_of_two"
    """Gap 12: the margin of failure of a roll: how far it fell short of the 2 successes a
    pass needs (short_of_two), or how many of its dice failed (failed_dice)."""
