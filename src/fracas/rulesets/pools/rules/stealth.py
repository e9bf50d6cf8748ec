"""Hiding, searching and being spotted (seed 004, stealth and view range).

"Stealth is a contested Intelligence check. If you succeed, the opponent is not aware of
your presence. Otherwise, they are." "A stealth check cannot be done if the enemy already
knows where you are. You need to relocate and/or find a new hiding spot before you can
stealth again." "If you have succeeded in a stealth check, no further stealth checks are
done unless the enemy spends their action to perform another contested Intelligence check,
which can only be done if they are actively searching for you. If they are entirely unaware
of your presence, no further perception checks may be made unless you do something they can
reasonably spot, like walking by them or making noise." "In order to spot someone at all,
you must be within viewing range of them."

Awareness is per pair and kept on the one hidden (P24): `hidden_from` (enemies that do not
know where it is), `unnoticed_by` (those of them entirely unaware of it), `located_at` (for
each enemy that found it, the spot where that enemy last did, P56). Readings
(docs/rulesets/pools.md P24-P26, P29):

- `stealth` is the action; it rolls against each standing enemy that knows of the hider but
  not its present spot, the hider's Intelligence first, the enemy's after (less 3 dice for
  every 10 distances past its view range); a tie is the enemy's (`tie`). It is refused
  while the spot (distance, in cover) is the one where it was last found, and (by default,
  `stealth_needs_concealment`) against an enemy it has nothing to hide behind from: cover of
  any rating, darkness or fog, or a place past the enemy's view range.
- `search` is the action and rolls, the searcher first, against each enemy it knows is
  about but has lost; a tie is the hider's. With nobody lost it finds nothing (no refusal,
  which would tell a player who hides). It then looks for traps nearby (rules/traps.py,
  P53).
- Spottable (P26): a move into or out of the distance of an enemy one is hidden from
  (walking by it), or a move that ends in the open within its view range, gives that enemy
  a check, rolled as a stealth check. An attack with a weapon that is not `suppressed`
  (silent) gives away the attacker's position to every enemy (POOLS-32, P29).
"""

from __future__ import annotations

from collections.abc import Iterable

from fracas.core.errors import IllegalAction, ScenarioError
from fracas.core.records import replace
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.actions import Search, Stealth
from fracas.rulesets.pools.events import ActionSpent, AwarenessChanged
from fracas.rulesets.pools.rules import traps
from fracas.rulesets.pools.rules.common import (
    apart,
    cover_rating,
    options,
    require_action,
    soldier,
    standing,
)
from fracas.rulesets.pools.rules.contest import contest
from fracas.rulesets.pools.rules.sight import sees, view_penalty, view_range
from fracas.rulesets.pools.sheet import Sheet, Weapon
from fracas.rulesets.pools.soldier import Soldier


def spot(who: Soldier) -> tuple[int, bool]:
    """Where one is, as far as hiding goes: the distance, and whether in its cover."""
    return (who.distance, who.in_cover)


def knows_where(seeker: Soldier, hider: Soldier) -> bool:
    """Whether `seeker` knows where `hider` is (allies always do)."""
    return seeker.id not in hider.hidden_from


def concealed(state: EncounterState, hider: Soldier, seeker: Soldier) -> bool:
    """Something between `hider` and `seeker`'s eyes: cover (weak cover "does block
    vision"), darkness or fog, or distance past the seeker's view range."""
    if cover_rating(state, hider) is not None or not sees(state, seeker, hider):
        return True
    return apart(state, seeker, hider) > view_range(seeker.intelligence)


def eyes(state: EncounterState, seeker: Soldier, hider: Soldier) -> int:
    """The seeker's Intelligence pool against `hider`: "you must be within viewing range",
    so 3 dice fewer for every 10 distances past it (the pool keeps one die, P2)."""
    return seeker.intelligence - view_penalty(seeker.intelligence, apart(state, seeker, hider))


def _in_order(state: EncounterState, people: Iterable[Soldier]) -> list[Soldier]:
    order = {cid: n for n, cid in enumerate(state.turns.order)}
    return sorted(people, key=lambda c: order.get(c.id, len(order)))


def _enemies(state: EncounterState, who: Soldier) -> list[Soldier]:
    return _in_order(state, (c for c in standing(state) if c.side != who.side))


def pinned_down(
    hider: Soldier, seekers: Iterable[str], lost: Iterable[str] = ()
) -> tuple[tuple[str, int, bool], ...]:
    """`hider`'s found spots after `seekers` found it where it stands and `lost` lost it."""
    fresh = list(dict.fromkeys(seekers))
    drop = {*fresh, *lost}
    kept = [entry for entry in hider.located_at if entry[0] not in drop]
    return (*kept, *((who, hider.distance, hider.in_cover) for who in fresh))


def found(tx: Transaction, hider_id: str, seekers: Iterable[str], why: str) -> None:
    """`seekers` now know where `hider` is, at the spot it stands on."""
    hider = soldier(tx.state, hider_id)
    gone = list(seekers)
    if all(s not in hider.hidden_from and hider.found_by_at(s) == spot(hider) for s in gone):
        return
    tx.emit(
        AwarenessChanged(
            combatant=hider.id,
            hidden_from=tuple(c for c in hider.hidden_from if c not in gone),
            unnoticed_by=tuple(c for c in hider.unnoticed_by if c not in gone),
            located_at=pinned_down(hider, gone),
            why=why,
        )
    )


# -- stealth ---------------------------------------------------------------------------


def watchers(state: EncounterState, hider: Soldier) -> list[Soldier]:
    """The enemies a stealth check may be tried against: those that know where the hider
    is but found it at another spot than the one it now holds ("You need to relocate and/or
    find a new hiding spot before you can stealth again", per enemy: P56)."""
    return [
        e
        for e in _enemies(state, hider)
        if knows_where(e, hider) and hider.found_by_at(e.id) != spot(hider)
    ]


def stealth_marks(state: EncounterState, hider: Soldier) -> list[Soldier]:
    """The enemies a stealth check now rolls against: `watchers` it has something to hide
    behind from."""
    need = options(state).stealth_needs_concealment
    return [e for e in watchers(state, hider) if not need or concealed(state, hider, e)]


def verify_stealth(state: EncounterState, action: Stealth) -> None:
    hider = soldier(state, action.actor)
    require_action(hider)
    enemies = _enemies(state, hider)
    if not any(knows_where(e, hider) for e in enemies):
        raise IllegalAction(f"{hider.id} is already hidden from every enemy")
    if not watchers(state, hider):
        cover = "in cover" if hider.in_cover else "out of cover"
        raise IllegalAction(
            f"the enemies know where {hider.id} is (found at distance {hider.distance}, "
            f"{cover}); relocate (move) or find a new hiding spot (take_cover) before "
            "stealth"
        )
    if not stealth_marks(state, hider):
        raise IllegalAction(
            f"{hider.id} has nothing to hide behind at distance {hider.distance}: stealth "
            "needs cover, darkness or smoke, or a place past the enemies' view range "
            "(option stealth_needs_concealment: false allows it in the open)"
        )


def resolve_stealth(tx: Transaction, action: Stealth) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action="stealth"))
    hider = soldier(tx.state, action.actor)
    lost: list[str] = []
    kept: list[str] = []
    for enemy in stealth_marks(tx.state, hider):
        winner = contest(
            tx, "stealth", hider.id, enemy.id, hider.intelligence, eyes(tx.state, enemy, hider)
        )
        (lost if winner == hider.id else kept).append(enemy.id)
    after = soldier(tx.state, hider.id)
    tx.emit(
        AwarenessChanged(
            combatant=hider.id,
            hidden_from=(*after.hidden_from, *lost),
            unnoticed_by=after.unnoticed_by,
            located_at=pinned_down(after, kept, lost),
            why="stealth",
        )
    )


# -- search ----------------------------------------------------------------------------


def lost_track_of(state: EncounterState, seeker: Soldier) -> list[Soldier]:
    """The enemies `seeker` knows are about but does not know where: whom it may search
    for ("only ... if they are actively searching for you"; not the fully unnoticed)."""
    return [
        h
        for h in _enemies(state, seeker)
        if seeker.id in h.hidden_from and seeker.id not in h.unnoticed_by
    ]


def verify_search(state: EncounterState, action: Search) -> None:
    require_action(soldier(state, action.actor))


def resolve_search(tx: Transaction, action: Search) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action="search"))
    seeker = soldier(tx.state, action.actor)
    for hider in lost_track_of(tx.state, seeker):
        winner = contest(
            tx, "search", seeker.id, hider.id, eyes(tx.state, seeker, hider), hider.intelligence
        )
        if winner == seeker.id:
            found(tx, hider.id, [seeker.id], f"{seeker.id} finds it searching")
    traps.search(tx, seeker.id)


# -- what can be spotted ----------------------------------------------------------------


def after_move(tx: Transaction, mover_id: str, came_from: int) -> None:
    """A hidden mover that walks by an enemy, or steps into the open within its view
    range, gives that enemy a check (POOLS-29), in initiative order."""
    mover = soldier(tx.state, mover_id)
    if not mover.hidden_from or not mover.is_active:
        return
    for enemy in _enemies(tx.state, mover):
        if enemy.id not in mover.hidden_from:
            continue
        walking_by = enemy.distance in (came_from, mover.distance)
        in_the_open = not concealed(tx.state, mover, enemy)
        if not walking_by and not in_the_open:
            continue
        winner = contest(
            tx, "spotting", mover.id, enemy.id, mover.intelligence, eyes(tx.state, enemy, mover)
        )
        if winner == enemy.id:
            how = "walking by" if walking_by else "moving in the open"
            found(tx, mover.id, [enemy.id], f"{enemy.id} spots it {how}")


def after_attack(tx: Transaction, attacker_id: str, weapon: Weapon) -> None:
    """ "Ambushing someone gives away your position, unless your attack cannot be detected,
    such as by using a suppressed or silent weapon" (P29: any attack, to every enemy)."""
    attacker = soldier(tx.state, attacker_id)
    if weapon.suppressed or not attacker.hidden_from:
        return
    found(tx, attacker.id, attacker.hidden_from, f"its {weapon.id} gives it away")


def require_known(state: EncounterState, actor: Soldier, target: Soldier) -> None:
    """One acts only on a foe it knows the place of; acting on one it is hidden from is an
    ambush, which must be sprung first (POOLS-30)."""
    if actor.id in target.hidden_from:
        raise IllegalAction(
            f"{actor.id} does not know where {target.id} is; it may search (do: search)"
        )
    if target.id in actor.hidden_from and target.id not in actor.ambush_edge:
        raise IllegalAction(
            f"{actor.id} is hidden from {target.id}: acting on it is an ambush; spring it "
            f"first (do: ambush, targets: [{target.id}])"
        )


# -- the start of a fight ----------------------------------------------------------------


def start_hidden(people: list[Soldier], sheets: list[Sheet]) -> list[Soldier]:
    """Everyone's awareness at the start: a sheet's `hidden` (true: from every enemy; or a
    list of enemy ids) makes those enemies entirely unaware of it; the others have found it
    where it starts."""
    sides = {p.id: p.side for p in people}
    ready: list[Soldier] = []
    for index, (who, sheet) in enumerate(zip(people, sheets, strict=True)):
        enemies = [p.id for p in people if p.side != who.side]
        if sheet.hidden is True:
            hidden = enemies
        elif sheet.hidden is False:
            hidden = []
        else:
            for name in sheet.hidden:
                if sides.get(name, who.side) == who.side:
                    raise ScenarioError(
                        f"combatants[{index}].hidden: {name!r} is not an enemy of {who.id}; "
                        f"give true, false or enemy ids ({', '.join(enemies) or 'none'})"
                    )
            hidden = [e for e in enemies if e in sheet.hidden]
        seen = [e for e in enemies if e not in hidden]
        ready.append(
            replace(
                who,
                hidden_from=tuple(hidden),
                unnoticed_by=tuple(hidden),
                located_at=pinned_down(who, seen),
            )
        )
    return ready
