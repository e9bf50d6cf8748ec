"""`nwo` as a ruleset: the sheet and map, the action table, and the turn's bookkeeping."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, ClassVar

from fracas.core.actions import Action, EndTurn, Say
from fracas.core.conditions import Condition, Expiry
from fracas.core.errors import IllegalAction, ScenarioError
from fracas.core.events import Event, StatusSet, TurnStarted
from fracas.core.fastpath import FastPath, ForkPoint
from fracas.core.ruleset import BaseRuleset, Resolver, RulesetInfo, Verifier
from fracas.core.state import EncounterState, Status
from fracas.core.transaction import Transaction
from fracas.core.validation import validated
from fracas.rulesets.nwo import fastpath
from fracas.rulesets.nwo.actions import Crawl, Dash, Disengage, Move
from fracas.rulesets.nwo.events import Moved, update
from fracas.rulesets.nwo.grid import Grid
from fracas.rulesets.nwo.mapview import MAP
from fracas.rulesets.nwo.odds import ODDS, exact_odds
from fracas.rulesets.nwo.operative import ARMOR_HP, Operative
from fracas.rulesets.nwo.options import NwoOptions
from fracas.rulesets.nwo.rules import (
    arms,
    attack,
    crits,
    holds,
    initiative,
    legacy,
    movement,
    posture,
    support,
)
from fracas.rulesets.nwo.rules.common import FOCUSED, STUNNED, fighter, grid, occupied
from fracas.rulesets.nwo.sheet import Arena, Sheet

MAP_MOVES: frozenset[type[Action]] = frozenset({Move, Dash, Disengage, Crawl})
RULE_MODULES = (attack, movement, posture, holds, support, arms, crits, legacy)
TURN_RESET = {
    "acted": False,
    "moved": 0,
    "movement_spent": False,
    "dashing": False,
    "disengaging": False,
    "shot": False,
    "aoo_used": False,
}


class Nwo(BaseRuleset):
    odds_model = ODDS  # how odds read this ruleset's rolls and events (nwo/odds.py)
    map_model = MAP  # how its battle map is drawn and picked on (nwo/mapview.py)
    exact_odds = exact_odds  # a plain attack in closed form (nwo/odds.py)
    info: ClassVar[RulesetInfo] = RulesetInfo(
        id="nwo",
        name="NWO: tile grid, contested 2d6, armor hitpoints, crit effects",
        source="seeds/000_4cf37ec50960f175.txt",
    )
    options_model = NwoOptions

    def rules(self) -> Mapping[type[Action], tuple[Verifier, Resolver]]:
        table: dict[type[Action], tuple[Verifier, Resolver]] = {}
        for module in RULE_MODULES:
            table.update(module.RULES)
        return table

    # -- set-up --------------------------------------------------------------------------

    def setup(self, spec: Any) -> EncounterState:
        opts = self.options(spec.options)
        assert isinstance(opts, NwoOptions)
        arena = validated(Arena, spec.map, "map")
        board = Grid(
            width=arena.width,
            height=arena.height,
            walls=frozenset(arena.walls),
            cover=frozenset(arena.cover),
            diagonal=opts.diagonal,
        )
        people = []
        watches: list[tuple[int, Sheet]] = []
        taken: dict[tuple[int, int], str] = {}
        for index, raw in enumerate(spec.combatants):
            where = f"combatants[{index}]"
            sheet = validated(Sheet, raw.model_dump(exclude_unset=True), where)
            tile = (sheet.position.x, sheet.position.y)
            if not board.walkable(tile):
                raise ScenarioError(
                    f"{where}.position: {tile} is a wall or off the {board.width}x"
                    f"{board.height} map"
                )
            if tile in taken:
                raise ScenarioError(f"{where}.position: {tile} is taken by {taken[tile]}")
            taken[tile] = sheet.id
            if sheet.focused and arena.pvp:
                raise ScenarioError(
                    f"{where}.focused: Focus cannot be used before combat begins in PvP"
                )
            people.append(_operative(sheet, opts))
            if sheet.overwatch is not None:
                watches.append((index, sheet))
        state = EncounterState(
            ruleset=self.info.id, combatants=tuple(people), options=opts, arena=board
        )
        for index, sheet in watches:
            state = _pre_overwatch(state, f"combatants[{index}]", sheet, arena.pvp)
        return state

    def roll_initiative(self, tx: Transaction) -> tuple[str, ...]:
        ambushers = tuple(c.id for c in tx.state.combatants if fighter(tx.state, c.id).ambusher)
        return initiative.roll_initiative(tx, ambushers)

    # -- turn flow -----------------------------------------------------------------------

    def verify(self, state: EncounterState, action: Action) -> None:
        actor = state.find(action.actor)
        if (
            isinstance(actor, Operative)
            and actor.has(STUNNED)
            and state.actor == actor.id
            and not isinstance(action, EndTurn | Say)
        ):
            raise IllegalAction(
                f"{actor.id} is stunned: no action, movement or reaction until it wears off"
            )
        if isinstance(actor, Operative):
            blocked = arms.suppression_block(state, action.actor, action)
            if blocked is not None:
                raise IllegalAction(blocked)
        super().verify(state, action)

    def on_turn_start(self, tx: Transaction, combatant_id: str) -> str | None:
        support.on_turn_start(tx, combatant_id)
        arms.on_turn_start(tx, combatant_id)
        crits.crossbow_checks(tx, combatant_id)
        return super().on_turn_start(tx, combatant_id)

    def after_action(self, tx: Transaction) -> None:
        holds.after_action(tx)
        support.after_action(tx)
        legacy.after_action(tx)

    def may_act_out_of_turn(self, state: EncounterState, action: Action) -> bool:
        return support.may_act_out_of_turn(state, action)

    def on_hp_set(self, tx: Transaction, target: str, why: str) -> None:
        """At 0 HP an operative is down, as when damage takes the last point (`Damaged`)."""
        current = fighter(tx.state, target)
        if current.hp == 0 and current.status is Status.ACTIVE:
            tx.emit(StatusSet(target=target, status=Status.UNCONSCIOUS, why=f"0 HP: down ({why})"))

    def move_by_override(self, tx: Transaction, target: str, position: Mapping[str, Any]) -> None:
        x, y = position.get("x"), position.get("y")
        if type(x) is not int or type(y) is not int or not grid(tx.state).walkable((x, y)):
            raise IllegalAction(f"position must be a walkable {{x, y}} tile, not {dict(position)}")
        if (x, y) in occupied(tx.state, besides=target):
            raise IllegalAction(f"tile {(x, y)} is taken; one combatant a tile")
        here = fighter(tx.state, target).tile
        tx.emit(Moved(target=target, path=(here, (x, y)), cost=0, forced=True))

    def candidate_actions(self, state: EncounterState, actor: str) -> Iterable[Action]:
        from fracas.rulesets.nwo import tactics

        return tactics.candidates(state, actor)

    def legal_actions(self, state: EncounterState) -> list[Action]:
        """Moves to tiles from the reachable map share every check but the path, which the
        map already answers: verify one move of each kind and take the rest on its word
        (a path search per tile made this the slowest query by far)."""
        actor = state.actor
        if actor is None:
            return []
        legal: list[Action] = []
        settled: dict[type[Action], bool] = {}
        for action in self.candidate_actions(state, actor):
            kind = type(action)
            if kind in MAP_MOVES and kind in settled:
                if settled[kind]:
                    legal.append(action)
                continue
            try:
                self.verify(state, action)
            except IllegalAction:
                settled[kind] = False
                continue
            settled[kind] = True
            legal.append(action)
        return legal

    def suggest(self, state: EncounterState) -> Action:
        from fracas.rulesets.nwo import tactics

        return tactics.suggest(self, state)

    def fast_path(self, point: ForkPoint, policies: Mapping[str, str]) -> FastPath | None:
        """Close-quarters exchanges over plain lists, for `fracas sim` with the `tactics`
        policy (nwo/fastpath.py; held to the engine by tests/sim/test_nwo_fastpath.py)."""
        return fastpath.compile_fast_path(point, policies)

    # -- evolve --------------------------------------------------------------------------

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        if isinstance(event, TurnStarted):
            return update(state, event.combatant, **TURN_RESET)
        return state


def _operative(sheet: Sheet, opts: NwoOptions) -> Operative:
    arsenal = (*sheet.weapons, *sheet.holstered, *sheet.stowed)
    hp = sheet.hp or opts.default_hp
    skills = sheet.skills
    return Operative(
        id=sheet.id,
        name=sheet.name or sheet.id,
        side=sheet.side,
        hp=hp,
        max_hp=hp,
        x=sheet.position.x,
        y=sheet.position.y,
        melee=skills.melee,
        aiming=skills.aiming,
        nimble=skills.nimble,
        strength=skills.strength,
        fitness=skills.fitness,
        resolve=skills.resolve,
        perception=skills.perception,
        hiding=skills.hiding,
        robustness=skills.robustness,
        initiative_bonus=sheet.initiative_bonus,
        armor=sheet.armor,
        ahp=ARMOR_HP[sheet.armor],
        max_ahp=ARMOR_HP[sheet.armor],
        arsenal=arsenal,
        wielded=tuple(w.id for w in sheet.weapons),
        holstered=tuple(w.id for w in sheet.holstered),
        ammo=tuple((w.id, w.magazine) for w in arsenal if w.magazine is not None),
        ambusher=sheet.ambusher,
        conditions=(_pre_focus(),) if sheet.focused else (),
    )


def _pre_overwatch(state: EncounterState, where: str, sheet: Sheet, pvp: bool) -> EncounterState:
    """NWO-32: "pre-initiative overwatch actions are only applicable in PVE Encounters"; and
    as in a turn, Overwatch and Focus cannot share the turn before the fight."""
    watch = sheet.overwatch
    assert watch is not None
    if pvp:
        raise ScenarioError(f"{where}.overwatch: Overwatch cannot be used before combat in PvP")
    if sheet.focused:
        raise ScenarioError(
            f"{where}.overwatch: a character cannot start both Focused and on Overwatch "
            "(Overwatch and Focus need a turn each)"
        )
    try:
        condition = support.pre_combat_watch(
            state, sheet.id, watch.trigger, watch.target, watch.weapon
        )
    except IllegalAction as error:
        raise ScenarioError(f"{where}.overwatch: {error}") from None
    who = fighter(state, sheet.id)
    return state.with_combatant(replace(who, conditions=(*who.conditions, condition)))


def _pre_focus() -> Condition:
    """Starting a fight Focused counts as having focused on the turn before the first."""
    return Condition(name=FOCUSED, expiry=Expiry.NEVER, detail="round 0")
