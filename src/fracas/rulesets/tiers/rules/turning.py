"""The winning defender's turn to its attacker (seed 001, "Shield", B22, TIERS-9).

"When attacked from anywhere, regardless of orientation, if the defending character wins the
roll; that character will automatically turn to defend themselves from their opponent ...
Then they will return to facing their declared direction (or opponent, object, etc.) after
the attacker's turn concludes."

So a defender that wins a contested exchange faces its attacker (`turned`, a `faced` that
remembers the facing declared before it) for the rest of that turn, and at the start of the
next turn it faces its declared direction again, or, if it kept someone in front, that one
where it now stands (`turned_back`). What the turn changes is the defender's arcs for the
rest of the attacker's turn: another shot at it that turn (a reserved sure shot, say) meets
its shield from the attacker's side, and no stealth attack comes from there. A second win
in the same turn turns it again but still returns it to the facing first declared. A stealth
attack ("they will not turn to face their opponent") and a sure shot (no roll to win) never
turn it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.events import Faced, update, warrior
from fracas.rulesets.tiers.rules.common import direction, fighter
from fracas.rulesets.tiers.warrior import Warrior


@dataclass(frozen=True, slots=True, kw_only=True)
class Turned(Faced):
    """A winning defender faces its attacker until the attacker's turn ends."""

    kind: ClassVar[str] = "turned"
    toward: str
    back: str
    """The facing to return to."""
    back_on: str | None = None
    """Whom that facing kept in front, if anyone."""

    def apply(self, state: EncounterState) -> EncounterState:
        return update(
            state,
            self.combatant,
            facing=self.facing,
            facing_on=None,
            turned_from=(self.back, self.back_on),
        )

    def describe(self) -> str:
        return f"{self.combatant} turns to face {self.toward} ({self.facing}) to defend itself"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnedBack(Faced):
    """The attacker's turn is over: the defender faces as it had declared."""

    kind: ClassVar[str] = "turned_back"

    def apply(self, state: EncounterState) -> EncounterState:
        return update(
            state, self.combatant, facing=self.facing, facing_on=self.on, turned_from=None
        )

    def describe(self) -> str:
        kept = f", keeping {self.on} in front" if self.on else ""
        return f"{self.combatant} returns to facing {self.facing}{kept}"


def turn_to(tx: Transaction, defender_id: str, attacker_id: str) -> None:
    """The defender won: it faces the attacker, remembering what to return to."""
    defender, attacker = fighter(tx.state, defender_id), fighter(tx.state, attacker_id)
    if defender.tile == attacker.tile or defender.large:
        return  # a large body does not swing round mid-exchange: turning it moves its tiles
    back, back_on = defender.turned_from or (defender.facing, defender.facing_on)
    tx.emit(
        Turned(
            combatant=defender.id,
            facing=direction(defender.tile, attacker.tile),
            toward=attacker.id,
            back=back,
            back_on=back_on,
        )
    )


def _declared(state: EncounterState, who: Warrior) -> tuple[str, str | None]:
    assert who.turned_from is not None
    facing, on = who.turned_from
    if on is not None:
        kept = warrior(state, on)
        if kept.tile != who.tile:
            facing = direction(who.tile, kept.tile)
    return facing, on


def on_turn_start(tx: Transaction) -> None:
    """ "after the attacker's turn concludes": every turned defender faces as declared."""
    for other in tx.state.combatants:
        who = fighter(tx.state, other.id)
        if who.turned_from is None:
            continue
        facing, on = _declared(tx.state, who)
        tx.emit(TurnedBack(combatant=who.id, facing=facing, on=on))
