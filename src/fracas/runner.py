"""Playing a scenario file: set up, roll initiative, act each listed action, maybe autoplay.

The runner stops at the first refused action and keeps the state as it stood before it, which
is what `fracas run --json` reports next to the error.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Literal

from fracas.core.actions import Action
from fracas.core.dice import Dice, Rng, ScriptedRng
from fracas.core.encounter import Encounter
from fracas.core.errors import FracasError, ScenarioError
from fracas.core.registry import get_ruleset
from fracas.scenario import ScenarioSpec


@dataclass(frozen=True, slots=True)
class RunError:
    action: int
    """Index into the scenario's `actions`."""
    place: str
    message: str

    def __str__(self) -> str:
        return f"{self.place}: {self.message}"


Stop = Literal["outcome", "round limit", "stalled"]
"""Why autoplay stopped: the fight has an outcome, `max_rounds` ran out before one, or the
tactics kept acting without time moving on (free actions back and forth: a tactics bug)."""

STALL_LIMIT = 500
"""Actions in a row with the turn model standing still (the same turn, or the same tick)
before autoplay calls the fight stalled. A real turn takes a handful; a loop of free actions
would otherwise never reach the round limit, and a test would hang instead of failing."""


@dataclass(slots=True)
class RunResult:
    spec: ScenarioSpec
    encounter: Encounter
    seed: int | None
    scripted: ScriptedRng | None
    error: RunError | None = None
    stopped: Stop | None = None
    """Why autoplay stopped, when the file asked for it."""

    def to_json(self) -> dict[str, Any]:
        out = self.encounter.state.to_json()
        out["seed"] = self.seed
        if self.stopped not in (None, "outcome"):
            out["stopped"] = self.stopped
        out["events"] = [e.to_json() for e in self.encounter.log]
        out["dice_left"] = None if self.scripted is None else list(self.scripted.remaining)
        if self.error is not None:
            out["error"] = {"action": self.error.action, "message": self.error.message}
        return out


def _place(index: int, raw: dict[str, Any], action: Action | None = None) -> str:
    """Where a refused action sits in the file: its index and the action's own `label()`
    (a volley names its targets), or, for one that did not parse, the raw words."""
    if action is not None:
        return f"actions[{index}] ({action.label()})"
    words = [str(raw[k]) for k in ("actor", "do", "target") if raw.get(k) is not None]
    return f"actions[{index}]" + (f" ({' '.join(words)})" if words else "")


def run_scenario(spec: ScenarioSpec, seed: int | None = None, rng: Rng | None = None) -> RunResult:
    """Play `spec`; raises ScenarioError only for a file that cannot even start.

    Dice come from `rng` when given (a ManualRng for physical dice), else from the file's
    scripted `dice`, else from the seed.
    """
    ruleset = get_ruleset(spec.ruleset)
    setup = ruleset.setup(spec)
    scripted: ScriptedRng | None = None
    used_seed: int | None = None
    if rng is not None:
        dice = Dice(rng)
    elif spec.dice is not None:
        scripted = ScriptedRng(spec.dice)
        dice = Dice(scripted)
    else:
        used_seed = seed if seed is not None else spec.seed
        if used_seed is None:
            used_seed = secrets.randbelow(2**31)
        dice = Dice.seeded(used_seed)
    order = tuple(spec.order) if spec.order is not None else None
    try:
        encounter = Encounter(ruleset, setup, dice, order=order)
    except FracasError as error:
        raise ScenarioError(f"rolling initiative: {error}") from None
    result = RunResult(spec, encounter, used_seed, scripted)
    for index, raw in enumerate(spec.actions):
        action: Action | None = None
        try:
            action = ruleset.parse_action(raw)
            encounter.act(action)
        except FracasError as error:
            result.error = RunError(index, _place(index, raw, action), str(error))
            return result
    rounds = spec.autoplay_rounds
    if rounds is not None:
        result.stopped = autoplay(encounter, rounds)
    return result


def autoplay(encounter: Encounter, max_rounds: int) -> Stop:
    """Let the ruleset's tactics play every side until an outcome or `max_rounds` rounds,
    and say which came first: a fight cut off at the limit is not a finished one."""
    ruleset = encounter.ruleset
    standing_still = 0
    while encounter.state.outcome is None and encounter.state.turns.round <= max_rounds:
        state = encounter.state
        actor = state.actor
        if actor is None:
            break
        # `suggest` verifies what it picks (the protocol says so), so acting need not again.
        encounter.act(ruleset.suggest(state), verified=True)
        turns = encounter.state.turns
        standing_still = standing_still + 1 if turns == state.turns else 0
        if standing_still >= STALL_LIMIT:
            return "stalled"
    return "round limit" if encounter.state.outcome is None else "outcome"
