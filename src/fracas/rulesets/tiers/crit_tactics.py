"""Autoplay's picks for critical rolls (rules/crits.py): which Tier a natural 20 knocks off the
foe, and which of its own a natural 1 gives up.

The documented default always takes the same order (the T0 natural weapon's 10 damage, else
armor, natural armor, shield, weapon). A fighter at the table picks by how the fight goes, and
one rough number says enough: the chance of winning a plain exchange with this foe (d20 +
Reflex + skill each, ties counted half). A Tier of armor or shield counts on every exchange its
wearer loses, a Tier of weapon on every one it wins. So:

- a natural 20 takes the 10 damage when it is there (more than one Tier is worth in a fight of
  a few blows); else, when the striker wins most exchanges, the armor (then natural armor, then
  the shield) that stands between its blows and the foe; when the foe wins most, the weapon
  the foe deals its damage with (of a pair in hand, the lower Tier: a pair deals the lowest);
- a natural 1 first wears the higher weapon of a pair when it is above the lower (the pair's
  damage counts the lowest, so that Tier costs nothing); else, when the roller wins most
  exchanges, its shield (it is seldom hit) rather than the weapon that wins them; else the
  documented default (the weapon used). It never picks the 10 damage to itself while anything
  else may be lowered.

No odds are worked out per die: one subtraction and a table of 39 differences.
"""

from __future__ import annotations

from functools import cache

from fracas.rulesets.tiers.rules import crits
from fracas.rulesets.tiers.rules.arms import Arm, default_defense, dual_defense
from fracas.rulesets.tiers.warrior import Warrior

FAVOURED = 0.5
"""At or above this chance of winning an exchange, a fighter reckons it wins most of them."""


@cache
def edge(difference: int) -> float:
    """The chance that d20 + `difference` beats a d20, a tie counted half: rough odds of one
    exchange, worked out once per difference of bonuses."""
    wins = sum(1 for a in range(1, 21) for b in range(1, 21) if a + difference > b)
    ties = sum(1 for a in range(1, 21) for b in range(1, 21) if a + difference == b)
    return (wins + ties / 2) / 400


def chance(me: Warrior, used: Arm, foe: Warrior, gap: int) -> float:
    """Rough odds that `me`, striking with `used`, wins an exchange with `foe`, which answers
    as the documented default does."""
    answer = dual_defense(foe, gap) or default_defense(foe, gap)
    return edge(me.reflex + used.skill - foe.reflex - answer.skill)


def hit_pick(foe: Warrior, answer: Arm, odds: float) -> str | None:
    """What a natural 20 lowers on `foe`, from `crits.hit_targets`; None where that is the
    documented default anyway, so an attack names only the picks that differ from it."""
    targets = crits.hit_targets(foe, answer)
    pick = _hit_choice(foe, targets, odds)
    return None if pick == next(iter(targets), None) else pick


def _hit_choice(foe: Warrior, targets: list[str], odds: float) -> str | None:
    if crits.NATURAL in targets and foe.natural_weapon == 0:
        return crits.NATURAL  # the 10 damage, armor ignored
    guard = [t for t in ("armor", "natural_armor", "shield") if t in targets]
    held = [w for w in foe.wielded if w in targets]
    blade = min(held, key=foe.tier_of) if held else None
    if blade is None and crits.NATURAL in targets:
        blade = crits.NATURAL  # a beast's claws above T0
    if odds >= FAVOURED:
        return guard[0] if guard else blade
    return blade if blade is not None else (guard[0] if guard else None)


def fail_pick(me: Warrior, used: Arm, odds: float, *, forced: bool = False) -> str | None:
    """What a natural 1 lowers of `me`'s own, from `crits.fail_targets` (`forced` under
    `natural_crit_fail: used_weapon`, B30); None where that is the documented default anyway."""
    targets = crits.fail_targets(me, used, forced=forced)
    pick = _fail_choice(me, used, targets, odds)
    return None if pick == crits.default_fail(targets, used) else pick


def _fail_choice(me: Warrior, used: Arm, targets: list[str], odds: float) -> str | None:
    parts = [p for p in used.parts if p in targets]
    if parts:
        higher = max(parts, key=me.tier_of)
        if me.tier_of(higher) > used.tier:
            return higher  # free: the pair deals its lower Tier
    safe = [t for t in targets if not (t == crits.NATURAL and me.natural_weapon == 0)]
    if odds >= FAVOURED and "shield" in safe:
        return "shield"
    if targets[:1] == [crits.NATURAL] and me.natural_weapon == 0 and safe:
        return safe[0]  # another weapon in hand rather than 10 damage to oneself
    return None
