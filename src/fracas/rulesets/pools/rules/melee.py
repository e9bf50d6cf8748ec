"""Melee (seed 004, "Combat", "Melee", "Distance").

"To attack someone in melee, you roll Strength. It is a contested Strength check." "You can
only melee attack someone if you are in distance 0" (the same distance and altitude).
"Cover has no effect on melee." Unarmed deals 1, a makeshift weapon 2; "Melee attacks cannot
damage light armor or above" (rules/armor.py). D3/P3: the attacker hits when it rolls more
successes; a tie goes to the defender (`tie`); a winning defender deals nothing, and a hit
deals the weapon's damage once, whatever the margin.

Dice order: the attacker's Strength pool (one die on 6 when it cannot see the defender),
then the defender's Strength pool; damage rolls nothing.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.actions import Attack
from fracas.rulesets.pools.events import ActionSpent, AutomaticHit
from fracas.rulesets.pools.rules import ambush, armor, shield, stealth
from fracas.rulesets.pools.rules.common import (
    require_action,
    require_target,
    soldier,
    together,
)
from fracas.rulesets.pools.rules.contest import contest
from fracas.rulesets.pools.rules.hands import require_hands
from fracas.rulesets.pools.rules.harm import deal
from fracas.rulesets.pools.rules.sight import sees
from fracas.rulesets.pools.sheet import Weapon
from fracas.rulesets.pools.soldier import Soldier


def melee_weapon(actor: Soldier, weapon_id: str) -> Weapon:
    weapon = actor.weapon(weapon_id)
    if weapon is None or weapon.kind != "melee":
        melee = [w.id for w in actor.weapons if w.kind == "melee"]
        accepted = ", ".join([*melee, "unarmed"])
        raise IllegalAction(
            f"{actor.id} has no melee weapon {weapon_id!r}; it can attack with: {accepted}"
        )
    return weapon


def verify(state: EncounterState, action: Attack) -> None:
    actor = soldier(state, action.actor)
    require_action(actor)
    weapon = melee_weapon(actor, action.weapon)
    require_hands(state, actor, weapon.hands, weapon.id)
    target = soldier(state, action.target)
    require_target(actor, target)
    stealth.require_known(state, actor, target)
    if not together(actor, target):
        raise IllegalAction(
            f"{target.id} is not at distance 0 from {actor.id} ({actor.id} at distance "
            f"{actor.distance}, altitude {actor.altitude}; {target.id} at distance "
            f"{target.distance}, altitude {target.altitude}); melee needs the same distance "
            "and altitude"
        )


def resolve(tx: Transaction, action: Attack) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action=f"attack {action.target}"))
    strike(tx, action.actor, action.target, action.weapon, "melee")
    weapon = melee_weapon(soldier(tx.state, action.actor), action.weapon)
    stealth.after_attack(tx, action.actor, weapon)  # a blow that is not silent gives it away


def strike(tx: Transaction, attacker_id: str, defender_id: str, weapon_id: str, check: str) -> bool:
    """One melee blow, the contest and its damage; also the free attack on a leaver. True
    when it hit."""
    attacker, defender = soldier(tx.state, attacker_id), soldier(tx.state, defender_id)
    weapon = melee_weapon(attacker, weapon_id)
    if ambush.automatic(attacker, defender):  # an ambusher's first blow (POOLS-31)
        tx.emit(AutomaticHit(attacker=attacker.id, target=defender.id, hits=1))
    else:
        winner = contest(
            tx,
            check,
            attacker.id,
            defender.id,
            attacker.strength,
            defender.strength,
            initiator_blind=not sees(tx.state, attacker, defender),
        )
        if winner != attacker.id:
            return False
    victim = soldier(tx.state, shield.absorber(tx.state, defender.id, attacker, weapon))
    amount, formula = armor.per_hit(weapon.damage, weapon.piercing, True, victim.armor)
    deal(tx, victim.id, f"{attacker.id}'s {weapon.id}", amount, formula)
    return True
