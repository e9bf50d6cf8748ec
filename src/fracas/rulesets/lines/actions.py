"""The actions of `lines`, with the names and parameters scenario files use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from fracas.core.actions import Action
from fracas.core.validation import Int

Attribute = Literal["strength", "dexterity"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(Action):
    do: ClassVar[str] = "attack"
    target: str
    weapon: str
    second_weapon: str | None = None
    """Dual wielding: a second one-handed weapon attacks at -4."""
    second_target: str | None = None
    """Whom the second weapon attacks; the same target when absent."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Action):
    do: ClassVar[str] = "move"
    to: Int


@dataclass(frozen=True, slots=True, kw_only=True)
class Dash(Action):
    """Forgo the action to move two lines this turn; `to` moves at once, else move later."""

    do: ClassVar[str] = "dash"
    to: Int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Defend(Action):
    do: ClassVar[str] = "defend"


@dataclass(frozen=True, slots=True, kw_only=True)
class Aim(Action):
    do: ClassVar[str] = "aim"


@dataclass(frozen=True, slots=True, kw_only=True)
class Heal(Action):
    do: ClassVar[str] = "heal"
    target: str
    item: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Grapple(Action):
    do: ClassVar[str] = "grapple"
    target: str
    attribute: Attribute | None = None
    """The grappler's roll; by default the higher of Strength and Dexterity."""
    defender_attribute: Attribute | None = None
    """The target's answer; by default its higher of the two."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Shove(Action):
    do: ClassVar[str] = "shove"
    target: str
    direction: Literal[-1, 1] | None = None
    """Towards line 1 (-1) or line 6 (+1); a choice only when both stand on the same line."""
    attribute: Attribute | None = None
    defender_attribute: Attribute | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakFree(Action):
    do: ClassVar[str] = "break_free"
    attribute: Attribute | None = None
    defender_attribute: Attribute | None = None
    """The grappler's answer; by default its higher of the two."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Release(Action):
    """Letting go of a grappled target; no attention needed, so a free action."""

    do: ClassVar[str] = "release"
    free: ClassVar[bool] = True
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Use(Action):
    """Anything else that "needs the character's full attention": an ability, a piece of gear,
    an item in the environment. Seed 002 gives these no numbers, so the GM rules on the effect
    (with overrides); fracas spends the action and logs what was done."""

    do: ClassVar[str] = "use"
    what: str
