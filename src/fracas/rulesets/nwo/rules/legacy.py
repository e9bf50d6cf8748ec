"""Throwables, areas of effect and conditions from the older revisions (seed 000, "Throwables,
Areas of Effect (AoE), and Conditions"; option legacy_throwables, off by default because the
newest revision removed the section).

A throw is a Ranged Attack against DC 12 aimed at a tile; on a failure two separate 1d8 rolls
each shift the landing tile one step by the chart (1 2 3 / 4 X 5 / 6 7 8, y growing downward,
so 2 is (0, -1)); a shift into a wall or off the map is skipped. A molotov deals 2 to everyone
in the 3x3 and leaves a Burning (Fire) zone; a smoke bomb leaves a 5x5 Smoke zone; acid deals
3 to whoever stands on the tile and burns them (Burning (Acid)). A zone lasts 3 rounds counted
at the thrower's turn (A21); it is kept as a condition on the thrower, its area in `detail`,
so the state needs no new field. Whoever is in a zone when it lands, or moves into it later,
rolls Robustness (DC 10) or takes its condition. A condition stacks to 2 and gives its bearer
disadvantage on rolls; an action removes one stack, unless the bearer stands in a zone that
applies it.

Dice order for a throw: the thrower's 2d6, then the two scatter d8s (on a failure), then the
damage in listing order, then each occupant's Robustness in listing order. Entering zones is
checked after the move (and its reactions), zone by zone in the order they were thrown.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Any, ClassVar

from fracas.core.conditions import Condition, Expiry
from fracas.core.errors import IllegalAction
from fracas.core.events import ConditionApplied, ConditionRemoved
from fracas.core.state import EncounterState, Status
from fracas.core.transaction import Transaction
from fracas.rulesets.nwo.actions import RemoveCondition, Throw
from fracas.rulesets.nwo.events import ActionSpent, FlagSet, Moved, NwoEvent
from fracas.rulesets.nwo.grid import Tile
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules import movement, panel
from fracas.rulesets.nwo.rules.common import (
    GRAPPLED,
    RESTRAINED,
    fighter,
    grid,
    options,
    require_action,
)

BURNING_FIRE = "burning_fire"
BURNING_ACID = "burning_acid"
SMOKE = "smoke"
CONDITIONS = (BURNING_FIRE, BURNING_ACID, "electrocution", SMOKE, "poison")
"""NWO-L1: "All of these Conditions apply the same mechanical effect"."""
THROW_DC = 12
ROBUSTNESS_DC = 10
MAX_STACKS = 2
ZONE_ROUNDS = 3
ZONE_PREFIX = "zone:"
SCATTER: dict[int, Tile] = {
    1: (-1, -1), 2: (0, -1), 3: (1, -1),
    4: (-1, 0),              5: (1, 0),
    6: (-1, 1),  7: (0, 1),  8: (1, 1),
}  # fmt: skip
"""The d8 chart "1 2 3 / 4 X 5 / 6 7 8" on a map whose y grows downward."""


@dataclass(frozen=True, slots=True)
class Item:
    damage: int
    radius: int
    """0 is the single tile thrown at; 1 a 3x3; 2 a 5x5."""
    condition: str
    lingers: bool


ITEMS = {
    "molotov": Item(damage=2, radius=1, condition=BURNING_FIRE, lingers=True),
    "smoke_bomb": Item(damage=0, radius=2, condition=SMOKE, lingers=True),
    "acid": Item(damage=3, radius=0, condition=BURNING_ACID, lingers=False),
}
"""Seed: "Molotov || 2 || 3x3", "Smoke Bomb || - || 5x5", "Acid Attack || 3 || Single
Target"."""


@dataclass(frozen=True, slots=True)
class Zone:
    """A lingering area, read back from the condition on its thrower."""

    name: str
    thrower: str
    condition: str
    centre: Tile
    radius: int

    def covers(self, tile: Tile) -> bool:
        return max(abs(tile[0] - self.centre[0]), abs(tile[1] - self.centre[1])) <= self.radius


@dataclass(frozen=True, slots=True, kw_only=True)
class ThrowLanded(NwoEvent):
    """Where a throwable came down: on the aimed tile, or scattered from it."""

    kind: ClassVar[str] = "throw_landed"
    thrower: str
    item: str
    aimed: tuple[int, int]
    landed: tuple[int, int]

    def describe(self) -> str:
        where = "on target" if self.aimed == self.landed else f"scattered from {self.aimed}"
        return f"{self.thrower}'s {self.item} lands at {self.landed} ({where})"


# -- reading the state -------------------------------------------------------------------


def zone_condition(
    zone_name: str, thrower: str, condition: str, centre: Tile, radius: int
) -> Condition:
    return Condition(
        name=zone_name,
        source=thrower,
        expiry=Expiry.START_OF_TURN,
        anchor=thrower,
        count=ZONE_ROUNDS,
        detail=f"{condition} {centre[0]},{centre[1]} {radius}",
    )


def zones(state: EncounterState) -> list[Zone]:
    """Every lingering area, in the listing order of the throwers."""
    found = []
    for combatant in state.combatants:
        for condition in combatant.conditions:
            if not condition.name.startswith(ZONE_PREFIX) or condition.detail is None:
                continue
            applied, centre, radius = condition.detail.split()
            x, y = centre.split(",")
            found.append(Zone(condition.name, combatant.id, applied, (int(x), int(y)), int(radius)))
    return found


def stacks(who: Operative, condition_name: str) -> int:
    condition = who.condition(condition_name)
    if condition is None:
        return 0
    if condition.detail and condition.detail.startswith("stacks="):
        return int(condition.detail.removeprefix("stacks="))
    return 1


def afflicted(who: Operative) -> bool:
    """NWO-L1 / A21: "Conditions apply disadvantage to the afflicted character" (on all of its
    rolls; stacks do not deepen it). The attack and panel rules call this."""
    return any(c.name in CONDITIONS for c in who.conditions)


def _edge(who: Operative, *more_disadvantage: bool) -> int:
    return panel.edge_of(0, int(afflicted(who)) + sum(more_disadvantage))


# -- what a throw does ---------------------------------------------------------------------


def _require_option(state: EncounterState, what: str) -> None:
    if not options(state).legacy_throwables:
        raise IllegalAction(
            f"{what} belongs to the older revisions' throwables rules; set the option "
            "legacy_throwables: true to use it"
        )


def verify_throw(state: EncounterState, action: Throw) -> None:
    _require_option(state, "throw")
    actor = fighter(state, action.actor)
    require_action(actor)
    if actor.has(RESTRAINED):
        raise IllegalAction(f"{actor.id} is restrained and cannot make attacks")
    movement.require_shooting_range(state, actor)
    board = grid(state)
    at = (action.at[0], action.at[1])
    if not board.walkable(at):
        raise IllegalAction(
            f"tile {at} is a wall or off the {board.width}x{board.height} map; throw at an "
            "open tile"
        )
    if board.sight_blocked(actor.tile, at):
        raise IllegalAction(f"a wall blocks the line of sight from {actor.id} to {at}")


def resolve_throw(tx: Transaction, action: Throw) -> None:
    """NWO-L4: "Throwables can be tossed onto a tile, affecting the adjacent 3x3 area, by
    making a Ranged Attack (DC 12) roll. On failure, the throwable is placed in a random
    location within 2 tiles of the intended location."""
    from fracas.rulesets.nwo.rules import attack, support

    item = ITEMS[action.item]
    tx.emit(ActionSpent(combatant=action.actor, action=f"throw {action.item}"))
    actor = fighter(tx.state, action.actor)
    modifier = attack.ranged_modifier(tx.state, actor) + support.help_bonus(tx.state, actor)
    edge = _edge(actor, actor.has(GRAPPLED))
    roll = panel.roll(tx, actor.id, f"throw {action.item} (DC {THROW_DC})", modifier, edge)
    support.spend_help(tx, actor.id)
    tx.emit(FlagSet(target=actor.id, flag="shot", value=True))
    aimed = (action.at[0], action.at[1])
    landed = aimed if roll.total >= THROW_DC else _scatter(tx, actor.id, aimed)
    tx.emit(ThrowLanded(thrower=actor.id, item=action.item, aimed=aimed, landed=landed))
    area = Zone("", actor.id, item.condition, landed, item.radius)
    caught = [
        fighter(tx.state, c.id)
        for c in tx.state.combatants
        if c.status is not Status.DEAD and area.covers(fighter(tx.state, c.id).tile)
    ]
    if item.damage:
        for who in caught:
            attack.deal(tx, who.id, item.damage, action.item)
    if not item.lingers:
        for who in caught:
            if fighter(tx.state, who.id).status is not Status.DEAD:
                _afflict(tx, who.id, item.condition, actor.id)
        return
    name = f"{ZONE_PREFIX}{action.item}@{landed[0]},{landed[1]}"
    tx.emit(
        ConditionApplied(
            target=actor.id,
            condition=zone_condition(name, actor.id, item.condition, landed, item.radius),
        )
    )
    for who in caught:
        _resist(tx, who.id, item.condition, actor.id)


def _scatter(tx: Transaction, thrower: str, aimed: Tile) -> Tile:
    """ "two separate 1d8 rolls. Each roll offsets the AoE one tile ... If a roll would move
    the center of the AoE into a solid wall, the shift just doesn't happen" (off the map too)."""
    board = grid(tx.state)
    here = aimed
    for number in (1, 2):
        face = tx.roll("1d8", f"scatter {number}: {thrower}'s throw")
        dx, dy = SCATTER[face]
        there = (here[0] + dx, here[1] + dy)
        if board.walkable(there):
            here = there
    return here


def _afflict(tx: Transaction, target: str, condition_name: str, source: str) -> None:
    """NWO-L3: "Conditions can be stacked up to two times"."""
    who = fighter(tx.state, target)
    count = stacks(who, condition_name)
    if count >= MAX_STACKS:
        return
    tx.emit(
        ConditionApplied(
            target=target,
            condition=Condition(name=condition_name, source=source, detail=f"stacks={count + 1}"),
        )
    )


def _resist(tx: Transaction, target: str, condition_name: str, source: str) -> None:
    """NWO-L2: "A character moving into an existing AOE requires passing a DC 10 Robustness
    check or else risk taking on the Condition imposed by it" (A21: a failure takes it)."""
    from fracas.rulesets.nwo.rules.common import check_modifier

    who = fighter(tx.state, target)
    if not who.is_active:
        return
    modifier = check_modifier(tx.state, who.robustness)
    purpose = f"robustness against {condition_name}"
    if not panel.check(tx, who.id, purpose, modifier, ROBUSTNESS_DC, _edge(who)):
        _afflict(tx, who.id, condition_name, source)


def after_action(tx: Transaction) -> None:
    """Everyone the action moved into a zone (by a step from outside it to inside) resists it
    once per zone; wired from the ruleset's `after_action`."""
    if not options(tx.state).legacy_throwables:
        return
    seen: set[tuple[str, str]] = set()
    moves = [e for e in tx.events if isinstance(e, Moved)]
    for event in moves:
        for zone in zones(tx.state):
            key = (event.target, zone.name)
            if key in seen:
                continue
            steps: list[tuple[Any, Any]] = list(pairwise(event.path))
            if any(not zone.covers(a) and zone.covers(b) for a, b in steps):
                seen.add(key)
                _resist(tx, event.target, zone.condition, zone.thrower)


# -- removing a condition ------------------------------------------------------------------


def verify_remove(state: EncounterState, action: RemoveCondition) -> None:
    _require_option(state, "remove_condition")
    actor = fighter(state, action.actor)
    require_action(actor)
    if action.condition not in CONDITIONS:
        raise IllegalAction(
            f"{action.condition!r} is not a removable condition; accepted: {', '.join(CONDITIONS)}"
        )
    if not actor.has(action.condition):
        held = ", ".join(c.name for c in actor.conditions if c.name in CONDITIONS) or "none"
        raise IllegalAction(f"{actor.id} is not {action.condition} (its conditions: {held})")
    for zone in zones(state):
        if zone.condition == action.condition and zone.covers(actor.tile):
            raise IllegalAction(
                f"{actor.id} stands in {zone.thrower}'s {zone.condition} area around "
                f"{zone.centre}; leave it first"
            )


def resolve_remove(tx: Transaction, action: RemoveCondition) -> None:
    """NWO-L3: "An action can be spent by an afflicted character to remove a Condition unless
    attempted while within an AOE that applies it" (A21: one stack per action)."""
    tx.emit(ActionSpent(combatant=action.actor, action=f"remove {action.condition}"))
    who = fighter(tx.state, action.actor)
    count = stacks(who, action.condition)
    if count > 1:
        kept = who.condition(action.condition)
        assert kept is not None
        tx.emit(
            ConditionApplied(
                target=who.id,
                condition=Condition(
                    name=action.condition, source=kept.source, detail=f"stacks={count - 1}"
                ),
            )
        )
    else:
        tx.emit(ConditionRemoved(target=who.id, name=action.condition, why="removed (action)"))


RULES: dict[type, tuple] = {  # type: ignore[type-arg]
    Throw: (verify_throw, resolve_throw),
    RemoveCondition: (verify_remove, resolve_remove),
}
