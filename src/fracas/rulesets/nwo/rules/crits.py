"""Crit effects of every weapon row (seed 000: the Crit Effect columns of "Ranged Weapons" and
"Melee Weapons", and "Flamethrowers").

`attack.strike` calls `apply` once the crit damage of a critical hit is dealt, and never when a
defense crit "negates any crit effects". Dice order: the canister of a flamethrower the target
holds first (it bursts because of the hit itself), then the weapon's effect in the order its
text lists the parts. Every effect, done or forgone, leaves a `WeaponEffect` in the log, except
the axes' and bolt action's "double damage": the crit damage already is the doubled number (A8).

Choices an effect offers come from the attack action: `extra_target` (revolver, submachine gun,
short blade), `effects` (the unarmed crit's melee effect, the machine gun's firearm effects,
the shotgun's two adjacent targets as ids) and `shove` (long blunt). A choice that cannot be
honoured when the crit comes is forgone with a logged reason rather than refused: the dice have
already been rolled by then.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final

from fracas.core.conditions import Condition, Expiry
from fracas.core.errors import IllegalAction
from fracas.core.events import ConditionApplied, ConditionRemoved, RoundOrderSet
from fracas.core.state import EncounterState, Status
from fracas.core.transaction import Transaction
from fracas.rulesets.nwo.events import AmmoSet, NwoEvent
from fracas.rulesets.nwo.grid import Grid, Tile
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules import attack, panel
from fracas.rulesets.nwo.rules.common import (
    BLADE_ADVANTAGE,
    GRAPPLED,
    LEVER_ACTION,
    NO_ESCAPE,
    PRONE,
    STUCK,
    STUNNED,
    SUPPRESSED,
    check_modifier,
    fighter,
    grid,
    half,
    options,
)

if TYPE_CHECKING:
    from fracas.rulesets.nwo.actions import Attack, DualAttack
    from fracas.rulesets.nwo.rules.attack import Strike

    Chosen = Attack | DualAttack | None

SPLASH_DAMAGE: Final = 4
"""Shotgun: "2 Targets adjacent to the initial target receive 4 damage"."""
SPLASH_TARGETS: Final = 2
FLAME_AREA_DAMAGE = 4
"""Flamethrower: "3x9 tile Area ... must roll ranged defense or take 4 damage"."""
FLAME_AREA_LENGTH = 9
FLAME_AREA_WIDTH = 3
CANISTER_DAMAGE = 2
CANISTER_BURSTS = 3
"""A d6 of 1-3 bursts the canister ("a 50% chance (1-2-3 on a d6 roll)")."""
BOLT_DC = 10
"""Crossbow: "DC 10 STR Check made every target's turn as a free action"."""
MAX_MACHINE_GUN_EFFECTS = 3

EXTRA_ATTACKS = ("extra_attack_same_target", "extra_attack_other_target", "extra_attack")
FIREARM_EFFECTS = (
    *EXTRA_ATTACKS,
    "splash_adjacent",
    "double_damage",
    "top_of_next_round",
    "stuck_bolt",
    "suppress_target",
)
"""What a machine gun may pick: the effects of the firearm rows. The flamethrower's area is a
property of its fuel, not of a gun, and the machine gun's own row would only recurse."""
MELEE_EFFECTS = (
    "shove",
    "stun",
    "spear_grapple",
    "double_damage",
    "blade_advantage",
    "extra_attack",
)
"""What an unarmed crit may pick ("any other Melee Crit Effect")."""
ORDINAL = ("first", "second", "third")


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponEffect(NwoEvent):
    """A crit effect (or a flamethrower's splash or canister) that took effect or was forgone;
    the conditions, rolls and damage it causes follow as their own events."""

    kind: ClassVar[str] = "weapon_effect"
    attacker: str
    weapon: str
    effect: str
    subject: str
    performed: bool
    detail: str = ""

    def describe(self) -> str:
        how = "" if self.performed else " (forgone)"
        detail = f": {self.detail}" if self.detail else ""
        return f"{self.attacker}'s {self.weapon} {self.effect} on {self.subject}{how}{detail}"


def _log(
    tx: Transaction, strike: Strike, effect: str, subject: str, detail: str, performed: bool = True
) -> None:
    tx.emit(
        WeaponEffect(
            attacker=strike.attacker,
            weapon=strike.weapon.id,
            effect=effect,
            subject=subject,
            performed=performed,
            detail=detail,
        )
    )


def _forgo(tx: Transaction, strike: Strike, effect: str, subject: str, why: str) -> None:
    _log(tx, strike, effect, subject, why, performed=False)


# -- the entry points ---------------------------------------------------------------------------


def apply(tx: Transaction, strike: Strike, action: Attack | DualAttack | None) -> None:
    """Everything a critical hit sets off beyond its crit damage."""
    canister(tx, strike)
    effect = strike.weapon.effect
    if effect in ("none", "double_damage"):
        return
    if effect == "machine_gun":
        _machine_gun(tx, strike, action)
    elif effect == "any_melee_effect":
        _unarmed(tx, strike, action)
    else:
        _perform(tx, strike, action, effect)


def canister(tx: Transaction, strike: Strike) -> None:
    """NWO-59: "If a character holding a Flamethrower is hit by a Critical Hit, there's a 50%
    chance (1-2-3 on a d6 roll) that the fuel canister explodes. Dealing 2 Damage to the
    wielder." Holding means in hand; a holstered one is not in the line of the hit."""
    if strike.result != "critical":
        return
    target = fighter(tx.state, strike.target)
    if not any(w.effect == "flame_area" for w in target.in_hand):
        return
    face = tx.roll("1d6", f"fuel canister of {target.id}'s flamethrower")
    if face <= CANISTER_BURSTS:
        _log(tx, strike, "canister", target.id, f"d6 {face}: the fuel canister explodes")
        attack.deal(tx, target.id, CANISTER_DAMAGE, "flamethrower canister")
    else:
        _forgo(tx, strike, "canister", target.id, f"d6 {face}: the fuel canister holds")


def flame_splash(tx: Transaction, strike: Strike) -> None:
    """NWO-60: "When targeting a character with a flamethrower, all adjacent characters
    (including allies) to that target must additionally roll ranged defense or be hit with the
    same attack", on every flamethrower attack, hit or miss. They defend against the same
    total (A10) with no cover; a wall between them and the wielder shelters them. A failed
    defense takes the weapon's damage: the crit and its effect belong to the one targeted."""
    if strike.weapon.effect != "flame_area":
        return
    state = tx.state
    wielder = fighter(state, strike.attacker)
    target = fighter(state, strike.target)
    caught = [
        other
        for other in _bystanders(state, strike)
        if _adjacent(other.tile, target.tile)
        and not grid(state).sight_blocked(wielder.tile, other.tile)
    ]
    if not caught:
        return
    names = ", ".join(o.id for o in caught)
    _log(tx, strike, "flame_splash", target.id, f"next to the target: {names}")
    for other in _nearest_first(state, wielder.tile, caught):
        if _fails_ranged_defense(tx, other.id, strike, "ranged defense against the flames"):
            attack.deal(tx, other.id, strike.weapon.damage, f"{strike.weapon.id} splash")


def crossbow_checks(tx: Transaction, combatant_id: str) -> None:
    """Crossbow: "Target is stuck, movement reduced to 0 until the bolt is removed. DC 10 STR
    Check made every target's turn as a free action." Rolled at the start of the stuck
    character's turn (A9: a pass removes the bolt, so the turn is free to move)."""
    who = fighter(tx.state, combatant_id)
    if not who.has(STUCK) or not who.is_active:
        return
    modifier = check_modifier(tx.state, who.strength)
    if panel.check(tx, who.id, "strength to pull out the crossbow bolt", modifier, BOLT_DC):
        tx.emit(ConditionRemoved(target=who.id, name=STUCK, why="the bolt is pulled out"))


# -- choosing ------------------------------------------------------------------------------------


def _perform(tx: Transaction, strike: Strike, action: Chosen, effect: str) -> bool:
    """One named effect; True when it made an attack (so it fired a round)."""
    if effect in EXTRA_ATTACKS:
        return _extra_attack(tx, strike, action, effect)
    handlers: dict[str, Callable[[Transaction, Strike, Chosen], None]] = {
        "splash_adjacent": _splash,
        "top_of_next_round": _lever,
        "stuck_bolt": _bolt,
        "suppress_target": _suppress,
        "flame_area": _flame_area,
        "shove": _shove,
        "stun": _stun,
        "spear_grapple": _spear,
        "blade_advantage": _blade,
        "double_damage": _double,
    }
    handlers[effect](tx, strike, action)
    return False


def _effects(action: Chosen) -> tuple[str, ...]:
    return tuple(getattr(action, "effects", ()))


def _machine_gun(tx: Transaction, strike: Strike, action: Chosen) -> None:
    """Machine gun: "Perform any firearm crit effect. Expend half your ammunition to perform a
    second, and all to perform a 3rd. Effects can stack." The effects are `action.effects`
    in order (one extra attack by default; repeats allowed). The second costs half the rounds
    left when it comes (at least one), the third all that are left then; an extra attack
    bought that way fires one of the rounds paid, not one more. What the magazine cannot pay
    for is forgone."""
    listed = _effects(action)
    chosen = [e for e in listed if e in FIREARM_EFFECTS]
    for name in listed:
        if name not in FIREARM_EFFECTS and tx.state.find(name) is None:
            _forgo(tx, strike, name, strike.target, "not a firearm crit effect")
    if not chosen:
        chosen = ["extra_attack"]
    for name in chosen[MAX_MACHINE_GUN_EFFECTS:]:
        _forgo(tx, strike, name, strike.target, "a machine gun crit performs at most three")
    weapon = strike.weapon.id
    for index, name in enumerate(chosen[:MAX_MACHINE_GUN_EFFECTS]):
        if index == 0:
            _perform(tx, strike, action, name)
            continue
        rounds = fighter(tx.state, strike.attacker).rounds(weapon)
        if rounds is None:  # a weapon without a magazine has nothing to expend
            _perform(tx, strike, action, name)
            continue
        price = "half the rounds left" if index == 1 else "all the rounds left"
        if rounds < 1:
            for rest in chosen[index:MAX_MACHINE_GUN_EFFECTS]:
                _forgo(tx, strike, rest, strike.target, f"the magazine is empty; it costs {price}")
            return
        cost = rounds if index == 2 else max(1, half(tx.state, rounds))
        left = rounds - cost
        fires = name in EXTRA_ATTACKS
        tx.emit(AmmoSet(combatant=strike.attacker, weapon=weapon, rounds=left + int(fires)))
        _log(
            tx,
            strike,
            "machine_gun",
            strike.attacker,
            f"{ORDINAL[index]} effect {name}: expends {cost} of {rounds} rounds ({price})",
        )
        if fires and not _perform(tx, strike, action, name):
            tx.emit(AmmoSet(combatant=strike.attacker, weapon=weapon, rounds=left))
        elif not fires:
            _perform(tx, strike, action, name)


def _unarmed(tx: Transaction, strike: Strike, action: Chosen) -> None:
    """Unarmed: "Perform any other Melee Crit Effect." The first melee effect named in
    `action.effects`, stun when none is."""
    listed = _effects(action)
    name = next((e for e in listed if e in MELEE_EFFECTS), None)
    if name is None:
        named = [e for e in listed if tx.state.find(e) is None]
        if named:
            _forgo(tx, strike, ", ".join(named), strike.target, "not a melee crit effect; stun")
        name = "stun"
    _perform(tx, strike, action, name)


def _double(tx: Transaction, strike: Strike, action: Chosen) -> None:
    """Only reached by choice (unarmed, machine gun): the axes' own double damage is their crit
    damage already. A9: unarmed 2 x 1 = 2 is its crit damage; the machine gun keeps 7."""
    _log(
        tx,
        strike,
        "double_damage",
        strike.target,
        f"the crit damage {strike.weapon.crit_damage} already counts it (A8, A9)",
    )


# -- extra attacks -------------------------------------------------------------------------------


def _extra_attack(tx: Transaction, strike: Strike, action: Chosen, effect: str) -> bool:
    """Handgun "on the same target", revolver "on another target", submachine gun and short
    blade "an additional attack" (the same target unless `extra_target` names another).
    "This attack can also crit": a chain, capped by the `max_crit_chain` option (A9). Ranged
    extra attacks fire a round each, so an empty magazine ends the chain."""
    target_id = _extra_target(strike, action, effect)
    if target_id is None:
        _forgo(tx, strike, effect, strike.target, "no other target named (extra_target)")
        return False
    cap = options(tx.state).max_crit_chain
    if strike.chain + 1 > cap:
        _forgo(tx, strike, effect, target_id, f"a crit chain adds at most {cap} extra attacks")
        return False
    state = tx.state
    attacker = fighter(state, strike.attacker)
    try:
        if target_id == strike.target and effect == "extra_attack_other_target":
            raise IllegalAction(f"the revolver needs a target other than {strike.target}")
        target = fighter(state, target_id)
        if not attacker.is_active:
            raise IllegalAction(f"{attacker.id} is down")
        if not target.is_active:
            raise IllegalAction(f"{target.id} is down")
        attack.check_can_strike(state, attacker, target, strike.weapon)
    except IllegalAction as why:
        _forgo(tx, strike, effect, target_id, str(why))
        return False
    _log(tx, strike, effect, target_id, f"extra attack {strike.chain + 1} of the chain")
    attack.strike(tx, attacker.id, target_id, strike.weapon, action=action, chain=strike.chain + 1)
    return True


def _extra_target(strike: Strike, action: Chosen, effect: str) -> str | None:
    named: str | None = getattr(action, "extra_target", None)
    if effect == "extra_attack_same_target":
        return strike.target
    if effect == "extra_attack":
        return named or strike.target
    # The revolver: "another target". A crit on the extra target turns back to the first one.
    if named is not None and named == strike.target:
        first: str | None = getattr(action, "target", None)
        return first if first != strike.target else named
    return named


# -- area effects --------------------------------------------------------------------------------


def _splash(tx: Transaction, strike: Strike, action: Chosen) -> None:
    """Shotgun: "2 Targets adjacent to the initial target receive 4 damage" (A9: the attacker
    picks them, ids in `action.effects`; by default the two nearest the attacker, then the
    listing order). No defense roll; armor takes it first."""
    state = tx.state
    target = fighter(state, strike.target)
    shooter = fighter(state, strike.attacker)
    nearby = [o for o in _bystanders(state, strike) if _adjacent(o.tile, target.tile)]
    near_ids = {o.id for o in nearby}
    named = [e for e in _effects(action) if state.find(e) is not None]
    chosen: list[str] = []
    if named:
        for who in named:
            if who in chosen:
                continue
            if who not in near_ids:
                _forgo(tx, strike, "splash_adjacent", who, f"not next to {target.id}")
            elif len(chosen) >= SPLASH_TARGETS:
                _forgo(tx, strike, "splash_adjacent", who, "the shotgun splashes two at most")
            else:
                chosen.append(who)
    else:
        chosen = [o.id for o in _nearest_first(state, shooter.tile, nearby)[:SPLASH_TARGETS]]
    if not chosen:
        _forgo(tx, strike, "splash_adjacent", target.id, f"nobody else is next to {target.id}")
    for who in chosen:
        _log(tx, strike, "splash_adjacent", who, f"next to {target.id}: {SPLASH_DAMAGE} damage")
        attack.deal(tx, who, SPLASH_DAMAGE, f"{strike.weapon.id} splash")


def _flame_area(tx: Transaction, strike: Strike, action: Chosen) -> None:
    """Flamethrower: "3x9 tile Area in direction of fire must roll ranged defense or take 4
    damage". A10: the strip starts next to the wielder and runs 9 tiles along the line to the
    target, 3 wide; everyone in it but the wielder and the target defends (no cover) against
    the attack total, nearest first. Only a wall blocking the sight line shelters."""
    state = tx.state
    wielder = fighter(state, strike.attacker)
    target = fighter(state, strike.target)
    board = grid(state)
    heading = (target.x - wielder.x, target.y - wielder.y)
    inside = [
        o
        for o in _bystanders(state, strike)
        if in_flame_area(wielder.tile, heading, o.tile)
        and not board.sight_blocked(wielder.tile, o.tile)
    ]
    names = ", ".join(o.id for o in inside) or "nobody else"
    _log(tx, strike, "flame_area", target.id, f"in the 3x9 area: {names}")
    for other in _nearest_first(state, wielder.tile, inside):
        if _fails_ranged_defense(tx, other.id, strike, "ranged defense against the flame area"):
            attack.deal(tx, other.id, FLAME_AREA_DAMAGE, f"{strike.weapon.id} flame area")


def in_flame_area(origin: Tile, heading: tuple[int, int], tile: Tile) -> bool:
    """The 3x9 strip as a rectangle of tile centres: from the edge of the wielder's tile (half
    a tile out) to 9 tiles further along `heading`, 1.5 tiles either side of it. Along an axis
    it is exactly 27 tiles; on a slant, the tiles whose centres fall in the same rectangle.
    Integer arithmetic (squared lengths) keeps the boundary exact."""
    hx, hy = heading
    if (hx, hy) == (0, 0):
        return False
    vx, vy = tile[0] - origin[0], tile[1] - origin[1]
    along = vx * hx + vy * hy  # |heading| times the distance along it
    across = vx * hy - vy * hx  # |heading| times the distance across it
    norm = hx * hx + hy * hy
    if along <= 0 or 4 * along * along <= norm:
        return False
    if 4 * along * along >= (2 * FLAME_AREA_LENGTH + 1) ** 2 * norm:
        return False
    return 4 * across * across < FLAME_AREA_WIDTH * FLAME_AREA_WIDTH * norm


def _fails_ranged_defense(tx: Transaction, who: str, strike: Strike, purpose: str) -> bool:
    """A bystander's ranged defense against the flames (`attack.bystander_defends`)."""
    wielder = fighter(tx.state, strike.attacker)
    total = strike.attack_total
    return not attack.bystander_defends(tx, who, wielder, strike.weapon, total, purpose)


def _bystanders(state: EncounterState, strike: Strike) -> list[Operative]:
    """Everyone alive but the attacker and the target, in the scenario's listing order."""
    found = []
    for combatant in state.combatants:
        if combatant.id in (strike.attacker, strike.target):
            continue
        if combatant.status is Status.DEAD:
            continue
        found.append(fighter(state, combatant.id))
    return found


def _nearest_first(
    state: EncounterState, origin: Tile, people: Iterable[Operative]
) -> list[Operative]:
    board: Grid = grid(state)
    return sorted(people, key=lambda o: board.distance(origin, o.tile))


def _adjacent(a: Tile, b: Tile) -> bool:
    return a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


# -- conditions ----------------------------------------------------------------------------------


def _ends_until_next_turn_over(state: EncounterState, who: str) -> int:
    """How many of `who`'s turn ends "until the end of [their] next turn" waits for: during
    their own turn the next one is the following turn (2); otherwise it is the next turn they
    take, later this round or in the next (1)."""
    return 2 if state.turns.current == who else 1


def _through_next_turn(tx: Transaction, name: str, source: str, bearer: str) -> None:
    """A condition on `bearer` that lasts "until the end of their next turn"."""
    condition = Condition(
        name=name,
        source=source,
        expiry=Expiry.END_OF_TURN,
        anchor=bearer,
        count=_ends_until_next_turn_over(tx.state, bearer),
    )
    tx.emit(ConditionApplied(target=bearer, condition=condition))


def _stun(tx: Transaction, strike: Strike, action: Chosen) -> None:
    """Short blunt: "Target is stunned until the end of their next turn" (A9: no action,
    movement or reaction until then)."""
    _log(tx, strike, "stun", strike.target, "until the end of their next turn")
    _through_next_turn(tx, STUNNED, strike.attacker, strike.target)


def _blade(tx: Transaction, strike: Strike, action: Chosen) -> None:
    """Long blades: "Gain advantage on attack and defense rolls until the end of your next
    turn." (attack_edge and defense_edge read BLADE_ADVANTAGE)."""
    _log(tx, strike, "blade_advantage", strike.attacker, "until the end of their next turn")
    _through_next_turn(tx, BLADE_ADVANTAGE, strike.attacker, strike.attacker)


def _spear(tx: Transaction, strike: Strike, action: Chosen) -> None:
    """Spears: "Target is Grappled and cannot attempt to free themselves until the end of your
    next turn." A9: no free hand is needed. The grapple itself lasts until it is broken or
    released; the ban on escaping lapses with the spearman's next turn."""
    grapple = Condition(name=GRAPPLED, source=strike.attacker, expiry=Expiry.NEVER)
    no_escape = Condition(
        name=NO_ESCAPE,
        source=strike.attacker,
        expiry=Expiry.END_OF_TURN,
        anchor=strike.attacker,
        count=_ends_until_next_turn_over(tx.state, strike.attacker),
    )
    _log(tx, strike, "spear_grapple", strike.target, "grappled, no escape until then")
    tx.emit(ConditionApplied(target=strike.target, condition=grapple))
    tx.emit(ConditionApplied(target=strike.target, condition=no_escape))


def _bolt(tx: Transaction, strike: Strike, action: Chosen) -> None:
    """Crossbow: "Target is stuck, movement reduced to 0 until the bolt is removed" (the check
    that removes it is `crossbow_checks`)."""
    stuck = Condition(name=STUCK, source=strike.attacker, expiry=Expiry.NEVER)
    _log(tx, strike, "stuck_bolt", strike.target, f"movement 0 until a DC {BOLT_DC} STR check")
    tx.emit(ConditionApplied(target=strike.target, condition=stuck))


def _suppress(tx: Transaction, strike: Strike, action: Chosen) -> None:
    """Assault rifle: "Target is suppressed until the beginning of their next turn" (A9: the
    target's turn, where Suppressive Fire itself ends at the attacker's)."""
    condition = Condition(
        name=SUPPRESSED,
        source=strike.attacker,
        expiry=Expiry.START_OF_TURN,
        anchor=strike.target,
        detail="crit",
    )
    _log(tx, strike, "suppress_target", strike.target, "until the beginning of their next turn")
    tx.emit(ConditionApplied(target=strike.target, condition=condition))


def _lever(tx: Transaction, strike: Strike, action: Chosen) -> None:
    """Lever action: "Take turn with advantage at top of initiative next round." The next
    round's order puts the shooter first (on top of any order already set for it, so two lever
    crits stack), and LEVER_ACTION lasts until the end of that turn: it counts the shooter's
    turn ends still to come this round, plus that one. Its detail names the round it is for."""
    state = tx.state
    turns = state.rounds
    base = turns.next_round if turns.next_round is not None else turns.order
    order = (strike.attacker, *(who for who in base if who != strike.attacker))
    ends = 1 + (strike.attacker in turns.this_round[turns.index :])
    condition = Condition(
        name=LEVER_ACTION,
        source=strike.attacker,
        expiry=Expiry.END_OF_TURN,
        anchor=strike.attacker,
        count=ends,
        detail=f"round {turns.round + 1}",
    )
    _log(tx, strike, "top_of_next_round", strike.attacker, "first next round, with advantage")
    tx.emit(RoundOrderSet(order=order, reason=f"{strike.attacker}'s lever action crit"))
    tx.emit(ConditionApplied(target=strike.attacker, condition=condition))


def _shove(tx: Transaction, strike: Strike, action: Chosen) -> None:
    """Long blunt: "Shove the target." A9: no contest. `action.shove` picks prone or away; away
    pushes [attacker ½ STR] tiles straight away from the attacker (NWO-42)."""
    how = getattr(action, "shove", "prone")
    if how != "away":
        if fighter(tx.state, strike.target).has(PRONE):
            _log(tx, strike, "shove", strike.target, "already prone")
            return
        prone = Condition(name=PRONE, source=strike.attacker, expiry=Expiry.NEVER)
        _log(tx, strike, "shove", strike.target, "knocked prone")
        tx.emit(ConditionApplied(target=strike.target, condition=prone))
        return
    from fracas.rulesets.nwo.rules import holds

    attacker = fighter(tx.state, strike.attacker)
    target = fighter(tx.state, strike.target)
    tiles = half(tx.state, attacker.strength)
    if tiles <= 0:
        _forgo(tx, strike, "shove", target.id, f"Strength {attacker.strength} pushes 0 tiles")
        return
    step = (_sign(target.x - attacker.x), _sign(target.y - attacker.y))
    _log(tx, strike, "shove", target.id, f"pushed {tiles} tiles away, step {step}")
    holds.push(tx, target.id, step, tiles, strike.attacker)


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


RULES: dict[type, tuple] = {}  # type: ignore[type-arg]
