"""Disarming the one held, and the weapon that flies (seed 004, "Grappling").

"You may try to disarm them, which is a contested Strength check. On a success, you may
choose to either grab their weapon for yourself, or drop it onto the ground / throw it up to
5 + Strength distances away. When throwing it, roll Dexterity. On a success, it lands where
you wanted it to. On a fail, roll a 1d[distance thrown] − 1. The result is where it lands
instead."

Readings (P38): the holder adds the Strength difference here too (the seed's "still adds"
of the other follow-ups; P14); the disarmer names the weapon, any the held one carries but
bare hands. A throw is aimed at a distance 1 to 5 + Strength from the thrower (at its own
distance it is a drop); "roll Dexterity" is a pool needing one success, as a shot with no
cover does, with no range penalty. On a fail the weapon lands 1d[distance thrown] − 1
distances from the thrower toward the aim (a throw of 6 lands 0-5 away: checklist example 8).
A dropped weapon lies at the held one's distance. Weapons on the line are `map.ground`
entries; anyone on the ground there picks one up as the turn's action (rules/ground.py).

Dice order: the holder's Strength + the difference, then the held one's Strength; on a
successful throw, the thrower's Dexterity pool; on a failed one, the 1d[distance thrown].
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.actions import Disarm
from fracas.rulesets.pools.events import ActionSpent, WeaponLanded, WeaponTaken
from fracas.rulesets.pools.rules.contest import contest
from fracas.rulesets.pools.rules.dice import pool
from fracas.rulesets.pools.rules.grappling import holder_pool
from fracas.rulesets.pools.rules.holds import held_target
from fracas.rulesets.pools.sheet import TRACK_MAX, UNARMED
from fracas.rulesets.pools.soldier import Soldier

THROW_BASE = 5


def throw_range(thrower: Soldier) -> int:
    """ "up to 5 + Strength distances away": Strength 3 throws up to 8."""
    return THROW_BASE + thrower.strength


def verify(state: EncounterState, action: Disarm) -> None:
    holder, target = held_target(state, action.actor, "disarm")
    weapon = target.weapon(action.weapon)
    if weapon is None or action.weapon == UNARMED:
        carried = ", ".join(w.id for w in target.weapons) or "nothing"
        raise IllegalAction(
            f"{target.id} carries no weapon {action.weapon!r} to disarm; it carries: {carried}"
        )
    if action.then != "throw" and action.to is not None:
        raise IllegalAction(f"`to` is where a throw lands; `then: {action.then}` takes none")
    if action.then == "take" and holder.weapon(action.weapon) is not None:
        raise IllegalAction(
            f"{holder.id} already carries a weapon {action.weapon!r}; drop or throw this one"
        )
    if action.then == "throw":
        reach = throw_range(holder)
        if action.to is None:
            raise IllegalAction(
                f"a throw needs `to`: a distance 1 to {reach} away from {holder.id} "
                f"(at {holder.distance})"
            )
        thrown = abs(action.to - holder.distance)
        if not 1 <= thrown <= reach:
            raise IllegalAction(
                f"{holder.id} at distance {holder.distance} throws 1 to {reach} distances "
                f"(5 + Strength {holder.strength}), not {thrown}; `then: drop` lets it fall here"
            )


def resolve(tx: Transaction, action: Disarm) -> None:
    holder, target = held_target(tx.state, action.actor, "disarm")
    tx.emit(ActionSpent(combatant=holder.id, action=f"disarm {target.id} of {action.weapon}"))
    dice = holder_pool(tx.state, holder, target)
    if contest(tx, "disarm", holder.id, target.id, dice, target.strength) != holder.id:
        return
    if action.then == "take":
        tx.emit(WeaponTaken(taker=holder.id, owner=target.id, weapon=action.weapon))
    elif action.then == "drop":
        tx.emit(WeaponLanded(owner=target.id, weapon=action.weapon, distance=target.distance))
    else:
        assert action.to is not None
        landed = landing(tx, holder, action.to)
        tx.emit(
            WeaponLanded(owner=target.id, weapon=action.weapon, distance=landed, aimed=action.to)
        )


def landing(tx: Transaction, thrower: Soldier, aim: int) -> int:
    """Where a thrown weapon lands: at the aim on a Dexterity success, else 1d[distance
    thrown] − 1 distances from the thrower toward the aim."""
    if pool(tx, thrower.dexterity, f"throw: {thrower.id}'s Dexterity") >= 1:
        return aim
    thrown = abs(aim - thrower.distance)
    off = tx.roll(f"1d{thrown}", f"throw gone astray: 1d{thrown} - 1") - 1
    step = 1 if aim > thrower.distance else -1
    return min(TRACK_MAX, max(0, thrower.distance + step * off))
