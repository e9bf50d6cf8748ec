"""Which weapon is used and what it brings: skill, Tier, reach (seed 001, "Combat Gear",
"Dual Wield Melee", "Damage Cheatsheet").

Skills follow the weapon: a one-handed melee weapon rolls Main-Hand (or Off-Hand, in the off
hand), a two-handed one Two-Handed, bare hands Unarmed, a bow Bow, and so on. Bare hands are
T0 with a reach of 1 ("normal unarmed melee range"); a race's natural weapon takes their place
with its own Tier and reach ("Natural weapons use the [Weapon] Unarmed Melee skill ... deal
damage as: [roll difference] + Body Stat + (natural weapon bonus)").
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.rulesets.tiers.sheet import UNARMED, Weapon
from fracas.rulesets.tiers.warrior import Warrior

UNARMED_REACH = 1


@dataclass(frozen=True, slots=True)
class Arm:
    """A weapon as one exchange uses it."""

    name: str
    kind: str
    """melee, bow, thrown, crossbow, firearm, or unarmed."""
    skill: int
    tier: int
    reach: int
    """Melee reach in squares; 0 for weapons that cannot strike in melee (B18)."""
    parts: tuple[str, ...] = ()
    """The weapons (or `unarmed` hands) wielded together, when dual wielding."""

    @property
    def dice(self) -> int:
        """d20s thrown: one, or one per weapon wielded together ("2d20 & select either")."""
        return max(1, len(self.parts))

    @property
    def strikes_in_melee(self) -> bool:
        return self.kind in ("melee", UNARMED)

    @property
    def projectile(self) -> bool:
        return self.kind in ("bow", "thrown", "crossbow", "firearm")


def skill_for(who: Warrior, weapon: Weapon | None, hand: str = "main") -> int:
    skills = who.skills
    if weapon is None:
        return skills.unarmed
    if weapon.kind == "melee":
        if weapon.hands == 2:
            return skills.two_handed
        return skills.off_hand if hand == "off" else skills.main_hand
    by_kind: dict[str, int] = {
        "bow": skills.bow,
        "thrown": skills.thrown,
        "crossbow": skills.crossbow,
        "firearm": skills.firearm,
    }
    return by_kind[weapon.kind]


def arm(who: Warrior, name: str) -> Arm:
    """`name` as `who` wields it: a weapon id it carries, or `unarmed`."""
    weapon = None if name == UNARMED else who.weapon(name)
    if weapon is None:
        reach = max(UNARMED_REACH, who.race.natural_reach)
        return Arm(UNARMED, UNARMED, who.skills.unarmed, who.natural_weapon, reach)
    hand = "off" if who.off == weapon.id and who.main != weapon.id else "main"
    reach = weapon.reach or 0 if weapon.is_melee else 0
    return Arm(weapon.id, weapon.kind, skill_for(who, weapon, hand), who.tier_of(weapon.id), reach)


def melee_choices(who: Warrior) -> list[Arm]:
    """What a defender may answer with: "The defending character may swap weapons in any way
    they choose", so any melee weapon it carries (swapped into the main hand) or bare hands."""
    choices = [arm(who, UNARMED)]
    for weapon in who.weapons:
        if weapon.is_melee:
            choice = arm(who, weapon.id)
            if weapon.hands == 1 and who.off == weapon.id:
                choice = Arm(
                    choice.name, choice.kind, who.skills.main_hand, choice.tier, choice.reach
                )
            choices.append(choice)
    return choices


def default_defense(who: Warrior, gap: int) -> Arm:
    """The documented default answer: a melee choice that reaches the attacker, with the best
    skill, then the best Tier, then the sheet's order; with none in reach, the best skill."""
    choices = melee_choices(who)
    reaching = [c for c in choices if c.reach >= gap]
    pool = reaching or choices
    return max(pool, key=lambda c: (c.skill, c.tier))


def together(who: Warrior, first: Arm, second: Arm, *more: Arm) -> Arm:
    """Two melee weapons (or bare hands) wielded together (seed, "Dual Wield Melee"), and any
    further one in range ("an additional 1d20 for each weapon wielded & in range"): "the
    lowest of the applicable skills being used as their skill bonus", damage from "the lowest
    Tier of the weapons used (unarmed is equal to T0)", and in reach where all reach."""
    arms = (first, second, *more)
    return Arm(
        name="+".join(a.name for a in arms),
        kind="melee" if all(a.kind != UNARMED for a in arms) else UNARMED,
        skill=min(a.skill for a in arms),
        tier=min(a.tier for a in arms),
        reach=min(a.reach for a in arms),
        parts=tuple(a.name for a in arms),
    )


def dual_defense(who: Warrior, gap: int) -> Arm | None:
    """The defender's default pair: both hands holding one-handed melee weapons that both
    reach the attacker ("if both melee weapons they are wielding are within range")."""
    if who.main is None or who.off is None or who.main == who.off:
        return None
    first, second = arm(who, who.main), arm(who, who.off)
    if not (first.strikes_in_melee and second.strikes_in_melee):
        return None
    if min(first.reach, second.reach) < gap:
        return None
    return together(who, first, second)
