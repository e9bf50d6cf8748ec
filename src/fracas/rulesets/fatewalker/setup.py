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
        malcontent=sheet.malcontent,  # fw-finish: the theme powers' named foes
        transgressors=sheet.transgressors,
        fates_end=sheet.fates_end,
        facing=sheet.facing,
        bracers=sheet.bracers,
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


def check_named(people: list[Walker], where: list[str]) -> None:
    """fw-finish: the foes a sheet names for Wrath, Fate's End and Righteous Strike exist,
    stand on another side, and the sheet has the power that names them."""
    ids = {p.id: p for p in people}
    fields = (
        ("malcontent", "wrath"),
        ("fates_end", "fates_end"),
        ("transgressors", "righteous_strike"),
    )
    for person, place in zip(people, where, strict=True):
        for field, power in fields:
            value = getattr(person, field)
            named = (value,) if isinstance(value, str) else value or ()
            if named and power not in person.powers:
                raise ScenarioError(f"{place}.{field}: {person.id} lacks the power `{power}`")
            for foe in named:
                if foe not in ids or ids[foe].side == person.side:
                    foes = sorted(p.id for p in people if p.side != person.side)
                    raise ScenarioError(
                        f"{place}.{field}: {foe!r} is not a foe of {person.id}; foes: "
                        f"{', '.join(foes) or 'none'}"
                    )
        if person.fates_end is not None and person.fate_left < person.attributes.fate:
            raise ScenarioError(
                f"{place}.fates_end: Fate's End spends the whole Fate rating "
                f"({person.attributes.fate}); {person.id} has {person.fate_left} to spend"
            )
