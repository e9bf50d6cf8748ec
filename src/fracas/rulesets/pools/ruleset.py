"""`pools` as a ruleset: the sheet and map, the action table, and the turn's bookkeeping."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, cast

from fracas.core.actions import Action
from fracas.core.errors import IllegalAction
from fracas.core.events import Event, TurnEnded, TurnStarted
from fracas.core.fastpath import FastPath, ForkPoint
from fracas.core.ruleset import BaseRuleset, Resolver, RulesetInfo, Verifier
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.core.validation import validated
from fracas.rulesets.pools.actions import (
    Ambush,
    Attack,
    BreakFree,
    Devour,
    Disarm,
    Drag,
    Grapple,
    HumanShield,
    Move,
    PickUp,
    Pin,
    Release,
    Search,
    SetTrap,
    Shoot,
    Stealth,
    TakeCover,
    Use,
)
from fracas.rulesets.pools.events import Moved, soldier, update
from fracas.rulesets.pools.mapview import MAP
from fracas.rulesets.pools.odds import ODDS
from fracas.rulesets.pools.options import PoolsOptions
from fracas.rulesets.pools.rules import (
    ambush,
    disarm,
    flight,
    gear,
    grappling,
    ground,
    holds,
    initiative,
    melee,
    movement,
    naming,
    riding,
    shooting,
    stealth,
    traps,
    triggers,
)
from fracas.rulesets.pools.rules.common import field
from fracas.rulesets.pools.rules.harm import settle
from fracas.rulesets.pools.setup import soldier_from
from fracas.rulesets.pools.sheet import ALTITUDE_MAX, TRACK_MAX, Battlefield, Sheet


class Pools(BaseRuleset):
    odds_model = ODDS  # how odds read this ruleset's rolls and events (pools/odds.py)
    map_model = MAP  # how its battle map is drawn and picked on (pools/mapview.py)
    info: ClassVar[RulesetInfo] = RulesetInfo(
        id="pools",
        name="Pools: d6 success pools, a line of distances with altitude, cover dice (seed 004)",
        source="seeds/004_6aaa1752854b0214.txt",
    )
    options_model = PoolsOptions

    def rules(self) -> Mapping[type[Action], tuple[Verifier, Resolver]]:
        table: dict[type[Action], tuple[Verifier, Resolver]] = {
            Move: (movement.verify_move, movement.resolve_move),
            TakeCover: (movement.verify_take_cover, movement.resolve_take_cover),
            Attack: (melee.verify, melee.resolve),
            Shoot: (shooting.verify, shooting.resolve),
            Grapple: (grappling.verify_grapple, grappling.resolve_grapple),
            BreakFree: (grappling.verify_break_free, grappling.resolve_break_free),
            Release: (grappling.verify_release, grappling.resolve_release),
            Drag: (holds.verify_drag, holds.resolve_drag),
            Pin: (holds.verify_pin, holds.resolve_pin),
            HumanShield: (holds.verify_human_shield, holds.resolve_human_shield),
            Devour: (holds.verify_devour, holds.resolve_devour),
            Disarm: (disarm.verify, disarm.resolve),
            PickUp: (ground.verify, ground.resolve),
            Use: (gear.verify, gear.resolve),
            Stealth: (stealth.verify_stealth, stealth.resolve_stealth),
            Search: (stealth.verify_search, stealth.resolve_search),
            Ambush: (ambush.verify, ambush.resolve),
            SetTrap: (traps.verify, traps.resolve),
        }
        table.update(riding.RULES)  # a rider's move is its mount's; fly, mount, dismount
        return triggers.watching(table, self.parse_action)

    def verify(self, state: EncounterState, action: Action) -> None:
        """A pinned character "may do nothing but try to break free" (rules/grappling.py);
        an id the actor cannot know of is refused as if it named nobody (rules/naming.py)."""
        grappling.require_not_pinned(state, action)
        naming.require_known_names(state, action)  # no refusal gives a hidden enemy away
        super().verify(state, action)

    def setup(self, spec: Any) -> EncounterState:
        opts = cast(PoolsOptions, self.options(spec.options))
        arena = validated(Battlefield, spec.map, "map")
        people = []
        sheets = []
        for index, raw in enumerate(spec.combatants):
            where = f"combatants[{index}]"
            sheet = validated(Sheet, raw.model_dump(exclude_unset=True), where)
            people.append(soldier_from(sheet, arena, where))
            sheets.append(sheet)
        people = traps.laid_before(stealth.start_hidden(people, sheets), sheets)
        return EncounterState(
            ruleset=self.info.id, combatants=riding.seat(people), options=opts, arena=arena
        )

    def roll_initiative(self, tx: Transaction) -> tuple[str, ...]:
        return initiative.roll_initiative(tx)

    def on_turn_start(self, tx: Transaction, combatant_id: str) -> str | None:
        flight.on_turn_start(tx, combatant_id)  # a faller drops, whether it can act or not
        triggers.lapse(tx, combatant_id)
        given_up = riding.turn_given_up(tx.state, combatant_id)
        return given_up or super().on_turn_start(tx, combatant_id)

    def after_action(self, tx: Transaction) -> None:
        riding.unseat(tx)  # a rider or mount down ends the riding, then the air is checked
        flight.start_falls(tx)
        grappling.loosen(tx)  # a hold ends when either side is down or they are apart

    def on_hp_set(self, tx: Transaction, target: str, why: str) -> None:
        settle(tx, target)

    def move_by_override(self, tx: Transaction, target: str, position: Mapping[str, Any]) -> None:
        """The GM places `target` (P48): no free attacks, traps or spotting run, since a
        ruling says where someone is rather than acting out a move; a rider and its mount
        are placed together (P47: the ride goes on), and a hold apart ends (P33)."""
        distance, altitude = position.get("distance"), position.get("altitude", 0)
        if (
            type(distance) is not int
            or type(altitude) is not int
            or not 0 <= distance <= TRACK_MAX
            or not 0 <= altitude <= ALTITUDE_MAX
        ):
            raise IllegalAction(
                f"position must be {{distance: 0-{TRACK_MAX}, altitude: 0-{ALTITUDE_MAX}}}, "
                f"not {dict(position)}"
            )
        sheltered = altitude == 0 and field(tx.state).cover_at(distance) is not None
        who = soldier(tx.state, target)
        for body in (target, who.riding, who.ridden_by):  # a rider and its mount go together
            if body is not None:
                tx.emit(
                    Moved(target=body, distance=distance, altitude=altitude, in_cover=sheltered)
                )

    def candidate_actions(self, state: EncounterState, actor: str) -> Iterable[Action]:
        from fracas.rulesets.pools import tactics

        return tactics.candidates(state, actor)

    def suggest(self, state: EncounterState) -> Action:
        from fracas.rulesets.pools import tactics

        return tactics.suggest(self, state)

    def fast_path(self, point: ForkPoint, policies: Mapping[str, str]) -> FastPath | None:
        """The rules and tactics over plain lists, for `fracas sim` with the `tactics` policy
        (pools/fastpath/; held to the engine by tests/sim/test_pools_fastpath.py)."""
        from fracas.rulesets.pools import fastpath

        return fastpath.compile_fast_path(point, policies)

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        if isinstance(event, TurnStarted) and soldier(state, event.combatant).acted:
            return update(state, event.combatant, acted=False)  # a new turn, a new action
        if isinstance(event, TurnEnded) and soldier(state, event.combatant).ambush_edge:
            return update(state, event.combatant, ambush_edge=())  # first actions only
        return state

    def view(self, state: EncounterState, viewer: str | None) -> dict[str, Any]:
        """The state as one viewer may see it (None: the GM); see pools/view.py."""
        from fracas.rulesets.pools import view

        return view.view(state, viewer)

    def shown(self, state: EncounterState, event: Event, viewer: str | None) -> Event | None:
        """One event as `viewer` (None: the GM) receives it, or None; see pools/view.py."""
        from fracas.rulesets.pools import view

        return view.shown(state, event, viewer)
