"""The interpretation switches of `fatewalker`: each names a gap of seed 003 (the digest's
section 8 numbers them) and the readings offered. The defaults are the ones
docs/rulesets/fatewalker.md argues for; a table that reads the rules otherwise sets `options:`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

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
    cancel: Literal["after_absorb", "before_absorb"] = "after_absorb"
    """Gap 7: where the points of a stopping parry or block come off the blow (the seed gives
    no order): after Absorb, from everything left, penetrating points too (after_absorb, the
    digest's full pipeline, section 3.11 steps 7-8); or from the rolled points before Absorb,
    the normal ones first, then the penetrating ones (before_absorb, gap 7's own wording)."""
    margin: Literal["short_of_two", "failed_dice"] = "short_of_two"
    """Gap 12: the margin of failure of a roll: how far it fell short of the 2 successes a
    pass needs (short_of_two), or how many of its dice failed (failed_dice)."""
    # -- fw-move --
    partial_segment: Literal["round_up", "whole"] = "round_up"
    """L1446, a move shorter than a 6-tick segment: "in general round up, so it would take 3
    ticks to go 2 meters with a 5 move" (round_up: ceil(6 x metres / rate) ticks), or "force
    all move actions to occur for a minimum of 6 ticks" (whole)."""
    change_ticks: Annotated[int, NOT_BOOL] = Field(default=0, ge=0, le=6)
    """Gap 15: Change and Stop Movement cost 0 ticks (the table, L3203-3207), or this many
    (L1449 "these movement changes still have a tick cost"), added to the next tick."""
    visibility_mods: Literal["sum", "product"] = "sum"
    """L1511-1537: the chart's percentages on Visible Range add up into one factor (sum:
    fog -50% and a small target -25% leave 25%), or each multiplies (product: 37.5%)."""
    immobile: Literal["stationary", "never"] = "stationary"
    """L1569 "Target Immobile +1": any target not moving (stationary), or none, for a table
    that keeps it for the bound and the paralysed (never)."""
    notice: Literal["gm", "senses"] = "gm"
    """L1464-1465: one not yet aware joins only at its `aware_at` tick, the GM's ruling (gm),
    or earlier, at the first tick an aware fighter stands within its sight, 2 x Awareness
    metres (senses)."""
    ambush: Ambush | None = None
    """L1440: one ambusher's free pre-initiative action, `{by: id, action: {do: ...}}`; it
    resolves before tick 1, its cost is added to the ambusher's initiative, and it costs 1
    Will ("Initiating Combat")."""
    # -- fw-harm: shields, the wound chart (docs/rulesets/fatewalker.md, "Harm") -------------
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
    # -- fw-ranged: twin pistols, non-action skills (docs/rulesets/fatewalker.md) --------
    offhand_penalty: Int = Field(default=2, ge=0, le=10)
    """Twin Pistols: "Offhand penalties still apply to the offhand shot", a penalty the seed
    never numbers; 2 dice by default (the size of its other plain handicap, an unarmed
    defence against a weapon), 0 for an ambidextrous table."""
    combat_chaos: Int = Field(default=1, ge=0, le=5)
    """Use non-Action Skill: "Most non-combat actions will suffer a minor penalty (-1)
    simply due to the chaos of combat but this is up to the GM": dice off such a roll."""
    # -- fw-grapple: grapples, ground combat, holds (docs: "Grappling and the ground") -----
    grapple_steps: Literal["net_minus_one", "per_two"] = "net_minus_one"
    """Gap 18: how far a successful Grapple tightens: net - 1 levels, at least 1 (Catch
    Strike's "grapple of level equal to (Net Successes -1)", net_minus_one), or a level per
    2 net successes, at least 1, as Engage moves the range (per_two)."""
    takedown_level: Literal["tighter", "three"] = "tighter"
    """Gap 18: the ground level after a Takedown: "net successes -3" read as that many
    levels tighter than the 3 ground combat "begins at" (tighter: 6 - net, at least 1), or
    always 3 (three)."""
    hold_position: Literal["yields", "keeps"] = "yields"
    """Hold: "If performed by the dominant grappler yields the grapple position": the top
    fighter gives up top and bottom for the hold (yields), or keeps them (keeps)."""
    ground_chart: Literal["ground_rules", "chart_too"] = "ground_rules"
    """Two fighters prone in ground combat with each other fight by the ground rules alone
    (ground_rules: the bottom's -1), or take the melee chart's prone rows too (chart_too)."""
    footing: Annotated[Literal[1, 2], NOT_BOOL] = 1
    """The successes a roll to stay on one's feet needs (Trip Kick): 1, as the Charge says
    ("must simply pass (1 success)"), or 2, the mark of any roll that passes."""
    grapple_bonus: Literal["level", "none"] = "level"
    """"Grapple bonuses are applied to the takedown" (and "Grapple and Takedown
    bonuses/penalties apply" to Elbow, Knee and Headbutt): +1 die per grapple level (level),
    or none beyond the range chart (none)."""
    # -- fw-shields: shield maneuvers, charges, thrown weapons -----------------------------
    shield_offhand: Annotated[int, NOT_BOOL] = Field(default=2, ge=0, le=10)
    """Shield Bash "suffers offhand penalties", a number the seed never gives (nor for Twin
    Pistols' offhand shot): the dice a bash loses (ours: 2; 0 for a table that waives it)."""
    charge_defender: Literal["on_hit", "always"] = "on_hit"
    """The unarmed Charge's footing roll for the defender, at "a penalty equal to the total
    boxes of normal wounds taken from the charge": only when the charge hits (on_hit), or
    after every charge, a miss at no penalty (always)."""
    # -- fw-finish: explosives, suppressive fire, theme powers -------------------------------
    blast_promotions: Literal["none", "net"] = "none"
    """An explosive's damage: the same pool for everyone in the blast, the throw's successes
    promoting nothing (none: it lands where it lands), or promoted by the throw's successes
    beyond the 2 that put it on the point, as a hit's (net)."""
    cover_fire: Literal["foes", "anyone"] = "foes"
    """Full Auto (Cover): "Free preemptive shot ... on anyone acting in cover area": the
    shooter fires on its foes there (foes: a free shot is one it may take), or on anyone
    at all, allies too (anyone, the words read literally)."""
    melee_disarm: Literal["unarmed_rules", "none"] = "unarmed_rules"
    """Gap 20: the melee table's Disarm says only "I have no ... idea": read with the
    unarmed Disarm's rules, the target's weapon size (XS -3, S -1, L +1, XL +3) and its
    counters (parry, dodge), with a weapon in hand and no grapple needed (unarmed_rules,
    the digest's reading), or not played (none)."""
    berserker: Literal["normal_section", "normal_only"] = "normal_section"
    """Berserker's trigger, "takes a point of damage (Normal Wound)": a box newly marked in
    the Normal section, stun too (normal_section), or only normal ("X") damage there
    (normal_only)."""


class Ambush(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    by: str
    action: dict[str, Any]


FatewalkerOptions.model_rebuild()
