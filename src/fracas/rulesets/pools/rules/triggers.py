"""Triggered actions (seed 004): "You can create a basic "if [something] happens, then [I do
this]" statement for your action. If the trigger does happen, your action takes priority over
anyone else's."

Readings (docs/rulesets/pools.md P19, P44-P46):
- `trigger` is the turn's action ("for your action"): `when` is one of a closed set a machine
  can check, `then` an action of the repertoire (`attack`, `shoot`, `move`, `fly`,
  `take_cover`, `grapple`) written as in a scenario file. It waits until it fires or the
  declarer's next turn starts (then it lapses, like any action not taken in its turn).
- `when.event` (the closed set `WATCHES`): `attacks` (a melee attack or a shot), `moves` (a
  move, a flight or a drag), `grapples` (a grapple or any of its follow-ups, or breaking
  free), `hides` (stealth or taking cover), `uses` (gear, picking up a weapon, laying a
  trap), `acts` (any of those, a search, mounting or dismounting), by `who` (default: any
  enemy); `approaches`: an enemy (or `who`) ends a move, flight or drag within `within`
  distances of the declarer, having been farther. Only what the declarer can perceive sets
  it off: an action by someone hidden from it does not (P55).
- "Takes priority over anyone else's": an attack or a move sets the trigger off as it is
  declared, and the triggered action cuts in before it resolves (`trigger_timing: after`: just
  after it); an approach happens on arrival, so it fires right after the move. The cut-into
  action then goes ahead if it still can; if not (its actor is down, its target gone) it is
  lost, the turn's action with it (a rider's free step costs nothing).
- The triggered action is checked when it fires, as if it were the declarer's turn; if it
  cannot be taken then (no line of fire, target out of reach) the trigger is spent for
  nothing. Several triggers set off by one action fire in initiative order (P19, D19); a
  triggered action may set off further triggers.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from fracas.core.actions import Action
from fracas.core.errors import FracasError, IllegalAction
from fracas.core.ruleset import Resolver, Verifier
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.rulesets.pools.actions import (
    Attack,
    BreakFree,
    Devour,
    Disarm,
    Dismount,
    Drag,
    Fly,
    Grapple,
    HumanShield,
    Mount,
    Move,
    PickUp,
    Pin,
    Search,
    SetTrap,
    Shoot,
    Stealth,
    TakeCover,
    Trigger,
    Use,
)
from fracas.rulesets.pools.events import (
    ActionFoiled,
    ActionSpent,
    TriggerFired,
    TriggerLapsed,
    TriggerSet,
    update,
)
from fracas.rulesets.pools.rules.common import apart, options, require_action, soldier, standing
from fracas.rulesets.pools.soldier import Armed, Soldier

REPERTOIRE = ("attack", "shoot", "move", "fly", "take_cover", "grapple")
"""The actions a trigger may hold: the turn's ordinary actions against a foe or for oneself."""
MOVES: tuple[type[Action], ...] = (Move, Fly, Drag)
"""Changes of place by the actor's own doing (a drag moves its holder)."""
GRAPPLES: tuple[type[Action], ...] = (Grapple, BreakFree, Drag, Pin, HumanShield, Devour, Disarm)
WATCHES: dict[str, tuple[type[Action], ...]] = {
    "attacks": (Attack, Shoot),
    "moves": MOVES,
    "approaches": MOVES,
    "grapples": GRAPPLES,
    "hides": (Stealth, TakeCover),
    "uses": (Use, PickUp, SetTrap),
    "acts": (
        Attack,
        Shoot,
        *GRAPPLES,
        Move,
        Fly,
        Stealth,
        TakeCover,
        Search,
        Use,
        PickUp,
        SetTrap,
        Mount,
        Dismount,
    ),
}
"""What each `when.event` watches (P45, P55): the turn's actions someone can see being taken.
Never watched: `end_turn`, `say`, the free `release`, declaring a trigger (nothing happens
yet), an `ambush` (the hidden side's own check: the action that follows it is watched), the
GM's `override`, and free attacks and falls (nobody chose them)."""

Parse = Callable[[Mapping[str, Any]], Action]
Rules = dict[type[Action], tuple[Verifier, Resolver]]


def watching(table: Rules, parse: Parse) -> Rules:
    """The ruleset's action table with attacks and moves watched for triggers, and
    `trigger` itself."""
    rules: Rules = dict(table)
    for cls in dict.fromkeys(cls for watched in WATCHES.values() for cls in watched):
        if cls in rules:
            rules[cls] = _watched(rules[cls], rules, parse)

    def verify(state: EncounterState, action: Trigger) -> None:
        declarer = soldier(state, action.actor)
        require_action(declarer)
        if action.when.who is not None:
            watched = soldier(state, action.when.who)
            if watched.id == declarer.id:
                raise IllegalAction(f"{declarer.id} cannot watch itself (when.who)")
        _held(action, parse)

    def resolve(tx: Transaction, action: Trigger) -> None:
        then = _held(action, parse)
        tx.emit(ActionSpent(combatant=action.actor, action=f"trigger: if {action.when.event}"))
        text = json.dumps({"do": then.do, **{k: v for k, v in action.then.items() if k != "do"}})
        when = action.when
        tx.emit(
            TriggerSet(
                combatant=action.actor,
                event=when.event,
                who=when.who,
                within=when.within,
                then=text,
            )
        )

    rules[Trigger] = (verify, resolve)
    return rules


def _held(action: Trigger, parse: Parse) -> Action:
    """The `then` action as its declarer would take it, or one clear refusal."""
    raw = dict(action.then)
    named = raw.pop("actor", action.actor)
    if named != action.actor:
        raise IllegalAction(
            f"then.actor: a trigger holds {action.actor}'s own action, not {named}'s"
        )
    if raw.get("do") not in REPERTOIRE:
        raise IllegalAction(
            f"then.do: {raw.get('do')!r} cannot be held; accepted: {', '.join(REPERTOIRE)}"
        )
    try:
        return parse({**raw, "actor": action.actor})
    except FracasError as error:
        raise IllegalAction(f"then: {error}") from None


def _watched(
    rule: tuple[Verifier, Resolver], rules: Rules, parse: Parse
) -> tuple[Verifier, Resolver]:
    check, act = rule

    def resolve(tx: Transaction, action: Action) -> None:
        cut_in = options(tx.state).trigger_timing == "before"
        if cut_in and _fire(tx, action, rules, parse, None) and not _goes_on(tx, action, check):
            return
        before = soldier(tx.state, action.actor)
        act(tx, action)
        _fire(tx, action, rules, parse, before, after_all=not cut_in)

    return check, resolve


def _fire(
    tx: Transaction,
    action: Action,
    rules: Rules,
    parse: Parse,
    before: Soldier | None,
    *,
    after_all: bool = False,
) -> bool:
    """Fire every trigger `action` sets off at this moment, in initiative order: as it is
    declared (`before` None), or once it is done (`before`: its actor as it was), when
    approaches fire, and attacks and moves too if `after_all`. True when one fired."""
    order = {cid: n for n, cid in enumerate(tx.state.turns.order)}
    armed = [c for c in standing(tx.state) if c.trigger is not None and c.id != action.actor]
    fired = False
    for holder in sorted(armed, key=lambda c: order.get(c.id, len(order))):
        who = soldier(tx.state, holder.id)
        trigger = who.trigger
        if trigger is None or not who.is_active:
            continue
        if not _sets_off(tx.state, who, trigger, action, before, after_all):
            continue
        fired = True
        tx.emit(TriggerFired(combatant=who.id, by=action.label()))
        then = parse({**json.loads(trigger.then), "actor": who.id})
        verify, resolve = rules[type(then)]
        try:
            verify(update(tx.state, who.id, acted=False), then)
        except IllegalAction as error:
            tx.emit(ActionFoiled(combatant=who.id, action=then.label(), why=str(error)))
            continue
        resolve(tx, then)
    return fired


def _sets_off(
    state: EncounterState,
    holder: Soldier,
    trigger: Armed,
    action: Action,
    before: Soldier | None,
    after_all: bool,
) -> bool:
    actor = soldier(state, action.actor)
    if trigger.who is not None and actor.id != trigger.who:
        return False
    if trigger.who is None and actor.side == holder.side:
        return False
    if not isinstance(action, WATCHES[trigger.event]):
        return False
    if holder.id in actor.hidden_from:
        return False  # one reacts to what one perceives: an unseen actor sets nothing off
    if trigger.event == "approaches":
        if before is None:
            return False
        return apart(state, holder, before) > trigger.within >= apart(state, holder, actor)
    return (before is not None) == after_all


def _goes_on(tx: Transaction, action: Action, check: Verifier) -> bool:
    """After a trigger cut in: whether the cut-into action can still be taken; if not it is
    lost (the turn's action spent, unless it was a rider's free step)."""
    actor = soldier(tx.state, action.actor)
    try:
        if not actor.is_active:
            raise IllegalAction(f"{actor.id} is {actor.status}")
        check(tx.state, action)
    except IllegalAction as error:
        if not (actor.riding is not None and isinstance(action, MOVES)):
            tx.emit(ActionSpent(combatant=actor.id, action=action.label()))
        tx.emit(ActionFoiled(combatant=actor.id, action=action.label(), why=str(error)))
        return False
    return True


def lapse(tx: Transaction, combatant_id: str) -> None:
    """At the start of the declarer's turn an unfired trigger comes to nothing."""
    if soldier(tx.state, combatant_id).trigger is not None:
        tx.emit(TriggerLapsed(combatant=combatant_id, why="its next turn began"))
