"""Damage and what 0 HP means (seed 004 gives no death rule: D13, P13).

The seed's only words on it are the traps': "A killing trap can kill its prey, and its
damage can push someone into negative HP directly. An incapacitating trap will never kill
... Prey is always left at 0 HP." So 0 HP is incapacitated and alive, and negative HP is
where death lies. By default (`death: below_zero`) a character at 0 HP is unconscious (out
of the fight) and one below 0 is dead; `negative_max` kills only at minus the maximum HP;
`never` leaves everyone at 0 or below unconscious.
"""

from __future__ import annotations

from fracas.core.events import StatusSet
from fracas.core.state import Status
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.events import Damaged
from fracas.rulesets.pools.rules.common import options, soldier


def is_dead(hp: int, max_hp: int, reading: str) -> bool:
    if reading == "below_zero":
        return hp < 0
    if reading == "negative_max":
        return hp <= -max_hp
    return False


def deal(tx: Transaction, target_id: str, source: str, amount: int, formula: str) -> None:
    """Take `amount` off the target's HP (an immune hit is logged at 0) and settle it."""
    target = soldier(tx.state, target_id)
    hp = target.hp - amount
    tx.emit(Damaged(target=target.id, source=source, amount=amount, hp=hp, formula=formula))
    if amount > 0:
        settle(tx, target_id)


def settle(tx: Transaction, target_id: str) -> None:
    target = soldier(tx.state, target_id)
    if target.status is Status.DEAD:
        return
    if is_dead(target.hp, target.max_hp, options(tx.state).death):
        tx.emit(StatusSet(target=target.id, status=Status.DEAD, why=f"HP {target.hp}"))
    elif target.hp <= 0 and target.status is Status.ACTIVE:
        tx.emit(
            StatusSet(
                target=target.id, status=Status.UNCONSCIOUS, why=f"HP {target.hp}: incapacitated"
            )
        )
