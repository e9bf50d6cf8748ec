"""Ambushes (seed 004, stealth).

"If you try to do something to someone you are hiding from — such as attacking them — you
must do a final contested perception check, and this is considered an ambush. If multiple
characters are involved, all roll their Intelligences, compare to one another, and then
decide the action order individually. If the ambush succeeds, the ones setting it up go
first regardless of Dexterity, and their first actions automatically succeed against the
targets that were ambushed. If the ambush fails, the ones being ambushed go first,
regardless of Dexterity."

Readings (docs/rulesets/pools.md P15, P27, P28):

- `ambush` names the ambushed (`targets`) and the hidden allies who spring it with the
  actor (`joined_by`); every ambusher must be hidden from every target. It comes before
  the actor's action and does not use it.
- Perception is Intelligence. Every participant rolls once: the ambushers in the listed
  order (the actor first), then the ambushed in theirs. `ambush_check: side` (default): the
  ambushers' best against the ambushed's best decides for them all; `each`: every
  ambusher's own roll against the ambushed's best. A tie goes to the ambushed unless `tie:
  attacker`.
- The order: the ambushers who caught them (highest roll first), then the ambushed, then
  the ambushers who did not; ties keep the standing initiative order. It replaces the rest
  of the round from the actor's turn on; the others keep their places around it, and a
  participant that has already acted this round acts again in it. When someone other than
  the actor comes first, the actor's turn ends there and it acts at its new place.
- An ambusher that did not catch them is found by the ambushed at once (they perceived it).
  One that caught them acts against them, in its first turn, with no roll: a blow hits, a
  volley puts every shot in, past cover and allies, for the weapon's normal damage.

The log reads in the order things happen: the check (`ambush_checked`), then the actor's turn
ending when someone else goes first, then the new order (`ambush_sprung`).

Dice order: each ambusher's Intelligence pool, then each ambushed one's.
"""

from __future__ import annotations

from fracas.core.conditions import Expiry, Moment
from fracas.core.errors import IllegalAction
from fracas.core.events import TurnEnded, TurnStarted
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.core.turns import lapse_conditions
from fracas.rulesets.pools.actions import Ambush
from fracas.rulesets.pools.events import AmbushChecked, AmbushSprung
from fracas.rulesets.pools.rules.common import options, require_action, require_target, soldier
from fracas.rulesets.pools.rules.dice import pool
from fracas.rulesets.pools.rules.stealth import found
from fracas.rulesets.pools.soldier import Soldier


def automatic(attacker: Soldier, target: Soldier) -> bool:
    """Whether `attacker`'s action succeeds against `target` without a roll (POOLS-31)."""
    return target.id in attacker.ambush_edge


def verify(state: EncounterState, action: Ambush) -> None:
    actor = soldier(state, action.actor)
    require_action(actor)
    names = [*action.targets, actor.id, *action.joined_by]
    if len(set(names)) != len(names):
        raise IllegalAction("each participant of an ambush is named once")
    targets = [soldier(state, t) for t in action.targets]
    for target in targets:
        require_target(actor, target)
    for ally_id in action.joined_by:
        ally = soldier(state, ally_id)
        if ally.side != actor.side:
            raise IllegalAction(f"{ally.id} is not on {actor.id}'s side ({actor.side})")
        if not ally.is_active:
            raise IllegalAction(f"{ally.id} is {ally.status} and out of the fight")
    for ambusher in [actor, *(soldier(state, a) for a in action.joined_by)]:
        seen = [t.id for t in targets if t.id not in ambusher.hidden_from]
        if seen:
            raise IllegalAction(
                f"{ambusher.id} is not hidden from {', '.join(seen)}: they know where it "
                "is, so there is no ambush; attack them as usual"
            )


def _ranked(state: EncounterState, rolls: list[tuple[str, int]]) -> list[str]:
    """Highest roll first; a tie keeps the standing initiative order."""
    order = {cid: n for n, cid in enumerate(state.turns.order)}
    ranked = sorted(rolls, key=lambda r: (-r[1], order.get(r[0], len(order))))
    return [cid for cid, _ in ranked]


def resolve(tx: Transaction, action: Ambush) -> None:
    state = tx.state
    ambushers = [action.actor, *action.joined_by]
    theirs = [(a, pool(tx, soldier(state, a).intelligence, f"ambush: {a}")) for a in ambushers]
    mine = [(t, pool(tx, soldier(state, t).intelligence, f"ambush: {t}")) for t in action.targets]
    best = max(n for _, n in mine)
    opts = options(tx.state)

    def beats(n: int) -> bool:
        return n > best or (n == best and opts.tie == "attacker")

    if opts.ambush_check == "side":
        caught = [a for a, _ in theirs] if beats(max(n for _, n in theirs)) else []
    else:
        caught = [a for a, n in theirs if beats(n)]
    missed = [(a, n) for a, n in theirs if a not in caught]
    sequence = [
        *_ranked(state, [(a, n) for a, n in theirs if a in caught]),
        *_ranked(state, mine),
        *_ranked(state, missed),
    ]
    turns = tx.state.rounds
    here = turns.index
    involved = set(sequence)
    before = [c for c in turns.this_round[:here] if c not in involved]
    after = [c for c in turns.this_round[here + 1 :] if c not in involved]
    first = sequence[0]
    tx.emit(AmbushChecked(ambushers=tuple(theirs), ambushed=tuple(mine), caught=tuple(caught)))
    if first != action.actor:
        # the actor's turn ends here (before the edges are handed out, as an ending turn
        # spends its own); it acts again at its place in the new order
        lapse_conditions(tx, Moment(Expiry.END_OF_TURN, action.actor))
        tx.emit(TurnEnded(combatant=action.actor))
    tx.emit(
        AmbushSprung(
            ambushers=tuple(theirs),
            ambushed=tuple(mine),
            caught=tuple(caught),
            round_order=(*before, *sequence, *after),
            index=len(before),
        )
    )
    for loser, _ in missed:
        found(tx, loser, action.targets, "the ambushed perceive it")
    if first != action.actor:
        tx.emit(TurnStarted(combatant=first, round=tx.state.turns.round))
        lapse_conditions(tx, Moment(Expiry.START_OF_TURN, first))
