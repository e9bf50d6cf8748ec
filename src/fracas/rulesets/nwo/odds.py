"""How the odds of an `nwo` action are read (docs/architecture.md, "Odds of an action"), and
the closed form of a plain attack.

The panel reads a roll's faces only as a pair: its sum and whether it is a double (A1, A2;
advantage keeps the better pair by total, then by crit). Neither depends on which die shows
which face, so the walk branches over the 21 bags of 2d6 with their weights, not the 36
ordered pairs. The outcome is the first strike's result as `attack.defend` names it (`hit`,
`critical`, `parry`, `defense_critical`, `miss`), or `stray` when a character in the line
of fire was hit instead; each crit effect that took effect is an effect (`stun`,
`extra_attack_same_target`, `canister` ...).

**The closed form** (`exact_odds`). Enumeration runs the resolver once per bag of the two
panel rolls (441 runs, about 35 ms), and a crit chain of extra attacks multiplies that past
any bound, so the handgun, the short blade and the submachine gun were only sampled. Yet a
plain strike reads its dice only as each kept pair's (total, crit), and what follows reads
only the strike's result: hit and critical deal their damage (armor hitpoints first), a
critical sets off the weapon's effect, and an extra attack is one more strike of the same
kind against what the target has left. So:

1. the kept pair's (total, crit) is counted over every face of the pair (or the two pairs of
   advantage, or the three dice of `three_dice_keep_two`), once per edge and crit faces;
2. one strike's results are those of the attack's ranks against the defense's, by the rules
   of `attack.defend` (both crit: a parry; a defense crit wins; an attack crit wins under
   `crit_wins`; else the totals, a tie a parry). Under `parry: reroll` a parry is rolled
   again until it is not one, so each other result's chance is divided by one less the
   parry's: the sum of the geometric series (enumeration cannot do this: the re-rolls have
   no end, and it gives up);
3. the chain is a recursion over (strike number, armor hitpoints, HP, rounds left, target
   standing): a critical whose effect is an extra attack strikes again while the target
   stands, the magazine has a round and the chain is under `max_crit_chain`. Only the first
   strike has the shooter's Focus and the help bonus: both are spent by it.

Anything a plain strike does not hold returns None and the walk answers instead: an option
or a state whose rules roll more dice or read the totals (legacy throwables, overwatch
anywhere, characters in the line of fire, flamethrowers and their canisters, a grappler's
break-free, the machine gun's and unarmed crit's choices, a shotgun's named targets, a
revolver's other target, a long blunt's shove away, a human shield under a chain). Tests
(tests/odds/test_closed_forms.py) hold it to the enumeration and the brute force.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from fracas.core.actions import Action
from fracas.core.events import Event
from fracas.core.odds import ActionOdds, OddsModel, Tally, build, generic_reading
from fracas.core.state import EncounterState
from fracas.rulesets.nwo.events import AttackResolved
from fracas.rulesets.nwo.rules.crits import WeaponEffect


def reading(
    before: EncounterState, action: Action, events: Sequence[Event]
) -> tuple[str, frozenset[str]]:
    first = next(
        (e for e in events if isinstance(e, AttackResolved) and e.attacker == action.actor), None
    )
    if first is None:
        return generic_reading(before, action, events)
    aimed = getattr(action, "target", None)
    outcome = first.result if first.target == aimed else "stray"
    effects = frozenset(e.effect for e in events if isinstance(e, WeaponEffect) and e.performed)
    return outcome, effects


ODDS = OddsModel(reads="multisets", reader=reading)

# -- the closed form ----------------------------------------------------------------------------

Rank = tuple[int, bool]
"""A kept pair as the rules read it: its total (without modifier) and whether it crits."""

Results = tuple[tuple[str, Fraction], ...]
"""One strike's results (`hit`, `critical`, `parry`, `defense_critical`, `miss`) -> chance."""

PLAIN_EFFECTS = frozenset(
    {"stun", "blade_advantage", "spear_grapple", "stuck_bolt", "suppress_target"}
    | {"top_of_next_round", "shove"}
)
"""Crit effects that always take effect and change nothing the odds measure (conditions,
the round order): the effect is named and that is all."""
CHAINS = frozenset({"extra_attack_same_target", "extra_attack"})
"""Crit effects that strike the same target again (the revolver's other target is left out)."""


@lru_cache(maxsize=256)
def kept_pair(edge: int, crit: tuple[int, ...], mode: str) -> tuple[tuple[Rank, Fraction], ...]:
    """The kept pair's (total, crit) and its chance, over every face the panel rolls: one
    pair, or (A2) two pairs keeping the better (`panel._preferred`), or three dice keeping
    the best or worst two. Counted face by face, as `panel.roll` keeps them, because the crit
    is read off the pair and a distribution of totals (core.distribution) forgets it."""
    from fracas.rulesets.nwo.rules import panel

    faces = range(1, 7)
    ways: dict[Rank, int] = {}
    if edge == 0:
        kept = (pair for pair in itertools.product(faces, repeat=2))
    elif mode == "three_dice_keep_two":
        kept = (
            tuple(sorted(dice, reverse=edge > 0)[:2]) for dice in itertools.product(faces, repeat=3)
        )
    else:
        kept = (
            second if panel._preferred(second, first, edge, crit) else first
            for first in itertools.product(faces, repeat=2)
            for second in itertools.product(faces, repeat=2)
        )
    count = 0
    for pair in kept:
        rank = (pair[0] + pair[1], panel.is_double(pair, crit))
        ways[rank] = ways.get(rank, 0) + 1
        count += 1
    return tuple((rank, Fraction(n, count)) for rank, n in sorted(ways.items()))


@lru_cache(maxsize=1024)
def exchange(
    attack: tuple[tuple[Rank, Fraction], ...],
    attack_modifier: int,
    defense: tuple[tuple[Rank, Fraction], ...] | None,
    defense_modifier: int,
    crit_wins: bool,
    reroll: bool,
) -> Results:
    """One strike's results, as `attack.defend` decides them; `defense` None: the target is
    down and rolls nothing (an attack crit is a critical, anything else a hit)."""
    found: dict[str, Fraction] = {}

    def add(result: str, p: Fraction) -> None:
        found[result] = found.get(result, Fraction(0)) + p

    for (a_total, a_crit), pa in attack:
        if defense is None:
            add("critical" if a_crit else "hit", pa)
            continue
        a = a_total + attack_modifier
        for (d_total, d_crit), pd in defense:
            d = d_total + defense_modifier
            if d_crit:
                add("parry" if a_crit else "defense_critical", pa * pd)
            elif a_crit and (crit_wins or a > d):
                add("critical", pa * pd)
            elif a > d:
                add("hit", pa * pd)
            else:
                add("parry" if a == d else "miss", pa * pd)
    if reroll and "parry" in found:
        stays = 1 - found.pop("parry")  # the re-rolls' geometric series
        found = {k: p / stays for k, p in found.items()}
    return tuple(sorted(found.items()))


@dataclasses.dataclass(frozen=True, slots=True)
class _Chain:
    """What every strike of one attack shares, and the recursion over the chain's states."""

    first: Results
    """The first strike's results (with the shooter's Focus and help)."""
    later: Results
    """An extra attack's results (Focus and help spent)."""
    down_first: Results
    down_later: Results
    """The same against a target that is down and rolls no defense."""
    damage: int
    crit_damage: int
    effect: str
    """The crit effect's name as logged, or '' for none that the odds see."""
    chains: bool
    cap: int
    spends: bool
    """Each strike fires a round (a gun with a magazine)."""

    def strike(
        self, k: int, ahp: int, hp: int, rounds: int | None, standing: bool
    ) -> list[tuple[str, int, frozenset[str], Fraction]]:
        """Strike number `k` and all it sets off: (result, HP left, effects, chance)."""
        return _strike(self, k, ahp, hp, rounds, standing)


@lru_cache(maxsize=4096)
def _strike(
    chain: _Chain, k: int, ahp: int, hp: int, rounds: int | None, standing: bool
) -> list[tuple[str, int, frozenset[str], Fraction]]:
    if chain.spends and rounds is not None:
        rounds = max(0, rounds - 1)
    if standing:
        results = chain.first if k == 0 else chain.later
    else:
        results = chain.down_first if k == 0 else chain.down_later
    found: list[tuple[str, int, frozenset[str], Fraction]] = []
    for result, p in results:
        if result not in ("hit", "critical"):
            found.append((result, hp, frozenset(), p))
            continue
        amount = chain.crit_damage if result == "critical" else chain.damage
        to_armor = min(ahp, amount)
        left_ahp, left_hp = ahp - to_armor, max(0, hp - (amount - to_armor))
        still = standing and left_hp > 0
        if result != "critical" or not chain.effect:
            found.append((result, left_hp, frozenset(), p))
            continue
        if not chain.chains:
            found.append((result, left_hp, frozenset({chain.effect}), p))
            continue
        if not still or k + 1 > chain.cap or rounds == 0:
            found.append((result, left_hp, frozenset(), p))  # the extra attack is forgone
            continue
        named = frozenset({chain.effect})
        for _, end_hp, more, q in _strike(chain, k + 1, left_ahp, left_hp, rounds, still):
            found.append((result, end_hp, named | more, p * q))
    return found


def exact_odds(ruleset: object, state: EncounterState, action: Action) -> ActionOdds | None:
    """The odds of a plain `attack` in closed form (module doc), or None for the walk."""
    from fracas.core.odds_walk import ORDER
    from fracas.rulesets.nwo.actions import Attack
    from fracas.rulesets.nwo.catalog import IMPROVISED
    from fracas.rulesets.nwo.rules import attack, holds, support
    from fracas.rulesets.nwo.rules.common import (
        FOCUSED,
        GRAPPLED,
        HELPED,
        NO_ESCAPE,
        OVERWATCH,
        fighter,
        options,
    )

    if not isinstance(action, Attack):
        return None
    opts = options(state)
    if opts.legacy_throwables or state.bearers(OVERWATCH):
        return None
    attacker = fighter(state, action.actor)
    target = fighter(state, action.target)
    weapon = attack.chosen_weapon(attacker, action.weapon)
    if any(w.effect == "flame_area" for w in (weapon, *target.in_hand)):
        return None  # flames read the attack total; a canister rolls its own d6
    grapple = attacker.condition(GRAPPLED)
    if grapple is not None and grapple.source == target.id and not attacker.has(NO_ESCAPE):
        return None  # a hit rolls the break-free contest
    shield = holds.shield_against(state, attacker, target, weapon)
    if weapon.is_ranged and any(
        shield is None or o.id != shield.id
        for o in attack.characters_in_the_way(state, attacker, target)
    ):
        return None  # each one in the line of fire rolls against the attack total
    effect = _effect(state, action, weapon.effect, target.id)
    if effect is None:
        return None
    chains = effect in CHAINS
    if chains and shield is not None:
        return None  # a shield hit by the misses may fall mid-chain

    if weapon.is_ranged:
        modifier = attack.ranged_modifier(state, attacker)
        covered = attack.in_cover(
            state, attacker, target, weapon, besides=None if shield is None else shield.id
        )
        defense_modifier = attack.COVER_BONUS if covered else 0
        defense_crit: tuple[int, ...] = attack.RANGED_DEFENSE_CRIT
    else:
        modifier = attack.melee_modifier(state, attacker, weapon)
        guard = attack.defending_weapon(target, action.defend_with)
        defense_modifier = attack.melee_modifier(state, target, guard)
        defense_crit = guard.crit
    help_bonus = support.help_bonus(state, attacker)
    spent = attacker
    if weapon.is_ranged and attacker.has(FOCUSED) and attack.focus_ready(state, attacker):
        spent = dataclasses.replace(
            attacker, conditions=tuple(c for c in attacker.conditions if c.name != FOCUSED)
        )
    if spent.has(HELPED):
        spent = dataclasses.replace(
            spent, conditions=tuple(c for c in spent.conditions if c.name != HELPED)
        )
    mode = opts.advantage
    defense = kept_pair(
        attack.defense_edge(state, attacker, target, weapon), tuple(defense_crit), mode
    )
    reroll = opts.parry == "reroll"

    def results(who: object, bonus: int, down: bool) -> Results:
        edge = max(-1, min(1, attack.attack_edge(state, who, target, weapon)))  # type: ignore[arg-type]
        rolled = kept_pair(edge, tuple(weapon.crit), mode)
        return exchange(
            rolled,
            modifier + bonus,
            None if down else defense,
            defense_modifier,
            opts.crit_wins,
            reroll,
        )

    chain = _Chain(
        first=results(attacker, help_bonus, False),
        later=results(spent, 0, False),
        down_first=results(attacker, help_bonus, True),
        down_later=results(spent, 0, True),
        damage=weapon.damage,
        crit_damage=weapon.crit_damage,
        effect=effect,
        chains=chains,
        cap=opts.max_crit_chain,
        spends=weapon.is_ranged and weapon.id != IMPROVISED,
    )
    standing = target.is_active
    chances: dict[Tally, Fraction] = {}
    rounds = attacker.rounds(weapon.id)
    for result, hp, effects, p in chain.strike(0, target.ahp, target.hp, rounds, standing):
        down = standing and hp == 0
        leaf = Tally(result, effects, target.hp - hp, 0, down, False)
        chances[leaf] = chances.get(leaf, Fraction(0)) + p
    return build(action, action.target, chances, "formula", order=ORDER)


def _effect(state: EncounterState, action: Action, effect: str, target_id: str) -> str | None:
    """The crit effect's name as the odds see it ('' for none), or None when it is one the
    closed form leaves to the walk (its choices, or dice and damage of its own)."""
    from fracas.core.state import Status
    from fracas.rulesets.nwo.rules.common import fighter

    named = getattr(action, "effects", ())
    if effect in ("none", "double_damage"):
        return ""
    if effect in PLAIN_EFFECTS:
        if effect == "shove" and getattr(action, "shove", "prone") == "away":
            return None  # a push may crash into a wall and deal damage
        return effect
    if effect == "any_melee_effect":
        return None if named else "stun"
    if effect == "splash_adjacent":
        if named:
            return None
        # the two nearest of those next to the target take 4 each; with nobody there the
        # effect is forgone (crits._splash)
        x, y = fighter(state, target_id).tile
        near = any(
            max(abs(o.x - x), abs(o.y - y)) == 1
            for o in (fighter(state, c.id) for c in state.combatants)
            if o.id not in (action.actor, target_id) and o.status is not Status.DEAD
        )
        return "splash_adjacent" if near else ""
    if effect in CHAINS:
        extra = getattr(action, "extra_target", None)
        if effect == "extra_attack" and extra not in (None, target_id):
            return None
        return effect
    return None
