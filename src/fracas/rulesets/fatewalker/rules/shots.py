"""The shot's maneuvers beyond Shoot, Aim and Marksman Shot (Actions and Maneuvers, "Ranged
Actions" L3329-3419): Called Shot, Vitals Shot, the bursts and Full Auto as options of
`shoot`, and Twin Pistols as its own action. rules/ranged.py asks this module for the
requisites, the modifiers, the rounds, the tick cost and the damage bonus of a shot.

- Called Shot (Ranged 2, Observe 2; Weapon +2): "-2 for Limbs or small objects, -4 for heart
  (Damage +3), -5 for face (Damage +3), or tiny objects"; "can be combined with bursts or
  aims but not full auto fire".
- Vitals Shot (Ranged 6, Observe 4; Weapon +1): "center-mass (-2) or head (-4) vitals shot
  (Damage +3). Combines with Short Bursts and/or Aims." A vitals shot is "a superior called
  shot", so the two are not combined.
- Bursts (Ranged 2 / 3 / 4): 3, 6 and 20 rounds; "2x / 3x / 4x Weapon recoil" ticks in place
  of the weapon's; Searching +1 / +2 / +4 to hit, MDK -1 / -2 / -3 to hit and +1 / +3 / +6
  damage; a Long Burst takes at most +2 of aim, Full Auto +1.
- Marksman Shot "Cannot be combined with other actions except short bursts".
- Every "+N damage" is the damage pipeline's flat bonus (rules/harm.py, step 7).
- Called shots at limbs have no effect beyond their penalty: the engine keeps no hit
  locations. Full Auto (Cover), a free preemptive shot at -2 on anyone acting in an area for
  12 ticks, is not played: the map has no areas and nothing fires out of turn but a hold.

Twin Pistols (Ranged 5, Agility 4): "fire two pistols with the same action. The shots are
resolved separately but it counts as one action. Offhand penalties still apply to the
offhand shot. An additional -1 penalty will apply to both actions if they are at different
targets. Cannot be combined with Aims or Bursts." "Prowess(Ranged): -1", "Weapon + Weapon -
4" ticks. Pistols are read as guns of size XS or S, both in hand. Dice order: the first
shot's pool and damage, then the off-hand shot's.
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import Shoot, TwinPistols
from fracas.rulesets.fatewalker.rules.common import TIMELINE, options, walker
from fracas.rulesets.fatewalker.sheet import Weapon
from fracas.rulesets.fatewalker.walker import Walker


@dataclass(frozen=True, slots=True)
class Burst:
    rounds: int
    recoils: int
    requisite: int
    searching: int
    mdk: int
    damage: int
    aim_cap: int | None


BURSTS = {
    "short": Burst(rounds=3, recoils=2, requisite=2, searching=1, mdk=-1, damage=1, aim_cap=None),
    "long": Burst(rounds=6, recoils=3, requisite=3, searching=2, mdk=-2, damage=3, aim_cap=2),
    "auto": Burst(rounds=20, recoils=4, requisite=4, searching=4, mdk=-3, damage=6, aim_cap=1),
}
CALLED = {"limb": (-2, 0), "heart": (-4, 3), "face": (-5, 3)}
"""Called Shot: (dice, damage)."""
VITALS = {"center": (-2, 3), "head": (-4, 3)}
CALLED_REQUISITES = {"ranged": 2, "observe": 2}
VITALS_REQUISITES = {"ranged": 6, "observe": 4}
CALLED_TICKS = 2
VITALS_TICKS = 1
MARKSMAN_TICKS = 2
TWIN_REQUISITES = {"ranged": 5, "agility": 4}
TWIN_DICE = -1
TWIN_SPLIT = -1
TWIN_TICKS = -4
PISTOL_SIZES = ("XS", "S")


def requisites(action: Shoot) -> dict[str, int]:
    """Every requisite of the maneuvers the shot combines, the highest of each skill: the
    requisite rule takes "the higher penalty" of two skills, and so of two maneuvers."""
    needs = {"ranged": 5 if action.marksman else 1}
    parts = []
    if action.called:
        parts.append(CALLED_REQUISITES)
    if action.vitals:
        parts.append(VITALS_REQUISITES)
    if action.burst:
        parts.append({"ranged": BURSTS[action.burst].requisite})
    for part in parts:
        for skill, need in part.items():
            needs[skill] = max(needs.get(skill, 0), need)
    return needs


def rounds(action: Shoot) -> int:
    return BURSTS[action.burst].rounds if action.burst else 1


def verify(weapon: Weapon, action: Shoot) -> None:
    """The combinations the seed refuses, and a burst from a gun that cannot fire one."""
    if action.called and action.vitals:
        raise IllegalAction("a vitals shot is a superior called shot; choose one")
    if action.marksman and (action.called or action.vitals or action.burst not in (None, "short")):
        raise IllegalAction("a marksman shot combines with nothing but a short burst")
    if action.called and action.burst == "auto":
        raise IllegalAction("a called shot combines with bursts and aims, not full auto")
    if action.vitals and action.burst not in (None, "short"):
        raise IllegalAction("a vitals shot combines with short bursts and aims only")
    if action.fire == "mdk" and action.burst is None:
        raise IllegalAction("fire: mdk is a burst's; give `burst: short | long | auto`")
    if action.burst is not None:
        wanted = "auto" if action.burst == "auto" else "burst"
        if weapon.fire == "single" or (wanted == "auto" and weapon.fire != "auto"):
            raise IllegalAction(
                f"{weapon.id} fires {weapon.fire}; a {action.burst} burst needs a weapon "
                f"with `fire: {wanted}`" + (" or `auto`" if wanted == "burst" else "")
            )


def modifiers(target: Walker, action: Shoot) -> list[tuple[str, int]]:
    """The shot's maneuvers on the roll, after the chart's rows."""
    mods: list[tuple[str, int]] = []
    if action.called:
        mods.append((f"called shot ({action.called})", CALLED[action.called][0]))
    if action.vitals:
        mods.append((f"vitals shot ({action.vitals})", VITALS[action.vitals][0]))
    if action.burst:
        burst = BURSTS[action.burst]
        dice = burst.searching if action.fire == "searching" else burst.mdk
        mods.append((f"{action.burst} burst ({action.fire})", dice))
    if "faterunner_iv" in target.powers:
        mods.append(("target's Faterunner IV", -1))
    return mods


def aim_bonus(action: Shoot, bonus: int) -> int:
    """ "Max aim bonus of +2" (Long Burst), "+1" (Full Auto)."""
    cap = BURSTS[action.burst].aim_cap if action.burst else None
    return bonus if cap is None else min(bonus, cap)


def damage_bonus(action: Shoot) -> int:
    bonus = 0
    if action.called:
        bonus += CALLED[action.called][1]
    if action.vitals:
        bonus += VITALS[action.vitals][1]
    if action.burst and action.fire == "mdk":
        bonus += BURSTS[action.burst].damage
    return bonus


def ticks(weapon: Weapon, action: Shoot) -> int:
    """The weapon's speed, or the burst's recoils, plus Called +2, Vitals +1, Marksman +2."""
    if action.burst:
        assert weapon.recoil is not None
        base = BURSTS[action.burst].recoils * weapon.recoil
    else:
        base = weapon.speed
    base += CALLED_TICKS if action.called else 0
    base += VITALS_TICKS if action.vitals else 0
    return base + (MARKSMAN_TICKS if action.marksman else 0)


def what(action: Shoot) -> str:
    parts = [
        "marksman shot" if action.marksman else "",
        f"called shot ({action.called})" if action.called else "",
        f"vitals shot ({action.vitals})" if action.vitals else "",
        f"{action.burst} burst ({action.fire})" if action.burst else "",
    ]
    return ", ".join(p for p in parts if p) or "shot"


# -- twin pistols ------------------------------------------------------------------------------


def shots_of(action: TwinPistols) -> list[tuple[Shoot, bool]]:
    """The two shots, each with whether it is the off hand's."""
    second = action.offhand_target or action.target
    return [
        (
            Shoot(
                actor=action.actor, target=action.target, weapon=action.weapon, cover=action.cover
            ),
            False,
        ),
        (Shoot(actor=action.actor, target=second, weapon=action.offhand, cover=action.cover), True),
    ]


def verify_twin(state: EncounterState, action: TwinPistols) -> None:
    from fracas.rulesets.fatewalker.rules import ranged

    person = walker(state, action.actor)
    if action.weapon == action.offhand:
        raise IllegalAction("twin pistols fires two different pistols (weapon and offhand)")
    for shot, _ in shots_of(action):
        gun = ranged.gun(person, shot.weapon)
        if gun.size not in PISTOL_SIZES:
            raise IllegalAction(
                f"{gun.id} is {gun.size}; twin pistols fires pistols (size XS or S)"
            )
        ranged.verify_shoot(state, shot)
    if ranged.ready_aim(state, person) is not None:
        raise IllegalAction("twin pistols cannot be combined with aims")


def resolve_twin(tx: Transaction, action: TwinPistols) -> None:
    """Each shot whole, one after the other, at -1, the second at the off hand's penalty,
    both -1 more at two targets; then "Weapon + Weapon - 4" ticks (at least 1)."""
    from fracas.rulesets.fatewalker.rules import ranged

    person = walker(tx.state, action.actor)
    split = (action.offhand_target or action.target) != action.target
    for shot, offhand in shots_of(action):
        if not walker(tx.state, shot.target).is_active:
            continue  # the first shot felled it; the second has nothing to hit
        mods = [("twin pistols", TWIN_DICE)]
        if split:
            mods.append(("two targets", TWIN_SPLIT))
        if offhand and options(tx.state).offhand_penalty:
            mods.append(("off hand", -options(tx.state).offhand_penalty))
        ranged.fire(tx, shot, extra=mods, needs=TWIN_REQUISITES)
    speeds = ranged.gun(person, action.weapon).speed + ranged.gun(person, action.offhand).speed
    TIMELINE.spend(tx, person.id, max(1, speeds + TWIN_TICKS), "twin pistols")
