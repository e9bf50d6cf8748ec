"""Short builders for `nwo` help, focus, overwatch and weapon-handling fights.

Every fight uses scripted dice and a fixed order (the listing order unless given), so no
initiative dice are consumed; a 2d6 panel roll takes two faces, advantage or disadvantage four.
"""

from __future__ import annotations

from typing import Any, cast

import pytest

from fracas.core.actions import Action
from fracas.core.dice import Dice, ScriptedRng
from fracas.core.encounter import Encounter
from fracas.core.errors import IllegalAction
from fracas.core.events import Event
from fracas.core.ruleset import Ruleset
from fracas.rulesets.nwo import RULESET
from fracas.rulesets.nwo.events import Rolled
from fracas.rulesets.nwo.operative import Operative
from fracas.scenario import parse_scenario


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


class Fight:
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
        spec = parse_scenario(data)
        self.dice = ScriptedRng(data["dice"])
        self.encounter = Encounter(
            cast(Ruleset, RULESET),
            RULESET.setup(spec),
            Dice(self.dice),
            order=tuple(data["order"]),
        )

    def action(self, actor: str, do: str, **fields: Any) -> Action:
        return RULESET.parse_action({"actor": actor, "do": do, **fields})

    def act(self, actor: str, do: str, **fields: Any) -> list[Event]:
        return self.encounter.act(self.action(actor, do, **fields))

    def end(self, *actors: str) -> None:
        for actor in actors:
            self.act(actor, "end_turn")

    def get(self, pid: str) -> Operative:
        return cast(Operative, self.encounter.state.get(pid))

    @property
    def state(self) -> Any:
        return self.encounter.state

    def rolled(self) -> list[Rolled]:
        return [e for e in self.encounter.log if isinstance(e, Rolled)]

    def events(self, kind: type[Event]) -> list[Any]:
        return [e for e in self.encounter.log if isinstance(e, kind)]

    def refuse(self, actor: str, do: str, match: str, **fields: Any) -> IllegalAction:
        """The action is refused with a message matching `match`, and nothing changes."""
        action = self.action(actor, do, **fields)
        before, length, used = self.encounter.state, len(self.encounter.log), self.dice.used
        with pytest.raises(IllegalAction, match=match) as caught:
            self.encounter.act(action)
        assert self.encounter.state == before
        assert len(self.encounter.log) == length
        assert self.dice.used == used
        return caught.value

    @property
    def dice_left(self) -> int:
        return len(self.dice.remaining)
