"""The free stealth attack on the Blind (seed 001, "Be Afraid of the Dark", "Stealth attacks").

"All other characters automatically (for free, without rolling, & without using an action – &
even if they are also blind) gain the Stealth bonus against them ... they all gain the ability
to declare a Stealth bonus attack against them; which is a free action. The free Stealth
attack gained this way may only be used one time each round."

The target must be Blind towards the attacker: without dark vision, and the attacker in
absolute darkness (a Blind character still sees into a lit area, B40). The attack is the
stealth attack of "Stealth attacks": the defender "cannot roll or add stat/skill bonus in
defense", and

    Stealth damage with melee  = (1d20 + reflex + skill + body + weapon) - (armor)
    Stealth damage with thrown = (1d20 + reflex + skill + body + weapon) - (armor)
    Stealth damage with bow    = (1d20 + reflex + skill + weapon) - (armor)

with the weapon's own skill (B25) and one weapon (B41); the shield counts only when the
attacker stands in its front arc (B11). A Blind attacker still strikes only within unarmed
reach. Once a round per attacker (B11; `free_stealth: per_target` makes it once a round per
attacker and target); it is a free action, so it may be declared on anyone's turn and uses
no action. Its d20 is no contested roll, so it has no crits (B26).

Its action is `free_stealth_attack`, not the page's `stealth_attack` with `free: true`: an
action's `free` already says whether it is a free action, for every action.

Dice order: the attacker's d20, nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from fracas.core.actions import Action
from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Attack
from fracas.rulesets.tiers.events import TiersEvent, update, warrior
from fracas.rulesets.tiers.rules.arms import Arm
from fracas.rulesets.tiers.rules.blindness import check_attack
from fracas.rulesets.tiers.rules.common import fighter, nearest, options, require_target
from fracas.rulesets.tiers.rules.exchange import armor_against, attacking_arm, reach_check
from fracas.rulesets.tiers.rules.harm import land
from fracas.rulesets.tiers.rules.light import blind_towards
from fracas.rulesets.tiers.rules.reveal import reveal
from fracas.rulesets.tiers.warrior import Warrior

STEALTH_KINDS = frozenset({"melee", "unarmed", "bow", "thrown"})
"""The weapons the seed gives a stealth damage formula for."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeStealthAttack(Action):
    """The once-a-round free stealth attack on a character Blind towards the attacker."""

    do: ClassVar[str] = "free_stealth_attack"
    free: ClassVar[bool] = True
    target: str
    weapon: str | None = None
    """A weapon id in hand, or `unarmed`; the main hand's weapon (or bare hands) by default."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StealthStruck(TiersEvent):
    """The attacker used its free stealth attack of the round on the target."""

    kind: ClassVar[str] = "stealth_struck"
    attacker: str
    target: str
    total: int

    def apply(self, state: EncounterState) -> EncounterState:
        who = warrior(state, self.attacker)
        return update(state, self.attacker, stealth_spent=(*who.stealth_spent, self.target))

    def describe(self) -> str:
        return (
            f"{self.attacker} strikes the Blind {self.target} unseen ({self.total}); "
            f"{self.attacker}'s place is revealed to all"
        )


def verify(state: EncounterState, action: FreeStealthAttack) -> None:
    actor = fighter(state, action.actor)
    target = fighter(state, action.target)
    require_target(actor, target)
    if not blind_towards(state, target, actor):
        raise IllegalAction(
            f"{target.id} is not Blind towards {actor.id} (it has dark vision, or {actor.id} "
            "stands in light): the free stealth attack is only against the Blind"
        )
    spent = actor.stealth_spent
    if options(state).free_stealth == "per_target":
        if target.id in spent:
            raise IllegalAction(
                f"{actor.id} has used its free stealth attack on {target.id} this round; "
                "a further stealth attack needs the stealth check"
            )
    elif spent:
        raise IllegalAction(
            f"{actor.id} has used this round's free stealth attack (on {spent[0]}); a further "
            "stealth attack needs the stealth check"
        )
    used = _arm(actor, action)
    if used.kind not in STEALTH_KINDS:
        raise IllegalAction(
            f"{used.name} is a {used.kind}: a stealth attack is made with a melee, thrown or "
            "bow weapon, or bare hands"
        )
    reach_check(state, actor, target, used)
    check_attack(state, actor, target)


def _arm(actor: Warrior, action: FreeStealthAttack) -> Arm:
    """The weapon in hand the attack is made with, as a plain attack would take it."""
    return attacking_arm(actor, Attack(actor=actor.id, target=action.target, weapon=action.weapon))


def resolve(tx: Transaction, action: FreeStealthAttack) -> None:
    attacker, defender = fighter(tx.state, action.actor), fighter(tx.state, action.target)
    used = _arm(attacker, action)
    body = 0 if used.kind == "bow" else attacker.body
    tier = attacker.tier_of(used.name)
    bonus = attacker.reflex + used.skill + body + tier
    total = tx.roll(
        f"1d20+{bonus}", f"{attacker.id}'s free stealth attack on the Blind {defender.id}"
    )
    tx.emit(StealthStruck(attacker=attacker.id, target=defender.id, total=total))
    reveal(tx, attacker.id)
    armor = armor_against(tx.state, defender, nearest(attacker, defender.tile))
    land(
        tx,
        defender.id,
        f"{attacker.id}'s stealth attack with {used.name}",
        total - armor,
        f"{total} - {armor}",
    )
