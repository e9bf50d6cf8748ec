"""Weapons in hand: drawing, swapping, dropping, disarming, reloading and suppressive fire
(seed 000: "Drawing and Swapping Weapons", "Dual Wielding", "Disarming", "Reloading",
"Suppressive Fire").

Where a weapon is: in hand (`wielded`, primary hand first), readily available (`holstered`),
on the ground (`dropped`), or stowed (carried in the arsenal but in none of those). Two hands:
a two-handed weapon fills both. Putting a weapon away (`stow`) puts it back in its holster.
Dropped weapons lie at the owner's feet; the engine does not track them on the map.

Dice order: a disarm rolls the attacker's attack then the target's melee defense; a reload
rolls Aiming (A5, DC 10); suppressive fire rolls as a shot (attack.strike); a suppressed
character's Resolve check rolls alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Final

from fracas.core.actions import Action
from fracas.core.conditions import Condition, Expiry
from fracas.core.errors import IllegalAction
from fracas.core.events import ConditionApplied, ConditionRemoved
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.nwo.actions import (
    Attack,
    Disarm,
    Drag,
    Draw,
    Drop,
    DualAttack,
    Move,
    Overwatch,
    Reload,
    ResolveCheck,
    Stow,
    Suppress,
    Swap,
)
from fracas.rulesets.nwo.catalog import UNARMED, Weapon, catalog
from fracas.rulesets.nwo.events import (
    ActionSpent,
    AmmoSet,
    AttackResolved,
    NwoEvent,
    WeaponsChanged,
    operative,
    update,
)
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules import attack, movement, panel, support
from fracas.rulesets.nwo.rules.common import (
    RESTRAINED,
    STARTLED,
    SUPPRESSED,
    check_modifier,
    fighter,
    half,
    options,
    require_action,
    source_of,
)

RELOAD_DC: Final = 10
SUPPRESSION_DC = 12
RELOADING = "reloading"
"""A failed reload after moving waits for the next turn (option reload_after_moving)."""
STEADIED = "steadied"
"""Passed the Resolve check against suppressive fire: acts and moves as normal this turn."""


# -- where weapons are -------------------------------------------------------------------


def place_of(who: Operative, weapon_id: str) -> str:
    """hand, holstered, dropped or stowed; IllegalAction if the weapon is not carried."""
    if who.weapon(weapon_id) is None or weapon_id == UNARMED:
        carried = ", ".join(w.id for w in who.arsenal) or "nothing"
        raise IllegalAction(f"{who.id} carries no {weapon_id!r} (carries: {carried})")
    if weapon_id in who.wielded:
        return "hand"
    if weapon_id in who.holstered:
        return "holstered"
    if weapon_id in who.dropped:
        return "dropped"
    return "stowed"


def hands_for(who: Operative, weapon_ids: tuple[str, ...]) -> int:
    return sum(w.hands for w in who.arsenal if w.id in weapon_ids)


def _changed(tx: Transaction, who: Operative, why: str, **places: tuple[str, ...]) -> None:
    tx.emit(
        WeaponsChanged(
            combatant=who.id,
            wielded=places.get("wielded", who.wielded),
            holstered=places.get("holstered", who.holstered),
            dropped=places.get("dropped", who.dropped),
            why=why,
        )
    )


def _without(items: tuple[str, ...], gone: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(i for i in items if i not in gone)


def _check_list(who: Operative, weapons: tuple[str, ...], what: str) -> None:
    if not weapons or len(weapons) > 2 or len(set(weapons)) != len(weapons):
        raise IllegalAction(
            f"{what} takes one two-handed weapon or two one-handed weapons, not {list(weapons)}"
        )


def _refuse_if_restrained(who: Operative) -> None:
    """NWO-50: the restrained are disarmed, and stay so while restrained."""
    if who.has(RESTRAINED):
        raise IllegalAction(f"{who.id} is restrained and cannot take up a weapon")


def verify_draw(state: EncounterState, action: Draw) -> None:
    """NWO-23/24: one action draws one two-handed or two one-handed readily available
    weapons; a stowed or dropped weapon comes up alone."""
    who = fighter(state, action.actor)
    _refuse_if_restrained(who)
    _check_list(who, action.weapons, "a draw")
    for weapon_id in action.weapons:
        place = place_of(who, weapon_id)
        if place == "hand":
            raise IllegalAction(f"{who.id} already holds {weapon_id}")
        if place != "holstered" and len(action.weapons) > 1:
            raise IllegalAction(
                f"{weapon_id} is {place}, not readily available: it is drawn alone, one action"
            )
    require_action(who)
    needed = hands_for(who, action.weapons)
    if needed > who.free_hands:
        holding = ", ".join(who.wielded)
        raise IllegalAction(
            f"{who.id} has {who.free_hands} free hands (holding {holding}) and "
            f"{', '.join(action.weapons)} need {needed}: drop (free), stow (an action) or swap "
            "a readily available weapon"
        )


def resolve_draw(tx: Transaction, action: Draw) -> None:
    who = fighter(tx.state, action.actor)
    tx.emit(ActionSpent(combatant=who.id, action=f"draw {', '.join(action.weapons)}"))
    _changed(
        tx,
        who,
        f"draws {', '.join(action.weapons)}",
        wielded=(*who.wielded, *action.weapons),
        holstered=_without(who.holstered, action.weapons),
        dropped=_without(who.dropped, action.weapons),
    )


def verify_swap(state: EncounterState, action: Swap) -> None:
    """NWO-23: holster what is in hand and draw readily available weapons, one action."""
    who = fighter(state, action.actor)
    _refuse_if_restrained(who)
    require_action(who)
    _check_list(who, action.weapons, "a swap")
    for weapon_id in action.weapons:
        place = place_of(who, weapon_id)
        if place == "hand":
            raise IllegalAction(f"{who.id} already holds {weapon_id}")
        if place == "stowed":
            raise IllegalAction(
                f"{weapon_id} is stowed, not readily available: stow what is in hand (an "
                "action) then draw it (an action), or drop (free) and draw it (an action)"
            )
        if place == "dropped":
            raise IllegalAction(f"{weapon_id} is on the ground: pick it up with draw")
    needed = hands_for(who, action.weapons)
    if needed > 2:
        raise IllegalAction(f"{', '.join(action.weapons)} need {needed} hands; a character has 2")


def resolve_swap(tx: Transaction, action: Swap) -> None:
    who = fighter(tx.state, action.actor)
    tx.emit(ActionSpent(combatant=who.id, action=f"swap to {', '.join(action.weapons)}"))
    _changed(
        tx,
        who,
        f"holsters {', '.join(who.wielded) or 'nothing'} and draws {', '.join(action.weapons)}",
        wielded=action.weapons,
        holstered=(*_without(who.holstered, action.weapons), *who.wielded),
    )


def _in_hand(who: Operative, weapon_id: str) -> None:
    if weapon_id not in who.wielded:
        holding = ", ".join(who.wielded) or "nothing"
        raise IllegalAction(f"{who.id} does not hold {weapon_id!r} (in hand: {holding})")


def verify_drop(state: EncounterState, action: Drop) -> None:
    _in_hand(fighter(state, action.actor), action.weapon)


def resolve_drop(tx: Transaction, action: Drop) -> None:
    """Free: "you may choose to drop your weapon to equip this new weapon as one action"."""
    who = fighter(tx.state, action.actor)
    _changed(
        tx,
        who,
        f"drops {action.weapon}",
        wielded=_without(who.wielded, (action.weapon,)),
        dropped=(*who.dropped, action.weapon),
    )


def verify_stow(state: EncounterState, action: Stow) -> None:
    who = fighter(state, action.actor)
    require_action(who)
    _in_hand(who, action.weapon)


def resolve_stow(tx: Transaction, action: Stow) -> None:
    """NWO-24: "one action putting away their currently equipped weapon"."""
    who = fighter(tx.state, action.actor)
    tx.emit(ActionSpent(combatant=who.id, action=f"stow {action.weapon}"))
    _changed(
        tx,
        who,
        f"puts away {action.weapon}",
        wielded=_without(who.wielded, (action.weapon,)),
        holstered=(*who.holstered, action.weapon),
    )


# -- disarming ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponTaken(NwoEvent):
    """A disarmed weapon caught by the attacker: it leaves the target's kit for the taker's
    hand, with its magazine."""

    kind: ClassVar[str] = "weapon_taken"
    combatant: str
    target: str
    weapon: str

    def apply(self, state: EncounterState) -> EncounterState:
        loser = operative(state, self.target)
        taker = operative(state, self.combatant)
        taken = loser.weapon(self.weapon)
        assert taken is not None
        rounds = loser.rounds(self.weapon)
        state = update(
            state,
            loser.id,
            arsenal=tuple(w for w in loser.arsenal if w.id != self.weapon),
            wielded=_without(loser.wielded, (self.weapon,)),
            ammo=tuple((w, n) for w, n in loser.ammo if w != self.weapon),
        )
        ammo = taker.ammo if rounds is None else (*taker.ammo, (self.weapon, rounds))
        return update(
            state,
            taker.id,
            arsenal=(*taker.arsenal, taken),
            wielded=(*taker.wielded, self.weapon),
            ammo=ammo,
        )

    def describe(self) -> str:
        return f"{self.combatant} takes {self.target}'s {self.weapon}"


def disarm_weapon(who: Operative, weapon_id: str | None) -> Weapon:
    """ "a normal one-handed or unarmed attack roll": a one-handed melee weapon in hand, or
    the bare hand."""
    if weapon_id is None:
        found = next((w for w in who.in_hand if w.hands == 1 and not w.is_ranged), None)
        return found or catalog()[UNARMED]
    weapon = attack.chosen_weapon(who, weapon_id)
    if weapon.id != UNARMED and (weapon.hands != 1 or weapon.is_ranged):
        raise IllegalAction(
            f"a disarm is a one-handed or unarmed melee attack roll; {weapon.id} is not one "
            f"(use a one-handed melee weapon in hand or {UNARMED})"
        )
    return weapon


def verify_disarm(state: EncounterState, action: Disarm) -> None:
    """NWO-21: needs a free hand; an attack roll within the weapon's reach."""
    who = fighter(state, action.actor)
    require_action(who)
    target = fighter(state, action.target)
    if who.free_hands < 1:
        raise IllegalAction(
            f"{who.id} has no free hand (holding {', '.join(who.wielded)}); a disarm needs "
            "one: drop (free) or stow a weapon first"
        )
    weapon = disarm_weapon(who, action.weapon)
    attack.check_can_strike(state, who, target, weapon)
    if not target.wielded:
        raise IllegalAction(f"{target.id} holds no weapon to disarm")
    if action.take:
        prize = target.weapon(target.wielded[0])
        assert prize is not None
        if prize.hands > who.free_hands:
            raise IllegalAction(
                f"{target.id}'s {prize.id} needs {prize.hands} hands and {who.id} has "
                f"{who.free_hands} free: disarm without take to drop it"
            )
        if who.weapon(prize.id) is not None:
            raise IllegalAction(
                f"{who.id} already carries a weapon called {prize.id!r}; disarm without take"
            )


def resolve_disarm(tx: Transaction, action: Disarm) -> None:
    """NWO-21/22: one free hand rolls at disadvantage, two with no penalty; on success the
    primary-hand weapon drops (or is caught) and the disarming weapon's damage is dealt."""
    tx.emit(ActionSpent(combatant=action.actor, action=f"disarm {action.target}"))
    state = tx.state
    who = fighter(state, action.actor)
    target = fighter(state, action.target)
    weapon = disarm_weapon(who, action.weapon)
    edge = attack.attack_edge(state, who, target, weapon)
    if who.free_hands == 1:
        edge = max(-1, edge - 1)
    modifier = attack.melee_modifier(state, who, weapon) + support.help_bonus(state, who)
    roll = panel.roll(tx, who.id, f"disarm with {weapon.id}", modifier, edge, weapon.crit)
    support.spend_help(tx, who.id)
    outcome = attack.defend(tx, who, target, weapon, roll)
    tx.emit(AttackResolved(attacker=who.id, target=target.id, weapon=weapon.id, result=outcome))
    hit = outcome in ("hit", "critical")
    if hit:
        target = fighter(tx.state, target.id)
        prize = target.wielded[0]
        if action.take:
            tx.emit(WeaponTaken(combatant=who.id, target=target.id, weapon=prize))
        else:
            _changed(
                tx,
                target,
                f"is disarmed by {who.id}: {prize} drops",
                wielded=_without(target.wielded, (prize,)),
                dropped=(*target.dropped, prize),
            )
        attack.deal(tx, target.id, weapon.damage, f"disarm with {weapon.id}")
    struck = attack.Strike(who.id, target.id, weapon, "hit" if hit else "miss", roll.total, 0)
    support.after_attacked(tx, struck)


# -- reloading ---------------------------------------------------------------------------


def reload_weapon(who: Operative, weapon_id: str | None) -> Weapon:
    if weapon_id is None:
        fed = [w for w in who.in_hand if who.rounds(w.id) is not None]
        empty = [w for w in fed if who.rounds(w.id) == 0]
        if not fed:
            raise IllegalAction(f"{who.id} holds no magazine-fed weapon to reload")
        return (empty or fed)[0]
    _in_hand(who, weapon_id)
    weapon = who.weapon(weapon_id)
    assert weapon is not None
    return weapon


def verify_reload(state: EncounterState, action: Reload) -> None:
    who = fighter(state, action.actor)
    require_action(who)
    weapon = reload_weapon(who, action.weapon)
    rounds = who.rounds(weapon.id)
    if rounds is None or weapon.magazine is None:
        raise IllegalAction(f"{weapon.id} has no magazine to reload")
    if rounds > 0:
        raise IllegalAction(
            f"{who.id}'s {weapon.id} still has {rounds} of {weapon.magazine} rounds; reload "
            "once it is empty"
        )


def resolve_reload(tx: Transaction, action: Reload) -> None:
    """NWO-53, A18: DC 10 on Aiming (A5). Success is instant and keeps the action. Failure
    makes this the turn "dedicated to Reloading": action and movement both go, and the
    magazine is full when the turn's work is done. A turn that has already moved is no longer
    whole: the magazine stays empty (option reload_after_moving: next_turn dedicates the next
    turn instead)."""
    who = fighter(tx.state, action.actor)
    weapon = reload_weapon(who, action.weapon)
    assert weapon.magazine is not None
    modifier = check_modifier(tx.state, who.aiming)
    if panel.check(tx, who.id, f"reload {weapon.id}", modifier, RELOAD_DC):
        tx.emit(AmmoSet(combatant=who.id, weapon=weapon.id, rounds=weapon.magazine))
        return
    if who.moved == 0 and not who.movement_spent:
        tx.emit(
            ActionSpent(
                combatant=who.id, action=f"reload {weapon.id} (a whole turn)", movement_too=True
            )
        )
        tx.emit(AmmoSet(combatant=who.id, weapon=weapon.id, rounds=weapon.magazine))
        return
    if options(tx.state).reload_after_moving == "next_turn":
        tx.emit(
            ActionSpent(
                combatant=who.id,
                action=f"reload {weapon.id} failed after moving: the next turn is dedicated to it",
                movement_too=True,
            )
        )
        pending = Condition(name=RELOADING, source=who.id, detail=weapon.id)
        tx.emit(ConditionApplied(target=who.id, condition=pending))
        return
    tx.emit(
        ActionSpent(
            combatant=who.id,
            action=f"reload {weapon.id} failed after moving: no whole turn left, still empty",
            movement_too=True,
        )
    )


def on_turn_start(tx: Transaction, combatant_id: str) -> None:
    """A reload carried over (option reload_after_moving: next_turn) takes this whole turn."""
    who = fighter(tx.state, combatant_id)
    pending = who.condition(RELOADING)
    if pending is None or pending.detail is None:
        return
    weapon = who.weapon(pending.detail)
    tx.emit(
        ActionSpent(
            combatant=who.id,
            action=f"a turn dedicated to reloading {pending.detail}",
            movement_too=True,
        )
    )
    if weapon is not None and weapon.magazine is not None:
        tx.emit(AmmoSet(combatant=who.id, weapon=weapon.id, rounds=weapon.magazine))
    tx.emit(ConditionRemoved(target=who.id, name=RELOADING, why="reloaded"))


# -- suppressive fire --------------------------------------------------------------------


def suppress_weapon(who: Operative, weapon_id: str | None) -> Weapon:
    """ "When wielding an assault rifle": the rifle is known by its crit effect."""
    weapon = (
        attack.chosen_weapon(who, weapon_id)
        if weapon_id is not None
        else next((w for w in who.in_hand if w.effect == "suppress_target"), None)
    )
    if weapon is None or weapon.effect != "suppress_target":
        raise IllegalAction(
            f"suppressive fire needs an assault rifle in hand; {who.id} holds "
            f"{', '.join(who.wielded) or 'nothing'}"
        )
    return weapon


def verify_suppress(state: EncounterState, action: Suppress) -> None:
    who = fighter(state, action.actor)
    require_action(who)
    target = fighter(state, action.target)
    weapon = suppress_weapon(who, action.weapon)
    movement.require_shooting_range(state, who, weapon)
    attack.check_can_strike(state, who, target, weapon)
    if not attack.in_cover(state, who, target, weapon):
        raise IllegalAction(
            f"{target.id} is not behind cover from {who.id}; suppressive fire targets a "
            "character in cover"
        )
    rounds = who.rounds(weapon.id) or 0
    needed = half(state, weapon.magazine or 0)
    if rounds < needed:
        raise IllegalAction(
            f"{who.id}'s {weapon.id} has {rounds} rounds; suppressive fire needs at least "
            f"half the magazine ({needed} of {weapon.magazine})"
        )


def resolve_suppress(tx: Transaction, action: Suppress) -> None:
    """NWO-54/55: a ranged attack that empties the magazine; hit or miss, the target is
    suppressed until the start of the attacker's next turn."""
    tx.emit(ActionSpent(combatant=action.actor, action=f"suppressive fire at {action.target}"))
    who = fighter(tx.state, action.actor)
    weapon = suppress_weapon(who, action.weapon)
    attack.strike(tx, who.id, action.target, weapon)
    tx.emit(AmmoSet(combatant=who.id, weapon=weapon.id, rounds=0))
    if fighter(tx.state, action.target).is_active:
        suppressed = Condition(
            name=SUPPRESSED, source=who.id, expiry=Expiry.START_OF_TURN, anchor=who.id
        )
        tx.emit(ConditionApplied(target=action.target, condition=suppressed))


def suppression_block(state: EncounterState, actor: str, action: Any) -> str | None:
    """Why a suppressed character may not do this now: moving, or attacking (exposing itself
    to) the suppressor, before passing the Resolve check this turn. Anything else is allowed
    ("may take any other action or reaction that would not expose them")."""
    who = state.find(actor)
    if not isinstance(who, Operative) or not isinstance(action, Action):
        return None
    source = source_of(who, SUPPRESSED)
    if source is None or who.has(STEADIED):
        return None
    moving = isinstance(action, Move | Drag)
    aimed = {getattr(action, "target", None), getattr(action, "second_target", None)}
    exposing = isinstance(action, Attack | DualAttack | Overwatch | Disarm) and source in aimed
    if not moving and not exposing:
        return None
    if who.has(STARTLED):
        return (
            f"{who.id} is startled in place by {source}'s suppressive fire: no movement or "
            f"attack on {source} this turn"
        )
    return (
        f"{who.id} is suppressed by {source}: pass a Resolve check (resolve_check, DC 12) "
        f"before moving out of cover or attacking {source}"
    )


def verify_resolve_check(state: EncounterState, action: ResolveCheck) -> None:
    who = fighter(state, action.actor)
    if not who.has(SUPPRESSED):
        raise IllegalAction(f"{who.id} is not suppressed; the Resolve check is for suppression")
    if who.has(STEADIED) or who.has(STARTLED):
        raise IllegalAction(f"{who.id} has already rolled Resolve against suppression this turn")


def resolve_resolve_check(tx: Transaction, action: ResolveCheck) -> None:
    """NWO-55: "On success, they may take their action or movement as normal. On failure,
    they are startled in place." Free: it spends neither the action nor the movement."""
    who = fighter(tx.state, action.actor)
    modifier = check_modifier(tx.state, who.resolve)
    passed = panel.check(tx, who.id, "resolve against suppression", modifier, SUPPRESSION_DC)
    condition = Condition(
        name=STEADIED if passed else STARTLED,
        source=source_of(who, SUPPRESSED),
        expiry=Expiry.END_OF_TURN,
        anchor=who.id,
    )
    tx.emit(ConditionApplied(target=who.id, condition=condition))


RULES = {
    Draw: (verify_draw, resolve_draw),
    Swap: (verify_swap, resolve_swap),
    Drop: (verify_drop, resolve_drop),
    Stow: (verify_stow, resolve_stow),
    Disarm: (verify_disarm, resolve_disarm),
    Reload: (verify_reload, resolve_reload),
    Suppress: (verify_suppress, resolve_suppress),
    ResolveCheck: (verify_resolve_check, resolve_resolve_check),
}
