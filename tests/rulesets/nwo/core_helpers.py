"""Short builders for `nwo` test fights: operatives, maps, encounters and refusals.

Every fight here uses scripted dice, so each test says exactly which faces come up; a 2d6
panel roll takes two faces, advantage four. A test that ends with `fight.dice.remaining == ()`
also proves how many dice the rules consumed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from fracas.core.events import DiceRolled
from fracas.rulesets.nwo import RULESET
from fracas.rulesets.nwo.events import Damaged, Rolled
from fracas.rulesets.nwo.operative import Operative
from tests.scripted_fight import ScriptedFight


def op(
    oid: str,
    side: str,
    x: int,
    y: int,
    *,
    weapons: Sequence[Any] = (),
    skills: Mapping[str, int] | None = None,
    hp: int = 10,
    **extra: Any,
) -> dict[str, Any]:
    """One sheet as a scenario file writes it; 10 HP and no skills unless told."""
    return {
        "id": oid,
        "side": side,
        "position": {"x": x, "y": y},
        "hp": hp,
        "skills": dict(skills or {}),
        "weapons": list(weapons),
        **extra,
    }


def scenario(
    *combatants: dict[str, Any],
    dice: Iterable[int] = (),
    width: int = 10,
    height: int = 10,
    walls: Iterable[tuple[int, int]] = (),
    cover: Iterable[tuple[int, int]] = (),
    options: Mapping[str, Any] | None = None,
    order: Sequence[str] | None = None,
    actions: Iterable[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """A scenario dict; `order` defaults to the listing order (no initiative dice); pass
    `order=()` to roll initiative."""
    data: dict[str, Any] = {
        "ruleset": "nwo",
        "dice": list(dice),
        "options": dict(options or {}),
        "map": {
            "width": width,
            "height": height,
            "walls": [list(w) for w in walls],
            "cover": [list(c) for c in cover],
        },
        "combatants": list(combatants),
        "actions": [dict(a) for a in actions],
    }
    if order is None:
        data["order"] = [c["id"] for c in combatants]
    elif order:
        data["order"] = list(order)
    return data


class Fight(ScriptedFight):
    """An nwo encounter driven from Python, with its scripted dice at hand."""

    def __init__(self, *combatants: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(RULESET, scenario(*combatants, **kwargs))

    def gm(self, target: str, **fields: Any) -> None:
        self.act("gm", "override", target=target, **fields)

    def get(self, oid: str) -> Operative:
        return cast(Operative, self.encounter.state.get(oid))

    def rolled(self) -> list[Rolled]:
        return self.events(Rolled)

    def damage(self) -> list[tuple[str, int, int, int]]:
        """(target, amount, AHP after, HP after) of every Damaged event."""
        return [(e.target, e.amount, e.ahp, e.hp) for e in self.events(Damaged)]

    def faces(self) -> list[tuple[int, ...]]:
        return [e.faces for e in self.events(DiceRolled)]
