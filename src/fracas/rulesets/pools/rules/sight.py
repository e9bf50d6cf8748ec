"""Seeing a target (seed 004, "View range" and the obscured-target rule).

"Your comfortable view range is [Intelligence] × 20 + 40 distances. If the enemy is beyond
this range, you cannot accurately see them, and thus roll −3d6 for every 10 distances past
your maximum comfortable view range." (Intelligence 3 sees 100; at 130, 30 past, −9d6.)
"If you cannot see a target directly due to darkness, fog, or smoke, but you know they are
there, you may roll to attack, but may only roll 1 die, and only obtain success on a 6 or
higher." Darkness is `map.light: dark`; fog and smoke are `map.obscured` distances (a target
standing in one is not seen, nor is anyone by a shooter standing in one). Who knows where
whom is belongs to stealth (rules/stealth.py); `weak_cover_hides` (P22) makes tall grass hide
from shooters too.
"""

from __future__ import annotations

from fracas.core.state import EncounterState
from fracas.rulesets.pools.rules.common import cover_rating, field, options
from fracas.rulesets.pools.soldier import Soldier

PENALTY_STEP = 10
PENALTY_DICE = 3


def view_range(intelligence: int) -> int:
    return intelligence * 20 + 40


def view_penalty(intelligence: int, gap: int) -> int:
    """Dice lost for a target `gap` distances away: 3 for every full 10 past the range."""
    past = gap - view_range(intelligence)
    return PENALTY_DICE * (past // PENALTY_STEP) if past > 0 else 0


def range_penalty(gap: int) -> int:
    """ "For every 10 distances away from the target, you have a −3d6 penalty": 9 costs
    nothing, 10 costs 3 dice, 25 costs 6 (checklist example 2)."""
    return PENALTY_DICE * (gap // PENALTY_STEP)


def sees(state: EncounterState, viewer: Soldier, target: Soldier) -> bool:
    """Whether `viewer` sees `target` directly (darkness, fog and smoke hide; distance only
    blurs, which is the view penalty's job)."""
    arena = field(state)
    if arena.light == "dark":
        return False
    hidden = arena.obscured
    if options(state).weak_cover_hides and cover_rating(state, target) == "weak":
        return False  # P22: tall grass "does block vision", for shots too
    return target.distance not in hidden and viewer.distance not in hidden
