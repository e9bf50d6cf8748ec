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

    # -- harm: shields, the wound chart (docs/rulesets/fatewalker.md, "Harm") -------------
    shield_cap: Literal["half_energy", "energy"] = "half_energy"
    """Gap 11: an energy shield removes dice worth up to its Max Absorb or "half of the
    current Energy Pool (whichever is lower)" (half_energy, as written), or up to the whole
    pool (energy), for tables that find the seed's reserves too small for its own example."""
    shield_armor: Literal["marked", "any"] = "marked"
    """Gap 26: an energy shield goes over armor marked "Functions under a shield" only
    (marked: "they prevent the use of heavier armors"), or over any armor (any)."""
    hand_shield: Literal["armor", "block_only"] = "armor"
    """A hand-held shield's Deflection and Absorb count as armor while it is not held as
    cover (armor: Shield Cover says that only then it "does [not] count towards the
    character's armor"), or only when it blocks (block_only)."""
    consciousness: Annotated[Literal[2, 1], NOT_BOOL] = 2
    """Gap 23: the successes a consciousness roll (Prowess(Resilience)) needs: 2, the mark of
    any roll that passes, or 1, as the Leaping Dodge's and Charge's footing rolls ask."""
    temporary_fade: Int = Field(default=600, ge=0, le=100_000)
    """Ticks after which Temporary wounds vanish ("~600 ticks (5 minutes) for protracted
    scenes"), counted from the first box marked; 0 keeps them for the whole fight."""
