"""The theme powers that change a fight (Powers, newest revision, L282-371), read at the roll
(rules/roll.py) beside the universal ones (rules/powers.py).

A roll that matters to these powers carries its stakes (`roll.Stakes`): an attack on a foe,
or a defence against one. Strikes, shots, throws and grapples are attacks; the reactions
and counters that answer them are defences. "Only one active Power can affect any given
test" (L208): Boon, Righteous Shield, Wrath and Intrepid II are active powers and each is
the one power of its roll; Berserker has no cost and Fate's End was paid when invoked, so
they ride on any roll.

- **Berserker**: "Whenever the Destroyer takes a point of damage (Normal Wound), their next
  offensive action taken within 20 ticks is at a +3 bonus. Any defensive actions taken
  before then are at a -3 penalty." A box newly marked in the Normal section (stun too)
  opens 20 ticks; the next attack roll in them takes +3 dice and closes them.
- **Wrath**: "When taking an action in pursuit of the object of their malcontent, the
  Destroyer can spend a point of Fate to make a separate roll ... Fate(3). If half (round
  up) of the dice come up successes the character can refund the point of Fate. Each
  success is added to the first roll as a success. The Destroyer suffers 2-Successes
  damage." The object is the sheet's `malcontent`; the action is an attack on it; the
  decider is `spend.wrath`, after the first roll.
- **Fate's End**: "spend Fate equal to their Fate Rating ... and choose a target ... Every
  time they roll an attack against that target they roll their Fate as well against a TN of
  7. Each success adds to their attack's successes. Each failure does a point of damage to
  themselves." Named on the sheet (`fates_end`), invoked as the fight begins.
- **Intrepid II**: "A point of Fate can be spent to force an opponent to reroll a single
  roll made against you": the target's decider (`spend.intrepid_ii`) after an attack roll
  on it; the new roll replaces the old.
- **Righteous Shield**: "spend a point of Fate to add their Fate rating to any defensive
  action they or one of their allies takes": a protector on the defender's side (itself
  first), as its `spend.righteous_shield` says, before the defence is rolled.
- **Boon** (an action, `boon`): "every member of their party (except themselves) add two
  dice to the next action they each take ... within 40 ticks". The dice go to the first
  pool an ally rolls at its own turn; an action that rolls none uses the boon up.
- **Divine Intervention**: "By spending two Fate and two Willpower the Protector can SYSA a
  companion under their protection"; SYSA (the older Save Your Sorry Ass, L1006) rolls back
  "any action done by or to them that would result in their own death ... The action simply
  fails instead": a blow that would kill an ally marks nothing.
- **Righteous Strike** is an action (`righteous_strike`, rules/strike.py reads it).

Power rolls (Wrath's Fate(3), Fate's End's Fate at TN 7) are not skill rolls: no wound
penalties, and no power affects them. Self-inflicted damage is dealt as any damage but with
no Tough (the power's price, not a blow). Dice order: the attack's pool, its rerolls (the
roller's Intrepid, then the target's Intrepid II), Wrath's roll, then Fate's End's.
"""

from __future__ import annotations

import math

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import Boon
from fracas.rulesets.fatewalker.events import FateSpent, WillSpent
from fracas.rulesets.fatewalker.finish_events import BerserkSet, BoonSet, Intervened
from fracas.rulesets.fatewalker.rules import roll
from fracas.rulesets.fatewalker.rules.common import clock, options, walker
from fracas.rulesets.fatewalker.walker import Walker

BERSERK_DICE = 3
BERSERK_TICKS = 20
BOON_DICE = 2
BOON_TICKS = 40
WRATH_TN = 3
FATES_END_TN = 7
INTERVENTION_COST = 2
"""Divine Intervention: "two Fate and two Willpower"."""
PASS = 2


def fate_spent(tx: Transaction, who: str) -> int:
    return walker(tx.state, who).fate_spent


def _fate(tx: Transaction, who: str, amount: int, why: str) -> None:
    person = walker(tx.state, who)
    spent = max(0, person.fate_spent + amount)
    tx.emit(FateSpent(combatant=who, amount=amount, spent=spent, why=why))


def _wants(policy: str, short: bool) -> bool:
    return policy == "always" or (policy in ("short", "hits") and short)


def _power_roll(tx: Transaction, who: str, what: str, dice: int, tn: int) -> tuple[int, int]:
    """A power's own roll (no wounds, no powers): (successes, dice rolled)."""
    rolled = roll.pool(dice, tn, cap=tn)
    return roll.roll(tx, who, what, rolled, options(tx.state), spent=True), rolled.dice


def _self_harm(tx: Transaction, who: str, amount: int) -> None:
    from fracas.rulesets.fatewalker.rules.wounds import wound

    person = walker(tx.state, who)
    if amount > 0 and person.is_active:
        wound(tx, person, amount, by=who)


# -- Berserker: no cost, on any roll with stakes --------------------------------------------------


def passive(tx: Transaction, who: str, pool: roll.Pool, stakes: roll.Stakes | None) -> roll.Pool:
    from fracas.rulesets.fatewalker.rules.powers import repooled

    person = walker(tx.state, who)
    if person.berserk_until is None:
        return pool
    if clock(tx.state).tick > person.berserk_until:
        tx.emit(BerserkSet(combatant=who, until=None, why="20 ticks passed"))
        return pool
    if stakes is None:
        return pool
    if stakes.offensive:
        tx.emit(BerserkSet(combatant=who, until=None, why=f"+3 on its attack on {stakes.against}"))
        return repooled(pool, bonus=BERSERK_DICE)
    return repooled(pool, bonus=-BERSERK_DICE)


def wounded(tx: Transaction, who: str, before: tuple[int, int], after: tuple[int, int]) -> None:
    """A Normal wound opens Berserker's 20 ticks (called by the wound chart with the Normal
    section's (normal, stun) boxes before and after; option `berserker`)."""
    person = walker(tx.state, who)
    if options(tx.state).berserker == "normal_only":
        grew = after[0] > before[0]
    else:
        grew = sum(after) > sum(before)
    if "berserker" in person.powers and grew and person.is_active:
        until = clock(tx.state).tick + BERSERK_TICKS
        tx.emit(BerserkSet(combatant=who, until=until, why="a Normal wound"))


# -- before the roll: Boon, Righteous Shield -------------------------------------------------------


def before(
    tx: Transaction, who: str, what: str, pool: roll.Pool, stakes: roll.Stakes | None
) -> tuple[roll.Pool, bool]:
    from fracas.rulesets.fatewalker.rules.powers import expected, repooled

    person = walker(tx.state, who)
    if person.boon_until is not None:
        if clock(tx.state).tick > person.boon_until:
            tx.emit(BoonSet(combatant=who, until=None, why="40 ticks passed"))
        elif _acting(tx.state, who) and (stakes is None or stakes.offensive):
            tx.emit(BoonSet(combatant=who, until=None, why=f"+2 dice on {what}"))
            return repooled(pool, bonus=BOON_DICE), True
    if stakes is None or stakes.offensive:
        return pool, False
    short = expected(pool) < PASS
    for ally in _protectors(tx, person, "righteous_shield"):
        if ally.fate_left >= 1 and _wants(ally.spend.righteous_shield, short):
            bonus = ally.attributes.fate
            _fate(tx, ally.id, 1, f"Righteous Shield: +{bonus} dice on {who}'s {what}")
            return repooled(pool, bonus=bonus), True
    return pool, False


def _acting(state: EncounterState, who: str) -> bool:
    """Whether `who` rolls for an action of its own: its turn, its declaration resolving
    (after holders were asked, or in a simultaneous group), or its preemption."""
    now = clock(state)
    if who == state.actor or any(d.combatant == who for d in now.declared):
        return True
    return bool(now.responders) and now.responders[0] == who


def _protectors(tx: Transaction, person: Walker, power: str) -> list[Walker]:
    """Those of `person`'s side with `power`, up and fighting: itself first."""
    side = [walker(tx.state, c.id) for c in tx.state.combatants if c.side == person.side]
    found = [p for p in side if power in p.powers and p.is_active]
    return sorted(found, key=lambda p: p.id != person.id)


# -- after the roll: Wrath, Intrepid II, Fate's End ------------------------------------------------


def after(
    tx: Transaction, who: str, pool: roll.Pool, stakes: roll.Stakes | None, successes: int
) -> tuple[int, bool]:
    """Wrath on an attack on the malcontent: (successes, whether it was spent)."""
    person = walker(tx.state, who)
    if (
        stakes is None
        or not stakes.offensive
        or "wrath" not in person.powers
        or person.malcontent != stakes.against
        or person.fate_left < 1
        or person.attributes.fate < 1
        or not _wants(person.spend.wrath, successes < PASS)
    ):
        return successes, False
    _fate(tx, who, 1, f"Wrath: a Fate(3) roll in pursuit of {stakes.against}")
    got, dice = _power_roll(tx, who, "wrath", person.attributes.fate, WRATH_TN)
    if got >= math.ceil(dice / 2):
        _fate(tx, who, -1, "Wrath: half the dice came up")
    _self_harm(tx, who, max(0, PASS - got))
    return successes + got, True


def against(
    tx: Transaction,
    who: str,
    what: str,
    pool: roll.Pool,
    stakes: roll.Stakes,
    successes: int,
    spent: bool,
) -> int:
    """The target's Intrepid II (when no power touched the roll yet), then Fate's End."""
    if not stakes.offensive:
        return successes
    target = walker(tx.state, stakes.against)
    if (
        not spent
        and pool.dice
        and "intrepid_ii" in target.powers
        and target.is_active
        and target.fate_left >= 1
        and _wants(target.spend.intrepid_ii, successes >= PASS)
    ):
        _fate(tx, target.id, 1, f"Intrepid II: {who} rerolls its {what}")
        successes = _reroll(tx, who, what, pool)
    person = walker(tx.state, who)
    if "fates_end" in person.powers and person.fates_end == target.id and target.is_active:
        got, dice = _power_roll(tx, who, "fate's end", person.attributes.fate, FATES_END_TN)
        successes += got
        _self_harm(tx, who, dice - got)
    return successes


def _reroll(tx: Transaction, who: str, what: str, pool: roll.Pool) -> int:
    """The whole pool again; the new roll stands."""
    from fracas.rulesets.fatewalker.rules.powers import log_reroll, reroll_faces

    again = reroll_faces(tx, pool.dice, f"{what}: {who} rerolls (Intrepid II)")
    got = roll.count_successes(again, pool, options(tx.state))
    log_reroll(tx, who, what, pool, got)
    return got


# -- Fate's End as the fight begins, Boon, Divine Intervention -----------------------------------


def invoke(tx: Transaction) -> None:
    """Fate's End: "spend Fate equal to their Fate Rating (incurring Apathy as necessary)"."""
    for person in (walker(tx.state, c.id) for c in tx.state.combatants):
        if person.fates_end is not None and person.attributes.fate:
            why = f"Fate's End: {person.fates_end} must be destroyed"
            _fate(tx, person.id, person.attributes.fate, why)


def grant_boon(tx: Transaction, who: str) -> None:
    person = walker(tx.state, who)
    _fate(tx, who, 1, "Boon: two dice for the party's next actions")
    until = clock(tx.state).tick + BOON_TICKS
    for ally in tx.state.combatants:
        if ally.side == person.side and ally.id != who and ally.is_active:
            tx.emit(BoonSet(combatant=ally.id, until=until, why=f"{who}'s Boon"))


def used_boon(tx: Transaction, who: str) -> None:
    """After an action of `who`'s own: a boon it did not roll on is used up all the same."""
    person = walker(tx.state, who)
    if person.boon_until is not None and tx.state.get(who).is_active:
        tx.emit(BoonSet(combatant=who, until=None, why="its next action rolled no dice"))


def intervene(tx: Transaction, target: Walker, amount: int) -> bool:
    """Divine Intervention for `target`, about to die of `amount`: True when an ally pays."""
    for ally in _protectors(tx, target, "divine_intervention"):
        if (
            ally.id != target.id
            and ally.spend.divine_intervention == "always"
            and ally.fate_left >= INTERVENTION_COST
            and ally.will_left >= INTERVENTION_COST
        ):
            _fate(tx, ally.id, INTERVENTION_COST, f"Divine Intervention for {target.id}")
            tx.emit(
                WillSpent(
                    combatant=ally.id,
                    amount=INTERVENTION_COST,
                    spent=walker(tx.state, ally.id).will_spent + INTERVENTION_COST,
                    why=f"Divine Intervention for {target.id}",
                )
            )
            tx.emit(Intervened(protector=ally.id, ally=target.id, damage=amount))
            return True
    return False


def verify_boon(state: EncounterState, action: Boon) -> None:
    person = walker(state, action.actor)
    if "boon" not in person.powers:
        raise IllegalAction(f"{person.id} lacks the power `boon`")
    if person.fate_left < 1:
        raise IllegalAction(f"{person.id} has no Fate left for a Boon")
    if not any(
        c.side == person.side and c.id != person.id and c.is_active for c in state.combatants
    ):
        raise IllegalAction(f"{person.id} has no ally up to receive a Boon")


def resolve_boon(tx: Transaction, action: Boon) -> None:
    grant_boon(tx, action.actor)
