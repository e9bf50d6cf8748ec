"""Actions: what a combatant (or the GM) asks to do.

An action is a request, not a fact: the ruleset verifies it against the state and, if it is
legal, resolves it into events. Every ruleset's actions subclass `Action` and declare their
scenario-file name in `do`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from pydantic import Field

from fracas.core.validation import Int

GM = "gm"
"""The actor id of the game master, whose overrides may come at any time."""
MAX_HP = 9999
"""The most hit points an override may set; a sheet's own range is usually far lower."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    do: ClassVar[str] = "action"
    free: ClassVar[bool] = False
    """Free actions do not use the turn's action (talking, ending the turn)."""
    by_gm: ClassVar[bool] = False
    """A ruling only the GM makes (actor `gm`), at any time, such as an override or a rule
    the seed gives the GM ("even split", a pile of bodies declared terrain)."""
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

    Set any of: `hp`, `max_hp`, `status`, `add_condition` (a name), `remove_condition` (a
    name), `position` (in the ruleset's position shape). `note` says why. Only the GM (actor
    `gm`) overrides: a player who could rewrite HP would not be playing the same game.
    """

    do: ClassVar[str] = "override"
    free: ClassVar[bool] = True
    by_gm: ClassVar[bool] = True
    changes: ClassVar[tuple[str, ...]] = (
        "hp",
        "max_hp",
        "status",
        "add_condition",
        "remove_condition",
        "position",
    )
    """The fields that change something; an override needs at least one."""
    target: str
    hp: Annotated[Int, Field(ge=0, le=MAX_HP)] | None = None
    max_hp: Annotated[Int, Field(ge=1, le=MAX_HP)] | None = None
    status: str | None = None
    add_condition: str | None = None
    remove_condition: str | None = None
    position: dict[str, Any] | None = None
    note: str = "GM override"
