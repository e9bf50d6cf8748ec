"""The wound chart (Dramatic Scenes, "Wounds", L1683-1708; the digest's section 3.18).

Three sections in order. Temporary: "For each source of damage a character can put up their
Resilience worth of damage into the Temporary Wounds section ... (until it's full)". Normal:
the rest, "one vertical column at a time"; each column carries its penalty. Mortal: "Once
the Wound chart is completely filled up"; each box adds a penalty, the character bleeds "an
additional point of damage every (Prowess + Will) Ticks", and "expires the moment they run
out of Mortal Wounds".

Stun ("/") shares the Normal section with normal damage ("X"), counted apart (gap 34: where
it is drawn changes nothing). Stun into a full Normal section converts "1 Stun damage to 1
Normal damage"; normal damage onto stun converts "2 Stun damage per point of normal damage",
a left-over half point becoming "a final point of stun damage". Temporary and Mortal boxes
are always "X". At half the Normal section filled, every stun hit asks a consciousness roll.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.events import (
    BleedingScheduled,
    Expired,
    KnockedOut,
    WillSpent,
    Wounded,
)
from fracas.rulesets.fatewalker.rules import roll
from fracas.rulesets.fatewalker.rules.common import clock, options, walker
from fracas.rulesets.fatewalker.sheet import Wounds
from fracas.rulesets.fatewalker.walker import Walker, capacity


@dataclass(frozen=True, slots=True)
class Marks:
    """The chart's filled boxes, section by section."""

    temporary: int = 0
    normal: int = 0
    stun: int = 0
    mortal: int = 0

    @property
    def filled(self) -> int:
        return self.temporary + self.normal + self.stun + self.mortal


def marks_of(person: Walker) -> Marks:
    return Marks(person.temporary, person.normal, person.stun, person.mortal)


def mark(
    chart: Wounds, before: Marks, amount: int, *, stun: bool, resilience: int, temporary: bool
) -> Marks:
    """The chart after `amount` points from one source; `temporary` False skips that section
    (Will forced from an empty track "bypassing Temporary Wounds")."""
    if amount <= 0:
        return before
    room = max(0, chart.temporary - before.temporary)
    into_temporary = min(amount, room, resilience) if temporary else 0
    after = replace(before, temporary=before.temporary + into_temporary)
    rest = amount - into_temporary
    after = _stun(chart, after, rest) if stun else _normal(chart, after, rest)
    return replace(after, mortal=min(after.mortal, chart.mortal))


def _cells(chart: Wounds) -> int:
    return chart.columns * chart.column_height


def _stun(chart: Wounds, at: Marks, points: int) -> Marks:
    room = _cells(chart) - at.normal - at.stun
    placed = min(points, room)
    at = replace(at, stun=at.stun + placed)
    points -= placed
    converted = min(points, at.stun)  # a full chart: 1 stun becomes 1 normal
    at = replace(at, stun=at.stun - converted, normal=at.normal + converted)
    return replace(at, mortal=at.mortal + points - converted)


def _normal(chart: Wounds, at: Marks, points: int) -> Marks:
    half = False
    while points > 0 and at.stun > 0:  # each point re-marks 2 stun as normal
        turned = min(2, at.stun)
        at = replace(at, stun=at.stun - turned, normal=at.normal + turned)
        half = turned == 1
        points -= 1
    room = _cells(chart) - at.normal - at.stun
    placed = min(points, room)
    at = replace(at, normal=at.normal + placed, mortal=at.mortal + points - placed)
    return _stun(chart, at, 1) if half else at


def wound(
    tx: Transaction,
    target: Walker,
    amount: int,
    *,
    by: str | None,
    stun: bool = False,
    tough: bool = False,
    temporary: bool = True,
    rescuable: bool = False,
) -> None:
    """Mark `amount` from one source on the chart, spending Will first when `tough` (a blow
    the target may shrug off, Tough: "spend a point of Will to ignore a point of damage"),
    then roll consciousness, start the bleeding, or end the character, as the chart says.
    `rescuable`: a blow an ally's Divine Intervention may make fail (fw-finish). `by`: the
    combatant whose action deals it, for `Wounded.dealt_by` (None: nobody's)."""
    if amount <= 0:
        return
    chart = target.chart
    before = marks_of(target)
    resilience = target.attributes.resilience
    if tough:
        amount -= _spend_will(tx, target, amount, stun=stun)
        if amount <= 0:
            return
        target = walker(tx.state, target.id)
    after = mark(chart, before, amount, stun=stun, resilience=resilience, temporary=temporary)
    from fracas.rulesets.fatewalker.rules import themes  # fw-finish

    if rescuable and after.mortal >= chart.mortal and themes.intervene(tx, target, amount):
        return
    now = clock(tx.state).tick
    since = target.temporary_since
    if after.temporary > 0 and since is None:
        since = now
    tx.emit(
        Wounded(
            target=target.id,
            amount=amount,
            temporary=after.temporary,
            normal=after.normal,
            mortal=after.mortal,
            hp=capacity(chart) - after.filled,
            stun=after.stun,
            stunning=stun,
            temporary_since=since,
            dealt_by=by,
        )
    )
    if after.mortal >= chart.mortal:
        tx.emit(Expired(target=target.id))
        return
    themes.wounded(tx, target.id, (before.normal, before.stun), (after.normal, after.stun))
    if after.mortal > before.mortal and target.bleeds_at is None:
        every = bleed_interval(target)
        from fracas.rulesets.fatewalker.rules.powers import bleed_delay  # fw-ranged

        later = bleed_delay(tx, target.id)
        why = f"every {every} ticks" + (f", put off {later}" if later else "")
        tx.emit(BleedingScheduled(target=target.id, tick=now + every + later, why=why))
    if stun and 2 * (after.normal + after.stun) >= _cells(chart):
        _consciousness(tx, target.id)


def bleed_interval(person: Walker) -> int:
    """ "every (Prowess + Will) Ticks"; at least one."""
    return max(1, person.attributes.prowess + person.attributes.will)


def _spend_will(tx: Transaction, target: Walker, amount: int, *, stun: bool) -> int:
    """Will spent on a blow, as the target's `spend_will` decider says: the least that keeps
    the damage out of the Mortal section (mortal) or out of Normal and Mortal (wounds), or
    all the Will left if even that falls short."""
    left = target.will_left
    if target.spend_will == "never" or left == 0:
        return 0
    before = marks_of(target)
    resilience = target.attributes.resilience

    def spared(ignored: int) -> bool:
        after = mark(
            target.chart, before, amount - ignored, stun=stun, resilience=resilience, temporary=True
        )
        if target.spend_will == "mortal":
            return after.mortal == before.mortal
        return (after.normal, after.stun, after.mortal) == (
            before.normal,
            before.stun,
            before.mortal,
        )

    spent = next((n for n in range(min(left, amount) + 1) if spared(n)), min(left, amount))
    if spent:
        tx.emit(
            WillSpent(
                combatant=target.id,
                amount=spent,
                spent=target.will_spent + spent,
                why=f"ignoring {spent} damage (Tough)",
            )
        )
    return spent


def _consciousness(tx: Transaction, who: str) -> None:
    """Gap 23: Prowess(Resilience), with wound penalties; fewer successes than option
    `consciousness` (2) and the character falls unconscious."""
    opts = options(tx.state)
    person = walker(tx.state, who)
    if not person.is_active:
        return
    dice = roll.pool(
        person.attributes.prowess,
        person.skills.resilience,
        wounds=person.wound_penalty,
        cap=opts.tn_cap,
    )
    if roll.roll(tx, who, "consciousness", dice, opts) < opts.consciousness:
        tx.emit(KnockedOut(target=who))
