"""Damage and its consequences (seed 001, "Unconsciousness & Death").

"A character becomes unconscious as soon as their HP becomes 0 (zero) or less."
"Character death occurs when their current HP falls below their total maximum HP in negative
value. A character with 100HP will become unconscious at 0HP & will finally die at -100HP."
HP goes on below 0 down to death, so the log shows how close to death a fallen character is.
"""

from __future__ import annotations

from fracas.core.events import StatusSet
from fracas.core.state import Status
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.events import Damaged, FellShort
from fracas.rulesets.tiers.rules.common import fighter, options


def is_dead(hp: int, max_hp: int, reading: str) -> bool:
    """B7: dead at -max HP (the seed's example) or only below it (its sentence read
    literally); "a total maximum HP of 0" dies either way ("Zero is equal to negative zero")."""
    if max_hp <= 0 or reading == "at_negative_max":
        return hp <= -max_hp
    return hp < -max_hp


def deal(tx: Transaction, target_id: str, source: str, amount: int, formula: str) -> None:
    """Take `amount` (never below 0: B3) off the target's HP and settle its status."""
    if amount <= 0:
        return
    target = fighter(tx.state, target_id)
    hp = target.hp - amount
    tx.emit(Damaged(target=target.id, source=source, amount=amount, hp=hp, formula=formula))
    settle(tx, target_id)


def land(tx: Transaction, target_id: str, source: str, amount: int, formula: str) -> None:
    """A blow that landed (a won exchange, a counterattack, a sure shot, a stealth attack):
    it deals at least `min_damage` (B3), 0 by default, so armor above the blow stops it, or 1
    for a table where every hit scratches. Falls, crashes into walls, spells and crits on bare
    hands are no blows through armor and go to `deal` as they are."""
    least = options(tx.state).min_damage
    if amount < least:
        amount, formula = least, f"{formula}, at least {least} (min_damage)"
    deal(tx, target_id, source, amount, formula)


def settle(tx: Transaction, target_id: str) -> None:
    """Unconscious at 0 or less, dead at minus the maximum (see `is_dead`)."""
    target = fighter(tx.state, target_id)
    if target.status is Status.DEAD:
        return
    if is_dead(target.hp, target.max_hp, options(tx.state).death):
        tx.emit(
            StatusSet(
                target=target.id,
                status=Status.DEAD,
                why=f"HP {target.hp} reached -{target.max_hp} (minus the maximum)",
            )
        )
    elif target.hp <= 0 and target.status is Status.ACTIVE:
        tx.emit(
            StatusSet(target=target.id, status=Status.UNCONSCIOUS, why=f"HP {target.hp}: 0 or less")
        )
    else:
        return
    _fall_short(tx, target_id)


def _fall_short(tx: Transaction, target_id: str) -> None:
    """B32 `bumped_fallen: stays`: a Blind mover felled in the exchanges after its crossing
    does not "continue to their previously declared end point"; unconscious, it may "not
    declare any actions. They simply lay there", so it lies where it bumped."""
    target = fighter(tx.state, target_id)
    if target.crossed_at is None or options(tx.state).bumped_fallen == "finishes_move":
        return
    if target.crossed_at != target.tile:
        tx.emit(FellShort(target=target.id, path=(target.tile, target.crossed_at)))
