"""Hands and other members (seed 004, wielding).

"Provided two items can be held with one single hand, you can wield them both at once.
Additional members (such as a tail) can also hold items." "Swapping hands is considered
free." "Whether the additional member can manipulate items itself depends on specific perks.
You cannot, for example, hold a pistol in one hand, then use a two-handed weapon with one hand
and your tail, unless your tail allows for item manipulation." "Weapons or items that are
two-handed require you to use both hands to operate them. Unless specifically stated
otherwise, every kit requires both hands to be used properly".

Reading (P37): swapping is free and drawing or stowing comes with the action that uses the
item, so what sits in which hand between two actions never decides anything; what can stop a
use is members missing or busy. A weapon or piece of gear that needs n hands needs n members
that manipulate: the sheet's `hands` (2 unless it says fewer) not busy, plus each limb with
`manipulates: true`. A hand holding a human shield is busy ("You must hold them with at least
one hand"). Bare hands (`unarmed`, biting included) need none.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.rulesets.pools.rules.common import soldier
from fracas.rulesets.pools.rules.grappling import holding
from fracas.rulesets.pools.sheet import BUILT_IN, UNARMED, Weapon
from fracas.rulesets.pools.soldier import Soldier


def busy_hands(state: EncounterState, who: Soldier) -> int:
    """Hands taken by what `who` holds: one for a human shield."""
    held = holding(who)
    return 1 if held is not None and soldier(state, held).has("human_shield") else 0


def free_hands(who: Soldier, busy: int) -> int:
    return max(0, who.hands - busy)


def manipulators(who: Soldier, busy: int) -> int:
    """Members free to operate an item: free hands plus limbs that manipulate."""
    return free_hands(who, busy) + sum(1 for limb in who.limbs if limb.manipulates)


def require_hands(state: EncounterState, who: Soldier, needed: int, item: str) -> None:
    """Refuse the use of `item` when fewer than `needed` members can operate it."""
    if item == UNARMED or needed == 0:
        return
    busy = busy_hands(state, who)
    have = manipulators(who, busy)
    if have >= needed:
        return
    limbs = [limb.id for limb in who.limbs if not limb.manipulates]
    why = f"{who.hands} hand{'s' if who.hands != 1 else ''}"
    if busy:
        why += f", {busy} holding a human shield"
    if limbs:
        why += f"; {', '.join(limbs)} can hold but not manipulate items"
    raise IllegalAction(
        f"{item} needs {needed} hands and {who.id} has {have} free to use it ({why})"
    )


def usable_melee(state: EncounterState, who: Soldier) -> Weapon:
    """The hardest-hitting melee weapon `who` has the members to use right now, else bare
    hands: the weapon of a free attack (P9), which comes out of turn with whatever hands are
    not busy holding a human shield (swapping is free, so a two-handed gun in the hands
    does not stand in the way: P37)."""
    have = manipulators(who, busy_hands(state, who))
    fit = [w for w in who.weapons if w.kind == "melee" and w.hands <= have]
    return max(fit, key=lambda w: w.damage) if fit else BUILT_IN[UNARMED]
