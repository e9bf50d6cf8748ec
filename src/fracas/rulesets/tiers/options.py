"""The interpretation switches of `tiers`: each names a gap of seed 001 (rules checklist
section 2.4, B-numbers) and the readings offered. The defaults are the readings
docs/rulesets/tiers.md argues for; a table that reads the rules differently sets `options:`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from fracas.core.validation import Int


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
    scenario's listing, the `players` side first (the first listed combatant's side when no
    side is called `players`). The
    seed's other way, 1d20 + Reflex, is the default since it needs no seating. A scenario's
    `order:` overrides both."""
    npc_initiative: Literal["individual", "side", "group"] = "individual"
    """B17: "All NPC's can roll for turn order individually, as multiple groups, or as 1 big
    group (GM's choice)": each NPC rolls (individual), each NPC side rolls once (side), or
    all NPCs roll once (group); a group adds its highest Reflex and acts in listing order.
    An NPC is any side other than `players`."""
    opening_attack: str | None = None
    """TIERS-52: the id of whoever strikes the first blow (an ambusher, a player attacking
    pre-combat). Its attack alone is round 1 and ends its turn; the turn order starts with
    round 2, "after the first attack action has concluded". None: no opening attack."""
    crits: bool = True
    """Natural 20s and 1s lower gear Tiers ("Critical Rolls"); off for a table that skips it."""
    light_ring: Literal["from_source", "beyond_bright"] = "from_source"
    """B13: a light source's "secondary 10-tile radius of Low Light 1" reaches 10 tiles from
    the source, as the seed's diagram draws it (from_source), or 10 tiles beyond the 5 of
    bright light, 15 from the source (beyond_bright)."""
    light_through_walls: bool = False
    """B29: walls stop a source's light (false), or light fills every tile in its radius."""
    blind_move_facing: Literal["direction_moved", "unchanged"] = "direction_moved"
    """B33: after a Blind move a character faces the way it went (direction_moved), or keeps
    its facing except on a move backward, where "they turn around" (unchanged)."""
    wall_damage_shield: bool = False
    """B14: a Blind mover's wall damage is reduced by its armor only (false), or by its shield
    in hand as well (true)."""
    free_stealth: Literal["per_attacker", "per_target"] = "per_attacker"
    """B11: "The free Stealth attack gained this way may only be used one time each round":
    once a round for each attacker (per_attacker), or once a round for each attacker against
    each Blind character (per_target)."""
    arc: Literal["center_line", "octant"] = "center_line"
    """B21: where an attacker beyond the adjacent squares stands: in front when on or ahead of
    the line through the defender's centre at right angles to its facing (center_line, the
    seed's rule for large creatures), or when the compass octant of its direction is one of
    the 5 front ones (octant). Next to the defender both give the seed's 5 front squares."""
    cover_move: Literal["cancels", "proceeds"] = "cancels"
    """B65: an ally's reserved move into the incoming fire interrupts the shot, which is not
    made and may be declared again (cancels, as a dodge); or the shot goes on at the same
    target from the ground as it now stands, if it still may (proceeds)."""
    attacker_faces_target: bool = False
    """B43: during its own attack the attacker keeps its declared facing, so a counterattack
    meets its shield only from its front arc (false); or it counts as turned to its target, so
    the counterattack, which comes from the target, always meets its shield (true). A large
    body never turns (B22) and keeps its facing under both."""
    block_with: Literal["reserved_or_unused", "reserved"] = "reserved_or_unused"
    """B16: "a reserved or unused non-contested action" blocks a mover: a reservation, or
    one action of the blocker's turn still to come this round (reserved_or_unused); or only
    a reservation (reserved)."""
    line_of_fire: Literal["whole_tile", "centre_line"] = "whole_tile"
    """B38: a projectile needs the whole target tile in view from the shooter's tile centre,
    so cover shelters whoever stands behind it (whole_tile); or only the line between the two
    centres clear (centre_line)."""
    overweight_armor: Literal["refuse", "immobile"] = "refuse"
    """B35: worn armor (with its cloaks) above Body: the sheet is refused at load (refuse), or
    it loads and the character's move is 0 while it stays above (immobile: "If the armor tier
    is too high, they cannot move in it. Their move becomes 0")."""
    candle_out: Literal["hurt", "gm"] = "hurt"
    """B56: a lit bare candle carried goes out when its carrier takes damage, the seed's
    "attacks" (hurt); or only when the GM puts it out (gm). Any light goes out by the GM's
    `put_out` under both."""
    climb_per_action: Int = Field(default=1, ge=1, le=10)
    """B37: tiles of height one `climb` gains or loses; the seed says only that "Additional
    move actions may be used to climb higher", so one tile (5 feet) a move by default."""
    grab_from_enemy: bool = True
    """B36: taking a weapon from a standing foe's hands is the seed's non-contested grab, no
    roll (true); or it is refused, the struggle left to the GM, and only the hands of an ally
    or of the fallen may be grabbed from (false)."""
    min_damage: Literal[0, 1] = 0
    """B3: the least a blow that lands deals (a won exchange, a counterattack, a sure shot, a
    stealth attack): 0, armor above the blow stops it; or 1, every blow that lands scratches.
    The seed clamps only the crossbow's armor (l.336) and never heals by a blow."""
    firearm_ignores_shield: bool = True
    """B4: "No armor is applied versus firearm damage" (l.343) covers the shield in hand too,
    since "Shields work the same as Armor" (l.373) (true); or the shield, which is no armor,
    still takes its Tier off a firearm hit from the front (false)."""
    cloaks_add_to_armor: bool = True
    """B12: cloak Tiers add to the armor's against damage as well as weighing on Body (true);
    or they only weigh on Body, worn "to survive the cold" (l.389), and stop no blow (false)."""
    unarmed_counterattacks: bool = True
    """B18: a winning defender answering with bare hands counterattacks like one "wielding a
    melee weapon" (l.25) (true); or bare hands only dodge, and only a melee weapon or a race's
    natural weapon counterattacks (false)."""
    shield_equip: Literal["consecutive", "one_turn"] = "consecutive"
    """B23: the "2 consecutive non-contested actions" (l.21) of equipping a shield follow each
    other anywhere, across the turn's end too (consecutive); or they are the two actions of one
    turn, so the first must open the turn (one_turn)."""
    stealth_from: Literal["rear", "rear_or_unseen", "anywhere"] = "rear"
    """B24: a `stealth_attack` is declared only from the target's rear arc (rear); also from
    anywhere the target cannot identify the attacker, in darkness or beyond the Low Light
    level (rear_or_unseen); or from anywhere at all (anywhere). From the front arc the target's
    shield counts against it."""
    uncontested_crits: bool = True
    """B26: an attack on an unconscious defender, who rolls no die, still lets the attacker's
    natural 20 or 1 count (true); or, no one rolling against it, it is no "contested roll in
    combat" and its d20 makes no crit (false)."""
    crossbow_pierces: Literal["armor_and_shield", "armor_only"] = "armor_and_shield"
    """B27: a sure crossbow hit cuts the whole armor bonus, the shield in front included, by
    its Tier (armor_and_shield); or cuts only the armor (worn, cloaks, natural) and the
    shield then counts whole (armor_only)."""
    low_light_sure_hits: Literal["unaffected", "contested"] = "unaffected"
    """B28: a crossbow's or firearm's sure hit past twice the Low Light level has no defender
    roll to add the penalty to, so it hits as ever (unaffected); or it is no sure hit there
    and is rolled as a contested exchange, the defender adding its bonus (contested)."""
    natural_crit_fail: Literal["roller_choice", "used_weapon"] = "roller_choice"
    """B30: a natural 1 rolled with a natural weapon (bare hands included) is the roller's to
    place on its equipped shield or weapons as well (roller_choice); or it must fall on that
    natural weapon, a Tier off above T0 and the 10 damage at T0 (used_weapon)."""
    crit_fail_ten_armor: Literal["ignored", "counts"] = "ignored"
    """B30: the 10 damage a natural 1 with a T0 natural weapon deals to the roller ignores
    armor, as the natural 20's 10 does (ignored); or the roller's armor bonus (worn armor,
    cloaks, natural armor; not the shield) comes off it (counts)."""
    even_split_self_damage: bool = False
    """B31: in the GM's even split, a critical failure on one's own T0 natural weapon deals
    no damage (false); or it deals the 10 to oneself as in a fight (true)."""
    bumped_fallen: Literal["finishes_move", "stays"] = "finishes_move"
    """B32: a Blind mover felled in the exchanges after its line crossed another's lies at
    its declared end point (finishes_move); or on the last tile of its path before the
    crossing, where the exchanges took place (stays)."""
    natural_armor_under_worn: Literal["adds", "covered"] = "adds"
    """B34: a race's natural armor adds to worn armor and cloaks (adds); or counts only once
    no worn armor above T0 covers it (covered)."""
    diagonal: Literal["one", "alternate"] = "one"
    """B39: a diagonal step of a move costs 1 tile of the race's move (one), or 1 and 2 in
    turn, the first 1 (alternate). Reach, range and light still count a diagonal as 1."""
