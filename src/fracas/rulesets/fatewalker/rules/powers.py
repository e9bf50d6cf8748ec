"""Powers spent on a roll (Powers, newest revision L199-372): the roll asks its roller.

A power with a cost is the roller's choice, so every roll of a pool (rules/roll.py) asks
this module twice: before the dice (Driven, Mastery, Painless's Will, Predestined) and,
if nothing was spent yet, after them (the Intrepid rerolls). "Only one active Power can
affect any given test" (L208): the first power the decider takes is the only one. The
decider is the sheet's `spend` (a policy per power: `never`, `always`, `short`); only the
powers listed in `powers` are ever spent, so a sheet without them rolls as before.

- Driven: "spend a point of will to add 2 dice to any roll ... before dice are rolled".
- Mastery: "Before making any roll ... a point of Fate to add one to their effective skill
  (or TN) up to maximum of 7".
- Painless: "A point of Will can be spent to ignore all wound penalties for a single
  action": the roll's pool as if unwounded.
- Predestined: "spends a point of Fate before making any roll and specifies a number of
  successes ... up to a maximum of half their Fate rating. If they roll less ... double
  their successes ... If they roll more than the number reduce their successes to the
  value specified and they gain back the point of Fate." The sentence for an exact roll is
  truncated (gap 20): the older Math Hack (L1050) doubles and refunds, which we follow.
  The decider names the most it may (half the Fate rating, at most the 2 a pass needs).
- Intrepid: "reroll any roll. The new roll replaces the previous roll, even if worse";
  Intrepid III "Keep whichever roll you prefer"; Intrepid IV "reroll all failures on a
  single roll". The sheet's best is used: IV, else III, else Intrepid.

Damage dice are not a "roll" of the roller's here: they are the attack's, rolled by the
pipeline (rules/harm.py), so these powers never touch them.

Dice order: a reroll rolls right after the roll it replaces (IV: only the failed dice).
"""

from __future__ import annotations

from fracas.core.events import DiceRolled
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.events import FateSpent, PoolRolled, WillSpent
from fracas.rulesets.fatewalker.rules import roll
from fracas.rulesets.fatewalker.rules.common import options, walker
from fracas.rulesets.fatewalker.walker import Walker

PASS = 2
"""The successes a roll needs to pass (an attack's hit, a parry's stop, a Quick Look's maybe)."""
DRIVEN_DICE = 2
MASTERY_CAP = 7


def expected(pool: roll.Pool) -> float:
    """A pool's expected successes (a TN of n succeeds on n faces of 10)."""
    return (pool.full * pool.tn + pool.wounded * pool.wounded_tn) / 10


def _wants(policy: str, short: bool) -> bool:
    return policy == "always" or (policy == "short" and short)


def unpacked(pool: roll.Pool) -> tuple[int, int]:
    """The dice and the wound penalties that made `pool` (rules/roll.py `pool`); exact
    unless every die was lost, where the fewest penalties that lose them all are taken."""
    count = pool.full + pool.wounded + pool.lost
    wounds = pool.wounded + 2 * pool.lost if pool.lost else pool.wounded
    return count, wounds


def repooled(
    pool: roll.Pool, *, bonus: int = 0, wounds: int | None = None, tn: int = 0
) -> roll.Pool:
    count, hurt = unpacked(pool)
    return roll.pool(
        count,
        pool.tn + tn,
        bonus=bonus,
        wounds=hurt if wounds is None else wounds,
        cap=pool.tn + tn,
    )


def before(
    tx: Transaction, who: str, what: str, pool: roll.Pool
) -> tuple[roll.Pool, int | None, bool]:
    """The pool after a power spent before the roll, Predestined's named number (None if
    not named), and whether a power was spent (then no other may touch the roll)."""
    person = walker(tx.state, who)
    if not person.powers or not person.is_active:
        return pool, None, False
    short = expected(pool) < PASS
    plan = person.spend
    if "driven" in person.powers and person.will_left >= 1 and _wants(plan.driven, short):
        _will(tx, person, f"Driven: +2 dice on {what}")
        return repooled(pool, bonus=DRIVEN_DICE), None, True
    if (
        "mastery" in person.powers
        and person.fate_left >= 1
        and pool.tn < MASTERY_CAP
        and _wants(plan.mastery, short)
    ):
        _fate(tx, person, 1, f"Mastery: TN +1 on {what}")
        return repooled(pool, tn=1), None, True
    if (
        "painless" in person.powers
        and (pool.wounded or pool.lost)
        and person.will_left >= 1
        and _wants(plan.painless, short)
    ):
        _will(tx, person, f"Painless: no wound penalties on {what}")
        return repooled(pool, wounds=0), None, True
    named = min(person.attributes.fate // 2, PASS)
    if (
        "predestined" in person.powers
        and named >= 1
        and person.fate_left >= 1
        and _wants(plan.predestined, short)
    ):
        _fate(tx, person, 1, f"Predestined: {named} successes named on {what}")
        return pool, named, True
    return pool, None, False


def predestined(tx: Transaction, who: str, named: int, successes: int) -> int:
    """Fewer than named: doubled; more: cut to the number, Fate refunded; exactly: doubled
    and refunded (the older Math Hack, gap 20)."""
    person = walker(tx.state, who)
    if successes > named or successes == named:
        _fate(tx, person, -1, "Predestined: the point comes back")
    if successes > named:
        return named
    return successes * 2


def after(
    tx: Transaction, who: str, what: str, pool: roll.Pool, faces: tuple[int, ...], successes: int
) -> int:
    """The successes after an Intrepid reroll, if the decider takes one."""
    person = walker(tx.state, who)
    kinds = [p for p in ("intrepid_iv", "intrepid_iii", "intrepid") if p in person.powers]
    if not kinds or person.fate_left < 1 or not pool.dice:
        return successes
    if not _wants(person.spend.intrepid, successes < PASS):
        return successes
    opts = options(tx.state)
    kind = kinds[0]
    if kind == "intrepid_iv":
        tns = [pool.tn] * pool.full + [pool.wounded_tn] * pool.wounded
        pairs = enumerate(zip(faces, tns, strict=True))
        failed = [i for i, (f, tn) in pairs if not roll.succeeds(f, tn, opts)]
        if not failed:
            return successes
        _fate(tx, person, 1, f"Intrepid IV: rerolling the failures of {what}")
        again = _reroll(tx, len(failed), f"{what}: {who} rerolls {len(failed)} failed dice")
        new = list(faces)
        for i, face in zip(failed, again, strict=True):
            new[i] = face
        result = roll.count_successes(tuple(new), pool, opts)
    else:
        label = "Intrepid III" if kind == "intrepid_iii" else "Intrepid"
        _fate(tx, person, 1, f"{label}: rerolling {what}")
        again = _reroll(tx, pool.dice, f"{what}: {who} rerolls")
        rerolled = roll.count_successes(again, pool, opts)
        result = max(rerolled, successes) if kind == "intrepid_iii" else rerolled
    log_reroll(tx, who, what, pool, result)
    return result


def log_reroll(tx: Transaction, who: str, what: str, pool: roll.Pool, result: int) -> None:
    """The roll as a reroll left it (fw-finish: Intrepid II's too)."""
    tx.emit(
        PoolRolled(
            combatant=who,
            what=f"{what} (rerolled)",
            dice=pool.dice,
            tn=pool.tn,
            wounded=pool.wounded,
            lost=pool.lost,
            successes=result,
        )
    )


def reroll_faces(tx: Transaction, count: int, reason: str) -> tuple[int, ...]:
    return _reroll(tx, count, reason)


def _reroll(tx: Transaction, count: int, reason: str) -> tuple[int, ...]:
    tx.roll(f"{count}d10", reason)
    return next(e for e in reversed(tx.events) if isinstance(e, DiceRolled)).faces


def _will(tx: Transaction, person: Walker, why: str) -> None:
    tx.emit(WillSpent(combatant=person.id, spent=person.will_spent + 1, why=why))


def _fate(tx: Transaction, person: Walker, amount: int, why: str) -> None:
    person = walker(tx.state, person.id)
    spent = max(0, person.fate_spent + amount)
    tx.emit(FateSpent(combatant=person.id, amount=amount, spent=spent, why=why))


# -- powers outside the roll -----------------------------------------------------------------


def hostile_penalty(target: Walker) -> int:
    """Faterunner IV: "All hostile actions taken against you suffer a -1 penalty"."""
    return 1 if "faterunner_iv" in target.powers else 0


def free_of_will(person: Walker) -> bool:
    """Hardened: "It no longer costs Will to enter combat, sprint, or force march"."""
    return "hardened" in person.powers


BLEED_DELAY = 120
"""Ain't Got Time To Bleed: "delay the onset of Bleeding Out ... by 120 ticks (1 minute)"."""


def bleed_delay(tx: Transaction, who: str) -> int:
    """Ticks the onset of bleeding is put off: 120 for a point of Will, as the sheet's
    `spend.bleed` says, for those with the power and the Will."""
    person = walker(tx.state, who)
    if (
        "aint_got_time_to_bleed" not in person.powers
        or person.spend.bleed == "never"
        or person.will_left < 1
    ):
        return 0
    _will(tx, person, "Ain't Got Time To Bleed: bleeding put off 120 ticks")
    return BLEED_DELAY
