"""Movement, engagement and attacks of opportunity (seed 000: "Movement", "Engaging",
"Attacks of Opportunity", "Sentinel", "Disengaging", "Dashing", "Prone").

A move walks its path one tile at a time. Leaving the range of a character that engages the
mover gives that character an attack of opportunity (one a round, melee only: a shooter swings
the stock instead); stepping into a spear's range lets its wielder strike as a Sentinel, and a
Sentinel hit ends the movement. Reactions are resolved where they happen, in the order the
reactors stand in the scenario's list; the mover goes on if still standing.
"""

from __future__ import annotations

from typing import Final, cast

from fracas.core.conditions import Condition, Expiry
from fracas.core.errors import IllegalAction
from fracas.core.events import ConditionApplied
from fracas.core.grid import Point
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.nwo.actions import Crawl, Dash, Disengage, Move, ShootAndMove
from fracas.rulesets.nwo.catalog import IMPROVISED, Weapon, catalog
from fracas.rulesets.nwo.events import ActionSpent, FlagSet, Moved
from fracas.rulesets.nwo.grid import Tile
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.rules import panel
from fracas.rulesets.nwo.rules.common import (
    GRAPPLED,
    PRONE,
    RESTRAINED,
    STARTLED,
    STUCK,
    STUNNED,
    check_modifier,
    engagers,
    engages,
    fighter,
    grid,
    half,
    longest_reach,
    occupied,
    options,
    pledge_round_action,
    require_action,
    require_movement,
    round_action_free,
    threatens,
)

DISENGAGE_DC = 12
SPEAR_REACH: Final = 2
SHOOTING_AND_MOVING = "shooting_and_moving"
"""Declared for this turn: it shoots and moves (the panel's action toggle, then the movement
toggle), so a shot before the move already carries the movement's -2."""


# -- shooting and moving in one turn (NWO-7, A11) -------------------------------------------


def shoots_and_moves(who: Operative) -> bool:
    """This turn has shot (or declared it will shoot and move): its movement is reduced."""
    return who.shot or who.has(SHOOTING_AND_MOVING)


def moving_shot(who: Operative) -> bool:
    """A shot now carries "Movement imposes a -2 penalty": the shooter has moved this turn,
    or declared before the shot that it will move after it."""
    return who.moved > 0 or who.has(SHOOTING_AND_MOVING)


def reduced_range(state: EncounterState, who: Operative) -> int:
    """The whole turn's movement when the turn shoots and moves (option shoot_and_move)."""
    if options(state).shoot_and_move == "half":
        return half(state, who.movement)
    return who.movement


def require_shooting_range(
    state: EncounterState, shooter: Operative, weapon: Weapon | None = None
) -> None:
    """A shot after moving further than the reduced range would make the turn break it: the
    panel shows the reduced range before either is done, so such a turn cannot shoot.
    `weapon` None is a ranged attack roll without a gun (a throw)."""
    if weapon is not None and (not weapon.is_ranged or weapon.id == IMPROVISED):
        return
    limit = reduced_range(state, shooter)
    if shooter.moved > limit:
        raise IllegalAction(
            f"{shooter.id} has moved {shooter.moved} tiles this turn; a turn that shoots and "
            f"moves has the reduced movement range of {limit}"
        )


def may_move_after_shooting(state: EncounterState, mover: Operative) -> bool:
    """A shot made standing took no -2; moving after it would make a shoot-and-move turn whose
    shot escaped the penalty, unless the table lets it (option move_after_shot: free)."""
    if not mover.shot or mover.moved > 0 or mover.has(SHOOTING_AND_MOVING):
        return True
    return options(state).move_after_shot == "free"


def _require_declared_after_a_shot(state: EncounterState, mover: Operative) -> None:
    if may_move_after_shooting(state, mover):
        return
    raise IllegalAction(
        f"{mover.id} shot without moving and without declaring a move: to shoot and then move "
        "in one turn, declare it before the shot (shoot_and_move), so the shot takes the -2"
    )


def verify_shoot_and_move(state: EncounterState, action: ShootAndMove) -> None:
    who = fighter(state, action.actor)
    if who.has(SHOOTING_AND_MOVING):
        raise IllegalAction(f"{who.id} has already declared shooting and moving this turn")
    if who.shot:
        raise IllegalAction(f"{who.id} has already shot; shooting and moving is declared first")
    require_action(who)
    require_movement(who)
    limit = reduced_range(state, who)
    if who.moved > limit:
        raise IllegalAction(
            f"{who.id} has moved {who.moved} tiles; shooting and moving allows {limit} in all"
        )


def resolve_shoot_and_move(tx: Transaction, action: ShootAndMove) -> None:
    """NWO-7: "you must activate the action toggle and then the movement toggle, before
    performing said action or movement": from now on this turn both apply."""
    declared = Condition(
        name=SHOOTING_AND_MOVING,
        source=action.actor,
        expiry=Expiry.END_OF_TURN,
        anchor=action.actor,
    )
    tx.emit(ConditionApplied(target=action.actor, condition=declared))


# -- how far ---------------------------------------------------------------------------


def budget(state: EncounterState, mover: Operative, kind: str) -> int:
    """Tiles this movement may still cover (NWO-6, NWO-7, NWO-20, A11): a turn that shoots
    and moves counts all of its movement, before the shot and after, against the reduced
    range."""
    base = mover.movement
    if kind == "dash":
        if options(state).dash_with_armor == "twelve_minus":
            return 12 - (6 - base)
        return base * 2
    if kind == "crawl":
        return 1
    if shoots_and_moves(mover):
        base = reduced_range(state, mover)
    return base - mover.moved


def why_cannot_move(mover: Operative) -> str | None:
    for name, why in (
        (GRAPPLED, "is grappled (movement 0)"),
        (RESTRAINED, "is restrained"),
        (STUCK, "has a bolt stuck in it (movement 0 until it is removed)"),
        (STUNNED, "is stunned"),
        (STARTLED, "is startled in place by suppressive fire"),
    ):
        if mover.has(name):
            return f"{mover.id} {why}"
    return None


def plan(state: EncounterState, action: Move, allowance: int) -> tuple[list[Tile], int]:
    """The path the action walks and its cost, or IllegalAction saying why not."""
    mover = fighter(state, action.actor)
    board = grid(state)
    blocked = occupied(state, besides=mover.id)
    if action.path is not None:
        path: list[Tile] = [mover.tile, *[(p[0], p[1]) for p in action.path]]
        if path[1] == mover.tile:
            path = path[1:]
        for tile in path[1:]:
            if tile in blocked:
                raise IllegalAction(f"tile {tile} is taken; one combatant a tile")
        cost = board.path_cost(path)
        if cost is None:
            raise IllegalAction(
                "the path must step to neighbouring open tiles, without walls or "
                "squeezing diagonally between two walls"
            )
    elif action.to is not None:
        goal: Point = (action.to[0], action.to[1])
        if not board.walkable(goal):
            raise IllegalAction(
                f"tile {goal} is a wall or off the {board.width}x{board.height} map"
            )
        if goal in blocked:
            raise IllegalAction(f"tile {goal} is taken; one combatant a tile")
        found = board.path_to(mover.tile, goal, max(allowance, 0), blocked)
        if found is None:
            raise IllegalAction(
                f"{goal} is out of reach: {mover.id} can move {max(allowance, 0)} more tiles "
                f"this turn from {mover.tile}"
            )
        path, cost = found, board.path_cost(found) or 0
    else:
        raise IllegalAction("a move needs `to: [x, y]` or a `path`")
    if len(path) < 2:
        raise IllegalAction(f"{mover.id} is already there")
    if cost > allowance:
        raise IllegalAction(
            f"that path costs {cost} tiles; {mover.id} can move {max(allowance, 0)} more this turn"
        )
    return path, cost


def _require_upright_and_free(mover: Operative) -> None:
    """Walking, dashing and disengaging all need a mover that nothing holds and is standing."""
    blocked = why_cannot_move(mover)
    if blocked:
        raise IllegalAction(blocked)
    if mover.has(PRONE):
        raise IllegalAction(f"{mover.id} is prone: stand up (stand) or crawl one tile")


def verify_move(state: EncounterState, action: Move) -> None:
    mover = fighter(state, action.actor)
    require_movement(mover)
    _require_upright_and_free(mover)
    _require_declared_after_a_shot(state, mover)
    plan(state, action, budget(state, mover, "move"))


def resolve_move(tx: Transaction, action: Move) -> None:
    mover = fighter(tx.state, action.actor)
    path, _ = plan(tx.state, action, budget(tx.state, mover, "move"))
    walk(tx, action.actor, path, action.declined)


def verify_dash(state: EncounterState, action: Dash) -> None:
    mover = fighter(state, action.actor)
    require_action(mover)
    require_movement(mover)
    if mover.moved:
        raise IllegalAction(f"{mover.id} has already moved; a dash takes the whole movement")
    _require_upright_and_free(mover)
    plan(state, action, budget(state, mover, "dash"))


def resolve_dash(tx: Transaction, action: Dash) -> None:
    """NWO-20: "double their movement speed from 6 to 12 tiles"; it still provokes."""
    mover = fighter(tx.state, action.actor)
    path, _ = plan(tx.state, action, budget(tx.state, mover, "dash"))
    tx.emit(ActionSpent(combatant=action.actor, action="dash", movement_too=True))
    tx.emit(FlagSet(target=action.actor, flag="dashing", value=True))
    walk(tx, action.actor, path, action.declined)


def verify_disengage(state: EncounterState, action: Disengage) -> None:
    mover = fighter(state, action.actor)
    require_action(mover)
    require_movement(mover)
    _require_upright_and_free(mover)  # "these supersede the ability to disengage"
    plan(state, action, budget(state, mover, "move"))


def resolve_disengage(tx: Transaction, action: Disengage) -> None:
    """NWO-19: move without provoking; engaged by two or more, Resolve DC 12 first. A failed
    roll spends the action; the movement stays for an ordinary (provoking) move."""
    mover = fighter(tx.state, action.actor)
    if sum(1 for _ in engagers(tx.state, mover)) >= 2:
        modifier = check_modifier(tx.state, mover.resolve)
        if not panel.check(tx, mover.id, "resolve to disengage", modifier, DISENGAGE_DC):
            tx.emit(ActionSpent(combatant=action.actor, action="disengage (failed)"))
            return
    path, _ = plan(tx.state, action, budget(tx.state, mover, "move"))
    tx.emit(ActionSpent(combatant=action.actor, action="disengage", movement_too=True))
    tx.emit(FlagSet(target=action.actor, flag="disengaging", value=True))
    walk(tx, action.actor, path, action.declined)


def verify_crawl(state: EncounterState, action: Crawl) -> None:
    mover = fighter(state, action.actor)
    require_movement(mover)
    if not mover.has(PRONE):
        raise IllegalAction(f"{mover.id} is not prone; crawling is for the prone")
    blocked = why_cannot_move(mover)
    if blocked:
        raise IllegalAction(blocked)
    _require_declared_after_a_shot(state, mover)
    plan(state, action, 1)


def resolve_crawl(tx: Transaction, action: Crawl) -> None:
    """NWO-37: "Prone characters can crawl to an adjacent tile while prone." """
    path, _ = plan(tx.state, action, 1)
    walk(tx, action.actor, path, action.declined)
    from fracas.rulesets.nwo.events import MovementSpent

    tx.emit(MovementSpent(combatant=action.actor, why="crawled"))


def walk(tx: Transaction, mover_id: str, path: list[Tile], declined: tuple[str, ...]) -> None:
    """Step along `path`, stopping for reactions and Overwatch shots where they fall due."""
    from fracas.rulesets.nwo.rules import support

    if not support.anyone_watching(tx.state):
        _walk(tx, mover_id, path, declined, None)
        return
    held: dict[str, str] = {}
    _walk(tx, mover_id, path, declined, held)
    support.report_held(tx, held)


def _walk(
    tx: Transaction,
    mover_id: str,
    path: list[Tile],
    declined: tuple[str, ...],
    held: dict[str, str] | None,
) -> None:
    """`held` collects the watches this move set off without a shot; None: nobody watches,
    so no tile needs asking (Overwatch can only be set by an action, never mid-move)."""
    from fracas.rulesets.nwo.rules import attack, support

    start = 0
    for index in range(1, len(path)):
        here, there = path[index - 1], path[index]
        mark = len(tx.events)
        state = tx.state
        mover = fighter(state, mover_id)
        leaving = [
            e
            for e in _others(state, mover_id, here)
            if threatens(state, e, mover, here)
            and not threatens(state, e, mover, there)
            and _may_take_aoo(state, e, mover, declined)
        ]
        if leaving:
            _step(tx, mover_id, path[start:index])
            start = index - 1
            for reactor in leaving:
                weapon = _aoo_weapon(reactor)
                tx.emit(FlagSet(target=reactor.id, flag="aoo_used", value=True))
                attack.strike(tx, reactor.id, mover_id, weapon, reaction=True)
                if held is not None:
                    support.watch_events(tx, mark)  # a watch on this damage shoots here
                if _halted(tx, mover_id):
                    return
        stopped = False
        sentinels = _sentinels(tx.state, mover_id, here, there, declined)
        if sentinels:
            _step(tx, mover_id, path[start : index + 1])
            start = index
            for reactor in sentinels:
                tx.emit(FlagSet(target=reactor.id, flag="aoo_used", value=True))
                if options(tx.state).sentinel_needs_action:
                    pledge_round_action(tx, reactor.id, "sentinel")
                spear = next(w for w in reactor.in_hand if w.reach >= SPEAR_REACH)
                if attack.strike(tx, reactor.id, mover_id, spear, reaction=True).hit:
                    stopped = True  # "the target ends their movement and cannot advance"
        if held is not None:
            if fighter(tx.state, mover_id).is_active:
                watchers = support.watchers_at(tx.state, mover_id, path[: index + 1], held)
                if watchers:
                    _step(tx, mover_id, path[start : index + 1])
                    start = index
                    for watcher in watchers:
                        support.fire_at_mover(tx, watcher, mover_id, held)
            support.watch_events(tx, mark)
        if stopped or (sentinels and not fighter(tx.state, mover_id).is_active):
            from fracas.rulesets.nwo.events import MovementSpent

            tx.emit(MovementSpent(combatant=mover_id, why="stopped by a sentinel"))
            return
        if start == index and _halted(tx, mover_id):
            return
    _step(tx, mover_id, path[start:])


def _halted(tx: Transaction, mover_id: str) -> bool:
    """A reaction that downs, stuns, grapples or pins the mover ends the rest of its move."""
    mover = fighter(tx.state, mover_id)
    if not mover.is_active:
        return True
    why = why_cannot_move(mover)
    if why is None and not mover.has(PRONE):
        return False
    from fracas.rulesets.nwo.events import MovementSpent

    tx.emit(MovementSpent(combatant=mover_id, why=why or f"{mover_id} was knocked prone"))
    return True


def _step(tx: Transaction, mover_id: str, segment: list[Tile]) -> None:
    if len(segment) < 2:
        return
    cost = grid(tx.state).path_cost(segment) or 0
    tx.emit(Moved(target=mover_id, path=tuple(segment), cost=cost))


def _may_take_aoo(
    state: EncounterState, reactor: Operative, mover: Operative, declined: tuple[str, ...]
) -> bool:
    """NWO-16/17/19/20/45: one a round; not against the disengaging or the grappled; not
    while dashing; declined reactions are not taken."""
    if reactor.id in declined or reactor.aoo_used or reactor.dashing:
        return False
    if reactor.has(RESTRAINED) or reactor.has(STUNNED):
        return False  # no reactions while restrained or stunned
    return not (mover.disengaging or mover.has(GRAPPLED))


def _aoo_weapon(reactor: Operative):  # type: ignore[no-untyped-def]
    """Melee weapon in hand; a shooter swings the stock ("Improvised Weapon")."""
    from fracas.rulesets.nwo.rules.attack import defending_weapon

    if any(w.is_ranged for w in reactor.in_hand) and not any(
        not w.is_ranged for w in reactor.in_hand
    ):
        return catalog()[IMPROVISED]
    return defending_weapon(reactor)


def _others(state: EncounterState, mover_id: str, here: Tile) -> list[Operative]:
    """Who might react to a step from `here`: the mover's active enemies near enough to
    reach `here` or the next tile with their longest weapon (every reaction needs that), in
    the scenario's order. Asking only them keeps a step's cost from growing with the fight."""
    side = fighter(state, mover_id).side
    radius = _reaction_radius(state)
    x, y = here
    return [
        other
        for other in _standing_enemies(state, side)
        if max(abs(other.x - x), abs(other.y - y)) <= radius
    ]


def _standing_enemies(state: EncounterState, side: str) -> tuple[Operative, ...]:
    """The active combatants not of `side`, in the scenario's order: the same for every step
    of a move that nothing interrupts, so worked out once per state."""

    def find() -> tuple[Operative, ...]:
        return tuple(cast(Operative, c) for c in state.combatants if c.side != side and c.is_active)

    return state.derived(("standing_enemies", side), find)


def _reaction_radius(state: EncounterState) -> int:
    """The farthest any reaction reaches from a step's first tile: the longest reach carried
    (a stock swing reaches 1), plus the step itself."""
    return longest_reach(state) + 1


def _sentinels(
    state: EncounterState, mover_id: str, here: Tile, there: Tile, declined: tuple[str, ...]
) -> list[Operative]:
    """NWO-18: spear wielders whose range the mover steps into this step."""
    mover = fighter(state, mover_id)
    if mover.disengaging:
        return []
    found = []
    for reactor in _others(state, mover_id, here):
        if reactor.id in declined or reactor.aoo_used:
            continue
        if not any(w.reach >= SPEAR_REACH and not w.is_ranged for w in reactor.in_hand):
            continue
        if reactor.has(RESTRAINED) or reactor.has(STUNNED):
            continue
        if options(state).sentinel_needs_action and not round_action_free(state, reactor):
            continue
        if engages(state, reactor, mover, there) and not engages(state, reactor, mover, here):
            found.append(reactor)
    return found


RULES = {
    Move: (verify_move, resolve_move),
    Dash: (verify_dash, resolve_dash),
    Disengage: (verify_disengage, resolve_disengage),
    Crawl: (verify_crawl, resolve_crawl),
    ShootAndMove: (verify_shoot_and_move, resolve_shoot_and_move),
}
