"""What happens in a `pools` fight. Each event says itself how it changes the state, as
in tiers, so a rule module adds events without a central switch. Events carry the numbers
after the change (HP left, the place reached), so the log reads on its own and replay does
no sums. The pools themselves are core `DiceRolled` events (`6d6>=5` counts successes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, cast

from fracas.core.conditions import Condition
from fracas.core.events import StateEvent
from fracas.core.records import replace
from fracas.core.state import EncounterState, Status
from fracas.core.state import update as update
from fracas.rulesets.pools.sheet import Battlefield, Lying
from fracas.rulesets.pools.soldier import Armed, Soldier, Trap


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


HOLDS = ("grappled", "pinned", "human_shield")
"""The conditions a held character bears, with its holder as their source (POOLS-44..51):
held in a grapple, pinned to the ground, or held up as a human shield."""
HOLDING = "holding"
"""The condition of a holder; its `detail` is whom it holds."""
DEVOURED = "devoured"


def _without_marks(state: EncounterState, combatant: str, names: tuple[str, ...]) -> EncounterState:
    who = soldier(state, combatant)
    kept = tuple(c for c in who.conditions if c.name not in names)
    return state if kept == who.conditions else update(state, combatant, conditions=kept)


def _unheld(state: EncounterState, combatant: str) -> EncounterState:
    """`combatant` is no longer held; whoever it holds itself it still holds (a grappled
    target "can still fight back", P33)."""
    return _without_marks(state, combatant, HOLDS)


def _let_go(state: EncounterState, combatant: str) -> EncounterState:
    """`combatant` no longer holds anyone; whether it is held itself is another hold."""
    return _without_marks(state, combatant, (HOLDING,))


@dataclass(frozen=True, slots=True, kw_only=True)
class Gripped(PoolsEvent):
    """`holder` holds `target` in the given way: a grapple won, or a pin or a human shield
    made of a grapple (rules/grappling.py, rules/holds.py)."""

    kind: ClassVar[str] = "gripped"
    holder: str
    target: str
    hold: str
    """One of HOLDS."""

    def apply(self, state: EncounterState) -> EncounterState:
        state = _unheld(state, self.target)
        held = soldier(state, self.target)
        mark = Condition(name=self.hold, source=self.holder)
        state = update(state, self.target, conditions=(*held.conditions, mark))
        holder = soldier(state, self.holder)
        kept = tuple(c for c in holder.conditions if c.name != HOLDING)
        grip = Condition(name=HOLDING, source=self.holder, detail=self.target)
        return update(state, self.holder, conditions=(*kept, grip))

    def describe(self) -> str:
        if self.hold == "human_shield":
            return f"{self.holder} holds {self.target} up as a human shield"
        how = {"grappled": "grapples", "pinned": "pins"}
        return f"{self.holder} {how.get(self.hold, self.hold)} {self.target}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Released(PoolsEvent):
    """A hold ends: broken free from, let go, or its holder or target out of the fight."""

    kind: ClassVar[str] = "released"
    holder: str
    target: str
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return _let_go(_unheld(state, self.target), self.holder)

    def describe(self) -> str:
        return f"{self.target} is no longer held by {self.holder}: {self.why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Devoured(PoolsEvent):
    """Eaten (POOLS-50): out of the fight with the status the `devoured` option gives; the
    vore rules that would say more are missing."""

    kind: ClassVar[str] = "devoured"
    holder: str
    target: str
    status: str

    def apply(self, state: EncounterState) -> EncounterState:
        state = _let_go(_unheld(state, self.target), self.holder)
        eaten = soldier(state, self.target)  # whom it held, it lets go after (P33)
        mark = Condition(name=DEVOURED, source=self.holder)
        return update(
            state, self.target, conditions=(*eaten.conditions, mark), status=Status(self.status)
        )

    def describe(self) -> str:
        return f"{self.holder} devours {self.target}, who is out of the fight ({self.status})"


def _ground(state: EncounterState) -> Battlefield:
    return cast(Battlefield, state.arena)


def _without(state: EncounterState, owner: str, weapon: str) -> EncounterState:
    who = soldier(state, owner)
    return update(state, owner, weapons=tuple(w for w in who.weapons if w.id != weapon))


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponTaken(PoolsEvent):
    """A disarm's weapon grabbed for oneself: from the owner's gear into the taker's."""

    kind: ClassVar[str] = "weapon_taken"
    taker: str
    owner: str
    weapon: str

    def apply(self, state: EncounterState) -> EncounterState:
        item = soldier(state, self.owner).weapon(self.weapon)
        assert item is not None
        state = _without(state, self.owner, self.weapon)
        taker = soldier(state, self.taker)
        return update(state, self.taker, weapons=(*taker.weapons, item))

    def describe(self) -> str:
        return f"{self.taker} takes {self.owner}'s {self.weapon}"


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponLanded(PoolsEvent):
    """A weapon out of its owner's gear and onto the line at `distance`: dropped, or thrown
    (`aimed` is where the thrower wanted it)."""

    kind: ClassVar[str] = "weapon_landed"
    owner: str
    weapon: str
    distance: int
    aimed: int | None = None

    def apply(self, state: EncounterState) -> EncounterState:
        item = soldier(state, self.owner).weapon(self.weapon)
        assert item is not None
        state = _without(state, self.owner, self.weapon)
        arena = _ground(state)
        lying = Lying(distance=self.distance, weapon=item)
        return state.but(arena=arena.model_copy(update={"ground": [*arena.ground, lying]}))

    def describe(self) -> str:
        if self.aimed is None:
            return f"{self.owner}'s {self.weapon} drops at distance {self.distance}"
        off = "" if self.aimed == self.distance else f" (aimed at {self.aimed})"
        return f"{self.owner}'s {self.weapon} lands at distance {self.distance}{off}"


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponPickedUp(PoolsEvent):
    """A weapon lying on the line taken into a combatant's gear."""

    kind: ClassVar[str] = "weapon_picked_up"
    combatant: str
    weapon: str
    distance: int

    def apply(self, state: EncounterState) -> EncounterState:
        arena = _ground(state)
        lying = next(
            g for g in arena.ground if g.distance == self.distance and g.item.id == self.weapon
        )
        rest = [g for g in arena.ground if g is not lying]
        state = state.but(arena=arena.model_copy(update={"ground": rest}))
        who = soldier(state, self.combatant)
        return update(state, self.combatant, weapons=(*who.weapons, lying.item))

    def describe(self) -> str:
        return f"{self.combatant} picks up {self.weapon} at distance {self.distance}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ChargeUsed(PoolsEvent):
    """One use of a piece of gear (POOLS-13): a charge spent when it has charges."""

    kind: ClassVar[str] = "charge_used"
    combatant: str
    item: str
    left: int | None
    target: str | None = None

    def apply(self, state: EncounterState) -> EncounterState:
        if self.left is None:
            return state
        who = soldier(state, self.combatant)
        return update(state, self.combatant, spent=(*who.spent, self.item))

    def describe(self) -> str:
        on = f" on {self.target}" if self.target else ""
        left = "" if self.left is None else f", {self.left} charge{'s' if self.left != 1 else ''}"
        return f"{self.combatant} uses {self.item}{on}{left} left this scene"


@dataclass(frozen=True, slots=True, kw_only=True)
class FallBegan(PoolsEvent):
    """Someone in the air starts to fall: knocked out aloft, unseated, or it stopped flying."""

    kind: ClassVar[str] = "fall_began"
    target: str
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, fall_speed=0)

    def describe(self) -> str:
        return f"{self.target} begins to fall ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Fell(PoolsEvent):
    """One turn of falling: `speed` altitudes down (1, then 1 more each turn), to `altitude`."""

    kind: ClassVar[str] = "fell"
    target: str
    speed: int
    altitude: int

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, fall_speed=self.speed, altitude=self.altitude)

    def describe(self) -> str:
        return f"{self.target} falls {self.speed} to altitude {self.altitude}"


@dataclass(frozen=True, slots=True, kw_only=True)
class FallEnded(PoolsEvent):
    kind: ClassVar[str] = "fall_ended"
    target: str
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.target, fall_speed=None)

    def describe(self) -> str:
        return f"{self.target} stops falling ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Mounted(PoolsEvent):
    kind: ClassVar[str] = "mounted"
    rider: str
    mount: str
    round: int

    def apply(self, state: EncounterState) -> EncounterState:
        state = update(state, self.rider, riding=self.mount, saddled_round=self.round)
        return update(state, self.mount, ridden_by=self.rider)

    def describe(self) -> str:
        return f"{self.rider} mounts {self.mount}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Dismounted(PoolsEvent):
    kind: ClassVar[str] = "dismounted"
    rider: str
    mount: str
    round: int
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        state = update(state, self.rider, riding=None, saddled_round=self.round)
        return update(state, self.mount, ridden_by=None)

    def describe(self) -> str:
        return f"{self.rider} is off {self.mount} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rode(PoolsEvent):
    """A mounted move: the mount carries its rider; `ridden` is the turn's total so far."""

    kind: ClassVar[str] = "rode"
    rider: str
    mount: str
    round: int
    ridden: int
    speed: int
    """The mount's speed this turn, with the rider's load (P42)."""

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.rider, ride_round=self.round, ridden=self.ridden)

    def describe(self) -> str:
        return f"{self.mount} carries {self.rider}: {self.ridden} of {self.speed} this turn"


@dataclass(frozen=True, slots=True, kw_only=True)
class TriggerSet(PoolsEvent):
    kind: ClassVar[str] = "trigger_set"
    combatant: str
    event: str
    who: str | None
    within: int
    then: str
    """The action to take, as JSON."""

    def apply(self, state: EncounterState) -> EncounterState:
        armed = Armed(event=self.event, who=self.who, within=self.within, then=self.then)
        return update(state, self.combatant, trigger=armed)

    def describe(self) -> str:
        watched = self.who or "an enemy"
        near = f" within {self.within}" if self.event == "approaches" else ""
        return f"{self.combatant}: if {watched} {self.event}{near}, then {self.then}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TriggerFired(PoolsEvent):
    kind: ClassVar[str] = "trigger_fired"
    combatant: str
    by: str
    """The action that set it off."""

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, trigger=None)

    def describe(self) -> str:
        return f"{self.combatant}'s trigger fires on {self.by}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TriggerLapsed(PoolsEvent):
    kind: ClassVar[str] = "trigger_lapsed"
    combatant: str
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        return update(state, self.combatant, trigger=None)

    def describe(self) -> str:
        return f"{self.combatant}'s trigger comes to nothing ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionFoiled(PoolsEvent):
    """An action that a trigger cut into and left impossible: it is lost."""

    kind: ClassVar[str] = "action_foiled"
    combatant: str
    action: str
    why: str

    def describe(self) -> str:
        return f"{self.combatant}'s {self.action} comes to nothing: {self.why}"


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
    located_at: tuple[tuple[str, int, bool], ...]
    """Per enemy that found it, where (P56)."""
    why: str

    def apply(self, state: EncounterState) -> EncounterState:
        spots = tuple((who, int(d), bool(c)) for who, d, c in self.located_at)
        return update(
            state,
            self.combatant,
            hidden_from=self.hidden_from,
            unnoticed_by=self.unnoticed_by,
            located_at=spots,
        )

    def describe(self) -> str:
        hidden = ", ".join(self.hidden_from) or "nobody"
        return f"{self.combatant} is hidden from {hidden} ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class AmbushChecked(PoolsEvent):
    """An ambush's final contested perception check (POOLS-30): each participant's
    successes and the ambushers who caught the ambushed. It is logged first, before the
    actor's turn ends for the ambushed to go first; `AmbushSprung` then reorders the round."""

    kind: ClassVar[str] = "ambush_checked"
    ambushers: tuple[tuple[str, int], ...]
    ambushed: tuple[tuple[str, int], ...]
    caught: tuple[str, ...]

    def describe(self) -> str:
        rolls = ", ".join(f"{w} {n}" for w, n in (*self.ambushers, *self.ambushed))
        if not self.caught:
            return f"ambush ({rolls}): it fails; the ambushed are ready first"
        catch = "catches" if len(self.caught) == 1 else "catch"
        return f"ambush ({rolls}): {', '.join(self.caught)} {catch} them"


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
        state = state.but(
            turns=replace(state.rounds, index=self.index, this_round=self.round_order)
        )
        targets = tuple(t for t, _ in self.ambushed)
        for who in self.caught:
            state = update(state, who, ambush_edge=targets)
        return state

    def describe(self) -> str:
        return f"after the ambush the round goes on in the order: {', '.join(self.round_order)}"


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
