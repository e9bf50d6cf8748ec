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
class Grapple(Action):
    """Grab someone at distance 0: a contested Strength check in which the grappler adds the
    difference in Strength (rules/grappling.py)."""

    do: ClassVar[str] = "grapple"
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakFree(Action):
    """Try to break a grapple, a pin or a human shield's hold: Strength against the holder's
    Strength plus the difference (rolled twice, the worse kept, when pinned)."""

    do: ClassVar[str] = "break_free"


@dataclass(frozen=True, slots=True, kw_only=True)
class Release(Action):
    """Let go of whoever one holds (free: the seed gives it no cost)."""

    do: ClassVar[str] = "release"


@dataclass(frozen=True, slots=True, kw_only=True)
class Drag(Action):
    """Move with the one held: "moving them however many distances you can also move"."""

    do: ClassVar[str] = "drag"
    to: Annotated[Int, Field(ge=0, le=TRACK_MAX)]


@dataclass(frozen=True, slots=True, kw_only=True)
class Pin(Action):
    """Put the one held on the ground and hold it there."""

    do: ClassVar[str] = "pin"


@dataclass(frozen=True, slots=True, kw_only=True)
class Devour(Action):
    """Eat the one held: contested Strength plus the difference; on a success it is devoured."""

    do: ClassVar[str] = "devour"


@dataclass(frozen=True, slots=True, kw_only=True)
class HumanShield(Action):
    """Hold the one held up as a shield, with at least one hand."""

    do: ClassVar[str] = "human_shield"


@dataclass(frozen=True, slots=True, kw_only=True)
class Disarm(Action):
    """Take a weapon from the one held: contested Strength plus the difference; on a success
    `then` says what becomes of it (take it, drop it, or throw it to distance `to`)."""

    do: ClassVar[str] = "disarm"
    weapon: str
    """The held one's weapon."""
    then: Literal["take", "drop", "throw"] = "take"
    to: Annotated[Int, Field(ge=0, le=TRACK_MAX)] | None = None
    """Where a throw is aimed: up to 5 + Strength distances from the thrower."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PickUp(Action):
    """Pick up a weapon lying at one's own distance (on the ground)."""

    do: ClassVar[str] = "pick_up"
    weapon: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Use(Action):
    """Use a piece of misc gear, spending a charge of a consumable."""

    do: ClassVar[str] = "use"
    item: str
    target: str | None = None
    """Whom it is used on, if anyone (the effect is the equipment wiki's, which is missing)."""


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
    shot), `moves` (a move, a flight or a drag), `grapples` (the grapple family), `hides`
    (stealth or taking cover), `uses` (gear, a pick-up, a trap), `acts` (any action one can
    see taken; rules/triggers.py `WATCHES`); `who` names the one to watch (default: any
    enemy)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    event: Literal["approaches", "attacks", "moves", "grapples", "hides", "uses", "acts"]
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
