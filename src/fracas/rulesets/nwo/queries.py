"""Map queries from any state: where a combatant can go this turn, whom it can attack with
what, and who would get an attack of opportunity on a path. The web map, the simulator and
`legal_actions` read these; none of them rolls or changes anything."""

from __future__ import annotations

from itertools import pairwise

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.rulesets.nwo.catalog import UNARMED, catalog
from fracas.rulesets.nwo.grid import Tile
from fracas.rulesets.nwo.rules.attack import check_can_strike
from fracas.rulesets.nwo.rules.common import PRONE, engages, fighter, grid, occupied
from fracas.rulesets.nwo.rules.movement import budget, why_cannot_move


def reachable(state: EncounterState, combatant_id: str, kind: str = "move") -> dict[Tile, int]:
    """Tiles the combatant can reach with this turn's movement (or a dash), with their cost."""
    who = fighter(state, combatant_id)
    if who.movement_spent or why_cannot_move(who) or (who.has(PRONE) and kind != "crawl"):
        return {}
    allowance = budget(state, who, kind)
    if allowance <= 0:
        return {}
    found = grid(state).reachable(who.tile, allowance, occupied(state, besides=who.id))
    found.pop(who.tile, None)
    return found


def targets(state: EncounterState, combatant_id: str) -> dict[str, list[str]]:
    """For each weapon in hand (and unarmed), the combatants it can attack right now."""
    who = fighter(state, combatant_id)
    weapons = [*who.in_hand]
    if not any(not w.is_ranged for w in weapons) and who.free_hands > 0:
        weapons.append(catalog()[UNARMED])
    found: dict[str, list[str]] = {}
    for weapon in weapons:
        hits = []
        for combatant in state.combatants:
            target = fighter(state, combatant.id)
            if target.id == who.id or not target.is_active:
                continue
            try:
                check_can_strike(state, who, target, weapon)
            except IllegalAction:
                continue
            hits.append(target.id)
        found[weapon.id] = hits
    return found


def opportunity_attackers(
    state: EncounterState, combatant_id: str, path: list[Tile]
) -> list[tuple[str, Tile]]:
    """Who would get an attack of opportunity along `path` (from the combatant's tile), and
    on which step it falls, before any dice decide what happens."""
    mover = fighter(state, combatant_id)
    if mover.disengaging:
        return []
    steps = [mover.tile, *path] if path and path[0] != mover.tile else list(path)
    found: list[tuple[str, Tile]] = []
    for here, there in pairwise(steps):
        for combatant in state.combatants:
            other = fighter(state, combatant.id)
            if other.id == mover.id or other.aoo_used or any(o == other.id for o, _ in found):
                continue
            if engages(state, other, mover, here) and not engages(state, other, mover, there):
                found.append((other.id, here))
    return found
