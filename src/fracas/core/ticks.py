"""The tick timeline: a turn model with no rounds, for rules where time runs in ticks.

Each combatant has a next action tick. The clock jumps to the next tick at which someone may
act (or at which the ruleset has something scheduled) and lets the combatants due at that
tick act, highest tie rank first (the ruleset supplies the rank: fatewalker's Awareness);
combatants of equal rank act simultaneously: each declares, and the declarations resolve
together once all are in. Every action pays a tick cost that moves its actor's next tick.

A declared action can be answered before it resolves: combatants who have held their action
long enough may act first (preempt). Reactions that a rule rolls inside the triggering action
(a dodge against a strike) do not stop the flow; they pay their cost with `spend` too.

Everything the clock does is an event, so replay rebuilds it with no dice and no ruleset:
`TickReached` carries the order of the tick, `TicksSpent` the tick it leads to.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

from fracas.core.actions import Action, EndTurn
from fracas.core.conditions import Expiry, Moment
from fracas.core.errors import IllegalAction
from fracas.core.events import Event, StateEvent, TurnSkipped
from fracas.core.records import replace
from fracas.core.turns import TurnHooks, lapse_conditions

if TYPE_CHECKING:
    from fracas.core.state import EncounterState
    from fracas.core.transaction import Transaction

SPAN = 6
"""Ticks in one span: the unit `round` counts (fatewalker's 6-tick movement segment, 3 s), so
autoplay's round limit and displays have a coarse clock to speak of."""
IDLE_LIMIT = 100
"""Ticks in a row reached for the rules alone (nobody due) before the clock gives up: a
recurring alarm (a shield's recharge) must not keep a fight nobody can act in running."""
HOLD_READY = 2
"""Ticks a hold must have lasted before its holder may preempt (fatewalker L3265)."""


@dataclass(frozen=True, slots=True)
class Declaration:
    """An action said aloud but not yet resolved, as the scenario file would write it."""

    combatant: str
    action: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class TickClock:
    """Where a tick-timed fight stands: the tick, everyone's next action tick, who is still
    due at this tick, and any declarations waiting for answers.

    `queue` holds the groups still to act at this tick, in order; a group of more than one
    acts simultaneously. `responders` are those who may still answer the open declarations;
    while there are any, the first of them is the one asked.
    """

    order: tuple[str, ...] = ()
    """The listing order, which decides among equals wherever order must be total."""
    tick: int = 0
    next_ticks: tuple[tuple[str, int], ...] = ()
    queue: tuple[tuple[str, ...], ...] = ()
    declared: tuple[Declaration, ...] = ()
    responders: tuple[str, ...] = ()
    holds: tuple[tuple[str, int], ...] = ()
    """Who is holding, and since which tick."""

    @property
    def current(self) -> str | None:
        """Who must choose now: the first responder, else the first of the playing group who
        has not declared yet."""
        if self.responders:
            return self.responders[0]
        if not self.queue:
            return None
        said = {d.combatant for d in self.declared}
        return next((who for who in self.queue[0] if who not in said), None)

    @property
    def round(self) -> int:
        """The span of `SPAN` ticks the clock is in (0 before the first tick)."""
        return (self.tick + SPAN - 1) // SPAN

    def next_tick(self, combatant: str) -> int | None:
        return next((t for who, t in self.next_ticks if who == combatant), None)

    def held_since(self, combatant: str) -> int | None:
        return next((t for who, t in self.holds if who == combatant), None)

    def may_preempt(self, combatant: str) -> bool:
        """Held long enough to act before a declared action resolves."""
        since = self.held_since(combatant)
        return since is not None and self.tick - since >= HOLD_READY

    @property
    def simultaneous(self) -> tuple[str, ...]:
        """The group acting at once now, if the playing group has more than one member."""
        return self.queue[0] if self.queue and len(self.queue[0]) > 1 else ()

    def advanced(self, event: Event) -> TickClock:
        """The core's round events mean nothing here; tick events apply themselves."""
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "tick": self.tick,
            "next_ticks": dict(self.next_ticks),
        }

    def standing(self, combatant: str) -> str | None:
        """A combatant's place on the clock for a display: its next action tick."""
        tick = self.next_tick(combatant)
        if tick is None:
            return "not yet aware"
        return f"next tick {tick}" + (" (holding)" if self.held_since(combatant) else "")

    def describe(self) -> str:
        return f"tick {self.tick}"


def _clock(state: EncounterState) -> TickClock:
    clock = state.turns
    if not isinstance(clock, TickClock):
        raise TypeError("a tick event was applied to a state that is not on the tick timeline")
    return clock


def _with_clock(state: EncounterState, **changes: Any) -> EncounterState:
    return state.but(turns=replace(_clock(state), **changes))


def _without(queue: tuple[tuple[str, ...], ...], who: str) -> tuple[tuple[str, ...], ...]:
    groups = (tuple(m for m in group if m != who) for group in queue)
    return tuple(group for group in groups if group)


def _rescheduled(clock: TickClock, who: str, tick: int) -> tuple[tuple[str, int], ...]:
    return (*((w, t) for w, t in clock.next_ticks if w != who), (who, tick))


# -- events ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionTickSet(StateEvent):
    """A combatant's next action tick set outright: initiative, joining late, a GM ruling."""

    kind: ClassVar[str] = "action_tick_set"
    combatant: str
    tick: int
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return _with_clock(state, next_ticks=_rescheduled(_clock(state), self.combatant, self.tick))

    def describe(self) -> str:
        return f"{self.combatant} acts next at tick {self.tick} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class TickReached(StateEvent):
    """The clock moves to `tick`; `order` lists who is due there, group by group (a group of
    several acts simultaneously). An empty order is a tick reached for the rules alone."""

    kind: ClassVar[str] = "tick_reached"
    tick: int
    order: tuple[tuple[str, ...], ...]

    def apply(self, state: EncounterState) -> EncounterState:
        return _with_clock(state, tick=self.tick, queue=self.order, declared=(), responders=())

    def describe(self) -> str:
        groups = " then ".join(" & ".join(g) for g in self.order) or "nobody acts"
        return f"tick {self.tick}: {groups}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TicksSpent(StateEvent):
    """A tick cost paid: the combatant's next action tick becomes `tick`. Someone pushed past
    the clock is no longer due at this tick."""

    kind: ClassVar[str] = "ticks_spent"
    combatant: str
    cost: int
    tick: int
    what: str

    def apply(self, state: EncounterState) -> EncounterState:
        clock = _clock(state)
        queue = _without(clock.queue, self.combatant) if self.tick > clock.tick else clock.queue
        next_ticks = _rescheduled(clock, self.combatant, self.tick)
        return _with_clock(state, next_ticks=next_ticks, queue=queue)

    def describe(self) -> str:
        return f"{self.combatant} spends {self.cost} ticks on {self.what}: next tick {self.tick}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TickTurnEnded(StateEvent):
    """A combatant's go at this tick is over (it acted, passed, or could not act)."""

    kind: ClassVar[str] = "tick_turn_ended"
    combatant: str
    tick: int

    def apply(self, state: EncounterState) -> EncounterState:
        clock = _clock(state)
        declared = tuple(d for d in clock.declared if d.combatant != self.combatant)
        return _with_clock(state, queue=_without(clock.queue, self.combatant), declared=declared)

    def describe(self) -> str:
        return f"{self.combatant} is done at tick {self.tick}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionDeclared(StateEvent):
    """An action said aloud; it resolves once its group has declared and answers are in."""

    kind: ClassVar[str] = "action_declared"
    combatant: str
    action: Mapping[str, Any]

    def apply(self, state: EncounterState) -> EncounterState:
        clock = _clock(state)
        said = Declaration(self.combatant, self.action)
        return _with_clock(state, declared=(*clock.declared, said))

    def describe(self) -> str:
        what = " ".join(str(v) for k, v in self.action.items() if k in ("do", "target"))
        return f"{self.combatant} declares {what}"


@dataclass(frozen=True, slots=True, kw_only=True)
class AnswersAwaited(StateEvent):
    """Holders who may preempt the declarations are asked, in this order."""

    kind: ClassVar[str] = "answers_awaited"
    responders: tuple[str, ...]

    def apply(self, state: EncounterState) -> EncounterState:
        return _with_clock(state, responders=self.responders)

    def describe(self) -> str:
        return f"{', '.join(self.responders)} may act first"


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclarationAnswered(StateEvent):
    """A responder answered the open declarations: `preempted` or `passed`."""

    kind: ClassVar[str] = "declaration_answered"
    combatant: str
    answer: str

    def apply(self, state: EncounterState) -> EncounterState:
        clock = _clock(state)
        return _with_clock(
            state, responders=tuple(r for r in clock.responders if r != self.combatant)
        )

    def describe(self) -> str:
        return f"{self.combatant} {self.answer}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionInterdicted(Event):
    """A declared action that no longer happens: its actor was stopped before it resolved."""

    kind: ClassVar[str] = "action_interdicted"
    combatant: str
    why: str

    def describe(self) -> str:
        return f"{self.combatant}'s declared action does not happen: {self.why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class HoldStarted(StateEvent):
    kind: ClassVar[str] = "hold_started"
    combatant: str
    tick: int

    def apply(self, state: EncounterState) -> EncounterState:
        clock = _clock(state)
        if clock.held_since(self.combatant) is not None:
            return state  # holding on: the hold keeps its first tick
        return _with_clock(state, holds=(*clock.holds, (self.combatant, self.tick)))

    def describe(self) -> str:
        return f"{self.combatant} holds (tick {self.tick})"


@dataclass(frozen=True, slots=True, kw_only=True)
class HoldEnded(StateEvent):
    kind: ClassVar[str] = "hold_ended"
    combatant: str
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        clock = _clock(state)
        holds = tuple((w, t) for w, t in clock.holds if w != self.combatant)
        return _with_clock(state, holds=holds)

    def describe(self) -> str:
        return f"{self.combatant} stops holding ({self.why})"


# -- what the timeline asks of a ruleset -----------------------------------------------------


@runtime_checkable
class TickRules(TurnHooks, Protocol):
    """What the tick timeline asks of the ruleset besides the turn hooks."""

    def tie_rank(self, state: EncounterState, combatant: str) -> int:
        """Higher declares first among those due at one tick; equals act simultaneously."""
        ...

    def on_tick(self, tx: Transaction, tick: int) -> None:
        """Events triggered by this tick count (step 1 of the order within a tick)."""
        ...

    def alarms(self, state: EncounterState) -> Iterable[int]:
        """Ticks at which `on_tick` has something to do even if nobody acts then."""
        ...

    def outcome(self, state: EncounterState) -> str | None: ...

    def parse_action(self, raw: Mapping[str, Any]) -> Action: ...

    def check_declared(self, state: EncounterState, action: Action) -> None:
        """Raise IllegalAction if a declared action can no longer resolve as declared."""
        ...

    def perform(self, tx: Transaction, action: Action) -> None:
        """Resolve the action's rule now (rolls, effects, its tick cost)."""
        ...

    def is_hold(self, action: Action) -> bool:
        """Whether the action is a hold, which resolves at once and is never answered."""
        ...

    def may_preempt(
        self, state: EncounterState, holder: str, declared: tuple[Declaration, ...]
    ) -> bool:
        """Whether a holder who has held long enough may answer these declarations."""
        ...


def as_raw(action: Action) -> dict[str, Any]:
    """An action as the scenario file writes it, for a declaration's event."""
    raw: dict[str, Any] = {"do": action.do}
    for field in dataclasses.fields(action):
        raw[field.name] = getattr(action, field.name)
    return raw


def _rules(hooks: TurnHooks) -> TickRules:
    if not isinstance(hooks, TickRules):
        raise TypeError("a ruleset on the tick timeline must provide the TickRules hooks")
    return hooks


class TickTimeline:
    """The turn model of tick-timed rules; `submit` is the way every action goes in."""

    def begin(self, tx: Transaction, hooks: TurnHooks) -> None:
        self._next(tx, _rules(hooks))

    def end_turn(self, tx: Transaction, hooks: TurnHooks) -> None:
        """The current actor ends its go without an action (it waits a tick, or passes on
        the declarations it was asked to answer)."""
        actor = _clock(tx.state).current
        assert actor is not None
        self.submit(tx, _rules(hooks), EndTurn(actor=actor))

    def verify(self, state: EncounterState, rules: TickRules, action: Action) -> None:
        """The refusals the flow itself makes, for the ruleset's `verify` to call."""
        clock = _clock(state)
        if clock.responders and action.actor == clock.responders[0]:
            if action.free and not isinstance(action, EndTurn):
                return
            if action.by_gm or isinstance(action, EndTurn):
                return
            if rules.is_hold(action):
                raise IllegalAction(
                    f"{action.actor} is asked whether to act before the declared action; "
                    "answer with an action (a preemption) or end_turn (let it resolve)"
                )
            return
        if (
            isinstance(action, EndTurn)
            and clock.simultaneous
            and action.actor in clock.simultaneous
        ):
            others = ", ".join(w for w in clock.simultaneous if w != action.actor)
            raise IllegalAction(
                f"{action.actor} acts simultaneously with {others} and must declare an action "
                "(holding is one)"
            )

    # -- costs ---------------------------------------------------------------------------

    def spend(self, tx: Transaction, combatant: str, cost: int, what: str) -> None:
        """Pay a tick cost: it is added to the combatant's next action tick, which for an
        actor at its own tick is this tick ("add this cost to their current Tick") and for a
        reactor, or a holder preempting, is the tick it was already waiting for (reactions
        "increment the character's next Tick"; preemptive actions work "almost exactly like
        Reactions"). A tick left in the past counts from now."""
        clock = _clock(tx.state)
        base = max(clock.next_tick(combatant) or clock.tick, clock.tick)
        tx.emit(TicksSpent(combatant=combatant, cost=cost, tick=base + cost, what=what))

    def join(self, tx: Transaction, combatant: str, delay: int, why: str) -> None:
        """Someone who enters the fight now acts `delay` ticks from now."""
        tick = _clock(tx.state).tick + delay
        tx.emit(ActionTickSet(combatant=combatant, tick=tick, why=why))

    def finish(self, tx: Transaction, combatant: str) -> None:
        """End a combatant's go at this tick. One who paid nothing waits a tick, so time
        always moves on."""
        clock = _clock(tx.state)
        mine = clock.next_tick(combatant)
        if mine is not None and mine <= clock.tick and tx.state.get(combatant).is_active:
            self.spend(tx, combatant, 1, "waiting")
        lapse_conditions(tx, Moment(Expiry.END_OF_TURN, combatant))
        tx.emit(TickTurnEnded(combatant=combatant, tick=clock.tick))

    # -- the flow of one action ----------------------------------------------------------

    def submit(self, tx: Transaction, rules: TickRules, action: Action) -> None:
        """Take one verified action from whoever `current` names (or a free action)."""
        clock = _clock(tx.state)
        actor = action.actor
        playing = clock.queue[0] if clock.queue else ()
        if clock.responders and actor == clock.responders[0]:
            self._answer(tx, rules, action)
        elif action.free and not isinstance(action, EndTurn):
            rules.perform(tx, action)
            return
        elif isinstance(action, EndTurn):
            self.finish(tx, actor)
        elif rules.is_hold(action) or (not clock.simultaneous and not self._holders(tx, rules)):
            self._resolve_now(tx, rules, action)
        else:
            tx.emit(ActionDeclared(combatant=actor, action=as_raw(action)))
            if _clock(tx.state).current is None:
                self._await_answers(tx, rules)
        self._settle(tx, rules, playing)

    def _resolve_now(self, tx: Transaction, rules: TickRules, action: Action) -> None:
        if not rules.is_hold(action) and _clock(tx.state).held_since(action.actor) is not None:
            tx.emit(HoldEnded(combatant=action.actor, why="acts"))
        rules.perform(tx, action)
        self.finish(tx, action.actor)

    def _holders(self, tx: Transaction, rules: TickRules) -> tuple[str, ...]:
        clock = _clock(tx.state)
        busy = set(clock.queue[0]) if clock.queue else set()
        ready = [
            who
            for who, _ in clock.holds
            if who not in busy and clock.may_preempt(who) and tx.state.get(who).is_active
        ]
        ranked = sorted(ready, key=lambda who: (-rules.tie_rank(tx.state, who), _at(clock, who)))
        return tuple(ranked)

    def _await_answers(self, tx: Transaction, rules: TickRules) -> None:
        declared = _clock(tx.state).declared
        able = tuple(
            w for w in self._holders(tx, rules) if rules.may_preempt(tx.state, w, declared)
        )
        if able:
            tx.emit(AnswersAwaited(responders=able))

    def _answer(self, tx: Transaction, rules: TickRules, action: Action) -> None:
        who = action.actor
        if isinstance(action, EndTurn):
            tx.emit(DeclarationAnswered(combatant=who, answer="passed"))
            return
        tx.emit(HoldEnded(combatant=who, why="preempts"))
        rules.perform(tx, action)
        tx.emit(DeclarationAnswered(combatant=who, answer="preempted"))

    def _settle(self, tx: Transaction, rules: TickRules, playing: tuple[str, ...]) -> None:
        """Resolve what waits on nobody, then move the clock on: to the next tick when
        nobody is left to choose, or to the next group at this tick once every member of
        the group that was `playing` is done (that group must be started too: its turns
        begin, and those who cannot act are passed)."""
        clock = _clock(tx.state)
        if clock.declared and not clock.responders and clock.current is None:
            self._resolve_declared(tx, rules)
        if rules.outcome(tx.state) is not None:
            return
        clock = _clock(tx.state)
        if clock.current is None or (clock.queue and not set(clock.queue[0]) & set(playing)):
            self._next(tx, rules)

    def _resolve_declared(self, tx: Transaction, rules: TickRules) -> None:
        """The group's declarations, checked against the state the answers left, then
        resolved in declaring order: simultaneous actions all happen, whatever the others
        did; only an answer (a preemption) stops one."""
        declared = _clock(tx.state).declared
        going: list[Action] = []
        for said in declared:
            if not tx.state.get(said.combatant).is_active:
                why = f"{said.combatant} is {tx.state.get(said.combatant).status}"
                tx.emit(ActionInterdicted(combatant=said.combatant, why=why))
                continue
            action = rules.parse_action(said.action)
            try:
                rules.check_declared(tx.state, action)
            except IllegalAction as error:
                tx.emit(ActionInterdicted(combatant=said.combatant, why=str(error)))
                continue
            going.append(action)
        for action in going:
            if _clock(tx.state).held_since(action.actor) is not None:
                tx.emit(HoldEnded(combatant=action.actor, why="acts"))
            rules.perform(tx, action)
        for said in declared:
            self.finish(tx, said.combatant)

    def _next(self, tx: Transaction, rules: TickRules) -> None:
        """Start the next go: the next group at this tick, else the next tick that matters.
        Anyone due who cannot act is passed with a logged reason."""
        idle = 0
        while rules.outcome(tx.state) is None:
            clock = _clock(tx.state)
            if clock.queue:
                if self._start_group(tx, rules):
                    return
                continue
            tick = _following(clock, rules.alarms(tx.state))
            if tick is None or idle >= IDLE_LIMIT:
                return  # nobody will ever act again; the outcome check says what that means
            idle = idle + 1 if not any(t == tick for _, t in clock.next_ticks) else 0
            due = [who for who in clock.order if clock.next_tick(who) == tick]
            tx.emit(TickReached(tick=tick, order=_groups(tx.state, rules, due)))
            rules.on_tick(tx, tick)

    def _start_group(self, tx: Transaction, rules: TickRules) -> bool:
        """Start the playing group's turns; False if nobody in it can act."""
        clock = _clock(tx.state)
        able = False
        for who in clock.queue[0]:
            if clock.next_tick(who) != clock.tick:
                continue
            lapse_conditions(tx, Moment(Expiry.START_OF_TURN, who))
            why_not = rules.on_turn_start(tx, who)
            if why_not is None:
                able = True
                continue
            tx.emit(TurnSkipped(combatant=who, why=why_not))
            tx.emit(TickTurnEnded(combatant=who, tick=clock.tick))
        return able


def _at(clock: TickClock, who: str) -> int:
    return clock.order.index(who) if who in clock.order else len(clock.order)


def _following(clock: TickClock, alarms: Iterable[int]) -> int | None:
    later = [t for _, t in clock.next_ticks if t > clock.tick]
    later += [t for t in alarms if t > clock.tick]
    return min(later, default=None)


def _groups(state: EncounterState, rules: TickRules, due: list[str]) -> tuple[tuple[str, ...], ...]:
    """Those due at one tick, highest rank first; equal ranks form one simultaneous group,
    in listing order."""
    ranks = {who: rules.tie_rank(state, who) for who in due}
    return tuple(
        tuple(who for who in due if ranks[who] == rank)
        for rank in sorted(set(ranks.values()), reverse=True)
    )
