"""The interpretation switches of `pools`: each names a gap of seed 004 (rules checklist
section 4.4, D-numbers; docs/rulesets/pools.md calls them P-numbers) and the readings
offered. The defaults are the readings the docs page argues for."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from fracas.core.validation import Int


class PoolsOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    success_on: Int = Field(default=5, ge=2, le=6)
    """P1 (D1): the face a d6 of a pool must reach to count as a success. The seed never
    says; firing blind succeeds "only ... on a 6 or higher", so the usual face is lower."""
    blind_success_on: Int = Field(default=6, ge=2, le=6)
    """P1 (D1, D17): the face the one die against an unseen target must reach."""
    tie: Literal["defender", "attacker", "reroll"] = "defender"
    """P3 (D3): equal successes in a contest. defender: the defender holds (no damage);
    attacker: the initiator wins; reroll: both roll again, initiator first."""
    extra_shot_dice: Literal["per_target", "total"] = "per_target"
    """P4 (D4): "Every shot past the first adds +1d6": counted over the shots at that one
    target (per_target) or over every shot fired this turn, wasted ones included (total)."""
    ff_zero_hits_ally: bool = False
    """P6 (D6): whether a shot with no net success at all also goes into an ally standing
    with the target (read literally, "If you do not have as many successes as you have
    allies"); by default a total miss hits nobody."""
    ff_spread: Literal["per_ally", "first_ally"] = "per_ally"
    """P6 (D6): the successes that fall short of clearing the allies: each hits one ally, in
    initiative order (per_ally), or all go into the first ally in initiative order."""
    range_measure: Literal["larger", "sum"] = "larger"
    """P7 (D7): the distance between two places with altitude: the larger of the distance
    and altitude apart (larger), or the two added (sum)."""
    free_attack: Literal["per_leave", "per_round"] = "per_leave"
    """P9 (D9): "Such an attack can only be done once per character": each enemy at distance
    0 gets one free attack each time someone leaves (per_leave), or one a round in all
    (per_round)."""
    death: Literal["below_zero", "negative_max", "never"] = "below_zero"
    """P13 (D13): 0 HP leaves a character incapacitated (out of the fight, alive); below 0
    it is dead (below_zero: an incapacitating trap "will never kill" and leaves 0, a killing
    one pushes "into negative HP"), or dead only at minus its maximum HP (negative_max), or
    never dead, only incapacitated (never)."""
    grapple_bonus: Literal["positive", "signed"] = "positive"
    """P14 (D14): "adds the difference in Strength to their dice pool": the holder adds its
    Strength less the other's when that is above 0 (positive), or the signed difference, so a
    weaker holder rolls fewer dice than its Strength (signed). Grapple, break free, pin's
    break free, eat and disarm alike."""
    devoured: Literal["unconscious", "dead"] = "unconscious"
    """P35: what being devoured leaves on the sheet; the vore rules that say more are
    missing. Out of the fight either way: alive (unconscious) or dead."""
    body_cover: Literal["larger", "added"] = "larger"
    """P36: a downed human shield "work[s] as 2d6 cover" for its holder: the better of it and
    the holder's own cover (larger), or both pools rolled together (added)."""
    fall_speed_mode: Literal["falling", "creature"] = "falling"
    """P11 (D11): "Once you hit the ground ... you take [speed] × 3 damage": [speed] is the
    falling speed of the turn it lands (falling: 3 altitudes, then 3 x 3), or the faller's
    own `speed` stat (creature), the word the mount rules use for a creature's speed."""
    flight_step: Literal["one", "speed"] = "one"
    """P40: how far one `fly` goes up or down: 1 altitude, as a walker goes 1 distance (one),
    or up to the flyer's `speed` (speed)."""
    mount_load: Literal["over_carry", "ignore"] = "over_carry"
    """P18/P42 (D18): "your weight plus your gear's weight affects it": every point of the
    rider's load over the mount's `carry` takes 1 off the mount's speed (over_carry), or the
    load changes nothing (ignore)."""
    heavy_weight: Int = Field(default=2, ge=0, le=100)
    """P42 (D18, D20): the load the Heavy perk adds to a rider (the perk's text is missing)."""
    trigger_timing: Literal["before", "after"] = "before"
    """P44: "your action takes priority over anyone else's": the triggered action cuts in
    before the triggering action resolves (before), or follows it at once, ahead of any
    other action (after)."""
    stealth_needs_concealment: bool = True
    """P25: hiding needs something between the hider and the enemy's eyes: cover of any
    rating (weak cover "does block vision"), darkness, fog or smoke, or a place past the
    enemy's view range; false: one may try stealth in the open."""
    weak_cover_hides: bool = False
    """P22: false: weak cover blocks vision only for hiding, and a known target in it is
    shot at against its 2d6 like any cover; true: it also makes its occupant unseen to
    shooters, who roll the one die (POOLS-57)."""
    ambush_check: Literal["side", "each"] = "side"
    """P27: the ambush's contested Intelligence. side: the ambushers' best roll against the
    ambushed's best decides for every ambusher; each: every ambusher's own roll against the
    ambushed's best, so some may catch them and others not."""
    incapacitating_trap: Literal["floor", "always_zero"] = "floor"
    """P12 (D12): an incapacitating trap leaves its prey at 0 HP when its damage would reach
    0 or below (floor), or always, whatever its damage (always_zero: "Prey is always left
    at 0 HP")."""
    mounted_prey: Literal["mount", "both"] = "mount"
    """P50: a mounted pair entering a trap's distance: the mount's feet meet the ground, so it
    is the prey (mount: the rider sits in the saddle, as a flyer passes over); both: the
    trap takes the rider too, each rolling to spot it."""
    close_enemy_blocks: Literal["known", "any"] = "known"
    """P52: "You cannot perform ranged attacks if there are enemies within distance 0":
    enemies whose place the shooter knows (known: one it has not found is not in its face),
    or any enemy there, found or not (any: the refusal then tells the shooter that someone
    it has not found stands by it, and names nobody)."""
    trap_search: Literal["near", "here", "none"] = "near"
    """P53: whether `search` looks for traps: at the searcher's distance and the distances
    one step either way, where its next move would tread (near); at its own distance only
    (here); or not at all, traps being spotted only by walking into them (none)."""
    blind_grapple: bool = False
    """P54: whether seizing someone one cannot see (darkness, fog, smoke) rolls the one blind
    die of POOLS-57 ("you may roll to attack, but may only roll 1 die"): false, a grapple is
    a contest of Strength, not an attack; true, the grab is an attack on an unseen target."""
