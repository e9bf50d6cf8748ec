"""Exact odds of each ruleset's standard attack, timed, against estimating them by sampling.

`python odds.py` (from benchmarks/) prints, per attack: the time of the exact odds (the best
of 5 warm runs, the expression distributions cached as they are in a session, and the first,
cold run), the time of 100,000 seeded samples of the same action through the same resolver,
and their ratio, measured in this one run; and the exact and sampled chance of the first
outcome, to show they answer the same question. The goal is under 20 ms per exact answer;
nothing here asserts it.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from overhead import best_of

from fracas.core.odds import action_odds
from fracas.core.odds_walk import sample_odds
from fracas.core.registry import get_ruleset
from fracas.runner import run_scenario
from fracas.scenario import load_scenario, parse_scenario

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = 100_000


def _pair(ruleset: str, a: dict[str, Any], b: dict[str, Any], **rest: Any) -> dict[str, Any]:
    return {
        "ruleset": ruleset,
        "seed": 1,
        "order": [a["id"], b["id"]],
        "combatants": [a, b],
        **rest,
    }


def _operative(oid: str, x: int, skills: dict[str, int], **sheet: Any) -> dict[str, Any]:
    side = "a" if oid == "mara" else "b"
    return {"id": oid, "side": side, "position": {"x": x, "y": 0}, "skills": skills, **sheet}


def _nwo(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    return _pair("nwo", a, b, map={"width": 8, "height": 3})


def _soldier(
    sid: str, hp: int, distance: int, stats: tuple[int, int, int], **sheet: Any
) -> dict[str, Any]:
    """A pools sheet; `stats` are Strength, Dexterity and Intelligence."""
    strength, dexterity, intelligence = stats
    return {
        "id": sid,
        "side": "a" if sid == "kai" else "b",
        "hp": hp,
        "position": {"distance": distance, "altitude": 0},
        "stats": {"strength": strength, "dexterity": dexterity, "intelligence": intelligence},
        **sheet,
    }


CASES: list[tuple[str, dict[str, Any] | str, dict[str, Any]]] = [
    (
        "lines: rook's maul on ada (skirmish)",
        "examples/lines-skirmish.yaml",
        {"actor": "rook", "do": "attack", "target": "ada", "weapon": "maul"},
    ),
    (
        "nwo: handgun shot, light armor",
        _nwo(
            _operative("mara", 0, {"aiming": 6}, weapons=["handgun"]),
            _operative("rex", 5, {}, armor="light"),
        ),
        {"actor": "mara", "do": "attack", "target": "rex"},
    ),
    (
        "nwo: one-handed long blade against a short blade",
        _nwo(
            _operative("mara", 0, {"melee": 6}, weapons=["one_handed_long_blade"]),
            _operative("rex", 1, {"melee": 4}, weapons=["short_blade"]),
        ),
        {"actor": "mara", "do": "attack", "target": "rex"},
    ),
    (
        "tiers: pod's longbow at biter (duel)",
        "examples/tiers-duel.yaml",
        {"actor": "pod", "do": "attack", "target": "biter", "weapon": "longbow"},
    ),
    (
        "tiers: sword exchange with counterattack, +4 against +0",
        _pair(
            "tiers",
            {
                "id": "ser",
                "side": "a",
                "hp": 30,
                "position": {"x": 1, "y": 1, "facing": "e"},
                "stats": {"body": 5, "reflex": 2},
                "skills": {"main_hand": 2},
                "weapons": [{"id": "sword", "kind": "melee", "tier": 3}],
            },
            {
                "id": "rat",
                "side": "b",
                "hp": 30,
                "position": {"x": 2, "y": 1, "facing": "w"},
                "stats": {"body": 5, "reflex": 0},
                "weapons": [{"id": "axe", "kind": "melee", "tier": 2}],
            },
            map={"width": 5, "height": 3},
        ),
        {"actor": "ser", "do": "attack", "target": "rat"},
    ),
    (
        "pools: lind's marksman rifle at the gunner (squad assault)",
        "examples/pools-squad-assault.yaml",
        {
            "actor": "lind",
            "do": "shoot",
            "weapon": "marksman_rifle",
            "targets": [{"target": "gunner"}],
        },
    ),
    (
        "pools: two shots in strong cover, Dexterity 3",
        _pair(
            "pools",
            _soldier(
                "kai", 10, 0, (2, 3, 2), weapons=[{"id": "rifle", "damage": 3, "rate_of_fire": 3}]
            ),
            _soldier("ivo", 5, 4, (2, 2, 1)),
            map={"cover": [{"distance": 4, "rating": "strong"}]},
        ),
        {
            "actor": "kai",
            "do": "shoot",
            "weapon": "rifle",
            "targets": [{"target": "ivo", "shots": 2}],
        },
    ),
    (
        "pools: knife melee, Strength 3 against 2",
        _pair(
            "pools",
            _soldier(
                "kai", 10, 0, (3, 2, 1), weapons=[{"id": "knife", "kind": "melee", "damage": 2}]
            ),
            _soldier("ivo", 4, 0, (2, 2, 1)),
        ),
        {"actor": "kai", "do": "attack", "target": "ivo", "weapon": "knife"},
    ),
]


def _fatewalker_shot() -> dict[str, Any]:
    """A carbine shot at 20 m (medium range) at a leather-armored target, Prowess 5 at TN 6."""
    carbine = {"id": "carbine", "damage": "2x3/3x1", "type": "slug", "size": "M", "speed": 5}
    return {
        "ruleset": "fatewalker",
        "seed": 1,
        "combatants": [
            {
                "id": "maren",
                "side": "a",
                "position": {"x": 0, "y": 0},
                "start_tick": 1,
                "attributes": {"prowess": 5},
                "skills": {"ranged": 6},
                "weapons": [{**carbine, "ranges": [15, 40, 80]}],
            },
            {
                "id": "osk",
                "side": "b",
                "position": {"x": 20, "y": 0},
                "start_tick": 3,
                "attributes": {"prowess": 3},
                "armor": "leather",
            },
        ],
    }


def _fatewalker_swords() -> dict[str, Any]:
    """Two swordsmen, Prowess 6 at Weaponry 6, 1.5 m apart."""
    sword = {"id": "sword", "damage": "2x3/3x1", "size": "M", "speed": 6, "reach": 2}

    def fencer(fid: str, x: float, tick: int, **sheet: Any) -> dict[str, Any]:
        return {
            "id": fid,
            "side": fid,
            "position": {"x": x, "y": 0},
            "start_tick": tick,
            "attributes": {"prowess": 6},
            "skills": {"weaponry": 6, "agility": 3},
            "weapons": [sword],
            **sheet,
        }

    return {
        "ruleset": "fatewalker",
        "seed": 1,
        "combatants": [fencer("ada", 0, 1), fencer("bo", 1.5, 3, armor="chain")],
    }


CASES += [
    (
        "fatewalker: ilaria's rapier at brann, who dodges (duel)",
        "examples/fatewalker-duel.yaml",
        {"actor": "ilaria", "do": "strike", "target": "brann", "weapon": "rapier"},
    ),
    (
        "fatewalker: sword against a parry, chain",
        _fatewalker_swords(),
        {"actor": "ada", "do": "strike", "target": "bo", "weapon": "sword", "reaction": "parry"},
    ),
    (
        "fatewalker: carbine shot at 20 m, leather",
        _fatewalker_shot(),
        {"actor": "maren", "do": "shoot", "target": "osk", "weapon": "carbine"},
    ),
]


def _state(source: dict[str, Any] | str) -> Any:
    spec = (
        load_scenario(ROOT / source)
        if isinstance(source, str)
        else parse_scenario(source, "benchmark")
    ).model_copy(update={"autoplay": False})
    return run_scenario(spec).encounter.state


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else SAMPLES
    print(
        f"{'attack':58s} {'cold ms':>8s} {'exact ms':>9s} {'leaves':>7s} "
        f"{f'{samples:,} samples s':>18s} {'ratio':>8s}   first outcome: exact / sampled"
    )
    for name, source, raw in CASES:
        state = _state(source)
        ruleset = get_ruleset(state.ruleset)
        action = ruleset.parse_action(raw)
        start = time.process_time()
        exact = action_odds(ruleset, state, action, samples=samples)
        cold = time.process_time() - start
        warm = best_of(
            lambda r=ruleset, s=state, a=action: action_odds(r, s, a, samples=samples), 5
        )
        start = time.process_time()
        sampled = sample_odds(ruleset, state, action, samples=samples, seed=1)
        sampling = time.process_time() - start
        outcome, p = next(iter(exact.outcomes.items()))
        q = sampled.outcomes.get(outcome, 0)
        print(
            f"{name:58s} {exact.method:>8s} {cold * 1000:8.1f} {warm * 1000:9.1f} "
            f"{len(exact.chances):7d} "
            f"{sampling:18.2f} {sampling / warm:8.0f}   {outcome} {float(p):.4f} / "
            f"{float(q):.4f} ± {sampled.error(p):.4f}"
        )


if __name__ == "__main__":
    main()
