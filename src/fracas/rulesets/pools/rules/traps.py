"""Traps (seed 004, traps).

"A trap is something set up to cause harm to another. When laying a trap, the trapmaster
must decide whether the trap is incapacitating or killing. A trap then requires 2
Intelligence checks. The first is how well-hidden the trap is: the amount of successes prey
needs to spot it. The second is how damaging it is, if at all: each success means one point
of damage. A killing trap can kill its prey, and its damage can push someone into negative
HP directly. An incapacitating trap will never kill, even if its damage would be killing
otherwise. Prey is always left at 0 HP."

Readings (docs/rulesets/pools.md P12, P30): `set_trap` is the turn's action and lays the
trap on the ground where the trapmaster stands (a scenario may also list traps laid before
the fight). Its prey is every enemy of the trapmaster. When prey on the ground enters the
trap's distance, it rolls Intelligence to spot it (a trap of 0 hiding successes is spotted
without a roll): at least the hiding successes and it sees the trap and steps around it for
good; fewer and the trap springs, once. Armor does not stop a trap. A killing trap takes
its damage off HP, below 0 if it comes to that (death below 0, P13); an incapacitating one
takes it down to 0 at most (`incapacitating_trap: floor`), or always leaves 0
(`always_zero`).

A `search` looks for traps too (P53, `trap_search`): at the searcher's distance and one step
either way, each unspotted enemy trap there gets the searcher's Intelligence pool against its
hiding. Who enters a trap's distance, however (a step, a drag, a ride, a landing, a fall), is
rules/travel.py's to say.

Dice order: `set_trap`: the hiding pool, then the damage pool. Entering a trapped distance,
or searching near one: per armed trap there that the mover has not spotted (the trapmasters
in initiative order, each one's traps in the order laid), its Intelligence pool; damage
rolls nothing.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.records import replace
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.actions import SetTrap
from fracas.rulesets.pools.events import ActionSpent, TrapSet, TrapSpotted, TrapSprung
from fracas.rulesets.pools.rules.common import options, require_action, soldier
from fracas.rulesets.pools.rules.dice import pool
from fracas.rulesets.pools.rules.harm import deal
from fracas.rulesets.pools.sheet import Sheet
from fracas.rulesets.pools.soldier import Soldier, Trap


def verify(state: EncounterState, action: SetTrap) -> None:
    actor = soldier(state, action.actor)
    require_action(actor)
    if actor.altitude:
        raise IllegalAction(
            f"{actor.id} is at altitude {actor.altitude}; a trap is laid on the ground"
        )


def resolve(tx: Transaction, action: SetTrap) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action=f"set a {action.kind} trap"))
    actor = soldier(tx.state, action.actor)
    hiding = pool(tx, actor.intelligence, f"trap hiding: {actor.id}")
    damage = pool(tx, actor.intelligence, f"trap damage: {actor.id}")
    lay(tx, actor, action.kind, actor.distance, hiding, damage)


def lay(
    tx: Transaction, owner: Soldier, kind: str, distance: int, hiding: int, damage: int
) -> None:
    tx.emit(
        TrapSet(
            combatant=owner.id,
            trap=f"{owner.id}-trap-{owner.traps_laid + 1}",
            distance=distance,
            trap_kind=kind,
            hiding=hiding,
            damage=damage,
        )
    )


def armed_at(state: EncounterState, prey: Soldier, reach: int = 0) -> list[tuple[Soldier, Trap]]:
    """The traps of `prey`'s enemies it has not spotted, at its distance or up to `reach`
    distances from it: the trapmasters in initiative order, each one's in the order laid."""
    order = {cid: n for n, cid in enumerate(state.turns.order)}
    owners = [soldier(state, c.id) for c in state.combatants if c.side != prey.side]
    owners.sort(key=lambda c: order.get(c.id, len(order)))
    return [
        (owner, trap)
        for owner in owners
        for trap in owner.traps
        if abs(trap.distance - prey.distance) <= reach and prey.id not in trap.spotted_by
    ]


def spots(tx: Transaction, prey: Soldier, trap: Trap) -> bool:
    """Whether `prey` spots `trap`: at least its hiding successes on an Intelligence pool
    (a trap of 0 hiding is seen without a roll)."""
    if trap.hiding == 0:
        return True
    return pool(tx, prey.intelligence, f"trap spotting: {prey.id}") >= trap.hiding


SEARCH_REACH = {"near": 1, "here": 0}
"""How far from the searcher `search` looks for traps (`trap_search`, P53)."""


def search(tx: Transaction, seeker_id: str) -> None:
    """A `search` also looks for the traps lying where the searcher's next step would go:
    each one rolls its Intelligence pool against the trap's hiding, as prey does on entering
    (P53). A spotted trap is stepped around for good; an unspotted one is simply not seen."""
    reach = SEARCH_REACH.get(options(tx.state).trap_search)
    seeker = soldier(tx.state, seeker_id)
    if reach is None or not seeker.is_active:
        return
    for owner, trap in armed_at(tx.state, seeker, reach):
        if spots(tx, seeker, trap):
            tx.emit(TrapSpotted(owner=owner.id, trap=trap.id, spotter=seeker.id))


def after_move(tx: Transaction, mover_id: str) -> None:
    """Prey entering a trapped distance on the ground: spot each trap or spring it."""
    mover = soldier(tx.state, mover_id)
    if mover.altitude or not mover.is_active:
        return
    for owner, trap in armed_at(tx.state, mover):
        prey = soldier(tx.state, mover_id)
        if not prey.is_active:
            return
        if spots(tx, prey, trap):
            tx.emit(TrapSpotted(owner=owner.id, trap=trap.id, spotter=prey.id))
            continue
        tx.emit(TrapSprung(owner=owner.id, trap=trap.id, prey=prey.id))
        spring(tx, owner.id, trap, prey)


def spring(tx: Transaction, owner_id: str, trap: Trap, prey: Soldier) -> None:
    source = f"{owner_id}'s {trap.kind} trap"
    if trap.kind == "killing":
        deal(tx, prey.id, source, trap.damage, f"{trap.damage} successes, armor no use")
        return
    if options(tx.state).incapacitating_trap == "always_zero":
        deal(tx, prey.id, source, prey.hp, f"always left at 0 HP ({trap.damage} successes)")
        return
    amount = min(trap.damage, prey.hp)
    formula = f"{trap.damage} successes" + (", never below 0 HP" if amount < trap.damage else "")
    deal(tx, prey.id, source, amount, formula)


def laid_before(people: list[Soldier], sheets: list[Sheet]) -> list[Soldier]:
    """The traps each sheet lists as laid before the fight, with their checks' numbers."""
    ready = []
    for who, sheet in zip(people, sheets, strict=True):
        laid = tuple(
            Trap(
                id=f"{who.id}-trap-{n}",
                distance=t.distance,
                kind=t.kind,
                hiding=t.hiding,
                damage=t.damage,
            )
            for n, t in enumerate(sheet.traps, start=1)
        )
        ready.append(replace(who, traps=laid, traps_laid=len(laid)) if laid else who)
    return ready
