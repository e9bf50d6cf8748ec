"""The actions of `pools`, with the names and fields scenario files use (issue 8's contract;
grappling, stealth, traps, mounts, flight and triggers come in their own modules)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from fracas.core.actions import Action
from fracas.core.validation import Int
from fracas.rulesets.pools.sheet import ALTITUDE_MAX, RATE_MAX, TRACK_MAX, UNARMED


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
class Fly(Action):
    """Change altitude (a flyer, or a rider steering a flying mount), or stop flying and
    fall: "When they start flying, their positions are determined through "altitude" units"."""

    do: ClassVar[str] = "fly"
    altitude: Annotated[Int, Field(ge=0, le=ALTITUDE_MAX)] | None = None
    """The altitude to fly to: 1 up or down (`flight_step`); 0 lands safely."""
    stop: bool = False
    """Stop flying in the air: the fall begins (rules/flight.py)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Mount(Action):
    """Climb onto a willing creature at distance 0: "It takes one turn to mount"."""

    do: ClassVar[str] = "mount"
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Dismount(Action):
    """Get off one's mount: "It takes one turn to ... dismount a creature"."""

    do: ClassVar[str] = "dismount"


class When(BaseModel):
    """The "if [something] happens" of a trigger, one of a closed set a machine can check:
    `approaches` (an enemy ends a move within `within` distances), `attacks` (an attack or a
    shot), `moves` (a move or a flight); `who` names the one to watch (default: any enemy)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    event: Literal["approaches", "attacks", "moves"]
    who: str | None = None
    within: Int = Field(default=0, ge=0, le=TRACK_MAX)


@dataclass(frozen=True, slots=True, kw_only=True)
class Trigger(Action):
    """ "You can create a basic "if [something] happens, then [I do this]" statement for
    your action": the turn's action, held until `when` happens or the next turn starts."""

    do: ClassVar[str] = "trigger"
    when: When
    then: dict[str, Any]
    """The action to take, as a scenario file writes it (`{do: shoot, weapon, targets}`);
    its actor is the one declaring."""

    def label(self) -> str:
        return f"{self.actor} trigger {self.when.event}"
