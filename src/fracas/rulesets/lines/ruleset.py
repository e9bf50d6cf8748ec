"""`lines` as a ruleset: the sheet, the action table and how its events change the state."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from fracas.core.actions import Action, EndTurn, Say
from fracas.core.errors import IllegalAction, ScenarioError
from fracas.core.events import Event, TurnStarted
from fracas.core.fastpath import FastPath, ForkPoint
from fracas.core.ruleset import BaseRuleset, Resolver, RulesetInfo, Verifier
from fracas.core.state import EncounterState, Status, update
from fracas.core.transaction import Transaction
from fracas.core.validation import validated
from fracas.rulesets.lines import fastpath, tactics
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
from fracas.rulesets.lines.events import (
    Moved,
)
from fracas.rulesets.lines.fighter import Fighter
from fracas.rulesets.lines.mapview import MAP
from fracas.rulesets.lines.odds import ODDS
from fracas.rulesets.lines.options import LinesOptions
from fracas.rulesets.lines.rules import (
    attack,
    grapple,
    harm,
    healing,
    initiative,
    movement,
    stances,
)
from fracas.rulesets.lines.rules.common import fighter, grappler_of, options
from fracas.rulesets.lines.sheet import Arena, Sheet

FIRST_SIDE_LINES = (1, 2, 3)
OTHER_SIDE_LINES = (4, 5, 6)
ALLOWED_WHILE_GRAPPLED = (BreakFree, EndTurn, Say, Release)


class Lines(BaseRuleset):
    odds_model = ODDS  # how odds read this ruleset's rolls and events (lines/odds.py)
    map_model = MAP  # how its battle map is drawn and picked on (lines/mapview.py)
    info: ClassVar[RulesetInfo] = RulesetInfo(
        id="lines",
        name="Six battle lines (d6 + attribute against Dexterity)",
        source="seeds/002_02c41e182597e954.txt",
    )
    options_model = LinesOptions

    def rules(self) -> Mapping[type[Action], tuple[Verifier, Resolver]]:
        return {
            Attack: (attack.verify, attack.resolve),
            Move: (movement.verify_move, movement.resolve_move),
            Dash: (movement.verify_dash, movement.resolve_dash),
            Defend: (stances.verify_defend, stances.resolve_defend),
            Aim: (stances.verify_aim, stances.resolve_aim),
            Heal: (healing.verify, healing.resolve),
            Grapple: (grapple.verify_grapple, grapple.resolve_grapple),
            Shove: (grapple.verify_shove, grapple.resolve_shove),
            BreakFree: (grapple.verify_break_free, grapple.resolve_break_free),
            Release: (grapple.verify_release, grapple.resolve_release),
            Use: (stances.verify_use, stances.resolve_use),
        }

    # -- set-up --------------------------------------------------------------------------

    def setup(self, spec: Any) -> EncounterState:
        """Validate every sheet and the layout; build the state before initiative."""
        opts = self.options(spec.options)
        assert isinstance(opts, LinesOptions)
        arena = validated(Arena, spec.map, "map")
        first_side = spec.combatants[0].side
        fighters = []
        for index, raw in enumerate(spec.combatants):
            where = f"combatants[{index}]"
            sheet = validated(Sheet, raw.model_dump(exclude_unset=True), where)
            own = FIRST_SIDE_LINES if sheet.side == first_side else OTHER_SIDE_LINES
            fighters.append(self._fighter(sheet, own, arena, opts, where))
        return EncounterState(
            ruleset=self.info.id, combatants=tuple(fighters), options=opts, arena=arena
        )

    @staticmethod
    def _fighter(
        sheet: Sheet, own: tuple[int, ...], arena: Arena, opts: LinesOptions, where: str
    ) -> Fighter:
        front = own[-1] if own == FIRST_SIDE_LINES else own[0]
        if sheet.position is None:
            if arena.layout == "ambushed":
                raise ScenarioError(
                    f"{where}.position: required in an ambushed layout, where the GM places "
                    "everyone; give {line: 1-6}"
                )
            line = front
        else:
            line = sheet.position.line
            if arena.layout == "standard" and line not in own:
                raise ScenarioError(
                    f"{where}.position.line: {sheet.side} starts on lines {own[0]}-{own[-1]} in "
                    f"the standard layout, not {line}; use map: {{layout: ambushed}} to place "
                    "freely"
                )
        constitution = sheet.stats.constitution
        if constitution is None:
            # Only hp was given: take the Constitution that hp implies (C8), at least 1.
            assert sheet.hp is not None
            constitution = max(1, sheet.hp // opts.hp_per_constitution)
        max_hp = sheet.hp or constitution * opts.hp_per_constitution
        return Fighter(
            id=sheet.id,
            name=sheet.name or sheet.id,
            side=sheet.side,
            hp=max_hp,
            max_hp=max_hp,
            line=line,
            strength=sheet.stats.strength,
            dexterity=sheet.stats.dexterity,
            constitution=constitution,
            perception=sheet.stats.perception,
            mind=sheet.stats.mind,
            weapons=tuple(sheet.weapons),
            gear=tuple(sheet.gear),
            charges=tuple(g.charges for g in sheet.gear),
            dual_wield_penalty=sheet.dual_wield_penalty,
        )

    def roll_initiative(self, tx: Transaction) -> tuple[str, ...]:
        return initiative.roll_initiative(tx)

    # -- turn flow -----------------------------------------------------------------------

    def verify(self, state: EncounterState, action: Action) -> None:
        actor = state.find(action.actor)
        if isinstance(actor, Fighter) and not isinstance(action, ALLOWED_WHILE_GRAPPLED):
            holder = grappler_of(actor)
            if holder is not None and state.actor == actor.id:
                raise IllegalAction(
                    f"{actor.id} is grappled by {holder}; the only thing it can do is try to "
                    "break free (break_free)"
                )
        super().verify(state, action)

    def on_turn_start(self, tx: Transaction, combatant_id: str) -> str | None:
        current = fighter(tx.state, combatant_id)
        if current.status is Status.DYING and options(tx.state).dying_counts == "own_turns":
            harm.count_down(tx, current)
        return super().on_turn_start(tx, combatant_id)

    def on_round_end(self, tx: Transaction) -> None:
        if options(tx.state).dying_counts != "rounds":
            return
        for combatant in tx.state.combatants:
            dying = fighter(tx.state, combatant.id)
            # "the next 3" rounds: the round the fighter fell in is not one of them
            if dying.status is Status.DYING and dying.dying_since < tx.state.turns.round:
                harm.count_down(tx, dying)

    def after_action(self, tx: Transaction) -> None:
        grapple.release_broken_holds(tx)

    def on_hp_set(self, tx: Transaction, target: str, why: str) -> None:
        current = fighter(tx.state, target)
        if current.hp == 0 and current.status is Status.ACTIVE:
            harm.start_dying(tx, target)

    def move_by_override(self, tx: Transaction, target: str, position: Mapping[str, Any]) -> None:
        line = position.get("line")
        if type(line) is not int or not 1 <= line <= 6:
            raise IllegalAction(f"position must be {{line: 1-6}}, not {dict(position)}")
        current = fighter(tx.state, target)
        tx.emit(Moved(target=target, from_line=current.line, to_line=line, forced=True))

    def candidate_actions(self, state: EncounterState, actor: str) -> Iterable[Action]:
        return tactics.candidates(state, actor)

    def suggest(self, state: EncounterState) -> Action:
        return tactics.suggest(self, state)

    def fast_path(self, point: ForkPoint, policies: Mapping[str, str]) -> FastPath | None:
        """The rules and tactics over plain lists, for `fracas sim` with the `tactics` policy
        (lines/fastpath.py; held to the engine by tests/sim/test_lines_fastpath.py)."""
        return fastpath.compile_fast_path(point, policies)

    # -- evolve --------------------------------------------------------------------------

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        # The ruleset's own events apply themselves (`LinesEvent.apply`); only the core's turn
        # start resets a fighter's turn.
        if isinstance(event, TurnStarted):
            return update(state, event.combatant, acted=False, moved=0, move_allowance=1)
        return state
