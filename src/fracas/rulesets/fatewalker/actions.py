"""The actions of `fatewalker`, named after the seed's maneuvers. Each says its tick cost."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from fracas.core.actions import Action

UNARMED = "unarmed"
"""Bare hands wherever a weapon id is asked for: the unarmed Strike, 6 ticks, 5x1 @5."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Strike(Action):
    """The basic attack: the melee table's Attack with a weapon in hand (its speed in ticks),
    or the unarmed Strike (6 ticks). `reaction` is the target's choice against it: `dodge`
    (8 ticks onto its next tick), `none`, or left out for the target's default (a dodge
    whenever the target may react)."""

    do: ClassVar[str] = "strike"
    target: str
    weapon: str = UNARMED
    reaction: Literal["dodge", "none"] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Hold(Action):
    """Hold Action, 2 ticks: "Cost is minimum time spent Held"; after 2 ticks held, the
    holder may act before any declared action resolves."""

    do: ClassVar[str] = "hold"
