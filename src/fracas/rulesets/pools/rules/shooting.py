"""Ranged attacks (seed 004, "Combat", "Ranged", "Distance", friendly fire).

"To attack someone with a ranged weapon, you roll your Dexterity versus their cover. If
they have no cover, you still need 1 success." "Rate of fire describes how many shots you
can fire in one turn. You can shoot multiple targets per turn, but you must waste one shot
per additional target." "Shooting each target is rolled individually". "You need 1 success
over the opponent's cover to shoot them. Every success above that is an additional shot
into your target, up to how many shots you have fired." "Every shot past the first adds
+1d6 to your accuracy." "Damage reductions apply to each shot individually." "You cannot
perform ranged attacks if there are enemies within distance 0." "For every 10 distances
away from the target, you have a −3d6 penalty to shoot them."

Readings (docs/rulesets/pools.md): the pool is Dexterity + 1 die per shot past the first at
that target (P4, `extra_shot_dice`) − the range and view penalties (P7), never below one die;
a target that cannot be seen gets the one die on 6 instead, with no bonus and no penalty
(P17). The cover's pool is rolled once per target roll (P5); hits = the net successes, up to
the shots at that target. Ammunition leaves in the declared order (`ammo`), target by target
in the order the targets are listed, a wasted shot between two targets (P20); the hits on a
target are its first rounds.

Dice order, per target in the listed order: the shooter's pool, then the cover's pool (none
without cover); damage rolls nothing.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.actions import Aim, Shoot
from fracas.rulesets.pools.events import ActionSpent, AutomaticHit, ItemThrown, ShotRolled
from fracas.rulesets.pools.rules import ambush, armor, shield, stealth
from fracas.rulesets.pools.rules.common import (
    apart,
    cover_rating,
    enemies_at_zero,
    options,
    require_action,
    require_target,
    soldier,
)
from fracas.rulesets.pools.rules.dice import blind_die, pool
from fracas.rulesets.pools.rules.friendly import friendly_fire
from fracas.rulesets.pools.rules.hands import require_hands
from fracas.rulesets.pools.rules.harm import deal
from fracas.rulesets.pools.rules.sight import range_penalty, sees, view_penalty
from fracas.rulesets.pools.sheet import Ammo, Weapon
from fracas.rulesets.pools.soldier import Soldier


def ranged_weapon(actor: Soldier, weapon_id: str) -> Weapon:
    weapon = actor.weapon(weapon_id)
    if weapon is None or not weapon.shoots:
        accepted = ", ".join(w.id for w in actor.weapons if w.shoots) or "none"
        raise IllegalAction(
            f"{actor.id} has no ranged or thrown weapon {weapon_id!r}; it carries: {accepted}"
        )
    return weapon


def shots_fired(targets: list[Aim]) -> int:
    """Shots the turn uses: those at each target plus one wasted per target past the first."""
    return sum(a.shots for a in targets) + len(targets) - 1


def verify(state: EncounterState, action: Shoot) -> None:
    actor = soldier(state, action.actor)
    require_action(actor)
    weapon = ranged_weapon(actor, action.weapon)
    require_hands(state, actor, weapon.hands, weapon.id)
    require_no_close_enemy(state, actor)
    named = [a.target for a in action.targets]
    if len(set(named)) != len(named):
        raise IllegalAction("each target is named once; give it more `shots` instead")
    for aim in action.targets:
        require_target(actor, soldier(state, aim.target))
        stealth.require_known(state, actor, soldier(state, aim.target))
    fired = shots_fired(action.targets)
    if fired > weapon.rate_of_fire:
        raise IllegalAction(
            f"{fired} shots ({'+'.join(str(a.shots) for a in action.targets)} and "
            f"{len(named) - 1} wasted between targets) exceed {weapon.id}'s rate of fire "
            f"{weapon.rate_of_fire}"
        )


def require_no_close_enemy(state: EncounterState, actor: Soldier) -> None:
    """ "You cannot perform ranged attacks if there are enemies within distance 0" (P52):
    the enemies there whose place `actor` knows, or any (`close_enemy_blocks: any`). The
    refusal names only those it knows, so it never gives a hidden one away."""
    close = enemies_at_zero(state, actor)
    known = [c.id for c in close if stealth.knows_where(actor, c)]
    unknown = len(close) - len(known)
    if known:
        raise IllegalAction(
            f"{actor.id} cannot shoot with an enemy at distance 0 ({', '.join(known)}); "
            "attack in melee or move away"
        )
    if unknown and options(state).close_enemy_blocks == "any":
        raise IllegalAction(
            f"{actor.id} cannot shoot: an enemy it has not found is at distance 0 "
            "(close_enemy_blocks: any)"
        )


def accuracy(state: EncounterState, shooter: Soldier, target: Soldier, extra: int) -> int:
    """The shooter's pool at a seen target: Dexterity, +1 die a shot past the first, less
    3 dice for every 10 distances and 3 for every 10 past the view range (at least 1)."""
    gap = apart(state, shooter, target)
    dice = shooter.dexterity + extra - range_penalty(gap)
    dice -= view_penalty(shooter.intelligence, gap)
    return max(1, dice)


def resolve(tx: Transaction, action: Shoot) -> None:
    shooter = soldier(tx.state, action.actor)
    weapon = ranged_weapon(shooter, action.weapon)
    names = ", ".join(a.target for a in action.targets)
    tx.emit(ActionSpent(combatant=shooter.id, action=f"shoot {names} with {weapon.id}"))
    loads = weapon.loads
    fired = shots_fired(action.targets)
    bullet = 0
    for index, aim in enumerate(action.targets):
        if index:
            bullet += 1  # the shot wasted turning to the next target
        target = soldier(tx.state, aim.target)
        if not target.is_active:
            bullet += aim.shots  # fired at someone already down: the rounds are spent
            continue
        rounds = [_round(loads, bullet + n) for n in range(aim.shots)]
        bullet += aim.shots
        _fire_at(tx, shooter, target, weapon, aim.shots, fired, rounds)
    if weapon.kind == "thrown":
        tx.emit(ItemThrown(combatant=shooter.id, weapon=weapon.id))
    stealth.after_attack(tx, shooter.id, weapon)


def _round(loads: tuple[Ammo, ...], index: int) -> Ammo | None:
    """The ammunition of the `index`-th shot of the turn, the declared order repeating."""
    return loads[index % len(loads)] if loads else None


def _fire_at(
    tx: Transaction,
    shooter: Soldier,
    target: Soldier,
    weapon: Weapon,
    shots: int,
    fired: int,
    rounds: list[Ammo | None],
) -> None:
    state = tx.state
    if ambush.automatic(shooter, target):
        tx.emit(AutomaticHit(attacker=shooter.id, target=target.id, hits=shots))
        _damage(tx, shooter, weapon, [target.id] * shots, rounds)
        return
    if sees(state, shooter, target):
        extra = shots - 1 if options(state).extra_shot_dice == "per_target" else fired - 1
        dice = accuracy(state, shooter, target, extra)
        successes = pool(tx, dice, f"shot: {shooter.id} at {target.id}")
    else:
        successes = blind_die(tx, f"shot: {shooter.id} at {target.id}, unseen")
    rating, cover_dice, body = shield.cover(state, target, cover_rating(state, target))
    cover = 0
    if cover_dice:
        cover = pool(tx, cover_dice, f"{rating} cover: {target.id}", minimum=0)
    net = max(0, successes - cover)
    outcome = friendly_fire(tx.state, shooter, target, net, shots)
    tx.emit(
        ShotRolled(
            shooter=shooter.id,
            target=target.id,
            shots=shots,
            successes=successes,
            cover=cover,
            net=net,
            hits=outcome.hits,
            ally_hits=outcome.ally_hits,
        )
    )
    _damage(tx, shooter, weapon, [target.id] * outcome.hits + list(outcome.ally_hits), rounds)
    _damage(tx, shooter, weapon, shield.saved_by_body(body, successes, net, shots), rounds)


def _damage(
    tx: Transaction,
    shooter: Soldier,
    weapon: Weapon,
    struck: list[str],
    rounds: list[Ammo | None],
) -> None:
    """Each hit deals its round's damage, reduced on its own (POOLS-10)."""
    for aimed, load in zip(struck, rounds, strict=False):
        who = shield.absorber(tx.state, aimed, shooter, weapon)
        victim = soldier(tx.state, who)
        damage = weapon.damage if load is None or load.damage is None else load.damage
        piercing = weapon.piercing if load is None or load.piercing is None else load.piercing
        amount, formula = armor.per_hit(damage, piercing, False, victim.armor)
        source = f"{shooter.id}'s {weapon.id}" + (f" ({load.id})" if load is not None else "")
        deal(tx, who, source, amount, formula)
