"""Crossbows and firearms (seed 001, "Crossbow events", "Firearm Events", "Turns & Actions").

"A crossbow is an automatic hit for any target within the character's crossbow skill level
in tiles or less. The use of a crossbow is not a contested roll – as such, may be used as a
non-contested action." "For firearm attacks – if the weapon is already loaded, and is fired
within the guaranteed hit zone — the damage is applied and no roll occurs. If fired in the
contested zone, both players throw dice ... If the shooter wins, (the shooter) applies only
the weapon's damage without adding roll difference. No armor is applied versus firearm
damage." Reloading ("crossbow, firearm, etc") is a non-contested action; a shot unloads.

B9: beyond the crossbow skill, `crossbow_beyond: refuse` (default) allows no shot;
`contested` rolls the exchange and deals bow damage. A sure shot rolls no dice. B4: the
firearm's "No armor" covers the shield as well unless `firearm_ignores_shield: false`.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Reload
from fracas.rulesets.tiers.events import ActionSpent, Loaded
from fracas.rulesets.tiers.rules import damage
from fracas.rulesets.tiers.rules.common import (
    fighter,
    nearest,
    options,
    require_action,
    shield_against,
)
from fracas.rulesets.tiers.rules.harm import land
from fracas.rulesets.tiers.sheet import Weapon
from fracas.rulesets.tiers.warrior import Warrior


def is_sure(state: EncounterState, actor: Warrior, weapon: Weapon, gap: int) -> bool:
    """Whether a shot at `gap` tiles hits without a roll (and so is non-contested); refuses a
    crossbow shot beyond the skill when the table allows none."""
    if weapon.kind == "firearm":
        assert weapon.sure is not None
        return gap <= weapon.sure
    if weapon.kind != "crossbow":
        return False
    sure = actor.skills.crossbow
    if gap <= sure:
        return True
    if options(state).crossbow_beyond == "refuse":
        raise IllegalAction(
            f"a crossbow hits only within the crossbow skill in tiles: {actor.id}'s is {sure}, "
            f"the target is {gap} away (option crossbow_beyond: contested allows a roll)"
        )
    return False


def require_loaded(actor: Warrior, weapon: Weapon) -> None:
    if weapon.id in actor.unloaded:
        raise IllegalAction(
            f"{actor.id}'s {weapon.id} is not loaded; reloading is a non-contested action (reload)"
        )


def sure_shot(
    tx: Transaction, attacker: Warrior, defender: Warrior, weapon: Weapon, armor: int, shield: int
) -> None:
    """The automatic hit: no dice, the damage at once. `armor` is the armor bonus without the
    shield, `shield` the shield's part (0 from behind). The crossbow's cut works on both
    together, or with `crossbow_pierces: armor_only` on the armor alone, the shield then
    counting whole (B27)."""
    tier = attacker.tier_of(weapon.id)
    if weapon.kind == "firearm":
        shield = firearm_shield(tx.state, attacker, defender)
        amount, formula = damage.firearm(tier, weapon.ammo or 0, shield)
    elif options(tx.state).crossbow_pierces == "armor_only":
        amount, formula = damage.crossbow(tier, weapon.hands, armor, whole=shield)
    else:
        amount, formula = damage.crossbow(tier, weapon.hands, armor + shield)
    tx.emit(ActionSpent(combatant=attacker.id, action=f"shoot {defender.id}", contested=False))
    land(tx, defender.id, f"{attacker.id}'s {weapon.id}", amount, formula)


def firearm_shield(state: EncounterState, attacker: Warrior, defender: Warrior) -> int:
    """What the defender's shield takes off a firearm hit (B4): nothing, "No armor is applied
    versus firearm damage" read as covering the shield (the default); or, under
    `firearm_ignores_shield: false`, its Tier when in hand and the shooter is in front."""
    if options(state).firearm_ignores_shield:
        return 0
    return shield_against(state, defender, nearest(attacker, defender.tile))


def verify_reload(state: EncounterState, action: Reload) -> None:
    actor = fighter(state, action.actor)
    weapon = actor.weapon(action.weapon)
    if weapon is None or not weapon.reloads:
        loadable = ", ".join(w.id for w in actor.weapons if w.reloads) or "none"
        raise IllegalAction(
            f"{actor.id} has no crossbow or firearm {action.weapon!r}; it has: {loadable}"
        )
    if weapon.id not in actor.unloaded:
        raise IllegalAction(f"{actor.id}'s {weapon.id} is already loaded")
    require_action(actor, contested=False)


def resolve_reload(tx: Transaction, action: Reload) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action=f"reload {action.weapon}", contested=False))
    tx.emit(Loaded(combatant=action.actor, weapon=action.weapon, loaded=True))
