"""Actions: what a combatant (or the GM) asks to do.

An action is a request, not a fact: the ruleset verifies it against the state and, if it is
legal, resolves it into events. Every ruleset's actions subclass `Action` and declare their
scenario-file name in `do`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

GM = "gm"
"""The actor id of the game master, whose overrides may come at any time."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    do: ClassVar[str] = "action"
    free: ClassVar[bool] = False
    """Free actions do not use the turn's action (talking, ending the turn)."""
    actor: str

    def label(self) -> str:
        """A short human label such as `ada attack raider`, used in error places."""
        target = getattr(self, "target", None)
        return f"{self.actor} {self.do}" + (f" {target}" if target else "")


@dataclass(frozen=True, slots=True, kw_only=True)
class EndTurn(Action):
    do: ClassVar[str] = "end_turn"
    free: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Say(Action):
    """Talking is a free action in every ruleset we know of; it is logged."""

    do: ClassVar[str] = "say"
    free: ClassVar[bool] = True
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Override(Action):
    """A GM override of the state. Logged as events, so it replays and shows in the log.

    Set any of: `hp`, `status`, `add_condition` (a name), `remove_condition` (a name),
    `position` (in the ruleset's position shape). `note` says why.
    """

    do: ClassVar[str] = "override"
    free: ClassVar[bool] = True
    target: str
    hp: int | None = None
    status: str | None = None
    add_condition: str | None = None
    remove_condition: str | None = None
    position: dict[str, Any] | None = None
    note: str = "GM override"
