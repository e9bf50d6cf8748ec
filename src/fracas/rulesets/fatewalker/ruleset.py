"""`fatewalker` as a ruleset: the sheet, the action table, and the hooks of the tick timeline."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from fracas.core.actions import Action
from fracas.core.errors import ScenarioError
from fracas.core.ruleset import Resolver, RulesetInfo, Verifier
from fracas.core.state import EncounterState
from fracas.core.ticked import TickedRuleset
from fracas.core.ticks import Declaration, TickClock, TickTimeline
from fracas.core.transaction import Transaction
from fracas.core.validation import validated
from fracas.rulesets.fatewalker.actions import ApplySerum, Hold, Stabilize, Strike
from fracas.rulesets.fatewalker.options import FatewalkerOptions
from fracas.rulesets.fatewalker.rules import healing, holding, initiative, lasting, strike
from fracas.rulesets.fatewalker.rules.common import TIMELINE, clock, walker
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

    def rules(self) -> Mapping[type[Action], tuple[Verifier, Resolver]]:
        return {
            Strike: (strike.verify, strike.resolve),
            Hold: (holding.verify, holding.resolve),
            ApplySerum: (healing.verify_serum, healing.resolve_serum),
            Stabilize: (healing.verify_stabilize, healing.resolve_stabilize),
        }

    # -- set-up --------------------------------------------------------------------------

    def setup(self, spec: Any) -> EncounterState:
        opts = self.options(spec.options)
        if spec.order is not None:
            raise ScenarioError(
                "order: fatewalker has no turn order; each combatant's starting tick is rolled "
                "(10 - Awareness(4) successes), or fixed with `start_tick:` on its sheet"
            )
        if spec.map:
            raise ScenarioError(
                "map: fatewalker has no map yet; positions are metres on open ground"
            )
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
            check_gear(people[-1], opts, where)  # harm: an energy shield over heavy armor
        surprise = opts.surprise if isinstance(opts, FatewalkerOptions) else {}
        sides = set(surprise) - {p.side for p in people}
        if sides:
            raise ScenarioError(
                f"options.surprise: no side called {', '.join(sorted(sides))}; sides: "
                f"{', '.join(sorted({p.side for p in people}))}"
            )
        return EncounterState(
            ruleset=self.info.id, combatants=tuple(people), options=opts, turns=TickClock()
        )

    def roll_initiative(self, tx: Transaction) -> tuple[str, ...]:
        return initiative.roll_initiative(tx)

    # -- the timeline's hooks --------------------------------------------------------------

    def tie_rank(self, state: EncounterState, combatant: str) -> int:
        """ "the character with the higher Awareness gets to go first"."""
        return walker(state, combatant).attributes.awareness

    def alarms(self, state: EncounterState) -> Iterable[int]:
        now = clock(state)
        return [
            w.aware_at
            for w in (walker(state, c.id) for c in state.combatants)
            if w.aware_at is not None and now.next_tick(w.id) is None
        ] + list(lasting.alarms(state))  # harm: bleeding, fading, shield recharge

    def on_tick(self, tx: Transaction, tick: int) -> None:
        """Late comers who become aware at this tick roll initiative and join (L1436)."""
        for person in tx.state.combatants:
            late = walker(tx.state, person.id)
            if late.aware_at == tick and clock(tx.state).next_tick(late.id) is None:
                ticks, why = initiative.initiative_roll(tx, late.id, at_start=False)
                TIMELINE.join(tx, late.id, ticks, f"joins late, {why}")
        lasting.on_tick(tx, tick)  # harm: bleeding, Temporary wounds fading, shield recharge

    def may_preempt(
        self, state: EncounterState, holder: str, declared: tuple[Declaration, ...]
    ) -> bool:
        return walker(state, holder).is_active

    # -- autoplay --------------------------------------------------------------------------

    def candidate_actions(self, state: EncounterState, actor: str) -> Iterable[Action]:
        from fracas.rulesets.fatewalker import tactics

        return tactics.candidates(state, actor)

    def suggest(self, state: EncounterState) -> Action:
        from fracas.rulesets.fatewalker import tactics

        return tactics.suggest(self, state)
