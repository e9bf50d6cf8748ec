"""Every `nwo` action, with the names and fields scenario files use.

Reactions the reactor gains by (attacks of opportunity, Sentinel) are taken by default; a
move names the reactors that decline in `declined`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from fracas.core.actions import Action
from fracas.core.grid import Point

Path = Annotated[tuple[Point, ...], Field(min_length=1)]
"""At least the destination; the start may be given first or left out."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Action):
    do: ClassVar[str] = "move"
    to: Point | None = None
    path: Path | None = None
    """The tiles stepped through, ending at the destination; the shortest path when absent."""
    declined: tuple[str, ...] = ()
    """Combatants who decline the reactions this movement would give them."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Dash(Move):
    do: ClassVar[str] = "dash"


@dataclass(frozen=True, slots=True, kw_only=True)
class Disengage(Move):
    do: ClassVar[str] = "disengage"


@dataclass(frozen=True, slots=True, kw_only=True)
class Crawl(Move):
    do: ClassVar[str] = "crawl"


@dataclass(frozen=True, slots=True, kw_only=True)
class ShootAndMove(Action):
    """The panel's "action toggle and then the movement toggle": this turn shoots and moves,
    in whichever order, so its shots take -2 and its movement is the reduced range. Needed
    only to move after a shot; a shot after moving is known to be one without it."""

    do: ClassVar[str] = "shoot_and_move"
    free: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(Action):
    do: ClassVar[str] = "attack"
    target: str
    weapon: str | None = None
    """The weapon in hand to use; the primary-hand weapon when absent."""
    extra_target: str | None = None
    """For crit effects that strike another target (revolver, submachine gun ...)."""
    effects: tuple[str, ...] = ()
    """Choices for crit effects that offer them: the unarmed crit's melee effect, the machine
    gun's firearm effects, the shotgun's two adjacent targets (as ids)."""
    shove: Literal["prone", "away"] = "prone"
    """For a long-blunt crit's shove."""
    defend_with: str | None = None
    """The target's choice of the melee weapon in hand it defends with (NWO-67); by default
    the first one in hand."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DualAttack(Action):
    do: ClassVar[str] = "dual_attack"
    target: str
    second_target: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Disarm(Action):
    do: ClassVar[str] = "disarm"
    target: str
    weapon: str | None = None
    """The attacker's one-handed weapon (or unarmed) that makes the attack roll."""
    take: bool = False
    """Catch the weapon instead of letting it drop, if the attacker has the hands free."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Draw(Action):
    do: ClassVar[str] = "draw"
    weapons: tuple[str, ...]
    """One two-handed or up to two one-handed weapons, readily available or dropped."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Swap(Action):
    do: ClassVar[str] = "swap"
    weapons: tuple[str, ...]
    """Holster what is in hand and draw these instead."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Drop(Action):
    """Dropping is free; with `draw` it also equips another weapon as one action."""

    do: ClassVar[str] = "drop"
    free: ClassVar[bool] = True
    weapon: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Stow(Action):
    do: ClassVar[str] = "stow"
    weapon: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Help(Action):
    do: ClassVar[str] = "help"
    target: str
    """The ally whose next roll this turn is helped."""
    skill: str | None = None
    """The skill rolled; Resolve (at disadvantage) when the right one is not at hand."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Overwatch(Action):
    do: ClassVar[str] = "overwatch"
    trigger: str
    """`moves:<id>`, `enters:<x>,<y>,<x2>,<y2>` (a rectangle), `acts:<id>`, `damaged:<id>`."""
    target: str | None = None
    weapon: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Focus(Action):
    do: ClassVar[str] = "focus"


@dataclass(frozen=True, slots=True, kw_only=True)
class Brace(Action):
    do: ClassVar[str] = "brace"


@dataclass(frozen=True, slots=True, kw_only=True)
class Prone(Action):
    do: ClassVar[str] = "prone"
    free: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Stand(Action):
    do: ClassVar[str] = "stand"
    free: ClassVar[bool] = True
    using: Literal["movement", "action"] = "movement"


@dataclass(frozen=True, slots=True, kw_only=True)
class Shove(Action):
    do: ClassVar[str] = "shove"
    target: str
    result: Literal["prone", "away"] = "prone"
    direction: Point | None = None
    """For `away`: a step (dx, dy) such as (1, 0); straight away from the shover by default."""
    defender_skill: Literal["strength", "fitness"] | None = None
    defender_fails: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Grapple(Action):
    do: ClassVar[str] = "grapple"
    target: str
    drop_weapon: str | None = None
    """Drop a two-handed weapon (free) to have a hand for the grapple."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Escape(Action):
    do: ClassVar[str] = "escape"


@dataclass(frozen=True, slots=True, kw_only=True)
class Restrain(Action):
    """The grappler rolls to upgrade the grapple into a restraint."""

    do: ClassVar[str] = "restrain"
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ForceProne(Action):
    do: ClassVar[str] = "force_prone"
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Drag(Action):
    do: ClassVar[str] = "drag"
    target: str
    to: Point


@dataclass(frozen=True, slots=True, kw_only=True)
class Release(Action):
    do: ClassVar[str] = "release"
    free: ClassVar[bool] = True
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Free(Action):
    """Free an adjacent character from physical restraints."""

    do: ClassVar[str] = "free"
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HumanShield(Action):
    do: ClassVar[str] = "human_shield"
    free: ClassVar[bool] = True
    shield: str
    """The grappled, restrained or willing adjacent character used as a shield."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Reload(Action):
    do: ClassVar[str] = "reload"
    weapon: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Suppress(Action):
    do: ClassVar[str] = "suppress"
    target: str
    weapon: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Throw(Action):
    do: ClassVar[str] = "throw"
    item: Literal["molotov", "smoke_bomb", "acid"]
    at: Point


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveCondition(Action):
    do: ClassVar[str] = "remove_condition"
    condition: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ResolveCheck(Action):
    """Roll Resolve (DC 12) to act despite suppression."""

    do: ClassVar[str] = "resolve_check"
    free: ClassVar[bool] = True
