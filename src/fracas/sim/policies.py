"""How each side plays a simulated fight.

Every policy starts from the ruleset's own tactics (`suggest`): they decide the shape of the
turn (take cover, aim, defend, reload, close in, retreat when dying). A policy other than
`tactics` only changes *whom* an action aimed at a foe is aimed at, and only to a foe for
whom the ruleset's `verify` accepts the very same action; moves, stances and aid are the
tactics' own. So a policy can never make a ruleset play an illegal or a silly turn, and a
new ruleset gets every policy by having `suggest` and the hooks of `core/policy.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from fracas.core.actions import Action
from fracas.core.dice import Dice
from fracas.core.errors import FracasError
from fracas.core.policy import foes_of
from fracas.core.ruleset import Ruleset
from fracas.core.state import Combatant, EncounterState

GREEDY_SAMPLES = 6
"""Resolutions the greedy policy samples per candidate target: rough, as the tactics' own
odds are, so a greedy fight costs a few times a plain one rather than hundreds."""


@dataclass(frozen=True, slots=True)
class Policy:
    """A named way to pick the current actor's action."""

    name: str
    summary: str
    choose: Callable[[Ruleset, EncounterState, Dice], Action]


def _tactics(ruleset: Ruleset, state: EncounterState, dice: Dice) -> Action:
    return ruleset.suggest(state)


def _aimed(ruleset: Ruleset, state: EncounterState, wish: Action) -> str | None:
    """The foe the tactics aimed `wish` at, if a policy may aim it elsewhere. A free action
    (tiers' facing, a stop before a shot) prepares the tactics' real action of the turn, so
    it stays theirs: turned toward another foe, the tactics would only turn back, forever."""
    return None if wish.free else ruleset.target_of(state, wish)


def _first_legal_by_rank(
    ruleset: Ruleset, state: EncounterState, ranked: Iterable[Combatant]
) -> Action:
    """The tactics' action aimed at the best-ranked foe that it may legally be aimed at.

    Ranking stops at the foe the tactics chose: it is legal by construction, so nobody below
    it is ever tried."""
    wish = ruleset.suggest(state)
    chosen = _aimed(ruleset, state, wish)
    if chosen is None:
        return wish
    return next((other for _, other in _legal_aims(ruleset, state, wish, chosen, ranked)), wish)


def _legal_aims(
    ruleset: Ruleset, state: EncounterState, wish: Action, chosen: str, foes: Iterable[Combatant]
) -> Iterator[tuple[Combatant, Action]]:
    """`wish` aimed at each of `foes` in turn, where the ruleset accepts it; the tactics'
    own target (`chosen`) is the wish itself. Stops when the wish cannot be aimed at all."""
    for foe in foes:
        if foe.id == chosen:
            yield foe, wish
            continue
        other = ruleset.retarget(state, wish, foe.id)
        if other is None:
            return
        try:
            ruleset.verify(state, other)
        except FracasError:
            continue
        yield foe, other


def _aggressive(ruleset: Ruleset, state: EncounterState, dice: Dice) -> Action:
    actor = state.actor
    assert actor is not None
    foes = foes_of(state, actor)
    ranked = sorted(foes, key=lambda f: ruleset.separation(state, actor, f.id))
    return _first_legal_by_rank(ruleset, state, ranked)


def _focus(ruleset: Ruleset, state: EncounterState, dice: Dice) -> Action:
    actor = state.actor
    assert actor is not None
    foes = foes_of(state, actor)
    ranked = sorted(foes, key=lambda f: (f.hp, ruleset.separation(state, actor, f.id)))
    return _first_legal_by_rank(ruleset, state, ranked)


def _greedy(ruleset: Ruleset, state: EncounterState, dice: Dice) -> Action:
    """Of the foes the tactics' action may be aimed at, the one where it is worth most by
    the ruleset's `appraise`: the exact expected share of the foe's HP where the ruleset has
    a closed form of the action, else an estimate from a few resolutions (the tactics' own
    choice wins ties)."""
    wish = ruleset.suggest(state)
    chosen = _aimed(ruleset, state, wish)
    if chosen is None:
        return wish
    best, best_value = wish, ruleset.appraise(state, wish, dice, GREEDY_SAMPLES)
    others = [f for f in foes_of(state, wish.actor) if f.id != chosen]
    for _, other in _legal_aims(ruleset, state, wish, chosen, others):
        value = ruleset.appraise(state, other, dice, GREEDY_SAMPLES)
        if value > best_value + 1e-9:
            best, best_value = other, value
    return best


POLICIES: dict[str, Policy] = {
    p.name: p
    for p in (
        Policy("tactics", "the ruleset's own tactics, unchanged (the default)", _tactics),
        Policy(
            "aggressive", "the tactics' action, aimed at the nearest foe it may be", _aggressive
        ),
        Policy(
            "focus", "the tactics' action, aimed at the weakest (least HP) foe it may be", _focus
        ),
        Policy(
            "greedy",
            "the tactics' action, aimed where it takes most of a foe's HP by exact or sampled odds",
            _greedy,
        ),
    )
}
"""Every policy by name, in the order `fracas sim --help` lists them."""
