"""Critical rolls (seed 001, "Critical Rolls", "Natural Weapons").

"Whenever a character rolls a natural 20 on a d20 for a contested roll in combat, they may
choose to deal damage to their choice of their opponents equipped gear before doing normal
damage ... reduce it's Tier by 1." "A player that rolls a natural 20 may still lose."
"Whenever a character rolls a natural 1 ... that player must chose to reduce their equipped
Shield or weapon's Tier by 1."

Bare hands are a T0 natural weapon: "A character rolling a critical hit may still apply
damage to a T0 natural weapon to deal additional damage (10 damage) to the character
directly, ignoring armor", and a natural 1 striking unarmed deals those 10 to oneself
"before normal damage occurs". Hands are a valid target only when the opponent's equipped
weapons and shield are all T0 or absent. Tiers never drop below T0.

Natural armor is a target only once worn armor is T0; natural weapons (bare hands are a T0
one) only once the weapons and shield in hand are all T0 or absent. A natural weapon above T0
loses a Tier, like gear; at T0 the crit deals the 10 damage.

The choice is the roller's, named on the `attack` (`crit_item`, `fumble_item` and the
defender's two); a natural 20 may name `none` ("may choose"), a natural 1 may not ("must
chose"). Picks are checked against `hit_targets`/`fail_targets` when the action is verified.
Without a pick fracas takes a documented default: for a natural 20, the 10
damage when the opponent's T0 natural weapon is a valid target, else the worn armor, the
natural armor, the shield in hand, the weapon the opponent answers with (or another in hand),
the natural weapon; for a natural 1, the weapon used (of a pair, the higher Tier), the
natural weapon used, the shield in hand, else (striking with a T0 natural weapon) the 10.
The attacker's crits come before the defender's, both before the damage.
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.core.errors import IllegalAction
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.events import GearWorn
from fracas.rulesets.tiers.rules.arms import Arm
from fracas.rulesets.tiers.rules.common import armor_bonus, fighter, options
from fracas.rulesets.tiers.rules.harm import deal
from fracas.rulesets.tiers.sheet import UNARMED
from fracas.rulesets.tiers.warrior import Warrior

NATURAL_WEAPON_DAMAGE = 10
"""What a crit on a T0 natural weapon (bare hands included) deals, ignoring armor."""


NATURAL = "natural_weapon"
"""The pick naming a natural weapon (bare hands included); `unarmed` is read the same."""

NO_CRIT = "none"
"""A natural 20's pick that lowers nothing: the seed says the roller "may choose"."""


@dataclass(frozen=True, slots=True)
class Picks:
    """The rollers' picks for one exchange, each None for the documented default."""

    attacker_hit: str | None = None
    attacker_fail: str | None = None
    defender_hit: str | None = None
    defender_fail: str | None = None


def apply_crits(
    tx: Transaction,
    attacker_id: str,
    used: Arm,
    attack_face: int,
    defender_id: str,
    answer: Arm,
    defense_face: int | None,
    picks: Picks = Picks(),
) -> None:
    for roller, face, own, opponent, their, hit, fail in (
        (
            attacker_id,
            attack_face,
            used,
            defender_id,
            answer,
            picks.attacker_hit,
            picks.attacker_fail,
        ),
        (
            defender_id,
            defense_face,
            answer,
            attacker_id,
            used,
            picks.defender_hit,
            picks.defender_fail,
        ),
    ):
        if face == 20:
            critical_hit(tx, roller, opponent, their, pick=hit)
        elif face == 1:
            critical_failure(tx, roller, own, pick=fail)


def _hands_exposed(who: Warrior) -> bool:
    """Natural weapons may be chosen "only if all equipped weapons or shields are at T0,
    absent, or destroyed"."""
    if who.shield_equipped and who.shield > 0:
        return False
    return all(who.tier_of(w) == 0 for w in who.wielded)


def hit_targets(opponent: Warrior, their: Arm) -> list[str]:
    """What a natural 20 may lower on `opponent` (answering with `their`), in the documented
    default order: the first is taken when the roller names none."""
    hands = _hands_exposed(opponent)
    targets: list[str] = []
    if hands and opponent.natural_weapon == 0:
        targets.append(NATURAL)  # the 10 damage, armor ignored
    if opponent.armor > 0:
        targets.append("armor")
    elif opponent.natural_armor > 0:  # "until the worn armor is reduced to T0"
        targets.append("natural_armor")
    if opponent.shield_equipped and opponent.shield > 0:
        targets.append("shield")
    first = _worn_first(opponent, their)
    names = [n for n in (*(their.parts or (their.name,)), *opponent.wielded) if n != UNARMED]
    for name in [first, *names]:
        if name is not None and opponent.tier_of(name) > 0 and name not in targets:
            targets.append(name)
    if hands and opponent.natural_weapon > 0:
        targets.append(NATURAL)
    return targets


def fail_targets(
    roller: Warrior, own: Arm, *, hurts: bool = True, forced: bool = False
) -> list[str]:
    """What a natural 1 may lower of the roller's own ("their equipped Shield or weapon"),
    striking with `own`, in the documented default order (the first is the default). Other
    weapons in hand come last: the default never reaches past the shield to them. `forced`
    (`natural_crit_fail: used_weapon`, B30): "Rolling a critical failure with a natural
    weapon will damage that weapon" leaves no choice, so a natural weapon among those used is
    the only target (at T0 the 10 damage, where it `hurts`)."""
    used = own.parts or (own.name,)
    natural = UNARMED in used
    if forced and natural:
        return [NATURAL] if roller.natural_weapon > 0 or hurts else []
    targets: list[str] = []
    first = _worn_first(roller, own)
    for name in [first, *used]:
        if name not in (None, UNARMED, *targets) and roller.tier_of(str(name)) > 0:
            targets.append(str(name))
    if natural and roller.natural_weapon > 0:
        targets.append(NATURAL)
    if roller.shield_equipped and roller.shield > 0:
        targets.append("shield")
    if natural and roller.natural_weapon == 0 and hurts:
        targets.append(NATURAL)  # 10 damage to oneself
    for name in roller.wielded:
        if roller.tier_of(name) > 0 and name not in targets:
            targets.append(name)
    return targets


def default_fail(targets: list[str], own: Arm) -> str | None:
    """The default natural 1 stops at the shield: another weapon in hand, not used, is worn
    only when named."""
    first = next(iter(targets), None)
    if first in ("shield", NATURAL) or first in (own.parts or (own.name,)):
        return first
    return None


def normal_pick(who: Warrior, pick: str) -> str:
    """A pick as the crit lists name it: the armor's or shield's id stands for its slot, and
    `unarmed` for the natural weapon."""
    if pick == UNARMED:
        return NATURAL
    if who.armor_id is not None and pick == who.armor_id:
        return "armor"
    if who.shield_id is not None and pick == who.shield_id:
        return "shield"
    return pick


def check_hit_pick(opponent: Warrior, their: Arm, pick: str, field: str) -> None:
    """Refuse a natural 20's pick that names nothing the rules let it lower."""
    targets = hit_targets(opponent, their)
    if pick == NO_CRIT or normal_pick(opponent, pick) in targets:
        return
    raise IllegalAction(
        f"{field}: a natural 20 cannot lower {pick!r} on {opponent.id}; it may lower "
        f"{_listing(targets)}, or `none`"
    )


def check_fail_pick(
    roller: Warrior, own: Arm, pick: str, field: str, *, forced: bool = False
) -> None:
    """Refuse a natural 1's pick that names nothing of the roller's it may lower (`forced`
    as for `fail_targets`)."""
    targets = fail_targets(roller, own, forced=forced)
    if normal_pick(roller, pick) in targets:
        return
    raise IllegalAction(
        f"{field}: a natural 1 cannot lower {roller.id}'s {pick!r} (its equipped shield or "
        f"weapon above T0, or the natural weapon it strikes with); it may lower "
        f"{_listing(targets)}"
    )


def _listing(targets: list[str]) -> str:
    return ", ".join(targets) if targets else "nothing"


def critical_hit(
    tx: Transaction, roller: str, opponent_id: str, their: Arm, *, pick: str | None = None
) -> None:
    """`pick`: the roller's choice among `hit_targets` (checked when the action was
    verified); one that an earlier crit of the same exchange made impossible falls back to
    the default."""
    opponent = fighter(tx.state, opponent_id)
    targets = hit_targets(opponent, their)
    if pick == NO_CRIT:
        return
    chosen = normal_pick(opponent, pick) if pick is not None else None
    target = chosen if chosen in targets else next(iter(targets), None)
    if target is not None:
        _lower(tx, opponent, target, f"{roller}'s natural 20")


def _worn_first(who: Warrior, used: Arm) -> str | None:
    """Of the weapons used (a pair's two), the one with the highest Tier above T0: a pair's
    damage counts its lowest, so wearing the higher costs least."""
    names = [n for n in (used.parts or (used.name,)) if n != UNARMED and who.tier_of(n) > 0]
    return max(names, key=who.tier_of, default=None)


def critical_failure(
    tx: Transaction,
    roller_id: str,
    own: Arm,
    *,
    hurts: bool = True,
    pick: str | None = None,
) -> None:
    """`hurts`: whether striking with a T0 natural weapon deals the 10 to oneself (in an
    even split only with `even_split_self_damage`, B31). `pick`: the roller's choice among
    `fail_targets`, falling back to the default as for hits. The 10 ignores armor, unless
    `crit_fail_ten_armor: counts` (B30): the seed says "ignoring armor" only of the natural
    20's 10 (l.194), not of this one (l.164)."""
    roller = fighter(tx.state, roller_id)
    opts = options(tx.state)
    forced = opts.natural_crit_fail == "used_weapon"
    targets = fail_targets(roller, own, hurts=hurts, forced=forced)
    chosen = normal_pick(roller, pick) if pick is not None else None
    target = chosen if chosen in targets else default_fail(targets, own)
    armor = armor_bonus(tx.state, roller) if opts.crit_fail_ten_armor == "counts" else 0
    if target is not None:
        _lower(tx, roller, target, f"{roller.id}'s natural 1", armor)


def _lower(tx: Transaction, owner: Warrior, target: str, why: str, armor: int = 0) -> None:
    """One crit on `target`: a Tier off the item, or at a T0 natural weapon the 10 damage,
    less `armor` where the table counts it (a natural 1's own, B30)."""
    if target == NATURAL:
        if owner.natural_weapon == 0:
            ten = NATURAL_WEAPON_DAMAGE
            formula = (
                f"T0 natural weapon: {ten} - {armor}"
                if armor
                else "T0 natural weapon: 10, armor ignored"
            )
            deal(tx, owner.id, why, ten - armor, formula)
        else:
            _wear(tx, owner, "natural weapon", "natural_weapon", owner.natural_weapon - 1, why)
    elif target == "armor":
        _wear(tx, owner, owner.armor_id or "armor", "armor", owner.armor - 1, why)
    elif target == "natural_armor":
        _wear(tx, owner, "natural armor", "natural_armor", owner.natural_armor - 1, why)
    elif target == "shield":
        _wear(tx, owner, owner.shield_id or "shield", "shield", owner.shield - 1, why)
    else:
        _wear(tx, owner, target, "weapon", owner.tier_of(target) - 1, why)


def _wear(tx: Transaction, owner: Warrior, item: str, slot: str, tier: int, why: str) -> None:
    tx.emit(GearWorn(owner=owner.id, item=item, slot=slot, tier=tier, why=why))
