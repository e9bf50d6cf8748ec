"""The odds of one action before it is taken: what can come of it, and how likely each is.

A player asks "what are my chances if I do this?"; the answer is an `ActionOdds`: the chance
of each named outcome (miss, hit, parry, critical ... as the ruleset names them), of each
effect (a crit effect, a condition put on the target), the distribution of the HP the target
loses (after armor, armor hitpoints or wounds, since the answer is read off the state the
rules leave), the chance it goes down and that it dies, the HP the actor loses in the same
exchange (a counterattack), and whether all this is exact or sampled, with the sample count
that gives every figure its standard error.

Every answer is made of `Tally`s, one per way the action can end, each with its probability:
the same shape whether the ruleset worked it out in closed form, the real resolver was run
over every outcome of its dice (`core.odds_walk`), or over seeded samples. `action_odds`
picks the best the state allows, in that order; docs/architecture.md, "Odds of an action",
says what a ruleset owes it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from fracas.core.errors import FracasError
from fracas.core.state import Status

if TYPE_CHECKING:
    from fracas.core.actions import Action
    from fracas.core.events import Event
    from fracas.core.notation import DiceExpr
    from fracas.core.ruleset import Ruleset
    from fracas.core.state import EncounterState

Reads = Literal["faces", "multisets", "totals", "counts"]
"""What a ruleset's rules read of a roll, and so the coarsest branching that gives the same
odds: every face in order, the faces as a bag (doubles, the kept pair), only the total, or
how many dice fell in each class of faces the rules cannot tell apart (`OddsModel.classes`:
a success, a failure, a success showing 0 ...). Enumerating totals walks the exact
distribution of each expression (`core.distribution`), so a pool of ten d6 is eleven
branches, not sixty million; counting classes makes a pool of ten d10 read as successes or
failures eleven branches too, even when its dice are read against different numbers."""

FaceClasses = tuple[tuple[int, ...], ...]
"""One die's faces split into the classes its reader cannot tell apart: ((1, 2, 3), (4, ...))."""
Classifier = Callable[["EncounterState", "DiceExpr", str], "tuple[FaceClasses, ...] | None"]
"""For `reads="counts"`: given the state the action starts from, a roll's expression and its
reason, the classes of each of its dice in the order they are rolled; None when the rules may
read this roll's faces otherwise (it is then branched face by face)."""

Method = Literal["exact", "sampled"]
How = Literal["formula", "enumeration", "sampling"]

DEFAULT_SAMPLES = 10_000
"""Samples when nothing exact fits: a chance near one half is then known to about 0.5%."""


@dataclass(frozen=True, slots=True)
class Tally:
    """One way an action can end, as far as the odds care: hashable, so equal endings add up."""

    outcome: str
    """The action's named result (`hit`, `miss`, `parry`, `critical` ...): one per ending."""
    effects: frozenset[str] = frozenset()
    """What else came of it (a crit effect, a condition on the target); any number."""
    damage: int = 0
    """HP the target lost (its HP before minus after; armor and wounds already applied)."""
    taken: int = 0
    """HP the actor lost in the same action (a counterattack, a fumble)."""
    down: bool = False
    """The target was active and no longer is (dying, unconscious, dead ...)."""
    dead: bool = False
    """The target was alive and now is dead."""


Reader = Callable[["EncounterState", "Action", Sequence["Event"]], tuple[str, frozenset[str]]]
"""A ruleset's reading of one resolution's events: the outcome's name and the effects."""


def generic_reading(
    before: EncounterState, action: Action, events: Sequence[Event]
) -> tuple[str, frozenset[str]]:
    """What any ruleset's resolution shows without knowing its events: the first `result`
    an event carries (most attack events have one), else whether the target was hurt; and
    the conditions the action put on anyone but the actor, as `condition:<name>`."""
    outcome = next((str(r) for e in events if isinstance(r := getattr(e, "result", None), str)), "")
    effects = frozenset(
        f"condition:{e.condition.name}"  # type: ignore[attr-defined]
        for e in events
        if e.kind == "condition_applied" and getattr(e, "target", None) != action.actor
    )
    return outcome, effects


def default_target(action: Action) -> str | None:
    """The combatant an action is aimed at: its `target` field, when it has one."""
    target = getattr(action, "target", None)
    return target if isinstance(target, str) else None


@dataclass(frozen=True, slots=True)
class OddsModel:
    """What a ruleset tells the odds machinery: how its rules read the dice (so enumeration
    branches no finer than it must) and how to name what a resolution came to."""

    reads: Reads = "faces"
    """The safe default reads every face; a ruleset whose rules read less says so."""
    classes: Classifier | None = None
    """How each die of a roll is read, for `reads="counts"` (see `Classifier`)."""
    reader: Reader = generic_reading
    target: Callable[[Action], str | None] = default_target
    """Whose damage, downing and death the odds report (a shot at several: the first)."""


def tally(
    before: EncounterState,
    after: EncounterState,
    action: Action,
    events: Sequence[Event],
    model: OddsModel,
) -> Tally:
    """One resolution as a `Tally`: the reader names it, the two states measure it."""
    outcome, effects = model.reader(before, action, events)
    target_id = model.target(action)
    damage = down = dead = 0
    if target_id is not None:
        was, now = before.find(target_id), after.find(target_id)
        if was is not None and now is not None:
            damage = was.hp - now.hp
            down = was.is_active and not now.is_active
            dead = was.status is not Status.DEAD and now.status is Status.DEAD
            if not outcome:
                outcome = "damage" if damage > 0 else "no damage"
    if not outcome:
        outcome = "done"
    taken = 0
    actor_before, actor_after = before.find(action.actor), after.find(action.actor)
    if actor_before is not None and actor_after is not None and target_id != action.actor:
        taken = actor_before.hp - actor_after.hp
    return Tally(outcome, effects, damage, taken, bool(down), bool(dead))


@dataclass(frozen=True)
class ActionOdds:
    """The odds of one action, from the state it would be taken in.

    `chances` maps each way the action can end to its probability (exact fractions, or
    sample counts over `samples` when sampled); everything else is read off it.
    """

    actor: str
    action: str
    """The action in words (`ada attack raider`)."""
    target: str | None
    chances: Mapping[Tally, Fraction]
    how: How
    samples: int | None = None
    """Samples behind a sampled answer; None when exact."""
    note: str = ""
    """Why the answer is sampled rather than exact, when it is."""
    _order: tuple[str, ...] = field(default=(), repr=False)

    @property
    def method(self) -> Method:
        return "sampled" if self.samples is not None else "exact"

    def _sum(self, keep: Callable[[Tally], bool]) -> Fraction:
        return sum((p for t, p in self.chances.items() if keep(t)), Fraction(0))

    def _by(self, key: Callable[[Tally], Any]) -> dict[Any, Fraction]:
        found: dict[Any, Fraction] = {}
        for t, p in self.chances.items():
            found[key(t)] = found.get(key(t), Fraction(0)) + p
        return found

    @property
    def outcomes(self) -> dict[str, Fraction]:
        """The chance of each named outcome; they exclude each other and add up to 1."""
        found = self._by(lambda t: t.outcome)
        ranked = {name: i for i, name in enumerate(self._order)}
        return dict(sorted(found.items(), key=lambda kv: (ranked.get(kv[0], len(ranked)), kv[0])))

    @property
    def effects(self) -> dict[str, Fraction]:
        """The chance of each effect; several may come together."""
        names = sorted({e for t in self.chances for e in t.effects})
        return {name: self._sum(lambda t, n=name: n in t.effects) for name in names}  # type: ignore[misc]

    @property
    def damage(self) -> dict[int, Fraction]:
        """HP the target loses -> chance, 0 included, sorted."""
        return dict(sorted(self._by(lambda t: t.damage).items()))

    @property
    def taken(self) -> dict[int, Fraction]:
        """HP the actor loses in the same action -> chance."""
        return dict(sorted(self._by(lambda t: t.taken).items()))

    @property
    def down(self) -> Fraction:
        return self._sum(lambda t: t.down)

    @property
    def dies(self) -> Fraction:
        return self._sum(lambda t: t.dead)

    @property
    def expected_damage(self) -> Fraction:
        return sum((t.damage * p for t, p in self.chances.items()), Fraction(0))

    @property
    def expected_taken(self) -> Fraction:
        return sum((t.taken * p for t, p in self.chances.items()), Fraction(0))

    def probability(self, keep: Callable[[Tally], bool]) -> Fraction:
        """The chance of any ending `keep` accepts, e.g. ``lambda t: t.damage >= 5``."""
        return self._sum(keep)

    def error(self, p: Fraction | float) -> float:
        """The standard error of a sampled chance `p` (0 when exact): sqrt(p(1-p)/n)."""
        if self.samples is None:
            return 0.0
        q = float(p)
        return math.sqrt(q * (1 - q) / self.samples)

    def expected_damage_error(self) -> float:
        """The standard error of the sampled mean damage: the damage's spread over sqrt(n)."""
        if self.samples is None:
            return 0.0
        mean = float(self.expected_damage)
        spread = sum(float(p) * (d - mean) ** 2 for d, p in self.damage.items())
        return math.sqrt(spread / self.samples)

    def to_json(self) -> dict[str, Any]:
        def figure(p: Fraction) -> dict[str, Any]:
            shown: dict[str, Any] = {"probability": float(p)}
            if self.samples is None:
                shown["exact"] = str(p)
            else:
                shown["standard_error"] = self.error(p)
            return shown

        out: dict[str, Any] = {
            "actor": self.actor,
            "action": self.action,
            "target": self.target,
            "method": self.method,
            "how": self.how,
            "samples": self.samples,
            "outcomes": {k: figure(v) for k, v in self.outcomes.items()},
            "effects": {k: figure(v) for k, v in self.effects.items()},
            "damage": [{"hp": d, **figure(p)} for d, p in self.damage.items()],
            "down": figure(self.down),
            "dies": figure(self.dies),
            "expected_damage": {
                "value": float(self.expected_damage),
                **(
                    {"exact": str(self.expected_damage)}
                    if self.samples is None
                    else {"standard_error": self.expected_damage_error()}
                ),
            },
        }
        if any(self.taken):
            out["taken"] = [{"hp": d, **figure(p)} for d, p in self.taken.items()]
        if self.note:
            out["note"] = self.note
        return out


def build(
    action: Action,
    target: str | None,
    chances: Mapping[Tally, Fraction] | Iterable[tuple[Tally, Fraction]],
    how: How,
    *,
    samples: int | None = None,
    order: Sequence[str] = (),
    note: str = "",
) -> ActionOdds:
    """An `ActionOdds` from (tally, chance) pairs, equal tallies added up."""
    pairs = chances.items() if isinstance(chances, Mapping) else chances
    merged: dict[Tally, Fraction] = {}
    for t, p in pairs:
        if p:
            merged[t] = merged.get(t, Fraction(0)) + p
    return ActionOdds(
        actor=action.actor,
        action=action.label(),
        target=target,
        chances=merged,
        how=how,
        samples=samples,
        note=note,
        _order=tuple(order),
    )


class NoExactOdds(FracasError):
    """Exact odds do not fit here (too many branches, endless dice); the caller samples."""


def action_odds(
    ruleset: Ruleset,
    state: EncounterState,
    action: Action,
    *,
    method: Literal["auto", "exact", "sampled"] = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int | str = 0,
    leaves: int | None = None,
) -> ActionOdds:
    """The odds of `action` in `state`, without changing anything.

    The action is verified first (an illegal one raises `IllegalAction`, as acting would).
    Then, best first: the ruleset's closed form (`exact_odds`), the real resolver run over
    every outcome of its dice (`odds_walk.enumerate_odds`), and, when neither fits (or
    `method="sampled"`), the real resolver on `samples` seeded samples. `method="exact"`
    raises `NoExactOdds` rather than sample; `leaves` raises or lowers the enumeration's
    bound (`odds_walk.MAX_LEAVES`).
    """
    from fracas.core import odds_walk

    ruleset.verify(state, action)
    why = ""
    if method != "sampled":
        closed = getattr(ruleset, "exact_odds", None)
        found = closed(state, action) if closed is not None else None
        if found is not None:
            return found  # type: ignore[no-any-return]
        try:
            bound = odds_walk.MAX_LEAVES if leaves is None else leaves
            return odds_walk.enumerate_odds(ruleset, state, action, leaves=bound)
        except NoExactOdds as refusal:
            if method == "exact":
                raise
            why = str(refusal)
    return odds_walk.sample_odds(ruleset, state, action, samples=samples, seed=seed, note=why)


def model_of(ruleset: Ruleset) -> OddsModel:
    """The ruleset's `odds_model`, or the safe default for one that declares none."""
    found = getattr(ruleset, "odds_model", None)
    return found if isinstance(found, OddsModel) else OddsModel()
