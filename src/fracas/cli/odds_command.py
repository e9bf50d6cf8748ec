"""`fracas odds FILE --action '{...}'`: the odds of one action from a scenario's state.

The scenario is played up to the end of its listed actions (never autoplayed: the question is
about the moment the file describes), then the action is asked about without being taken.
The table prints what `core.odds.ActionOdds` holds; every refusal is a `FracasError` whose
message the command prints on one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from fracas.core.errors import FracasError, ScenarioError
from fracas.core.odds import ActionOdds

MAX_SAMPLES = 1_000_000
"""Seeded samples of one action: a million put the standard error under 0.05 percentage
points; more only takes longer."""
BAR = 30


def is_scenario(argument: str) -> bool:
    """Whether `fracas odds ARG` names a scenario file rather than dice notation: an
    existing file, or a name ending like one (so a typo in a path is not read as dice)."""
    return Path(argument).is_file() or argument.lower().endswith((".yaml", ".yml", ".json"))


def scenario_odds(
    file: Path,
    action_text: str | None,
    actor: str | None,
    *,
    method: Literal["auto", "exact", "sampled"],
    samples: int,
    seed: int,
) -> ActionOdds:
    from fracas.odds_api import odds
    from fracas.runner import run_scenario
    from fracas.scenario import load_scenario
    from fracas.yaml_input import load_yaml

    if action_text is None:
        raise ScenarioError(
            "which action? give --action with the action as a scenario file lists it, e.g. "
            "--action '{do: attack, target: raider, weapon: rifle}'"
        )
    if not 1 <= samples <= MAX_SAMPLES:
        raise ScenarioError(f"--samples must be from 1 to {MAX_SAMPLES:,}, not {samples}")
    raw = load_yaml(action_text, "--action")
    if not isinstance(raw, Mapping):
        raise ScenarioError("--action: expected a mapping such as {do: attack, target: raider}")
    spec = load_scenario(file).model_copy(update={"autoplay": False})
    result = run_scenario(spec)
    if result.error is not None:
        raise ScenarioError(f"{file}: {result.error}")
    state = result.encounter.state
    who = actor or raw.get("actor") or state.actor
    if not isinstance(who, str):
        raise ScenarioError(f"{file}: nobody is to act (the fight is over); give --actor")
    if state.find(who) is None:
        known = ", ".join(c.id for c in state.combatants)
        raise ScenarioError(f"there is no combatant {who!r}; the file has: {known}")
    return odds(result.encounter, raw, actor=who, method=method, samples=samples, seed=seed)


def _percent(odds: ActionOdds, p: Fraction) -> str:
    shown = f"{float(p):8.2%}"
    if odds.samples is not None:
        shown += f" ± {odds.error(p):.2%}"
    return shown


def render(odds: ActionOdds, ruleset: str = "") -> str:
    """The odds as plain aligned text: outcomes, effects, damage, down and death, the mean."""
    if odds.samples is None:
        way = " (closed form)" if odds.how == "formula" else ", every outcome of the dice"
        how = "exact" + way
    else:
        how = f"sampled: {odds.samples:,} seeded samples, ± one standard error"
    lines = [f"{odds.action}" + (f"   [{ruleset}]" if ruleset else "") + f"   {how}"]
    if odds.note:
        lines.append(f"  (not exact: {odds.note})")
    width = max([len("outcome"), *(len(k) for k in [*odds.outcomes, *odds.effects])])
    lines.append(f"\n{'outcome':<{width}}  chance")
    lines += [f"{name:<{width}}  {_percent(odds, p)}" for name, p in odds.outcomes.items()]
    if odds.effects:
        lines.append(f"\n{'effect':<{width}}  chance")
        lines += [f"{name:<{width}}  {_percent(odds, p)}" for name, p in odds.effects.items()]
    if odds.target is not None:
        lines.append(f"\nHP {odds.target} loses   chance    at least")
        lines += _table(odds, odds.damage)
        lines.append(
            f"\n{odds.target} goes down {_percent(odds, odds.down).strip()}, "
            f"dies {_percent(odds, odds.dies).strip()}"
        )
        mean = f"{float(odds.expected_damage):.4f}"
        if odds.samples is not None:
            mean += f" ± {odds.expected_damage_error():.4f}"
        lines.append(f"expected damage {mean}")
    if any(odds.taken):
        lines.append(f"\nHP {odds.actor} loses   chance    at least")
        lines += _table(odds, odds.taken)
        lines.append(f"expected damage to {odds.actor} {float(odds.expected_taken):.4f}")
    return "\n".join(lines)


def _table(odds: ActionOdds, chances: Mapping[int, Fraction]) -> list[str]:
    biggest = max(chances.values())
    left = sum(chances.values(), Fraction(0))
    rows = []
    for hp, p in chances.items():
        bar = "█" * round(BAR * p / biggest)
        rows.append(f"{hp:>12}  {_percent(odds, p)}  {float(left):8.2%}  {bar}")
        left -= p
    return rows


def payload(odds: ActionOdds, ruleset: str) -> dict[str, Any]:
    return {"ruleset": ruleset, **odds.to_json()}


__all__ = ["FracasError", "is_scenario", "payload", "render", "scenario_odds"]
