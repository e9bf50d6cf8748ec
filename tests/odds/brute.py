"""The oracle for exact odds: every sequence of die faces, run through the real resolver
with scripted dice, each leaf weighted 1/sides per face. It knows nothing of distributions,
bags or totals, so agreeing with it checks all of them (and each ruleset's `reads`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fracas.core.actions import Action
from fracas.core.dice import Dice, ScriptedRng
from fracas.core.odds import Tally, model_of, tally
from fracas.core.ruleset import Ruleset
from fracas.core.state import EncounterState


class _RanOut(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Probe(ScriptedRng):
    """Scripted faces; at the end of the script, says which die was wanted next."""

    __slots__ = ()

    def randint(self, a: int, b: int, /) -> int:
        if not self.remaining:
            assert a == 1
            raise _RanOut(b)
        return super().randint(a, b)


def brute_force(ruleset: Ruleset, state: EncounterState, action: Action) -> dict[Tally, Fraction]:
    model = model_of(ruleset)
    found: dict[Tally, Fraction] = {}
    pending: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while pending:
        faces, chance = pending.pop()
        try:
            resolution = ruleset.resolve(state, action, Dice(_Probe(faces)))
        except _RanOut as out:
            share = chance / out.sides
            pending.extend(((*faces, face), share) for face in range(1, out.sides + 1))
            continue
        leaf = tally(state, resolution.state, action, resolution.events, model)
        found[leaf] = found.get(leaf, Fraction(0)) + chance
    return found


def chances(odds: Any) -> dict[Tally, Fraction]:
    return dict(odds.chances)
