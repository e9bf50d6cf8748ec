"""`fatewalker` as a ruleset: the sheet, the action table, and the hooks of the tick timeline."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from fracas.core.actions import Action
from fracas.core.errors import ScenarioError
from fracas.core.fastpath import FastPath, ForkPoint
from fracas.core.ruleset import Resolver, RulesetInfo, Verifier
from fracas.core.state import EncounterState
from fracas.core.ticked import TickedRuleset
from fracas.core.ticks import Declaration, TickClock, TickTimeline
from fracas.core.transaction import Transaction
from fracas.core.validation import validated
from fracas.rulesets.fatewalker.actions import (
    BRAWL_STRIKES,
    GRAPPLES,
    MANEUVER_STRIKES,
    Acrobatics,
    Aim,
    ApplySerum,
    ChangeMove,
    Charge,
    Disengage,
    Draw,
    Drop,
    Engage,
    EngageAndGut,
    EvasiveRun,
    Footwork,
    GoProne,
    Hold,
    Jump,
    Move,
    Observe,
    PickUp,
    Reload,
    ShieldBash,
    ShieldCover,
    Shoot,
    Sprint,
    Stabilize,
    StandUp,
    Step,
    StopMove,
    Strike,
    TakeCover,
    Throw,
    TwinPistols,
    UseSkill,
)
from fracas.rulesets.fatewalker.mapview import MAP
from fracas.rulesets.fatewalker.odds import ODDS, exact_odds
from fracas.rulesets.fatewalker.options import FatewalkerOptions
from fracas.rulesets.fatewalker.rules import (  # fw-ranged
    ambush,
    arms,
    charge,
    engage,
    evasions,
    footwork,
    grappling,
    ground,
    handshield,
    healing,
    holding,
    initiative,
    lasting,
    missiles,
    movement,
    ranged,
    senses,
    shots,
    strike,
    tasks,
)
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, walker
from fracas.rulesets.fatewalker.scene import Scene
from fracas.rulesets.fatewalker.setup import check_gear, walker_from
from fracas.rulesets.fatewalker.sheet import Sheet


class Fatewalker(TickedRuleset):
    info: ClassVar[RulesetInfo] = RulesetInfo(
        id="fatewalker",
        name="FateWalker: half-second ticks, roll-under d10 pools, damage dice (seed 003)",
        source="seeds/003_50b0fe7bab1a2c2d.txt",
    )
    options_model = FatewalkerOptions
    turn_model: ClassVar[TickTimeline] = TIMELINE
    hold_action = Hold
    odds_model = ODDS  # how odds read this ruleset's rolls and events (fatewalker/odds.py)
    map_model = MAP  # how its battle map is drawn and picked on (fatewalker/mapview.py)
    exact_odds = exact_odds  # a plain strike or shot in closed form (fatewalker/odds.py)

    def rules(self) -> Mapping[type[Action], tuple[Verifier, Resolver]]:
        return {
            Strike: (strike.verify, strike.resolve),
            Hold: (holding.verify, holding.resolve),
            # fw-melee: the attack maneuvers go through the strike flow; range and footwork
            **{cls: (strike.verify, strike.resolve) for cls in MANEUVER_STRIKES},
            Engage: (engage.verify, engage.resolve),
            Disengage: (engage.verify, engage.resolve),
            Footwork: (footwork.verify, footwork.resolve),
            # fw-move
            Move: (movement.verify_move, movement.resolve_move),
            ChangeMove: (movement.verify_change, movement.resolve_change),
            StopMove: (movement.verify_stop, movement.resolve_stop),
            Sprint: (movement.verify_sprint, movement.resolve_sprint),
            Jump: (movement.verify_jump, movement.resolve_jump),
            GoProne: (movement.verify_posture, movement.resolve_posture),
            StandUp: (movement.verify_posture, movement.resolve_posture),
            TakeCover: (ranged.verify_cover, ranged.resolve_cover),
            Shoot: (ranged.verify_shoot, ranged.resolve_shoot),
            Aim: (ranged.verify_aim, ranged.resolve_aim),
            Reload: (ranged.verify_reload, ranged.resolve_reload),
            # fw-harm: in-fight healing
            ApplySerum: (healing.verify_serum, healing.resolve_serum),
            Stabilize: (healing.verify_stabilize, healing.resolve_stabilize),
            # fw-ranged: twin pistols, weapons in hand, the free metre, common actions
            TwinPistols: (shots.verify_twin, shots.resolve_twin),
            Draw: (arms.verify_draw, arms.resolve_draw),
            Drop: (arms.verify_drop, arms.resolve_drop),
            PickUp: (arms.verify_pick_up, arms.resolve_pick_up),
            Step: (arms.verify_step, arms.resolve_step),
            Observe: (tasks.verify_observe, tasks.resolve_observe),
            Acrobatics: (tasks.verify_acrobatics, tasks.resolve_acrobatics),
            UseSkill: (tasks.verify_skill, tasks.resolve_skill),
            # fw-grapple: the grapple family; the strikes that need grapples go the strike flow
            **{cls: (grappling.verify, grappling.resolve) for cls in GRAPPLES},
            **{cls: (strike.verify, strike.resolve) for cls in BRAWL_STRIKES},
            # fw-shields: shield maneuvers, charges, thrown weapons, evasive running
            ShieldBash: (strike.verify, strike.resolve),
            ShieldCover: (handshield.verify_cover, handshield.resolve_cover),
            Charge: (strike.verify, charge.resolve),
            EngageAndGut: (charge.verify_engage_and_gut, charge.resolve_engage_and_gut),
            Throw: (missiles.verify_throw, missiles.resolve_throw),
            EvasiveRun: (evasions.verify, evasions.resolve),
        }

    # -- set-up --------------------------------------------------------------------------

    def setup(self, spec: Any) -> EncounterState:
        opts = self.options(spec.options)
        if spec.order is not None:
            raise ScenarioError(
                "order: fatewalker has no turn order; each combatant's starting tick is rolled "
                "(10 - Awareness(4) successes), or fixed with `start_tick:` on its sheet"
            )
        arena = validated(Scene, spec.map, "map") if spec.map else None  # fw-move
        people = []
        for index, raw in enumerate(spec.combatants):
            where = f"combatants[{index}]"
            given = raw.model_dump(exclude_unset=True)
            if "hp" in given:
                raise ScenarioError(
                    f"{where}.hp: fatewalker counts boxes on the wound chart instead; give "
                    "`wounds: {temporary, columns, column_height, mortal}` or leave it out"
                )
            people.append(walker_from(validated(Sheet, given, where)))
            check_gear(people[-1], opts, where)  # fw-harm: an energy shield over heavy armor
        surprise = opts.surprise if isinstance(opts, FatewalkerOptions) else {}
        sides = set(surprise) - {p.side for p in people}
        if sides:
            raise ScenarioError(
                f"options.surprise: no side called {', '.join(sorted(sides))}; sides: "
                f"{', '.join(sorted({p.side for p in people}))}"
            )
        state = EncounterState(
            ruleset=self.info.id,
            combatants=tuple(people),
            options=opts,
            turns=TickClock(),
            arena=arena,
        )
        ambush.planned(self, state)  # fw-move: refuse an ambush that cannot happen, now
        return state

    def roll_initiative(self, tx: Transaction) -> tuple[str, ...]:
        order = initiative.roll_initiative(tx)
        ambush.spring(self, tx)  # fw-move: the pre-initiative action
        return order

    # -- the timeline's hooks --------------------------------------------------------------

    def tie_rank(self, state: EncounterState, combatant: str) -> int:
        """ "the character with the higher Awareness gets to go first"."""
        return walker(state, combatant).attributes.awareness

    def alarms(self, state: EncounterState) -> Iterable[int]:
        now = clock(state)
        late = [
            w.aware_at
            for w in (walker(state, c.id) for c in state.combatants)
            if w.aware_at is not None and now.next_tick(w.id) is None
        ]
        return [
            *late,
            *movement.alarms(state),  # fw-move: the ends of movement segments
            *lasting.alarms(state),  # fw-harm: bleeding, fading, shield recharge
        ]

    def on_tick(self, tx: Transaction, tick: int) -> None:
        """Late comers who become aware at this tick roll initiative and join (L1436)."""
        movement.on_tick(tx, tick)  # fw-move: segments end at the beginning of the tick
        evasions.on_tick(tx, tick)  # fw-shields: Evasive Running rolls each segment
        senses.notice(tx, tick)  # fw-move: the unaware may see the fight
        for person in tx.state.combatants:
            late = walker(tx.state, person.id)
            if late.aware_at == tick and clock(tx.state).next_tick(late.id) is None:
                ticks, why = initiative.initiative_roll(tx, late.id, at_start=False)
                TIMELINE.join(tx, late.id, ticks, f"joins late, {why}")
        lasting.on_tick(tx, tick)  # fw-harm: bleeding, Temporary wounds fading, shield recharge

    def may_preempt(
        self, state: EncounterState, holder: str, declared: tuple[Declaration, ...]
    ) -> bool:
        return walker(state, holder).is_active

    # -- fw-move: refusals that come from moving, free movement changes, the GM's placing --

    def verify(self, state: EncounterState, action: Action) -> None:
        if not action.by_gm and state.outcome is None:
            movement.check(state, action)
            ground.check(state, action)  # fw-grapple: pinned in ground combat or a hold
            evasions.check(state, action)  # fw-shields: Evasive Running is exclusive
        super().verify(state, action)

    def may_act_out_of_turn(self, state: EncounterState, action: Action) -> bool:
        """Change and Stop Movement "don't require tick priority"."""
        return isinstance(action, ChangeMove | StopMove)

    def move_by_override(self, tx: Transaction, target: str, position: Mapping[str, Any]) -> None:
        movement.place(tx, target, dict(position))

    # -- autoplay --------------------------------------------------------------------------

    def candidate_actions(self, state: EncounterState, actor: str) -> Iterable[Action]:
        from fracas.rulesets.fatewalker import tactics

        return tactics.candidates(state, actor)

    def suggest(self, state: EncounterState) -> Action:
        from fracas.rulesets.fatewalker import tactics

        return tactics.suggest(self, state)

    def fast_path(self, point: ForkPoint, policies: Mapping[str, str]) -> FastPath | None:
        """Armed melee and the tick timeline over plain lists, for `fracas sim` with the
        `tactics` policy (the package fatewalker/fastpath/; held to the engine by
        tests/sim/test_fatewalker_fastpath.py)."""
        from fracas.rulesets.fatewalker import fastpath

        return fastpath.compile_fast_path(point, policies)
