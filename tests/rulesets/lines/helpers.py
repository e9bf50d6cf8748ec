"""Short builders for `lines` test fights: fighters, scenarios, encounters and refusals.

Every fight here uses scripted dice, so each test says exactly which faces come up; a test
that ends with `dice.remaining == ()` also proves how many dice the rules consumed, and in
which order (see the dice order in each `rules/*.py` docstring).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from fracas.core.events import DiceRolled, Event
from fracas.core.ruleset import Ruleset
from fracas.rulesets.lines import RULESET
from fracas.rulesets.lines.fighter import Fighter
from fracas.runner import RunResult, run_scenario
from fracas.scenario import parse_scenario
from tests.scripted_fight import ScriptedFight

SWORD = {"id": "sword", "attack": "1d6+3", "damage": "1d6+2"}
"""A one-handed melee card: attack 1d6+3, damage 1d6+2."""
DAGGER = {"id": "dagger", "attack": "1d6+2", "damage": "1d6+1"}
"""A second one-handed melee card, for dual wielding."""
MAUL = {"id": "maul", "attack": "1d6+2", "damage": "2d6+1", "hands": 2}
"""A two-handed melee card with two damage dice."""
RIFLE = {"id": "rifle", "attack": "1d6+3", "damage": "1d6+3", "range": 2, "hands": 2}
"""A ranged card with an effective range of 2 lines."""
KIT = {"id": "kit", "kind": "medkit", "heal": "1d6", "charges": 2}
STIM = {"id": "stim", "kind": "stimpack", "heal": "2d6", "charges": 1}


def fighter(
    fid: str,
    side: str,
    line: int | None,
    *,
    strength: int = 0,
    dexterity: int = 0,
    constitution: int = 3,
    perception: int = 0,
    mind: int = 0,
    hp: int | None = None,
    weapons: Sequence[Mapping[str, Any]] = (SWORD,),
    gear: Sequence[Mapping[str, Any]] = (),
    **extra: Any,
) -> dict[str, Any]:
    """One combatant as a scenario file writes it; Constitution 3 gives 15 HP by default."""
    sheet: dict[str, Any] = {
        "id": fid,
        "side": side,
        "stats": {
            "strength": strength,
            "dexterity": dexterity,
            "constitution": constitution,
            "perception": perception,
            "mind": mind,
        },
        "weapons": [dict(w) for w in weapons],
        "gear": [dict(g) for g in gear],
        **extra,
    }
    if line is not None:
        sheet["position"] = {"line": line}
    if hp is not None:
        sheet["hp"] = hp
    return sheet


def ada(line: int | None = 3, **stats: Any) -> dict[str, Any]:
    """The default player: Str 2, Dex 3, Con 3 (15 HP), Per 2, Mind 2, a sword, on line 3."""
    defaults: dict[str, Any] = {
        "strength": 2,
        "dexterity": 3,
        "constitution": 3,
        "perception": 2,
        "mind": 2,
    }
    return fighter("ada", "players", line, **{**defaults, **stats})


def bob(line: int | None = 3, **stats: Any) -> dict[str, Any]:
    """A second player: Str 1, Dex 1, Con 3 (15 HP), a sword, on line 3."""
    defaults: dict[str, Any] = {"strength": 1, "dexterity": 1, "constitution": 3}
    return fighter("bob", "players", line, **{**defaults, **stats})


def raider(line: int | None = 4, **stats: Any) -> dict[str, Any]:
    """The default enemy: Str 2, Dex 1, Con 2 (10 HP), Per 1, a sword, on line 4."""
    defaults: dict[str, Any] = {
        "strength": 2,
        "dexterity": 1,
        "constitution": 2,
        "perception": 1,
    }
    return fighter("raider", "raiders", line, **{**defaults, **stats})


def scenario(
    *combatants: dict[str, Any],
    dice: Iterable[int] = (),
    actions: Iterable[Mapping[str, Any]] = (),
    options: Mapping[str, Any] | None = None,
    order: Sequence[str] | None = None,
    layout: str | None = None,
) -> dict[str, Any]:
    """A scenario dict; with no combatants, ada against the raider. `order` defaults to the
    listing order (so no initiative dice); pass `order=()` to roll initiative."""
    people = list(combatants) or [ada(), raider()]
    data: dict[str, Any] = {
        "ruleset": "lines",
        "dice": list(dice),
        "options": dict(options or {}),
        "combatants": people,
        "actions": [dict(a) for a in actions],
    }
    if order is None:
        data["order"] = [c["id"] for c in people]
    elif order:
        data["order"] = list(order)
    if layout is not None:
        data["map"] = {"layout": layout}
    return data


def run(*combatants: dict[str, Any], **kwargs: Any) -> RunResult:
    """Build and run a scenario; fails the test if any listed action is refused."""
    result = run_scenario(parse_scenario(scenario(*combatants, **kwargs)))
    assert result.error is None, str(result.error)
    return result


class Fight(ScriptedFight):
    """A `lines` encounter driven from Python, with its scripted dice at hand."""

    def __init__(self, *combatants: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(cast(Ruleset, RULESET), scenario(*combatants, **kwargs))

    def get(self, fid: str) -> Fighter:
        return cast(Fighter, self.encounter.state.get(fid))

    def rolls(self) -> list[DiceRolled]:
        return self.events(DiceRolled)


def state_of(fid: str, result: RunResult) -> Fighter:
    return cast(Fighter, result.encounter.state.get(fid))


def events_of(result: RunResult, kind: type[Event]) -> list[Any]:
    return [e for e in result.encounter.log if isinstance(e, kind)]
