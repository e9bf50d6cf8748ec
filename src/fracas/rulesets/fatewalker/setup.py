"""A validated sheet becomes a `Walker`."""

from __future__ import annotations

from fracas.core.errors import ScenarioError
from fracas.rulesets.fatewalker.options import FatewalkerOptions
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
        energy_shield=sheet.energy_shield,
        energy=sheet.energy_shield.reserve if sheet.energy_shield else 0,
        shield=sheet.shield,
        aid=sheet.aid,
        powers=sheet.powers,
        spend_will=sheet.spend_will,
        holstered=tuple(w.id for w in sheet.weapons if not w.drawn),  # fw-ranged
        spend=sheet.spend,
        helmet=sheet.helmet,  # fw-grapple
    )


def check_gear(person: Walker, opts: object, where: str) -> None:
    """Energy shields "prevent the use of heavier armors": only armor that "Functions under
    a shield" goes under one (gap 26; option `shield_armor: any` allows every armor)."""
    marked = not isinstance(opts, FatewalkerOptions) or opts.shield_armor == "marked"
    armor = person.armor
    shielded = person.energy_shield is not None and armor is not None
    if marked and shielded and armor is not None and not armor.under_shield:
        raise ScenarioError(
            f"{where}.energy_shield: {armor.id} does not function under a shield; wear "
            "armor marked so (padded-cloth, leather, polymer-knit-vest, polymer-weave, "
            "synthsilk, synth-ballistic-vest, or inline with `under_shield: true`), or set "
            "`options: {shield_armor: any}`"
        )
