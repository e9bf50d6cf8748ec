"""The actions of `fatewalker`, named after the seed's maneuvers. Each says its tick cost."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from fracas.core.actions import Action
from fracas.core.validation import Int

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
    barrier: Annotated[Int, Field(ge=0, le=40)] = 0
    """The Barrier rating of what the blow goes through (the GM's call from the Barrier
    Chart, L1590-1612): it demotes the damage like Deflection, whatever the damage type."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Hold(Action):
    """Hold Action, 2 ticks: "Cost is minimum time spent Held"; after 2 ticks held, the
    holder may act before any declared action resolves."""

    do: ClassVar[str] = "hold"


@dataclass(frozen=True, slots=True, kw_only=True)
class ApplySerum(Action):
    """Apply Serum, 10 ticks, no roll: "Serum immediately heals 3 wounds"; a patient left
    with fewer than 3 Mortal wounds is stabilized. Needs a hypo (`aid: {serum: n}`) and the
    patient within touch (2 m; oneself counts)."""

    do: ClassVar[str] = "apply_serum"
    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Stabilize(Action):
    """Stabilize, 20 ticks a roll: Awareness(Survival), an extended roll whose net successes
    (successes - 2) add up until they reach the patient's Mortal boxes, which stops the
    bleeding. Only on a patient with Mortal wounds, within touch (2 m)."""

    do: ClassVar[str] = "stabilize"
    target: str
