"""The contested exchange (seed 001, "Damage Cheatsheet", "Being Attacked & Shields").

"Both players involved add 1d20 + reflex + skill, then declare totals. The player with the
highest total adds the difference between the two totals to their damage. Only the player
with the highest roll gets to add damage for each interaction, regardless of who declared
the attack."

    Melee damage  = (roll difference + body + weapon bonus) - (armor bonus)
    Bow damage    = (roll difference + weapon bonus) - (armor bonus)
    Thrown damage = (roll difference + weapon bonus + body) - (armor bonus)

The weapon bonus is the weapon's Tier, the armor bonus the armor's Tier (with cloaks and
natural armor; the cloaks only under `cloaks_add_to_armor`, B12) plus the shield's when the
blow comes from the front (B4). Negative damage is no damage, or 1 under `min_damage: 1`
(B3); the formulas live in rules/damage.py, crossbow and firearm shots in
rules/shooting.py, and the low-light bonus a defender gets against shots in rules/light.py.

Two melee weapons (or bare hands) wielded together throw a d20 each and keep the higher, or
the lower when the roller declares `keep: lower` (B6),
with the lower skill and Tier (rules/arms.together). The defender answers with any melee
weapon it carries or bare hands (it may swap freely; by default a pair in hand that both
reach, else the best single answer): if it wins and the attacker stands within that answer's
reach it counterattacks with the melee formula; otherwise it dodges (bare hands, without a
race's natural weapon, dodge too under `unarmed_counterattacks: false`, B18). Bows never
counterattack. Against a projectile the defender "may add any weapon skill bonus – even if
nothing is equipped": its best weapon skill.
An unconscious defender "may not use any dice, stats or skills in defense": its total is 0
and no die is rolled for it (B8).

Dice order: the attacker's d20 (or d20s), then the defender's, then (on a tie with `tie:
reroll`) the same again; crit effects roll no dice.
"""

from __future__ import annotations

import dataclasses

from fracas.core.errors import IllegalAction
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.tiers.actions import Attack
from fracas.rulesets.tiers.events import ActionSpent, AttackCalledOff, ExchangeRolled, Loaded
from fracas.rulesets.tiers.rules import (
    blindness,
    cover,
    crits,
    damage,
    dodging,
    light,
    shooting,
    turning,
)
from fracas.rulesets.tiers.rules.arms import Arm, arm, default_defense, dual_defense, together
from fracas.rulesets.tiers.rules.common import (
    armor_bonus,
    fighter,
    gap_between,
    grid,
    nearest,
    options,
    require_action,
    require_target,
    shield_against,
    standing,
)
from fracas.rulesets.tiers.rules.harm import land
from fracas.rulesets.tiers.sheet import UNARMED
from fracas.rulesets.tiers.warrior import Warrior

MAX_REROLLS = 20
"""Past this many tied re-rolls (only scripted dice get there) the tie stands: no winner."""


def attacking_arm(actor: Warrior, action: Attack) -> Arm:
    first = _one_arm(actor, action.weapon or actor.main or UNARMED)
    if action.also is None:
        if action.third is not None:
            raise IllegalAction("third: a third weapon joins two wielded together; name `also`")
        return first
    second = _one_arm(actor, action.also)
    if not (first.strikes_in_melee and second.strikes_in_melee):
        raise IllegalAction(
            "dual wielding takes two melee weapons (or bare hands), not "
            f"{first.name} ({first.kind}) and {second.name} ({second.kind})"
        )
    if first.name == second.name and first.name != UNARMED:
        raise IllegalAction(f"{first.name} is one weapon; dual wielding takes a second one")
    # both weapons are in hand (checked above), so neither is two-handed
    weapons = [actor.weapon(a.name) for a in (first, second)]
    bare = sum(w is None for w in weapons)
    if bare > _free_hands(actor):
        raise IllegalAction(
            f"{actor.id} has {_free_hands(actor)} free hand(s); {first.name} and {second.name} "
            f"need {bare}"
        )
    if action.third is None:
        return together(actor, first, second)
    return together(actor, first, second, _third_arm(actor, first, second, action.third))


def _third_arm(actor: Warrior, first: Arm, second: Arm, name: str, field: str = "third") -> Arm:
    """A third weapon needs a third limb: with both hands on `weapon` and `also`, only a
    race's natural weapon (`natural_weapon` above T0 on its sheet: a tail, horns) can strike
    beside them, and only when neither hand strikes unarmed already. The same holds for a
    defender's pair (`defender_third`, B60)."""
    if name != UNARMED:
        raise IllegalAction(
            f"{field}: {actor.id}'s hands hold {first.name} and {second.name}; a third weapon "
            "can only be the race's natural weapon (`unarmed`)"
        )
    if UNARMED in (first.name, second.name):
        raise IllegalAction(f"{field}: {actor.id} already strikes unarmed with a hand")
    if actor.race.natural_weapon == 0:
        raise IllegalAction(
            f"{field}: {actor.id}'s race has no natural weapon (a tail, horns) to strike with "
            "beside its two hands"
        )
    return arm(actor, UNARMED)


def _free_hands(actor: Warrior) -> int:
    return (actor.main is None) + (actor.off is None and not actor.shield_equipped)


def _one_arm(actor: Warrior, name: str) -> Arm:
    if name == UNARMED:
        if not actor.in_hand(UNARMED):
            raise IllegalAction(
                f"{actor.id} has no free hand to strike unarmed; swap one to unarmed (free)"
            )
        return arm(actor, UNARMED)
    if actor.weapon(name) is None:
        carried = ", ".join([w.id for w in actor.weapons] + [UNARMED])
        raise IllegalAction(f"{actor.id} carries no weapon {name!r}; it has: {carried}")
    if not actor.in_hand(name):
        held = ", ".join(actor.wielded) or "nothing"
        raise IllegalAction(
            f"{name} is not in {actor.id}'s hands (it holds {held}); swap to it first "
            "(swap is a free action)"
        )
    return arm(actor, name)


def reach_check(state: EncounterState, actor: Warrior, target: Warrior, used: Arm) -> None:
    """Range and reach count to the target's nearest tile, and the line of sight runs there:
    a large creature is struck at whatever part of it is within reach (B21)."""
    gap = gap_between(actor, target)
    aim = nearest(target, actor.tile)
    if used.projectile:
        weapon = actor.weapon(used.name)
        assert weapon is not None and weapon.range is not None
        reach = weapon.range + actor.race.range_bonus
        what = f"{used.name} has a range of {reach}"
    else:
        reach = used.reach
        what = f"{used.name} reaches {reach}"
    if gap > reach:
        raise IllegalAction(f"{target.id} is {gap} squares away ({target.x}, {target.y}); {what}")
    if target.id in actor.bumped:
        return  # they met where their lines crossed (B32): nothing stood between them there
    board = grid(state)
    if board.sight_blocked(actor.tile, aim):
        raise IllegalAction(
            f"a wall or terrain stands between {actor.id} and {target.id}; nothing attacks "
            "through solid walls"
        )
    if used.projectile:
        taken = standing(state)
        for tile in board.line(actor.tile, aim):
            if taken.get(tile, target.id) not in (target.id, actor.id):
                raise IllegalAction(
                    f"{taken[tile]} stands in the line of fire at {tile}; a projectile may "
                    "not be used through a wall of allies or enemies"
                )
        cover.require_whole_view(state, actor, target)


def _defense(defender: Warrior, gap: int, action: Attack) -> Arm:
    if action.defender_third is not None:
        return _defending_three(defender, gap, action, action.defender_third)
    if action.defend_with is None:
        return dual_defense(defender, gap) or default_defense(defender, gap)
    if action.defend_with != UNARMED and defender.weapon(action.defend_with) is None:
        carried = ", ".join([w.id for w in defender.weapons] + [UNARMED])
        raise IllegalAction(
            f"{defender.id} carries no weapon {action.defend_with!r} to defend with; it has: "
            f"{carried}"
        )
    return arm(defender, action.defend_with)


def _defending_three(defender: Warrior, gap: int, action: Attack, name: str) -> Arm:
    """The defender's pair and its natural weapon, all in range: "an additional 1d20 for each
    weapon wielded & in range during the contested-action" (l.140), which the seed says of
    whoever multi-wields; its extra dice only "if both melee weapons they are wielding are
    within range" (l.160), so the pair must reach, and the third too (B60)."""
    if action.defend_with is not None:
        raise IllegalAction(
            "defender_third: a third die joins the defender's pair in hand; drop defend_with "
            f"({action.defend_with}), which answers with one weapon"
        )
    pair = dual_defense(defender, gap)
    if pair is None:
        raise IllegalAction(
            f"defender_third: {defender.id} answers with no pair of one-handed melee weapons "
            f"in hand that both reach {gap} squares; a third die joins such a pair"
        )
    first, second = (arm(defender, name) for name in pair.parts)
    third = _third_arm(defender, first, second, name, "defender_third")
    if third.reach < gap:
        raise IllegalAction(
            f"defender_third: {defender.id}'s natural weapon reaches {third.reach}, the "
            f"attacker is {gap} squares away; only a weapon in range adds a die"
        )
    return together(defender, first, second, third)


def _sure(state: EncounterState, actor: Warrior, target: Warrior, used: Arm) -> bool:
    """Whether the attack is a crossbow's or firearm's sure shot (non-contested, no roll).
    With `low_light_sure_hits: contested` (B28) a shot that Low Light would penalise is no
    sure hit: it is rolled, the defender adding its bonus, and takes the contested action
    (a crossbow's then deals bow damage, as beyond its skill under B9)."""
    weapon = actor.weapon(used.name)
    if weapon is None or not weapon.reloads:
        return False
    shooting.require_loaded(actor, weapon)
    if not shooting.is_sure(state, actor, weapon, gap_between(actor, target)):
        return False
    if options(state).low_light_sure_hits == "unaffected":
        return True
    return light.low_light_penalty(state, actor, target) == 0


def verify(state: EncounterState, action: Attack) -> None:
    actor = fighter(state, action.actor)
    require_action(actor, contested=False)
    target = fighter(state, action.target)
    require_target(actor, target)
    used = attacking_arm(actor, action)
    reach_check(state, actor, target, used)
    blindness.check_attack(state, actor, target)
    if not _sure(state, actor, target, used):
        require_action(actor, contested=True)
    answer = _defense(target, gap_between(actor, target), action)
    _check_picks(state, actor, used, target, answer, action)
    if action.dodge is not None and action.cover is not None:
        raise IllegalAction("a shot is interrupted by a `dodge` or a `cover`, not both")
    if action.dodge is not None:
        dodging.verify(state, target, action.dodge)
    if action.cover is not None:
        if not used.projectile:
            raise IllegalAction(
                f"cover is stepped into against incoming fire; {used.name} is a melee attack"
            )
        dodging.verify_cover(state, actor, target, action.cover)


def _check_picks(
    state: EncounterState, actor: Warrior, used: Arm, target: Warrior, answer: Arm, action: Attack
) -> None:
    """Refuse, before any die is thrown, a crit pick that names nothing the rules let its
    roller lower as things stand now."""
    forced = options(state).natural_crit_fail == "used_weapon"
    if action.keep != "higher" and used.dice == 1:
        raise IllegalAction(
            f"keep: {actor.id} throws one d20 with {used.name}; choosing a die takes two "
            "weapons wielded together (`also`)"
        )
    if action.defender_keep != "higher" and answer.dice == 1:
        raise IllegalAction(
            f"defender_keep: {target.id} answers with {answer.name}, one d20; choosing a die "
            "takes a pair of weapons that both reach"
        )
    if action.crit_item is not None:
        crits.check_hit_pick(target, answer, action.crit_item, "crit_item")
    if action.fumble_item is not None:
        crits.check_fail_pick(actor, used, action.fumble_item, "fumble_item", forced=forced)
    if action.defender_crit_item is not None:
        crits.check_hit_pick(actor, used, action.defender_crit_item, "defender_crit_item")
    if action.defender_fumble_item is not None:
        crits.check_fail_pick(
            target, answer, action.defender_fumble_item, "defender_fumble_item", forced=forced
        )


def armor_against(state: EncounterState, defender: Warrior, attacker_tile: tuple[int, int]) -> int:
    """Armor, plus the shield in hand against a blow from the front arc (TIERS-10, TIERS-77)."""
    return armor_bonus(state, defender) + shield_against(state, defender, attacker_tile)


def resolve(tx: Transaction, action: Attack) -> None:
    attacker = fighter(tx.state, action.actor)
    defender = fighter(tx.state, action.target)
    if action.dodge is not None:
        dodging.resolve(tx, defender, action.dodge)
        return  # "the attack action did not happen"
    if action.cover is not None:
        ally = dodging.covering_ally(tx.state, attacker, defender, action.cover.by)
        dodging.resolve(tx, ally, action.cover.to, "cover")
        if options(tx.state).cover_move == "cancels":
            return  # "the attacking creature can change their action or choose new targets"
        try:  # B65 proceeds: the same shot, from the ground as it now stands
            verify(tx.state, dataclasses.replace(action, cover=None))
        except IllegalAction as error:
            tx.emit(AttackCalledOff(attacker=attacker.id, target=defender.id, why=str(error)))
            return
    gap = gap_between(attacker, defender)
    used = attacking_arm(attacker, action)
    weapon = attacker.weapon(used.name)
    if weapon is not None and weapon.reloads:
        sure = _sure(tx.state, attacker, defender, used)  # asked while still loaded
        tx.emit(Loaded(combatant=attacker.id, weapon=weapon.id, loaded=False))
        if sure:
            shield = shield_against(tx.state, defender, nearest(attacker, defender.tile))
            shooting.sure_shot(
                tx, attacker, defender, weapon, armor_bonus(tx.state, defender), shield
            )
            return
    answer = _defense(defender, gap, action)
    tx.emit(ActionSpent(combatant=attacker.id, action=f"attack {defender.id}", contested=True))
    defense_skill = defender.skills.best_weapon_skill() if used.projectile else answer.skill
    gloom = light.low_light_penalty(tx.state, attacker, defender)
    why = f"{attacker.id} attacks {defender.id}"
    for attempt in range(MAX_REROLLS + 1):
        attack_mod = attacker.reflex + used.skill
        attack_total = tx.roll(
            f"{_d20s(used, action.keep)}+{attack_mod}", f"{why}: {attacker.id} with {used.name}"
        )
        attack_face = attack_total - attack_mod
        if defender.is_active:
            defense_mod = defender.reflex + defense_skill + gloom
            dim = f" (+{gloom} low light)" if gloom else ""
            defense_total = tx.roll(
                f"{_d20s(answer, action.defender_keep)}+{defense_mod}",
                f"{why}: {defender.id} defends with {answer.name}{dim}",
            )
            defense_face: int | None = defense_total - defense_mod
        else:
            defense_total, defense_face = 0, None
        if attack_total != defense_total:
            break
        if options(tx.state).tie != "reroll" or attempt == MAX_REROLLS:
            break
    winner = _winner(tx.state, attack_total, defense_total)
    tx.emit(
        ExchangeRolled(
            attacker=attacker.id,
            defender=defender.id,
            weapon=used.name,
            defense=answer.name,
            attack_total=attack_total,
            defense_total=defense_total,
            winner=winner,
        )
    )
    if winner == "defender" and defender.is_active:
        turning.turn_to(tx, defender.id, attacker.id)
    if _crits_count(tx.state, defense_face):
        picks = crits.Picks(
            attacker_hit=action.crit_item,
            attacker_fail=action.fumble_item,
            defender_hit=action.defender_crit_item,
            defender_fail=action.defender_fumble_item,
        )
        crits.apply_crits(
            tx, attacker.id, used, attack_face, defender.id, answer, defense_face, picks
        )
    _damage(tx, attacker.id, defender.id, used, answer, abs(attack_total - defense_total), winner)


def _crits_count(state: EncounterState, defense_face: int | None) -> bool:
    """Whether this exchange's natural 20s and 1s count. Against an unconscious defender no
    die answers the attacker's: with `uncontested_crits: false` that is no "contested roll in
    combat" (B26), so its d20 makes no crit."""
    opts = options(state)
    return opts.crits and (defense_face is not None or opts.uncontested_crits)


def _winner(state: EncounterState, attack_total: int, defense_total: int) -> str:
    if attack_total > defense_total:
        return "attacker"
    if defense_total > attack_total:
        return "defender"
    return "defender" if options(state).tie == "defender" else "none"


def _damage(
    tx: Transaction,
    attacker_id: str,
    defender_id: str,
    used: Arm,
    answer: Arm,
    difference: int,
    winner: str,
) -> None:
    attacker, defender = fighter(tx.state, attacker_id), fighter(tx.state, defender_id)
    if winner == "attacker":
        tier = _tier_now(attacker, used)
        weapon = attacker.weapon(used.name)
        if weapon is not None and weapon.kind == "firearm":
            amount, formula = damage.firearm(
                tier, weapon.ammo or 0, shooting.firearm_shield(tx.state, attacker, defender)
            )
        else:
            armor = armor_against(tx.state, defender, nearest(attacker, defender.tile))
            amount, formula = damage.contested(used.kind, difference, attacker.body, tier, armor)
        land(tx, defender.id, f"{attacker.id}'s {used.name}", amount, formula)
    elif winner == "defender":
        gap = gap_between(attacker, defender)
        reach = blindness.reach_towards(tx.state, defender, attacker, answer.reach)
        if not answer.strikes_in_melee or gap > reach:
            return  # "If they are outside melee range, they will simply dodge"
        if not _wields_a_weapon(tx.state, defender, answer):
            return  # B18 unarmed_counterattacks: false: bare hands only dodge
        if options(tx.state).attacker_faces_target and not attacker.large:
            # B43: turned to its target, the attacker meets the counterattack face on
            shield = attacker.shield if attacker.shield_equipped else 0
            armor = armor_bonus(tx.state, attacker) + shield
        else:
            armor = armor_against(tx.state, attacker, nearest(defender, attacker.tile))
        tier = _tier_now(defender, answer)
        amount, formula = damage.contested("melee", difference, defender.body, tier, armor)
        land(tx, attacker.id, f"{defender.id}'s counterattack with {answer.name}", amount, formula)


def _wields_a_weapon(state: EncounterState, defender: Warrior, answer: Arm) -> bool:
    """Whether the winning defender counterattacks "wielding a melee weapon" (l.25), B18. Bare
    hands count unless the table reads that phrase strictly (`unarmed_counterattacks: false`);
    then a weapon among those answering, or the race's natural weapon (claws keep counting at
    T0: "they will still function correctly at Tier 0", l.170), is needed."""
    if options(state).unarmed_counterattacks or defender.race.natural_weapon > 0:
        return True
    return any(name != UNARMED for name in answer.parts or (answer.name,))


def _tier_now(who: Warrior, used: Arm) -> int:
    """The weapon's Tier after any crit of this same exchange; a pair's lowest."""
    names = used.parts or (used.name,)
    return min(who.natural_weapon if name == UNARMED else who.tier_of(name) for name in names)


def _d20s(used: Arm, keep: str = "higher") -> str:
    """One d20, or with weapons wielded together one each, the chosen one kept (B6: the
    higher by default, so a 1 on the other die is no critical failure; `keep: lower` keeps
    the lower, and then an unkept 20 is no critical hit)."""
    if used.dice == 1:
        return "1d20"
    return f"{used.dice}d20{'kl1' if keep == 'lower' else 'kh1'}"
