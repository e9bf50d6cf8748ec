"""`tiers` as a ruleset: the sheet and map, the action table, and the turn's bookkeeping."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, cast

from fracas.core.actions import Action
from fracas.core.dice import Dice
from fracas.core.errors import IllegalAction, ScenarioError
from fracas.core.events import Event, TurnStarted
from fracas.core.fastpath import FastPath, ForkPoint
from fracas.core.ruleset import BaseRuleset, Resolution, Resolver, RulesetInfo, Verifier
from fracas.core.state import EncounterState
from fracas.core.transaction import Transaction
from fracas.core.validation import validated
from fracas.rulesets.tiers.actions import (
    Attack,
    Cast,
    Climb,
    Drop,
    DropTorch,
    EquipShield,
    EvenSplit,
    Face,
    Fall,
    Grab,
    Identify,
    Jump,
    LightTorch,
    MakeTerrain,
    Move,
    PlaceLight,
    PutOut,
    Reload,
    Reserve,
    Sheathe,
    StealthAttack,
    Swap,
    TakeLight,
    ThrowObject,
    UnequipShield,
    UseItem,
)
from fracas.rulesets.tiers.events import Moved, update, warrior
from fracas.rulesets.tiers.mapview import MAP
from fracas.rulesets.tiers.odds import ODDS, exact_odds
from fracas.rulesets.tiers.options import TiersOptions
from fracas.rulesets.tiers.rules import (
    blindness,
    dropping,
    effects,
    exchange,
    falling,
    free_stealth,
    gear,
    initiative,
    magic,
    movement,
    reserve,
    rulings,
    shooting,
    stealth,
    throwing,
    torches,
    turning,
)
from fracas.rulesets.tiers.rules.common import body, fighter, grid, options, standing
from fracas.rulesets.tiers.rules.harm import settle
from fracas.rulesets.tiers.rules.light import check_carriers, lit_grid
from fracas.rulesets.tiers.setup import warrior_from
from fracas.rulesets.tiers.sheet import Arena, Sheet

RESERVABLE = frozenset(
    {Attack, Move, Reload, EquipShield, UnequipShield, ThrowObject, Grab, LightTorch}
)
"""The actions a reservation may be spent on (an attack only as a sure, non-contested shot)."""


class Tiers(BaseRuleset):
    odds_model = ODDS  # how odds read this ruleset's rolls and events (tiers/odds.py)
    map_model = MAP  # how its battle map is drawn and picked on (tiers/mapview.py)
    exact_odds = exact_odds  # a contested exchange in closed form (tiers/odds.py)
    info: ClassVar[RulesetInfo] = RulesetInfo(
        id="tiers",
        name="Tiers: contested d20, gear Tiers bounded by Body, facing (seed 001)",
        source="seeds/001_631aa1b793d7a6dc.txt",
    )
    options_model = TiersOptions

    def rules(self) -> Mapping[type[Action], tuple[Verifier, Resolver]]:
        return {
            Attack: reserve.reservable((exchange.verify, exchange.resolve)),
            Move: reserve.reservable((movement.verify_move, movement.resolve_move)),
            Face: (movement.verify_face, movement.resolve_face),
            Swap: (gear.verify_swap, gear.resolve_swap),
            Reload: reserve.reservable((shooting.verify_reload, shooting.resolve_reload)),
            Reserve: (reserve.verify, reserve.resolve),
            StealthAttack: (stealth.verify, stealth.resolve),
            EquipShield: reserve.reservable((gear.verify_equip_shield, gear.resolve_equip_shield)),
            UnequipShield: reserve.reservable(
                (gear.verify_unequip_shield, gear.resolve_unequip_shield)
            ),
            EvenSplit: (rulings.verify_even_split, rulings.resolve_even_split),
            MakeTerrain: (rulings.verify_make_terrain, rulings.resolve_make_terrain),
            Fall: (falling.verify_fall, falling.resolve_fall),
            Climb: (falling.verify_climb, falling.resolve_climb),
            Jump: (falling.verify_jump, falling.resolve_jump),
            ThrowObject: reserve.reservable((throwing.verify, throwing.resolve)),
            Cast: (magic.verify, magic.resolve),
            free_stealth.FreeStealthAttack: (free_stealth.verify, free_stealth.resolve),
            Identify: (blindness.verify_identify, blindness.resolve_identify),
            effects.GiveEffect: (effects.verify_give, effects.resolve_give),
            effects.Extend: (effects.verify_extend, effects.resolve_extend),
            Drop: (dropping.verify, dropping.resolve),
            DropTorch: (torches.verify_drop, torches.resolve_drop),
            PutOut: (torches.verify_put_out, torches.resolve_put_out),
            PlaceLight: (torches.verify_place_light, torches.resolve_place_light),
            TakeLight: reserve.reservable((torches.verify_take, torches.resolve_take)),
            LightTorch: reserve.reservable((torches.verify_light, torches.resolve_light)),
            Grab: reserve.reservable((dropping.verify_grab, dropping.resolve_grab)),
            Sheathe: (dropping.verify_sheathe, dropping.resolve_sheathe),
            UseItem: (dropping.verify_use, dropping.resolve_use),
        }

    # -- set-up --------------------------------------------------------------------------

    def setup(self, spec: Any) -> EncounterState:
        opts = self.options(spec.options)
        arena = validated(Arena, spec.map, "map")
        board = lit_grid(arena, cast(TiersOptions, opts))
        people = []
        taken: dict[tuple[int, int], str] = {}
        for index, raw in enumerate(spec.combatants):
            where = f"combatants[{index}]"
            sheet = validated(Sheet, raw.model_dump(exclude_unset=True), where)
            immobile = cast(TiersOptions, opts).overweight_armor == "immobile"
            person = warrior_from(sheet, where, armor_may_exceed=immobile)
            for tile in sorted(body(person)):
                if not board.walkable(tile):
                    raise ScenarioError(
                        f"{where}.position: {tile} is a wall, terrain or off the {board.width}x"
                        f"{board.height} map"
                    )
                if tile in taken:
                    raise ScenarioError(
                        f"{where}.position: {tile} is taken by {taken[tile]}; one living "
                        "character a square"
                    )
                taken[tile] = sheet.id
            people.append(person)
        check_carriers(arena, [p.id for p in people])
        return EncounterState(
            ruleset=self.info.id, combatants=tuple(people), options=opts, arena=board
        )

    def roll_initiative(self, tx: Transaction) -> tuple[str, ...]:
        return initiative.roll_initiative(tx)

    def start(
        self, state: EncounterState, dice: Dice, order: tuple[str, ...] | None = None
    ) -> list[Event]:
        """With an `opening_attack`, round 1 is the opener's attack alone, whatever the order
        (rules/initiative.py, TIERS-52)."""
        opening = initiative.opening_round(state)
        if opening is None:
            return super().start(state, dice, order)
        return [opening, *super().start(self.evolve(state, opening), dice, order)]

    def verify(self, state: EncounterState, action: Action) -> None:
        super().verify(state, action)
        initiative.verify_opening(state, action)

    # -- turn flow -----------------------------------------------------------------------

    def resolve(self, state: EncounterState, action: Action, dice: Dice | None) -> Resolution:
        """Every action first lets an ending start-of-turn effect wear off unless it is the
        turn's first action and extends it (rules/effects.py, TIERS-54)."""
        if not effects.ending(state, action.actor):
            return super().resolve(state, action, dice)
        tx = Transaction(self, state, dice)
        effects.before_action(tx, action)
        done = super().resolve(tx.state, action, dice)
        return Resolution([*tx.events, *done.events], done.state)

    def on_turn_start(self, tx: Transaction, combatant_id: str) -> str | None:
        """A defender turned to its attacker faces as declared again (rules/turning.py); the
        effects the combatant bears are logged for the GM to apply (TIERS-54)."""
        turning.on_turn_start(tx)
        why_not = super().on_turn_start(tx, combatant_id)
        effects.at_turn_start(tx, combatant_id, skipped=why_not is not None)
        return why_not

    def after_action(self, tx: Transaction) -> None:
        torches.snuff_candles(tx)
        movers = {e.target for e in tx.events if isinstance(e, Moved)}
        if movers:
            movement.keep_facings(tx, movers)
        if initiative.close_opening(tx.events, tx.state):
            # the opening attack has concluded: the turn order begins (TIERS-52)
            self.turn_model.end_turn(tx, self)

    def may_act_out_of_turn(self, state: EncounterState, action: Action) -> bool:
        """Free actions "at any time, on anyone's turn" (a swap, a drop, a spell, the free
        stealth attack on the Blind); a reserved non-contested action on another's turn
        (rules/reserve.py); a new facing for one bumped into this turn (B32)."""
        if isinstance(action, Swap | Cast | Drop | DropTorch | free_stealth.FreeStealthAttack):
            return True
        if isinstance(action, Sheathe | UseItem):  # free actions too (rules/dropping.py)
            return True
        if isinstance(action, Face) and blindness.may_reorient(state, action.actor):
            return True
        return type(action) in RESERVABLE and reserve.on_reservation(state, action)

    def on_hp_set(self, tx: Transaction, target: str, why: str) -> None:
        """A GM's HP at 0 or below has the consequence damage would have."""
        settle(tx, target)

    def move_by_override(self, tx: Transaction, target: str, position: Mapping[str, Any]) -> None:
        x, y = position.get("x"), position.get("y")
        if type(x) is not int or type(y) is not int or not grid(tx.state).walkable((x, y)):
            raise IllegalAction(
                f"position must be a {{x, y}} tile on the map, off walls and terrain, not "
                f"{dict(position)}"
            )
        taken = standing(tx.state)
        who = fighter(tx.state, target)
        for tile in sorted(body(who, (x, y))):
            if not grid(tx.state).walkable(tile):
                raise IllegalAction(f"{target}'s body would lie on {tile}, a wall or off the map")
            if tile in taken and taken[tile] != target:
                raise IllegalAction(f"tile {tile} is taken by {taken[tile]}; one a square")
        here = who.tile
        tx.emit(Moved(target=target, path=(here, (x, y)), forced=True))

    def on_round_end(self, tx: Transaction) -> None:
        blindness.end_round(tx)

    def view(self, state: EncounterState, viewer: str | None) -> dict[str, Any]:
        """The state as one viewer may see it (None: the GM); see tiers/view.py."""
        from fracas.rulesets.tiers import view

        return view.view(state, viewer)

    def shown(self, state: EncounterState, event: Event, viewer: str | None) -> Event | None:
        """One event as `viewer` (None: the GM) receives it, or None; see tiers/view.py."""
        from fracas.rulesets.tiers import view

        return view.shown(state, event, viewer)

    def candidate_actions(self, state: EncounterState, actor: str) -> Iterable[Action]:
        from fracas.rulesets.tiers import tactics

        return tactics.candidates(state, actor)

    def suggest(self, state: EncounterState) -> Action:
        from fracas.rulesets.tiers import tactics

        return tactics.suggest(self, state)

    def fast_path(self, point: ForkPoint, policies: Mapping[str, str]) -> FastPath | None:
        """The rules and tactics of a lit fight over plain lists, for `fracas sim` with the
        `tactics` policy (tiers/fastpath.py; held to the engine by
        tests/sim/test_tiers_fastpath.py); None for whatever it does not model."""
        from fracas.rulesets.tiers import fastpath

        return fastpath.compile_fast_path(point, policies)

    # -- evolve --------------------------------------------------------------------------

    def apply(self, state: EncounterState, event: Event) -> EncounterState:
        if isinstance(event, TurnStarted):
            # a new turn: both actions again, less any spent ahead on a block (B16)
            who = warrior(state, event.combatant)
            state = blindness.bumps_over(state)
            # B23 shield_equip: one_turn: a shield half equipped last turn starts over
            one_turn = options(state).shield_equip == "one_turn"
            progress = 0 if one_turn else who.shield_progress
            return update(
                state,
                event.combatant,
                actions=who.spent_ahead,
                contested=False,
                spent_ahead=0,
                shield_progress=progress,
            )
        return state
