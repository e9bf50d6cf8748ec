"""Rulings the seed leaves to the GM (seed 001, "Being Attacked & Shields", "'Even Split'
Crit Rule"). Only the GM (actor `gm`) makes them, at any time.

"the GM may declare that a space is occupied with enough bodies (or in the case of large
races, one body) to have that square designated as terrain. As terrain it may be used as
cover & may no longer able to be occupied or traveled through." fracas asks for at least one
fallen character on the square and none standing; how many are "enough" is the GM's call. A
fallen large creature lies on every tile of its body, so any of them may be declared terrain
on its one body.

"The "even split" rule applies automatic 1's & 20's to both characters involved by a number
selected by GM ... both characters get to apply 5 critical hits & 5 critical failures to
their own weapons & their opponent's gear." "No damage is done to either character ... unless
it is declared against an unarmed opponent's weapons (their hands) or an opponent with T0
Natural weapons." Each of the N times: the first named's critical hit, the second's, then the
first's critical failure and the second's, each with the crits' default choice and the
weapon in the main hand (or bare hands); a critical failure hurts nobody here, unless the
table sets `even_split_self_damage` (B31): then a natural 1 on one's own T0 natural weapon
deals its 10 as in a fight.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import EvenSplit, MakeTerrain
from fracas.rulesets.tiers.events import TerrainMade
from fracas.rulesets.tiers.rules import crits
from fracas.rulesets.tiers.rules.arms import arm
from fracas.rulesets.tiers.rules.common import body, fighter, grid, options, standing
from fracas.rulesets.tiers.sheet import UNARMED
from fracas.rulesets.tiers.warrior import Warrior


def verify_make_terrain(state: EncounterState, action: MakeTerrain) -> None:
    board = grid(state)
    if not board.walkable(action.at):
        raise IllegalAction(f"{action.at} is already a wall or terrain, or off the map")
    taken = standing(state)
    if action.at in taken:
        raise IllegalAction(
            f"{taken[action.at]} stands on {action.at}; only a square of fallen bodies may be "
            "declared terrain"
        )
    if not any(action.at in body(c) for c in _fallen(state)):  # a large one lies on all
        raise IllegalAction(f"nobody lies on {action.at}; a pile of bodies makes terrain")


def _fallen(state: EncounterState) -> list[Warrior]:
    return [fighter(state, c.id) for c in state.combatants if not c.is_active]


def resolve_make_terrain(tx: Transaction, action: MakeTerrain) -> None:
    tx.emit(TerrainMade(at=action.at, why="a pile of bodies, declared terrain by the GM"))


def verify_even_split(state: EncounterState, action: EvenSplit) -> None:
    first, second = (fighter(state, cid) for cid in action.between)
    if first.id == second.id:
        raise IllegalAction("an even split is between two characters, not one")
    for who in (first, second):
        if not who.is_active:
            raise IllegalAction(f"{who.id} is {who.status}; an even split is between fighters")


def resolve_even_split(tx: Transaction, action: EvenSplit) -> None:
    one, two = action.between
    hurts = options(tx.state).even_split_self_damage  # B31
    for _ in range(action.times):
        for roller, other in ((one, two), (two, one)):
            target = fighter(tx.state, other)
            crits.critical_hit(tx, roller, other, arm(target, target.main or UNARMED))
        for roller in (one, two):
            who = fighter(tx.state, roller)
            crits.critical_failure(tx, roller, arm(who, who.main or UNARMED), hurts=hurts)
