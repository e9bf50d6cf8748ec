"""Short builders for `fatewalker` test fights.

Starting ticks are fixed (`start_tick`) unless a test leaves them to the roll, so the
scripted dice of a test are only the ones its rule rolls. Scripted faces are a d10's 1-10;
under the default reading a 10 reads 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from fracas.core.ticks import TickClock
from fracas.rulesets.fatewalker import RULESET
from fracas.rulesets.fatewalker.walker import Walker
from tests.scripted_fight import ScriptedFight

KNIFE = {"id": "knife", "damage": "3x3/3x1", "speed": 5}
"""The seed's "fairly average knife" (3x3/3x1); its 5-tick speed is ours."""


def walker(
    wid: str,
    side: str,
    *,
    x: float = 0,
    y: float = 0,
    start: int | None = 1,
    attributes: Mapping[str, int] | None = None,
    skills: Mapping[str, int] | None = None,
    weapons: Sequence[Mapping[str, Any]] = (KNIFE,),
    **extra: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": wid,
        "side": side,
        "position": {"x": x, "y": y},
        "attributes": {"prowess": 3, "awareness": 3, "resilience": 3, **(attributes or {})},
        "skills": {"weaponry": 5, "agility": 2, **(skills or {})},
        "weapons": [dict(w) for w in weapons],
        **extra,
    }
    if start is not None:
        data["start_tick"] = start
    return data


class Fight(ScriptedFight):
    def __init__(
        self,
        *combatants: dict[str, Any],
        dice: Sequence[int] = (),
        options: Mapping[str, Any] | None = None,
    ) -> None:
        data = {
            "ruleset": "fatewalker",
            "combatants": list(combatants),
            "dice": list(dice),
            "options": dict(options or {}),
        }
        super().__init__(RULESET, data)

    def get(self, wid: str) -> Walker:
        return cast(Walker, self.encounter.state.get(wid))

    @property
    def clock(self) -> TickClock:
        turns = self.encounter.state.turns
        assert isinstance(turns, TickClock)
        return turns

    @property
    def dice_left(self) -> int:
        return len(self.dice.remaining)
