"""A validated sheet becomes a `Soldier`, after the checks that need the map too."""

from __future__ import annotations

from fracas.core.errors import ScenarioError
from fracas.rulesets.pools.sheet import Battlefield, Sheet
from fracas.rulesets.pools.soldier import Soldier


def soldier_from(sheet: Sheet, arena: Battlefield, where: str) -> Soldier:
    place = sheet.position
    rating = arena.cover_at(place.distance) if place.altitude == 0 else None
    in_cover = place.in_cover
    if in_cover and rating is None:
        why = (
            f"altitude {place.altitude} is off the ground"
            if place.altitude
            else f"map.cover has nothing at distance {place.distance}"
        )
        raise ScenarioError(f"{where}.position.in_cover: {why}; give in_cover: false or leave it")
    return Soldier(
        id=sheet.id,
        name=sheet.name or sheet.id,
        side=sheet.side,
        hp=sheet.hp,
        max_hp=sheet.hp,
        distance=place.distance,
        altitude=place.altitude,
        in_cover=rating is not None if in_cover is None else in_cover,
        strength=sheet.stats.strength,
        dexterity=sheet.stats.dexterity,
        intelligence=sheet.stats.intelligence,
        speed=sheet.speed,
        perks=tuple(sheet.perks),
        armor=sheet.armor_table,
        weapons=sheet.arms,
        hands=sheet.hands,
        limbs=tuple(sheet.limbs),
        gear=tuple(sheet.gear),
        carry=sheet.carry,
        weight=sheet.weight,
        riding=sheet.riding,
    )
