"""The shared half of every ruleset's test `Fight`: an encounter driven from Python with its
scripted dice at hand, and the refusal check every rule test uses."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.actions import Action
from fracas.core.dice import Dice, ScriptedRng
from fracas.core.encounter import Encounter
from fracas.core.errors import IllegalAction
from fracas.core.events import Event
from fracas.core.ruleset import Ruleset
from fracas.scenario import parse_scenario


class ScriptedFight:
    def __init__(self, ruleset: Ruleset, data: dict[str, Any]) -> None:
        spec = parse_scenario(data)
        self.ruleset = ruleset
        self.dice = ScriptedRng(data.get("dice") or [])
        order = tuple(data["order"]) if data.get("order") else None
        self.encounter = Encounter(ruleset, ruleset.setup(spec), Dice(self.dice), order=order)

    def action(self, actor: str, do: str, **fields: Any) -> Action:
        return self.ruleset.parse_action({"actor": actor, "do": do, **fields})

    def act(self, actor: str, do: str, **fields: Any) -> list[Event]:
        return self.encounter.act(self.action(actor, do, **fields))

    def end(self, *actors: str) -> None:
        """End the turn of each named actor, in order."""
        for actor in actors:
            self.act(actor, "end_turn")

    @property
    def state(self) -> Any:
        return self.encounter.state

    @property
    def log(self) -> tuple[Event, ...]:
        return self.encounter.log

    def events(self, kind: type[Event]) -> list[Any]:
        return [e for e in self.encounter.log if isinstance(e, kind)]

    def refuse(self, actor: str, do: str, match: str, **fields: Any) -> IllegalAction:
        """Assert the action is refused with a message matching `match`, changing nothing:
        not the state, not the log, not a single scripted die."""
        action = self.action(actor, do, **fields)
        before, length, used = self.encounter.state, len(self.encounter.log), self.dice.used
        with pytest.raises(IllegalAction, match=match) as caught:
            self.encounter.act(action)
        assert self.encounter.state == before
        assert len(self.encounter.log) == length
        assert self.dice.used == used
        return caught.value
