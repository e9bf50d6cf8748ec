"""A human shield (seed 004, "Grappling").

"You may use them as a human shield, making enemies target them instead of you. You must hold
them with at least one hand. Enemies deal damage to your human shield before they can deal
damage to you, unless they have an effect that would circumvent this. Incapacitated or dead
enemies absorb no more damage, but work as 2d6 cover instead. If your cover saves you from
being shot, an incapacitated human shield takes the full damage."

Readings (P34, P36): an enemy's shot or blow at the holder is rolled against the holder (its
cover, its Strength), and every hit lands on the standing shield instead, through the
shield's armor; a weapon with `bypasses_shield` reaches the holder. The shield's own side
hurts it like anyone (it is their ally standing at the target's place: friendly fire). Once
the shield is down it stays held and is 2d6 cover for its holder against shots (none against
melee): the better of it and the holder's own cover, or both added (`body_cover`). When a shot
with at least one success is brought to no net success by cover the body was part of, the body
takes the hits the shot would have scored with no cover at all, up to the shots.
"""

from __future__ import annotations

from fracas.core.state import EncounterState
from fracas.rulesets.pools.rules.common import options, soldier
from fracas.rulesets.pools.rules.grappling import holding
from fracas.rulesets.pools.sheet import COVER_DICE, Weapon
from fracas.rulesets.pools.soldier import Soldier

BODY_DICE = 2


def shield_of(state: EncounterState, holder: Soldier) -> Soldier | None:
    held = holding(holder)
    if held is None:
        return None
    body = soldier(state, held)
    return body if body.has("human_shield") else None


def absorber(state: EncounterState, victim_id: str, attacker: Soldier, weapon: Weapon) -> str:
    """Who takes a hit aimed at `victim_id` by `attacker`: its standing human shield when
    the attacker is an enemy of the holder without a way around the shield, else the victim."""
    victim = soldier(state, victim_id)
    if attacker.side == victim.side or weapon.bypasses_shield:
        return victim_id
    body = shield_of(state, victim)
    if body is None or not body.is_active or body.id == attacker.id:
        return victim_id
    return body.id


def cover(
    state: EncounterState, target: Soldier, rating: str | None
) -> tuple[str, int, str | None]:
    """The cover a shot at `target` rolls against: its name, its dice, and the downed body
    that is (part of) it, if any."""
    dice = COVER_DICE[rating] if rating is not None else 0
    name = rating or "no"
    body = shield_of(state, target)
    if body is None or body.is_active:
        return name, dice, None
    if options(state).body_cover == "added":
        both = f"{rating} cover and {body.id}'s body" if rating else f"{body.id}'s body"
        return both, dice + BODY_DICE, body.id
    if dice >= BODY_DICE:
        return name, dice, None
    return f"{body.id}'s body", BODY_DICE, body.id


def saved_by_body(body: str | None, successes: int, net: int, shots: int) -> list[str]:
    """The hits a downed body takes when the cover it is part of saved its holder: "If your
    cover saves you from being shot, an incapacitated human shield takes the full damage"."""
    if body is None or net > 0 or successes == 0:
        return []
    return [body] * min(successes, shots)
