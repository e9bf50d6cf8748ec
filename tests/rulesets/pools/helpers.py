"""Short builders for `pools` test fights: soldiers, scenarios and scripted encounters.

The turn order is the listed order unless a test gives `order=None` to roll initiative, so
the scripted dice of a test are only the ones its rule rolls. With the default success face
of 5, a 5 or 6 is a success and 1-4 is not: tests write 6 for a success and 1 for a miss.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from fracas.rulesets.pools import RULESET
from fracas.rulesets.pools.events import Contested, Damaged, ShotRolled
from fracas.rulesets.pools.soldier import Soldier
from tests.scripted_fight import ScriptedFight

RIFLE = {"id": "rifle", "damage": 3, "rate_of_fire": 3}
KNIFE = {"id": "knife", "kind": "melee", "damage": 2}
HIT, MISS = 6, 1
"""A face that is a success at the default `success_on: 5`, and one that is not."""


def soldier(
    sid: str,
    side: str,
    distance: int,
    *,
    altitude: int = 0,
    hp: int = 10,
    strength: int = 2,
    dexterity: int = 2,
    intelligence: int = 1,
    weapons: Sequence[Mapping[str, Any] | str] = (RIFLE, KNIFE),
    **extra: Any,
) -> dict[str, Any]:
    """One combatant as a scenario file writes it."""
    position: dict[str, Any] = {"distance": distance, "altitude": altitude}
    if "in_cover" in extra:
        position["in_cover"] = extra.pop("in_cover")
    return {
        "id": sid,
        "side": side,
        "hp": hp,
        "position": position,
        "stats": {"strength": strength, "dexterity": dexterity, "intelligence": intelligence},
        "weapons": [w if isinstance(w, str) else dict(w) for w in weapons],
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
        "ruleset": "pools",
        "combatants": list(combatants),
        "dice": list(dice),
        "options": dict(options or {}),
        "map": dict(map or {}),
    }
    if order == ():
        data["order"] = [c["id"] for c in combatants]
    elif order is not None:
        data["order"] = list(order)
    return data


class Fight(ScriptedFight):
    """A pools encounter driven from Python, with its scripted dice at hand."""

    def __init__(self, *combatants: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(RULESET, scenario(*combatants, **kwargs))

    def get(self, sid: str) -> Soldier:
        return cast(Soldier, self.encounter.state.get(sid))

    def hp(self, sid: str) -> int:
        return self.get(sid).hp

    def damage(self) -> list[tuple[str, int, int]]:
        """(target, amount, HP after) of every Damaged event."""
        return [(e.target, e.amount, e.hp) for e in self.events(Damaged)]

    def shots(self) -> list[ShotRolled]:
        return self.events(ShotRolled)

    def contests(self) -> list[Contested]:
        return self.events(Contested)

    @property
    def dice_left(self) -> int:
        return len(self.dice.remaining)
