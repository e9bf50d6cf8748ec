"""What happens in a `pools` fight. Each event says itself how it changes the state, as
in tiers, so a rule module adds events without a central switch. Events carry the numbers
after the change (HP left, the place reached), so the log reads on its own and replay does
no sums. The pools themselves are core `DiceRolled` events (`6d6>=5` counts successes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, cast

from fracas.core.events import StateEvent
from fracas.core.records import replace
from fracas.core.state import EncounterState
from fracas.core.state import update as update
from fracas.rulesets.pools.soldier import Soldier, Trap


def soldier(state: EncounterState, combatant_id: str) -> Soldier:
    return cast(Soldier, state.get(combatant_id))


@dataclass(frozen=True, slots=True, kw_only=True)
class PoolsEvent(StateEvent):
    kind: ClassVar[str] = "pools_event"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionSpent(PoolsEvent):
    """The turn's one action is used."""

    kind: ClassVar[str] = "action_spent"
    combatant: str
    action: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, acted=True)

    def describe(self) -> str:
        return f"{self.combatant} uses the turn's action: {self.action}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(PoolsEvent):
    kind: ClassVar[str] = "moved"
    target: str
    distance: int
    altitude: int
    in_cover: bool
    """Whether it is in cover where it arrived (moving into cover takes it, POOLS-16)."""

    def apply(self, state: EncounterState) -> EncounterState:
        return update(
            state,
            self.target,
            distance=self.distance,
            altitude=self.altitude,
            in_cover=self.in_cover,
        )

    def describe(self) -> str:
        where = f"distance {self.distance}" + (
            f", altitude {self.altitude}" if self.altitude else ""
        )
        return f"{self.target} moves to {where}" + (", into cover" if self.in_cover else "")


@dataclass(frozen=True, slots=True, kw_only=True)
class CoverTaken(PoolsEvent):
    kind: ClassVar[str] = "cover_taken"
    target: str
    rating: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, in_cover=True)

    def describe(self) -> str:
        return f"{self.target} takes {self.rating} cover"


@dataclass(frozen=True, slots=True, kw_only=True)
class Contested(PoolsEvent):
    """A contest of two pools (melee, and later stealth or grappling): who rolled how many
    successes, and who won."""

    kind: ClassVar[str] = "contested"
    check: str
    initiator: str
    responder: str
    initiator_successes: int
    responder_successes: int
    winner: str

    def describe(self) -> str:
        won = f"{self.winner} wins"
        return (
            f"{self.check}: {self.initiator} {self.initiator_successes} against "
            f"{self.responder} {self.responder_successes}: {won}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotRolled(PoolsEvent):
    """One target's roll of a shot: the shooter's successes against the cover's, and where
    the hits went (the target, or allies standing with it)."""

    kind: ClassVar[str] = "shot_rolled"
    shooter: str
    target: str
    shots: int
    successes: int
    cover: int
    net: int
    hits: int
    """Hits on the target."""
    ally_hits: tuple[str, ...] = ()
    """Allies hit instead, one entry per hit, in the order they were hit."""

    def describe(self) -> str:
        text = (
            f"{self.shooter} shoots {self.target} ({self.shots} shot"
            f"{'s' if self.shots != 1 else ''}): {self.successes} against cover {self.cover}, "
            f"net {self.net}: {self.hits} hit{'s' if self.hits != 1 else ''}"
        )
        if self.ally_hits:
            text += f"; allies hit: {', '.join(self.ally_hits)}"
        return text


@dataclass(frozen=True, slots=True, kw_only=True)
class Damaged(PoolsEvent):
    kind: ClassVar[str] = "damaged"
    target: str
    source: str
    amount: int
    hp: int
    formula: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, hp=self.hp)

    def describe(self) -> str:
        return (
            f"{self.target} takes {self.amount} damage from {self.source} ({self.formula}), "
            f"{self.hp} HP left"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeAttackTaken(PoolsEvent):
    """An enemy at distance 0 strikes at someone leaving it (POOLS-22)."""

    kind: ClassVar[str] = "free_attack_taken"
    attacker: str
    leaver: str
    round: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.attacker, free_attack_round=self.round)

    def describe(self) -> str:
        return f"{self.attacker} takes a free attack at {self.leaver}, who leaves distance 0"


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemThrown(PoolsEvent):
    """A thrown object leaves the thrower's hands and gear."""

    kind: ClassVar[str] = "item_thrown"
    combatant: str
    weapon: str

    def apply(self, state: EncounterState) -> EncounterState:
        who = soldier(state, self.combatant)
        kept = tuple(w for w in who.weapons if w.id != self.weapon)
        return update(state, self.combatant, weapons=kept)

    def describe(self) -> str:
        return f"{self.combatant} no longer holds {self.weapon} (thrown)"


# -- stealth, ambushes and traps (rules/stealth.py, rules/ambush.py, rules/traps.py) --------
# `secret_to_side` names the field whose combatant's side may see the event besides the GM
# (pools/view.py): who is hidden from whom and where traps lie are the GM's information.


@dataclass(frozen=True, slots=True, kw_only=True)
class AwarenessChanged(PoolsEvent):
    """Who knows where `combatant` is, after a stealth check, a search, something spotted or
    an attack that gave it away: the whole record after the change (P24)."""

    kind: ClassVar[str] = "awareness_changed"
    secret_to_side: ClassVar[str] = "combatant"
    combatant: str
    hidden_from: tuple[str, ...]
    unnoticed_by: tuple[str, ...]
    located_at: tuple[int, bool] | None
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        place = None if self.located_at is None else (self.located_at[0], self.located_at[1])
        return update(
            state,
            self.combatant,
            hidden_from=self.hidden_from,
            unnoticed_by=self.unnoticed_by,
            located_at=place,
        )

    def describe(self) -> str:
        hidden = ", ".join(self.hidden_from) or "nobody"
        return f"{self.combatant} is hidden from {hidden} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class AmbushSprung(PoolsEvent):
    """An ambush's contested Intelligence and the order it gives (POOLS-30, 31): each
    participant's successes, the ambushers who caught the ambushed (`caught`), and the
    round's order from here on (`round_order`, whose `index`-th turn is played next)."""

    kind: ClassVar[str] = "ambush_sprung"
    ambushers: tuple[tuple[str, int], ...]
    ambushed: tuple[tuple[str, int], ...]
    caught: tuple[str, ...]
    round_order: tuple[str, ...]
    index: int

    def apply(self, state: EncounterState) -> EncounterState:
        turns = state.turns
        state = state.but(
            turns=type(turns)(
                order=turns.order,
                round=turns.round,
                index=self.index,
                this_round=self.round_order,
                next_round=turns.next_round,
            )
        )
        targets = tuple(t for t, _ in self.ambushed)
        for who in self.caught:
            state = update(state, who, ambush_edge=targets)
        return state

    def describe(self) -> str:
        rolls = ", ".join(f"{w} {n}" for w, n in (*self.ambushers, *self.ambushed))
        result = (
            f"{', '.join(self.caught)} catch{'es' if len(self.caught) == 1 else ''} them"
            if self.caught
            else "the ambushed are ready first"
        )
        return f"ambush ({rolls}): {result}; the order from here: {', '.join(self.round_order)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class AutomaticHit(PoolsEvent):
    """An ambusher's first action succeeds against the ambushed without a roll (POOLS-31)."""

    kind: ClassVar[str] = "automatic_hit"
    attacker: str
    target: str
    hits: int

    def describe(self) -> str:
        plural = "s" if self.hits != 1 else ""
        return f"{self.attacker} ambushed {self.target}: {self.hits} hit{plural} without a roll"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrapSet(PoolsEvent):
    """A trap laid: its two Intelligence checks rolled, or written in the scenario."""

    kind: ClassVar[str] = "trap_set"
    secret_to_side: ClassVar[str] = "combatant"
    combatant: str
    trap: str
    distance: int
    trap_kind: str
    hiding: int
    damage: int

    def apply(self, state: EncounterState) -> EncounterState:
        who = soldier(state, self.combatant)
        laid = Trap(
            id=self.trap,
            distance=self.distance,
            kind=self.trap_kind,
            hiding=self.hiding,
            damage=self.damage,
        )
        return update(
            state, self.combatant, traps=(*who.traps, laid), traps_laid=who.traps_laid + 1
        )

    def describe(self) -> str:
        return (
            f"{self.combatant} lays a {self.trap_kind} trap ({self.trap}) at distance "
            f"{self.distance}: {self.hiding} successes to spot, {self.damage} damage"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class TrapSpotted(PoolsEvent):
    """Prey saw a trap in time and steps around it; it will not spring on that one."""

    kind: ClassVar[str] = "trap_spotted"
    secret_to_side: ClassVar[str] = "spotter"
    owner: str
    trap: str
    spotter: str

    def apply(self, state: EncounterState) -> EncounterState:
        who = soldier(state, self.owner)
        traps = tuple(
            t if t.id != self.trap else replace_trap(t, (*t.spotted_by, self.spotter))
            for t in who.traps
        )
        return update(state, self.owner, traps=traps)

    def describe(self) -> str:
        return f"{self.spotter} spots {self.owner}'s trap ({self.trap}) and steps around it"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrapSprung(PoolsEvent):
    """A trap springs on its prey and is spent (its damage follows as `damaged`)."""

    kind: ClassVar[str] = "trap_sprung"
    owner: str
    trap: str
    prey: str

    def apply(self, state: EncounterState) -> EncounterState:
        who = soldier(state, self.owner)
        return update(state, self.owner, traps=tuple(t for t in who.traps if t.id != self.trap))

    def describe(self) -> str:
        return f"{self.owner}'s trap ({self.trap}) springs on {self.prey}"


def replace_trap(trap: Trap, spotted_by: tuple[str, ...]) -> Trap:
    return replace(trap, spotted_by=spotted_by)
