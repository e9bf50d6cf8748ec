"""How the odds of a `fatewalker` action are read, and its standard attacks in closed form
(docs/architecture.md, "Odds of an action").

**What the rules read of a roll.** Every roll of this ruleset is a pool of d10s, and its
rules read each die only as a class of faces: a pool die (rules/roll.py) as a success or a
failure against its TN (the first dice at the full TN, the wounded ones at half of it); a
damage die (rules/harm.py) as a failure, a success, or a success showing 0, which
penetrates. So the walk counts dice per class (`reads="counts"`): `classes` reads the
numbers back from the reason each roll is logged with, which the two rolling functions
write; any other roll (an Intrepid reroll, which puts dice back in the places of failures)
is read face by face.

**Outcomes** (`reading`): `hit`; `parried` (a parry or block stopped the blow: its damage
cancels the hit's); `dodged` or `defended` (a reaction cancelled an attack that rolled the
2 successes a hit needs); `miss`. Effects: `critical failure` (no success at all, logged
for the GM) and the conditions put on others.

**The closed form** (`exact_odds`) answers a plain `strike` (no reaction, a dodge or a
parry, the target's default included) and a `shoot`, which otherwise take thousands of
walked resolutions (a 7-die attack, a dodge, two damage rolls). It works out the chances
of the attack's and the reaction's successes and of the damage dice's points itself, and
lets the real resolver say the rest, once per thing the rules read of them (module doc of
`exact_odds`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from fracas.core.events import Event
from fracas.core.notation import DiceExpr, DiceTerm
from fracas.core.odds import (
    ActionOdds,
    FaceClasses,
    NoExactOdds,
    OddsModel,
    Tally,
    build,
    generic_reading,
)
from fracas.core.state import EncounterState
from fracas.rulesets.fatewalker.events import CriticalFailure, DamageRolled, Defended, Struck
from fracas.rulesets.fatewalker.options import FatewalkerOptions
from fracas.rulesets.fatewalker.rules import roll
from fracas.rulesets.fatewalker.rules.common import options

if TYPE_CHECKING:
    from fracas.core.actions import Action
    from fracas.core.ruleset import Ruleset

FACES = tuple(range(1, 11))
POOL = re.compile(r"(?:^|: )([\w-]+), (\d+) dice at TN (\d+)(?:, (\d+) wounded at TN (\d+))?$")
"""The end of a pool's reason (rules/roll.py): `...: ada, 5 dice at TN 6, 1 wounded at TN 3`."""
DAMAGE = re.compile(r"^(.*): (\d+) dice worth (\d+) at TN (\d+)$")
"""A damage roll's reason (rules/harm.py): `damage to brann: 2 dice worth 5 at TN 5`."""

_CLASSES: dict[tuple[str, str, str, int], FaceClasses] = {}


def _split(kind: str, opts: FatewalkerOptions, tn: int) -> FaceClasses:
    """A d10's faces as the rules tell them apart against `tn`: a pool die's failures and
    successes, a damage die's failures, successes and successes read as 0; failures first
    (the walk's first branch and `first_outcome` then fail every die), empty classes left
    out. Asked of the rules' own `succeeds` and `reads`, so an option that reads the die
    otherwise reads it here too."""
    key = (kind, opts.faces, opts.success, tn)
    found = _CLASSES.get(key)
    if found is None:
        fail = tuple(f for f in FACES if not roll.succeeds(f, tn, opts))
        hits = [f for f in FACES if roll.succeeds(f, tn, opts)]
        if kind == "pool":
            parts: tuple[tuple[int, ...], ...] = (fail, tuple(hits))
        else:
            zero = tuple(f for f in hits if roll.reads(f, opts) == 0)
            parts = (fail, tuple(f for f in hits if f not in zero), zero)
        found = _CLASSES[key] = tuple(p for p in parts if p)
    return found


def _d10s(expr: DiceExpr) -> int | None:
    """How many d10s `expr` rolls, when it is nothing but `Nd10`."""
    if len(expr.terms) != 1:
        return None
    sign, term = expr.terms[0]
    if sign != 1 or not isinstance(term, DiceTerm) or term.sides != 10 or term.explode:
        return None
    if term.keep is not None or term.count_if is not None:
        return None
    return term.count


def classes(state: EncounterState, expr: DiceExpr, reason: str) -> tuple[FaceClasses, ...] | None:
    """Each die's classes of faces for the walk (`OddsModel.classes`), read off the reason
    the rolling function logs; None for a roll logged any other way (read face by face)."""
    count = _d10s(expr)
    opts = options(state)
    if count is None or not isinstance(opts, FatewalkerOptions):
        return None
    damage = DAMAGE.match(reason)
    if damage is not None:
        if int(damage[2]) != count:
            return None
        return (_split("damage", opts, int(damage[4])),) * count
    pool = POOL.search(reason)
    if pool is None:
        return None
    full, wounded = int(pool[2]), int(pool[4] or 0)
    if full + wounded != count:
        return None
    at_half = (_split("pool", opts, int(pool[5])),) * wounded if wounded else ()
    return (_split("pool", opts, int(pool[3])),) * full + at_half


AVOIDED = {"dodge": "dodged", "sidestep": "sidestepped"}


def reading(
    before: EncounterState, action: Action, events: Sequence[Event]
) -> tuple[str, frozenset[str]]:
    outcome, effects = generic_reading(before, action, events)
    if any(isinstance(e, CriticalFailure) and e.combatant == action.actor for e in events):
        effects |= {"critical failure"}
    struck = next((e for e in events if isinstance(e, Struck) and e.attacker == action.actor), None)
    if struck is None:
        return outcome, effects
    if any(isinstance(e, Defended) and e.attacker == action.actor and e.stops for e in events):
        return "parried", effects
    if struck.hit:
        return "hit", effects
    if struck.successes >= roll.HIT and struck.reaction:
        return AVOIDED.get(struck.reaction, "defended"), effects
    return "miss", effects


ODDS = OddsModel(reads="counts", reader=reading, classes=classes)
ORDER = ("hit", "parried", "dodged", "sidestepped", "defended", "miss")


# -- the closed form ----------------------------------------------------------------------------

ROLL_POWERS = frozenset(
    {"driven", "mastery", "painless", "predestined", "intrepid", "intrepid_iii", "intrepid_iv"}
    # fw-finish: the theme powers on an attack roll or its defence (rules/themes.py)
    | {"berserker", "wrath", "fates_end", "intrepid_ii"}
)
"""Powers a roller may spend on a pool (rules/powers.py): they change the pool, the count or
reroll dice by what they showed, so a strike with them is left to the walk."""
BYSTANDER_POWERS = frozenset({"righteous_shield", "divine_intervention"})
"""fw-finish: powers an ally of the target spends on its defence or its death: a fight
with them on the field is left to the walk too."""
REACTIONS = frozenset({"none", "dodge", "parry"})

Faces = tuple[int, ...]
Dist = dict[int, tuple[int, Faces]]
"""A count of successes -> (ways out of 10**dice, faces that roll it)."""


def _pool_groups(reason: str, who: str) -> tuple[tuple[int, int], ...]:
    """`who`'s pool roll's (dice, TN) groups in the order they are rolled, from its reason;
    a refusal for any other roll."""
    found = POOL.search(reason)
    if found is None or found[1] != who:
        raise NoExactOdds(f"'{reason}' is not a roll of {who}'s pool")
    full = (int(found[2]), int(found[3]))
    return (full, (int(found[4]), int(found[5]))) if found[4] else (full,)


def _pool_dist(groups: tuple[tuple[int, int], ...], opts: FatewalkerOptions) -> Dist:
    """The chance of each number of successes of a pool: a binomial per group of dice at one
    TN (a TN of n succeeds on n faces under the default reading; the rules say which),
    added up; the faces of each count put the successes first within each group."""
    found: Dist = {0: (1, ())}
    for count, tn in groups:
        wins = tuple(f for f in FACES if roll.succeeds(f, tn, opts))
        fail = tuple(f for f in FACES if f not in wins)
        step: Dist = {}
        for have, (ways, faces) in found.items():
            for won in range(count + 1):
                more = math.comb(count, won) * len(wins) ** won * len(fail) ** (count - won)
                if more:
                    shown = (*faces, *wins[:1] * won, *fail[:1] * (count - won))
                    old = step.get(have + won, (0, shown))
                    step[have + won] = (old[0] + ways * more, old[1])
        found = step
    return found


@dataclass(frozen=True, slots=True)
class Points:
    """Damage rolls as the pipeline reads them: normal and penetrating points."""

    normal: int
    penetrating: int


def _damage_dist(
    rolls: Sequence[tuple[int, int, int]], opts: FatewalkerOptions
) -> dict[Points, tuple[int, tuple[Faces, ...]]]:
    """The points of damage rolls of (dice, points a die, TN) -> (ways out of 10**dice, the
    faces of each roll that come to them)."""
    found: dict[Points, tuple[int, tuple[Faces, ...]]] = {Points(0, 0): (1, ())}
    for count, value, tn in rolls:
        kinds = {"fail": (), "plain": (), "zero": ()} | {
            _damage_kind(c[0], tn, opts): c for c in _split("damage", opts, tn)
        }
        fail, plain, zero = kinds["fail"], kinds["plain"], kinds["zero"]
        outcomes: list[tuple[int, int, int, Faces]] = []
        for k_plain in range(count + 1):
            for k_zero in range(count - k_plain + 1):
                k_fail = count - k_plain - k_zero
                ways = (
                    math.comb(count, k_plain)
                    * math.comb(count - k_plain, k_zero)
                    * len(plain) ** k_plain
                    * len(zero) ** k_zero
                    * len(fail) ** k_fail
                )
                if ways:
                    shown = plain[:1] * k_plain + zero[:1] * k_zero + fail[:1] * k_fail
                    outcomes.append((value * k_plain, value * k_zero, ways, shown))
        step: dict[Points, tuple[int, tuple[Faces, ...]]] = {}
        for points, (ways, earlier) in found.items():
            for normal, through, more, these in outcomes:
                key = Points(points.normal + normal, points.penetrating + through)
                old = step.get(key, (0, (*earlier, these)))
                step[key] = (old[0] + ways * more, old[1])
        found = step
    return found


def _damage_kind(face: int, tn: int, opts: FatewalkerOptions) -> str:
    if not roll.succeeds(face, tn, opts):
        return "fail"
    return "zero" if roll.reads(face, opts) == 0 else "plain"


@dataclass(frozen=True, slots=True)
class _Plan:
    """One way the rules may read the dice, with faces that stand for it and what the
    resolution must then show (else the plan misread the rules: `NoExactOdds`)."""

    script: tuple[tuple[str, Faces], ...]
    hit: bool
    net: int
    damage: tuple[int, int, int, int] | None = None
    """The first DamageRolled on the target: (normal, penetrating, cancelled, total)."""


def exact_odds(ruleset: Ruleset, state: EncounterState, action: Action) -> ActionOdds | None:
    """A plain strike (reaction none, dodge or parry, the default's included) or a shot in
    closed form; None for anything else, or when a roller may spend a power on its pool.

    The rules read the attack's pool and the reaction's only through their successes `a`
    and `d`; the strike then comes to a hit or not, its net successes, a parry that stops
    it or not, and whether `a` is 0 (a critical failure) or at least 2. For each such
    class the resolver is run once (`first_outcome`, every later die failing) to learn
    the damage rolls it then makes (after promotion, Deflection, Barrier and an energy
    shield: the rules' own), and the flat bonus. The damage dice are read only as points,
    normal and penetrating (and a stopping parry's as the points it cancels), which come
    to the blow's total as rules/harm.py adds them; the wound chart reads nothing but that
    total. So the chances of (a, d) are binomials per group of dice at one TN, the points'
    are multinomials per damage roll, and the real resolver is run once per ending class
    and total (`walk_after`, which walks whatever is rolled after: a consciousness roll),
    with faces that stand for it; each run must show the hit, net successes and damage
    planned, or the closed form steps aside (None) for the walk."""
    from fracas.rulesets.fatewalker.actions import Shoot, Strike
    from fracas.rulesets.fatewalker.rules import strike
    from fracas.rulesets.fatewalker.rules.common import walker

    if isinstance(action, Strike) and action.do == "strike":
        reaction = action.reaction or strike.default_reaction(state, action)
    elif isinstance(action, Shoot):
        reaction = "none"
    else:
        return None
    if reaction not in REACTIONS:
        return None
    if any(ROLL_POWERS & set(walker(state, who).powers) for who in (action.actor, action.target)):
        return None
    if any(BYSTANDER_POWERS & set(walker(state, c.id).powers) for c in state.combatants):
        return None  # fw-finish
    if any(walker(state, c.id).boon_until is not None for c in state.combatants):
        return None  # fw-finish: a Boon's dice wait on someone's next roll
    try:
        return _closed(ruleset, state, action, reaction)
    except NoExactOdds:
        return None


def _closed(ruleset: Ruleset, state: EncounterState, action: Action, reaction: str) -> ActionOdds:
    from fracas.core.odds_walk import first_outcome

    opts = options(state)
    assert isinstance(opts, FatewalkerOptions)
    target = getattr(action, "target", "")
    rolled, _ = first_outcome(ruleset, state, action)
    if not 1 <= len(rolled) <= (1 if reaction == "none" else 2):
        raise NoExactOdds(f"the attack rolled {len(rolled)} pools")
    attack = _pool_dist(_pool_groups(rolled[0][1], action.actor), opts)
    defence: Dist = {0: (1, ())}
    if len(rolled) == 2:
        defence = _pool_dist(_pool_groups(rolled[1][1], target), opts)
    whole = sum(w for w, _ in attack.values()) * sum(w for w, _ in defence.values())
    evade, parry = reaction == "dodge", reaction == "parry"
    ties = evade and opts.dodge_tie == "defender"
    classes_: dict[tuple[bool, int, bool, bool, bool], tuple[int, _Plan]] = {}
    for a, (wa, fa) in attack.items():
        for d, (wd, fd) in defence.items():
            cancels = d if evade or (parry and opts.parry == "successes") else 0
            net = a - cancels
            hit = a >= roll.HIT and (net > 0 if ties else net >= 0)
            key = (hit, net if hit else 0, parry and d >= roll.HIT, a == 0, a >= roll.HIT)
            script = ((rolled[0][0], fa), *(((rolled[1][0], fd),) if len(rolled) == 2 else ()))
            old = classes_.get(key, (0, _Plan(script, hit, net)))
            classes_[key] = (old[0] + wa * wd, old[1])
    endings: dict[tuple[object, ...], tuple[Fraction, _Plan]] = {}
    for key, (ways, plan) in classes_.items():
        if not plan.hit:
            _add(endings, (*key[2:], False, None), Fraction(ways, whole), plan)
            continue
        for total, chance, blow in _blows(ruleset, state, action, plan, opts):
            _add(endings, (*key[2:], True, total), Fraction(ways, whole) * chance, blow)
    return _run(ruleset, state, action, endings)


def _add(
    endings: dict[tuple[object, ...], tuple[Fraction, _Plan]],
    key: tuple[object, ...],
    chance: Fraction,
    plan: _Plan,
) -> None:
    old = endings.get(key, (Fraction(0), plan))
    endings[key] = (old[0] + chance, old[1])


def _blows(
    ruleset: Ruleset, state: EncounterState, action: Action, plan: _Plan, opts: FatewalkerOptions
) -> list[tuple[int, Fraction, _Plan]]:
    """A hit's totals of damage, each with its chance and a plan that rolls it."""
    from fracas.core.odds_walk import first_outcome
    from fracas.rulesets.fatewalker.rules import harm
    from fracas.rulesets.fatewalker.rules.common import walker

    target = getattr(action, "target", "")
    rolled, events = first_outcome(ruleset, state, action, plan.script)
    stops: list[tuple[str, tuple[int, int, int]]] = []
    damage: list[tuple[str, tuple[int, int, int]]] = []
    for expr, reason in rolled[len(plan.script) :]:
        found = DAMAGE.match(reason)
        if found is None:
            break
        part = damage if found[1] == f"damage to {target}" else stops
        if part is stops and damage:
            raise NoExactOdds("a parry's damage rolled after the blow's")
        part.append((expr, (int(found[2]), int(found[3]), int(found[4]))))
    dealt = next((e for e in events if isinstance(e, DamageRolled) and e.target == target), None)
    if dealt is None or dealt.penetrating or dealt.cancelled:
        raise NoExactOdds("the hit dealt no damage the closed form could read")
    bonus, absorb = dealt.normal, harm.absorb(walker(state, target), opts)
    cancel: dict[int, tuple[int, tuple[Faces, ...]]] = {}
    for points, (ways, faces) in _damage_dist([s for _, s in stops], opts).items():
        both = points.normal + points.penetrating
        cancel[both] = (cancel.get(both, (0, faces))[0] + ways, cancel.get(both, (0, faces))[1])
    hurt = _damage_dist([s for _, s in damage], opts)
    whole = 10 ** sum(count for _, (count, _, _) in [*stops, *damage])
    found_totals: dict[int, tuple[int, _Plan]] = {}
    for points, (ways, faces) in hurt.items():
        for cancelled, (more, stop_faces) in cancel.items():
            normal = points.normal + bonus
            total = _total(normal, points.penetrating, cancelled, absorb, opts)
            if total in found_totals:
                found_totals[total] = (found_totals[total][0] + ways * more, found_totals[total][1])
                continue
            script = (
                *plan.script,
                *((e, f) for (e, _), f in zip(stops, stop_faces, strict=True)),
                *((e, f) for (e, _), f in zip(damage, faces, strict=True)),
            )
            shown = (normal, points.penetrating, cancelled, total)
            found_totals[total] = (ways * more, _Plan(script, True, plan.net, shown))
    return [(t, Fraction(w, whole), p) for t, (w, p) in found_totals.items()]


def _total(
    normal: int, penetrating: int, cancelled: int, absorb: int, opts: FatewalkerOptions
) -> int:
    """Steps 7-8 of rules/harm.py: Absorb and a stopping parry's points against the blow."""
    if opts.cancel == "before_absorb":
        taken = min(cancelled, normal)
        through = max(0, penetrating - (cancelled - taken))
        return through + normal - taken - min(absorb, normal - taken)
    return max(0, penetrating + normal - min(absorb, normal) - cancelled)


def _run(
    ruleset: Ruleset,
    state: EncounterState,
    action: Action,
    endings: dict[tuple[object, ...], tuple[Fraction, _Plan]],
) -> ActionOdds:
    """Each ending class through the real resolver, once, weighted by its chance."""
    from fracas.core.odds_walk import walk_after

    target = getattr(action, "target", None)
    chances: dict[Tally, Fraction] = {}
    for chance, plan in endings.values():

        def check(events: Sequence[Event], plan: _Plan = plan) -> None:
            struck = next(
                (e for e in events if isinstance(e, Struck) and e.attacker == action.actor), None
            )
            if struck is None or struck.hit != plan.hit or (plan.hit and struck.net != plan.net):
                raise NoExactOdds("the strike came to another hit than planned")
            dealt = next(
                (e for e in events if isinstance(e, DamageRolled) and e.target == target), None
            )
            shown = (
                None
                if dealt is None
                else (dealt.normal, dealt.penetrating, dealt.cancelled, dealt.total)
            )
            if shown != plan.damage:
                raise NoExactOdds(f"the blow came to {shown}, not the planned {plan.damage}")

        for leaf, p in walk_after(ruleset, state, action, plan.script, check=check).items():
            chances[leaf] = chances.get(leaf, Fraction(0)) + chance * p
    return build(action, target, chances, "formula", order=ORDER)
