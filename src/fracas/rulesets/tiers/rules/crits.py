"""Critical rolls (seed 001, "Critical Rolls", "Natural Weapons").

"Whenever a character rolls a natural 20 on a d20 for a contested roll in combat, they may
choose to deal damage to their choice of their opponents equipped gear before doing normal
damage ... reduce it's Tier by 1." "A player that rolls a natural 20 may still lose."
"Whenever a character rolls a natural 1 ... that player must chose to reduce their equipped
Shield or weapon's Tier by 1."

Bare hands are a T0 natural weapon: "A character rolling a critical hit may still apply
damage to a T0 natural weapon to deal additional damage (10 damage) to the character
directly, ignoring armor", and a natural 1 striking unarmed deals those 10 to oneself
"before normal damage occurs". Hands are a valid target only when the opponent's equipped
weapons and shield are all T0 or absent. Tiers never drop below T0.

Natural armor is a target only once worn armor is T0; natural weapons (bare hands are a T0
one) only once the weapons and shield in hand are all T0 or absent. A natural weapon above T0
loses a Tier, like gear; at T0 the crit deals the 10 damage.

The choice is the roller's; fracas takes a documented default: for a natural 20, the 10
damage when the opponent's T0 natural weapon is a valid target, else the worn armor, the
natural armor, the shield in hand, the weapon the opponent answers with (or another in hand),
the natural weapon; for a natural 1, the weapon used (of a pair, the higher Tier), the
natural weapon used, the shield in hand, else (striking with a T0 natural weapon) the 10.
The attacker's crits come before the defender's, both before the damage.
"""

from __future__ import annotations

from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.events import GearWorn
from fracas.rulesets.tiers.rules.arms import Arm
from fracas.rulesets.tiers.rules.common import fighter
from fracas.rulesets.tiers.rules.harm import deal
from fracas.rulesets.tiers.sheet import UNARMED
from fracas.rulesets.tiers.warrior import Warrior

NATURAL_WEAPON_DAMAGE = 10
"""What a crit on a T0 natural weapon (bare hands included) deals, ignoring armor."""


def apply_crits(
    tx: Transaction,
    attacker_id: str,
    used: Arm,
    attack_face: int,
    defender_id: str,
    answer: Arm,
    defense_face: int | None,
) -> None:
    for roller, face, own, opponent, their in (
        (attacker_id, attack_face, used, defender_id, answer),
        (defender_id, defense_face, answer, attacker_id, used),
    ):
        if face == 20:
            critical_hit(tx, roller, opponent, their)
        elif face == 1:
            critical_failure(tx, roller, own)


def _hands_exposed(who: Warrior) -> bool:
    """Natural weapons may be chosen "only if all equipped weapons or shields are at T0,
    absent, or destroyed"."""
    if who.shield_equipped and who.shield > 0:
        return False
    return all(who.tier_of(w) == 0 for w in who.wielded)


def critical_hit(tx: Transaction, roller: str, opponent_id: str, their: Arm) -> None:
    opponent = fighter(tx.state, opponent_id)
    why = f"{roller}'s natural 20"
    hands = _hands_exposed(opponent)
    weapon = _worn_first(opponent, their) or next(
        (w for w in opponent.wielded if opponent.tier_of(w) > 0), None
    )
    if hands and opponent.natural_weapon == 0:
        deal(tx, opponent.id, why, NATURAL_WEAPON_DAMAGE, "T0 natural weapon: 10, armor ignored")
    elif opponent.armor > 0:
        _wear(tx, opponent, opponent.armor_id or "armor", "armor", opponent.armor - 1, why)
    elif opponent.natural_armor > 0:  # "until the worn armor is reduced to T0"
        _wear(tx, opponent, "natural armor", "natural_armor", opponent.natural_armor - 1, why)
    elif opponent.shield_equipped and opponent.shield > 0:
        _wear(tx, opponent, opponent.shield_id or "shield", "shield", opponent.shield - 1, why)
    elif weapon is not None:
        _wear(tx, opponent, weapon, "weapon", opponent.tier_of(weapon) - 1, why)
    elif hands:
        tier = opponent.natural_weapon - 1
        _wear(tx, opponent, "natural weapon", "natural_weapon", tier, why)


def _worn_first(who: Warrior, used: Arm) -> str | None:
    """Of the weapons used (a pair's two), the one with the highest Tier above T0: a pair's
    damage counts its lowest, so wearing the higher costs least."""
    names = [n for n in (used.parts or (used.name,)) if n != UNARMED and who.tier_of(n) > 0]
    return max(names, key=who.tier_of, default=None)


def critical_failure(tx: Transaction, roller_id: str, own: Arm, *, hurts: bool = True) -> None:
    """`hurts`: whether striking with a T0 natural weapon deals the 10 to oneself (not in an
    even split, where damage comes only "against an unarmed opponent's weapons")."""
    roller = fighter(tx.state, roller_id)
    why = f"{roller.id}'s natural 1"
    weapon = _worn_first(roller, own)
    natural = UNARMED in (own.parts or (own.name,))
    if weapon is not None:
        _wear(tx, roller, weapon, "weapon", roller.tier_of(weapon) - 1, why)
    elif natural and roller.natural_weapon > 0:
        tier = roller.natural_weapon - 1
        _wear(tx, roller, "natural weapon", "natural_weapon", tier, why)
    elif roller.shield_equipped and roller.shield > 0:
        _wear(tx, roller, roller.shield_id or "shield", "shield", roller.shield - 1, why)
    elif natural and hurts:
        deal(tx, roller.id, why, NATURAL_WEAPON_DAMAGE, "T0 natural weapon: 10, armor ignored")


def _wear(tx: Transaction, owner: Warrior, item: str, slot: str, tier: int, why: str) -> None:
    tx.emit(GearWorn(owner=owner.id, item=item, slot=slot, tier=tier, why=why))
