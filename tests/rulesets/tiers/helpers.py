"""Short builders for `tiers` test fights: warriors, scenarios and scripted encounters.

The turn order is the listed order unless a test gives `order=None` to roll initiative, so
the scripted dice of a test are only the ones its rule rolls: the attacker's d20, then the
defender's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from fracas.core.events import DiceRolled
from fracas.rulesets.tiers import RULESET
from fracas.rulesets.tiers.events import Damaged, ExchangeRolled
from fracas.rulesets.tiers.warrior import Warrior
from tests.scripted_fight import ScriptedFight

SWORD = {"id": "sword", "kind": "melee", "tier": 3}
"""A one-handed T3 melee weapon, reach 1."""
POLEAXE = {"id": "poleaxe", "kind": "melee", "tier": 2, "hands": 2}
"""A two-handed T2 melee weapon: reach 2 (B9)."""
BOW = {"id": "bow", "kind": "bow", "tier": 4, "hands": 2, "range": 10}
JAVELIN = {"id": "javelin", "kind": "thrown", "tier": 4, "range": 5}


def warrior(
    wid: str,
    side: str,
    x: int,
    y: int,
    *,
    facing: str = "n",
    hp: int = 30,
    body: int = 5,
    reflex: int = 0,
    presence: int = 0,
    skills: Mapping[str, int] | None = None,
    weapons: Sequence[Mapping[str, Any]] = (SWORD,),
    **extra: Any,
) -> dict[str, Any]:
    """One combatant as a scenario file writes it; Body 5 unless given, so T3 gear fits."""
    return {
        "id": wid,
        "side": side,
        "hp": hp,
        "position": {"x": x, "y": y, "facing": facing},
        "stats": {"body": body, "reflex": reflex, "presence": presence},
        "skills": dict(skills or {}),
        "weapons": [dict(w) for w in weapons],
        **extra,
    }


def scenario(
    *combatants: dict[str, Any],
    dice: Sequence[int] = (),
    order: Sequence[str] | None = (),
    options: Mapping[str, Any] | None = None,
    map: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "ruleset": "tiers",
        "combatants": list(combatants),
        "dice": list(dice),
        "options": dict(options or {}),
        "map": dict(map or {"width": 12, "height": 12}),
    }
    if order == ():
        data["order"] = [c["id"] for c in combatants]
    elif order is not None:
        data["order"] = list(order)
    return data


class Fight(ScriptedFight):
    """A tiers encounter driven from Python, with its scripted dice at hand."""

    def __init__(self, *combatants: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(RULESET, scenario(*combatants, **kwargs))

    def get(self, wid: str) -> Warrior:
        return cast(Warrior, self.encounter.state.get(wid))

    def damage(self) -> list[tuple[str, int, int]]:
        """(target, amount, HP after) of every Damaged event."""
        return [(e.target, e.amount, e.hp) for e in self.events(Damaged)]

    def exchange(self) -> ExchangeRolled:
        rolled: ExchangeRolled = self.events(ExchangeRolled)[-1]
        return rolled

    def rolls(self) -> list[tuple[str, int]]:
        return [(e.expr, e.total) for e in self.events(DiceRolled)]

    @property
    def dice_left(self) -> int:
        return len(self.dice.remaining)
