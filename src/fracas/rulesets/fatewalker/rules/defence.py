"""Reactions and counterattacks against a strike (Evasions L3276-3324; the melee table's
parries, Step Inside and Parry/Riposte; the unarmed blocks, Unbalance and Block/Strike).

Three families, by what the seed says they do:

- **Evasions** (Dodge, Sidestep, and Step Inside, which "Counts as a dodge"): "Each success
  cancels one attack success. Defender wins in a tie" (option `dodge_tie`).
- **Parries and blocks** (Parry, Quick Parry, Power Parry; Block, Quick Block, Martial Block,
  Leg Check): "resolved as an Attack maneuver with the weapon in hand"; one that rolls the 2
  successes an attack needs stops the blow, and "Damage done on the parry maneuver cancels
  damage done on the attack": this module decides whether it stops; the strike flow has
  the parry's damage rolled (`stopped_damage`) and the damage pipeline, rules/harm.py,
  subtracts it (gap 7, options `parry` and `cancel`).
- **Counterattacks**: Step Inside (above, and it closes the range: "every 2 net successes
  added to the current Engage level"), Parry/Riposte and Block/Strike ("Resolve the actions
  separately, however if the block fails the attack is at a penalty equal to the attacker's
  net successes"), and Unbalance, a block with no damage whose successes cancel attack
  successes and whose net successes are added to the attacker's tick cost.

Modifiers on every defence: the row's bonus, the requisite shortfall, what the attack gives
its defences (Power Strike +1, Lightning Strike -1; Thrust -1 to evasions), the range's
evasion penalty, -2 for an unarmed defender against an armed attacker (L1671), -2 for a block
against a weapon, and Footwork's bonus dice (parries and evasions, at most 2).

Dice order: the defence's pool right after the attack's; a parry or block that stops the blow
rolls its damage just before the attack's damage; a riposte rolls after the attack is done.
"""

from __future__ import annotations

from dataclasses import dataclass

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.fatewalker.actions import UNARMED, Strike
from fracas.rulesets.fatewalker.events import (
    DamageCancelled,
    Defended,
    FootworkSet,
    ReactionTaken,
    Struck,
)
from fracas.rulesets.fatewalker.rules import harm, melee, roll
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, options, walker
from fracas.rulesets.fatewalker.rules.damage import DamagePool
from fracas.rulesets.fatewalker.rules.maneuvers import (
    EVASIONS,
    KICKS,
    MELEE,
    UNBLOCKABLE,
    Maneuver,
    shortfall,
)
from fracas.rulesets.fatewalker.rules.maneuvers import (
    UNARMED as UNARMED_TABLE,
)
from fracas.rulesets.fatewalker.sheet import Weapon
from fracas.rulesets.fatewalker.walker import Walker

EVADES = frozenset({"dodge", "sidestep", "step_inside"})
PARRIES = frozenset({"parry", "quick_parry", "power_parry", "parry_riposte"})
BLOCKS = frozenset(
    {"block", "quick_block", "martial_block", "leg_check", "unbalance", "block_strike"}
)
FOOTWORK_MAX = 2
"""Footwork: "Cannot add more than 2 dice to any individual maneuver"."""
LEAPING_OR_SPINNING = frozenset({"leap_kick", "spinning_kick"})
"""Leg Check blocks "anything but a leaping or spinning kick"."""
BLOCK_WEAPON = -2
"""Block: "Attempting to block weapons adds a -2 to the maneuver"."""
BOTH = -2
"""Parry/Riposte and Block/Strike: "-2 (to both)"."""


def row(name: str) -> Maneuver:
    if name == "parry_riposte":
        return MELEE["parry_riposte"]
    return EVASIONS.get(name) or MELEE.get(name) or UNARMED_TABLE[name]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a defence did to a strike, for the strike flow to finish it."""

    reaction: str | None
    cancels: int = 0
    """Attack successes cancelled."""
    defender_wins_ties: bool = False
    stop: DamagePool | None = None
    """The parry's or block's damage, when it stops the blow; its points cancel the hit's."""
    exposed: int = 0
    """fw-grapple: damage added to the hit (a Catch Strike with no success: its margin)."""


NONE = Outcome(None)


def in_hand(person: Walker) -> Weapon | None:
    """The weapon a parry uses: the first on the sheet (the sheet lists what is in hand
    first) that is in hand (fw-ranged: not holstered or dropped)."""
    return next((w for w in person.weapons if person.in_hand(w.id)), None)


def reacted_elsewhere(state: EncounterState, attacker: str, target: str) -> str | None:
    """L1431: anyone outside a simultaneous group "can only React or Preempt a single one of
    the simultaneous actions": why `target` cannot react to `attacker` now, or None."""
    done = walker(state, target).reacted
    if done is not None and done[0] == clock(state).tick and attacker in done[1]:
        return f"{target} has already reacted to one of the simultaneous {', '.join(done[1])}"
    return None


def group_now(state: EncounterState) -> tuple[str, ...]:
    """The simultaneous group whose declarations are resolving (or being declared) now: its
    members leave the clock's queue as each pays its cost, so the declarations tell."""
    now = clock(state)
    declared = tuple(d.combatant for d in now.declared)
    return declared if len(declared) > 1 else now.simultaneous


def check(state: EncounterState, action: Strike, reaction: str) -> None:
    """Refuse a reaction the target cannot make against this strike."""
    from fracas.rulesets.fatewalker.rules import reactions  # fw-shields

    if reactions.check(state, action, reaction):  # fw-shields: shield block, stop charge ...
        return
    target = walker(state, action.target)
    striker = action.do if action.weapon == UNARMED else "weapon"
    if reaction in PARRIES and in_hand(target) is None:
        raise IllegalAction(f"{target.id} cannot {reaction}: it has no weapon in hand")
    from fracas.rulesets.fatewalker.rules import brawl

    brawl.check_reaction(state, action, reaction)  # fw-grapple: catch strike, defensive throw
    if reaction in BLOCKS and action.do in UNBLOCKABLE:
        raise IllegalAction(f"a {action.do} cannot be blocked (it can be evaded)")
    if reaction == "leg_check" and (striker not in KICKS or striker in LEAPING_OR_SPINNING):
        raise IllegalAction(
            f"leg_check blocks a kick, knee strike or martial kick only, not this {action.do}"
        )


def react(tx: Transaction, action: Strike, plan: melee.Plan, reaction: str) -> Outcome:
    """Roll the target's defence against the strike and pay its cost."""
    if reaction == "none":
        return NONE
    state = tx.state
    if reacted_elsewhere(state, action.actor, action.target) is not None:
        return NONE  # its one reaction to this simultaneous group is spent (L1431)
    _notegroup_now(tx, action)
    from fracas.rulesets.fatewalker.rules import brawl, ground

    if reaction in brawl.COUNTERS:  # fw-grapple
        return brawl.react(tx, action, plan, reaction)
    from fracas.rulesets.fatewalker.rules import reactions  # fw-shields

    if reaction in reactions.OWN:  # fw-shields: shield block, stop charge, moving evasions
        return reactions.react(tx, action, plan, reaction)
    opts = options(state)
    defender = walker(state, action.target)
    maneuver = row(reaction)
    pool = _defence_pool(state, action, plan, defender, maneuver)
    guard = roll.Stakes(offensive=False, against=action.actor)  # fw-finish: theme powers
    successes = roll.roll(tx, defender.id, reaction.replace("_", " "), pool, opts, stakes=guard)
    spend_footwork(tx, action, reaction)
    TIMELINE.spend(tx, defender.id, _cost(defender, maneuver), reaction.replace("_", " "))
    if reaction in EVADES:
        ground.yield_top(tx, defender.id, action.actor)  # fw-grapple: the top evading
        return Outcome(reaction, successes, opts.dodge_tie == "defender")
    if reaction == "unbalance":
        return Outcome(reaction, successes)
    profile = _profile(defender, reaction)
    stops = successes >= roll.HIT
    tx.emit(
        Defended(
            defender=defender.id,
            attacker=action.actor,
            maneuver=reaction,
            successes=successes,
            stops=stops,
            pool=str(profile.pool),
        )
    )
    cancels = successes if opts.parry == "successes" else 0
    return Outcome(reaction, cancels, stop=profile.pool if stops else None)


def _notegroup_now(tx: Transaction, action: Strike) -> None:
    group = group_now(tx.state)
    if action.actor in group and action.target not in group:
        tx.emit(ReactionTaken(combatant=action.target, tick=clock(tx.state).tick, group=group))


def _profile(defender: Walker, reaction: str) -> Weapon:
    if reaction in PARRIES:
        weapon = in_hand(defender)
        assert weapon is not None
        return weapon
    maneuver = UNARMED_TABLE["block" if reaction == "block_strike" else reaction]
    assert maneuver.damage is not None
    return Weapon(id=reaction, damage=maneuver.damage, size=maneuver.size or "S", speed=6)


def _cost(defender: Walker, maneuver: Maneuver) -> int:
    weapon = in_hand(defender) if maneuver.table == "melee" else None
    if weapon is None:
        return max(1, maneuver.ticks or 1)
    return melee.tick_cost(maneuver, weapon)


def _defence_pool(
    state: EncounterState, action: Strike, plan: melee.Plan, defender: Walker, m: Maneuver
) -> roll.Pool:
    name = m.name
    armed_attack = action.weapon != UNARMED
    bonus = m.bonus - shortfall(m, defender.skills) + plan.maneuver.against_defence
    if name in EVADES:
        # Step Inside "Counts as a dodge for maneuver penalties (but not bonuses)"
        evasion = plan.maneuver.against_evasion
        bonus += min(0, evasion) if name == "step_inside" else evasion
        distance = melee.melee_range(state, action.actor, defender.id)
        bonus += melee.EVASION_PENALTY.get(distance, 0)
    if name in BLOCKS and armed_attack:
        bonus += BLOCK_WEAPON
    if armed_attack and not melee.is_armed(defender):
        bonus += melee.UNARMED_AGAINST_ARMED
    footwork = _footwork_dice(state, defender) if name in PARRIES | {"dodge", "sidestep"} else 0
    bonus += footwork
    from fracas.rulesets.fatewalker.rules import ground

    bonus += ground.burden(state, defender, name)  # fw-grapple: bottom -1, held -3
    dice = getattr(defender.attributes, m.attribute or "prowess")
    skill = getattr(defender.skills, m.skill or "agility")
    return roll.pool(
        dice, skill, bonus=bonus, wounds=defender.wound_penalty, cap=options(state).tn_cap
    )


def _footwork_dice(state: EncounterState, defender: Walker) -> int:
    if defender.footwork is None:
        return 0
    left, until = defender.footwork
    return min(left, FOOTWORK_MAX) if clock(state).tick <= until else 0


def spend_footwork(tx: Transaction, action: Strike, reaction: str) -> None:
    """Footwork's dice are spent as they are used ("once per success")."""
    defender = walker(tx.state, action.target)
    used = _footwork_dice(tx.state, defender)
    if used and defender.footwork is not None and reaction in PARRIES | {"dodge", "sidestep"}:
        left, until = defender.footwork
        tx.emit(FootworkSet(combatant=defender.id, dice=left - used, until=until))


def follow_up(
    tx: Transaction, action: Strike, plan: melee.Plan, outcome: Outcome, attack: int
) -> None:
    """What a counterattack does once the strike is done: Step Inside closes the range,
    Unbalance delays the attacker, a riposte or block-strike strikes back."""
    from fracas.rulesets.fatewalker.rules import reactions  # fw-shields

    reactions.follow_up(tx, action, plan, outcome, attack)  # fw-shields
    name = outcome.reaction
    net = outcome.cancels - attack
    from fracas.rulesets.fatewalker.rules import brawl

    brawl.follow_up(tx, action, outcome, attack)  # fw-grapple: catch strike, defensive throw
    if name == "step_inside" and net >= 0:
        _close(tx, action, net // 2)
    elif name == "unbalance" and net > 0:
        TIMELINE.spend(tx, action.actor, net, "unbalanced")
    elif name in ("parry_riposte", "block_strike"):
        failed = outcome.stop is None
        penalty = -(attack - outcome.cancels) if failed else 0
        _strike_back(tx, action, name, penalty)


def _close(tx: Transaction, action: Strike, steps: int) -> None:
    from fracas.rulesets.fatewalker.rules import engage

    engage.shift(tx, action.target, action.actor, -steps, "step inside")


def _strike_back(tx: Transaction, action: Strike, name: str, penalty: int) -> None:
    """The counter's strike: Prowess(Weaponry or Unarmed) at -2 and, after a failed parry or
    block, minus the attacker's net successes (a plain penalty, not a wound penalty). The
    attacker, mid-action, does not react to it: the counter resolves with its action."""
    state = tx.state
    opts = options(state)
    defender = walker(state, action.target)
    attacker = walker(state, action.actor)
    if not defender.is_active or not attacker.is_active:
        return
    weapon = _profile(defender, name) if name == "parry_riposte" else _strike_profile()
    skill = defender.skills.weaponry if name == "parry_riposte" else defender.skills.unarmed
    distance = melee.melee_range(state, defender.id, attacker.id)
    bonus = BOTH + penalty + (melee.size_penalty(weapon.size, distance) or 0)
    pool = roll.pool(
        defender.attributes.prowess,
        skill,
        bonus=bonus,
        wounds=defender.wound_penalty,
        cap=opts.tn_cap,
    )
    successes = roll.roll(tx, defender.id, f"{name.replace('_', ' ')} strike", pool, opts)
    hit = successes >= roll.HIT
    promoted = harm.promotions(successes, opts)
    dealt = harm.against(attacker, weapon.pool, weapon.type, promoted, opts)
    tx.emit(
        Struck(
            attacker=defender.id,
            target=attacker.id,
            weapon=weapon.id,
            successes=successes,
            reaction=None,
            defence=0,
            net=successes,
            hit=hit,
            pool=str(dealt if hit else weapon.pool),
        )
    )
    if hit:
        stun = name == "block_strike" or weapon.stun  # the unarmed Strike's damage is Stun
        harm.deal(tx, harm.Blow(target=attacker.id, pool=dealt, by=defender.id, stun=stun))


def _strike_profile() -> Weapon:
    strike = UNARMED_TABLE["strike"]
    assert strike.damage is not None
    return Weapon(id="strike", damage=strike.damage, size="S", speed=6)


def stopped_damage(tx: Transaction, defender: str, outcome: Outcome) -> int:
    """Roll the damage of a parry or block that stopped the blow: the points it cancels."""
    if outcome.stop is None:
        return 0
    normal, penetrating = harm.rolled(tx, outcome.stop, f"{outcome.reaction} by {defender}")
    normal += bracers(walker(tx.state, defender), outcome.reaction)  # fw-finish
    tx.emit(DamageCancelled(defender=defender, points=normal + penetrating))
    return normal + penetrating


BRACED = ("block", "quick_block", "martial_block", "block_strike", "block_projectile")
"""fw-finish: the unarmed table's blocks ("as Block", "superior block"), which metal bracers
help: "Metal bracers/guards add +1 damage" (Block, L3636)."""


def bracers(person: Walker, reaction: str | None) -> int:
    """The +1 a block's damage takes from metal bracers (gap 9: flat points)."""
    return 1 if person.bracers and reaction in BRACED else 0


PARRY_THREAT = 1.0
"""The decider parries attacks expected to roll this many successes (a tactic, not a rule):
lower than the dodge's, as a parry costs the weapon's speed - 2 ticks and a dodge 8."""


def preferred(state: EncounterState, action: Strike, threat: float) -> str:
    """The target's default defence, for the decider (a tactic, not a rule): a parry when
    the attack is a threat, its weapon meets the parry's requisites and the parry expects
    the 2 successes that stop a blow; else a dodge (which the decider may still forgo)."""
    target = walker(state, action.target)
    parry = MELEE["parry"]
    if threat >= PARRY_THREAT and _shield_pays(state, action, target):  # fw-shields
        return "shield_block"
    if threat < PARRY_THREAT or in_hand(target) is None or shortfall(parry, target.skills):
        return "dodge"
    plan = melee.plan(state, action)
    pool = _defence_pool(state, action, plan, target, parry)
    return "parry" if melee.expected(pool) >= roll.HIT else "dodge"


def _shield_pays(state: EncounterState, action: Strike, target: Walker) -> bool:
    """fw-shields: a shield block expecting 2 successes and more than a parry would."""
    from fracas.rulesets.fatewalker.rules import reactions

    parry = MELEE["parry"]
    expected = 0.0
    if in_hand(target) is not None and action.do != "shield_bash":
        plan = melee.plan(state, action)
        expected = melee.expected(_defence_pool(state, action, plan, target, parry))
    return reactions.preferred(state, action, expected)
