"""A validated sheet becomes a `Walker`."""

from __future__ import annotations

from fracas.rulesets.fatewalker.sheet import Sheet
from fracas.rulesets.fatewalker.walker import Walker, capacity


def walker_from(sheet: Sheet) -> Walker:
    boxes = capacity(sheet.wounds)
    return Walker(
        id=sheet.id,
        name=sheet.name or sheet.id,
        side=sheet.side,
        hp=boxes,
        max_hp=boxes,
        x=sheet.position.x,
        y=sheet.position.y,
        attributes=sheet.attributes,
        skills=sheet.skills,
        weapons=sheet.weapons,
        armor=sheet.armor,
        chart=sheet.wounds,
        aware_at=sheet.aware_at,
        start_tick=sheet.start_tick,
        z=sheet.position.z,
        visible_range=sheet.visible_range,
        optics=sheet.optics,
        illumination=sheet.illumination,
    )
