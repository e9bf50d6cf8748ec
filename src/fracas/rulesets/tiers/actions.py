"""The actions of `tiers`, with the names and fields scenario files use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from fracas.core.actions import Action
from fracas.core.grid import Point
from fracas.rulesets.tiers.sheet import Facing


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(Action):
    """The contested exchange with a melee, bow or thrown weapon in hand."""

    do: ClassVar[str] = "attack"
    target: str
    weapon: str | None = None
    """A weapon id in hand, or `unarmed`; the main hand's weapon (or bare hands) by default."""
    defend_with: str | None = None
    """The defender's choice (a weapon it carries, or `unarmed`): it may swap freely to
    answer. By default the one that reaches the attacker with the best skill, then Tier."""


Groping = Literal[
    "forward",
    "forward_right",
    "right",
    "backward_right",
    "backward",
    "backward_left",
    "left",
    "forward_left",
]
"""The 8 ways a Blind character may move, relative to its facing ("forward, left, right,
backward, diagonally forward left, ...")."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Move(Action):
    """A non-contested action: up to the race's move in tiles, never through an occupied
    square or terrain. A Blind mover gives `distance` and `direction` instead of `to`; a
    Blind NPC that gives neither moves by the GM's d20 table (rules/blindness.py)."""

    do: ClassVar[str] = "move"
    to: Point | None = None
    distance: int | None = None
    direction: Groping | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Face(Action):
    """Declare the facing: a direction, or `target` to keep someone in front. "This is not a
    action, not even a free action"; fracas takes the last one declared in the turn."""

    do: ClassVar[str] = "face"
    free: ClassVar[bool] = True
    facing: Facing | None = None
    target: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Swap(Action):
    """A free action: take a carried weapon (or bare hands, `unarmed`) into a hand."""

    do: ClassVar[str] = "swap"
    free: ClassVar[bool] = True
    weapon: str
    hand: Literal["main", "off"] = "main"


@dataclass(frozen=True, slots=True, kw_only=True)
class Identify(Action):
    """A non-contested action: a Blind character makes out who stands next to it."""

    do: ClassVar[str] = "identify"
    target: str
