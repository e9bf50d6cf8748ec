"""Damage, dying, death and revival (seed 002, "Dying").

"Whenever the character's HP drops to 0, they are dying. If they are healed during the next 3
turns, they come back to life with their Constitution (and with it the maximum amount of HP)
lowered by one. The character who doesn't get healed during those 3 turns or whose
Constitution would drop to 0 due to the healing procedure dies permanently."
"""

from __future__ import annotations

from fracas.core.state import Status
from fracas.core.transaction import Transaction
from fracas.rulesets.lines.events import Damaged, Died, DyingCounted, Revived, StartedDying
from fracas.rulesets.lines.fighter import Fighter
from fracas.rulesets.lines.rules.common import options

DYING_TURNS = 3


def take_damage(tx: Transaction, target: Fighter, amount: int) -> None:
    if target.status is Status.DYING:
        # Only reachable with attack_dying = kills: a hit on the dying finishes them.
        if amount > 0:
            tx.emit(Died(target=target.id, why="struck while dying"))
        return
    hp = max(0, target.hp - amount)
    tx.emit(Damaged(target=target.id, amount=amount, hp=hp))
    if hp == 0:
        start_dying(tx, target.id)


def start_dying(tx: Transaction, target_id: str) -> None:
    """ "Whenever the character's HP drops to 0, they are dying" - by a blow or a GM's word."""
    tx.emit(StartedDying(target=target_id, left=DYING_TURNS))


def count_down(tx: Transaction, target: Fighter) -> None:
    """One of the three turns (or rounds) passes without healing."""
    left = target.dying_left - 1
    grace = options(tx.state).dying_ends == "after_third_turn"
    if left > 0 or (grace and left == 0):
        tx.emit(DyingCounted(target=target.id, left=left))
    else:
        tx.emit(Died(target=target.id, why=f"not healed within {DYING_TURNS} turns"))


def reduced_max_hp(target: Fighter) -> int:
    """Max HP falls "with" Constitution: in proportion, Constitution - 1 over Constitution.

    For a sheet whose HP is derived (Constitution x hp_per_constitution) this is exactly one
    step of the formula; for a sheet with its own hp it keeps the same proportion.
    """
    return max(1, target.max_hp * (target.constitution - 1) // target.constitution)


def revive(tx: Transaction, healer: Fighter, target: Fighter, amount: int) -> None:
    constitution = target.constitution - 1
    if constitution <= 0:
        tx.emit(Died(target=target.id, why="Constitution would drop to 0 on revival"))
        return
    max_hp = reduced_max_hp(target)
    hp = 1 if options(tx.state).revive_hp == "one" else min(amount, max_hp)
    tx.emit(
        Revived(
            target=target.id,
            healer=healer.id,
            constitution=constitution,
            max_hp=max_hp,
            hp=hp,
        )
    )
