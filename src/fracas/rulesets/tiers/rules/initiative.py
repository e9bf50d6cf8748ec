"""Turn order (seed 001, "Turn Order & Initiative").

"the turn order will be determined by 1d20 + reflex bonus rolled by each combatant. With the
highest total roll going first and the lowest going last. Any tie will be rerolled to
determine turn order placement as a tie-breaker." The "reflex bonus" is the Reflex stat
(B10). "All NPC's can roll for turn order individually, as multiple groups, or as 1 big
group (GM's choice)": option `npc_initiative` (B17). An NPC is any side other than `players`
(B46). A group rolls one 1d20 plus the highest Reflex among its members, the one who would
spot the fight first, and its members then act one after another in listing order; a group
ties and re-rolls as a single entry. A scenario's `order:` gives any order at all.
B17: with `turn_order: table` no dice are rolled and the order goes "around the room ...
starting with players going first": the scenario's listing, the `players` side first, so an
ambusher listed first still waits; a scenario without a `players` side starts with the first
listed combatant's side.
TIERS-52, the opening attack: the order holds "regardless of who initiated combat & after the
first attack action has concluded — perhaps because of an ambush or a particularly violent
player character prompting the battle by attacking pre-combat". With `opening_attack: <id>`
that combatant's attack (an `attack` or a `stealth_attack`, after any free actions) opens the
fight alone as round 1, and its turn ends as soon as that attack is resolved; the order above
then begins with round 2, so an NPC ambusher does not also go first in it, and a player who
struck first still waits for its own place. Ending the opening turn without attacking is
allowed (the GM called the fight anyway). Initiative is rolled when the fight is set up, so
its dice come before the opening attack's.
Dice order: one d20 per entry (a combatant, or a group at the place of its first listed
member) in listing order, then the tie re-rolls, group by group from the top.
"""

from __future__ import annotations

from fracas.core.actions import Action, EndTurn
from fracas.core.errors import IllegalAction, ScenarioError
from fracas.core.events import Event, RoundOrderSet
from fracas.core.initiative import rank
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Attack, StealthAttack
from fracas.rulesets.tiers.events import ActionSpent
from fracas.rulesets.tiers.rules.common import fighter, options

PLAYERS = "players"
"""The side whose members are player characters; every other side is NPCs (B46)."""


def _entries(tx: Transaction) -> dict[str, tuple[str, ...]]:
    """Who rolls: each entry's name and its members, in listing order.

    Individually every combatant is its own entry; `side` makes one entry of each NPC side
    ("multiple groups"), `group` one of all NPCs ("1 big group")."""
    how = options(tx.state).npc_initiative
    entries: dict[str, list[str]] = {}
    for combatant in tx.state.combatants:
        if how == "individual" or combatant.side == PLAYERS:
            name = combatant.id
        elif how == "side":
            name = f"side {combatant.side}"
        else:
            name = "the NPCs"
        entries.setdefault(name, []).append(combatant.id)
    return {name: tuple(members) for name, members in entries.items()}


def roll_initiative(tx: Transaction) -> tuple[str, ...]:
    everyone = [c.id for c in tx.state.combatants]
    if options(tx.state).turn_order == "table":
        sides = {c.side for c in tx.state.combatants}
        players = PLAYERS if PLAYERS in sides else tx.state.combatants[0].side
        return tuple(sorted(everyone, key=lambda cid: tx.state.get(cid).side != players))
    entries = _entries(tx)

    def key(name: str, depth: int) -> tuple[int, ...]:
        reflex = max(fighter(tx.state, cid).reflex for cid in entries[name])
        reason = "initiative" if depth == 0 else "initiative tie re-roll"
        return (tx.roll(f"1d20+{reflex}", f"{reason}: {name}"),)

    return tuple(cid for name in rank(list(entries), key) for cid in entries[name])


OPENING_ATTACKS = (Attack, StealthAttack)
"""The actions that may open the fight: the seed's "first attack action", an ambush included."""


def opening_round(state: EncounterState) -> RoundOrderSet | None:
    """Round 1 alone is the opener's, when the scenario names one (`opening_attack`)."""
    opener = options(state).opening_attack
    if opener is None:
        return None
    if state.find(opener) is None:
        raise ScenarioError(f"options.opening_attack: there is no combatant {opener!r}")
    return RoundOrderSet(order=(opener,), reason="the opening attack, before the turn order")


def in_opening(state: EncounterState) -> bool:
    return options(state).opening_attack is not None and state.turns.round == 1


def verify_opening(state: EncounterState, action: Action) -> None:
    """In the opening round the opener's one declared action is its attack."""
    if not in_opening(state) or action.by_gm or action.free or isinstance(action, EndTurn):
        return
    if not isinstance(action, OPENING_ATTACKS):
        raise IllegalAction(
            f"the fight opens with {options(state).opening_attack}'s attack alone "
            f"(opening_attack); {action.do} must wait for the turn order"
        )


def close_opening(events: list[Event], state: EncounterState) -> bool:
    """Whether the opening attack was just resolved, so that the opening turn is over."""
    return in_opening(state) and any(
        isinstance(e, ActionSpent) and e.combatant == state.actor for e in events
    )
