"""Weapons in hand, in the holster and on the ground; the free metre (Actions and Maneuvers,
"Common Actions" L3165-3268, "Quick Draw" L3381-3386; Dramatic Scenes, "Movement and
Actions" L1449).

- Ready/Draw Weapon: "This action assumes the weapon is either in a sheathe/sling or at the
  character's feet. If the weapon is roughly at hand level the action takes 1 tick less. If
  the weapon is stowed away securely or hidden in an inconvenient spot it can take an extra
  1-10 ticks": XS 2, S 3, M 4, L 5, XL 6, plus the sheet's `draw` (-1 to 10). "At the
  character's feet" is within 1 m, the free metre's reach.
- Quick-draw (Ranged 3, Agility 3; Prowess(Agility)): "requires the character to be in
  either light or unencumbered" (armor of the tables rated medium or heavier refuses it;
  inline armor carries no encumbrance). "0 Successes: The weapon is dropped/thrown (margin
  of failure) meters away. 1 Success: Increases draw time by 2 ticks. 2 Successes: Normal
  draw time. 3-4 Successes: Draw time - 1. 5+ Successes: Draw time -2." The margin is the
  table's (option `margin`); the weapon lands that far toward the nearest foe (facing is
  not kept: the way one faces in a fight), and the time spent is the normal draw time.
- Drop / Toss / Place Object, 1 / 2 / 3 ticks: dropped at the feet, tossed to a point
  (within 10 m, ours: the seed says only "somewhere else"), placed within arm's reach (at
  the feet, as far as the engine's open floor can tell). Holstering a weapon again is the
  draw's time (the seed lists no such action; putting it back as it came out).
- Pickup Object, "2/3/4(+1) Hand or Chest Level/Above Head/Below knees (requires 2 hands)":
  the +1 is for an object needing both hands, read as an L or XL weapon. Only one's own
  weapons are on the sheet, so only they are picked up.
- A weapon must be in hand to strike or shoot with it; hands are not counted (two weapons
  drawn, a shield and a rifle: the GM's to refuse).
- The free metre: "characters can always alter their position by a meter as part of another
  action for free": `step`, a free action at one's own action tick, once a tick.
"""

from __future__ import annotations

import math

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import UNARMED, Draw, Drop, PickUp, Step
from fracas.rulesets.fatewalker.events import ArmsSet, Stepped
from fracas.rulesets.fatewalker.rules import failure, roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, walker
from fracas.rulesets.fatewalker.sheet import Weapon
from fracas.rulesets.fatewalker.walker import Walker

DRAW_TICKS = {"XS": 2, "S": 3, "M": 4, "L": 5, "XL": 6}
QUICK_DRAW_REQUISITES = {"ranged": 3, "agility": 3}
QUICK_DRAW = {0: None, 1: 2, 2: 0, 3: -1, 4: -1}
"""Quick-draw's change to the draw time by successes (5+: -2; 0: dropped)."""
HEAVY = ("medium", "heavy", "immobile")
DROP_TICKS = {"drop": 1, "toss": 2, "place": 3}
TOSS_REACH = 10.0
PICK_UP_TICKS = {"hand": 2, "above": 3, "below": 4}
TWO_HANDED = ("L", "XL")
FREE_SHIFT = 1.0
"""Metres: "alter their position by a meter"."""
CLOSE = 1e-6


def check_in_hand(person: Walker, weapon_id: str) -> None:
    """The refusal for a weapon that is holstered or lying on the ground."""
    if weapon_id == UNARMED or person.in_hand(weapon_id):
        return
    where = "holstered" if weapon_id in person.holstered else "on the ground"
    raise IllegalAction(f"{person.id}'s {weapon_id} is {where}: draw it first")


def _weapon(person: Walker, weapon_id: str) -> Weapon:
    weapon = person.weapon(weapon_id)
    if weapon is None:
        carried = ", ".join(w.id for w in person.weapons) or "none"
        raise IllegalAction(f"{person.id} has no weapon {weapon_id!r}; it has: {carried}")
    return weapon


def _lying(person: Walker, weapon_id: str) -> tuple[float, float] | None:
    return next(((x, y) for w, x, y in person.lying if w == weapon_id), None)


def draw_ticks(weapon: Weapon) -> int:
    return max(1, DRAW_TICKS[weapon.size] + weapon.draw)


def verify_draw(state: EncounterState, action: Draw) -> None:
    person = walker(state, action.actor)
    weapon = _weapon(person, action.weapon)
    if person.in_hand(weapon.id):
        raise IllegalAction(f"{person.id}'s {weapon.id} is in hand already")
    spot = _lying(person, weapon.id)
    if spot is not None and math.hypot(spot[0] - person.x, spot[1] - person.y) > FREE_SHIFT + CLOSE:
        raise IllegalAction(
            f"{weapon.id} lies at ({spot[0]:.1f}, {spot[1]:.1f}), more than 1 m from {person.id}'s "
            "feet: move there first"
        )
    encumbrance = getattr(person.armor, "encumbrance", "none")
    if action.quick and encumbrance in HEAVY:
        raise IllegalAction(
            f"quick-draw needs light or no encumbrance; {person.id}'s armor is {encumbrance}"
        )


def resolve_draw(tx: Transaction, action: Draw) -> None:
    """The draw time, or Quick-draw's roll changing it; a fumbled quick-draw throws the
    weapon its margin of failure in metres toward the nearest foe."""
    person = walker(tx.state, action.actor)
    weapon = _weapon(person, action.weapon)
    ticks = draw_ticks(weapon)
    if action.quick:
        opts = options(tx.state)
        short = max(0, _shortfall(person))
        dice = roll.pool(
            person.attributes.prowess,
            person.skills.agility,
            bonus=-short,
            wounds=person.wound_penalty,
            cap=opts.tn_cap,
        )
        successes = roll.roll(tx, person.id, f"quick-draw of {weapon.id}", dice, opts)
        change = QUICK_DRAW.get(successes, -2)
        if change is None:
            _fumble(tx, person, weapon, dice, successes)
            TIMELINE.spend(tx, person.id, ticks, f"quick-draw of {weapon.id}: dropped")
            return
        ticks = max(1, ticks + change)
    tx.emit(
        ArmsSet(
            combatant=person.id,
            holstered=tuple(w for w in person.holstered if w != weapon.id),
            lying=tuple(item for item in person.lying if item[0] != weapon.id),
            why=f"draws {weapon.id}",
        )
    )
    TIMELINE.spend(
        tx, person.id, ticks, ("quick-draw of " if action.quick else "draws ") + weapon.id
    )


def _shortfall(person: Walker) -> int:
    skills = person.skills
    return max(need - int(getattr(skills, s)) for s, need in QUICK_DRAW_REQUISITES.items())


def _fumble(
    tx: Transaction, person: Walker, weapon: Weapon, dice: roll.Pool, successes: int
) -> None:
    opts = options(tx.state)
    margin = failure.margin_of_failure(successes, dice.dice, opts.margin)
    foes = [
        walker(tx.state, c.id) for c in tx.state.combatants if c.side != person.side and c.is_active
    ]
    x, y = person.x + margin, person.y
    if foes:
        near = min(foes, key=lambda f: (person.distance_to(f), f.id))
        gap = person.distance_to(near)
        if gap > CLOSE:
            x = person.x + (near.x - person.x) * margin / gap
            y = person.y + (near.y - person.y) * margin / gap
    tx.emit(
        ArmsSet(
            combatant=person.id,
            holstered=tuple(w for w in person.holstered if w != weapon.id),
            lying=(
                *(i for i in person.lying if i[0] != weapon.id),
                (weapon.id, round(x, 2), round(y, 2)),
            ),
            why=f"fumbles {weapon.id}: it lands {margin} m away, at ({x:.1f}, {y:.1f})",
        )
    )


def verify_drop(state: EncounterState, action: Drop) -> None:
    person = walker(state, action.actor)
    weapon = _weapon(person, action.weapon)
    if not person.in_hand(weapon.id):
        raise IllegalAction(f"{person.id}'s {weapon.id} is not in hand")
    if action.how == "toss":
        if action.x is None or action.y is None:
            raise IllegalAction("a toss needs `x` and `y`: where the weapon lands")
        if math.hypot(action.x - person.x, action.y - person.y) > TOSS_REACH:
            raise IllegalAction(f"a toss lands within {TOSS_REACH:g} m (ours: the seed gives none)")
    elif action.x is not None or action.y is not None:
        raise IllegalAction(f"only a toss takes `x` and `y`; a {action.how} leaves it at the feet")


def resolve_drop(tx: Transaction, action: Drop) -> None:
    person = walker(tx.state, action.actor)
    weapon = _weapon(person, action.weapon)
    if action.how == "holster":
        tx.emit(
            ArmsSet(
                combatant=person.id,
                holstered=(*person.holstered, weapon.id),
                lying=person.lying,
                why=f"holsters {weapon.id}",
            )
        )
        TIMELINE.spend(tx, person.id, draw_ticks(weapon), f"holsters {weapon.id}")
        return
    x, y = (action.x, action.y) if action.how == "toss" else (person.x, person.y)
    assert x is not None and y is not None
    tx.emit(
        ArmsSet(
            combatant=person.id,
            holstered=person.holstered,
            lying=(*person.lying, (weapon.id, float(x), float(y))),
            why=f"{action.how}s {weapon.id} at ({x:.1f}, {y:.1f})",
        )
    )
    TIMELINE.spend(tx, person.id, DROP_TICKS[action.how], f"{action.how}s {weapon.id}")


def verify_pick_up(state: EncounterState, action: PickUp) -> None:
    person = walker(state, action.actor)
    weapon = _weapon(person, action.weapon)
    spot = _lying(person, weapon.id)
    if spot is None:
        raise IllegalAction(f"{person.id}'s {weapon.id} is not on the ground")
    if math.hypot(spot[0] - person.x, spot[1] - person.y) > FREE_SHIFT + CLOSE:
        raise IllegalAction(
            f"{weapon.id} lies at ({spot[0]:.1f}, {spot[1]:.1f}), beyond reach: move there first"
        )


def resolve_pick_up(tx: Transaction, action: PickUp) -> None:
    person = walker(tx.state, action.actor)
    weapon = _weapon(person, action.weapon)
    ticks = PICK_UP_TICKS[action.level] + (1 if weapon.size in TWO_HANDED else 0)
    tx.emit(
        ArmsSet(
            combatant=person.id,
            holstered=person.holstered,
            lying=tuple(i for i in person.lying if i[0] != weapon.id),
            why=f"picks up {weapon.id}",
        )
    )
    TIMELINE.spend(tx, person.id, ticks, f"picks up {weapon.id}")


# -- the free metre ----------------------------------------------------------------------------


def verify_step(state: EncounterState, action: Step) -> None:
    person = walker(state, action.actor)
    now = clock(state)
    if state.actor != person.id or (now.next_tick(person.id) or 0) > now.tick:
        raise IllegalAction(f"{person.id} shifts its metre only at its own action tick")
    if person.stepped == now.tick:
        raise IllegalAction(f"{person.id} has shifted its free metre at this tick already")
    if person.motion is not None:
        raise IllegalAction(f"{person.id} is moving; the free metre is for one standing")
    if math.hypot(action.x - person.x, action.y - person.y) > FREE_SHIFT + CLOSE:
        raise IllegalAction(
            f"({action.x:g}, {action.y:g}) is more than 1 m from {person.id} at "
            f"({person.x:g}, {person.y:g}); the free shift is a metre"
        )


def resolve_step(tx: Transaction, action: Step) -> None:
    tx.emit(
        Stepped(
            combatant=action.actor, x=float(action.x), y=float(action.y), tick=clock(tx.state).tick
        )
    )
