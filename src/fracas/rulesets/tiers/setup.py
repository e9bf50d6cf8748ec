"""A validated sheet becomes a `Warrior`, after the checks that need more than one field:
gear bounded by Body, and what fits in two hands.

"Weapons require a Body stat equal or higher than the Tier of the weapon used"; "To equip
armor, the character must have a Body stat higher or equal to the armor's Tier"; a shield
needs "that value in their Body stat or higher (ie: a T8 Shield requires Body: 8+)". "If a
character's gear exceeds their body stat, they cannot move it": such a sheet is refused at
load with the field that breaks the bound, rather than carried into a fight it cannot use.
"""

from __future__ import annotations

from fracas.core.errors import ScenarioError
from fracas.rulesets.tiers.sheet import Sheet
from fracas.rulesets.tiers.warrior import Warrior


def _check_body(sheet: Sheet, where: str, armor_may_exceed: bool) -> None:
    """Refuse gear above Body; worn armor (and its cloaks) only when the table has not chosen
    to carry it with move 0 (`overweight_armor: immobile`, rules/overweight.py)."""
    body = sheet.stats.body
    pieces: list[tuple[str, int, str]] = [
        (f"weapons[{i}].tier", w.tier, f"weapon {w.id}") for i, w in enumerate(sheet.weapons)
    ]
    if sheet.armor is not None and not armor_may_exceed:
        pieces.append(("armor.tier", sheet.armor.tier, "armor"))
    if sheet.shield is not None:
        pieces.append(("shield.tier", sheet.shield.tier, "shield"))
    if sheet.cloaks and not armor_may_exceed:
        worn = (sheet.armor.tier if sheet.armor else 0) + sum(c.tier for c in sheet.cloaks)
        pieces.append(("cloaks", worn, "armor with its cloaks"))
    for path, tier, what in pieces:
        if tier > body:
            raise ScenarioError(
                f"{where}.{path}: a T{tier} {what} needs Body {tier} or more; stats.body is "
                f"{body} (gear up to T{body} is accepted)"
            )


def _hands(sheet: Sheet, where: str) -> tuple[str | None, str | None]:
    """The main and off hand at the start: `wielding`, or the first weapon listed."""
    names = sheet.wielding
    if names is None:
        names = [sheet.weapons[0].id] if sheet.weapons else []
    by_id = {w.id: w for w in sheet.weapons}
    for index, name in enumerate(names):
        if name not in by_id:
            carried = ", ".join(by_id) or "none"
            raise ScenarioError(
                f"{where}.wielding[{index}]: {name!r} is not one of the weapons; weapons: {carried}"
            )
    shield_hand = 1 if sheet.shield is not None and sheet.shield.equipped else 0
    hands = sum(by_id[n].hands for n in names) + shield_hand
    if hands > 2 or len(set(names)) != len(names):
        held = ", ".join(names) + (" and a shield" if shield_hand else "")
        raise ScenarioError(f"{where}.wielding: {held} need {hands} hands; a character has 2")
    if not names:
        return (None, None)
    first = by_id[names[0]]
    if first.hands == 2:
        return (first.id, first.id)
    return (first.id, names[1] if len(names) > 1 else None)


def warrior_from(sheet: Sheet, where: str, *, armor_may_exceed: bool = False) -> Warrior:
    _check_body(sheet, where, armor_may_exceed)
    main, off = _hands(sheet, where)
    return Warrior(
        id=sheet.id,
        name=sheet.name or sheet.id,
        side=sheet.side,
        hp=sheet.hp,
        max_hp=sheet.hp,
        x=sheet.position.x,
        y=sheet.position.y,
        facing=sheet.position.facing,
        z=sheet.position.z,
        width=sheet.size.width,
        length=sheet.size.length,
        body=sheet.stats.body,
        reflex=sheet.stats.reflex,
        presence=sheet.stats.presence,
        skills=sheet.skills,
        race=sheet.race,
        weapons=tuple(sheet.weapons),
        items=tuple(sheet.items),
        weapon_tiers=tuple(w.tier for w in sheet.weapons),
        unloaded=tuple(w.id for w in sheet.weapons if w.loaded is False),
        main=main,
        off=off,
        armor_id=sheet.armor.id if sheet.armor else None,
        armor=sheet.armor.tier if sheet.armor else 0,
        natural_weapon=sheet.race.natural_weapon,
        natural_armor=sheet.race.natural_armor,
        cloaks=sum(c.tier for c in sheet.cloaks),
        shield_id=sheet.shield.id if sheet.shield else None,
        shield=sheet.shield.tier if sheet.shield else 0,
        shield_equipped=bool(sheet.shield and sheet.shield.equipped),
    )
