"""Short builders for `nwo` help, focus, overwatch and weapon-handling fights.

Every fight uses scripted dice and a fixed order (the listing order unless given), so no
initiative dice are consumed; a 2d6 panel roll takes two faces, advantage or disadvantage four.
"""

from __future__ import annotations

from typing import Any, cast

from fracas.core.ruleset import Ruleset
from fracas.rulesets.nwo import RULESET
from fracas.rulesets.nwo.events import Rolled
from fracas.rulesets.nwo.operative import Operative
from tests.scripted_fight import ScriptedFight


def person(
    pid: str, side: str, x: int, y: int, weapons: list[Any] | None = None, **extra: Any
) -> dict[str, Any]:
    """A 10-HP combatant with no armor; skills default to 0 (modifiers +0)."""
    sheet: dict[str, Any] = {
        "id": pid,
        "side": side,
        "position": {"x": x, "y": y},
        "hp": 10,
        "weapons": weapons if weapons is not None else [],
    }
    sheet.update(extra)
    return sheet


class Fight(ScriptedFight):
    """An nwo encounter driven from Python with its scripted dice at hand."""

    def __init__(
        self,
        *people: dict[str, Any],
        dice: list[int] | None = None,
        cover: list[list[int]] | None = None,
        walls: list[list[int]] | None = None,
        options: dict[str, Any] | None = None,
        order: list[str] | None = None,
    ) -> None:
        data = {
            "ruleset": "nwo",
            "order": order or [p["id"] for p in people],
            "dice": dice or [],
            "options": options or {},
            "map": {"width": 12, "height": 12, "walls": walls or [], "cover": cover or []},
            "combatants": list(people),
        }
        super().__init__(cast(Ruleset, RULESET), data)

    def get(self, pid: str) -> Operative:
        return cast(Operative, self.encounter.state.get(pid))

    def rolled(self) -> list[Rolled]:
        return [e for e in self.encounter.log if isinstance(e, Rolled)]

    @property
    def dice_left(self) -> int:
        return len(self.dice.remaining)
