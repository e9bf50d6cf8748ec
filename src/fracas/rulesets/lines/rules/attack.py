"""Attacks (seed 002, "Attack roll and damage roll", "Reactive defense", "Critical", "Range",
"Dual wielding", "Taking aim", "Defensive stance").

Dice order for one strike: the weapon card's attack dice (then the aiming d6), the target's
Dexterity roll (one d6, or two in a defensive stance), then the damage dice (the critical's
extra d6 last). A dual-wield attack is two strikes in that order, the first weapon first.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.events import ConditionRemoved
from fracas.core.notation import parse, plus, with_modifier
from fracas.core.state import EncounterState, Status
from fracas.core.transaction import Transaction
from fracas.rulesets.lines.actions import Attack
from fracas.rulesets.lines.events import ActionSpent, AttackForgone, AttackRolled
from fracas.rulesets.lines.fighter import Fighter
from fracas.rulesets.lines.rules.common import (
    AIMING,
    DEFENDING,
    fighter,
    options,
    require_action,
    require_in_reach,
    require_target,
)
from fracas.rulesets.lines.rules.harm import take_damage
from fracas.rulesets.lines.sheet import WeaponCard

CRITICAL_MARGIN = 5


def verify(state: EncounterState, action: Attack) -> None:
    actor = fighter(state, action.actor)
    target = fighter(state, action.target)
    require_action(actor)
    first = _card(actor, action.weapon)
    weapons = [first]
    if action.second_weapon is not None:
        second = _card(actor, action.second_weapon)
        if second.id == first.id:
            raise IllegalAction("dual wielding needs two different weapons")
        for card in (first, second):
            if card.hands != 1:
                raise IllegalAction(
                    f"{card.id} is two-handed; only one-handed weapons can be dual wielded"
                )
        weapons.append(second)
    if action.second_target is not None and action.second_weapon is None:
        raise IllegalAction("second_target needs a second_weapon")
    second_target = fighter(state, action.second_target or action.target)
    for card, aimed_at in zip(weapons, (target, second_target), strict=False):
        require_target(actor, aimed_at, "attack")
        check_attackable(state, aimed_at)
        if card.is_melee:
            require_in_reach(actor, aimed_at, card.reach, f"melee weapon {card.id}")


def check_attackable(state: EncounterState, target: Fighter) -> None:
    if target.status is Status.DYING and options(state).attack_dying == "refuse":
        raise IllegalAction(
            f"{target.id} is dying and cannot be attacked (option attack_dying: kills allows it)"
        )


def _card(actor: Fighter, weapon_id: str) -> WeaponCard:
    card = actor.weapon(weapon_id)
    if card is None:
        known = ", ".join(w.id for w in actor.weapons) or "none"
        raise IllegalAction(f"{actor.id} has no weapon {weapon_id!r}; it carries: {known}")
    return card


def resolve(tx: Transaction, action: Attack) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action="attack"))
    actor = fighter(tx.state, action.actor)
    first = actor.weapon(action.weapon)
    assert first is not None
    strike(tx, action.actor, action.target, first, penalty=0)
    if action.second_weapon is None:
        return
    second = actor.weapon(action.second_weapon)
    assert second is not None
    second_target = action.second_target or action.target
    try:
        check_attackable(tx.state, fighter(tx.state, second_target))
    except IllegalAction as refusal:
        tx.emit(AttackForgone(attacker=action.actor, weapon=second.id, why=str(refusal)))
        return
    strike(tx, action.actor, second_target, second, penalty=actor.dual_wield_penalty)


def strike(
    tx: Transaction, attacker_id: str, target_id: str, card: WeaponCard, penalty: int
) -> None:
    """One weapon's attack roll against one defense roll, and its damage if it hits."""
    attacker = fighter(tx.state, attacker_id)
    target = fighter(tx.state, target_id)
    penalty += range_penalty(attacker, target, card)
    attack_expr = card.attack
    aiming = attacker.condition(AIMING)
    if aiming is not None:
        attack_expr = str(plus(card.attack, "1d6"))
    attack = tx.roll(attack_expr, f"attack: {attacker.id} with {card.id}") - penalty
    if aiming is not None and options(tx.state).aim_applies_to == "first_attack":
        tx.emit(ConditionRemoved(target=attacker.id, name=AIMING, why="used on an attack"))
    defense = defend(tx, target)
    margin = attack - defense
    tie_hits = options(tx.state).tie == "attacker"
    if margin >= CRITICAL_MARGIN:
        result = "critical"
    elif margin > 0 or (margin == 0 and tie_hits):
        result = "hit"
    else:
        result = "miss"
    tx.emit(
        AttackRolled(
            attacker=attacker.id,
            target=target.id,
            weapon=card.id,
            attack=attack,
            defense=defense,
            result=result,
            penalty=penalty,
        )
    )
    if result == "miss":
        return
    damage_expr = critical_damage(card.damage, tx) if result == "critical" else card.damage
    damage = max(0, tx.roll(damage_expr, f"damage: {attacker.id} with {card.id}"))
    take_damage(tx, fighter(tx.state, target.id), damage)


def range_penalty(attacker: Fighter, target: Fighter, card: WeaponCard) -> int:
    """ "-1 per each line of difference between the target and effective range" (C6)."""
    if card.range is None:
        return 0
    return max(0, abs(attacker.line - target.line) - card.range)


def defend(tx: Transaction, target: Fighter) -> int:
    """The target's reactive Dexterity roll; a defensive stance adds the second d6."""
    if target.status is not Status.ACTIVE and options(tx.state).helpless_defense == "none":
        return 0
    dice = "2d6" if target.has(DEFENDING) else "1d6"
    return tx.roll(f"{dice}+{target.dexterity}", f"defense: {target.id} dexterity")


def critical_damage(damage: str, tx: Transaction) -> str:
    """ "another d6 is added to the damage roll and all modifiers are doubled" (C3)."""
    expr = parse(damage)
    modifier = expr.modifier
    if modifier > 0 or options(tx.state).crit_doubles_negative_modifiers:
        modifier *= 2
    return str(with_modifier(plus(expr, "1d6"), modifier))
