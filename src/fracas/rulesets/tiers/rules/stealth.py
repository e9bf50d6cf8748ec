"""Stealth attacks (seed 001, "Stealth attacks", "Being Attacked & Shields").

"The contested roll for skill is; both players throw dice as: 1d20 + presence + Stealth ...
If the character initiating the stealth skill check wins, they get a special attack (as a
free action) & their opponent cannot roll or add stat/skill bonus in defense. If the
character initiating the stealth attack loses the roll, they ... essentially waste their
contested action that round." "The Stealth skill may be used in combat any time a character
is behind their opponent."

    Stealth damage with melee  = (1d20 + reflex + skill + body + weapon) - (armor)
    Stealth damage with thrown = (1d20 + reflex + skill + body + weapon) - (armor)
    Stealth damage with bow    = (1d20 + reflex + skill + weapon) - (armor)

"If a character is attacked from a Stealth attack from the rear ... they will not turn to
face their opponent & no shield bonus is applied": armor only (B11). The special attack
rolls a new d20 (B11) and is not a contested roll, so it has no crits. Equal Stealth totals
follow the `tie` option (B1): only `reroll` can make them a win.

Dice order: the initiator's Stealth d20, the defender's, then the attack's d20.
"""

from __future__ import annotations

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Attack, StealthAttack
from fracas.rulesets.tiers.events import ActionSpent, ExchangeRolled
from fracas.rulesets.tiers.rules import light
from fracas.rulesets.tiers.rules.common import (
    armor_bonus,
    fighter,
    in_front,
    nearest,
    options,
    require_action,
    require_target,
)
from fracas.rulesets.tiers.rules.exchange import MAX_REROLLS, attacking_arm, reach_check
from fracas.rulesets.tiers.rules.harm import deal
from fracas.rulesets.tiers.rules.reveal import reveal
from fracas.rulesets.tiers.warrior import Warrior

STEALTH_KINDS = frozenset({"melee", "unarmed", "thrown", "bow"})


def _as_attack(action: StealthAttack) -> Attack:
    return Attack(actor=action.actor, target=action.target, weapon=action.weapon)


def verify(state: EncounterState, action: StealthAttack) -> None:
    actor = fighter(state, action.actor)
    require_action(actor, contested=True)
    target = fighter(state, action.target)
    require_target(actor, target)
    used = attacking_arm(actor, _as_attack(action))
    if used.kind not in STEALTH_KINDS:
        raise IllegalAction(
            f"the seed gives stealth damage for melee, thrown and bow attacks, not a {used.kind}"
        )
    reach_check(state, actor, target, used)
    if in_front(state, target, nearest(actor, target.tile)):
        raise IllegalAction(
            f"{actor.id} is in {target.id}'s front arc; a stealth attack comes from behind the "
            "opponent (its rear three squares, or farther off behind its centre line)"
        )


def _stealth_roll(tx: Transaction, who: Warrior, why: str, bonus: int = 0) -> int:
    return tx.roll(f"1d20+{who.presence + who.skills.stealth + bonus}", f"{why}: {who.id} stealth")


def resolve(tx: Transaction, action: StealthAttack) -> None:
    attacker = fighter(tx.state, action.actor)
    defender = fighter(tx.state, action.target)
    used = attacking_arm(attacker, _as_attack(action))
    tx.emit(
        ActionSpent(combatant=attacker.id, action=f"stealth attack {defender.id}", contested=True)
    )
    why = f"{attacker.id} sneaks on {defender.id}"
    for attempt in range(MAX_REROLLS + 1):
        mine = _stealth_roll(tx, attacker, why, light.stealth_bonus(tx.state, attacker, defender))
        theirs = _stealth_roll(tx, defender, why) if defender.is_active else 0
        if mine != theirs or options(tx.state).tie != "reroll" or attempt == MAX_REROLLS:
            break
    won = mine > theirs
    tx.emit(
        ExchangeRolled(
            attacker=attacker.id,
            defender=defender.id,
            weapon="stealth",
            defense="stealth",
            attack_total=mine,
            defense_total=theirs,
            winner="attacker" if won else ("none" if mine == theirs else "defender"),
        )
    )
    if not won:
        return
    body = 0 if used.kind == "bow" else attacker.body
    tier = attacker.tier_of(used.name)
    modifier = attacker.reflex + used.skill + body + tier
    rolled = tx.roll(f"1d20+{modifier}", f"{why}: stealth attack with {used.name}")
    reveal(tx, attacker.id)
    armor = armor_bonus(tx.state, defender)
    deal(
        tx,
        defender.id,
        f"{attacker.id}'s stealth attack with {used.name}",
        rolled - armor,
        f"{rolled - modifier} + {attacker.reflex} + {used.skill} + {body} + T{tier} - {armor}",
    )
