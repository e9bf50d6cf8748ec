"""Autoplay's stealth habits (tactics.py asks these first).

- A soldier hidden from foes it knows the place of springs an ambush on all of them, with
  every ally hidden from them all, once one is within `CLOSE` distances or as soon as any
  foe knows where someone of its side is; until then it lies still (moving could be
  spotted), so the quarry walks into the trap or the guns.
- A soldier that knows where no foe is searches when it has lost track of someone, and
  otherwise walks on toward the nearest foe, as a patrol would (autoplay is the GM's hand,
  and the GM knows where the enemy lies).
"""

from __future__ import annotations

from collections.abc import Iterator

from fracas.core.actions import Action, EndTurn
from fracas.core.state import EncounterState
from fracas.rulesets.pools.actions import Ambush, Move, Search
from fracas.rulesets.pools.rules.common import apart, standing
from fracas.rulesets.pools.rules.stealth import lost_track_of
from fracas.rulesets.pools.soldier import Soldier

CLOSE = 2
"""How near the quarry comes before a lying-still ambusher springs it."""


def wishes(state: EncounterState, me: Soldier, foes: list[Soldier]) -> Iterator[Action]:
    """`foes`: the standing enemies whose place `me` knows."""
    if not foes:
        yield from _patrol(state, me)
        return
    marks = [f for f in foes if f.id in me.hidden_from and f.id not in me.ambush_edge]
    if not marks:
        return
    friends = [a for a in standing(state) if a.side == me.side]
    seen = any(m.id not in a.hidden_from for a in friends for m in marks)
    if not seen and min(apart(state, me, m) for m in marks) > CLOSE:
        yield EndTurn(actor=me.id)
        return
    joined = tuple(
        a.id
        for a in friends
        if a.id != me.id and not a.acted and all(m.id in a.hidden_from for m in marks)
    )
    yield Ambush(actor=me.id, targets=[m.id for m in marks], joined_by=joined)


def _patrol(state: EncounterState, me: Soldier) -> Iterator[Action]:
    if lost_track_of(state, me):
        yield Search(actor=me.id)
    others = [c for c in standing(state) if c.side != me.side]
    if not others:
        return
    nearest = min(others, key=lambda c: (apart(state, me, c), c.id))
    if nearest.distance != me.distance:
        step = me.distance + (1 if nearest.distance > me.distance else -1)
        yield Move(actor=me.id, to=step)
