"""The ruleset protocol, and the base class that does what every ruleset does alike.

A ruleset is stateless: one instance serves every encounter. It verifies actions, resolves
them into events (rolling only through the dice it is given) and evolves state by events
(never rolling). `BaseRuleset` supplies the shared parts: turn flow, conditions, GM overrides,
the end-of-fight check and action parsing; a ruleset adds its sheet, its actions and its rules.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from fracas.core import mapview, policy
from fracas.core.actions import GM, Action, EndTurn, Override, Say
from fracas.core.conditions import Condition
from fracas.core.dice import Dice
from fracas.core.errors import FracasError, IllegalAction, ScenarioError
from fracas.core.events import (
    ConditionApplied,
    ConditionCounted,
    ConditionRemoved,
    Event,
    FightEnded,
    HpSet,
    MaxHpSet,
    OrderSet,
    RoundOrderSet,
    RoundStarted,
    StateEvent,
    StatusSet,
    TurnStarted,
)
from fracas.core.fastpath import FastPath, ForkPoint
from fracas.core.mapview import MapModel, MapView
from fracas.core.odds import ActionOdds, OddsModel
from fracas.core.state import Combatant, EncounterState, Status, replace
from fracas.core.transaction import Transaction
from fracas.core.turns import InitiativeRounds, TurnModel
from fracas.core.validation import describe


@dataclass(frozen=True, slots=True)
class Resolution:
    """What one action came to: its events, and the state they leave.

    The state is the resolution's own working state, which has already applied every event,
    so the encounter keeps it instead of applying the events a second time."""

    events: list[Event]
    state: EncounterState


@dataclass(frozen=True, slots=True)
class RulesetInfo:
    id: str
    name: str
    source: str
    """The seed file the rules come from."""


class NoOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Ruleset(Protocol):
    """What the encounter, the CLI and the simulator need from a ruleset."""

    info: RulesetInfo

    def setup(self, spec: Any) -> EncounterState: ...
    def start(
        self, state: EncounterState, dice: Dice, order: tuple[str, ...] | None = None
    ) -> list[Event]: ...
    def parse_action(self, raw: Mapping[str, Any]) -> Action: ...
    def verify(self, state: EncounterState, action: Action) -> None: ...
    def resolve(self, state: EncounterState, action: Action, dice: Dice) -> Resolution: ...
    def evolve(self, state: EncounterState, event: Event) -> EncounterState: ...
    def outcome(self, state: EncounterState) -> str | None: ...
    def legal_actions(self, state: EncounterState) -> list[Action]: ...
    def exact_odds(self, state: EncounterState, action: Action) -> ActionOdds | None:
        """The odds of a verified `action` in closed form, or None: this ruleset has none
        for it here, and `core.odds.action_odds` runs the resolver over the dice instead
        (exact by enumeration, else sampled). A closed form is only for speed, so it must
        give exactly what enumeration gives (tests compare them) and say None wherever the
        state holds something it does not model."""
        return None

    def suggest(self, state: EncounterState) -> Action:
        """A sensible legal action for the current actor: it must pass `verify` in `state`
        (autoplay and the simulator act on it without verifying it again)."""
        ...

    # what each viewer may know (docs/architecture.md, "Secrets"; BaseRuleset has defaults)
    def view(self, state: EncounterState, viewer: str | None) -> dict[str, Any]: ...
    def shown(self, state: EncounterState, event: Event, viewer: str | None) -> Event | None: ...
    def map_view(self, state: EncounterState, viewer: str | None) -> MapView:
        """The battle map as `viewer` (None: the GM) may see it (core/mapview.py)."""
        ...

    # the simulator's policy hooks (see core/policy.py; BaseRuleset has the defaults)
    def separation(self, state: EncounterState, a: str, b: str) -> float: ...
    def target_of(self, state: EncounterState, action: Action) -> str | None: ...
    def retarget(self, state: EncounterState, action: Action, target: str) -> Action | None: ...
    def appraise(
        self, state: EncounterState, action: Action, dice: Dice, samples: int
    ) -> float: ...

    def fast_path(self, point: ForkPoint, policies: Mapping[str, str]) -> FastPath | None:
        """A simulation fast path for trials from `point` with `policies` (policy name by
        side), or None: see `BaseRuleset.fast_path`."""
        ...


Verifier = Callable[[EncounterState, Any], None]
Resolver = Callable[[Transaction, Any], None]


def _forbid_extra(cls: type[Action]) -> TypeAdapter[Any]:
    # A file's typo ("traget") must be refused, not ignored; dataclasses carry their
    # pydantic config as a class attribute.
    setattr(cls, "__pydantic_config__", ConfigDict(extra="forbid"))  # noqa: B010
    return TypeAdapter(cls)


class BaseRuleset:
    """Shared behaviour; subclasses fill `info`, `actions` and the hooks below."""

    info: ClassVar[RulesetInfo]
    options_model: ClassVar[type[BaseModel]] = NoOptions
    turn_model: ClassVar[TurnModel] = InitiativeRounds()
    odds_model: ClassVar[OddsModel] = OddsModel()
    """How the rules read the dice and how a resolution is named, for the odds of an action
    (`core.odds`); the default reads every face and names outcomes generically."""
    map_model: ClassVar[MapModel] = MapModel()
    """How the battle map is drawn and picked on (`core.mapview`); the default lists the
    combatants in a row, so a ruleset without one still plays at the web table."""

    def __init__(self) -> None:
        self._rules: dict[type[Action], tuple[Verifier, Resolver]] = {
            EndTurn: (_verify_nothing, self._end_turn),
            Say: (_verify_nothing, _resolve_say),
            Override: (self._verify_override, self._resolve_override),
        }
        self._rules.update(self.rules())
        self._by_name = {cls.do: cls for cls in self._rules}
        self._adapters = {cls: _forbid_extra(cls) for cls in self._rules}

    # -- hooks for subclasses ------------------------------------------------------------

    def rules(self) -> Mapping[type[Action], tuple[Verifier, Resolver]]:
        """This ruleset's actions with their verify and resolve functions."""
        return {}

    def setup(self, spec: Any) -> EncounterState:
        raise NotImplementedError

    def roll_initiative(self, tx: Transaction) -> tuple[str, ...]:
        return tuple(c.id for c in tx.state.combatants)

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        """Apply this ruleset's own reading of an event (core events included)."""
        return state

    def on_turn_start(self, tx: Transaction, combatant_id: str) -> str | None:
        combatant = tx.state.get(combatant_id)
        return None if combatant.is_active else f"{combatant.id} is {combatant.status}"

    def on_round_end(self, tx: Transaction) -> None:
        return None

    def after_action(self, tx: Transaction) -> None:
        """Rules that check the state after every action (holds broken by distance, ...)."""
        return None

    def may_act_out_of_turn(self, state: EncounterState, action: Action) -> bool:
        return False

    def on_hp_set(self, tx: Transaction, target: str, why: str) -> None:
        """What follows when the GM sets HP (and leaves the status to the rules): at 0, the
        ruleset's own consequence of falling to 0 from damage (dying, down ...)."""
        return None

    def move_by_override(self, tx: Transaction, target: str, position: Mapping[str, Any]) -> None:
        raise IllegalAction(f"{self.info.id} has no positions to override")

    def candidate_actions(self, state: EncounterState, actor: str) -> Iterable[Action]:
        """Every action worth checking for `legal_actions`; illegal ones are filtered out."""
        return [EndTurn(actor=actor)]

    def first_legal(self, state: EncounterState, wishes: Iterable[Action]) -> Action:
        """The first of the tactics' wishes that `verify` accepts, else ending the turn: what
        `suggest` hands out must be legal (autoplay acts on it without verifying again)."""
        for action in wishes:
            try:
                self.verify(state, action)
            except FracasError:
                continue
            return action
        actor = state.actor
        assert actor is not None
        return EndTurn(actor=actor)

    def suggest(self, state: EncounterState) -> Action:
        """A sensible action for the current actor, for autoplay; ends the turn by default."""
        actor = state.actor
        assert actor is not None
        return EndTurn(actor=actor)

    # -- policy hooks: what the simulator's policies ask (defaults in core/policy.py) --------

    def separation(self, state: EncounterState, a: str, b: str) -> float:
        """How far apart two combatants stand, for a policy that goes for the nearest foe:
        by default the straight line over the numeric fields of `position_json`. A ruleset
        whose map measures otherwise may override it; only the order of foes matters."""
        return policy.straight_line(state, a, b)

    def target_of(self, state: EncounterState, action: Action) -> str | None:
        """The one foe `action` is aimed at, or None (not aimed at a foe, or at several)."""
        return policy.aimed_at(state, action)

    def retarget(self, state: EncounterState, action: Action, target: str) -> Action | None:
        """The same action (weapon, shots, stance) aimed at `target` instead, unverified; None
        when it cannot be aimed elsewhere. The default swaps the foe's id wherever the action
        names it, which fits any action that names its target by id."""
        return policy.aimed_instead(state, action, target)

    def appraise(self, state: EncounterState, action: Action, dice: Dice, samples: int) -> float:
        """What `action` is worth to its actor: the expected share of the foes' HP it takes
        (1 per foe put down): exact from the ruleset's closed form (`exact_odds`) where it
        has one, else sampled from `resolve`, `samples` times with `dice`."""
        exact = policy.exact_harm(self, state, action)
        return (
            policy.sampled_harm(self.resolve, state, action, dice, samples)
            if exact is None
            else exact
        )

    def fast_path(self, point: ForkPoint, policies: Mapping[str, str]) -> FastPath | None:
        """A compiled simulation fast path for every trial from `point` played with
        `policies` (a policy name per side), or None: the simulator then plays each trial
        through the engine (`sim.trial.play`), as it does by default.

        A fast path restates the ruleset's rules and tactics over plain numbers, so it must
        play exactly the engine's fight for every seed (same faces drawn in the same order,
        same choices, same trial), and answer None for any fork, option or policy it does
        not model rather than guess (core/fastpath.py; docs/simulation.md, "Fast paths").
        It is built once per fork and process, so the work of reading the fork belongs
        here, not in the returned function."""
        return None

    # -- secrets: what each viewer may know (core/secrecy.py) --------------------------------

    def view(self, state: EncounterState, viewer: str | None) -> dict[str, Any]:
        """The state as `viewer` may see it (None: the GM). A ruleset without GM-only
        information shows everyone everything; one with secrets overrides this and `shown`
        together, since a state and the events that led to it must keep the same secrets."""
        return state.to_json()

    def shown(self, state: EncounterState, event: Event, viewer: str | None) -> Event | None:
        """The event to send `viewer` (None: the GM), or None when it may not see it at all;
        `state` is the state just after it. A ruleset with secrets returns the event with
        what the viewer may not know taken out (`core.secrecy.scrub`); by default everyone
        receives it whole."""
        return event

    def map_view(self, state: EncounterState, viewer: str | None) -> MapView:
        """The battle map as `viewer` (None: the GM) may see it, built from `view` so it
        keeps the same secrets (`core.mapview`)."""
        return mapview.draw(self, state, viewer)

    def shows(self, state: EncounterState, event: Event, viewer: str | None) -> bool:
        """Whether `viewer` receives `event` at all, in whatever form `shown` gives it."""
        return self.shown(state, event, viewer) is not None

    # -- the protocol ----------------------------------------------------------------------

    def options(self, raw: Mapping[str, Any]) -> BaseModel:
        try:
            return self.options_model.model_validate(dict(raw))
        except ValidationError as error:
            raise ScenarioError(describe("options", error, self.options_model)) from None

    def start(
        self, state: EncounterState, dice: Dice, order: tuple[str, ...] | None = None
    ) -> list[Event]:
        tx = Transaction(self, state, dice)
        if order is None:
            tx.emit(OrderSet(order=self.roll_initiative(tx), reason="initiative"))
        else:
            tx.emit(OrderSet(order=order, reason="fixed by the scenario"))
        self.turn_model.begin(tx, self)
        self._check_outcome(tx)
        return tx.events

    @property
    def action_names(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    def parse_action(self, raw: Mapping[str, Any]) -> Action:
        """Turn a scenario file's action mapping into an Action, or say what would be accepted."""
        accepted = ", ".join(self._by_name)
        if not isinstance(raw, Mapping):
            raise ScenarioError(f"expected a mapping with actor and do; do accepts: {accepted}")
        if "do" not in raw:
            raise ScenarioError(f"missing `do`; accepted: {accepted}")
        name = raw["do"]
        cls = self._by_name.get(name) if isinstance(name, str) else None
        if cls is None:
            raise ScenarioError(f"unknown action {name!r}; {self.info.id} accepts: {accepted}")
        fields = {k: v for k, v in raw.items() if k != "do"}
        try:
            action: Action = self._adapters[cls].validate_python(fields)
        except ValidationError as error:
            raise ScenarioError(describe(str(name), error, cls)) from None
        return action

    def verify(self, state: EncounterState, action: Action) -> None:
        if state.outcome is not None:
            raise IllegalAction(f"the fight is over ({state.outcome})")
        rule = self._rules.get(type(action))
        if rule is None:
            raise IllegalAction(f"{self.info.id} has no action {action.do!r}")
        if action.by_gm:
            # a ruling is the GM's at any time, and nobody else's
            if not isinstance(action, Override) and action.actor != GM:
                raise IllegalAction(
                    f"{action.do} is the GM's ruling (actor: {GM}); {action.actor} plays by "
                    "the rules"
                )
            rule[0](state, action)
            return
        if action.actor != GM:
            actor = state.find(action.actor)
            if actor is None:
                raise IllegalAction(f"there is no combatant {action.actor!r}")
            out_of_turn_ok = isinstance(action, Say) or self.may_act_out_of_turn(state, action)
            if state.actor != action.actor and not out_of_turn_ok:
                raise IllegalAction(f"it is {state.actor}'s turn, not {action.actor}'s")
            if not actor.is_active and not isinstance(action, EndTurn):
                raise IllegalAction(f"{actor.id} is {actor.status} and cannot act")
        else:
            raise IllegalAction("the GM acts only through overrides")
        rule[0](state, action)

    def resolve(self, state: EncounterState, action: Action, dice: Dice | None) -> Resolution:
        tx = Transaction(self, state, dice)
        self._rules[type(action)][1](tx, action)
        if tx.state.outcome is None:
            self.after_action(tx)
        self._check_outcome(tx)
        return Resolution(tx.events, tx.state)

    def evolve(self, state: EncounterState, event: Event) -> EncounterState:
        state = _evolve_core(state, event)
        if isinstance(event, StateEvent):
            return event.apply(state)
        return self.apply(state, event)

    def outcome(self, state: EncounterState) -> str | None:
        """The one side still standing wins; if nobody stands, it is a draw."""
        standing = {c.side for c in state.combatants if c.is_active}
        if len(standing) > 1:
            return None
        return f"{standing.pop()} won" if standing else "draw"

    def legal_actions(self, state: EncounterState) -> list[Action]:
        actor = state.actor
        if actor is None:
            return []
        legal = []
        for action in self.candidate_actions(state, actor):
            try:
                self.verify(state, action)
            except IllegalAction:
                continue
            legal.append(action)
        return legal

    # -- shared rules ----------------------------------------------------------------------

    def _check_outcome(self, tx: Transaction) -> None:
        if tx.state.outcome is None:
            outcome = self.outcome(tx.state)
            if outcome is not None:
                tx.emit(FightEnded(outcome=outcome))

    def _end_turn(self, tx: Transaction, action: EndTurn) -> None:
        self.turn_model.end_turn(tx, self)

    def _verify_override(self, state: EncounterState, action: Override) -> None:
        if action.actor != GM:
            raise IllegalAction(
                f"only the GM overrides (actor: {GM}); {action.actor} plays by the rules"
            )
        target = state.find(action.target)
        if target is None:
            raise IllegalAction(f"there is no combatant {action.target!r}")
        if all(getattr(action, name) is None for name in Override.changes):
            raise IllegalAction(f"nothing to override: give one of {', '.join(Override.changes)}")
        if action.hp is not None and action.hp < 0:
            raise IllegalAction(f"hp must be 0 or more, not {action.hp}")
        if action.max_hp is not None and action.max_hp < 1:
            raise IllegalAction(f"max_hp must be 1 or more, not {action.max_hp}")
        max_hp = target.max_hp if action.max_hp is None else action.max_hp
        hp = target.hp if action.hp is None else action.hp
        if hp > max_hp:
            given = "hp" if action.hp is not None else "its HP"
            raise IllegalAction(
                f"{given} {hp} is above {target.id}'s maximum of {max_hp}; "
                "give max_hp too to raise the maximum"
            )
        if action.status is not None and action.status not in set(Status):
            accepted = ", ".join(Status)
            raise IllegalAction(f"unknown status {action.status!r}; accepted: {accepted}")
        if action.remove_condition is not None and not target.has(action.remove_condition):
            raise IllegalAction(f"{target.id} has no condition {action.remove_condition!r}")

    def _resolve_override(self, tx: Transaction, action: Override) -> None:
        why = action.note
        if action.max_hp is not None:
            tx.emit(MaxHpSet(target=action.target, max_hp=action.max_hp, why=why))
        if action.hp is not None:
            tx.emit(HpSet(target=action.target, hp=action.hp, why=why))
            if action.status is None:
                self.on_hp_set(tx, action.target, why)
        if action.status is not None:
            tx.emit(StatusSet(target=action.target, status=action.status, why=why))
        if action.add_condition is not None:
            condition = Condition(name=action.add_condition, source=GM)
            tx.emit(ConditionApplied(target=action.target, condition=condition))
        if action.remove_condition is not None:
            tx.emit(ConditionRemoved(target=action.target, name=action.remove_condition, why=why))
        if action.position is not None:
            self.move_by_override(tx, action.target, action.position)


def _verify_nothing(state: EncounterState, action: Action) -> None:
    return None


def _resolve_say(tx: Transaction, action: Say) -> None:
    from fracas.core.events import Said

    tx.emit(Said(combatant=action.actor, text=action.text))


_CORE_EVOLVED = (
    OrderSet,
    FightEnded,
    RoundStarted,
    TurnStarted,
    RoundOrderSet,
    ConditionApplied,
    ConditionRemoved,
    ConditionCounted,
    HpSet,
    MaxHpSet,
    StatusSet,
)
"""The event classes that change the state every ruleset shares."""
_CORE_CLASSES: dict[type, bool] = {}


def _changes_core_state(event: Event) -> bool:
    """Whether the core must read this event: most events (rolls, a ruleset's own) leave the
    shared state alone, and asking their class once beats a chain of checks per event."""
    cls = type(event)
    known = _CORE_CLASSES.get(cls)
    if known is None:
        known = _CORE_CLASSES[cls] = issubclass(cls, _CORE_EVOLVED)
    return known


def _evolve_core(state: EncounterState, event: Event) -> EncounterState:
    """What the core events mean for the state every ruleset shares."""
    known = _CORE_CLASSES.get(type(event))
    if known is None:
        known = _changes_core_state(event)
    if not known:
        return state
    if isinstance(event, OrderSet):
        return state.but(turns=dataclasses.replace(state.turns, order=event.order))
    if isinstance(event, FightEnded):
        return state.but(outcome=event.outcome)
    turns = state.turns.advanced(event)
    if turns is not state.turns:
        return state.but(turns=turns)
    target_id = getattr(event, "target", None)
    if target_id is None:
        return state
    target = state.find(target_id)
    if target is None:
        return state
    changed = _evolve_target(target, event)
    return state if changed is target else state.with_combatant(changed)


def _evolve_target(target: Combatant, event: Event) -> Combatant:
    if isinstance(event, ConditionApplied):
        kept = tuple(c for c in target.conditions if c.name != event.condition.name)
        return replace(target, conditions=(*kept, event.condition))
    if isinstance(event, ConditionRemoved):
        kept = tuple(c for c in target.conditions if c.name != event.name)
        return replace(target, conditions=kept)
    if isinstance(event, ConditionCounted):
        counted = tuple(
            dataclasses.replace(c, count=event.remaining) if c.name == event.name else c
            for c in target.conditions
        )
        return replace(target, conditions=counted)
    if isinstance(event, HpSet):
        return replace(target, hp=event.hp)
    if isinstance(event, MaxHpSet):
        return replace(target, max_hp=event.max_hp)
    if isinstance(event, StatusSet):
        return replace(target, status=Status(event.status))
    return target
