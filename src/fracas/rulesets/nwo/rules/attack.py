"""Attacks (seed 000: "Melee Combat", "Ranged Combat", "Defense", "Line of Sight", "Parrying").

One strike: the attacker's panel roll, then (for a shot) the ranged defense of each character
the line of fire passes through, nearest first, then the target's defense, then damage (armor
hitpoints first), then the crit effect in the order its text gives. Melee modifiers are
"½ Weapon Skill (or ½ Nimble if Unarmed) + STR Bonus (+1 at lvl 8, +2 at lvl 10)" on both
sides; a shot is "Aiming/2" (-2 after moving) against 0, or 6 in cover.

A flamethrower's flames pass the characters on the line (A10), and a human shield standing
for the target is left to its own rule (NWO-52, holds.py) rather than rolling as a character
in the way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from fracas.core.errors import IllegalAction
from fracas.core.events import ConditionRemoved
from fracas.core.state import EncounterState, Status
from fracas.core.transaction import Transaction
from fracas.rulesets.nwo.actions import Attack, DualAttack
from fracas.rulesets.nwo.catalog import IMPROVISED, UNARMED, Weapon, catalog
from fracas.rulesets.nwo.events import (
    ActionSpent,
    AmmoSet,
    AttackResolved,
    Damaged,
    FlagSet,
)
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules import holds, movement, panel
from fracas.rulesets.nwo.rules.common import (
    BLADE_ADVANTAGE,
    BRACED,
    FOCUSED,
    GRAPPLED,
    LEVER_ACTION,
    PRONE,
    RESTRAINED,
    STUNNED,
    engagers,
    fighter,
    grid,
    half,
    options,
    require_action,
    require_movement,
    require_target,
    source_of,
    standing_on,
)
from fracas.rulesets.nwo.rules.posture import prone_cover_block

COVER_BONUS: Final = 6
MOVE_PENALTY: Final = 2
RANGED_DEFENSE_CRIT: Final = (6,)
"""A7: a ranged defense has no weapon to read a crit requirement from; Double 6."""


@dataclass(frozen=True, slots=True)
class Strike:
    """One resolved attack roll and what came of it, for crit effects and reactions."""

    attacker: str
    target: str
    weapon: Weapon
    result: str
    attack_total: int
    chain: int
    """How many extra attacks led to this one (crit chains are capped)."""

    @property
    def hit(self) -> bool:
        return self.result in ("hit", "critical")


def strength_bonus(strength: int) -> int:
    """A4: "+1 at lvl 8, +2 at lvl 10" of the Strength skill."""
    return 2 if strength >= 10 else 1 if strength >= 8 else 0


def melee_modifier(state: EncounterState, who: Operative, weapon: Weapon) -> int:
    skill = who.nimble if weapon.id == UNARMED else who.melee
    return half(state, skill) + strength_bonus(who.strength)


def ranged_modifier(state: EncounterState, who: Operative) -> int:
    return half(state, who.aiming) - (MOVE_PENALTY if movement.moving_shot(who) else 0)


def primary_weapon(who: Operative) -> Weapon:
    hand = who.in_hand
    return hand[0] if hand else catalog()[UNARMED]


def chosen_weapon(who: Operative, weapon_id: str | None) -> Weapon:
    if weapon_id is None:
        return primary_weapon(who)
    if weapon_id == UNARMED:
        return catalog()[UNARMED]
    if weapon_id == IMPROVISED and any(w.is_ranged for w in who.in_hand):
        # "A person with a ranged weapon may make an Improvised Weapon roll" (stock, whip).
        return catalog()[IMPROVISED]
    if weapon_id not in who.wielded:
        carried = ", ".join(who.wielded) or "nothing"
        raise IllegalAction(
            f"{who.id} does not hold {weapon_id!r} in hand (in hand: {carried}); draw it first"
        )
    weapon = who.weapon(weapon_id)
    assert weapon is not None
    return weapon


def check_can_strike(
    state: EncounterState, who: Operative, target: Operative, weapon: Weapon
) -> None:
    """Everything that makes an attack impossible, whoever's turn it is (AoOs use it too)."""
    require_target(who, target, "attack")
    if who.has(STUNNED):
        raise IllegalAction(f"{who.id} is stunned")
    blocked = prone_cover_block(state, who, target)
    if blocked:
        raise IllegalAction(blocked)
    board = grid(state)
    gap = board.distance(who.tile, target.tile)
    if not weapon.is_ranged:
        if gap > weapon.reach:
            raise IllegalAction(
                f"{target.id} is {gap} tiles away; {weapon.id} reaches {weapon.reach}"
            )
        return
    if weapon.hands == 2 and any(True for _ in engagers(state, who)):
        raise IllegalAction(f"{who.id} is engaged and cannot shoot a two-handed {weapon.id}")
    if weapon.range is not None and gap > weapon.range:
        raise IllegalAction(f"{target.id} is {gap} tiles away; {weapon.id} reaches {weapon.range}")
    if board.sight_blocked(who.tile, target.tile):
        raise IllegalAction(f"a wall blocks the line of sight from {who.id} to {target.id}")
    rounds = who.rounds(weapon.id)
    if rounds is not None and rounds <= 0:
        raise IllegalAction(f"{who.id}'s {weapon.id} is empty; reload (DC 10) first")


def verify(state: EncounterState, action: Attack) -> None:
    actor = fighter(state, action.actor)
    require_action(actor)
    target = fighter(state, action.target)
    weapon = chosen_weapon(actor, action.weapon)
    if action.defend_with is not None and not any(
        w.id == action.defend_with and not w.is_ranged for w in target.in_hand
    ):
        held = ", ".join(w.id for w in target.in_hand if not w.is_ranged) or "none"
        raise IllegalAction(
            f"{target.id} cannot defend with {action.defend_with!r}; melee weapons in hand: {held}"
        )
    if source_of_restrainer(state, actor) and weapon.hands == 2:
        raise IllegalAction(f"{actor.id} is holding a restraint and can make one-handed attacks")
    movement.require_shooting_range(state, actor, weapon)
    check_can_strike(state, actor, target, weapon)


def source_of_restrainer(state: EncounterState, actor: Operative) -> bool:
    return any(
        source_of(fighter(state, c.id), RESTRAINED) == actor.id for c in state.bearers(RESTRAINED)
    )


def resolve(tx: Transaction, action: Attack) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action="attack"))
    actor = fighter(tx.state, action.actor)
    weapon = chosen_weapon(actor, action.weapon)
    strike(tx, action.actor, action.target, weapon, action=action)


def attack_edge(state: EncounterState, who: Operative, target: Operative, weapon: Weapon) -> int:
    advantages = disadvantages = 0
    if who.has(GRAPPLED):
        disadvantages += 1
    if any(source_of(fighter(state, c.id), GRAPPLED) == who.id for c in state.bearers(GRAPPLED)):
        disadvantages += 1  # "While maintaining a grapple, a character's attacks are made
        # with disadvantage."
    if who.has(BLADE_ADVANTAGE) or _lever_turn(state, who):
        advantages += 1
    if weapon.is_ranged and who.has(FOCUSED) and focus_ready(state, who):
        advantages += 1
    if target.has(PRONE):
        if not weapon.is_ranged or grid(state).distance(who.tile, target.tile) <= 1:
            advantages += 1
        else:
            disadvantages += 1
    return panel.edge_of(advantages, disadvantages)


def _lever_turn(state: EncounterState, who: Operative) -> bool:
    """The lever action's advantage is for the turn at the top of the next round only, not for
    reactions before it."""
    lever = who.condition(LEVER_ACTION)
    return (
        lever is not None
        and state.turns.current == who.id
        and lever.detail == f"round {state.turns.round}"
    )


def focus_ready(state: EncounterState, who: Operative) -> bool:
    """Focus "gives Advantage to a Ranged Attack made on the next turn": not the same turn."""
    focus = who.condition(FOCUSED)
    return focus is not None and focus.detail != f"round {state.turns.round}"


def defense_edge(
    state: EncounterState, attacker: Operative, target: Operative, weapon: Weapon
) -> int:
    """The defender's advantage: Brace (melee only), a long blade's crit, and a human shield
    that stands between it and this attacker ("able to roll defense with advantage")."""
    advantages = 0
    if not weapon.is_ranged and target.has(BRACED):
        advantages += 1
    shield = holds.shield_against(state, attacker, target, weapon)
    if target.has(BLADE_ADVANTAGE) or shield is not None:
        advantages += 1
    return panel.edge_of(advantages, 0)


def defending_weapon(target: Operative, choice: str | None = None) -> Weapon:
    """The melee weapon in hand the defender parries with: its choice (NWO-67, "You are able
    to choose which weapon you defend with"), else the first one in hand, else unarmed."""
    melee = [w for w in target.in_hand if not w.is_ranged]
    chosen = next((w for w in melee if w.id == choice), None)
    if chosen is not None:
        return chosen
    return melee[0] if melee else catalog()[UNARMED]


def strike(
    tx: Transaction,
    attacker_id: str,
    target_id: str,
    weapon: Weapon,
    *,
    action: Attack | DualAttack | None = None,
    chain: int = 0,
    extra_edge: int = 0,
    reaction: bool = False,
) -> Strike:
    """Roll one attack against one defense, apply damage, then the crit effect."""
    from fracas.rulesets.nwo.rules import crits, support  # the rules that react

    state = tx.state
    attacker = fighter(state, attacker_id)
    target = fighter(state, target_id)
    if weapon.is_ranged:
        modifier = ranged_modifier(state, attacker) + support.help_bonus(state, attacker)
    else:
        modifier = melee_modifier(state, attacker, weapon) + support.help_bonus(state, attacker)
    edge = attack_edge(state, attacker, target, weapon)
    edge = max(-1, min(1, edge + extra_edge))
    attack = panel.roll(tx, attacker_id, f"attack with {weapon.id}", modifier, edge, weapon.crit)
    support.spend_help(tx, attacker_id)
    if weapon.is_ranged:
        if weapon.id != IMPROVISED:
            tx.emit(FlagSet(target=attacker_id, flag="shot", value=True))
            _spend_round(tx, attacker, weapon)
        if attacker.has(FOCUSED) and focus_ready(state, attacker):
            tx.emit(ConditionRemoved(target=attacker_id, name=FOCUSED, why="fired"))
        blocker = _shoot_through(tx, attacker, target, weapon, attack.total)
        if blocker is not None:
            result = Strike(attacker_id, blocker, weapon, "hit", attack.total, chain)
            tx.emit(
                AttackResolved(attacker=attacker_id, target=blocker, weapon=weapon.id, result="hit")
            )
            deal(tx, blocker, weapon.damage, f"{attacker_id}'s stray shot")
            return result
    outcome = defend(tx, attacker, target, weapon, attack, getattr(action, "defend_with", None))
    result = Strike(attacker_id, target_id, weapon, outcome, attack.total, chain)
    tx.emit(
        AttackResolved(attacker=attacker_id, target=target_id, weapon=weapon.id, result=outcome)
    )
    if result.hit:
        amount = weapon.crit_damage if outcome == "critical" else weapon.damage
        deal(tx, target_id, amount, f"{weapon.id}")
        holds.after_hit(tx, result)
        support.after_attacked(tx, result)
        if outcome == "critical":
            crits.apply(tx, result, action)
    else:
        holds.after_miss(tx, result)
        support.after_attacked(tx, result)
    crits.flame_splash(tx, result)
    return result


def _spend_round(tx: Transaction, attacker: Operative, weapon: Weapon) -> None:
    rounds = fighter(tx.state, attacker.id).rounds(weapon.id)
    if rounds is not None:
        tx.emit(AmmoSet(combatant=attacker.id, weapon=weapon.id, rounds=max(0, rounds - 1)))


def ignores_cover(weapon: Weapon) -> bool:
    """ "Flamethrowers ignore cover. ... Only fully blocking line of sight with a wall or
    significant barricade will grant cover." """
    return weapon.effect == "flame_area"


def in_cover(
    state: EncounterState,
    attacker: Operative,
    target: Operative,
    weapon: Weapon,
    *,
    besides: str | None = None,
) -> bool:
    """NWO-63: cover on the line of fire next to the target, or a character in the way other
    than `besides` (the target's human shield, whose protection is its own rule)."""
    if ignores_cover(weapon):
        return False
    board = grid(state)
    if board.cover_between(attacker.tile, target.tile):
        return True
    return any(o.id != besides for o in characters_in_the_way(state, attacker, target))


def characters_in_the_way(
    state: EncounterState, attacker: Operative, target: Operative
) -> list[Operative]:
    """Non-prone characters on the line of fire, nearest the shooter first (NWO-62)."""
    standing = standing_on(state)
    found = []
    for tile in grid(state).line(attacker.tile, target.tile):
        for other in standing.get(tile, ()):
            if other.status is not Status.DEAD and not other.has(PRONE):
                found.append(other)
    return found


def _shoot_through(
    tx: Transaction, attacker: Operative, target: Operative, weapon: Weapon, total: int
) -> str | None:
    """ "Attempting to shoot through a character requires that ally to roll Ranged Defense,
    and they will be hit instead if they fail." Returns who was hit instead, if anyone.

    Flames are not stopped by bodies (A10: only a wall or barricade grants cover against a
    flamethrower) unless the table plays `flame_blocked_by_characters`; and a human shield
    standing for the target protects it by the shield's rule, not by a roll of its own."""
    state = tx.state
    if ignores_cover(weapon) and not options(state).flame_blocked_by_characters:
        return None
    shield = holds.shield_against(state, attacker, target, weapon)
    for other in characters_in_the_way(state, attacker, target):
        if shield is not None and other.id == shield.id:
            continue
        purpose = "ranged defense (in the line of fire)"
        if not bystander_defends(tx, other.id, attacker, weapon, total, purpose):
            return other.id
    return None


def bystander_defends(
    tx: Transaction, who: str, attacker: Operative, weapon: Weapon, total: int, purpose: str
) -> bool:
    """The ranged defense of someone an attack was not aimed at (in its line of fire, next to
    a flamethrower's target, in the flame area): no cover, against the attack's total. A tie
    holds (NWO-12), and so does a Double 6 whatever the totals: "In the event of a critical
    success defense roll, the character automatically succeeds against the attack" (NWO-66).
    The attack's own crit belongs to its target. The helpless roll nothing and are caught."""
    other = fighter(tx.state, who)
    if not other.is_active:
        return False
    edge = defense_edge(tx.state, attacker, other, weapon)
    defense = panel.roll(tx, who, purpose, 0, edge, RANGED_DEFENSE_CRIT)
    return defense.is_double(RANGED_DEFENSE_CRIT) or defense.total >= total


def defend(
    tx: Transaction,
    attacker: Operative,
    target: Operative,
    weapon: Weapon,
    attack: panel.PanelRoll,
    defend_with: str | None = None,
) -> str:
    state = tx.state
    attack_crit = attack.is_double(weapon.crit)
    if weapon.is_ranged:
        shield = holds.shield_against(state, attacker, target, weapon)
        besides = None if shield is None else shield.id
        covered = in_cover(state, attacker, target, weapon, besides=besides)
        bonus = COVER_BONUS if covered else 0
        crit_faces: tuple[int, ...] = RANGED_DEFENSE_CRIT
        purpose = "ranged defense" + (" in cover" if bonus else "")
    else:
        guard = defending_weapon(target, defend_with)
        bonus = melee_modifier(state, target, guard)
        crit_faces = guard.crit
        purpose = f"melee defense with {guard.id}"
    if not target.is_active:
        return "critical" if attack_crit else "hit"  # the helpless roll no defense
    edge = defense_edge(state, attacker, target, weapon)
    defense = panel.roll(tx, target.id, purpose, bonus, edge, crit_faces)
    defense_crit = defense.is_double(crit_faces)
    if attack_crit and defense_crit:
        outcome = "parry"  # "both attack and defender crit, Parry Rules apply"
    elif defense_crit:
        return "defense_critical"
    elif attack_crit and options(state).crit_wins:
        return "critical"
    elif attack.total > defense.total:
        return "critical" if attack_crit else "hit"
    elif attack.total == defense.total:
        outcome = "parry"
    else:
        return "miss"
    if options(state).parry == "reroll":
        # NWO-12 by agreement: both parties roll the same exchange again, so the attacker keeps
        # its edge and help bonus, and the defender its chosen weapon.
        again = panel.again(tx, attacker.id, attack, "parry re-roll")
        return defend(tx, attacker, target, weapon, again, defend_with)
    return outcome


def deal(tx: Transaction, target_id: str, amount: int, source: str) -> None:
    """NWO-56: "If an attack is taken while wearing armor, armor hitpoints are consumed first." """
    target = fighter(tx.state, target_id)
    if target.status is Status.DEAD:
        return
    to_armor = min(target.ahp, amount)
    hp = max(0, target.hp - (amount - to_armor))
    tx.emit(
        Damaged(target=target_id, amount=amount, ahp=target.ahp - to_armor, hp=hp, source=source)
    )


def verify_dual(state: EncounterState, action: DualAttack) -> None:
    actor = fighter(state, action.actor)
    require_action(actor)
    require_movement(actor)
    if actor.moved > 0:
        raise IllegalAction(f"{actor.id} has moved; two attacks need the whole movement")
    blades = [w for w in actor.in_hand if not w.is_ranged and w.hands == 1]
    if len(blades) < 2:
        raise IllegalAction(
            f"{actor.id} needs two one-handed melee weapons in hand to attack twice (A19)"
        )
    check_can_strike(state, actor, fighter(state, action.target), blades[0])
    second = fighter(state, action.second_target or action.target)
    check_can_strike(state, actor, second, blades[1])


def resolve_dual(tx: Transaction, action: DualAttack) -> None:
    """NWO-68: "you can forego moving to make two attacks. The second attack is made at
    disadvantage. You cannot move if you make two attacks." """
    tx.emit(ActionSpent(combatant=action.actor, action="dual attack", movement_too=True))
    actor = fighter(tx.state, action.actor)
    first, second = [w for w in actor.in_hand if not w.is_ranged and w.hands == 1][:2]
    strike(tx, action.actor, action.target, first, action=action)
    second_target = action.second_target or action.target
    if fighter(tx.state, action.actor).is_active and fighter(tx.state, second_target).is_active:
        strike(tx, action.actor, second_target, second, action=action, extra_edge=-1)


RULES = {Attack: (verify, resolve), DualAttack: (verify_dual, resolve_dual)}
