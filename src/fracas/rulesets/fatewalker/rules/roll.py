"""The core roll (Dramatic Scenes and Actions and Maneuvers; the digest's section 2).

`Attribute(Skill)`: the attribute is the number of dice, the skill the target number (TN),
capped at 7 ("add one to their effective skill (or TN) up to maximum of 7"). Bonuses and
penalties add and remove dice ("Cannot add more than 2 dice"; "at least 6 dice (after
bonuses/penalties)"). Wound penalties first wound dice: "A 'wounded' die rolls at half (round
down) the Target Number ... If ... ALL of a character's dice ... become 'wounded' then any
further wound penalties simply subtract a die." A die succeeds when it reads under the TN.

Dice order within one pool: the dice at the full TN first, then the wounded ones, all in one
roll of the pool's d10s.
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.core.events import DiceRolled
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.events import PoolRolled
from fracas.rulesets.fatewalker.options import FatewalkerOptions

HIT = 2
"""Attacks "completely miss if they do not generate 2 successes"."""


@dataclass(frozen=True, slots=True)
class Pool:
    """What one roll throws: `full` dice at `tn`, `wounded` dice at half of it."""

    full: int
    wounded: int
    tn: int
    lost: int = 0
    """Dice taken away by wound penalties beyond the pool (reported, never rolled)."""

    @property
    def dice(self) -> int:
        return self.full + self.wounded

    @property
    def wounded_tn(self) -> int:
        return self.tn // 2


@dataclass(frozen=True, slots=True)
class Stakes:
    """fw-finish: what a roll is for, for the powers that ask (rules/themes.py): an attack
    on `against` (`offensive`) or a defence against `against`'s attack. Rolls without
    stakes (initiative, footing, reloads ...) are neither."""

    offensive: bool
    against: str


def pool(dice: int, tn: int, *, bonus: int = 0, wounds: int = 0, cap: int = 7) -> Pool:
    """The pool for `dice` attribute dice against `tn` (capped), with `bonus` dice added (or
    taken away, if negative) and then `wounds` wound penalties."""
    count = max(0, dice + bonus)
    target = max(0, min(tn, cap))
    if wounds <= count:
        return Pool(full=count - wounds, wounded=wounds, tn=target)
    lost = min(count, wounds - count)
    return Pool(full=0, wounded=count - lost, tn=target, lost=lost)


def reads(face: int, options: FatewalkerOptions) -> int:
    """A d10 face as the table reads it: 10 is 0 unless the table reads the die 1-10."""
    return face % 10 if options.faces == "zero_to_nine" else face


def succeeds(face: int, tn: int, options: FatewalkerOptions) -> bool:
    value = reads(face, options)
    return value < tn if options.success == "below" else value <= tn


def count_successes(faces: tuple[int, ...], rolled: Pool, options: FatewalkerOptions) -> int:
    full = sum(succeeds(f, rolled.tn, options) for f in faces[: rolled.full])
    hurt = sum(succeeds(f, rolled.wounded_tn, options) for f in faces[rolled.full :])
    return full + hurt


def roll(
    tx: Transaction,
    who: str,
    what: str,
    rolled: Pool,
    options: FatewalkerOptions,
    *,
    stakes: Stakes | None = None,
    spent: bool = False,
) -> int:
    """Roll the pool through the encounter's dice and log its successes; a pool of no dice
    rolls nothing and has no successes. `stakes` says what the roll is for (fw-finish);
    `spent`: a power already affects this test (Righteous Strike), so no other may."""
    from fracas.rulesets.fatewalker.rules import (
        powers,  # fw-ranged: the roll asks its roller
        themes,  # fw-finish: the theme powers
    )

    rolled = themes.passive(tx, who, rolled, stakes)  # Berserker's +3 / -3, no cost
    named: int | None = None
    if not spent:
        rolled, named, spent = powers.before(tx, who, what, rolled)
    if not spent:
        rolled, spent = themes.before(tx, who, what, rolled, stakes)
    faces: tuple[int, ...] = ()
    if rolled.dice:
        reason = f"{what}: {who}, {rolled.full} dice at TN {rolled.tn}"
        if rolled.wounded:
            reason += f", {rolled.wounded} wounded at TN {rolled.wounded_tn}"
        tx.roll(f"{rolled.dice}d10", reason)
        faces = next(e for e in reversed(tx.events) if isinstance(e, DiceRolled)).faces
    successes = count_successes(faces, rolled, options)
    if named is not None:  # fw-ranged: Predestined
        successes = powers.predestined(tx, who, named, successes)
    tx.emit(
        PoolRolled(
            combatant=who,
            what=what,
            dice=rolled.dice,
            tn=rolled.tn,
            wounded=rolled.wounded,
            lost=rolled.lost,
            successes=successes,
        )
    )
    if not spent:  # fw-finish: Wrath, a second roll added to this one
        successes, spent = themes.after(tx, who, rolled, stakes, successes)
    if not spent:  # fw-ranged: one power a roll; the Intrepid rerolls come after
        fate = themes.fate_spent(tx, who)
        successes = powers.after(tx, who, what, rolled, faces, successes)
        spent = themes.fate_spent(tx, who) != fate
    if stakes is not None:  # fw-finish: Intrepid II, then Fate's End's own roll
        successes = themes.against(tx, who, what, rolled, stakes, successes, spent)
    return successes
