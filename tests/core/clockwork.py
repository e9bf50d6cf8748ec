"""`clockwork`: the smallest ruleset on the tick timeline, so the core's clock can be tested
without any ruleset's dice.

Each combatant has an awareness (its tie rank), a starting tick (or none: it becomes aware
at `aware_at` and joins `join_delay` ticks later), and hit points. `act` costs the ticks it
names and may knock a target down; `dodge_by` names a target who reacts, paying `dodge_cost`
onto its next tick; `hold` costs 2.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from fracas.core.actions import Action
from fracas.core.dice import Dice
from fracas.core.encounter import Encounter
from fracas.core.errors import IllegalAction
from fracas.core.events import StatusSet
from fracas.core.ruleset import Resolver, RulesetInfo, Verifier
from fracas.core.state import Combatant, EncounterState, Status
from fracas.core.ticked import TickedRuleset
from fracas.core.ticks import ActionTickSet, TickClock
from fracas.core.transaction import Transaction


@dataclass(frozen=True, slots=True, kw_only=True)
class Cog(Combatant):
    awareness: int = 0
    start: int | None = None
    aware_at: int | None = None
    join_delay: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Act(Action):
    do: ClassVar[str] = "act"
    cost: int
    target: str | None = None
    fells: bool = False
    dodge_by: str | None = None
    dodge_cost: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Hold(Action):
    do: ClassVar[str] = "hold"


def _verify_act(state: EncounterState, action: Act) -> None:
    if action.target is not None and not state.get(action.target).is_active:
        raise IllegalAction(f"{action.target} is down")


def _resolve_act(tx: Transaction, action: Act) -> None:
    if action.dodge_by is not None:
        RULESET.ticks.spend(tx, action.dodge_by, action.dodge_cost, "dodge")
    if action.fells and action.target is not None:
        tx.emit(StatusSet(target=action.target, status="unconscious", why="felled"))
    RULESET.ticks.spend(tx, action.actor, action.cost, "act")


def _verify_hold(state: EncounterState, action: Hold) -> None:
    return None


def _resolve_hold(tx: Transaction, action: Hold) -> None:
    from fracas.core.ticks import HoldStarted

    tx.emit(HoldStarted(combatant=action.actor, tick=_tick(tx)))
    RULESET.ticks.spend(tx, action.actor, 2, "hold")


def _tick(tx: Transaction) -> int:
    clock = tx.state.turns
    assert isinstance(clock, TickClock)
    return clock.tick


class Clockwork(TickedRuleset):
    info: ClassVar[RulesetInfo] = RulesetInfo(id="clockwork", name="test clock", source="")
    hold_action = Hold

    def rules(self) -> Mapping[type[Action], tuple[Verifier, Resolver]]:
        return {Act: (_verify_act, _resolve_act), Hold: (_verify_hold, _resolve_hold)}

    def roll_initiative(self, tx: Transaction) -> tuple[str, ...]:
        for cog in tx.state.combatants:
            assert isinstance(cog, Cog)
            if cog.start is not None:
                tx.emit(ActionTickSet(combatant=cog.id, tick=cog.start, why="initiative"))
        return tuple(c.id for c in tx.state.combatants)

    def tie_rank(self, state: EncounterState, combatant: str) -> int:
        cog = state.get(combatant)
        assert isinstance(cog, Cog)
        return cog.awareness

    def alarms(self, state: EncounterState) -> Iterable[int]:
        return [
            c.aware_at for c in state.combatants if isinstance(c, Cog) and c.aware_at is not None
        ]

    def on_tick(self, tx: Transaction, tick: int) -> None:
        for cog in tx.state.combatants:
            if isinstance(cog, Cog) and cog.aware_at == tick:
                self.ticks.join(tx, cog.id, cog.join_delay, "joined late")


RULESET = Clockwork()


def cog(cid: str, side: str, *, awareness: int = 0, start: int | None = 1, **extra: Any) -> Cog:
    return Cog(
        id=cid,
        name=cid,
        side=side,
        hp=1,
        max_hp=1,
        awareness=awareness,
        start=start,
        **extra,
    )


def fight(*cogs: Cog) -> Encounter:
    state = EncounterState(ruleset="clockwork", combatants=tuple(cogs), turns=TickClock())
    return Encounter(RULESET, state, Dice.seeded(0))


def clock(enc: Encounter) -> TickClock:
    turns = enc.state.turns
    assert isinstance(turns, TickClock)
    return turns


def act(enc: Encounter, actor: str, do: str = "act", **fields: Any) -> None:
    enc.act(RULESET.parse_action({"actor": actor, "do": do, **fields}))


def down(enc: Encounter, who: str) -> bool:
    return enc.state.get(who).status is not Status.ACTIVE


def ids(groups: Sequence[Sequence[str]]) -> list[list[str]]:
    return [list(g) for g in groups]
