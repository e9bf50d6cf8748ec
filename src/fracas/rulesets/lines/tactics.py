"""A plain, predictable way to play `lines`, for autoplay and as the simulator's first policy.

`candidates` lists every action worth checking for a fighter (the ruleset filters the illegal
ones); `suggest` picks one the way a cautious table would: break a hold, revive a dying ally
(stepping over to them first), make the most worthwhile attack, stepping a line first when
that brings a foe into reach or effective range, take aim when an aimed shot next turn is
worth more than two plain ones, dash toward the foes when no attack can be made, and take a
defensive stance when badly hurt with poor odds while an ally still fights. Every choice is
verified by the ruleset before it is returned.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, cast

from fracas.core.actions import Action, EndTurn
from fracas.core.distribution import compare
from fracas.core.notation import parse, plus, with_modifier
from fracas.core.state import EncounterState, Status
from fracas.rulesets.lines.actions import (
    Aim,
    Attack,
    BreakFree,
    Dash,
    Defend,
    Grapple,
    Heal,
    Move,
    Release,
    Shove,
    Use,
)
from fracas.rulesets.lines.fighter import Fighter
from fracas.rulesets.lines.rules.common import (
    AIMING,
    DEFENDING,
    distance,
    fighter,
    grappler_of,
    options,
)
from fracas.rulesets.lines.rules.movement import DASH_ALLOWANCE
from fracas.rulesets.lines.sheet import WeaponCard

if TYPE_CHECKING:
    from fracas.core.ruleset import BaseRuleset


def candidates(state: EncounterState, actor_id: str) -> Iterator[Action]:
    actor = fighter(state, actor_id)
    yield EndTurn(actor=actor_id)
    for line in range(1, 7):
        yield Move(actor=actor_id, to=line)
    for other in state.combatants:
        yield Release(actor=actor_id, target=other.id)
    if actor.acted:
        return  # everything below spends the turn's one action
    for line in range(1, 7):
        yield Dash(actor=actor_id, to=line)
    yield Dash(actor=actor_id)
    yield Defend(actor=actor_id)
    yield Aim(actor=actor_id)
    yield Use(actor=actor_id, what="an item at hand")
    yield BreakFree(actor=actor_id)
    for other in state.combatants:
        target = other.id
        for weapon in actor.weapons:
            yield Attack(actor=actor_id, target=target, weapon=weapon.id)
            for second in actor.weapons:
                if second.id != weapon.id:
                    yield Attack(
                        actor=actor_id, target=target, weapon=weapon.id, second_weapon=second.id
                    )
        for item in actor.gear:
            yield Heal(actor=actor_id, target=target, item=item.id)
        yield Grapple(actor=actor_id, target=target)
        yield Shove(actor=actor_id, target=target)
        yield Shove(actor=actor_id, target=target, direction=-1)
        yield Shove(actor=actor_id, target=target, direction=1)


def _average(card: WeaponCard) -> float:
    return _average_of(card.damage)


@cache
def _average_of(damage: str) -> float:
    """A card's typical damage, worked out once per notation (tactics weigh every card
    against every foe on every turn)."""
    expr = parse(damage)
    if expr.explodes:
        return float(expr.minimum()) + 1.0
    return (expr.minimum() + expr.maximum()) / 2


def suggest(ruleset: BaseRuleset, state: EncounterState) -> Action:
    """The first wish that the ruleset accepts: only verified actions leave here."""
    actor_id = state.actor
    assert actor_id is not None
    return ruleset.first_legal(state, _wishes(state, fighter(state, actor_id)))


AIM_PAYS = 2.5
"""Aim (no attack now, +1d6 next turn) when the aimed attack is worth this many plain ones:
more than two, because a hit now is worth more than the same hit a turn later."""
POOR_CHANCE = 0.35
"""Below this, a badly hurt fighter would rather defend than swing."""
HURT_SHARE = 3
"""Badly hurt: at most a third of the maximum HP."""


@dataclass(frozen=True, slots=True)
class _Plan:
    """An attack worth making, and the line to step to first (None: from where one stands).

    Plain ids rather than an `Attack`: a turn weighs every weapon against every foe from
    three lines, and only the best plan becomes an action."""

    value: float
    chance: float
    step: int | None
    actor: str
    target: str
    weapon: str
    second_weapon: str | None = None

    @property
    def attack(self) -> Attack:
        return Attack(
            actor=self.actor,
            target=self.target,
            weapon=self.weapon,
            second_weapon=self.second_weapon,
        )


def _hurt(who: Fighter) -> bool:
    return who.hp * HURT_SHARE <= who.max_hp


def _wishes(state: EncounterState, actor: Fighter) -> Iterator[Action]:
    if grappler_of(actor) is not None:
        yield BreakFree(actor=actor.id)
        return
    everyone = cast(tuple[Fighter, ...], state.combatants)
    allies = [c for c in everyone if c.side == actor.side]
    foes = [c for c in everyone if c.side != actor.side and c.status is Status.ACTIVE]
    yield from _care(state, actor, allies)
    if not foes:
        return
    plan = _best_plan(state, actor, foes)
    if plan is None:
        yield from _close_in(state, actor, foes)
        return
    fighting = [a for a in allies if a.id != actor.id and a.is_active and not _hurt(a)]
    if _hurt(actor) and plan.chance < POOR_CHANCE and fighting:
        yield Defend(actor=actor.id)
    if plan.step is not None:
        yield Move(actor=actor.id, to=plan.step)
    if _aim_pays(state, actor, plan):
        yield Aim(actor=actor.id)
    yield plan.attack


def _care(state: EncounterState, actor: Fighter, allies: list[Fighter]) -> Iterator[Action]:
    """Heal the dying first, then the badly hurt; step toward a dying ally out of reach."""
    kits = [g.id for g, n in zip(actor.gear, actor.charges, strict=True) if n > 0]
    if not kits:
        return
    for ally in sorted(allies, key=lambda a: (a.status is not Status.DYING, a.hp)):
        if ally.status is Status.DYING or (ally.is_active and ally.hp * 2 < ally.max_hp):
            for item in kits:
                yield Heal(actor=actor.id, target=ally.id, item=item)
    for ally in allies:
        if ally.status is Status.DYING and distance(actor, ally) > 1:
            yield Move(actor=actor.id, to=actor.line + (1 if ally.line > actor.line else -1))


def _best_plan(state: EncounterState, actor: Fighter, foes: list[Fighter]) -> _Plan | None:
    """The most worthwhile attack from this line or (movement allowing) a neighbouring one:
    its chance to hit times the share of the foe's HP its average damage takes. Of equally
    worthwhile ones, the first from the nearest line, foe and weapon in listing order.

    What an attack is worth depends on the foe only through its distance, stance, Dexterity
    and HP, so foes alike in those are weighed once (a big fight has many alike)."""
    if actor.acted:
        return None
    lines = [actor.line]
    if actor.moved < actor.move_allowance and not options(state).move_uses_action:
        lines += [n for n in (actor.line - 1, actor.line + 1) if 1 <= n <= 6]
    weighed = _weighed_for(state, actor)
    best: _Plan | None = None
    for line in lines:
        step = None if line == actor.line else line
        for foe in foes:
            gap = abs(line - foe.line)
            alike = (gap, foe.has(DEFENDING), foe.dexterity, foe.hp)
            attacks = weighed.get(alike)
            if attacks is None:
                attacks = weighed[alike] = _attacks(state, actor, gap, foe)
            for value, chance, weapon, second in attacks:
                if best is None or value > best.value + 1e-9:
                    best = _Plan(value, chance, step, actor.id, foe.id, weapon, second)
    return best


_Weighed = tuple[float, float, str, str | None]
"""An attack's value, its chance, its weapon and its second weapon (dual wielding)."""

_Alike = tuple[int, bool, int, int]
"""What an attack's worth depends on in the foe: the gap, its defending, Dexterity and HP."""

_WEIGHED: dict[
    tuple[int, int, bool, bool], tuple[tuple[WeaponCard, ...], dict[_Alike, list[_Weighed]]]
]
_WEIGHED = {}
"""The attacks weighed so far, by what else their worth depends on: the attacker's weapons
(by identity: a copied fighter keeps the very tuple), its dual-wield penalty, whether it
aims, and the tie option. A fight asks the same questions turn after turn, and weighing
them was a fifth of the lines example's time. Each entry keeps its weapons tuple, so the
identity cannot be reused by another tuple while the entry lives."""
_WEIGHED_MAX = 4096


def _weighed_for(state: EncounterState, actor: Fighter) -> dict[_Alike, list[_Weighed]]:
    """The attacks already weighed for this attacker's weapons and stance, by foe alike."""
    key = (
        id(actor.weapons),
        actor.dual_wield_penalty,
        actor.has(AIMING),
        options(state).tie == "attacker",
    )
    entry = _WEIGHED.get(key)
    if entry is None or entry[0] is not actor.weapons:
        if len(_WEIGHED) >= _WEIGHED_MAX:
            _WEIGHED.clear()
        entry = _WEIGHED[key] = (actor.weapons, {})
    return entry[1]


def _attacks(state: EncounterState, actor: Fighter, gap: int, foe: Fighter) -> list[_Weighed]:
    return weigh_attacks(
        actor.weapons,
        actor.dual_wield_penalty,
        actor.has(AIMING),
        options(state).tie == "attacker",
        gap,
        foe.has(DEFENDING),
        foe.dexterity,
        foe.hp,
    )


def weigh_attacks(
    weapons: tuple[WeaponCard, ...],
    dual_wield_penalty: int,
    aimed: bool,
    tie_hits: bool,
    gap: int,
    defending: bool,
    dexterity: int,
    hp: int,
) -> list[_Weighed]:
    """Every attack worth making at a foe `gap` lines away, over plain values: the tactics
    and the simulation fast path (lines/fastpath.py) weigh with this one function, so their
    choices cannot drift apart."""
    weighed: list[_Weighed] = []
    usable = [w for w in weapons if not w.is_melee or gap <= w.reach]
    for card in usable:
        chance = strike_chance(card, gap, defending, dexterity, tie_hits, aimed=aimed)
        if chance > 0:
            weighed.append((worth(card, chance, hp), chance, card.id, None))
    one_handed = sorted((w for w in usable if w.hands == 1), key=_average, reverse=True)
    if len(one_handed) >= 2:
        first, second = one_handed[:2]
        chance = strike_chance(first, gap, defending, dexterity, tie_hits, aimed=aimed)
        later = strike_chance(
            second, gap, defending, dexterity, tie_hits, penalty=dual_wield_penalty
        )
        value = worth(first, chance, hp) + worth(second, later, hp)
        if chance > 0:
            weighed.append((value, chance, first.id, second.id))
    return weighed


def strike_chance(
    card: WeaponCard,
    gap: int,
    defending: bool,
    dexterity: int,
    tie_hits: bool,
    *,
    aimed: bool = False,
    penalty: int = 0,
) -> float:
    """The exact chance that one strike with `card` hits a foe `gap` lines away."""
    if card.range is not None:
        penalty += max(0, gap - card.range)
    return _odds(card.attack, aimed, penalty, defending, dexterity, tie_hits)


@cache
def _odds(
    attack: str, aimed: bool, penalty: int, defending: bool, dexterity: int, tie_hits: bool
) -> float:
    """The exact chance that the attack (aimed: +1d6), less `penalty`, beats the defense
    (defending: 2d6) + Dexterity. Cached on plain values: a fight asks the same few questions
    again and again, once per foe and weapon on every turn."""
    expr = plus(attack, "1d6") if aimed else parse(attack)
    defense = f"{'2d6' if defending else '1d6'}+{dexterity}"
    greater, equal, _ = compare(with_modifier(expr, expr.modifier - penalty), defense)
    return float(greater + equal) if tie_hits else float(greater)


def worth(card: WeaponCard, chance: float, hp: int) -> float:
    """Finishing off the wounded comes first: the share of the foe's HP a hit takes."""
    return chance * min(1.0, _average(card) / max(1, hp))


def _aim_pays(state: EncounterState, actor: Fighter, plan: _Plan) -> bool:
    """Aiming now pays when next turn's aimed attack beats two plain ones."""
    if actor.has(AIMING) or plan.second_weapon is not None:
        return False
    card = actor.weapon(plan.weapon)
    foe = fighter(state, plan.target)
    assert card is not None
    line = plan.step if plan.step is not None else actor.line
    tie_hits = options(state).tie == "attacker"
    gap = abs(line - foe.line)
    aimed = strike_chance(card, gap, foe.has(DEFENDING), foe.dexterity, tie_hits, aimed=True)
    return aimed > AIM_PAYS * plan.chance


def _close_in(state: EncounterState, actor: Fighter, foes: list[Fighter]) -> Iterator[Action]:
    """No attack can be made this turn: dash (or step) toward the nearest foe, no nearer
    than the longest reach or effective range needs."""
    nearest = min(foes, key=lambda f: (distance(actor, f), f.hp))
    gap = distance(actor, nearest)
    wanted = max((w.reach if w.is_melee else w.range or 0 for w in actor.weapons), default=1)
    way = 1 if nearest.line > actor.line else -1
    if not actor.acted and not options(state).move_uses_action:
        steps = min(DASH_ALLOWANCE - actor.moved, gap - wanted)
        if steps > 0:
            yield Dash(actor=actor.id, to=actor.line + way * steps)
    if gap > wanted:
        yield Move(actor=actor.id, to=actor.line + way)
    if not actor.weapons:
        yield Grapple(actor=actor.id, target=nearest.id)
