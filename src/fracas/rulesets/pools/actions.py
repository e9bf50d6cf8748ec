"""The actions of `pools`, with the names and fields scenario files use (issue 8's contract;
grappling, stealth, traps, mounts, flight and triggers come in their own modules)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from fracas.core.actions import Action
from fracas.core.validation import Int
from fracas.rulesets.pools.sheet import RATE_MAX, TRACK_MAX, UNARMED


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Action):
    """One distance along the line: "Each character can only move 1 distance per turn.
    Moving is considered your action for the turn"."""

    do: ClassVar[str] = "move"
    to: Annotated[Int, Field(ge=0, le=TRACK_MAX)]
    """The distance to move to: one more or one less than where the mover stands."""
    into_cover: bool = True
    """Moving into cover takes it "unless specifically stated otherwise due to special
    conditions": false stays out of it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(Action):
    """A melee attack at distance 0: a contested Strength check."""

    do: ClassVar[str] = "attack"
    target: str
    weapon: str = UNARMED
    """A carried melee weapon's id, or `unarmed`."""


class Aim(BaseModel):
    """One target of a `shoot` and the shots put into it."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    target: str
    shots: Int = Field(default=1, ge=1, le=RATE_MAX)


@dataclass(frozen=True, slots=True, kw_only=True)
class Shoot(Action):
    """Ranged fire (or a throw) at one or more targets, each rolled on its own against its
    cover; one shot is wasted per target past the first."""

    do: ClassVar[str] = "shoot"
    weapon: str
    targets: Annotated[list[Aim], Field(min_length=1, max_length=RATE_MAX)]

    def label(self) -> str:
        return f"{self.actor} shoot " + ", ".join(a.target for a in self.targets)


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeCover(Action):
    """Shelter in the cover of one's own distance (a mover takes it without this)."""

    do: ClassVar[str] = "take_cover"


@dataclass(frozen=True, slots=True, kw_only=True)
class Stealth(Action):
    """Hide: a contested Intelligence check against each enemy that has lost or never had
    the hider's present spot (POOLS-27, 28). It is the turn's action."""

    do: ClassVar[str] = "stealth"


@dataclass(frozen=True, slots=True, kw_only=True)
class Search(Action):
    """Spend the action actively searching: a contested Intelligence check against each
    enemy one knows is about but has lost (POOLS-29)."""

    do: ClassVar[str] = "search"


@dataclass(frozen=True, slots=True, kw_only=True)
class Ambush(Action):
    """Spring an ambush on enemies one is hidden from (POOLS-30, 31): every participant
    rolls Intelligence and the round is reordered. It comes before the actor's action and
    does not use it."""

    do: ClassVar[str] = "ambush"
    targets: Annotated[list[str], Field(min_length=1, max_length=200)]
    """The ambushed: enemies the ambushers are all hidden from."""
    joined_by: Annotated[tuple[str, ...], Field(max_length=200)] = ()
    """Hidden allies who spring it too (they roll, and act in the order it gives)."""

    def label(self) -> str:
        return f"{self.actor} ambush " + ", ".join(self.targets)


@dataclass(frozen=True, slots=True, kw_only=True)
class SetTrap(Action):
    """Lay a trap where one stands (POOLS-34): two Intelligence checks, hiding then
    damage. It is the turn's action."""

    do: ClassVar[str] = "set_trap"
    kind: Literal["killing", "incapacitating"]
