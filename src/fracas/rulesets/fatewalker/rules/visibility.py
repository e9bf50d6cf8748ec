"""Range and visibility (Dramatic Scenes, "Range and Visibility", L1494-1538).

"All characters have a listed 'Visible Range'"; the chart turns it into bands (Short up to
it, Medium to 2x, Long to 5x, Extreme to 10x) and changes it by percentages: darkness (Low
Light -25%, Bright Night -50%, Dark Night -75%, eased by the target's illumination, by lights
and by IR imaging), weather (the same steps for fog and rain, which no light eases), and the
target's size (Small -25% ... Ginourmous +100%; 9-11, a human, unlisted and so 0).
Magnification multiplies. Every weapon gives its own bands ([short, medium, long], maximum
2x Long); "the character suffers the worst of the two".
"""

from __future__ import annotations

import math

from fracas.core.state import EncounterState
from fracas.rulesets.fatewalker.scene import Scene
from fracas.rulesets.fatewalker.sheet import Weapon
from fracas.rulesets.fatewalker.walker import Walker

BANDS = ("short", "medium", "long", "extreme")
SIGHT_STEPS = (1, 2, 5, 10)
"""Visible Range multiples at which each band ends."""
DARKNESS = {"day": 0, "low_light": 25, "bright_night": 50, "dark_night": 75}
WEATHER = {
    "clear": 0,
    "light_fog": 25,
    "light_rain": 25,
    "fog": 50,
    "rain": 50,
    "heavy_fog": 75,
    "heavy_rain": 75,
}
IR_DARKNESS = 25
"""IR Imaging: "Reduce all darkness penalties to -25%"."""


def size_percent(size: int) -> int:
    """The chart's target size rows, in percent of Visible Range."""
    if size <= 1:
        return -75
    if size <= 4:
        return -50
    if size <= 8:
        return -25
    if size <= 11:
        return 0
    if size <= 15:
        return 25
    if size <= 19:
        return 50
    return 100


def scene(state: EncounterState) -> Scene:
    arena = state.arena
    return arena if isinstance(arena, Scene) else Scene()


def darkness_percent(state: EncounterState, seer: Walker, target: Walker) -> int:
    """The darkness penalty on seeing `target`: none in a lamp's light or on a well lit
    target, halved on one with some illumination, and at most 25% through IR imaging."""
    here = scene(state)
    dark = DARKNESS[here.light]
    if target.illumination == "well" or any(
        math.hypot(lamp.x - target.x, lamp.y - target.y) <= lamp.radius for lamp in here.lights
    ):
        return 0
    if target.illumination == "some":
        dark //= 2
    if seer.optics.infrared:
        dark = min(dark, IR_DARKNESS)
    return dark


def visible_range(state: EncounterState, seer: Walker, target: Walker, method: str) -> float:
    """`seer`'s Visible Range against `target` in metres, after the chart's percentages
    (`method`: they add into one factor, or each multiplies) and magnification."""
    percents = (
        -darkness_percent(state, seer, target),
        -WEATHER[scene(state).weather],
        size_percent(target.attributes.size),
    )
    if method == "sum":
        factor = max(0.0, 1 + sum(percents) / 100)
    else:
        factor = math.prod(max(0.0, 1 + p / 100) for p in percents)
    return seer.visible_range * seer.optics.magnification * factor


def sight_band(metres: float, seen: float) -> int | None:
    """The band index by eyesight, or None beyond 10x Visible Range (not seen)."""
    return next((i for i, step in enumerate(SIGHT_STEPS) if metres <= step * seen), None)


def weapon_band(metres: float, weapon: Weapon) -> int | None:
    """The band index by the weapon, or None beyond its maximum effective range (2x Long);
    Extreme is read as Long to 2x Long (the seed names no weapon Extreme)."""
    assert weapon.ranges is not None
    short, medium, long = weapon.ranges
    limits = (short, medium, long, 2 * long)
    return next((i for i, top in enumerate(limits) if metres <= top), None)
