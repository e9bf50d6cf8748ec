"""Crits for the tiers fast path: what a natural 20 or 1 may lower (rules/crits.py), the
tactics' picks (crit_tactics.py), and what one exchange reads besides the dice (`Bout`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fracas.rulesets.tiers.crit_tactics import FAVOURED, edge
from fracas.rulesets.tiers.fastpath.sheets import (
    ARMOR,
    BOW,
    NAT_ARMOR,
    NATURAL,
    SHIELD,
    UNARMED,
    Answer,
)

if TYPE_CHECKING:
    from fracas.rulesets.tiers.fastpath.fight import Fight


class Bout:
    """One attacker's exchange with one defender at one gap with the gear they have: what
    exchange.resolve and exchange._damage read besides the dice and the facings."""

    __slots__ = (
        "answer",
        "attack_mod",
        "blow",
        "counter",
        "counter_shielded",
        "counters",
        "defense_mod",
        "fail_pick",
        "foes",
        "hit_pick",
        "shielded",
    )

    def __init__(self, f: Fight, n: int, foe: int, gap: int) -> None:
        o = f.o
        sheet, theirs = f.sheets[n], f.sheets[foe]
        self.answer, self.hit_pick, self.fail_pick = picks(f, n, foe, gap)
        answer = self.answer
        self.attack_mod = sheet.reflex + sheet.skill
        projectile = sheet.kind >= BOW
        self.defense_mod = theirs.reflex + (theirs.best_skill if projectile else answer[1])
        body = 0 if sheet.kind == BOW else sheet.body
        self.blow = body + f.arm_tier(n, sheet.main) - f.armor_bonus(foe)
        """The winner's damage less the difference and the shield (damage.contested)."""
        self.shielded = theirs.shielded
        self.foes = sheet.side != theirs.side
        wields = o.unarmed_counters or theirs.clawed or answer[0] != UNARMED
        self.counters = gap <= answer[2] and wields
        """A winning defender strikes back: in its answer's reach, wielding (B18)."""
        armor = f.armor_bonus(n)
        if o.faces_target and sheet.shielded:
            armor += f.shield[n]  # B43: met face on
        self.counter = theirs.body + f.arm_tier(foe, answer[0]) - armor
        self.counter_shielded = sheet.shielded and not o.faces_target


def hands_exposed(f: Fight, n: int) -> bool:
    if f.sheets[n].shielded and f.shield[n] > 0:
        return False
    tiers = f.tiers[n]
    return all(tiers[w] == 0 for w in f.sheets[n].wielded)


def hit_targets(f: Fight, n: int, their: int) -> list[int]:
    """crits.hit_targets: what a natural 20 may lower on `n`, answering with `their`."""
    hands = hands_exposed(f, n)
    natural = f.natural_weapon[n]
    tiers = f.tiers[n]
    targets: list[int] = []
    if hands and natural == 0:
        targets.append(NATURAL)
    if f.armor[n] > 0:
        targets.append(ARMOR)
    elif f.natural_armor[n] > 0:
        targets.append(NAT_ARMOR)
    if f.sheets[n].shielded and f.shield[n] > 0:
        targets.append(SHIELD)
    first = their if their != UNARMED and tiers[their] > 0 else None
    names = [w for w in (their, *f.sheets[n].wielded) if w != UNARMED]
    for name in (first, *names):
        if name is not None and tiers[name] > 0 and name not in targets:
            targets.append(name)
    if hands and natural > 0:
        targets.append(NATURAL)
    return targets


def fail_targets(f: Fight, n: int, own: int) -> list[int]:
    """crits.fail_targets (a natural 1 that hurts) for one arm, not a pair."""
    natural_used = own == UNARMED
    natural = f.natural_weapon[n]
    if f.o.forced and natural_used:
        return [NATURAL]
    tiers = f.tiers[n]
    targets: list[int] = []
    if not natural_used and tiers[own] > 0:
        targets.append(own)
    if natural_used and natural > 0:
        targets.append(NATURAL)
    if f.sheets[n].shielded and f.shield[n] > 0:
        targets.append(SHIELD)
    if natural_used and natural == 0:
        targets.append(NATURAL)
    for w in f.sheets[n].wielded:
        if tiers[w] > 0 and w not in targets:
            targets.append(w)
    return targets


def default_fail(targets: list[int], own: int) -> int | None:
    """crits.default_fail: the default natural 1 stops at the shield."""
    first = targets[0] if targets else None
    if first in (SHIELD, NATURAL) or first == own:
        return first
    return None


def answer_of(f: Fight, n: int, gap: int) -> Answer:
    """arms.default_defense: a melee choice that reaches, best skill, then Tier."""
    answers = f.sheets[n].answers
    reaching = [a for a in answers if a[2] >= gap] or answers
    natural, tiers = f.natural_weapon[n], f.tiers[n]
    return max(reaching, key=lambda a: (a[1], natural if a[0] == UNARMED else tiers[a[0]]))


def picks(f: Fight, n: int, foe: int, gap: int) -> tuple[Answer, int | None, int | None]:
    """The defender's answer (exchange._defense) and tactics._strike's crit picks
    (crit_tactics.hit_pick and fail_pick), None where the documented default chooses the
    same."""
    sheet = f.sheets[n]
    their = answer_of(f, foe, gap)
    odds = edge(sheet.reflex + sheet.skill - f.sheets[foe].reflex - their[1])
    targets = hit_targets(f, foe, their[0])
    hit = _hit_choice(f, foe, targets, odds)
    if hit == (targets[0] if targets else None):
        hit = None
    own = sheet.main
    failing = fail_targets(f, n, own)
    fail = _fail_choice(f, n, failing, odds)
    if fail == default_fail(failing, own):
        fail = None
    return their, hit, fail


def _hit_choice(f: Fight, foe: int, targets: list[int], odds: float) -> int | None:
    """crit_tactics._hit_choice."""
    if NATURAL in targets and f.natural_weapon[foe] == 0:
        return NATURAL
    guard = [t for t in (ARMOR, NAT_ARMOR, SHIELD) if t in targets]
    held = [w for w in f.sheets[foe].wielded if w in targets]
    tiers = f.tiers[foe]
    blade: int | None = min(held, key=tiers.__getitem__) if held else None
    if blade is None and NATURAL in targets:
        blade = NATURAL
    if odds >= FAVOURED:
        return guard[0] if guard else blade
    return blade if blade is not None else (guard[0] if guard else None)


def _fail_choice(f: Fight, n: int, targets: list[int], odds: float) -> int | None:
    """crit_tactics._fail_choice for one arm (a pair's free Tier does not arise)."""
    natural = f.natural_weapon[n]
    safe = [t for t in targets if not (t == NATURAL and natural == 0)]
    if odds >= FAVOURED and SHIELD in safe:
        return SHIELD
    if targets[:1] == [NATURAL] and natural == 0 and safe:
        return safe[0]
    return None


def critical_hit(f: Fight, opponent: int, their: int, pick: int | None) -> None:
    """crits.critical_hit: the pick while still a target, else the default; what that comes
    to is remembered per fighter, gear, answer and pick."""
    key = (opponent, f.gear[opponent], their, pick, 20)
    crits = f.c.crits
    if key not in crits:
        targets = hit_targets(f, opponent, their)
        crits[key] = pick if pick in targets else (targets[0] if targets else None)
    target = crits[key]
    if target is not None:
        f.lower(opponent, target, 0)


def critical_failure(f: Fight, roller: int, own: int, pick: int | None) -> None:
    """crits.critical_failure: the pick while still a target, else the default; remembered
    as for hits."""
    key = (roller, f.gear[roller], own, pick, 1)
    crits = f.c.crits
    if key not in crits:
        targets = fail_targets(f, roller, own)
        crits[key] = pick if pick in targets else default_fail(targets, own)
    target = crits[key]
    armor = f.armor_bonus(roller) if f.o.ten_armor else 0
    if target is not None:
        f.lower(roller, target, armor)
