"""Grapple levels, ground combat and holds as state (Dramatic Scenes, "Melee Combat Range" and
"Ground Combat", L1636-1668; the unarmed Hold, L3684-3688), and what they do to every roll.

One scale serves both kinds of grappling (gap 18). Standing, the pair's melee range is the
ladder's (6 Long ... 1 Clinch) and its grapple level is 4 - range: Contact (3) is level 1,
"Long range grappling", Clinch (1) level 3; a Slip "reduce[s] the grapple level", opening the
range. On the ground the level is the pair's range itself, 3 ... 1: it "begins at 3", top's
grapples lower it and "escape essentially occur[s] whenever the group combat reaches 4", the
first range outside grappling. So the range chart's penalties at a ground level are those of
the same range, and no second number is kept.

- **Ground combat** (`Walker.ground`): partner and whether on top. "Top Position: Cannot
  evade attacks from anyone but bottom without immediate yielding ground combat";
  "Bottom Position: -1 to all maneuvers".
- **Hold** (`Walker.held`): holder and value; "A person who is in a hold attempting any
  maneuver besides a Slip suffers -3 penalty".
- **Prone** (fw-move's `Walker.prone`) feeds the melee chart: attacker prone -2, target
  prone +1, except between two ground fighters of one ground combat, who fight by the
  ground rules (option `ground_chart`).

A partner who is down (unconscious, dead) no longer grapples: every query skips it.
"""

from __future__ import annotations

from fracas.core.actions import Action
from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.events import (
    KnockedOut,
    MotionEnded,
    Moved,
    PostureSet,
    RangeChanged,
    WillSpent,
)
from fracas.rulesets.fatewalker.grapple_events import GroundEnded, GroundSet, HoldSet
from fracas.rulesets.fatewalker.rules import melee
from fracas.rulesets.fatewalker.rules.common import options, walker
from fracas.rulesets.fatewalker.walker import Walker

ESCAPE = melee.SHORT
"""Level 4 on the ground, grapple level 0 standing: out of grappling, at Short range."""
BOTTOM = -1
HELD = -3


def grapple_level(distance: int) -> int:
    """4 - range for the grappling ranges (Contact 1, Grapple 2, Clinch 3), else 0."""
    return max(0, ESCAPE - distance)


def partner(state: EncounterState, person: Walker) -> tuple[Walker, bool] | None:
    """The active partner of `person`'s ground combat and whether `person` is on top."""
    if person.ground is None:
        return None
    other = walker(state, person.ground[0])
    return (other, person.ground[1]) if other.is_active else None


def on_ground_with(state: EncounterState, a: Walker, b: str) -> bool:
    found = partner(state, a)
    return found is not None and found[0].id == b


def holder(state: EncounterState, person: Walker) -> Walker | None:
    """The active holder of `person`, if it is held."""
    if person.held is None:
        return None
    other = walker(state, person.held[0])
    return other if other.is_active else None


def hold_value(state: EncounterState, actor: str, target: str) -> int:
    """The Hold value `actor` has on `target` (0 if none)."""
    held = walker(state, target)
    found = holder(state, held)
    return held.held[1] if found is not None and found.id == actor and held.held else 0


def holding(state: EncounterState, actor: Walker) -> list[Walker]:
    """Those `actor` holds."""
    return [
        p
        for p in (walker(state, c.id) for c in state.combatants)
        if p.is_active and p.held is not None and p.held[0] == actor.id
    ]


def grappling(state: EncounterState, a: Walker, b: str) -> bool:
    """Whether `a` and `b` grapple: a grappling range (Contact or closer), ground combat
    with each other, or a hold either way."""
    return (
        melee.melee_range(state, a.id, b) <= melee.CONTACT
        or on_ground_with(state, a, b)
        or hold_value(state, a.id, b) > 0
        or hold_value(state, b, a.id) > 0
    )


def in_grapple(state: EncounterState, target: Walker) -> bool:
    """L1658: "someone in any kind of grapple combat (ranges 1-3)": with any active foe."""
    return any(
        c.side != target.side and c.is_active and grappling(state, target, c.id)
        for c in state.combatants
    )


def burden(state: EncounterState, person: Walker, maneuver: str) -> int:
    """Dice every maneuver of `person` loses to its position: the bottom's -1 and the held
    one's -3 (but not on a Slip)."""
    total = BOTTOM if (found := partner(state, person)) is not None and not found[1] else 0
    if holder(state, person) is not None and maneuver != "slip":
        total += HELD
    return total


def prone_rows(state: EncounterState, attacker: Walker, target: Walker) -> dict[str, bool]:
    """The melee chart's prone rows for this pair (`melee.situation`'s fw-grapple part)."""
    if options(state).ground_chart == "ground_rules" and on_ground_with(state, attacker, target.id):
        return {}
    return {"attacker_prone": attacker.prone, "target_prone": target.prone}


def grapple_bonus(state: EncounterState, attacker: Walker, target: str) -> int:
    """ "Grapple bonuses": +1 die per grapple level with the target (option `grapple_bonus`);
    on the ground the level runs the other way (3 loosest), so it is 4 - level there too."""
    if options(state).grapple_bonus == "none":
        return 0
    return grapple_level(melee.melee_range(state, attacker.id, target))


# -- changes ---------------------------------------------------------------------------------


def set_range(tx: Transaction, a: str, b: str, distance: int, why: str) -> None:
    was = melee.melee_range(tx.state, a, b)
    if was != distance:
        tx.emit(RangeChanged(first=a, second=b, was=was, range=distance, why=why))


def fall(tx: Transaction, who: str, why: str) -> None:
    """Knocked or taken down: prone, any movement over, any cover lost."""
    person = walker(tx.state, who)
    if person.motion is not None:
        tx.emit(MotionEnded(combatant=who, why=why))
    if not person.prone:
        tx.emit(PostureSet(combatant=who, prone=True))


def thrown(tx: Transaction, thrower: str, who: str, metres: float, why: str) -> None:
    """`who` flies `metres` straight away from `thrower` (along +x if they share a spot),
    its movement over."""
    me, them = walker(tx.state, thrower), walker(tx.state, who)
    if them.motion is not None:
        tx.emit(MotionEnded(combatant=who, why=why))
    if metres <= 0:
        return
    apart = me.distance_to(them)
    dx, dy = ((them.x - me.x) / apart, (them.y - me.y) / apart) if apart else (1.0, 0.0)
    x, y = round(them.x + dx * metres, 3), round(them.y + dy * metres, 3)
    tx.emit(Moved(combatant=who, x=x, y=y, metres=metres, why=why))


def rise(tx: Transaction, who: str) -> None:
    if walker(tx.state, who).prone:
        tx.emit(PostureSet(combatant=who, prone=False))


def start_ground(tx: Transaction, top: str, bottom: str, level: int, why: str) -> None:
    """Both prone, `top` over `bottom`, at `level` (the pair's range); any other ground
    combat either was in ends first."""
    for who in (top, bottom):
        found = partner(tx.state, walker(tx.state, who))
        if found is not None and {found[0].id, who} != {top, bottom}:
            tx.emit(GroundEnded(first=who, second=found[0].id, why=why))
    fall(tx, top, why)
    fall(tx, bottom, why)
    tx.emit(GroundSet(top=top, bottom=bottom))
    set_range(tx, top, bottom, level, why)


def end_ground(tx: Transaction, a: str, b: str, why: str, *, stand: bool) -> None:
    """Ground combat over: both stand when they escape by a Sweep or Slip ("potentially
    standing both combatants up"), else stay prone."""
    if walker(tx.state, a).ground is not None:
        tx.emit(GroundEnded(first=a, second=b, why=why))
    if stand:
        rise(tx, a)
        rise(tx, b)


def escape(tx: Transaction, a: str, b: str, why: str) -> None:
    """Out of every grapple between the two: ground combat and holds end and the range
    opens to Short (4), "adjacent (either prone or standing)"."""
    if on_ground_with(tx.state, walker(tx.state, a), b):
        end_ground(tx, a, b, why, stand=False)
    for x, y in ((a, b), (b, a)):
        if hold_value(tx.state, x, y) > 0:
            tx.emit(HoldSet(holder=x, held=y, value=0))
    if melee.melee_range(tx.state, a, b) < ESCAPE:
        set_range(tx, a, b, ESCAPE, why)


def yield_top(tx: Transaction, defender: str, attacker: str) -> None:
    """The top who evades anyone but its bottom gives up the ground combat at once."""
    found = partner(tx.state, walker(tx.state, defender))
    if found is not None and found[1] and found[0].id != attacker:
        end_ground(tx, defender, found[0].id, f"{defender} evades {attacker}", stand=False)


# -- refusals --------------------------------------------------------------------------------

PINNED = frozenset({"begin_moving", "sprint", "jump", "stand_up", "disengage", "engage"})


def check(state: EncounterState, action: Action) -> None:
    """What grappling forbids (called for every action): no moving, standing up or engaging
    while in ground combat or a hold; out of a standing grapple only by slipping."""
    person = state.find(action.actor)
    if not isinstance(person, Walker) or action.do not in PINNED:
        return
    found = partner(state, person)
    if found is not None:
        way = "sweep or slip" if not found[1] else "slip"
        raise IllegalAction(
            f"{person.id} is in ground combat with {found[0].id}: {way} out before {action.do}"
        )
    held_by = holder(state, person)
    if held_by is not None:
        raise IllegalAction(f"{person.id} is in {held_by.id}'s hold: slip out before {action.do}")
    target = getattr(action, "target", None)
    if action.do == "disengage" and isinstance(target, str) and state.find(target) is not None:
        distance = melee.melee_range(state, person.id, target)
        if distance < melee.CONTACT:
            raise IllegalAction(
                f"{person.id} and {target} grapple at {melee.range_label(distance)} range: "
                "slip to loosen the grapple"
            )


# -- fatigue (Choke Hold, Nerve Strike) ------------------------------------------------------


def fatigue(tx: Transaction, who: str, points: int, why: str) -> None:
    """ "for every 2 full points of damage that makes it through armor, the target also
    suffers 1 point of fatigue. If they run out of Will they immediately pass out": the Will
    track holds fatigue as Will spent (it keeps no separate Fatigue mark), and a target left
    with no Will falls unconscious (a nerve strike's "incapacitated" alike)."""
    person = walker(tx.state, who)
    taken = min(points, person.will_left)
    if points <= 0 or not person.is_active:
        return
    if taken:
        tx.emit(
            WillSpent(
                combatant=who,
                amount=taken,
                spent=person.will_spent + taken,
                why=f"fatigue from a {why}",
            )
        )
    if walker(tx.state, who).will_left == 0:
        tx.emit(KnockedOut(target=who))
