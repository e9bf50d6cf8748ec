"""How the odds of a `tiers` action are read (docs/architecture.md, "Odds of an action").

The exchange reads only totals: the natural 20 or 1 is the total less the modifier, which
the rules know (rules/exchange.py), so the walk branches over each roll's distribution of
totals (a d20, or the kept die of a pair). Outcomes: `attacker wins`, `defender wins` (a
counterattack's damage to the attacker is in `taken`), `tie`, `sure shot` (a crossbow or
firearm shot that rolls nothing) and `dodged`. Each piece of gear a crit wears down is an
effect, `worn: <owner> <item>`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from fracas.core.actions import Action
from fracas.core.events import Event
from fracas.core.odds import ActionOdds, NoExactOdds, OddsModel, Tally, build, generic_reading
from fracas.core.ruleset import Ruleset
from fracas.core.state import EncounterState
from fracas.rulesets.tiers.events import ExchangeRolled, GearWorn, Moved

WINNERS = {"attacker": "attacker wins", "defender": "defender wins", "none": "tie"}


def reading(
    before: EncounterState, action: Action, events: Sequence[Event]
) -> tuple[str, frozenset[str]]:
    worn = frozenset(f"worn: {e.owner} {e.item}" for e in events if isinstance(e, GearWorn))
    exchange = next((e for e in events if isinstance(e, ExchangeRolled)), None)
    if exchange is not None:
        return WINNERS.get(exchange.winner, exchange.winner), worn
    if action.do == "attack":
        dodged = any(isinstance(e, Moved) for e in events)
        return ("dodged" if dodged else "sure shot"), worn
    return generic_reading(before, action, events)


ODDS = OddsModel(reads="totals", reader=reading)


# -- the closed form ----------------------------------------------------------------------------

Key = tuple[str, str, int]
"""What a contested exchange's two rolls come to for the rules: each die as a natural 20, a
natural 1 or neither (`-` for a defender that rolls none), and the attacker's total less
the defender's."""


def _natural(face: int | None) -> str:
    if face is None:
        return "-"
    return "20" if face == 20 else "1" if face == 1 else "d20"


def _modifier(expr: str) -> int | None:
    """The constant part of a d20 roll ('1d20+5', '2d20kh1-1'), or None when the roll is not
    one d20 or one kept of several (then the face is not the total less a constant)."""
    from fracas.core.notation import Constant, DiceTerm, as_expr

    parsed = as_expr(expr)
    dice = [t for _, t in parsed.terms if isinstance(t, DiceTerm)]
    if len(dice) != 1 or dice[0].sides != 20 or dice[0].explode or dice[0].count_if:
        return None
    if dice[0].count > 1 and (dice[0].keep is None or dice[0].keep.kept(dice[0].count) != 1):
        return None
    return sum(sign * t.value for sign, t in parsed.terms if isinstance(t, Constant))


def exact_odds(ruleset: Ruleset, state: EncounterState, action: Action) -> ActionOdds | None:
    """A contested attack in closed form: the exchange's chances from the exact
    distributions of the two rolls (core.distribution), and what each comes to from the
    rules themselves, once per `Key` rather than once per pair of totals.

    The exchange reads its dice only through the two totals' difference (who wins, by how
    much: the damage) and whether each kept die is a natural 20 or 1 (the crits on gear,
    which roll nothing). So the 400 pairs of d20 totals the walk runs fall into about a
    hundred keys, each resolved once with totals that stand for it. Under `tie: reroll` a
    tie is rolled again up to `exchange.MAX_REROLLS` times: a key that is no tie has its
    chance times the series 1 + t + ... + t**20 (t the chance of a tie), a tie stands only
    after all of them (t**20 times its chance), which the walk cannot reach (it stops at 40
    rolls). Actions that roll no contest (sure shots, dodges, cover) or anything else are
    left to the walk (None)."""
    from fracas.core.distribution import distribution
    from fracas.core.odds_walk import ORDER, rolls_made, tally_with_totals
    from fracas.rulesets.tiers.actions import Attack
    from fracas.rulesets.tiers.rules.common import options
    from fracas.rulesets.tiers.rules.exchange import MAX_REROLLS

    if not isinstance(action, Attack) or action.dodge is not None or action.cover is not None:
        return None
    rolled = rolls_made(ruleset, state, action)
    if rolled is None or len(rolled) not in (1, 2):
        return None
    modifiers = [_modifier(expr) for expr in rolled]
    if any(m is None for m in modifiers):
        return None
    rolls: list[list[tuple[int, Fraction, int | None]]] = [
        [(total, p, total - m) for total, p in distribution(e).probabilities]
        for e, m in zip(rolled, modifiers, strict=True)
        if m is not None
    ]
    if len(rolls) == 1:
        rolls.append([(0, Fraction(1), None)])  # an unconscious defender rolls nothing
    keys: dict[Key, tuple[Fraction, tuple[int, ...]]] = {}
    for a_total, pa, a_face in rolls[0]:
        for d_total, pd, d_face in rolls[1]:
            key = (_natural(a_face), _natural(d_face), a_total - d_total)
            chance, totals = keys.get(key, (Fraction(0), (a_total, d_total)))
            keys[key] = (chance + pa * pd, totals)
    reroll = len(rolled) == 2 and options(state).tie == "reroll"
    tie = sum((p for (_, _, gap), (p, _) in keys.items() if gap == 0), Fraction(0))
    chances: dict[Tally, Fraction] = {}
    try:
        for (_, _, gap), (p, totals) in keys.items():
            script, expected = totals[: len(rolled)], rolled
            if reroll and gap == 0:
                again = next(t for (_, _, g), (_, t) in keys.items() if g == 0)
                script = again * MAX_REROLLS + script
                expected = rolled * (MAX_REROLLS + 1)
                p *= tie**MAX_REROLLS
            elif reroll:
                p *= sum((tie**i for i in range(MAX_REROLLS + 1)), Fraction(0))
            leaf = tally_with_totals(ruleset, state, action, script, expected)
            chances[leaf] = chances.get(leaf, Fraction(0)) + p
    except NoExactOdds:
        return None
    return build(action, action.target, chances, "formula", order=ORDER)
