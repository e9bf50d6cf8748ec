"""Odds read off the real resolver: every outcome of its dice, or seeded samples.

Both run `ruleset.resolve` itself on the state, so they answer for whatever the rules do
(reactions, crit chains, armor), with no ruleset code; this is what a new ruleset gets for
free. Neither changes the state: states are immutable and each run starts from the same one.

**Enumeration** walks the tree of the action's rolls depth first. Each run replays the
choices made so far and takes the first branch of every roll past them; the next run moves
the deepest roll with branches left on by one. A roll branches by what the ruleset's rules
read of it (`OddsModel.reads`): every face in order, the faces as a sorted bag with their
multinomial weight, the total with its exact chance from `core.distribution`, or how many
dice fell in each class of faces the ruleset says its rules cannot tell apart (`counts`,
`OddsModel.classes`: a pool of d10 read against target numbers branches by its successes
and not by its faces, each branch weighted by the ways to fall so). A leaf's
chance is the product of its branches' chances, so the leaves add up to exactly 1. The
walk gives up (`NoExactOdds`) past `MAX_LEAVES` runs, past `MAX_ROLLS` rolls in one run
(tie re-rolls that could go on), or on a roll it cannot branch (exploding dice when faces
are read), and the caller samples instead.

`walk_after` is the same walk with the first rolls scripted: what a closed form that has
worked out the chances of those rolls itself uses to let the rules say what they come to,
whatever they roll after them.

**Sampling** resolves the action `samples` times, trial `i` with `Random(f"{seed}:{i}")`
(the simulator's per-trial seeds), so the same seed gives the same estimate.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from fracas.core.dice import Dice, ScriptedRng, evaluate
from fracas.core.distribution import distribution
from fracas.core.errors import TooLargeToCompute
from fracas.core.events import DiceRolled
from fracas.core.notation import DiceExpr, DiceTerm, as_expr
from fracas.core.odds import (
    ActionOdds,
    FaceClasses,
    NoExactOdds,
    OddsModel,
    Reads,
    Tally,
    build,
    model_of,
    tally,
)

if TYPE_CHECKING:
    from fracas.core.actions import Action
    from fracas.core.events import Event
    from fracas.core.ruleset import Ruleset
    from fracas.core.state import EncounterState

MAX_LEAVES = 4_000
"""Most resolutions one enumeration runs: about a second for the slowest ruleset here (nwo,
whose crit chains multiply the tree), so a question that must be sampled wastes little."""
MAX_ROLLS = 40
"""Most rolls in one run: an action that rolls more is re-rolling ties and may not end."""

Branch = tuple[tuple[int, ...], int, int]
"""(faces, total, ways) of one branch of a roll; its chance is ways over the roll's sum."""


@lru_cache(maxsize=512)
def branches(expr: DiceExpr, reads: Reads) -> tuple[tuple[Branch, ...], int]:
    """The branches of one roll and the sum of their ways, as the rules read it."""
    if reads == "totals":
        try:
            dist = distribution(expr)
        except TooLargeToCompute as error:
            raise NoExactOdds(str(error)) from None
        denominator = math.lcm(*(p.denominator for _, p in dist.probabilities))
        found = tuple(
            ((), total, p.numerator * (denominator // p.denominator))
            for total, p in dist.probabilities
        )
        return found, denominator
    per_term: list[list[tuple[tuple[int, ...], int]]] = []
    for _, term in expr.terms:
        if not isinstance(term, DiceTerm):
            continue
        if term.explode:
            raise NoExactOdds(f"'{expr}' explodes: its faces have no end to enumerate")
        per_term.append(_term_branches(term, reads))
    count = math.prod(len(options) for options in per_term)
    if count > MAX_LEAVES:
        raise NoExactOdds(f"'{expr}' has {count:,} ways to fall, above {MAX_LEAVES:,}")
    found_list: list[Branch] = []
    for combo in itertools.product(*per_term):
        faces = tuple(f for part, _ in combo for f in part)
        ways = math.prod(w for _, w in combo)
        found_list.append((faces, evaluate(expr, faces), ways))
    return tuple(found_list), sum(w for _, _, w in found_list)


def _term_branches(term: DiceTerm, reads: Reads) -> list[tuple[tuple[int, ...], int]]:
    sides = range(1, term.sides + 1)
    if reads == "faces":
        return [(faces, 1) for faces in itertools.product(sides, repeat=term.count)]
    bags = []
    for bag in itertools.combinations_with_replacement(sides, term.count):
        ways = math.factorial(term.count)
        for _, group in itertools.groupby(bag):
            ways //= math.factorial(len(list(group)))
        bags.append((bag, ways))
    return bags


@lru_cache(maxsize=1024)
def counted(expr: DiceExpr, per_die: tuple[FaceClasses, ...]) -> tuple[tuple[Branch, ...], int]:
    """The branches of one roll read by classes (`reads="counts"`): `per_die` gives each
    die's faces split into classes. Dice split alike are interchangeable, so each such group
    branches by how many of its dice fall in each class, weighted by the multinomial times
    each class's size to the power of its count; a branch shows the first face of each class,
    in the group's positions in class order. The ways add up to every face sequence's."""
    dice = [term for _, term in expr.terms if isinstance(term, DiceTerm)]
    if any(term.explode for term in dice):
        raise NoExactOdds(f"'{expr}' explodes: its faces have no end to enumerate")
    sides = [term.sides for term in dice for _ in range(term.count)]
    if len(per_die) != len(sides) or any(
        sorted(f for c in classes for f in c) != list(range(1, n + 1)) or not all(classes)
        for classes, n in zip(per_die, sides, strict=False)
    ):
        raise ValueError(f"classes {per_die} do not split the faces of each die of '{expr}'")
    groups: dict[FaceClasses, list[int]] = {}
    for at, classes in enumerate(per_die):
        groups.setdefault(classes, []).append(at)
    per_group: list[list[tuple[tuple[tuple[int, int], ...], int]]] = []
    for classes, positions in groups.items():
        options = []
        for counts in _compositions(len(positions), len(classes)):
            ways = math.factorial(len(positions))
            for cls, n in zip(classes, counts, strict=True):
                ways = ways // math.factorial(n) * len(cls) ** n
            shown = [cls[0] for cls, n in zip(classes, counts, strict=True) for _ in range(n)]
            options.append((tuple(zip(positions, shown, strict=True)), ways))
        per_group.append(options)
    count = math.prod(len(options) for options in per_group)
    if count > MAX_LEAVES:
        raise NoExactOdds(f"'{expr}' has {count:,} ways to be read, above {MAX_LEAVES:,}")
    found: list[Branch] = []
    for combo in itertools.product(*per_group):
        placed = [0] * len(sides)
        for part, _ in combo:
            for at, face in part:
                placed[at] = face
        faces = tuple(placed)
        found.append((faces, evaluate(expr, faces), math.prod(w for _, w in combo)))
    return tuple(found), sum(w for _, _, w in found)


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to write `total` as `parts` counts of 0 or more, in order."""
    if parts == 1:
        return [(total,)]
    return [
        (first, *rest)
        for first in range(total, -1, -1)
        for rest in _compositions(total - first, parts - 1)
    ]


_NO_FACES = ScriptedRng(())


def _no_rng(dice: Dice) -> None:
    """Set up a `Dice` whose `roll` is replaced and never draws: without `Dice.__init__`,
    whose check for a person at the table (a runtime protocol check) costs more than a
    resolution's own dice here, once per resolution."""
    dice.rng = _NO_FACES
    dice._attentive = None


Script = Sequence[tuple[str, tuple[int, ...]]]
"""Rolls given in advance: each roll's expression as the rules write it, and its faces."""


class _Branching(Dice):
    """A `Dice` that hands out a script's rolls first, then follows a path of branch
    choices and extends it with first branches."""

    __slots__ = (
        "_at",
        "_model",
        "_path",
        "_script",
        "_scripted",
        "_state",
        "rolled",
        "ways",
        "whole",
    )

    def __init__(
        self,
        path: list[list[int]],
        model: OddsModel,
        state: EncounterState,
        script: Script = (),
    ) -> None:
        _no_rng(self)
        self._path = path
        self._model = model
        self._state = state
        self._script = script
        self._scripted = 0
        self._at = 0
        self.ways = 1
        self.whole = 1
        self.rolled: list[tuple[str, str]] = []
        """Each roll's expression and reason, in order."""

    def _branches(self, parsed: DiceExpr, reason: str) -> tuple[tuple[Branch, ...], int]:
        reads = self._model.reads
        if reads != "counts":
            return branches(parsed, reads)
        classify = self._model.classes
        per_die = classify(self._state, parsed, reason) if classify is not None else None
        return branches(parsed, "faces") if per_die is None else counted(parsed, per_die)

    def roll(self, expr: str | DiceExpr, *, reason: str) -> DiceRolled:
        parsed = as_expr(expr)
        self.rolled.append((str(parsed), reason))
        if self._scripted < len(self._script):
            wanted, given = self._script[self._scripted]
            if str(parsed) != wanted:
                raise NoExactOdds(
                    f"the rules rolled '{parsed}' ({reason}), not the planned {wanted}"
                )
            self._scripted += 1
            return DiceRolled(
                expr=str(parsed), faces=given, total=evaluate(parsed, given), reason=reason
            )
        options, denominator = self._branches(parsed, reason)
        if self._at == len(self._path):
            if self._at >= MAX_ROLLS:
                raise NoExactOdds(f"one outcome rolls more than {MAX_ROLLS} times")
            self._path.append([0, len(options)])
        faces, total, ways = options[self._path[self._at][0]]
        self._at += 1
        self.ways *= ways
        self.whole *= denominator
        return DiceRolled(expr=str(parsed), faces=faces, total=total, reason=reason)


def _advance(path: list[list[int]], used: int) -> bool:
    """Move to the next leaf: the deepest roll with a branch left moves on. False at the end."""
    del path[used:]
    while path and path[-1][0] + 1 >= path[-1][1]:
        path.pop()
    if not path:
        return False
    path[-1][0] += 1
    return True


def enumerate_odds(
    ruleset: Ruleset, state: EncounterState, action: Action, *, leaves: int = MAX_LEAVES
) -> ActionOdds:
    """Exact odds by running the resolver over every outcome of its dice (module doc), at
    most `leaves` times."""
    model = model_of(ruleset)
    chances = walk_after(ruleset, state, action, (), leaves=leaves)
    return build(action, model.target(action), chances, "enumeration", order=ORDER)


def walk_after(
    ruleset: Ruleset,
    state: EncounterState,
    action: Action,
    script: Script,
    *,
    check: Callable[[Sequence[Event]], None] | None = None,
    leaves: int = MAX_LEAVES,
) -> dict[Tally, Fraction]:
    """The chance of each ending once the first rolls have come up as `script` says (so
    the chances add up to 1 over what comes after it), by the walk of the module doc, at
    most `leaves` resolutions. `check` sees each resolution's events and raises
    `NoExactOdds` when they are not what the caller planned; rolling other expressions than
    the script's, or fewer rolls, is a refusal too."""
    model = model_of(ruleset)
    chances: dict[Tally, Fraction] = {}
    path: list[list[int]] = []
    for _ in range(leaves):
        dice = _Branching(path, model, state, script)
        resolution = ruleset.resolve(state, action, dice)
        if dice._scripted < len(script):
            raise NoExactOdds(
                f"the rules rolled {dice._scripted} of the {len(script)} planned rolls"
            )
        if check is not None:
            check(resolution.events)
        leaf = tally(state, resolution.state, action, resolution.events, model)
        chances[leaf] = chances.get(leaf, Fraction(0)) + Fraction(dice.ways, dice.whole)
        if not _advance(path, dice._at):
            return chances
    raise NoExactOdds(f"more than {leaves:,} ways for the dice to fall")


def first_outcome(
    ruleset: Ruleset, state: EncounterState, action: Action, script: Script = ()
) -> tuple[list[tuple[str, str]], Sequence[Event]]:
    """The rolls the rules make (expression, reason) and the events of one resolution, when
    the script's rolls come up as given and every later roll takes the walk's first branch
    (under `counts`, every die in its first class): how a closed form learns what the rules
    roll after the rolls it has planned, without working it out a second time."""
    dice = _Branching([], model_of(ruleset), state, script)
    resolution = ruleset.resolve(state, action, dice)
    if dice._scripted < len(script):
        raise NoExactOdds(f"the rules rolled {dice._scripted} of the {len(script)} planned rolls")
    return dice.rolled, resolution.events


def sample_odds(
    ruleset: Ruleset,
    state: EncounterState,
    action: Action,
    *,
    samples: int,
    seed: int | str = 0,
    note: str = "",
) -> ActionOdds:
    """Odds estimated from `samples` seeded resolutions (module doc)."""
    if samples < 1:
        raise ValueError("samples must be at least 1")
    model = model_of(ruleset)
    counts: dict[Tally, int] = {}
    for trial in range(samples):
        dice = Dice.seeded(f"{seed}:{trial}")
        resolution = ruleset.resolve(state, action, dice)
        leaf = tally(state, resolution.state, action, resolution.events, model)
        counts[leaf] = counts.get(leaf, 0) + 1
    chances = {t: Fraction(n, samples) for t, n in counts.items()}
    return build(
        action, model.target(action), chances, "sampling", samples=samples, order=ORDER, note=note
    )


ORDER = (
    "critical",
    "hit",
    "parry",
    "defense_critical",
    "miss",
    "damage",
    "no damage",
)
"""The usual outcome names in the order a table shows them; others follow by name."""


class _Fixed(Dice):
    """A `Dice` that hands out given totals in order (no faces): for a closed form that
    knows the chance of each total and lets the real rules say what it comes to. It records
    what was rolled; running out or being asked for another expression is a refusal, so a
    state the closed form misread falls back to the walk."""

    __slots__ = ("_at", "_totals", "rolled")

    def __init__(self, totals: tuple[int, ...]) -> None:
        _no_rng(self)
        self._totals = totals
        self._at = 0
        self.rolled: list[str] = []

    def roll(self, expr: str | DiceExpr, *, reason: str) -> DiceRolled:
        parsed = as_expr(expr)
        if self._at >= len(self._totals):
            raise NoExactOdds(f"'{parsed}' ({reason}) is a roll the closed form did not plan")
        total = self._totals[self._at]
        self._at += 1
        self.rolled.append(str(parsed))
        return DiceRolled(expr=str(parsed), faces=(), total=total, reason=reason)


class _Probe(Dice):
    """A `Dice` that answers the first roll with its highest total and every later one
    with its lowest, recording the expressions: the first look a closed form takes."""

    __slots__ = ("rolled",)

    def __init__(self) -> None:
        _no_rng(self)
        self.rolled: list[str] = []

    def roll(self, expr: str | DiceExpr, *, reason: str) -> DiceRolled:
        parsed = as_expr(expr)
        if len(self.rolled) >= MAX_ROLLS:
            raise NoExactOdds(f"one outcome rolls more than {MAX_ROLLS} times")
        support = distribution(parsed).support()
        total = support[-1] if not self.rolled else support[0]
        self.rolled.append(str(parsed))
        return DiceRolled(expr=str(parsed), faces=(), total=total, reason=reason)


def rolls_made(ruleset: Ruleset, state: EncounterState, action: Action) -> list[str] | None:
    """The expressions the resolver rolls, modifiers included, when the first roll comes up
    its highest and the rest their lowest (None if that outcome rolls without end): how a
    closed form learns what the rules roll without working it out a second time."""
    dice = _Probe()
    try:
        ruleset.resolve(state, action, dice)
    except (NoExactOdds, TooLargeToCompute):
        return None
    return dice.rolled


def tally_with_totals(
    ruleset: Ruleset,
    state: EncounterState,
    action: Action,
    totals: tuple[int, ...],
    expected: Sequence[str],
) -> Tally:
    """What one resolution comes to when its rolls come up `totals`, as `expected` says they
    are rolled. Raises `NoExactOdds` when the rules roll anything else."""
    dice = _Fixed(totals)
    resolution = ruleset.resolve(state, action, dice)
    if dice.rolled != list(expected):
        raise NoExactOdds(f"the rules rolled {dice.rolled}, not the planned {list(expected)}")
    return tally(state, resolution.state, action, resolution.events, model_of(ruleset))
