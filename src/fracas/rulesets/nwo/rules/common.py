"""Pieces every `nwo` rule needs: typed access, condition names, halves, engagement."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, cast

from fracas.core.conditions import Condition, Expiry
from fracas.core.errors import IllegalAction
from fracas.core.events import ConditionApplied
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.nwo.events import ActionSpent, operative
from fracas.rulesets.nwo.grid import Grid
from fracas.rulesets.nwo.operative import Operative
from fracas.rulesets.nwo.options import NwoOptions

PRONE = "prone"
BRACED = "braced"
FOCUSED = "focused"
OVERWATCH = "overwatch"
STUNNED = "stunned"
SUPPRESSED = "suppressed"
STARTLED = "startled"
GRAPPLED = "grappled"
RESTRAINED = "restrained"
NO_ESCAPE = "no_escape"
STUCK = "stuck"
BLADE_ADVANTAGE: Final = "blade_advantage"
LEVER_ACTION = "lever_action"
HELPED = "helped"
ACTION_PLEDGED = "action_pledged"
"""This round's action went to something done out of turn (a help, a Sentinel strike): the
combatant's own turn later in the round starts with its action spent."""
SHIELDED = "shielded"
WILLING_SHIELD = "willing_shield"


def fighter(state: EncounterState, combatant_id: str) -> Operative:
    found = state.find(combatant_id)
    if found is None:
        raise IllegalAction(f"there is no combatant {combatant_id!r}")
    return cast(Operative, found)


def options(state: EncounterState) -> NwoOptions:
    return cast(NwoOptions, state.options)


def grid(state: EncounterState) -> Grid:
    return cast(Grid, state.arena)


def half(state: EncounterState, value: int) -> int:
    """ "½" and "/2" everywhere in the seed (A3): rounded down unless the table says up."""
    return -(-value // 2) if options(state).halves == "up" else value // 2


def check_modifier(state: EncounterState, level: int) -> int:
    """A5: checks (Resolve, Hiding, Strength contests ...) add half the skill, or the full
    skill by option."""
    return half(state, level) if options(state).check_modifier == "half" else level


def source_of(target: Operative, condition_name: str) -> str | None:
    condition = target.condition(condition_name)
    return None if condition is None else condition.source


def hostile(a: Operative, b: Operative) -> bool:
    return a.side != b.side


def engages(
    state: EncounterState, engager: Operative, other: Operative, at: tuple[int, int] | None = None
) -> bool:
    """NWO-13: a character with a melee weapon (not a ranged one) in hand engages hostile
    characters within its reach; the prone and the dashing engage nobody. `at` asks about
    `other` standing on another tile (a step of a move)."""
    if not engager.is_active or not hostile(engager, other) or not other.is_active:
        return False
    if engager.has(PRONE) or engager.dashing or not engager.holds_melee:
        return False
    where = other.tile if at is None else at
    return grid(state).distance(engager.tile, where) <= engager.reach


def threatens(
    state: EncounterState, reactor: Operative, mover: Operative, at: tuple[int, int]
) -> bool:
    """Who could strike `mover` standing at `at` as it leaves: an engager, or (NWO-17) a
    shooter within a stock's reach, who may swing it though it engages nobody."""
    if engages(state, reactor, mover, at):
        return True
    if not reactor.is_active or not hostile(reactor, mover) or not mover.is_active:
        return False
    if reactor.has(PRONE) or reactor.dashing or reactor.holds_melee:
        return False
    return grid(state).distance(reactor.tile, at) <= 1


def engagers(state: EncounterState, target: Operative) -> Iterator[Operative]:
    """Who engages `target` where it stands; asked for every shot and every target a
    tactic weighs, so it is worked out once per state."""
    target_id = target.id

    def find() -> tuple[Operative, ...]:
        standing = operative(state, target_id)
        x, y = standing.x, standing.y
        radius = longest_reach(state)
        near = (
            other
            for other in (cast(Operative, c) for c in state.combatants)
            if other.id != target_id and max(abs(other.x - x), abs(other.y - y)) <= radius
        )
        return tuple(other for other in near if engages(state, other, standing))

    yield from state.derived(("engagers", target_id), find)


def longest_reach(state: EncounterState) -> int:
    """The longest melee reach anyone carries: nobody farther than this (in the larger of the
    two offsets, which no tile distance undercuts) can engage or strike in melee, so the
    questions about who is near skip everyone beyond it."""

    def longest() -> int:
        reaches = (w.reach for c in state.combatants for w in cast(Operative, c).arsenal)
        return max(reaches, default=1)

    return state.derived("longest_reach", longest)


def require_action(actor: Operative) -> None:
    if actor.acted:
        raise IllegalAction(f"{actor.id} has already used this turn's action")


def require_movement(actor: Operative) -> None:
    if actor.movement_spent:
        raise IllegalAction(f"{actor.id} has no movement left this turn")


def require_target(actor: Operative, target: Operative, what: str) -> None:
    """The refusals every action aimed at someone shares."""
    if target.id == actor.id:
        raise IllegalAction(f"{actor.id} cannot {what} itself")
    if target.status.value == "dead":
        raise IllegalAction(f"{target.id} is dead")
    if actor.has(RESTRAINED):
        raise IllegalAction(f"{actor.id} is restrained and cannot {what}")


def require_adjacent(state: EncounterState, actor: Operative, target: Operative, what: str) -> None:
    gap = grid(state).distance(actor.tile, target.tile)
    if gap > 1:
        raise IllegalAction(f"{target.id} is {gap} tiles away; {what} needs an adjacent target")


def occupied(state: EncounterState, *, besides: str | None = None) -> frozenset[tuple[int, int]]:
    """Tiles that hold a combatant (one combatant a tile); the dead are cleared away."""

    def find() -> frozenset[tuple[int, int]]:
        return frozenset(
            operative(state, c.id).tile
            for c in state.combatants
            if c.id != besides and c.status.value != "dead"
        )

    return state.derived(("occupied", besides), find)


def standing_on(state: EncounterState) -> dict[tuple[int, int], tuple[Operative, ...]]:
    """Who stands on each tile (the dead and the living alike), in the scenario's order; a
    line of fire asks it for each tile it crosses instead of asking every combatant."""

    def find() -> dict[tuple[int, int], tuple[Operative, ...]]:
        found: dict[tuple[int, int], tuple[Operative, ...]] = {}
        for combatant in state.combatants:
            who = operative(state, combatant.id)
            found[who.tile] = (*found.get(who.tile, ()), who)
        return found

    return state.derived("standing_on", find)


def round_action_free(state: EncounterState, who: Operative) -> bool:
    """Whether `who` still has this round's action: its turn has not come yet (and nothing
    out of turn has taken it), or its turn came and the action was not used."""
    if who.has(ACTION_PLEDGED):
        return False
    turns = state.rounds
    if state.actor == who.id or who.id in turns.this_round[: turns.index]:
        return not who.acted
    return True


def pledge_round_action(tx: Transaction, who: str, why: str) -> None:
    """Spend this round's action out of turn (Help, Sentinel): now, and, if the combatant's
    own turn is still to come this round, that turn starts with the action gone."""
    tx.emit(ActionSpent(combatant=who, action=why))
    turns = tx.state.rounds
    if who in turns.this_round[turns.index + 1 :]:
        pledge = Condition(name=ACTION_PLEDGED, source=who, expiry=Expiry.END_OF_ROUND, detail=why)
        tx.emit(ConditionApplied(target=who, condition=pledge))
