"""Throwing an object, not as an attack (seed 001, "Turns & Actions").

"Throwing an object, not as an attack, is a non-contested action. Objects may be thrown any
distance up to the character's Body stat value. If the creature's race has a +1 or +2 to all
weapon range, they also can throw an object that much further than their Body stat. The
object must be in an item size category that matches their creature size category, or lower
... For now, this may not be done to deal damage."

The object flies in a straight line, which walls and terrain stop as they stop every attack,
and lands on an open tile of the map (a standing character's tile too: it hurts nobody). A
weapon or object the thrower carries (its sheet's `weapons` or `items`) leaves its hands and
gear and lies where it landed, to be grabbed as a dropped one is; a carried lit light (its
kind as the item: `torch`, `candle`, `hurricane_lamp`) lands lit and lights round where it
lies (B64). Anything else named is an object of the scene the sheet does not list: the
landing is logged and what the object then does (a pile the GM makes terrain, say) is the
GM's.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import ThrowObject
from fracas.rulesets.tiers.events import ActionSpent, ObjectThrown, Tossed
from fracas.rulesets.tiers.rules.common import distance, fighter, grid, require_action
from fracas.rulesets.tiers.rules.torches import LightThrown, carried_lit
from fracas.rulesets.tiers.sheet import SIZES, UNARMED


def verify(state: EncounterState, action: ThrowObject) -> None:
    actor = fighter(state, action.actor)
    require_action(actor, contested=False)
    own = actor.race.size_category
    if SIZES.index(action.size) > SIZES.index(own):
        allowed = ", ".join(SIZES[: SIZES.index(own) + 1])
        raise IllegalAction(
            f"{action.item} is size {action.size}; a size {own} creature throws items of "
            f"size {allowed}"
        )
    board = grid(state)
    if not board.inside(action.to) or action.to in board.walls:
        raise IllegalAction(
            f"{action.to} is a wall, terrain or off the {board.width}x{board.height} map; an "
            "object lands on an open tile"
        )
    if action.to == actor.tile:
        raise IllegalAction(f"{actor.id} stands on {action.to}; an object is thrown elsewhere")
    most = actor.body + actor.race.range_bonus
    gap = distance(actor.tile, action.to)
    if gap > most:
        raise IllegalAction(
            f"{action.to} is {gap} tiles away; {actor.id} throws up to {most} (Body "
            f"{actor.body} + range bonus {actor.race.range_bonus})"
        )
    if board.sight_blocked(actor.tile, action.to):
        raise IllegalAction(f"a wall or terrain stands between {actor.id} and {action.to}")


def resolve(tx: Transaction, action: ThrowObject) -> None:
    tx.emit(ActionSpent(combatant=action.actor, action=f"throw {action.item}", contested=False))
    thrower = fighter(tx.state, action.actor)
    if action.item != UNARMED and (thrower.weapon(action.item) or thrower.item(action.item)):
        tx.emit(Tossed(combatant=thrower.id, item=action.item, at=action.to))
    elif carried_lit(tx.state, thrower.id, action.item):
        tx.emit(LightThrown(combatant=thrower.id, light=action.item, at=action.to))
    else:
        tx.emit(ObjectThrown(combatant=action.actor, item=action.item, to=action.to))
